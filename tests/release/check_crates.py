#!/usr/bin/env python3
"""Checks the crates meant for crates.io (every workspace member without `publish = false`), as a dependent
gets them:

1. each package holds only its sources, examples, manifest, readme, licences and changelog (no tests,
   benchmarks or test corpora), and holds both licence files;
2. `cargo package` builds them in dependency order (cargo's own verification, default features);
3. unpacked into a workspace of their own, each builds with no features, with each feature alone and with
   all features, and its documentation builds without warnings as docs.rs builds it;
4. `cargo publish --dry-run` accepts them.

Usage: check_crates.py WORK_DIR (a scratch directory, reused between runs for its build cache).
Standard library only."""

import fnmatch
import json
import os
import shutil
import subprocess
import sys
import tarfile

CARGO = os.environ.get("CARGO", "cargo")

# What a package may hold; anything else fails the check.
ALLOWED = [
    ".cargo_vcs_info.json",
    "Cargo.toml",
    "Cargo.toml.orig",
    "Cargo.lock",
    "README.md",
    "CHANGELOG.md",
    "LICENSE-MIT",
    "LICENSE-APACHE",
    "build.rs",
    "src/*.rs",
    "examples/*.rs",
]
REQUIRED = ["LICENSE-MIT", "LICENSE-APACHE", "Cargo.toml", "src/lib.rs"]


def run(args, **kwargs):
    print("+", " ".join(args), flush=True)
    return subprocess.run(args, check=True, **kwargs)


def metadata():
    out = subprocess.run([CARGO, "metadata", "--no-deps", "--format-version", "1"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def publishable(meta):
    members = set(meta["workspace_members"])
    # `publish = false` is an empty list of registries; absent means crates.io.
    return [p for p in meta["packages"] if p["id"] in members and p.get("publish") != []]


def check_list(name):
    listed = subprocess.run([CARGO, "package", "--list", "--allow-dirty", "-p", name], check=True,
                            capture_output=True, text=True).stdout.split()
    stray = [f for f in listed if not any(fnmatch.fnmatch(f, pattern) for pattern in ALLOWED)]
    missing = [f for f in REQUIRED if f not in listed]
    problems = []
    if stray:
        problems.append(f"{name}: files that do not belong in the package: {', '.join(stray)}")
    if missing:
        problems.append(f"{name}: the package lacks {', '.join(missing)}")
    print(f"{name}: {len(listed)} files in the package")
    return problems


def unpack(crate_files, work):
    """The packages as crates.io would serve them, in one workspace, patched to one another."""
    root = os.path.join(work, "unpacked")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    members = []
    for path in crate_files:
        with tarfile.open(path) as archive:
            try:
                archive.extractall(root, filter="data")
            except TypeError:  # Python before 3.11.4 has no extraction filters
                archive.extractall(root)
        members.append(os.path.basename(path)[: -len(".crate")])
    names = [m.rsplit("-", 1)[0] for m in members]
    with open(os.path.join(root, "Cargo.toml"), "w") as manifest:
        manifest.write('[workspace]\nresolver = "2"\nmembers = [%s]\n\n[patch.crates-io]\n'
                       % ", ".join(f'"{m}"' for m in members))
        for name, member in zip(names, members):
            manifest.write(f'{name} = {{ path = "{member}" }}\n')
    return root, names


def feature_sets(package):
    features = sorted(f for f in package["features"] if f != "default")
    sets = [["--no-default-features"], []]
    sets += [["--no-default-features", "--features", f] for f in features]
    sets.append(["--all-features"])
    return sets


def main():
    work = os.path.abspath(sys.argv[1])
    os.makedirs(work, exist_ok=True)
    meta = metadata()
    packages = publishable(meta)
    if not packages:
        sys.exit("check_crates: no workspace member is meant for crates.io")
    names = [p["name"] for p in packages]
    print("crates for crates.io:", ", ".join(names))

    problems = [problem for name in names for problem in check_list(name)]
    if problems:
        sys.exit("check_crates: FAILED\n" + "\n".join(problems))

    select = [arg for name in names for arg in ("-p", name)]
    run([CARGO, "package", "--allow-dirty", *select])
    package_dir = os.path.join(meta["target_directory"], "package")
    crate_files = [os.path.join(package_dir, f"{p['name']}-{p['version']}.crate") for p in packages]

    root, _ = unpack(crate_files, work)
    env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(work, "target"))
    for package in packages:
        for flags in feature_sets(package):
            run([CARGO, "check", "-q", "--lib", "-p", package["name"], *flags], cwd=root, env=env)
        docs = package.get("metadata") or {}
        docs_rs = docs.get("docs.rs") or docs.get("docs", {}).get("rs") or {}
        doc_flags = ["--all-features"] if docs_rs.get("all-features") else []
        run([CARGO, "doc", "-q", "--no-deps", "-p", package["name"], *doc_flags], cwd=root,
            env=dict(env, RUSTDOCFLAGS="-D warnings"))

    run([CARGO, "publish", "--dry-run", "--no-verify", "--allow-dirty", *select])
    print("check_crates: the crates package, build as published and pass the publishing dry run:",
          ", ".join(names))


if __name__ == "__main__":
    main()
