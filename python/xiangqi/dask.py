"""The bulk analysis of :func:`xiangqi.analyse` as Dask DataFrames, for corpora larger than one machine.

The inputs are cut into pieces (:func:`xiangqi._pieces.plan`): one per source, and ranges of at most
``partition_size`` games within a large source. Each piece is one partition, analysed by the Rust engine
with the GIL released in whichever worker takes it; the partitions together hold exactly the rows of one
``xiangqi.analyse`` call over the same inputs (the same ``game_id``, ``source``, ``index`` and values), in
source order. Nothing is shuffled: a partition reads its records and writes its rows.

Columns keep the Arrow types of ``docs/schema.md`` through pandas' ``ArrowDtype`` (``game_id`` stays an
unsigned 64-bit integer, lists, structs and maps stay themselves), except that the dictionary-encoded text
columns (``source``, ``status``, ``verdict``, ...) are plain text, since each partition would otherwise have a
dictionary of its own. ``to_parquet`` writes them directly.

>>> import xiangqi.dask
>>> games = xiangqi.dask.analyse("examples/data/ccpd", partition_size=500)   # doctest: +SKIP
>>> games.groupby("verdict").size().compute()                               # doctest: +SKIP

With a cluster, make a ``distributed.Client`` first (``Client("tcp://scheduler:8786")``): the computation
runs there. The workers need the ``xiangqi`` package and the record files at the same paths (a shared file
system), since a partition names its file rather than carrying its bytes. Give workers one thread each
(``--nthreads 1``) and as many worker processes as cores: the engine keeps a core busy per partition.
"""

from __future__ import annotations

from typing import Any, Iterable, List, Mapping, Optional, Tuple, Union

from ._pieces import DEFAULT_PARTITION_SIZE, PathLike, Piece, analyse_pieces, group, plain, plain_schema, plan

__all__ = ["analyse", "games_meta", "plies_meta", "DEFAULT_PARTITION_SIZE"]


def _frame(table: Any) -> Any:
    import pandas as pd

    return plain(table).to_pandas(types_mapper=pd.ArrowDtype)


def _empty_tables() -> Tuple[Any, Any]:
    from ._analyse import analyse as analyse_locally

    games, plies = analyse_locally(source={"": b""}, plies=True)
    return games.schema.empty_table(), plies.schema.empty_table()


def games_meta() -> Any:
    """An empty pandas DataFrame with the columns and types of a games partition."""
    return _frame(_empty_tables()[0])


def plies_meta() -> Any:
    """An empty pandas DataFrame with the columns and types of a plies partition."""
    return _frame(_empty_tables()[1])


def _analyse_games(pieces: List[Piece], options: Mapping[str, Any]) -> Any:
    games, _ = analyse_pieces(pieces, **options)
    return _frame(games)


def _analyse_both(pieces: List[Piece], options: Mapping[str, Any]) -> Tuple[Any, Any]:
    games, plies = analyse_pieces(pieces, plies=True, **options)
    return _frame(games), _frame(plies)


def analyse(
    paths: Union[None, PathLike, Iterable[PathLike]] = None,
    *,
    source: Optional[Mapping[str, bytes]] = None,
    plies: bool = False,
    classify: bool = False,
    fen: bool = False,
    variations: bool = False,
    rules: str = "cxa",
    partition_size: int = DEFAULT_PARTITION_SIZE,
) -> Any:
    """The games of ``paths`` (record files, directories read recursively, glob patterns) and of ``source``
    (a dict of name to bytes) as a ``dask.dataframe.DataFrame`` with one row per game, or ``(games, plies)``
    with ``plies=True`` (``classify``, ``fen`` and ``variations`` as for :func:`xiangqi.analyse`).

    Each partition is a range of at most ``partition_size`` games of one large source, or several small
    sources of about that many games together. The sources are listed now, on the calling machine, with the number of games of each (where each game
    ends is read, not the moves); the analysis runs when the frames are computed. Computing both frames in
    one call (``dask.compute(games, plies)``, or ``to_parquet(..., compute=False)`` for each and one
    ``dask.compute``) analyses every piece once; computing them one after the other analyses it twice.

    A piece that is a range of a large file first reads past the games before it (finding where they end,
    about a tenth of the cost of analysing them), so a file cut into ``k`` pieces costs about ``k / 20`` more.
    """
    import dask
    import dask.dataframe as dd

    partitions = group(plan(paths, source=source, partition_size=partition_size), partition_size)
    options = {"classify": classify, "fen": fen, "variations": variations, "rules": rules}
    empty_games, empty_plies = _empty_tables()
    if not (plies or classify):
        return dd.from_map(
            _analyse_games,
            partitions,
            options=options,
            meta=_frame(empty_games),
            label="xiangqi-games",
            enforce_metadata=False,
        )
    both = [dask.delayed(_analyse_both, pure=True)(part, options) for part in partitions]
    games = dd.from_delayed([part[0] for part in both], meta=_frame(empty_games), verify_meta=False)
    plies_frame = dd.from_delayed([part[1] for part in both], meta=_frame(empty_plies), verify_meta=False)
    return games, plies_frame


def schemas() -> Tuple[Any, Any]:
    """The Arrow schemas of the partitions (games, plies): those of ``docs/schema.md`` with plain text in
    place of dictionaries, for ``to_parquet(..., schema=...)`` when a partition may be empty."""
    games, plies = _empty_tables()
    return plain_schema(games.schema), plain_schema(plies.schema)
