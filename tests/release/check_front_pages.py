#!/usr/bin/env python3
"""Checks that every workspace member's library has a front page (the `//!` comment at the top of its root
file) with at least one example in a fenced code block. Whether the Rust examples run is the doctests' job.

Usage: check_front_pages.py (from the workspace). Standard library only."""

import json
import os
import subprocess
import sys

CARGO = os.environ.get("CARGO", "cargo")


def front_page(path):
    lines = []
    with open(path, encoding="utf-8") as source:
        for line in source:
            stripped = line.strip()
            if stripped.startswith("//!"):
                lines.append(stripped[3:].strip())
            elif stripped and not stripped.startswith("#!["):
                break
    return lines


def main():
    meta = json.loads(subprocess.run([CARGO, "metadata", "--no-deps", "--format-version", "1"], check=True,
                                     capture_output=True, text=True).stdout)
    members = set(meta["workspace_members"])
    failures = []
    for package in meta["packages"]:
        if package["id"] not in members:
            continue
        libs = [t for t in package["targets"] if set(t["kind"]) & {"lib", "rlib", "cdylib", "staticlib"}]
        for target in libs:
            page = front_page(target["src_path"])
            fences = [line for line in page if line.startswith("```")]
            if not page:
                failures.append(f"{package['name']}: {target['src_path']} has no front page")
            elif len(fences) < 2:
                failures.append(f"{package['name']}: the front page has no example")
            else:
                print(f"{package['name']}: front page of {len(page)} lines, {len(fences) // 2} example(s)")
    if failures:
        sys.exit("check_front_pages: FAILED\n" + "\n".join(failures))


if __name__ == "__main__":
    main()
