"""The ECCO opening code from Python: the worked examples, names in both scripts, boards, games read from
records against their tags, and the answers to bad input."""

from __future__ import annotations

import pickle

import pytest

import xiangqi

from conftest import DATA

# 炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9 车二平三 炮9退1 马八进七 士4进5 炮八平九
C45_LINE = "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 c3c4 h7i7 h6g6 i7i8 b0c2 d9e8 b2a2".split()


def test_a_move_list_gets_its_code_and_names() -> None:
    code = xiangqi.Ecco.classify(C45_LINE)
    assert code.code == "C45"
    assert code.group == "C4"
    assert code.opening == "中炮过河车互进七兵对屏风马平炮兑车"
    assert code.opening_traditional == "中炮過河車互進七兵對屏風馬平炮兌車"
    assert code.variation == "红左边炮对黑退边炮上右士"
    assert code.variation_traditional == "紅左邊炮對黑退邊炮上右士"
    assert code.group_name == "中炮过河车互进七兵对屏风马平炮兑车"
    assert str(code) == "C45 中炮过河车互进七兵对屏风马平炮兑车 红左边炮对黑退边炮上右士"
    assert repr(code) == "Ecco.from_code('C45')"
    # Move objects work as well as ICCS text.
    assert xiangqi.Ecco.classify([xiangqi.Move.from_iccs(m) for m in C45_LINE]) == code


def test_transposed_and_mirrored_openings() -> None:
    board = xiangqi.Board()
    for text in "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 马八进七 卒3进1".split():
        board.push_chinese(text)
    other = xiangqi.Board()
    for text in "炮二平五 马8进7 马二进三 马2进3 车一平二 车9平8 马八进七 卒7进1 车二进六 卒3进1".split():
        other.push_chinese(text)
    assert board.ecco().code == other.ecco().code == "C20"
    left = xiangqi.Board.from_moves(["b2e2", "b9c7", "b0c2"])  # 炮八平五 马2进3 马八进七
    right = xiangqi.Board.from_moves(["h2e2", "h9g7", "h0g2"])
    assert left.ecco() == right.ecco()
    assert xiangqi.Ecco.classify(["a3a4", "b9c7"]).code == "A08"  # 兵九进一 马2进3: 边兵局


def test_short_games_read_what_they_have() -> None:
    assert xiangqi.Ecco.classify(["h2e2"]).code == "B00"
    assert xiangqi.Ecco.classify(["g0e2"]).code == "A10"
    # Only the first 20 plies count: moves after them change nothing.
    long_game = xiangqi.Board.from_moves(C45_LINE + ["a9b9", "a0b0", "b7b3", "e3e4", "b3c3", "e4e5"])
    assert long_game.ecco().code == xiangqi.Ecco.classify(long_game.move_stack[:20]).code


def test_no_code_gives_the_reason() -> None:
    with pytest.raises(xiangqi.NoEccoCodeError, match="no moves"):
        xiangqi.Board().ecco()
    with pytest.raises(xiangqi.NoEccoCodeError, match="no moves"):
        xiangqi.Ecco.classify([])
    composed = xiangqi.Board("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1")
    composed.push("e1e2")
    with pytest.raises(xiangqi.NoEccoCodeError, match="set-up position"):
        composed.ecco()
    assert issubclass(xiangqi.NoEccoCodeError, ValueError)
    with pytest.raises(xiangqi.IllegalMoveError) as illegal:
        xiangqi.Ecco.classify(["h2e2", "h9g7", "h2h9"])
    assert illegal.value.move == "h2h9"
    assert illegal.value.fen is not None and illegal.value.fen.startswith("rnbakab1r/9/1c4nc1/")
    with pytest.raises(xiangqi.InvalidMoveTextError):
        xiangqi.Ecco.classify(["h2e2", "nonsense"])
    with pytest.raises(TypeError):
        xiangqi.Ecco.classify([42])  # type: ignore[list-item]


def test_codes_by_name() -> None:
    c02 = xiangqi.Ecco.from_code("C02")
    assert (c02.opening, c02.variation) == ("中炮七路马对屏风马", "红左马盘河")
    assert xiangqi.Ecco.from_code("A00").variation is None
    codes = xiangqi.Ecco.all()
    assert len(codes) == 260 and codes[0].code == "A00"
    assert len({c.group for c in codes}) == 34
    with pytest.raises(xiangqi.XiangqiError):
        xiangqi.Ecco.from_code("Z99")
    assert pickle.loads(pickle.dumps(c02)) == c02
    assert len({c02, xiangqi.Ecco.from_code("C02")}) == 1


def test_the_bundled_tagged_games_agree_with_their_tags() -> None:
    tagged = agree = 0
    for game in xiangqi.read_games(DATA / "ecco" / "ccpd-tagged-sample.pgn"):
        tag = game.headers.get("ECCO", "")
        if not tag:
            continue
        tagged += 1
        agree += game.ecco().code == tag
    assert tagged >= 250
    assert agree / tagged >= 0.975, f"{agree} of {tagged}"
