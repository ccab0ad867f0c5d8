#!/usr/bin/env python3
"""Checks the `convert` example's interface: one JSON line per input line, `moves` and `error` in order,
the moves converted before an error kept, errors naming the index and the token, bad lines answered and
skipped.

Usage: check_convert.py COMMAND... (the command that runs `convert`, without `--to`)."""

import json
import subprocess
import sys

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def convert(command, to, lines, *extra):
    done = subprocess.run(command + ["--to", to, *extra], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120)
    if "panicked" in done.stderr:
        sys.exit(f"convert panicked:\n{done.stderr}")
    return done


def main():
    command = sys.argv[1:]
    failures = []
    game = json.dumps({"fen": START, "moves": ["h2e2", "H8+7", "马二进三", "車９平８"]})
    expected = {
        "iccs": ["h2e2", "h9g7", "h0g2", "i9h9"],
        "wxf": ["C2=5", "H8+7", "H2+3", "R9=8"],
        "chinese": ["炮二平五", "马８进７", "马二进三", "车９平８"],
    }
    for to, moves in expected.items():
        done = convert(command, to, [game])
        out = [json.loads(line) for line in done.stdout.splitlines()]
        if done.returncode != 0 or out != [{"moves": moves, "error": None}]:
            failures.append(f"--to {to}: {done.stdout!r} {done.stderr!r}")
        elif list(out[0]) != ["moves", "error"]:
            failures.append(f"--to {to}: fields {list(out[0])}")
    done = convert(command, "chinese", [game], "--traditional")
    if json.loads(done.stdout)["moves"] != ["炮二平五", "馬８進７", "馬二進三", "車９平８"]:
        failures.append(f"--traditional: {done.stdout!r}")

    bad = [
        json.dumps({"fen": START, "moves": ["h2e2", "h9g7", "zz", "h0g2"]}),
        "not json",
        json.dumps({"fen": "rnbakabnr/9", "moves": []}),
        json.dumps({"fen": START, "moves": ["h2e2", "h2e2"]}),
        json.dumps({"fen": START, "moves": ["h2e2"]}),
    ]
    out = [json.loads(line) for line in convert(command, "iccs", bad).stdout.splitlines()]
    if len(out) != len(bad):
        failures.append(f"bad input: {len(out)} lines for {len(bad)}")
    else:
        if out[0]["moves"] != ["h2e2", "h9g7"] or "moves[2]" not in out[0]["error"] or "zz" not in out[0]["error"]:
            failures.append(f"the moves before an error are kept and the error names index and token: {out[0]}")
        for result in out[1:4]:
            if not result["error"]:
                failures.append(f"bad line without an error: {result}")
        if out[4] != {"moves": ["h2e2"], "error": None}:
            failures.append(f"the good line after the bad ones: {out[4]}")

    done = convert(command, "klingon", [])
    if done.returncode == 0:
        failures.append("an unknown target notation must fail")

    if failures:
        sys.exit("convert interface check failed:\n" + "\n".join(failures))
    print("convert interface: 3 notations, traditional style, 5 lines of bad input: ok")


if __name__ == "__main__":
    main()
