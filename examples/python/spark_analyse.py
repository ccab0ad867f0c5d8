#!/usr/bin/env python3
"""Analyses record files with Spark and writes the games and plies tables as Parquet.

    python examples/python/spark_analyse.py [--master URL] [--out DIR] [--binary] [PATH ...]

PATH are record files, directories or glob patterns (default: the bundled examples/data). Writes
DIR/games.parquet and DIR/plies.parquet (Parquet directories, one file per partition) and prints the row
counts and the games by verdict. ``--master`` is ``local[2]`` by default; give ``spark://host:7077``,
``yarn`` or ``k8s://...`` for a cluster, whose executors need the ``xiangqi`` package. With paths, the files
must be readable at the same paths on the driver and the executors (a shared file system); ``--binary``
reads them through Spark instead (``binaryFile``, any file system Spark reads: ``hdfs://``, ``s3a://``).

Needs ``pip install -r tests/python/requirements-spark.txt`` and a Java runtime.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any, List

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

import xiangqi.spark

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.join(HERE, "..", "data")
RECORD_FILES = "*.{pgn,PGN,xqf,XQF,html,htm}"


def session(master: str) -> Any:
    if master.startswith("local"):
        # Local workers run this interpreter, which has xiangqi; a cluster's executors have their own.
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = (
        SparkSession.builder.master(master)
        .appName("xiangqi-analyse")
        .config("spark.ui.showConsoleProgress", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("WARN")
    return spark


def analyse(spark: Any, paths: List[str], binary: bool, partition_size: int) -> Any:
    if binary:
        files = (
            spark.read.format("binaryFile")
            .option("pathGlobFilter", RECORD_FILES)
            .option("recursiveFileLookup", "true")
            .load(paths)
        )
        return xiangqi.spark.analyse_binary(files, plies=True)
    return xiangqi.spark.analyse(spark, paths, plies=True, partition_size=partition_size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", default=[DEFAULT_DATA])
    parser.add_argument("--master", default="local[2]", help="the Spark master (default: local[2])")
    parser.add_argument("--out", default=os.path.join(HERE, "out", "spark"), help="the output directory")
    parser.add_argument("--binary", action="store_true", help="read the files through Spark's binaryFile source")
    parser.add_argument(
        "--partition-size", type=int, default=xiangqi.spark.DEFAULT_PARTITION_SIZE, help="bytes of records per task"
    )
    args = parser.parse_args()

    spark = session(args.master)
    started = time.perf_counter()
    games, plies = analyse(spark, args.paths, args.binary, args.partition_size)
    games.write.mode("overwrite").parquet(os.path.join(args.out, "games.parquet"))
    plies.write.mode("overwrite").parquet(os.path.join(args.out, "plies.parquet"))
    print(f"{games.count()} games and {plies.count()} plies in {time.perf_counter() - started:.1f} s")
    print(f"written to {args.out}/games.parquet and {args.out}/plies.parquet")

    games.groupBy("status").count().orderBy("status").show()
    games.groupBy("verdict", "termination").count().orderBy(F.desc("count")).show(10, truncate=False)
    xiangqi.spark.release(games)
    spark.stop()


if __name__ == "__main__":
    main()
