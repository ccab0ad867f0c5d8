"""Queries the tables `xiangqi analyse --plies -o games.parquet` wrote, with DuckDB, as a user would.

Usage: python query_parquet.py games.parquet games.plies.parquet
"""

from __future__ import annotations

import sys

import duckdb


def main(games: str, plies: str) -> None:
    print("games by status and source:")
    print(
        duckdb.sql(
            f"""select status, source, count(*) as games, sum(plies) as plies
                from '{games}' group by all order by source, status"""
        )
    )
    print("how the games the arbiter ruled on ended:")
    print(
        duckdb.sql(
            f"""select termination, verdict_summary, count(*) as games
                from '{games}' where termination is not null group by all order by games desc"""
        )
    )
    print("the most played first moves, from the plies table:")
    print(
        duckdb.sql(
            f"""select chinese, count(*) as games from '{plies}' where ply = 1 and line = 0
                group by all order by games desc limit 5"""
        )
    )
    print("repetition rulings, one row each:")
    print(
        duckdb.sql(
            f"""select r.termination, r.verdict, count(*) as rulings
                from (select unnest(repetitions) as r from '{games}') group by all order by rulings desc"""
        )
    )


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
