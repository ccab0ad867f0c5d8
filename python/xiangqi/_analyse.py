"""Bulk analysis of record files into tables: the Rust engine ``xiangqi-corpus`` (the one behind the
``xiangqi analyse`` command) does the work with the GIL released; the tables follow ``docs/schema.md``."""

from __future__ import annotations

import os as _os
from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple, Union

from . import _progress
from ._xiangqi import analyse_files, survey

if _TYPE_CHECKING:
    import pyarrow

PathLike = Union[str, "_os.PathLike[str]"]
Columns = Dict[str, List[Any]]
Sources = Union[bytes, Mapping[str, bytes]]

#: The schema version of the tables (``xiangqi.schema_version`` in their metadata).
SCHEMA_VERSION = "1"


def _path_list(paths: Union[None, PathLike, Iterable[PathLike]]) -> List[str]:
    """The ``paths`` argument of the bulk functions as a list of strings."""
    if paths is None:
        return []
    if isinstance(paths, (str, _os.PathLike)):
        return [_os.fspath(paths)]
    return [_os.fspath(p) for p in paths]


def _named_sources(source: Optional[Sources]) -> List[Tuple[str, bytes]]:
    """The ``source`` argument of the bulk functions as ``(name, bytes)`` pairs."""
    if source is None:
        return []
    if isinstance(source, (bytes, bytearray, memoryview)):
        return [("<bytes>", bytes(source))]
    return [(str(name), bytes(data)) for name, data in source.items()]


def _arguments(
    paths: Union[None, PathLike, Iterable[PathLike]], source: Optional[Sources]
) -> Tuple[List[str], List[Tuple[str, bytes]], int]:
    files = _path_list(paths)
    named = _named_sources(source)
    # The sources as the engine lists them (globs expanded, record files only), for the progress bar.
    listed = survey(files, [], count=False)
    total = sum(len(data) for _, data in named) + sum(size for _, _, _, size, _ in listed)
    return files, named, total


def _range(games: Optional[Union[range, Tuple[int, Optional[int]]]]) -> Optional[Tuple[int, Optional[int]]]:
    if games is None:
        return None
    if isinstance(games, range):
        if games.step != 1:
            raise ValueError("games: a range with step 1")
        return (games.start, games.stop)
    start, stop = games
    if start < 0 or (stop is not None and stop < 0):
        raise ValueError(f"games: indices are from 0, not {games!r}")
    return (start, stop)


def _run(
    paths: Union[None, PathLike, Iterable[PathLike]],
    source: Optional[Sources],
    columns: bool,
    threads: int,
    rules: str,
    plies: bool,
    classify: bool,
    fen: bool,
    variations: bool,
    games: Optional[Union[range, Tuple[int, Optional[int]]]],
    progress: Optional[Union[bool, _progress.ProgressBar]],
) -> Tuple[Any, Any]:
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be an int, not {type(threads).__name__}")
    files, named, total = _arguments(paths, source)
    bar = _progress.choose(progress, total)
    try:
        return analyse_files(
            files,
            named,
            threads=threads,
            rules=rules,
            plies=plies,
            classify=classify,
            fen=fen,
            variations=variations,
            games=_range(games),
            progress=bar,
            columns=columns,
        )
    finally:
        if bar is not None:
            bar.close()


def analyse_columns(
    paths: Union[None, PathLike, Iterable[PathLike]] = None,
    *,
    source: Optional[Sources] = None,
    threads: int = 1,
    rules: str = "cxa",
    plies: bool = False,
    classify: bool = False,
    fen: bool = False,
    variations: bool = False,
    games: Optional[Union[range, Tuple[int, Optional[int]]]] = None,
    progress: Optional[Union[bool, _progress.ProgressBar]] = None,
) -> Tuple[Columns, Optional[Columns]]:
    """As :func:`analyse`, without pyarrow: ``(games, plies)`` as dicts of equal-length lists, with the same
    columns (dictionary columns as ``str``, ``date_parsed`` as ``datetime.date``, lists as lists, maps as
    dicts)."""
    games_cols, plies_cols = _run(
        paths, source, True, threads, rules, plies, classify, fen, variations, games, progress
    )
    return games_cols, plies_cols


def analyse(
    paths: Union[None, PathLike, Iterable[PathLike]] = None,
    *,
    source: Optional[Sources] = None,
    threads: int = 1,
    rules: str = "cxa",
    plies: bool = False,
    classify: bool = False,
    fen: bool = False,
    variations: bool = False,
    games: Optional[Union[range, Tuple[int, Optional[int]]]] = None,
    progress: Optional[Union[bool, _progress.ProgressBar]] = None,
) -> Any:
    """Replays every game of ``paths`` (record files, directories read recursively, glob patterns) and of
    ``source`` (bytes, or a dict of name to bytes) through the arbiter and returns a ``pyarrow.Table`` with one
    row per game, of the fixed schema in ``docs/schema.md`` (version :data:`SCHEMA_VERSION`): ``game_id``,
    ``source``, ``index``, ``status`` (``complete``, ``truncated``, ``error``), the error with its byte, line and
    ply, the warnings, typed columns for the common tags and a map of the others, the recorded result, the
    start FEN, ``plies``, the verdict after the last ply, every repetition ruling, and the counts of
    variation lines and moves. Every source gives at least one row: a missing file, an empty directory or a
    file without a game is a row with status ``error``.

    With ``plies=True`` the result is ``(games, plies)``; the second table has one row per move (``fen=True``
    fills its ``fen`` column, ``variations=True`` adds the moves of every variation line, ``classify=True``
    gives every main-line move its class, which is much slower). ``games=range(a, b)`` (or ``(a, None)``)
    keeps the games of each source with those indices. ``threads`` threads share the work; rows are in
    source order whatever the count. ``progress`` shows a bar on stderr: ``True``, ``False``, or ``None`` for
    runs over 8 MB on a terminal. ``rules`` is ``"cxa"``, ``"cxa2020"`` or ``"axf"``. Needs pyarrow
    (``pip install xiangqi[arrow]``); ``table.to_pandas()`` gives a DataFrame.
    """
    try:
        import pyarrow as pa
    except ImportError as err:  # pragma: no cover - depends on the environment
        raise ImportError("xiangqi.analyse needs pyarrow: pip install 'xiangqi[arrow]'") from err
    games_ipc, plies_ipc = _run(
        paths, source, False, threads, rules, plies, classify, fen, variations, games, progress
    )
    games_table: pyarrow.Table = pa.ipc.open_stream(games_ipc).read_all()
    if plies_ipc is None:
        return games_table
    return games_table, pa.ipc.open_stream(plies_ipc).read_all()


def to_parquet(table: Any, path: PathLike) -> None:
    """Writes a table of :func:`analyse` (games or plies) to a Parquet file, schema metadata included."""
    import pyarrow.parquet as pq

    pq.write_table(table, _os.fspath(path))
