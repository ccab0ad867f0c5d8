"""Boards, moves and games survive pickling, also through a multiprocessing pool (spawn)."""

from __future__ import annotations

import multiprocessing
import pickle
from typing import List, Tuple

import xiangqi

from conftest import DATA


def describe_board(board: xiangqi.Board) -> Tuple[str, List[str], str, str]:
    outcome = board.outcome()
    return board.fen(), [m.iccs() for m in board.move_stack], board.rules, outcome.summary if outcome else "continue"


def describe_game(game: xiangqi.Game) -> Tuple[int, List[str], str, bool]:
    return game.index, [m.iccs() for m in game.mainline_moves()], game.headers.get("Red", ""), game.error is None


def test_pickle_round_trips() -> None:
    board = xiangqi.Board.from_moves(["h2e2", "h9g7"], rules="axf")
    again = pickle.loads(pickle.dumps(board))
    assert again == board and again.move_stack == board.move_stack and again.rules == "axf"
    move = xiangqi.Move.from_iccs("h2e2")
    assert pickle.loads(pickle.dumps(move)) is move
    games = list(xiangqi.read_games(DATA / "records" / "ccpd-selected.pgn"))
    restored = [pickle.loads(pickle.dumps(g)) for g in games]
    assert [describe_game(g) for g in restored] == [describe_game(g) for g in games]
    (bad,) = list(xiangqi.read_games(b"1. h2e2 h9g7 2. h0h5"))
    copy = pickle.loads(pickle.dumps(bad))
    assert isinstance(copy.error, xiangqi.RecordError) and copy.error.token == "h0h5"


def test_through_a_spawned_pool() -> None:
    boards = [
        xiangqi.Board(),
        xiangqi.Board.from_moves(["f0e0", "e8f8", "e0f0", "f8e8"] * 2, fen="2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1"),
    ]
    games = list(xiangqi.read_games(DATA / "records" / "ccpd-selected.pgn"))[:5]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        assert pool.map(describe_board, boards) == [describe_board(b) for b in boards]
        assert pool.map(describe_game, games) == [describe_game(g) for g in games]
    assert describe_board(boards[1])[3] == "red loses"
