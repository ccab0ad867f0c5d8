"""Runs the Rust and the C legal-move benchmarks one after the other and prints ns/call and the ratios.

Usage: compare.py RUST_BENCH C_BENCH POSITIONS.txt CALLS ROUNDS (see `make bench-ffi`)."""

import subprocess
import sys


def run(command):
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return {line.split()[0]: [float(x) for x in line.split()[1:]] for line in out.splitlines() if line.strip()}


def main():
    rust_bench, c_bench, positions, calls, rounds = sys.argv[1:6]
    rust = run([rust_bench, positions, calls, rounds])
    c = run([c_bench, positions, calls, rounds])
    print(f"legal moves, ns per call (best of {rounds} rounds of {calls} calls)")
    print(f"{'position':<12} {'Rust direct':>12} {'C API from C':>13} {'ratio':>6} {'C API from Rust':>16}")
    worst = 0.0
    for name, (direct, ffi_from_rust) in rust.items():
        from_c = c[name][0]
        ratio = from_c / direct
        worst = max(worst, ratio)
        print(f"{name:<12} {direct:>12.1f} {from_c:>13.1f} {ratio:>6.2f} {ffi_from_rust:>16.1f}")
    verdict = "within" if worst <= 1.5 else "NOT within"
    print(f"worst ratio C API / Rust: {worst:.2f} ({verdict} the 1.5x target)")
    return 0 if worst <= 1.5 else 1


if __name__ == "__main__":
    sys.exit(main())
