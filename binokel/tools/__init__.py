"""The measuring and research tools: the arena and its statistics, the benchmarks, self-play,
and the calibration and label tools of the computer players.

Nothing in the games, the players or the shells' play depends on them; the command line runs
them (``binokel arena``, ``binokel bench``, ``binokel bench-search``, ``binokel selfplay``) and
the research tools run as ``python -m binokel.tools.NAME``.
"""
