#!/usr/bin/env python3
"""Checks each workspace member's `rust-version`: the member's library compiles with exactly that compiler
(a type check with the default features, with none and with all of them; and a full build, code generation
and linking included, of `xiangqi-core`, the crate every other one is built on).

The check works on a copy of the workspace whose lock file is resolved as a dependent with that compiler
would resolve it (cargo's MSRV-aware `fallback` resolver: the newest dependency versions that support the
lowest `rust-version`), since the committed lock file follows the newest stable compiler. The compilers are
installed with `rustup toolchain install <version> --profile minimal` when missing.

Usage: check_msrv.py WORK_DIR (a scratch directory, reused between runs for its build cache).
Standard library only."""

import json
import os
import shutil
import subprocess
import sys

CARGO = os.environ.get("CARGO", "cargo")
# Files outside the members that they need to build.
ROOT_FILES = ["Cargo.toml", "Cargo.lock", "README.md", "CHANGELOG.md", "LICENSE-MIT", "LICENSE-APACHE"]


def run(args, **kwargs):
    print("+", " ".join(args), flush=True)
    return subprocess.run(args, check=True, **kwargs)


def copy_workspace(meta, dest):
    root = meta["workspace_root"]
    members = set(meta["workspace_members"])
    os.makedirs(dest, exist_ok=True)
    for name in ROOT_FILES:
        if os.path.exists(os.path.join(root, name)):
            shutil.copy2(os.path.join(root, name), os.path.join(dest, name))
    for package in meta["packages"]:
        if package["id"] not in members:
            continue
        src = os.path.dirname(package["manifest_path"])
        rel = os.path.relpath(src, root)
        shutil.rmtree(os.path.join(dest, rel), ignore_errors=True)
        shutil.copytree(src, os.path.join(dest, rel), symlinks=False)
    # Headers and the like that members read at build time.
    if os.path.isdir(os.path.join(root, "include")):
        shutil.rmtree(os.path.join(dest, "include"), ignore_errors=True)
        shutil.copytree(os.path.join(root, "include"), os.path.join(dest, "include"))


def main():
    work = os.path.abspath(sys.argv[1])
    if shutil.which("rustup") is None:
        sys.exit("check_msrv: rustup is needed to install the compilers named by rust-version")
    meta = json.loads(subprocess.run([CARGO, "metadata", "--no-deps", "--format-version", "1"], check=True,
                                     capture_output=True, text=True).stdout)
    members = [p for p in meta["packages"] if p["id"] in set(meta["workspace_members"])]
    unset = [p["name"] for p in members if not p.get("rust_version")]
    if unset:
        sys.exit(f"check_msrv: no rust-version for {', '.join(unset)}")

    copy = os.path.join(work, "workspace")
    copy_workspace(meta, copy)
    run([CARGO, "generate-lockfile", "-q"], cwd=copy,
        env=dict(os.environ, CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS="fallback"))

    by_version = {}
    for package in members:
        by_version.setdefault(package["rust_version"], []).append(package)
    for version, packages in sorted(by_version.items()):
        run(["rustup", "toolchain", "install", version, "--profile", "minimal", "--no-self-update"],
            stdout=subprocess.DEVNULL)
        env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(work, "target"), RUSTUP_TOOLCHAIN=version)
        env.pop("RUSTC", None)
        env.pop("CARGO", None)
        for package in packages:
            # The library, or the binaries of a package that has none (the command).
            kinds = {kind for target in package["targets"] for kind in target["kind"]}
            what = ["--lib"] if kinds & {"lib", "rlib", "cdylib", "staticlib"} else ["--bins"]
            # Type checks for the three feature sets (what a compiler version accepts is decided there); code
            # generation only for the core, so that the check stays within minutes on a clean checkout.
            first = "build" if package["name"] == "xiangqi-core" else "check"
            for command, flags in ((first, []), ("check", ["--no-default-features"]),
                                   ("check", ["--all-features"])):
                run(["cargo", command, "-q", "--locked", *what, "-p", package["name"], *flags], cwd=copy,
                    env=env)
        print(f"check_msrv: Rust {version} compiles {', '.join(p['name'] for p in packages)}")


if __name__ == "__main__":
    main()
