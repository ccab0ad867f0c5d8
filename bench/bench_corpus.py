"""Times the bulk engine through the `xiangqi analyse` command on a corpus, on one core and with two threads,
game rows alone and with per-ply rows, in one run (the summary line's plies/s, best of --runs).

"One core" pins the whole process to one CPU (`taskset -c 0`, where there is one): with `--threads 1` the
command still reads, writes and analyses on separate threads, which an unpinned run would spread over two
cores. The runs of the two settings are interleaved, so a drift of the machine's speed touches both alike.

Usage: python bench/bench_corpus.py [--runs N] [--xiangqi PATH] CORPUS...
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

SUMMARY = re.compile(r"(\d+) games, (\d+) plies, .* in ([0-9.]+) s")


def one_run(xiangqi: str, corpus: list[str], threads: int, plies: bool, out: str) -> tuple[int, int, float]:
    args = [xiangqi, "analyse", *corpus, "--threads", str(threads), "-o", os.path.join(out, "games.parquet")]
    if plies:
        args.append("--plies")
    if threads == 1 and shutil.which("taskset"):
        args = ["taskset", "-c", "0", *args]
    done = subprocess.run(args, capture_output=True, text=True, check=True)
    match = SUMMARY.search(done.stderr)
    if match is None:
        raise SystemExit(f"no summary line in: {done.stderr}")
    return int(match[1]), int(match[2]), float(match[3])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", nargs="+")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--xiangqi", default="target/release/xiangqi")
    args = parser.parse_args()
    print(f"{'work':<24} {'setting':>7} {'games':>8} {'plies':>10} {'best s':>8} {'plies/s':>12}")
    if not shutil.which("taskset"):
        print("taskset not found: the one-thread runs are not pinned to one core")
    with tempfile.TemporaryDirectory() as out:
        for plies in (False, True):
            runs: dict[int, list[tuple[int, int, float]]] = {1: [], 2: []}
            for _ in range(args.runs):
                for threads in (1, 2):
                    runs[threads].append(one_run(args.xiangqi, args.corpus, threads, plies, out))
            base = None
            for threads in (1, 2):
                games, count, best = min(runs[threads], key=lambda r: r[2])
                rate = count / best
                base = base or rate
                work = "games + plies rows" if plies else "game rows (verdicts)"
                setting = "1 core" if threads == 1 else "2 thr"
                print(f"{work:<24} {setting:>7} {games:>8} {count:>10} {best:>8.2f} {rate:>12,.0f}  x{rate / base:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
