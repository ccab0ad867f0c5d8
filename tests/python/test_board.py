"""The Board API: python-chess conventions on top of the core's rules."""

from __future__ import annotations

import copy

import pytest

import xiangqi
from xiangqi import Board, Move

START = xiangqi.STARTING_FEN


def test_start_position() -> None:
    board = Board()
    assert board.fen() == START
    assert board.turn is xiangqi.RED
    assert len(board.legal_moves) == 44 == board.legal_moves.count()
    assert len(list(board.legal_moves)) == 44
    assert len(set(board.legal_moves)) == 44
    assert Move.from_iccs("h2e2") in board.legal_moves
    assert "h2e2" in board.legal_moves
    assert Move.from_iccs("h2h8") not in board.legal_moves
    assert 42 not in board.legal_moves  # type: ignore[operator]
    assert bool(board.legal_moves)
    assert not board.is_check() and not board.is_checkmate() and not board.is_stalemate()
    assert board.outcome() is None and not board.is_game_over()


def test_square_constants_follow_iccs_names() -> None:
    assert (xiangqi.A0, xiangqi.E0, xiangqi.I0, xiangqi.A1, xiangqi.E9, xiangqi.I9) == (0, 4, 8, 9, 85, 89)
    for sq, name in enumerate(xiangqi.SQUARE_NAMES):
        assert getattr(xiangqi, name.upper()) == sq == xiangqi.parse_square(name)
    assert Move(xiangqi.H2, xiangqi.E2) == Move.from_iccs("h2e2")


def test_legal_moves_is_a_live_view() -> None:
    board = Board()
    moves = board.legal_moves
    board.push_iccs("h2e2")
    assert board.turn is xiangqi.BLACK
    assert Move.from_iccs("h9g7") in moves
    assert Move.from_iccs("h2e2") not in moves
    assert {m.iccs() for m in moves} == {m.iccs() for m in board.legal_moves}


def test_moves_are_shared_objects() -> None:
    board = Board()
    first = list(board.legal_moves)
    assert all(a is b for a, b in zip(first, board.legal_moves))
    assert Move.from_iccs("h2e2") is Move(parse("h2"), parse("e2"))
    m = Move.from_iccs("H2-E2")
    assert str(m) == "h2e2" and m.iccs() == "h2e2"
    assert (m.from_square, m.to_square) == (xiangqi.parse_square("h2"), xiangqi.parse_square("e2"))
    assert eval(repr(m), {"Move": Move}) == m
    assert hash(m) == hash(Move.from_iccs("h2e2"))
    with pytest.raises(AttributeError):
        m.from_square = 3  # type: ignore[misc]


def parse(name: str) -> int:
    return xiangqi.parse_square(name)


def test_push_pop_peek_and_stack() -> None:
    board = Board()
    board.push(Move.from_iccs("h2e2"))
    assert board.push_wxf("H8+7") == Move.from_iccs("h9g7")
    assert board.push_chinese("马二进三") == Move.from_iccs("h0g2")
    assert board.push_notation("i9h9") == Move.from_iccs("i9h9")
    assert [m.iccs() for m in board.move_stack] == ["h2e2", "h9g7", "h0g2", "i9h9"]
    assert board.ply() == 4
    assert board.peek() == Move.from_iccs("i9h9")
    assert board.pop() == Move.from_iccs("i9h9")
    assert board.ply() == 3
    board.pop(), board.pop(), board.pop()
    assert board.fen() == START
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()


def test_notation_writers() -> None:
    board = Board()
    m = board.parse_chinese("炮二平五")
    assert m == Move.from_iccs("h2e2")
    assert board.chinese(m) == "炮二平五" == m.chinese(board)
    assert board.wxf(m) == "C2=5" == m.wxf(board)
    board.push(m)
    reply = board.parse_notation("馬８進７")
    assert board.chinese(reply) == "马８进７"
    assert board.chinese(reply, traditional=True) == "馬８進７"
    assert board.wxf(reply) == "H8+7"
    assert board.wxf(reply, black_lower_case=True) == "h8+7"
    with pytest.raises(xiangqi.IllegalMoveError):
        board.chinese(Move.from_iccs("h2e2"))


def test_checkmate_and_stalemate_outcomes() -> None:
    stalemate = Board("4k4/4a4/9/9/9/9/9/9/3r1r3/4K4 w - - 0 2")
    assert stalemate.is_stalemate() and not stalemate.is_checkmate()
    outcome = stalemate.outcome()
    assert outcome is not None
    assert outcome.termination == xiangqi.Termination.STALEMATE
    assert outcome.winner is xiangqi.BLACK and outcome.result() == "0-1"
    assert outcome.article == "4.1" and "stalemate" in outcome.explanation
    assert stalemate.is_game_over()
    mate = Board("4k4/9/9/9/9/9/9/9/4r4/r3K4 w - - 0 1")
    assert mate.is_check() and mate.is_checkmate()
    assert mate.checkers() and mate.king(xiangqi.RED) == parse("e0")
    out = mate.outcome()
    assert out is not None and out.termination == xiangqi.Termination.CHECKMATE and out.winner is xiangqi.BLACK


