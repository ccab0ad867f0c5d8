#!/usr/bin/env python3
"""Writes xiangqi-core/src/ecco/table.rs, the ECCO opening classification's tables, from the fact files.

Inputs (default ../shared/data/ecco next to the project): ecco-codes.tsv (the 260 codes with their names
and groups) and ecco-rules.json (the decision procedure as ordered rules and scan tables). The output is
Rust source embedded into xiangqi-core at compile time; the evaluation lives in ecco/procedure.rs.

    python3 scripts/gen_ecco.py                  # regenerate the table
    python3 scripts/gen_ecco.py --check          # exit 1 if the committed table differs

Only the Python standard library is needed.
"""

import argparse
import csv
import hashlib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "ecco"
DEFAULT_OUT = ROOT / "xiangqi-core" / "src" / "ecco" / "table.rs"

# Traditional forms of the simplified characters that occur in the names; every other character of a name
# must be listed in SAME, so that a new name with an unknown character stops the script.
TRADITIONAL = dict(
    zip(
        "两兑单压双后头宫对开弃横盘红缓补见转边过进连钩顺风飞马骑鸯鸳龟车",
        "兩兌單壓雙後頭宮對開棄橫盤紅緩補見轉邊過進連鉤順風飛馬騎鴦鴛龜車",
    )
)
SAME = set(
    " ()—37３７一七三上不中九二互五人仕他仙先其八六兵列包卒反右和士外封局屏巡左常平底急或打拐括指提正步河"
    "炮直相背虎蛇角象起路退金非高黑"
)

# As many flags as the evaluation keeps per scan (procedure.rs, MAX_FLAGS).
MAX_FLAGS = 4
EXIT = re.compile(r"x([1-9][0-9]*)")


def traditional(text):
    out = []
    for ch in text:
        if ch in TRADITIONAL:
            out.append(TRADITIONAL[ch])
        elif ch in SAME:
            out.append(ch)
        else:
            sys.exit(f"gen_ecco: no traditional form known for {ch!r} (in {text!r}); add it to the script")
    return "".join(out)


def rust_str(text):
    return json.dumps(text, ensure_ascii=False)


def name(text):
    return f"Name {{ simplified: {rust_str(text)}, traditional: {rust_str(traditional(text))} }}"


