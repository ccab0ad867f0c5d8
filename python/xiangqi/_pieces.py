"""A bulk analysis cut into pieces that can run anywhere, for :mod:`xiangqi.dask` and :mod:`xiangqi.spark`.

:func:`plan` lists the sources of the inputs exactly as :func:`xiangqi.analyse` reads them (same names, same
order, same error rows) and cuts a source larger than a partition into ranges of games, counted first.
Each :class:`Piece` is then analysed on its own by :func:`analyse_piece`, in any process, and the rows of all
the pieces are the rows of one run over everything: the same ``game_id``, ``source`` and ``index``, and the
same values. Only the order differs; sort by ``game_id`` (or by source and index) to compare.
"""

from __future__ import annotations

import functools
import os as _os
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, Union

from ._analyse import PathLike as PathLike
from ._analyse import Sources, _named_sources, _path_list
from ._xiangqi import analyse_files, survey

#: Bytes of records per partition by default: a few tenths of a second of work for game rows (PGN runs at
#: 1-3 MB/s a core with verdicts), so that a scheduler's cost per task (milliseconds) does not count, and
#: small enough to spread a corpus over many workers.
DEFAULT_PARTITION_SIZE = 4 << 20


@dataclass(frozen=True)
class Piece:
    """The games ``start`` to ``stop`` (excluded) of one source; ``stop`` ``None`` is to its end (the whole
    source from ``start`` 0)."""

    #: The source's name: the ``source`` column, which enters the ``game_id``.
    source: str
    #: The file to read, or ``None`` for a source that cannot be read (``error``) or for bytes (``data``).
    path: Optional[str]
    start: int = 0
    stop: Optional[int] = None
    #: Why the source cannot be read: the piece is its one error row.
    error: Optional[str] = None
    #: The record's bytes, for a source given in memory.
    data: Optional[bytes] = None
    #: The size of the whole source in bytes.
    size: int = 0
    #: The source's game rows, when they were counted (a source cut into ranges).
    games: Optional[int] = None

    @property
    def bytes(self) -> int:
        """The bytes of records this piece reads, in proportion for a range."""
        if not self.games:
            return self.size
        stop = self.games if self.stop is None else self.stop
        return self.size * (stop - self.start) // self.games

    def games_range(self) -> Optional[Tuple[int, Optional[int]]]:
        """The game range to analyse, ``None`` for the whole source."""
        return None if (self.start, self.stop) == (0, None) else (self.start, self.stop)


def count_games(path: Optional[str], name: str, data: Optional[bytes]) -> int:
    """The game rows of one source (a file, or bytes with their name), as a run counts them."""
    found = survey([] if path is None else [path], [] if data is None else [(name, data)])
    return sum(games or 1 for _, _, games, _, _ in found)


Mapper = Callable[[Callable[..., int], List[Tuple[Optional[str], str, Optional[bytes]]]], Iterable[int]]


def _serial(function: Callable[..., int], items: List[Tuple[Optional[str], str, Optional[bytes]]]) -> List[int]:
    return [function(*item) for item in items]


