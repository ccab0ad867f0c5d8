"""The case files of the Rust tests, judged through the Python API: perft rows (under a node budget),
the repetition cases under each rule set, and the notation translation cases."""

from __future__ import annotations

import json
import os
from typing import Any, Dict, List, Tuple

import pytest

import xiangqi
from xiangqi import Board

from conftest import DATA, shared_or_bundled

#: Rows with more leaves than this are left to the Rust test (Python recursion is slow).
PERFT_BUDGET = int(os.environ.get("XIANGQI_PERFT_BUDGET", "400000"))


def perft_rows() -> List[Tuple[str, str, int, int]]:
    path = shared_or_bundled("data/perft/perft.tsv", "perft/perft.tsv")
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#") or line.startswith("id\t"):
            continue
        ident, fen, depth, nodes = line.split("\t")
        rows.append((ident, fen, int(depth), int(nodes)))
    return rows


def perft(board: Board, depth: int) -> int:
    if depth == 1:
        return len(board.legal_moves)
    total = 0
    for m in board.legal_moves:
        board.push(m)
        total += perft(board, depth - 1)
        board.pop()
    return total


ROWS = perft_rows()
QUICK = [row for row in ROWS if row[3] <= PERFT_BUDGET]


def test_perft_table_is_read() -> None:
    assert len(ROWS) >= 100 and len(QUICK) >= 50
    print(f"perft: {len(QUICK)} of {len(ROWS)} rows within {PERFT_BUDGET:,} nodes")


@pytest.mark.parametrize("ident,fen,depth,nodes", QUICK, ids=[f"{r[0]}-d{r[2]}" for r in QUICK])
def test_perft(ident: str, fen: str, depth: int, nodes: int) -> None:
    board = Board(fen, lenient=True)  # published perft positions may break placement rules on purpose
    assert perft(board, depth) == nodes
    assert board.fen() == Board(fen, lenient=True).fen(), "push and pop restore the position"


# The cases whose verdicts differ from the book's, as in the Rust test (explained in docs/arbiter.md).
VERDICT_DISAGREEMENTS = {("axf", "fsf-test-22"), ("axf", "fsf-test-25"), ("axf", "fsf-test-27")}
FIGURE_18_FEN = "4ka3/4a4/b3b4/9/9/3R5/4n4/3Ar4/3KA4/9 w"


def figure_18_key_point(fen: str, move: xiangqi.Move) -> bool:
    return fen.startswith(FIGURE_18_FEN) and move.iccs() == "d4e4"


def load_cases() -> List[Dict[str, Any]]:
    path = shared_or_bundled("rules/cases/repetition-cases.jsonl", "rules/repetition-cases.jsonl")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


CASES = load_cases()


def judge(case: Dict[str, Any], rules: str) -> Board:
    hook = figure_18_key_point if case["id"] == "cxa2020-ch8-fig18" else None
    return Board.from_moves(case["moves"], fen=case["fen"], rules=rules, key_point=hook)


@pytest.mark.parametrize("rules", ["cxa", "cxa2020", "axf"])
def test_repetition_cases(rules: str) -> None:
    failures = []
    verdicts_ok = verdicts_total = classes_ok = classes_total = 0
    for case in CASES:
        book_2020 = case["id"].startswith("cxa2020")
        if book_2020 == (rules == "axf"):
            continue
        board = judge(case, rules)
        classes = [board.classify(i).move_class for i in range(board.ply())]
        expected_classes = case.get("expected_classes")
        if expected_classes:
            expected = [c.split(":")[0] for c in expected_classes]
            classes_total += len(expected)
            classes_ok += sum(a == b for a, b in zip(expected, classes))
            if expected != classes:
                failures.append(f"{case['id']}: classes {classes}, book {expected}")
        outcome = board.outcome()
        verdict = "continue" if outcome is None else outcome.summary
        expected_verdict = case["seed_verdict" if rules == "cxa" else "expected_verdict"]
        verdicts_total += 1
        verdicts_ok += verdict == expected_verdict
        listed = (rules, case["id"]) in VERDICT_DISAGREEMENTS
        if (verdict == expected_verdict) == listed:
            note = " (listed as a disagreement, now agrees)" if listed else ""
            failures.append(f"{case['id']}: verdict {verdict!r}, expected {expected_verdict!r}{note}")
    print(f"{rules}: classes {classes_ok}/{classes_total}, verdicts {verdicts_ok}/{verdicts_total}")
    assert verdicts_total > 30
    assert not failures, "\n".join(failures)


def test_every_case_is_explained() -> None:
    for case in CASES:
        outcome = judge(case, "cxa").outcome()
        assert outcome is not None, case["id"]
        assert outcome.moves, case["id"]
        for c in outcome.moves:
            side = "red" if c.side else "black"
            assert f"{c.ply + 1}. {side} {c.move.iccs()}" in outcome.explanation


NOTATION = {"English": "wxf", "UCCI": "iccs", "TraditionalChinese": "chinese", "SimplifiedChinese": "chinese"}


def tokens(text: str) -> List[str]:
    return [t for t in text.split() if not t.rstrip(".").isdigit()]


def write_as(name: str, board: Board, move: xiangqi.Move) -> str:
    if name == "English":
        return board.wxf(move, black_lower_case=True)
    if name == "UCCI":
        return move.iccs()
    return board.chinese(move, traditional=name == "TraditionalChinese")


def test_notation_cases() -> None:
    path = DATA / "notation" / "move_translator_cases.json"
    cases = json.loads(path.read_text(encoding="utf-8"))
    assert len(cases) == 24
    failures = []
    moves = 0
    for i, case in enumerate(cases):
        source, expected = tokens(case["from"]), tokens(case["to"])
        assert len(source) == len(expected), i
        board = Board()
        parse = {"wxf": board.parse_wxf, "iccs": board.parse_iccs, "chinese": board.parse_chinese}
        for ply, (text, want) in enumerate(zip(source, expected)):
            move = parse[NOTATION[case["from_notation"]]](text)
            if board.parse_notation(text) != move:
                failures.append(f"case {i} ply {ply + 1}: detection differs for {text!r}")
            written = write_as(case["to_notation"], board, move)
            if written != want:
                failures.append(f"case {i} ply {ply + 1}: {text!r} written {written!r}, expected {want!r}")
                break
            board.push(move)
            moves += 1
    print(f"notation: {len(cases)} cases, {moves} moves")
    assert not failures, "\n".join(failures[:20])
