"""Times xiangqi.dask on a local cluster against one process, in one run: the bundled games copied until the
corpus holds at least --plies plies, the games table with verdicts written to Parquet, best of --runs.

- one process, ``xiangqi.analyse(threads=1)`` and ``threads=2`` then ``xiangqi.to_parquet``;
- Dask (``distributed``, worker processes on loopback TCP, one thread each) with one and two workers,
  these six runs interleaved round after round (the machine's speed drifts), each keeping its best;
  ``xiangqi.dask.to_parquet`` (each worker writes its partitions), and the same gathered into the client
  (``compute()``: every partition's frame crosses to the client process, which shares the two cores);
- two workers over the same corpus cut into partitions of several sizes (bytes of records);
- the fixed cost of a task: 400 one-game records in memory as 400 partitions, against the same records in one
  partition, on two workers (scheduling, the engine's start, the frames' conversion and transfer).

Usage: python bench/bench_dask.py [--plies 2000000] [--runs 3] [--sizes 65536,262144,1048576,4194304]
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Dict, List

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = [ROOT / "examples" / "data" / "wukong", ROOT / "examples" / "data" / "ccpd"]


def best(runs: int, work: Callable[[], Any]) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def build_corpus(target_plies: int, into: Path) -> int:
    import xiangqi

    files = [f for d in BUNDLED for f in sorted(d.glob("*.pgn"))]
    plies_once = sum(sum(xiangqi.analyse([str(f)]).column("plies").to_pylist()) for f in files)
    copies = -(-target_plies // plies_once)
    for k in range(copies):
        folder = into / f"copy{k:03d}"
        folder.mkdir()
        for f in files:
            shutil.copy(f, folder / f.name)
    return plies_once * copies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plies", type=int, default=2_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="65536,262144,1048576,4194304")
    parser.add_argument("--partition-size", type=int, default=4 << 20)
    args = parser.parse_args()

    import distributed
    import xiangqi
    import xiangqi.dask
    from xiangqi._pieces import group, plan

    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as written:
        corpus = Path(tmp)
        plies = build_corpus(args.plies, corpus)
        paths = [str(corpus)]
        started = time.perf_counter()
        pieces = plan(paths, partition_size=args.partition_size)
        planned = time.perf_counter() - started
        partitions = len(group(pieces, args.partition_size))
        print(f"corpus: {plies:,} plies in {len(pieces)} pieces, {partitions} partitions; plan {planned:.2f} s")
        rows: List[tuple] = []

        out = Path(written)

        def one_process(threads: int) -> None:
            xiangqi.to_parquet(xiangqi.analyse(paths, threads=threads), out / "one.parquet")

        def with_dask(partition_size: int, **source: Any) -> None:
            target = out / "dask"
            shutil.rmtree(target, ignore_errors=True)
            frame = xiangqi.dask.analyse(paths if not source else None, partition_size=partition_size, **source)
            xiangqi.dask.to_parquet(frame, str(target))

        with contextlib.ExitStack() as stack:
            clients = {}
            for workers in (1, 2):
                cluster = stack.enter_context(distributed.LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                    dashboard_address=None,
                ))
                clients[workers] = stack.enter_context(distributed.Client(cluster, set_as_default=False))

            def on(workers: int, work: Callable[[], Any]) -> Callable[[], Any]:
                def run() -> Any:
                    with clients[workers].as_current():
                        return work()
                return run

            # This machine's speed drifts over minutes: the runs to compare are interleaved, round after
            # round, and each keeps its best.
            compared = [
                ("one process, threads=1", lambda: one_process(1)),
                ("one process, threads=2", lambda: one_process(2)),
                (f"dask, 1 worker x 1 thread, {partitions} partitions", on(1, lambda: with_dask(args.partition_size))),
                (f"dask, 2 workers x 1 thread, {partitions} partitions", on(2, lambda: with_dask(args.partition_size))),
                ("dask, 1 worker, gathered into the client",
                 on(1, lambda: xiangqi.dask.analyse(paths, partition_size=args.partition_size).compute())),
                ("dask, 2 workers, gathered into the client",
                 on(2, lambda: xiangqi.dask.analyse(paths, partition_size=args.partition_size).compute())),
            ]
            for _, work in compared[2:]:
                work()  # warm the workers (imports) before timing
            timings: Dict[str, List[float]] = {name: [] for name, _ in compared}
            for _ in range(args.runs):
                for name, work in compared:
                    timings[name].append(best(1, work))
            rows.extend((name, min(times)) for name, times in timings.items())

            for size in [int(s) for s in args.sizes.split(",")]:
                count = len(group(plan(paths, partition_size=size), size))
                seconds = best(args.runs, on(2, lambda: with_dask(size)))
                rows.append((f"dask, 2 workers, partition_size={size} ({count} partitions)", seconds))
            record = b"1. h2e2 h9g7 2. h0g2 *\n"
            tiny = {f"game{k}.pgn": record for k in range(400)}
            # A partition as large as one record: one record each, none cut (nor counted).
            apart = best(args.runs, on(2, lambda: with_dask(len(record), source=tiny)))
            together = best(args.runs, on(2, lambda: with_dask(1 << 30, source=tiny)))
            print(f"fixed cost of a task: {(apart - together) * 2 / 399 * 1000:.1f} ms of a worker "
                  f"(400 one-game partitions {apart:.2f} s, one partition {together:.2f} s, two workers)")

        base = {name: s for name, s in rows}
        one = base["one process, threads=1"]
        two = base["one process, threads=2"]
        print(f"{'run':<60} {'s':>7} {'plies/s':>12} {'vs 1 thread':>11} {'vs threads=2':>12}")
        for name, seconds in rows:
            rate = plies / seconds
            print(f"{name:<60} {seconds:>7.2f} {rate:>12,.0f} {one / seconds:>10.2f}x {two / seconds:>11.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
