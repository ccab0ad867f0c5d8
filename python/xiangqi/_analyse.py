"""Bulk analysis of record files into tables: the work runs in Rust with the GIL released."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Optional, Tuple, Union

from . import _progress
from ._xiangqi import analyse_files

if TYPE_CHECKING:
    import pyarrow

PathLike = Union[str, "os.PathLike[str]"]
Columns = Dict[str, List[Any]]

#: Files taken from a directory: record files by their extension.
RECORD_EXTENSIONS = {".pgn", ".xqf", ".html", ".htm"}


def _files(paths: Union[PathLike, Iterable[PathLike]]) -> List[str]:
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    files: List[str] = []
    for path in paths:
        path = os.fspath(path)
        if os.path.isdir(path):
            for root, _, names in sorted(os.walk(path)):
                for name in sorted(names):
                    if os.path.splitext(name)[1].lower() in RECORD_EXTENSIONS:
                        files.append(os.path.join(root, name))
        else:
            files.append(path)
    return files


def analyse_columns(
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    threads: int = 1,
    rules: str = "cxa",
    plies: bool = False,
    classify: bool = False,
    progress: Optional[Union[bool, _progress.ProgressBar]] = None,
) -> Tuple[Columns, Optional[Columns]]:
    """As :func:`analyse`, without pyarrow: ``(games, plies)`` as dicts of equal-length lists."""
    files = _files(paths)
    total = sum(os.path.getsize(f) for f in files if os.path.isfile(f))
    bar = _progress.choose(progress, total)
    try:
        return analyse_files(files, threads=threads, rules=rules, plies=plies, classify=classify, progress=bar)
    finally:
        if bar is not None:
            bar.close()


def analyse(
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    threads: int = 1,
    rules: str = "cxa",
    plies: bool = False,
    classify: bool = False,
    progress: Optional[Union[bool, _progress.ProgressBar]] = None,
) -> Any:
    """Replays every game of the record files ``paths`` (files or directories of ``.pgn``, ``.xqf``,
    ``.html`` files) through the arbiter and returns a ``pyarrow.Table`` with one row per game.

    Columns: ``file``, ``index`` (the game's index in its file), one column per header tag found, ``result``
    (as recorded), ``start_fen``, ``plies``, ``verdict`` and ``termination`` (the arbiter's verdict at the
    end of the main line), ``repetition_ply``, ``repetition_verdict``, ``repetition_summary``,
    ``repetition_termination``, ``repetition_article``, ``repetition_side`` (the first repetition the
    arbiter ruled on: a third occurrence judged draw, must-change or loss), ``repetitions`` (how many plies
    were so ruled), and ``error``, ``error_ply``, ``error_offset``, ``error_line`` for a game that could not
    be read whole (its moves before the fault are analysed; a bad game never stops the run).

    With ``plies=True`` the result is ``(games, plies)``; the second table has one row per move: ``file``,
    ``index``, ``ply`` (from 1), ``iccs``, ``chinese``, ``move_class`` (the arbiter's class where it judged a
    repetition, else null; every move with ``classify=True``, which is much slower), ``check``, ``capture``.

    ``threads`` threads share the work (reading and parsing are taken a batch at a time under a lock, the
    replay runs in parallel); rows are in file order whatever the count. ``progress`` shows a bar on stderr:
    ``True``, ``False``, or ``None`` for runs over 8 MB on a terminal. ``rules`` is ``"cxa"``, ``"cxa2020"`` or
    ``"axf"``. Needs pyarrow (``pip install xiangqi[arrow]``); ``table.to_pandas()`` gives a DataFrame.
    """
    try:
        import pyarrow as pa
    except ImportError as err:  # pragma: no cover - depends on the environment
        raise ImportError("xiangqi.analyse needs pyarrow: pip install 'xiangqi[arrow]'") from err
    games, ply_rows = analyse_columns(
        paths, threads=threads, rules=rules, plies=plies, classify=classify, progress=progress
    )
    games_table: pyarrow.Table = pa.table(games)
    if ply_rows is None:
        return games_table
    return games_table, pa.table(ply_rows)
