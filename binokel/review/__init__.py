"""Reviews of played games: the judge that values every candidate of a position (hints use it
too), a game's review with its marks, and its plot.

:mod:`.judge` is the one judge of hints and reviews; :mod:`.game` reviews a whole game;
:mod:`.plot` draws a review (matplotlib, optional).
"""
