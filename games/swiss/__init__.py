"""Swiss tournaments: the tables of each round and the standings, from the results so far."""

from games.swiss.pairing import EFFORT, draw_round, table_sizes
from games.swiss.records import RoundRecord, Table, TableResult, is_ranking, places_of
from games.swiss.standings import Standing, place_points, standings, table_points

__all__ = [
    "EFFORT",
    "RoundRecord",
    "Standing",
    "Table",
    "TableResult",
    "draw_round",
    "is_ranking",
    "place_points",
    "places_of",
    "standings",
    "table_points",
    "table_sizes",
]
