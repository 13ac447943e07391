"""The expert player: search over the deals a seat could be facing (docs/expert.md).

:mod:`.binokel` is the player (:class:`~binokel.bots.expert.binokel.ExpertBot`, every game;
Binokel's decisions), :mod:`.binocle` its Binocle and Bézique play; the auction
(:mod:`.auction`, the first version's :mod:`.bidding`), the declaring plans (:mod:`.plans`,
:mod:`.exact`), the budget (:mod:`.budget`), and the values reviews ask for (:mod:`.review`).
"""
