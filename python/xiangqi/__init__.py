"""Xiangqi (Chinese chess) as a tournament arbiter applies the rules.

Legal moves with the flying-general rule, check, checkmate and stalemate (a loss), the Chinese Xiangqi
Association's repetition rules with a classification of every move (check, kill, chase, idle) and explained
verdicts, ICCS/WXF/Chinese notation, and PGN/XQF/DhtmlXQ/ChessBridge game records. The rules live in the Rust crate
``xiangqi-core``; this package calls it.

>>> import xiangqi
>>> board = xiangqi.Board()
>>> len(board.legal_moves)
44
>>> board.push_chinese("炮二平五")
Move.from_iccs('h2e2')
>>> board.chinese(board.parse_iccs("h9g7"))
'马８进７'
"""

from __future__ import annotations

import os as _os
from typing import IO as _IO
from typing import Iterator as _Iterator
from typing import Optional as _Optional
from typing import Union as _Union

from ._analyse import SCHEMA_VERSION, analyse, analyse_columns, to_parquet
from ._xiangqi import (
    Scoresheet,
    shuffled_deck,
    CardKnockout,
    Clock,
    CompetitionError,
    Conduct,
    Decision,
    Event,
    FlagFall,
    Standing,
    TimeControl,
    board_colour,
    game_points,
    match_points,
    touch_obligation,
    valid_lineups,
    TeamEvent,
    TeamStanding,
    all_play_all,
    best_of,
    check_board_order,
    is_valid_lineup,
    members_total_standings,
    second_game_colour,
    team_forfeit_match_points,
    STARTING_FEN,
    Board,
    ChaseTarget,
    Classification,
    Ecco,
    Game,
    GameNode,
    GameReader,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveTextError,
    LegalMoveGenerator,
    Move,
    NoEccoCodeError,
    Outcome,
    Protector,
    RecordError,
    RootAnalysis,
    Termination,
    XiangqiError,
    __version__,
)


_Source = _Union[str, "_os.PathLike[str]", bytes, _IO[bytes]]

RED: bool = True
BLACK: bool = False
COLORS = [RED, BLACK]
COLOR_NAMES = ["black", "red"]

FILE_NAMES = "abcdefghi"
RANK_NAMES = "0123456789"
SQUARES = list(range(90))
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]

# One constant a square, as ICCS names it: ``E0`` is 4, the red general's point.
(
    A0, B0, C0, D0, E0, F0, G0, H0, I0,
    A1, B1, C1, D1, E1, F1, G1, H1, I1,
    A2, B2, C2, D2, E2, F2, G2, H2, I2,
    A3, B3, C3, D3, E3, F3, G3, H3, I3,
    A4, B4, C4, D4, E4, F4, G4, H4, I4,
    A5, B5, C5, D5, E5, F5, G5, H5, I5,
    A6, B6, C6, D6, E6, F6, G6, H6, I6,
    A7, B7, C7, D7, E7, F7, G7, H7, I7,
    A8, B8, C8, D8, E8, F8, G8, H8, I8,
    A9, B9, C9, D9, E9, F9, G9, H9, I9,
) = SQUARES


def square(file_index: int, rank_index: int) -> int:
    """The square on file ``file_index`` (0-8, ``a``-``i`` from red's left) and rank ``rank_index`` (0-9)."""
    if not (0 <= file_index < 9 and 0 <= rank_index < 10):
        raise XiangqiError(f"no square on file {file_index}, rank {rank_index}")
    return rank_index * 9 + file_index


def square_file(sq: int) -> int:
    """The file of a square, 0-8 (``a``-``i``)."""
    return sq % 9


def square_rank(sq: int) -> int:
    """The rank of a square, 0-9 (from red's side)."""
    return sq // 9


def square_name(sq: int) -> str:
    """The ICCS name of a square: ``square_name(4) == 'e0'``."""
    if not 0 <= sq < 90:
        raise XiangqiError(f"no square {sq}: squares are numbered 0 to 89")
    return SQUARE_NAMES[sq]


