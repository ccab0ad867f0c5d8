"""Bad input raises ValueError subclasses naming what is wrong and where; nothing panics."""

from __future__ import annotations

import pytest

import xiangqi
from xiangqi import Board, Move


def test_hierarchy() -> None:
    for cls in (
        xiangqi.InvalidFenError,
        xiangqi.IllegalMoveError,
        xiangqi.InvalidMoveTextError,
        xiangqi.RecordError,
    ):
        assert issubclass(cls, xiangqi.XiangqiError) and issubclass(cls, ValueError)


def test_fen_errors_name_field_offset_token() -> None:
    with pytest.raises(xiangqi.InvalidFenError) as info:
        Board("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1")
    err = info.value
    assert err.field == "board" and err.token == "X" and err.offset == 58
    assert "X" in str(err)
    with pytest.raises(xiangqi.InvalidFenError) as info:
        Board("4k4/9/9/9/9/9/9/9/9/9 w - - 0 1")
    assert info.value.problems, "a position without a red general names its problem"
    with pytest.raises(ValueError):
        Board("")


def test_move_errors() -> None:
    board = Board()
    with pytest.raises(xiangqi.IllegalMoveError) as info:
        board.push(Move.from_iccs("h2h8"))
    assert info.value.move == "h2h8" and info.value.fen == xiangqi.STARTING_FEN
    assert board.ply() == 0
    with pytest.raises(xiangqi.InvalidMoveTextError) as text_info:
        board.push_chinese("马五进三")
    assert text_info.value.text == "马五进三" and text_info.value.notation == "Chinese"
    assert text_info.value.offset == 0 and text_info.value.kind == "NoSuchPiece"
    with pytest.raises(xiangqi.InvalidMoveTextError) as syntax:
        Move.from_iccs("z9z9")
    assert syntax.value.text == "z9z9"
    with pytest.raises(xiangqi.InvalidMoveTextError):
        board.push("nonsense")
    with pytest.raises(TypeError):
        board.push(3)  # type: ignore[arg-type]
    with pytest.raises(xiangqi.XiangqiError):
        Move(0, 90)
    with pytest.raises(xiangqi.XiangqiError):
        Move(4, 4)
    with pytest.raises(xiangqi.XiangqiError):
        Board(rules="fide")
    with pytest.raises(xiangqi.XiangqiError):
        xiangqi.parse_square("j0")


@pytest.mark.parametrize("text", ["", " ", "炮", "炮二平", "C2=", "h2e", "前前车进一", "\x00", "兵" * 50, "ｈ２ｅ２ｅ"])
def test_odd_texts_raise_and_never_panic(text: str) -> None:
    with pytest.raises(ValueError):
        Board().push_notation(text)


def test_record_errors_carry_locations() -> None:
    data = b'[Event "x"]\n\n1. h2e2 h9g7 2. h0h5 i9h9\n'
    (game,) = list(xiangqi.read_games(data))
    err = game.error
    assert isinstance(err, xiangqi.RecordError)
    assert (err.game_index, err.ply, err.line, err.byte_offset, err.token) == (0, 3, 3, 29, "h0h5")
    assert [m.iccs() for m in game.mainline_moves()] == ["h2e2", "h9g7"]
    with pytest.raises(xiangqi.RecordError) as info:
        list(xiangqi.read_games(data, strict=True))
    assert info.value.token == "h0h5"
    with pytest.raises(xiangqi.XiangqiError):
        xiangqi.read_games(data, encoding="latin-9")
    with pytest.raises(TypeError):
        xiangqi.read_games(12)  # type: ignore[arg-type]


MEGABYTE = 1 << 20


def _short(message: str) -> None:
    assert len(message.encode()) < 1024, f"a message of {len(message)} characters"
    assert f"… ({MEGABYTE} bytes)" in message, message


def test_a_megabyte_of_bad_input_gives_a_short_message() -> None:
    with pytest.raises(xiangqi.InvalidFenError) as fen_info:
        Board("r" * MEGABYTE)
    _short(str(fen_info.value))
    assert len(fen_info.value.token) == MEGABYTE, "the attribute keeps the whole token"
    board = Board()
    with pytest.raises(xiangqi.InvalidMoveTextError) as move_info:
        board.parse_notation("C" * MEGABYTE)
    _short(str(move_info.value))
    with pytest.raises(xiangqi.InvalidMoveTextError) as iccs_info:
        Move.from_iccs("h" * MEGABYTE)
    _short(str(iccs_info.value))
    data = b"1. h2e2 " + b"x" * MEGABYTE + b"\n"
    with pytest.raises(xiangqi.RecordError) as record_info:
        list(xiangqi.read_games(data, strict=True))
    _short(str(record_info.value))
