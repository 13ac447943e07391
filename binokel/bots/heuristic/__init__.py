"""The rule-based player at three levels (``heuristic[:level=easy|medium|hard]``).

:mod:`.binokel` is the player (:class:`~binokel.bots.heuristic.binokel.HeuristicBot`, every
game; Binokel's decisions), :mod:`.binocle` its Binocle and Bézique play; :mod:`.evaluate`
values a Binokel hand for bidding and declaring, :mod:`.play` chooses a card.
"""
