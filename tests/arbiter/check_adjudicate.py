#!/usr/bin/env python3
"""Checks the `adjudicate` example's interface: one JSON line per case with the fields in order, classes
per ply, verdicts in the case file's words, and bad input answered by "error" lines, never a crash.

Usage: check_adjudicate.py CASES.jsonl COMMAND... (the command that runs `adjudicate`)."""

import json
import subprocess
import sys

VERDICTS = {"red loses", "black loses", "draw", "continue"}
CLASSES = {"check", "kill", "chase", "idle"}


def run(command, text, *args):
    done = subprocess.run(command + list(args), input=text, capture_output=True, text=True, timeout=600)
    if "panicked" in done.stderr:
        sys.exit(f"adjudicate panicked:\n{done.stderr}")
    return done


def main():
    cases_path, command = sys.argv[1], sys.argv[2:]
    cases_text = open(cases_path, encoding="utf-8").read()
    cases = [json.loads(line) for line in cases_text.splitlines() if line.strip()]
    failures = []

    for rules in ["cxa", "cxa2020", "axf"]:
        done = run(command, cases_text, "--rules", rules)
        if done.returncode != 0:
            failures.append(f"--rules {rules}: exit {done.returncode}: {done.stderr}")
            continue
        lines = done.stdout.splitlines()
        if len(lines) != len(cases):
            failures.append(f"--rules {rules}: {len(lines)} lines for {len(cases)} cases")
        for case, line in zip(cases, lines):
            out = json.loads(line)
            if list(out) != ["id", "classes", "verdict", "explanation"]:
                failures.append(f"{case['id']}: fields {list(out)}")
            if out["id"] != case["id"]:
                failures.append(f"{case['id']}: id {out['id']!r}")
            if len(out["classes"]) != len(case["moves"]) or not set(out["classes"]) <= CLASSES:
                failures.append(f"{case['id']}: classes {out['classes']}")
            if out["verdict"] not in VERDICTS or not out["explanation"]:
                failures.append(f"{case['id']}: verdict {out['verdict']!r}")

    good = cases[0]
    bad_lines = [
        "not json",
        json.dumps({"id": "no-fen", "moves": []}),
        json.dumps({"id": "bad-fen", "fen": "rnbakabnr/9", "moves": []}),
        json.dumps({"id": "no-moves", "fen": good["fen"]}),
        json.dumps({"id": "not-a-string", "fen": good["fen"], "moves": [42]}),
        json.dumps({"id": "not-iccs", "fen": good["fen"], "moves": ["h6i4", "zz99"]}),
        json.dumps({"id": "illegal", "fen": good["fen"], "moves": ["h6i4", "a0a9"]}),
        json.dumps([1, 2, 3]),
        json.dumps(good),
    ]
    done = run(command, "\n".join(bad_lines) + "\n")
    out = [json.loads(line) for line in done.stdout.splitlines()]
    if done.returncode != 0 or len(out) != len(bad_lines):
        failures.append(f"bad input: exit {done.returncode}, {len(out)} lines for {len(bad_lines)}")
    else:
        for text, result in zip(bad_lines[:-1], out[:-1]):
            if result["verdict"] != "error" or not result["explanation"]:
                failures.append(f"bad input {text!r}: {result}")
        if out[1]["id"] != "no-fen" or "fen" not in out[1]["explanation"]:
            failures.append(f"a case error names the case and the problem: {out[1]}")
        if "ply 2" not in out[6]["explanation"] or "a0a9" not in out[6]["explanation"]:
            failures.append(f"an illegal move is named with its ply: {out[6]}")
        if out[-1]["verdict"] == "error":
            failures.append(f"the good case after the bad ones: {out[-1]}")

    done = run(command, "", "--rules", "nonsense")
    if done.returncode == 0 or "nonsense" not in done.stderr:
        failures.append(f"unknown rule set: exit {done.returncode}, stderr {done.stderr!r}")

    if failures:
        sys.exit("adjudicate interface check failed:\n" + "\n".join(failures))
    print(f"adjudicate interface: {len(cases)} cases x 3 rule sets, {len(bad_lines)} bad-input lines: ok")


if __name__ == "__main__":
    main()
