"""A bulk analysis cut into pieces that can run anywhere, for :mod:`xiangqi.dask` and :mod:`xiangqi.spark`.

:func:`plan` lists the sources of the inputs exactly as :func:`xiangqi.analyse` reads them (same names, same
order, same error rows) with the number of game rows of each, and cuts a large source into ranges of games.
Each :class:`Piece` is then analysed on its own by :func:`analyse_piece`, in any process, and the rows of all
the pieces are the rows of one run over everything: the same ``game_id``, ``source`` and ``index``, and the
same values. Only the order differs; sort by ``game_id`` (or by source and index) to compare.
"""

from __future__ import annotations

import os as _os
from dataclasses import dataclass
from typing import Any, Iterable, List, Mapping, Optional, Tuple, Union

from ._xiangqi import analyse_files, survey

PathLike = Union[str, "_os.PathLike[str]"]

#: Game rows per piece by default: a few tenths of a second of work per piece for game rows, large enough
#: that a scheduler's cost per task (about a millisecond) does not count, small enough to spread a large file.
DEFAULT_PARTITION_SIZE = 4096


@dataclass(frozen=True)
class Piece:
    """The games ``start`` to ``stop`` (excluded) of one source."""

    #: The source's name: the ``source`` column, which enters the ``game_id``.
    source: str
    #: The file to read, or ``None`` for a source that cannot be read (``error``) or for bytes (``data``).
    path: Optional[str]
    start: int
    stop: int
    #: Why the source cannot be read: the piece is its one error row.
    error: Optional[str] = None
    #: The record's bytes, for a source given in memory.
    data: Optional[bytes] = None
    #: The size of the whole source in bytes.
    size: int = 0

    @property
    def games(self) -> int:
        """The game rows of this piece."""
        return self.stop - self.start


def _paths(paths: Union[None, PathLike, Iterable[PathLike]]) -> List[str]:
    if paths is None:
        return []
    if isinstance(paths, (str, _os.PathLike)):
        return [_os.fspath(paths)]
    return [_os.fspath(p) for p in paths]


def _sources(source: Optional[Union[bytes, Mapping[str, bytes]]]) -> List[Tuple[str, bytes]]:
    if source is None:
        return []
    if isinstance(source, (bytes, bytearray, memoryview)):
        return [("<bytes>", bytes(source))]
    return [(str(name), bytes(data)) for name, data in source.items()]


def plan(
    paths: Union[None, PathLike, Iterable[PathLike]] = None,
    *,
    source: Optional[Union[bytes, Mapping[str, bytes]]] = None,
    partition_size: int = DEFAULT_PARTITION_SIZE,
) -> List[Piece]:
    """The pieces of a run over ``paths`` (files, directories, glob patterns) and ``source`` (bytes, or a dict
    of name to bytes): every source in the order a run reads it, a source of more than ``partition_size``
    games cut into ranges of at most that many. Reads where each game ends, not the moves."""
    if isinstance(partition_size, bool) or not isinstance(partition_size, int) or partition_size < 1:
        raise ValueError(f"partition_size must be a positive number of games, not {partition_size!r}")
    named = _sources(source)
    data = dict(named)
    pieces: List[Piece] = []
    for name, path, games, size, error in survey(_paths(paths), named):
        file = None if path is None else _os.fspath(path)
        held = data.get(name) if file is None and error is None else None
        for start in range(0, max(games, 1), partition_size):
            stop = min(start + partition_size, games)
            pieces.append(Piece(name, file, start, stop, error, held, size))
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
        games=(piece.start, piece.stop),
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
    """Consecutive pieces gathered into partitions of about ``partition_size`` games each: a range of a large
    source stays alone, small sources share a partition, so that partitions are even."""
    groups: List[List[Piece]] = []
    games = 0
    for piece in pieces:
        if groups and games + piece.games <= partition_size:
            groups[-1].append(piece)
            games += piece.games
        else:
            groups.append([piece])
            games = piece.games
    return groups


def analyse_pieces(pieces: List[Piece], **options: Any) -> Tuple[Any, Optional[Any]]:
    """:func:`analyse_piece` over several pieces, their tables end to end."""
    import pyarrow as pa

    tables = [analyse_piece(piece, **options) for piece in pieces]
    games = pa.concat_tables([g for g, _ in tables])
    plies = [p for _, p in tables if p is not None]
    return games, pa.concat_tables(plies) if plies else None
