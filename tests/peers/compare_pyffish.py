#!/usr/bin/env python3
"""Differential test: our legal moves and check flags against Fairy-Stockfish (pyffish).

Usage (from the repository root, after `cargo build --release -p xiangqi-core --example legal_moves`):

    .venv/bin/python tests/peers/compare_pyffish.py [--games N] [--binary PATH] [--jobs J] PGN...

Reads ICCS PGN files, takes the first N games in file order (all by default), runs them through our
`legal_moves` example and, for every position, compares the sorted legal move list with
`pyffish.legal_moves` and the check flag with `pyffish.gives_check`, both on our FEN. Once per game
the FEN we reach is compared (board and side to move) with pyffish's replay of the same moves from
the start position. Prints one line per mismatch and a summary; exits 1 on any mismatch.

pyffish writes ranks 1-10 where ICCS writes 0-9 (ICCS `h2e2` is `h3e3`, `b9c7` is `b10c8`).
"""

import argparse
import contextlib
import json
import multiprocessing
import os
import re
import subprocess
import sys
import time

VARIANT = "xiangqi"
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
MAX_REPORTED = 200  # mismatch lines printed; the rest are only counted

MOVE_RE = re.compile(r"(?<![A-Za-z0-9])([a-i][0-9])-?([a-i][0-9])(?![A-Za-z0-9])")
FSF_MOVE_RE = re.compile(r"^([a-i])([0-9]+)([a-i])([0-9]+)$")
COMMENT_RE = re.compile(r"\{[^}]*\}")

sf = None  # pyffish, imported in main() and in each worker


def iccs_to_fsf(move):
    """'h2e2' -> 'h3e3', 'b9c7' -> 'b10c8'."""
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def iccs_to_fsf_safe(move):
    """Like iccs_to_fsf, for text that may not be an ICCS move."""
    return iccs_to_fsf(move) if MOVE_RE.fullmatch(move) and len(move) == 4 else f"?{move}"


def fsf_to_iccs(move):
    """'b10c8' -> 'b9c7'; anything else (drops, promotions: not xiangqi) is returned marked."""
    m = FSF_MOVE_RE.match(move)
    if not m:
        return f"?{move}"
    f1, r1, f2, r2 = m.groups()
    return f"{f1}{int(r1) - 1}{f2}{int(r2) - 1}"


def read_pgn_games(path):
    """The games of an ICCS PGN file as lists of ICCS moves, in file order.

    A game is a block of tag lines (`[Event ...]`) followed by movetext; a tag line after movetext
    starts the next game. Moves are found by pattern, so move numbers and results are ignored.
    """
    games = []
    moves = None
    in_tags = False
    with open(path, encoding="utf-8", errors="replace") as f:
        text = COMMENT_RE.sub(" ", f.read())
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            if not in_tags:
                if moves is not None and moves:
                    games.append(moves)
                moves = []
                in_tags = True
            continue
        if stripped:
            in_tags = False
            if moves is None:
                moves = []
            moves.extend(a + b for a, b in MOVE_RE.findall(stripped))
    if moves:
        games.append(moves)
    return games


def board_and_side(fen):
    return " ".join(fen.split()[:2])


def init_worker():
    global sf
    import pyffish

    sf = pyffish


