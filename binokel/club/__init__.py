"""Club tournaments (Preisbinokel): the draw of tables, the tournament's record and the
standings with their tie-breaks.  Standard library only (and the score pad's CSV guard); the web
server (:mod:`binokel.web.clubs`) keeps a tournament in its store and scores its tables in pads.
"""

from .draw import DrawError, Seating, count_repeats, draw, table_sizes
from .model import ClubError, Player, Round, Table, Tournament
from .standings import Standing, rank, read_standings_csv, standings_csv

__all__ = ["ClubError", "DrawError", "Player", "Round", "Seating", "Standing", "Table",
           "Tournament", "count_repeats", "draw", "rank", "read_standings_csv", "standings_csv",
           "table_sizes"]
