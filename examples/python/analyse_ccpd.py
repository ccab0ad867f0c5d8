#!/usr/bin/env python3
"""Results by opening code and how repetitions end games, over CCPD game collections.

    python examples/python/analyse_ccpd.py [--out DIR] [--threads N] [PATH ...]

PATH are record files or directories (default: the bundled subset in examples/data/ccpd; give
../shared/data/games/ccpd for the whole corpus). Writes DIR/results_by_opening.csv (by the records' ECCO
tags), DIR/results_by_ecco_group.csv and DIR/ecco_groups.png (by the ECCO code computed from each game's
moves, grouped A0-E4), DIR/repetitions.csv and DIR/ccpd_summary.png, and prints a short report.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Dict, Iterator, List

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import xiangqi  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.join(HERE, "..", "data", "ccpd")
RESULTS = {"1-0": "red wins", "0-1": "black wins", "1/2-1/2": "draw"}


def results_by_opening(games: pd.DataFrame, top: int) -> pd.DataFrame:
    """One row per ECCO code computed from the moves: games, and the shares of red wins, draws, black wins."""
    known = games[games["recorded_result"].isin(list(RESULTS))].copy()
    known["outcome"] = known["recorded_result"].map(RESULTS)
    known["opening"] = known["ecco"].replace("", None).fillna("?")
    table = pd.crosstab(known["opening"], known["outcome"])
    for column in RESULTS.values():
        if column not in table:
            table[column] = 0
    table["games"] = table[list(RESULTS.values())].sum(axis=1)
    for column in RESULTS.values():
        table[f"{column} %"] = (100 * table[column] / table["games"]).round(1)
    return table.sort_values("games", ascending=False).head(top)


RECORD_SUFFIXES = (".pgn", ".xqf", ".html", ".htm")


def record_files(paths: List[str]) -> Iterator[str]:
    """The record files among `paths`, directories walked in sorted order."""
    for path in paths:
        if os.path.isdir(path):
            for folder, dirs, files in os.walk(path):
                dirs.sort()
                for name in sorted(files):
                    if name.lower().endswith(RECORD_SUFFIXES):
                        yield os.path.join(folder, name)
        else:
            yield path


def ecco_codes(paths: List[str]) -> pd.DataFrame:
    """One row per game from the standard start: its result, the ECCO code computed from its moves (not
    its tag), that code's group and group name, and the record's own tag for comparison."""
    rows: List[Dict[str, object]] = []
    for path in record_files(paths):
        for game in xiangqi.read_games(path):
            try:
                code = game.ecco()
            except xiangqi.NoEccoCodeError:  # a set-up position or no moves: no opening to classify
                continue
            rows.append(
                {
                    "result": game.result,
                    "ecco": code.code,
                    "group": code.group,
                    "group_name": code.group_name,
                    "ecco_tag": game.headers.get("ECCO", ""),
                }
            )
    return pd.DataFrame(rows, columns=["result", "ecco", "group", "group_name", "ecco_tag"])


def results_by_ecco_group(codes: pd.DataFrame) -> pd.DataFrame:
    """One row per ECCO group (A0-E4) reached: games, and the share of red wins, draws, black wins."""
    known = codes[codes["result"].isin(list(RESULTS))].copy()
    known["outcome"] = known["result"].map(RESULTS)
    table = pd.crosstab([known["group"], known["group_name"]], known["outcome"])
    for column in RESULTS.values():
        if column not in table:
            table[column] = 0
    table["games"] = table[list(RESULTS.values())].sum(axis=1)
    for column in RESULTS.values():
        table[f"{column} %"] = (100 * table[column] / table["games"]).round(1)
    return table.sort_index()


def ecco_chart(by_group: pd.DataFrame, path: str) -> None:
    """Stacked result shares per ECCO group, with the number of games on each bar."""
    fig, ax = plt.subplots(figsize=(10, max(4, 0.32 * len(by_group) + 1.5)))
    shares = by_group[[f"{c} %" for c in RESULTS.values()]].iloc[::-1]
    shares.columns = list(RESULTS.values())
    shares.index = [group for group, _ in shares.index]
    shares.plot.barh(stacked=True, ax=ax, color=["#c8102e", "#1a1a1a", "#bbbbbb"], width=0.8)
    for y, games in enumerate(by_group["games"].iloc[::-1]):
        ax.text(101, y, f"{games:,}", va="center", fontsize=8)
    ax.set_xlim(0, 112)
    ax.set_xlabel("% of games (number of games at the right)")
    ax.set_ylabel("ECCO group, computed from the moves")
    ax.set_title("Results by ECCO group")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.05), ncol=3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def repetitions(games: pd.DataFrame) -> pd.DataFrame:
    """How the arbiter judged the first repetition of each game, and whether the game ended there."""
    ruled = games[games["repetition_ply"].notna()].copy()
    ruled["ended_there"] = ruled["repetition_ply"] == ruled["plies"]
    summary = (
        ruled.groupby(["repetition_termination", "repetition_verdict", "repetition_article"], dropna=False)
        .agg(games=("plies", "size"), ended_there=("ended_there", "sum"))
        .reset_index()
        .sort_values("games", ascending=False)
    )
    return summary


def chart(by_opening: pd.DataFrame, reps: pd.DataFrame, games: pd.DataFrame, path: str) -> None:
    fig, (left, right) = plt.subplots(1, 2, figsize=(14, 6))
    shares = by_opening[[f"{c} %" for c in RESULTS.values()]].iloc[::-1]
    shares.columns = list(RESULTS.values())
    shares.plot.barh(stacked=True, ax=left, color=["#c8102e", "#1a1a1a", "#bbbbbb"])
    left.set_xlabel("% of games")
    left.set_ylabel("opening code (ECCO)")
    left.set_title("Results by opening code (most played)")
    left.legend(loc="lower right")
    counts = reps.groupby("repetition_termination")["games"].sum().sort_values()
    ended = reps.groupby("repetition_termination")["ended_there"].sum().reindex(counts.index)
    right.barh(counts.index, counts.values, color="#3f8efc", label="games with a ruled repetition")
    right.barh(ended.index, ended.values, color="#0b3d91", label="... ending at that repetition")
    share = 100 * len(games[games["repetition_ply"].notna()]) / max(len(games), 1)
    right.set_title(f"First repetition ruling ({share:.1f}% of games)")
    right.set_xlabel("games")
    right.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", default=[DEFAULT_DATA])
    parser.add_argument("--out", default=os.path.join(HERE, "out"))
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--top", type=int, default=15, help="opening codes in the chart and CSV")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    start = time.perf_counter()
    games = xiangqi.analyse(args.paths, threads=args.threads).to_pandas()
    elapsed = time.perf_counter() - start
    # The first repetition ruling of each game, from the list of every ruling.
    first = games["repetitions"].map(lambda rulings: rulings[0] if len(rulings) else None)
    for field in ("ply", "verdict", "termination", "article"):
        games[f"repetition_{field}"] = first.map(lambda r, f=field: None if r is None else r[f])
    plies = int(games["plies"].sum())
    print(f"{len(games):,} games, {plies:,} plies analysed in {elapsed:.2f} s ({plies / elapsed:,.0f} plies/s)")
    unread = games[games["status"] != "complete"]
    print(f"{len(unread)} games not read whole (their moves before the fault are counted):")
    for _, row in unread.head(10).iterrows():
        print(f"  {os.path.basename(row['source'])} #{row['index']}: {row['error']}")

    by_opening = results_by_opening(games, args.top)
    by_opening.to_csv(os.path.join(args.out, "results_by_opening.csv"))
    reps = repetitions(games)
    reps.to_csv(os.path.join(args.out, "repetitions.csv"), index=False)
    chart(by_opening, reps, games, os.path.join(args.out, "ccpd_summary.png"))

    codes = ecco_codes(args.paths)
    by_group = results_by_ecco_group(codes)
    by_group.to_csv(os.path.join(args.out, "results_by_ecco_group.csv"))
    ecco_chart(by_group, os.path.join(args.out, "ecco_groups.png"))

    ruled = games["repetition_ply"].notna()
    ended = ruled & (games["repetition_ply"] == games["plies"])
    print(f"\nResults by opening code (top {args.top}):")
    print(by_opening[["games"] + [f"{c} %" for c in RESULTS.values()]].to_string())
    print(
        f"\nRepetitions: {int(ruled.sum()):,} games ({100 * ruled.mean():.1f}%) reached a repetition the arbiter "
        f"ruled on; {int(ended.sum()):,} of them ({100 * ended.sum() / max(int(ruled.sum()), 1):.1f}%) ended there."
    )
    print(reps.to_string(index=False))
    tagged = codes[codes["ecco_tag"] != ""]
    agree = int((tagged["ecco"] == tagged["ecco_tag"]).sum())
    print(
        f"\nResults by ECCO group, computed from the moves of {len(codes):,} games from the standard start "
        f"({agree:,} of the {len(tagged):,} tagged ones, {100 * agree / max(len(tagged), 1):.1f}%, agree with "
        "their ECCO tag):"
    )
    print(by_group[["games"] + [f"{c} %" for c in RESULTS.values()]].to_string())
    print(
        f"\nwrote {args.out}/results_by_opening.csv, results_by_ecco_group.csv, repetitions.csv, "
        "ccpd_summary.png, ecco_groups.png"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