def parse_square(name: str) -> int:
    """The square with an ICCS name: ``parse_square('e0') == 4``."""
    try:
        return SQUARE_NAMES.index(name.lower())
    except ValueError:
        raise XiangqiError(f"no square named {name!r} (files a-i, ranks 0-9)") from None


def read_games(source: _Source, encoding: _Optional[str] = None, *, strict: bool = False) -> _Iterator[Game]:
    """The games of a record, one at a time: PGN (any notation; UTF-8, GBK or Big5), XQF, DhtmlXQ or
    ChessBridge (CBR, CBF, and CBL libraries: one game per index entry), told from the content.

    ``source`` is a path, ``bytes``, or a binary file object; PGN is read as a stream, so a large database
    never sits in memory whole. ``encoding`` (``"big5"``, ``"gbk"``, ``"utf-8"``) overrides the detection.

    A game that cannot be read does not stop the iteration: it comes with ``game.error`` set to a
    ``RecordError`` (game index, byte offset, line, ply, token) and holds what was read before the fault.
    With ``strict=True`` that error is raised instead.
    """
    return GameReader(source, encoding, strict=strict)


__all__ = [
    "A0",
    "B0",
    "C0",
    "D0",
    "E0",
    "F0",
    "G0",
    "H0",
    "I0",
    "A1",
    "B1",
    "C1",
    "D1",
    "E1",
    "F1",
    "G1",
    "H1",
    "I1",
    "A2",
    "B2",
    "C2",
    "D2",
    "E2",
    "F2",
    "G2",
    "H2",
    "I2",
    "A3",
    "B3",
    "C3",
    "D3",
    "E3",
    "F3",
    "G3",
    "H3",
    "I3",
    "A4",
    "B4",
    "C4",
    "D4",
    "E4",
    "F4",
    "G4",
    "H4",
    "I4",
    "A5",
    "B5",
    "C5",
    "D5",
    "E5",
    "F5",
    "G5",
    "H5",
    "I5",
    "A6",
    "B6",
    "C6",
    "D6",
    "E6",
    "F6",
    "G6",
    "H6",
    "I6",
    "A7",
    "B7",
    "C7",
    "D7",
    "E7",
    "F7",
    "G7",
    "H7",
    "I7",
    "A8",
    "B8",
    "C8",
    "D8",
    "E8",
    "F8",
    "G8",
    "H8",
    "I8",
    "A9",
    "B9",
    "C9",
    "D9",
    "E9",
    "F9",
    "G9",
    "H9",
    "I9",
    "BLACK",
    "COLORS",
    "COLOR_NAMES",
    "FILE_NAMES",
    "RANK_NAMES",
    "RED",
    "SQUARES",
    "SQUARE_NAMES",
    "STARTING_FEN",
    "Board",
    "ChaseTarget",
    "Classification",
    "Ecco",
    "Game",
    "GameNode",
    "GameReader",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveTextError",
    "LegalMoveGenerator",
    "Move",
    "Outcome",
    "Protector",
    "NoEccoCodeError",
    "RecordError",
    "RootAnalysis",
    "Termination",
    "XiangqiError",
    "CardKnockout",
    "Scoresheet",
    "shuffled_deck",
    "Clock",
    "CompetitionError",
    "Conduct",
    "Decision",
    "Event",
    "FlagFall",
    "Standing",
    "TimeControl",
    "board_colour",
    "game_points",
    "match_points",
    "touch_obligation",
    "valid_lineups",
    "TeamEvent",
    "TeamStanding",
    "all_play_all",
    "best_of",
    "check_board_order",
    "is_valid_lineup",
    "members_total_standings",
    "second_game_colour",
    "team_forfeit_match_points",
    "__version__",
    "analyse",
    "analyse_columns",
    "to_parquet",
    "SCHEMA_VERSION",
    "parse_square",
    "read_games",
    "square",
    "square_file",
    "square_name",
    "square_rank",
]