def test_perpetual_check_outcome_and_classes() -> None:
    board = Board.from_moves(
        ["f0e0", "e8f8", "e0f0", "f8e8", "f0e0", "e8f8", "e0f0", "f8e8"], fen="2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1"
    )
    assert board.classify(0).move_class == "check"
    assert board.classify(-1).side is xiangqi.BLACK
    with pytest.raises(IndexError):
        board.classify(8)
    outcome = board.outcome()
    assert outcome is not None
    assert outcome.termination == xiangqi.Termination.PERPETUAL_CHECK
    assert outcome.verdict == "loss" and outcome.side is xiangqi.RED and outcome.winner is xiangqi.BLACK
    assert outcome.summary == "red loses" and outcome.article == "24.1, 26.1"
    assert outcome.plies == (0, 8) and outcome.profiles == ("perpetual_check", "allowed")
    assert [c.move_class for c in outcome.moves][:2] == ["check", "idle"]
    assert board.is_repetition(3) and not board.is_repetition(4)
    assert board.outcome(ply=4) is None


def test_chase_classification_and_root_analysis() -> None:
    board = Board("4k4/9/9/9/2n6/9/9/9/9/3K4R w - - 0 1")
    board.push_iccs("i0i5")
    c = board.classify(0)
    assert c.move_class == "chase" and c.label == "chase" and c.idle_kind is None
    target = c.chases[0]
    assert xiangqi.square_name(target.target) == "c5" and target.target_piece == "n"
    assert xiangqi.square_name(target.attacker) == "i5" and target.attacker_piece == "R"
    assert target.rooting == "unrooted" and target.means == "capture"
    root = Board("3k5/9/9/9/2n5R/9/9/9/9/4K4 w - - 0 1").analyse_root(parse("c5"), parse("i5"))
    assert root.rooting == "unrooted" and not root.is_rooted and root.protectors == []
    with pytest.raises(xiangqi.XiangqiError):
        Board().analyse_root(parse("e5"), parse("e0"))


def test_repr_eq_copy() -> None:
    board = Board()
    assert repr(board) == f"Board('{START}')"
    assert eval(repr(board), {"Board": Board}) == board
    board.push_iccs("h2e2")
    rebuilt = eval(repr(board), {"Board": Board})
    assert rebuilt == board and rebuilt.move_stack == board.move_stack
    axf = Board(rules="axf")
    assert "rules='axf'" in repr(axf) and eval(repr(axf), {"Board": Board}).rules == "axf"
    assert Board() != board and board == Board(board.fen())
    with pytest.raises(TypeError):
        hash(board)
    clone = board.copy()
    clone.push_iccs("h9g7")
    assert board.ply() == 1 and clone.ply() == 2
    assert board.copy(stack=False).ply() == 0
    assert copy.deepcopy(board).move_stack == board.move_stack
    assert board.zobrist_hash() == Board(board.fen()).zobrist_hash() != Board().zobrist_hash()


def test_svg_has_glyphs_last_move_and_check() -> None:
    board = Board.from_moves(["h2e2", "h9g7", "e2e6"])
    svg = board._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    for glyph in "帥仕相傌俥炮兵將士象馬車砲卒":
        assert glyph in svg
    assert svg.count('class="lastmove"') == 2
    assert 'class="check"' not in svg
    checked = Board("3k5/9/9/9/9/9/9/9/4r4/4K4 w - - 0 1")
    assert 'class="check"' in checked._repr_svg_()


def test_piece_queries_and_text() -> None:
    board = Board()
    assert board.piece_at(parse("e0")) == "K" and board.piece_at(parse("e9")) == "k"
    assert board.piece_at(parse("e4")) is None
    assert len(board.piece_map()) == 32
    assert sorted(m.iccs() for m in board.legal_moves_from(parse("b0"))) == ["b0a2", "b0c2"]
    assert str(board).splitlines()[0] == "r n b a k a b n r"
    assert xiangqi.square(4, 0) == 4 and xiangqi.square_name(89) == "i9"


def test_key_point_hook_is_called() -> None:
    seen = []

    def judge(fen: str, move: Move) -> bool:
        seen.append((fen, move))
        return False

    fen = "4ka3/4a4/b3b4/9/9/3R5/4n4/3Ar4/3KA4/9 w - - 0 1"
    board = Board(fen, key_point=judge)
    board.push_iccs("d4e4")
    board.classify(0)
    assert seen and isinstance(seen[0][1], Move)
