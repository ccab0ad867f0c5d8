"""Reading records: the bundled files, the same games as the core's `replay` example, streaming, the tree,
and the shared corpus when it is present."""

from __future__ import annotations

import io
import json
import os
import pickle
import shlex
import subprocess
from pathlib import Path
from typing import Dict, List

import pytest

import xiangqi

from conftest import DATA, SHARED

RECORD_FILES = sorted(
    p
    for folder in ("records", "xqf", "dhtmlxq")
    for p in (DATA / folder).iterdir()
    if p.suffix.lower() in {".pgn", ".xqf", ".html"}
)


def test_bundled_records_read_and_replay() -> None:
    games = errors = plies = 0
    for path in RECORD_FILES:
        for game in xiangqi.read_games(path):
            games += 1
            moves = game.mainline_moves()
            plies += len(moves)
            board = xiangqi.Board.from_moves(moves, fen=game.starting_fen)
            assert board.fen() == game.board().fen()
            if game.error is not None:
                errors += 1
                assert isinstance(game.error, xiangqi.RecordError)
                assert game.error.game_index == game.index
    print(f"bundled records: {len(RECORD_FILES)} files, {games} games, {errors} with errors, {plies} plies")
    assert len(RECORD_FILES) >= 30 and games >= 150 and errors >= 1


def replay_command() -> List[str]:
    command = os.environ.get("XIANGQI_REPLAY")
    if not command:
        pytest.skip("XIANGQI_REPLAY (the core's replay example) not set: `make py-test` sets it")
    return shlex.split(command)


def test_same_games_as_the_core_replay_example() -> None:
    command = replay_command()
    done = subprocess.run(command + [str(p) for p in RECORD_FILES], capture_output=True, text=True, timeout=600)
    expected: Dict[str, List[dict]] = {}
    for line in done.stdout.splitlines():
        row = json.loads(line)
        expected.setdefault(row["file"], []).append(row)
    compared = 0
    for path in RECORD_FILES:
        ours = list(xiangqi.read_games(path))
        theirs = expected[str(path)]
        assert len(ours) == len(theirs), path
        for game, row in zip(ours, theirs):
            assert [m.iccs() for m in game.mainline_moves()] == row["moves"], (path, game.index)
            assert game.result == row["result"]
            assert (game.error is None) == (row["error"] is None), (path, game.index)
            if row["start_fen"] is not None:
                assert game.starting_fen == row["start_fen"]
            compared += 1
    print(f"{compared} games identical to the core's replay example")


def test_sources_path_bytes_and_file_object_agree() -> None:
    path = DATA / "records" / "ccpd-selected.pgn"
    by_path = [g.mainline_moves() for g in xiangqi.read_games(str(path))]
    by_bytes = [g.mainline_moves() for g in xiangqi.read_games(path.read_bytes())]
    with open(path, "rb") as f:
        by_file = [g.mainline_moves() for g in xiangqi.read_games(f)]
    by_buffer = [g.mainline_moves() for g in xiangqi.read_games(io.BytesIO(path.read_bytes()), encoding="big5")]
    assert by_path == by_bytes == by_file == by_buffer and len(by_path) > 1
    with pytest.raises(OSError):
        xiangqi.read_games(DATA / "no-such-file.pgn")


def test_tree_comments_variations() -> None:
    text = '[Red "許銀川"]\n{start} 1. 炮二平五 {central} 馬８進７ $1 (1... 炮８平５) 2. 馬二進三 1-0\n'
    (game,) = list(xiangqi.read_games(text.encode("utf-8")))
    assert game.headers == {"Red": "許銀川"}
    assert game.result == "1-0" and game.format == "PGN" and game.plies == 3
    assert game.comment == "start"
    root = game.root()
    first = root.variations[0]
    assert first.move == xiangqi.Move.from_iccs("h2e2") and first.comment == "central"
    reply, alternative = first.variations
    assert reply.nags == [1] and alternative.move == xiangqi.Move.from_iccs("h7e7")
    assert alternative.parent is not None and alternative.parent.move == first.move
    assert [len(line) for line in game.lines()] == [3, 2]
    assert [n.move for n in game.mainline()] == game.mainline_moves()
    assert reply.board().fen() == reply.fen() == game.board(2).fen()
    assert "C2=5" in game.to_pgn("wxf")
    with pytest.raises(IndexError):
        game.board(4)


def test_xqf_and_dhtmlxq() -> None:
    (xqf,) = list(xiangqi.read_games(DATA / "xqf" / "SAMPLE.XQF"))
    assert xqf.format == "XQF" and xqf.plies == 75 and xqf.error is None
    (page,) = list(xiangqi.read_games(DATA / "dhtmlxq" / "44.html"))
    assert page.format == "DhtmlXQ" and page.plies > 0
    (bad,) = list(xiangqi.read_games(DATA / "xqf" / "BadMoveTest3.xqf"))
    assert bad.error is not None and bad.error.format == "XQF"


def test_chessbridge() -> None:
    folder = DATA / "chessbridge"
    (cbr,) = list(xiangqi.read_games(folder / "test2.cbr"))
    assert cbr.format == "ChessBridge" and cbr.error is None
    assert [m.iccs() for m in cbr.mainline_moves()] == ["h2e2", "h7e7"]
    assert cbr.comment == "李1" and cbr.headers["Title"] == "Test"
    again = pickle.loads(pickle.dumps(cbr))
    assert again.format == "ChessBridge" and again.plies == 2
    (cbf,) = list(xiangqi.read_games(folder / "test.cbf"))
    assert cbf.format == "ChessBridge" and cbf.plies == 50
    library = list(xiangqi.read_games(folder / "1989年龙化杯象棋名师邀请赛35局.CBL"))
    assert len(library) == 38 and all(g.error is None for g in library)
    # A layout version that is refused: an error naming byte 19.
    data = bytearray((folder / "test2.cbr").read_bytes())
    data[19] = 3
    (newer,) = list(xiangqi.read_games(bytes(data)))
    assert newer.error is not None and newer.error.byte_offset == 19
    assert "layout version 3 is not supported" in str(newer.error)


def test_shared_corpus() -> None:
    corpus = SHARED / "data" / "games" / "ccpd"
    if not corpus.is_dir():
        pytest.skip(f"{corpus} not present: the shared corpus is not checked")
    games = read = plies = 0
    for path in sorted(corpus.glob("*.pgn")):
        for game in xiangqi.read_games(path):
            games += 1
            if game.error is None:
                read += 1
                plies += game.plies
    print(f"CCPD: {games} games, {read} read, {plies} main-line plies")
    # The same counts as the core's corpus test (docs/records.md).
    assert (games, read, plies) == (28178, 28168, 2277664)