def plan(
    paths: Union[None, PathLike, Iterable[PathLike]] = None,
    *,
    source: Optional[Sources] = None,
    partition_size: int = DEFAULT_PARTITION_SIZE,
    count: Mapper = _serial,
) -> List[Piece]:
    """The pieces of a run over ``paths`` (files, directories, glob patterns) and ``source`` (bytes, or a dict
    of name to bytes): every source in the order a run reads it, whole, except that a source of more than
    ``partition_size`` bytes is cut into ranges of games of about that size. Only those sources are read
    now, to find where their games end (not their moves); ``count(function, items)`` runs
    ``function(*item)`` for each of them and may do it elsewhere (on a cluster's workers)."""
    if isinstance(partition_size, bool) or not isinstance(partition_size, int) or partition_size < 1:
        raise ValueError(f"partition_size must be a positive number of bytes, not {partition_size!r}")
    named = _named_sources(source)
    data = dict(named)
    listed = survey(_path_list(paths), named, count=False)
    large = [
        (None if path is None else _os.fspath(path), name, data.get(name) if path is None else None)
        for name, path, games, size, error in listed
        if games is None and size > partition_size
    ]
    counted = dict(zip((item[1] for item in large), count(count_games, large))) if large else {}
    pieces: List[Piece] = []
    for name, path, games, size, error in listed:
        file = None if path is None else _os.fspath(path)
        held = data.get(name) if file is None and error is None else None
        if error is not None or name not in counted:
            pieces.append(Piece(name, file, error=error, data=held, size=size))
            continue
        total = counted[name]
        cuts = min(total, -(-size // partition_size))
        if cuts <= 1:
            pieces.append(Piece(name, file, data=held, size=size, games=total))
            continue
        # The last range runs to the end: games added to the file since it was counted are not lost.
        starts = [total * k // cuts for k in range(cuts)]
        stops: List[Optional[int]] = [*starts[1:], None]
        for start, stop in zip(starts, stops):
            pieces.append(Piece(name, file, start, stop, None, held, size, total))
    return pieces


def analyse_piece(
    piece: Piece,
    *,
    plies: bool = False,
    classify: bool = False,
    fen: bool = False,
    variations: bool = False,
    rules: str = "cxa",
) -> Tuple[Any, Optional[Any]]:
    """The ``(games, plies)`` tables of one piece as ``pyarrow.Table`` (``plies`` ``None`` unless asked for),
    of the schemas of :func:`xiangqi.analyse`. One thread; the GIL is released while the engine runs."""
    import pyarrow as pa

    games_ipc, plies_ipc = analyse_files(
        [] if piece.path is None else [piece.path],
        [] if piece.data is None else [(piece.source, piece.data)],
        rules=rules,
        plies=plies or classify,
        classify=classify,
        fen=fen,
        variations=variations,
        games=piece.games_range(),
        unreadable=[] if piece.error is None else [(piece.source, piece.error)],
    )
    games = pa.ipc.open_stream(games_ipc).read_all()
    return games, None if plies_ipc is None else pa.ipc.open_stream(plies_ipc).read_all()


def plain_schema(schema: Any) -> Any:
    """``schema`` with its dictionary-encoded text columns as plain text (for engines whose columns cannot be
    dictionaries from one partition to the next), the metadata kept."""
    import pyarrow as pa

    fields = [
        pa.field(f.name, f.type.value_type, f.nullable, f.metadata) if pa.types.is_dictionary(f.type) else f
        for f in schema
    ]
    return pa.schema(fields, metadata=schema.metadata)


def plain(table: Any) -> Any:
    """A table of :func:`analyse_piece` with its dictionary columns decoded (see :func:`plain_schema`)."""
    return table.cast(plain_schema(table.schema))


def group(pieces: Iterable[Piece], partition_size: int = DEFAULT_PARTITION_SIZE) -> List[List[Piece]]:
    """Consecutive pieces gathered into partitions of at most ``partition_size`` bytes of records each (a
    piece larger than that alone): small sources share a partition, so that partitions are even."""
    groups: List[List[Piece]] = []
    size = 0
    for piece in pieces:
        if groups and size + piece.bytes <= partition_size:
            groups[-1].append(piece)
            size += piece.bytes
        else:
            groups.append([piece])
            size = piece.bytes
    return groups


def analyse_pieces(pieces: List[Piece], **options: Any) -> Tuple[Any, Optional[Any]]:
    """:func:`analyse_piece` over several pieces, their tables end to end."""
    import pyarrow as pa

    tables = [analyse_piece(piece, **options) for piece in pieces]
    games = pa.concat_tables([g for g, _ in tables])
    plies = [p for _, p in tables if p is not None]
    return games, pa.concat_tables(plies) if plies else None


@functools.lru_cache(maxsize=None)
def schemas() -> Tuple[Any, Any]:
    """The Arrow schemas of the engine's games and plies tables (``docs/schema.md``)."""
    import pyarrow as pa

    games_ipc, plies_ipc = analyse_files([], [], plies=True)
    return pa.ipc.open_stream(games_ipc).schema, pa.ipc.open_stream(plies_ipc).schema


def analysis_options(classify: bool, fen: bool, variations: bool, rules: str) -> Dict[str, Any]:
    """The options of :func:`analyse_piece` besides ``plies``, as a run passes them to its tasks."""
    return {"classify": classify, "fen": fen, "variations": variations, "rules": rules}