def check_game(task):
    """Compares one game.

    Returns (positions compared, positions passed, failure lines). A problem that is not about a
    legal move list (a refused game move, a missing ply, a final FEN) fails the position it concerns.
    """
    game_id, moves, records = task
    problems = {}  # ply -> list of problems
    positions = {}
    error = None
    for rec in records:
        if "error" in rec:
            error = rec
            continue
        ply, fen, ours = rec["ply"], rec["fen"], rec["legal"]
        positions[ply] = rec
        found = problems.setdefault(ply, [])
        theirs = sorted(fsf_to_iccs(m) for m in sf.legal_moves(VARIANT, fen, []))
        only_ours = sorted(set(ours) - set(theirs))
        only_theirs = sorted(set(theirs) - set(ours))
        if only_ours or only_theirs:
            found.append(f"legal moves differ: only ours {only_ours}, only pyffish {only_theirs}")
        if ours != sorted(set(ours)):
            found.append("our legal list is not sorted or has duplicates")
        their_check = bool(sf.gives_check(VARIANT, fen, []))
        if rec["check"] != their_check:
            found.append(f"check flag: ours {rec['check']}, pyffish {their_check}")

    # The binary prints plies 0..len(moves), or 0..k if it refused move k.
    last = len(moves) if error is None else error["ply"]
    for ply in range(last + 1):
        if ply not in positions:
            problems.setdefault(ply, []).append("no position in our output")
    notes = []
    if error is not None:
        move = moves[last] if last < len(moves) else "?"
        if last in positions and iccs_to_fsf_safe(move) in sf.legal_moves(VARIANT, positions[last]["fen"], []):
            problems.setdefault(last, []).append(f"we refuse move {move}, pyffish plays it: {error['error']}")
        else:
            # Not a disagreement: the game record itself is broken. Compared up to that move.
            notes.append(f"NOTE game {game_id} ply {last}: move {move} is illegal for both, rest of game skipped")
    if last in positions:
        # pyffish replays the same moves from the start: compare board and side to move.
        their_fen = sf.get_fen(VARIANT, START_FEN, [iccs_to_fsf(m) for m in moves[:last]])
        if board_and_side(positions[last]["fen"]) != board_and_side(their_fen):
            problems[last].append(f"FEN after replay: pyffish {their_fen!r}")

    failures = notes
    for ply in sorted(problems):
        if problems[ply]:
            fen = positions[ply]["fen"] if ply in positions else "?"
            failures.append(f"MISMATCH game {game_id} ply {ply} fen {fen!r}: " + "; ".join(problems[ply]))
    failed = sum(1 for found in problems.values() if found)
    return len(problems), len(problems) - failed, failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+", help="ICCS PGN files")
    parser.add_argument("--games", type=int, default=None, help="first N games in file order (default: all)")
    target = os.environ.get("CARGO_TARGET_DIR") or "target"
    parser.add_argument(
        "--binary",
        default=os.path.join(target, "release", "examples", "legal_moves"),
        help="the legal_moves example (default: $CARGO_TARGET_DIR/release/examples/legal_moves)",
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="pyffish worker processes (default: CPU count)"
    )
    args = parser.parse_args()
    if args.games is not None and args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")

    try:
        import pyffish  # noqa: F401
    except ImportError as err:
        print(
            f"error: cannot import pyffish ({err}); install it with "
            f"`{sys.executable} -m pip install -r tests/peers/requirements.txt`",
            file=sys.stderr,
        )
        return 1
    if not os.path.isfile(args.binary):
        print(
            f"error: {args.binary} not found; build it with "
            "`cargo build --release -p xiangqi-core --example legal_moves`",
            file=sys.stderr,
        )
        return 1

    started = time.perf_counter()
    games = []  # (id, moves)
    for path in args.pgn:
        name = os.path.basename(path)
        if any(gid.startswith(f"{name}#") for gid, _ in games):
            name = path  # the same file name twice: tell the games apart by path
        for index, moves in enumerate(read_pgn_games(path), 1):
            games.append((f"{name}#{index}", moves))
    if args.games is not None:
        games = games[: args.games]
    if not games:
        print("error: no games found", file=sys.stderr)
        return 1

    request = "".join(json.dumps({"id": gid, "moves": moves}) + "\n" for gid, moves in games)
    proc = subprocess.run([args.binary], input=request, capture_output=True, text=True)
    if proc.returncode != 0:
        print(f"error: {args.binary} exited with {proc.returncode}: {proc.stderr.strip()}", file=sys.stderr)
        return 1
    records = {gid: [] for gid, _ in games}
    stray = []
    for line in proc.stdout.splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            stray.append(line)
            continue
        if isinstance(rec, dict) and rec.get("id") in records and "line" not in rec:
            records[rec["id"]].append(rec)
        else:
            stray.append(line)

    passed = positions = failed = 0
    for line in stray:
        print(f"MISMATCH our output has a line for no game: {line}")
        failed += 1
    tasks = [(gid, moves, records[gid]) for gid, moves in games]
    jobs = max(1, min(args.jobs, len(tasks)))
    with contextlib.ExitStack() as stack:
        if jobs == 1:
            init_worker()
            results = map(check_game, tasks)
        else:
            pool = stack.enter_context(multiprocessing.Pool(jobs, initializer=init_worker))
            results = pool.imap(check_game, tasks, chunksize=4)  # results come back in game order
        reported = 0
        for game_positions, game_passed, failures in results:
            positions += game_positions
            passed += game_passed
            failed += game_positions - game_passed
            for line in failures:
                if reported < MAX_REPORTED:
                    print(line, flush=True)
                reported += 1
    if reported > MAX_REPORTED:
        print(f"... and {reported - MAX_REPORTED} more mismatch lines")

    seconds = time.perf_counter() - started
    print(f"compared {len(games)} games, {positions} positions in {seconds:.1f} s ({jobs} worker(s))")
    print(f"pyffish comparison: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
