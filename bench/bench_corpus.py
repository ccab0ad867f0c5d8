"""Times the bulk engine through the `xiangqi analyse` command on a corpus, with one and two threads, game
rows alone and with per-ply rows, in one run (the summary line's plies/s, best of --runs).

Usage: python bench/bench_corpus.py [--runs N] [--xiangqi PATH] CORPUS...
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

SUMMARY = re.compile(r"(\d+) games, (\d+) plies, .* in ([0-9.]+) s")


def one_run(xiangqi: str, corpus: list[str], threads: int, plies: bool, out: str) -> tuple[int, int, float]:
    args = [xiangqi, "analyse", *corpus, "--threads", str(threads), "-o", os.path.join(out, "games.parquet")]
    if plies:
        args.append("--plies")
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
    print(f"{'work':<24} {'threads':>7} {'games':>8} {'plies':>10} {'best s':>8} {'plies/s':>12}")
    with tempfile.TemporaryDirectory() as out:
        for plies in (False, True):
            base = None
            for threads in (1, 2):
                runs = [one_run(args.xiangqi, args.corpus, threads, plies, out) for _ in range(args.runs)]
                games, count, best = min(runs, key=lambda r: r[2])
                rate = count / best
                base = base or rate
                work = "games + plies rows" if plies else "game rows (verdicts)"
                print(f"{work:<24} {threads:>7} {games:>8} {count:>10} {best:>8.2f} {rate:>12,.0f}  x{rate / base:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
