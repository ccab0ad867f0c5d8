#!/usr/bin/env python3
"""Checks the `replay` example's interface on the bundled records: one JSON line per game with exactly
`file`, `index`, `start_fen`, `moves`, `result`, `error` in that order; format and encoding told from the
content (a PGN file named .xqf, an XQF file named .txt); errors for bad games, with what was read before;
a file that cannot be opened answered with an error line and exit status 1.

Usage: check_replay.py DATA_DIR COMMAND... (the command that runs `replay`)."""

import json
import os
import shutil
import subprocess
import sys
import tempfile

FIELDS = ["file", "index", "start_fen", "moves", "result", "error"]
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def replay(command, files):
    done = subprocess.run(command + files, capture_output=True, text=True, timeout=300)
    if "panicked" in done.stderr:
        sys.exit(f"replay panicked:\n{done.stderr}")
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    return done.returncode, lines


def main():
    data, command = sys.argv[1], sys.argv[2:]
    failures = []

    def check(condition, message):
        if not condition:
            failures.append(message)

    records = os.path.join(data, "records")
    ccpd = os.path.join(records, "ccpd-selected.pgn")
    sample_pgn = os.path.join(records, "SAMPLE.PGN")
    sample_xqf = os.path.join(data, "xqf", "SAMPLE.XQF")
    bad_xqf = os.path.join(data, "xqf", "BadMoveTest3.xqf")
    pages = sorted(os.path.join(data, "dhtmlxq", f) for f in os.listdir(os.path.join(data, "dhtmlxq"))
                   if f.endswith(".html"))
    iccs = os.path.join(records, "bulk_games_uci.pgn")

    status, lines = replay(command, [ccpd, sample_pgn, sample_xqf, bad_xqf, iccs] + pages)
    check(status == 0, f"exit status {status}")
    for line in lines:
        check(list(line) == FIELDS, f"fields {list(line)}")
    by_file = {}
    for line in lines:
        by_file.setdefault(line["file"], []).append(line)

    games = by_file.get(ccpd, [])
    check([g["index"] for g in games] == [0, 1, 2, 3], f"ccpd-selected indexes {[g['index'] for g in games]}")
    if len(games) == 4:
        check(games[0]["error"] is None and games[0]["start_fen"].split()[1] == "b", f"black first: {games[0]}")
        check(games[1]["error"] and "general" in games[1]["error"] and games[1]["start_fen"] is None,
              f"FEN without a general: {games[1]}")
        check(games[2]["error"] and "ply 18" in games[2]["error"] and len(games[2]["moves"]) == 17,
              f"illegal move at ply 18, the 17 before kept: {games[2]}")
        check(games[3]["error"] is None, f"the game after the bad ones: {games[3]}")

    pgn, xqf = by_file.get(sample_pgn, [{}])[0], by_file.get(sample_xqf, [{}])[0]
    check(pgn.get("error") is None and len(pgn.get("moves", [])) == 75 and pgn.get("result") == "1-0",
          f"SAMPLE.PGN: {pgn}")
    check({k: v for k, v in pgn.items() if k != "file"} == {k: v for k, v in xqf.items() if k != "file"},
          "SAMPLE.XQF and SAMPLE.PGN give the same game")
    bad = by_file.get(bad_xqf, [{}])[0]
    check(bad.get("error") and "ply 10" in bad["error"] and len(bad.get("moves", [])) == 9, f"BadMoveTest3: {bad}")

    iccs_games = by_file.get(iccs, [])
    page_games = [g for page in pages for g in by_file.get(page, [])]
    check(len(iccs_games) == 15 and len(page_games) == 15, "15 games in the ICCS file and in the pages")
    check(sum(len(g["moves"]) for g in page_games) == 1378, "1,378 plies in the pages")
    check(all(g["start_fen"] == START and g["error"] is None for g in iccs_games + page_games),
          "every wukong game starts from the start position and reads")

    with tempfile.TemporaryDirectory() as tmp:
        pgn_named_xqf = os.path.join(tmp, "game.xqf")
        xqf_named_txt = os.path.join(tmp, "game.txt")
        shutil.copy(sample_pgn, pgn_named_xqf)
        shutil.copy(sample_xqf, xqf_named_txt)
        status, lines = replay(command, [pgn_named_xqf, xqf_named_txt, os.path.join(tmp, "missing.pgn")])
        check(status == 1, f"a missing file gives exit status 1, got {status}")
        check(len(lines) == 3, f"one line per game and one for the missing file: {lines}")
        if len(lines) == 3:
            check(lines[0]["moves"] == lines[1]["moves"] and len(lines[0]["moves"]) == 75,
                  "the content decides the format, not the extension")
            check(lines[2]["error"] and lines[2]["index"] == 0 and lines[2]["moves"] == [],
                  f"missing file: {lines[2]}")

    if failures:
        print("replay interface: FAILED")
        for failure in failures:
            print("  " + failure)
        sys.exit(1)
    print(f"replay interface: ok ({len(page_games)} DhtmlXQ pages, PGN, XQF, bad records, missing file)")


if __name__ == "__main__":
    main()
