"""A crosstable and standings from a results file (CSV: round,red,black,result[,red_fouls,black_fouls]).

    python examples/python/crosstable.py examples/data/competition/round_robin.csv [--swiss] [--chain 15.1]
"""

from __future__ import annotations

import argparse
import sys

import xiangqi


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results")
    parser.add_argument("--swiss", action="store_true")
    parser.add_argument("--chain", default=None, help="15.1, 15.2 or tie-break names joined by commas")
    args = parser.parse_args()
    chain = args.chain or ("15.2" if args.swiss else "15.1")
    with open(args.results, encoding="utf-8") as f:
        text = f.read()
    try:
        event = xiangqi.Event.from_results_csv(text, "swiss" if args.swiss else "round-robin")
        print(event.crosstable(chain), end="")
        for s in event.standings(chain):
            print(f"{s.place}{'=' if s.shared else ''}. {s.name} {s.points:g}")
        if event.requires_playoff(chain, 1):
            print("the first place is shared: a play-off or the event's rule decides (15.6)")
    except xiangqi.CompetitionError as e:
        print(f"crosstable: {args.results}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
