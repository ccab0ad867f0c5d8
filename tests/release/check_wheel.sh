#!/usr/bin/env bash
# Checks the Python distributions as a user gets them:
#  1. `maturin build --release` makes one abi3 wheel holding the package, its stubs, py.typed and both
#     licences, and nothing from the tests;
#  2. the wheel, installed with its `dev` extra into a fresh virtual environment outside the checkout, passes
#     the pytest suite, stubtest and mypy --strict, with `xiangqi` imported from that environment (never from
#     the source tree), and the example on the xiangqi-py crate's front page runs;
#  3. `maturin sdist` makes an sdist without test data, and pip builds a wheel from it that installs and
#     works.
# Usage: check_wheel.sh MATURIN PYTHON CARGO_CACHE_DIR REPLAY_COMMAND
#   (run from the project root; CARGO_CACHE_DIR is the sdist build's cargo target directory: given the
#   project's own, the dependencies already compiled there are reused, while the sdist's crates, at another
#   path, are compiled from the sdist's sources).
set -euo pipefail

maturin=$1 python=$2 cargo_cache=$3 replay=$4
root=$(pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/xiangqi-wheel.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
case "$scratch/" in "$root"/*) echo "check_wheel: the scratch directory is inside the checkout" >&2; exit 1;; esac

fail() { echo "check_wheel: FAILED: $*" >&2; exit 1; }

# Lists the members of a wheel (zip) or an sdist (tar.gz).
members() {
  "$python" - "$1" <<'EOF'
import sys, tarfile, zipfile
path = sys.argv[1]
names = zipfile.ZipFile(path).namelist() if path.endswith(".whl") else tarfile.open(path).getnames()
print("\n".join(names))
EOF
}

# No test corpora or test trees in a distribution.
check_no_test_data() {
  local stray
  stray=$(members "$1" | grep -E '(^|/)tests/|\.(pgn|PGN|xqf|XQF|jsonl|tsv|html)$' || true)
  [ -z "$stray" ] || fail "$(basename "$1") holds test files:
$stray"
}

echo "== wheel: maturin build --release"
"$maturin" build --release --quiet --out "$scratch/dist"
wheels=("$scratch"/dist/*.whl)
[ ${#wheels[@]} -eq 1 ] || fail "expected one wheel, got: ${wheels[*]}"
wheel=${wheels[0]}
echo "built $(basename "$wheel")"
case "$(basename "$wheel")" in *-abi3-*) ;; *) fail "the wheel is not abi3";; esac
listing=$(members "$wheel")
for needed in xiangqi/__init__.py xiangqi/_xiangqi.pyi xiangqi/py.typed 'xiangqi/_xiangqi\..*so' \
              '\.dist-info/licenses/LICENSE-MIT' '\.dist-info/licenses/LICENSE-APACHE' '\.dist-info/METADATA'; do
  grep -qE "$needed" <<< "$listing" || fail "the wheel lacks $needed"
done
check_no_test_data "$wheel"

echo "== wheel: installed into a fresh virtual environment"
"$python" -m venv "$scratch/venv"
venv_py=$scratch/venv/bin/python
"$venv_py" -m pip install -q --disable-pip-version-check "$wheel[dev]"
site=$("$venv_py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
license=$("$venv_py" -c 'from importlib.metadata import metadata; print(metadata("xiangqi")["License-Expression"])')
[ "$license" = "MIT OR Apache-2.0" ] || fail "the wheel's License-Expression is '$license'"

cd "$scratch"
XIANGQI_REPLAY="$replay" PYTHONDONTWRITEBYTECODE=1 "$venv_py" "$root/tests/release/run_installed_tests.py" "$site" \
  "$root/tests/python"
"$venv_py" -m mypy.stubtest xiangqi._xiangqi
"$venv_py" -m mypy --strict --cache-dir "$scratch/mypy-cache" "$root/tests/python/typed_usage.py"
# The Python example on the xiangqi-py crate's front page, reading a bundled record instead of games.pgn.
sed -n '/^\/\/! ```python$/,/^\/\/! ```$/{/```/d;s|^//! \{0,1\}||;p}' "$root/xiangqi-py/src/lib.rs" \
  | sed "s|\"games.pgn\"|\"$root/tests/data/records/ccpd-selected.pgn\"|" > "$scratch/front_page.py"
grep -q ccpd-selected "$scratch/front_page.py" || fail "no Python example reading games.pgn on the xiangqi-py front page"
"$venv_py" "$scratch/front_page.py" > "$scratch/front_page.out"
grep -q '^45 rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b' "$scratch/front_page.out" \
  || fail "the front page's Python example printed something else"
echo "the Python example of the xiangqi-py front page runs against the installed wheel"
cd "$root"

echo "== sdist: maturin sdist, then a wheel built from it by pip"
"$maturin" sdist --out "$scratch/sdist" > /dev/null
sdists=("$scratch"/sdist/*.tar.gz)
[ ${#sdists[@]} -eq 1 ] || fail "expected one sdist, got: ${sdists[*]}"
sdist=${sdists[0]}
listing=$(members "$sdist")
for needed in /pyproject.toml /PKG-INFO /LICENSE-MIT /LICENSE-APACHE /Cargo.lock /python/xiangqi/__init__.py \
              /xiangqi-core/src/lib.rs /xiangqi-py/src/lib.rs; do
  grep -qF -- "$needed" <<< "$listing" || fail "the sdist lacks $needed"
done
check_no_test_data "$sdist"
echo "$(basename "$sdist"): $(wc -l <<< "$listing") files"
# A target directory of its own for each sdist build: a cache kept from an earlier sdist could hold crates of
# the same name and version built from older sources.
CARGO_TARGET_DIR=$cargo_cache "$venv_py" -m pip wheel -q --disable-pip-version-check --no-deps \
  -w "$scratch/from-sdist" "$sdist"
"$python" -m venv "$scratch/venv-sdist"
"$scratch/venv-sdist/bin/python" -m pip install -q --disable-pip-version-check "$scratch"/from-sdist/*.whl
cd "$scratch"
"$scratch/venv-sdist/bin/python" - "$root/tests/data/records" <<'EOF'
import glob, os, sys
import xiangqi
board = xiangqi.Board()
assert len(board.legal_moves) == 44, len(board.legal_moves)
board.push_chinese("炮二平五")
assert board.fen().startswith("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"), board.fen()
games = [g for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.pgn"))) for g in xiangqi.read_games(path)]
assert games and any(g.plies > 0 for g in games), "no game read from the bundled PGN files"
print(f"the wheel built from the sdist works: {len(games)} bundled PGN games read")
EOF
echo "check_wheel: the wheel and the sdist hold what they should and work once installed"
