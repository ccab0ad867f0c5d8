#!/usr/bin/env python3
"""Timings of the `xiangqi` Python package, in-process medians, with the peers measured in the same run.

Measures (JSON lines in the style of ../shared/bench, same names where the work is the same):
  legal_start        list(board.legal_moves) at the start position            per call
  legal_start_len    len(board.legal_moves) at the start position             per call
  legal_hist60       list(board.legal_moves) on a board with 60 plies played  per call
  legal_hist120      same with 120 plies
  legal_fen60        list(Board(fen_after_60).legal_moves), the board made once
  replay_hist        replay the 1,000 random games: before each move check it is in board.legal_moves, then
                     push it (history kept: the arbiter sees repetitions)
  replay_hist_end    replay_hist plus board.is_game_over() each ply (mate, stalemate, repetition rulings,
                     natural limit)
  analyse_t1/_t2     xiangqi.analyse over the full CCPD corpus (../shared/data/games/ccpd) with 1 and 2
                     threads: every game read, replayed through the arbiter, repetitions judged (plies/s)

usage: bench_xiangqi.py [--repeat R] [--calls C] [--peers] [--corpus DIR]
With --peers, ../shared/bench/bench_pyffish.py and bench_cchess.py run in the same run (pyffish==0.0.90 and
cchess==1.25.5 from PyPI, see bench/requirements.txt) and a side-by-side table is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any, Callable, Dict, List, Optional

import xiangqi

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED_BENCH = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "bench"))
CORPUS = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "data", "games", "ccpd"))

if os.path.isfile(os.path.join(SHARED_BENCH, "xq_common.py")):
    sys.path.insert(0, SHARED_BENCH)
    from xq_common import load_games, per_call, summary, whole  # type: ignore[import-not-found]
else:  # the same helpers, for a checkout without ../shared

    def load_games(path: str = "", limit: Optional[int] = None) -> List[Dict[str, Any]]:
        raise SystemExit("../shared/bench/data/random_games_1000.jsonl is needed for the replay measures")

    def per_call(fn: Callable[[], Any], number: int, repeat: int) -> List[float]:
        res = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            for _ in range(number):
                fn()
            res.append((time.perf_counter() - t0) / number)
        return res

    def whole(fn: Callable[[], Any], repeat: int) -> Any:
        res, out = [], None
        for _ in range(repeat):
            t0 = time.perf_counter()
            out = fn()
            res.append(time.perf_counter() - t0)
        return res, out

    def summary(name: str, times: List[float], work: Any = None, unit: str = "op", extra: Any = None) -> Dict[str, Any]:
        med = statistics.median(times)
        d = {"measure": name, "runs": len(times), "median_s": med, "min_s": min(times), "max_s": max(times)}
        if work:
            d["work"] = work
            d[f"{unit}s_per_s"] = work / med
        if extra:
            d.update(extra)
        print(json.dumps(d), flush=True)
        return d


def replay(games: List[Dict[str, Any]], end_checks: bool) -> int:
    plies = 0
    for g in games:
        board = xiangqi.Board()
        for text in g["moves_iccs"]:
            move = xiangqi.Move.from_iccs(text)
            if move not in board.legal_moves:
                raise SystemExit(f"illegal {text} in game {g['id']}")
            board.push(move)
            if end_checks:
                board.is_game_over()
        plies += len(g["moves_iccs"])
    return plies


def ours(a: argparse.Namespace) -> Dict[str, Dict[str, Any]]:
    print(f"# xiangqi {xiangqi.__version__} python {sys.version.split()[0]}", flush=True)
    results: Dict[str, Dict[str, Any]] = {}

    def keep(d: Dict[str, Any]) -> None:
        results[d["measure"]] = d

    games = load_games()
    long_game = next(g for g in games if g["plies"] >= 120)["moves_iccs"]
    start = xiangqi.Board()
    h60 = xiangqi.Board.from_moves(long_game[:60])
    h120 = xiangqi.Board.from_moves(long_game[:120])
    fen60 = xiangqi.Board(h60.fen())
    assert len(list(start.legal_moves)) == 44
    per = {"unit": "s/call", "calls_per_batch": a.calls}
    keep(summary("legal_start", per_call(lambda: list(start.legal_moves), a.calls, a.repeat), extra=per))
    keep(summary("legal_start_len", per_call(lambda: len(start.legal_moves), a.calls, a.repeat), extra=per))
    keep(summary("legal_hist60", per_call(lambda: list(h60.legal_moves), a.calls, a.repeat), extra=per))
    keep(summary("legal_hist120", per_call(lambda: list(h120.legal_moves), a.calls, a.repeat), extra=per))
    keep(summary("legal_fen60", per_call(lambda: list(fen60.legal_moves), a.calls, a.repeat), extra=per))
    t, plies = whole(lambda: replay(games, False), a.replay_runs)
    keep(summary("replay_hist", t, work=plies, unit="ply", extra={"games": len(games)}))
    t, plies = whole(lambda: replay(games, True), a.replay_runs)
    keep(summary("replay_hist_end", t, work=plies, unit="ply", extra={"games": len(games)}))
    if os.path.isdir(a.corpus):
        for threads in (1, 2):
            t, table = whole(lambda: xiangqi.analyse(a.corpus, threads=threads, progress=False), a.analyse_runs)
            plies = sum(table.column("plies").to_pylist())
            keep(summary(f"analyse_t{threads}", t, work=plies, unit="ply", extra={"games": table.num_rows}))
    else:
        print(f"# {a.corpus} not present: analyse skipped", flush=True)
    return results


def run_peer(script: str, args: List[str]) -> Dict[str, Dict[str, Any]]:
    path = os.path.join(SHARED_BENCH, script)
    done = subprocess.run([sys.executable, path] + args, cwd=SHARED_BENCH, capture_output=True, text=True)
    out: Dict[str, Dict[str, Any]] = {}
    for line in done.stdout.splitlines():
        print(line, flush=True)
        if line.startswith("{"):
            d = json.loads(line)
            out[d["measure"]] = d
    if done.returncode != 0:
        print(f"# {script} failed:\n{done.stderr[-2000:]}", flush=True)
    return out


def table(ours: Dict[str, Dict[str, Any]], ffish: Dict[str, Dict[str, Any]], cch: Dict[str, Dict[str, Any]]) -> None:
    def cell(d: Optional[Dict[str, Any]], per_call: bool) -> str:
        if not d:
            return "—"
        return f"{d['median_s'] * 1e6:,.2f} µs" if per_call else f"{d['plys_per_s']:,.0f} plies/s"

    def ratio(mine: Optional[Dict[str, Any]], peer: Optional[Dict[str, Any]], per_call: bool) -> str:
        if not mine or not peer:
            return "—"
        x = peer["median_s"] / mine["median_s"] if per_call else mine["plys_per_s"] / peer["plys_per_s"]
        return f"{x:,.0f}×"

    rows = [
        ("legal moves, start position", "legal_start", "legal_start", "legal_start", True),
        ("  same, len() only", "legal_start_len", "legal_start", "legal_start", True),
        ("legal moves, 60 plies of history", "legal_hist60", "legal_hist60", "legal_pos60", True),
        ("legal moves, 120 plies of history", "legal_hist120", "legal_hist120", None, True),
        ("legal moves, FEN after 60 plies", "legal_fen60", "legal_fen60", "legal_pos60", True),
        ("replay random games, legality checked", "replay_hist", "replay_hist", "replay", False),
        ("  plus game-end checks each ply", "replay_hist_end", "replay_hist_end", None, False),
        ("bulk analysis, CCPD corpus, 1 thread", "analyse_t1", None, None, False),
        ("bulk analysis, CCPD corpus, 2 threads", "analyse_t2", None, None, False),
    ]
    print("\n| work | xiangqi | pyffish 0.0.90 | cchess 1.25.5 | vs pyffish | vs cchess |")
    print("|---|---|---|---|---|---|")
    for label, mine_key, ffish_key, cchess_key, per_call in rows:
        mine = ours.get(mine_key)
        f = ffish.get(ffish_key) if ffish_key else None
        c = cch.get(cchess_key) if cchess_key else None
        print(
            f"| {label} | {cell(mine, per_call)} | {cell(f, per_call)} | {cell(c, per_call)} "
            f"| {ratio(mine, f, per_call)} | {ratio(mine, c, per_call)} |"
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--calls", type=int, default=20000)
    ap.add_argument("--replay-runs", type=int, default=3)
    ap.add_argument("--analyse-runs", type=int, default=3)
    ap.add_argument("--corpus", default=CORPUS)
    ap.add_argument("--peers", action="store_true", help="run pyffish and cchess in the same run")
    a = ap.parse_args()
    mine = ours(a)
    if not a.peers:
        return
    if not os.path.isdir(SHARED_BENCH):
        raise SystemExit(f"{SHARED_BENCH} not present: the peer scripts live there")
    ffish = run_peer(
        "bench_pyffish.py",
        ["--games", "100", "--games-fen", "50", "--games-end", "30", "--replay-runs", "1", "--repeat", "3",
         "--calls", "2000", "--skip", "perft4_fen"],
    )
    cch = run_peer(
        "bench_cchess.py",
        ["--games", "20", "--games-raw", "20", "--replay-runs", "1", "--repeat", "3", "--calls", "200",
         "--skip", "perft3,read_pgn"],
    )
    table(mine, ffish, cch)


if __name__ == "__main__":
    main()