class Generator:
    def __init__(self, codes, rules):
        self.codes = codes
        self.rules = rules["rules"]
        self.scans = rules["scans"]
        self.scan_index = {sid: i for i, sid in enumerate(self.scans)}
        self.code_index = {row["code"]: i for i, row in enumerate(codes)}
        self.moves = sorted(self.all_moves())
        if len(self.moves) > 64:
            sys.exit("gen_ecco: more than 64 distinct moves do not fit a MoveSet")
        for m in self.moves:
            if not re.fullmatch(r"[KABNRCP][1-9][-+.][1-9]", m):
                sys.exit(f"gen_ecco: {m!r} is not a 4-character move code")
        self.move_index = {m: i for i, m in enumerate(self.moves)}

    # ---- the moves the procedure mentions ----

    def all_moves(self):
        found = set()

        def atom(a):
            for key in ("in", "seq", "red", "black", "set"):
                if isinstance(a.get(key), list):
                    found.update(a[key])
            for child in children(a):
                atom(child)

        for rule in self.rules:
            for a in rule["when"]:
                atom(a)
        for scan in self.scans.values():
            for entry in scan["entries"]:
                found.update(entry["moves"] or [])
                if entry["guard"]:
                    atom(entry["guard"])
        return found

    def move_set(self, moves):
        mask = 0
        for m in moves:
            mask |= 1 << self.move_index[m]
        return f"MoveSet(0x{mask:x})"

    def sequence(self, moves):
        return "&[" + ", ".join(str(self.move_index[m]) for m in moves) + "]"

    # ---- atoms ----

    def flag_index(self, scan_id, flag):
        flags = list(self.scans[scan_id]["flags"])
        if flag not in flags:
            sys.exit(f"gen_ecco: scan {scan_id} has no flag {flag}")
        if len(flags) > MAX_FLAGS:
            sys.exit(f"gen_ecco: scan {scan_id} has more than {MAX_FLAGS} flags")
        return flags.index(flag)

    def atom(self, a):
        t = a["t"]
        if t == "ply":
            return f"Atom::Ply {{ ply: {a['ply']}, moves: {self.move_set(a['in'])} }}"
        if t == "run":
            return f"Atom::Run {{ ply: {a['ply']}, moves: {self.sequence(a['seq'])} }}"
        if t == "multiset":
            for side_moves in (a["red"], a["black"]):
                if len(set(side_moves)) != len(side_moves) or len(side_moves) > 10:
                    sys.exit(f"gen_ecco: a multiset with a repeated move or more than 10 moves: {a}")
            return (
                f"Atom::Multiset {{ red: {len(a['red'])}, red_moves: {self.move_set(a['red'])}, "
                f"black: {len(a['black'])}, black_moves: {self.move_set(a['black'])} }}"
            )
        if t in ("all_in", "none_in"):
            kind = "AllIn" if t == "all_in" else "NoneIn"
            first, last = a["moves"]
            return (
                f"Atom::{kind} {{ side: {side(a['side'])}, first: {first}, last: {last}, "
                f"moves: {self.move_set(a['set'])} }}"
            )
        if t == "scan":
            return f"Atom::Scan {{ scan: {self.scan_index[a['scan']]}, exit: {exit_label(a['exit'])} }}"
        if t == "flag":
            index = self.flag_index(a["scan"], a["flag"])
            return f"Atom::Flag {{ scan: {self.scan_index[a['scan']]}, flag: {index}, is: {flag_value(a['is'])} }}"
        if t == "rel":
            return (
                f"Atom::Rel {{ scan: {self.scan_index[a['scan']]}, offset: {a['offset']}, side: {side(a['side'])}, "
                f"moves: {self.move_set(a['in'])} }}"
            )
        if t == "not":
            return f"Atom::Not(&{self.atom(a['a'])})"
        if t == "and":
            return "Atom::All(&[" + ", ".join(self.atom(b) for b in a["all"]) + "])"
        if t == "or":
            return "Atom::Any(&[" + ", ".join(self.atom(b) for b in a["any"]) + "])"
        sys.exit(f"gen_ecco: unknown atom {t!r}")

    # ---- the file ----

    def render(self, digests):
        out = [
            "//! The ECCO tables: the 260 codes with their names, the moves the procedure tests, its scans and",
            "//! its rules. Generated by `scripts/gen_ecco.py` from the fact files; do not edit by hand.",
            "//!",
        ]
        for file, digest in digests:
            out.append(f"//! - `{file}` sha256 {digest}")
        out += [
            "",
            "use super::procedure::{Atom, Entry, MoveSet, Next, Rule, Scan, Side};",
            "use super::{Ecco, Name};",
            "",
            "/// The move codes the procedure mentions, sorted; a move's id is its index here.",
            f"pub(super) static MOVES: [[u8; 4]; {len(self.moves)}] = [",
        ]
        out += [f"    *b\"{m}\"," for m in self.moves]
        out += ["];", "", "/// Every code with its names, in code order.", f"pub(super) static CODES: [Ecco; {len(self.codes)}] = ["]
        for row in self.codes:
            variation = f"Some({name(row['variation'])})" if row["variation"] else "None"
            out.append(
                f"    Ecco {{ code: {rust_str(row['code'])}, opening: {name(row['opening'])}, "
                f"variation: {variation}, group: {rust_str(row['group'])}, group_name: {name(row['group_name'])} }},"
            )
        out += ["];", "", "/// How many scans there are.", f"pub(super) const SCAN_COUNT: usize = {len(self.scans)};", "", "/// The scans, by index; `id` is their name in the fact file.", "pub(super) static SCANS: [Scan; SCAN_COUNT] = ["]
        for sid, scan in self.scans.items():
            if len(scan["flags"]) > MAX_FLAGS:
                sys.exit(f"gen_ecco: scan {sid} has more than {MAX_FLAGS} flags")
            first, last = scan["moves"]
            flags = ", ".join(flag_value(v) for v in scan["flags"].values())
            out.append(
                f"    Scan {{ id: {rust_str(sid)}, side: {side(scan['side'])}, first: {first}, last: {last}, "
                f"flags: &[{flags}], entries: &["
            )
            for entry in scan["entries"]:
                moves = "None" if entry["moves"] is None else f"Some({self.move_set(entry['moves'])})"
                guard = "None" if entry["guard"] is None else f"Some(&{self.atom(entry['guard'])})"
                sets = ", ".join(f"({self.flag_index(sid, f)}, {flag_value(v)})" for f, v in entry["set"].items())
                nxt = "Next::Pass" if entry["then"] == "pass" else f"Next::Exit({exit_label(entry['then'])})"
                out.append(f"        Entry {{ moves: {moves}, guard: {guard}, set: &[{sets}], next: {nxt} }},")
            out.append("    ] },")
        out += ["];", "", "/// The rules in the order they are tried.", f"pub(super) static RULES: [Rule; {len(self.rules)}] = ["]
        for rule in self.rules:
            code = self.code_index[rule["code"]]
            out.append(f"    Rule {{ id: {rule['id']}, code: {code}, when: &[")
            out += [f"        {self.atom(a)}," for a in rule["when"]]
            out.append("    ] },")
        out += ["];", ""]
        return "\n".join(out)


def children(a):
    if a["t"] == "not":
        return [a["a"]]
    if a["t"] == "and":
        return a["all"]
    if a["t"] == "or":
        return a["any"]
    return []


def side(text):
    return {"red": "Side::Red", "black": "Side::Black"}[text]


def flag_value(v):
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, int) and 0 <= v <= 255:
        return str(v)
    sys.exit(f"gen_ecco: flag value {v!r} is not a bool or a small integer")


def exit_label(label):
    if label == "exhausted":
        return "0"
    m = EXIT.fullmatch(label)
    if not m or int(m.group(1)) > 255:
        sys.exit(f"gen_ecco: unknown scan exit {label!r}")
    return m.group(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder of ecco-codes.tsv and ecco-rules.json")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the Rust file to write")
    parser.add_argument("--check", action="store_true", help="compare with --out instead of writing it")
    args = parser.parse_args()

    tsv, json_file = args.data / "ecco-codes.tsv", args.data / "ecco-rules.json"
    with open(tsv, encoding="utf-8", newline="") as f:
        codes = list(csv.DictReader(f, delimiter="\t"))
    with open(json_file, encoding="utf-8") as f:
        rules = json.load(f)
    digests = [(p.name, hashlib.sha256(p.read_bytes()).hexdigest()) for p in (tsv, json_file)]
    text = Generator(codes, rules).render(digests)

    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        if current != text:
            sys.exit(f"gen_ecco: {args.out} is not what the fact files give; run scripts/gen_ecco.py")
        print(f"gen_ecco: {args.out} is up to date")
    else:
        args.out.write_text(text, encoding="utf-8")
        print(f"gen_ecco: wrote {args.out} ({len(codes)} codes, {len(rules['rules'])} rules, {len(rules['scans'])} scans)")


if __name__ == "__main__":
    main()
