#!/usr/bin/env python3
"""Analyses record files on a Dask cluster and writes the games and plies tables as Parquet.

    python examples/python/dask_analyse.py [--scheduler ADDRESS] [--out DIR] [--partition-size N] [PATH ...]

PATH are record files, directories or glob patterns (default: the bundled examples/data). Writes
DIR/games/ and DIR/plies/ (Parquet, one file per partition) in one pass over the records, then prints the row
counts and the games by verdict. ``--scheduler tcp://host:8786`` runs it on that cluster, whose workers need the
``xiangqi`` package and the files at the same paths; without it a local cluster of one single-threaded
worker process per core is started.

Needs ``pip install -r tests/python/requirements-dask.txt``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import dask
import distributed

import xiangqi.dask

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.join(HERE, "..", "data")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", default=[DEFAULT_DATA])
    parser.add_argument("--scheduler", help="a Dask scheduler's address, such as tcp://10.0.0.5:8786")
    parser.add_argument("--out", default=os.path.join(HERE, "out", "dask"))
    parser.add_argument("--partition-size", type=int, default=xiangqi.dask.DEFAULT_PARTITION_SIZE)
    args = parser.parse_args()

    if args.scheduler:
        client = distributed.Client(args.scheduler)
    else:
        cluster = distributed.LocalCluster(
            n_workers=os.cpu_count() or 1, threads_per_worker=1, dashboard_address=None
        )
        client = distributed.Client(cluster)
    with client:
        started = time.perf_counter()
        games, plies = xiangqi.dask.analyse(args.paths, plies=True, partition_size=args.partition_size)
        dask.compute(
            xiangqi.dask.to_parquet(games, os.path.join(args.out, "games"), compute=False),
            xiangqi.dask.to_parquet(plies, os.path.join(args.out, "plies"), compute=False),
        )
        seconds = time.perf_counter() - started
        # The nested columns (lists, structs, maps) read back as Arrow types.
        written = dask.dataframe.read_parquet(os.path.join(args.out, "games"), dtype_backend="pyarrow")
        rows = len(written)
        plies_rows = len(dask.dataframe.read_parquet(os.path.join(args.out, "plies"), dtype_backend="pyarrow"))
        print(f"{rows} games, {plies_rows} plies in {games.npartitions} partitions, {seconds:.1f} s -> {args.out}")
        print(written.groupby("verdict").size().compute().sort_values(ascending=False).to_string())
    return 0


if __name__ == "__main__":
    sys.exit(main())
