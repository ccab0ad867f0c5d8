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


def fields(obj: object) -> dict[str, object]:
    """Every public attribute of a read-only result object, nested objects described the same way."""

    def plain(value: object) -> object:
        if isinstance(value, list):
            return [plain(v) for v in value]
        if isinstance(value, (xiangqi.Classification, xiangqi.ChaseTarget)):
            return fields(value)
        return value

    names = [n for n in dir(obj) if not n.startswith("_") and not callable(getattr(obj, n))]
    return {n: plain(getattr(obj, n)) for n in names}


def test_verdicts_and_classes_pickle() -> None:
    board = xiangqi.Board.from_moves(["f0e0", "e8f8", "e0f0", "f8e8"] * 2, fen="2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1")
    outcome = board.outcome()
    assert outcome is not None and outcome.moves
    again = pickle.loads(pickle.dumps(outcome))
    assert isinstance(again, xiangqi.Outcome) and fields(again) == fields(outcome)
    assert again.result() == outcome.result() == "0-1" and again.termination is xiangqi.Termination.PERPETUAL_CHECK
    terminations = [getattr(xiangqi.Termination, name) for name in dir(xiangqi.Termination) if name.isupper()]
    assert len(terminations) == 12
    for termination in terminations:
        assert pickle.loads(pickle.dumps(termination)) == termination

    chase = xiangqi.Board("4k4/9/9/9/2n6/9/9/9/9/3K4R w - - 0 1")
    chase.push_iccs("i0i5")
    classification = chase.classify(0)
    assert classification.chases
    copy = pickle.loads(pickle.dumps(classification))
    assert fields(copy) == fields(classification) and copy.move is classification.move
    target = pickle.loads(pickle.dumps(classification.chases[0]))
    assert fields(target) == fields(classification.chases[0]) and target.rooting == "unrooted"


def test_game_nodes_pickle_with_their_game() -> None:
    text = "{start} 1. h2e2 {central} h9g7 $1 (1... h7e7 2. h0g2) 2. h0g2 1-0\n"
    (game,) = list(xiangqi.read_games(text.encode("utf-8")))
    first = game.root().variations[0]
    reply, alternative = first.variations
    deep = alternative.variations[0]
    for node in (game.root(), first, reply, alternative, deep):
        copy = pickle.loads(pickle.dumps(node))
        assert isinstance(copy, xiangqi.GameNode)
        assert (copy.move, copy.ply, copy.comment, copy.nags, copy.fen()) == (
            node.move,
            node.ply,
            node.comment,
            node.nags,
            node.fen(),
        )
        assert [v.move for v in copy.variations] == [v.move for v in node.variations]
    parent = pickle.loads(pickle.dumps(deep)).parent
    assert parent is not None and parent.move == alternative.move
