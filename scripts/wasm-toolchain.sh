#!/usr/bin/env bash
# Installs what the WebAssembly build and its tests need (docs/wasm.md, "Toolchain"):
#   Debian's packages  rustc-web, cargo-web, rust-web-src (a compiler whose standard library is built from
#                      source for wasm32), lld-22 (wasm-ld-22), chromium and a CJK font (the page test);
#   crates.io          wasm-bindgen-cli-support at exactly the version of wasm-bindgen that xiangqi-wasm
#                      pins, built into the small command xiangqi-wasm/bindgen;
#   npm                binaryen (wasm-opt), typescript, playwright-core, ffish (the benchmark peer), from
#                      xiangqi-wasm/tools/package-lock.json.
# The crates.io and npm tools go to TOOLS_DIR (default target/wasm-tools, under CARGO_TARGET_DIR when set),
# where a later run finds them.
# Debian's packages need apt-get and root; without them the script says so and skips that step (the build
# below then fails with a clear message if a tool is really missing).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
tools=${TOOLS_DIR:-${CARGO_TARGET_DIR:-$root/target}/wasm-tools}
mkdir -p "$tools"

debs=(rustc-web cargo-web rust-web-src lld-22 chromium fonts-wqy-microhei)
missing=()
for deb in "${debs[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$deb" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$deb")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "wasm-toolchain: Debian packages present (${debs[*]})"
elif command -v apt-get > /dev/null && [ "$(id -u)" = 0 ]; then
  echo "wasm-toolchain: apt-get install ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" > "$tools/apt.log"
  echo "wasm-toolchain: Debian packages installed (${SECONDS}s)"
else
  echo "wasm-toolchain: apt-get is unavailable or this is not root: SKIPPED installing ${missing[*]}" \
       "(install them by hand; see docs/wasm.md)"
fi

# The wasm-bindgen step: xiangqi-wasm/bindgen, a small command over wasm-bindgen-cli-support (the library of
# wasm-bindgen-cli, whose output it reproduces byte for byte) at exactly the version of the wasm-bindgen
# crate the module links. It compiles in half the time of `cargo install wasm-bindgen-cli`, whose test
# runner brings an HTTP server and client. Lightly optimised: it runs on one small module per build.
pin() { sed -n "s/^$1 = { version = \"=\([0-9.]*\)\".*/\1/p; s/^$1 = \"=\([0-9.]*\)\"/\1/p" "$2"; }
bindgen_version=$(pin wasm-bindgen "$root/xiangqi-wasm/Cargo.toml")
support_version=$(pin wasm-bindgen-cli-support "$root/xiangqi-wasm/bindgen/Cargo.toml")
if [ -z "$bindgen_version" ] || [ "$bindgen_version" != "$support_version" ]; then
  echo "wasm-toolchain: xiangqi-wasm pins wasm-bindgen '$bindgen_version' but xiangqi-wasm/bindgen pins" \
       "wasm-bindgen-cli-support '$support_version': they must be the same exact version" >&2
  exit 1
fi
if [ ! -x "$tools/bin/xiangqi-wasm-bindgen" ]; then
  echo "wasm-toolchain: building xiangqi-wasm-bindgen over wasm-bindgen-cli-support $support_version (minutes, once)"
fi
mkdir -p "$tools/bin"
CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=0 \
  cargo build -q --release --locked --manifest-path "$root/xiangqi-wasm/bindgen/Cargo.toml" \
  --target-dir "$tools/bindgen-target"
cp "$tools/bindgen-target/release/xiangqi-wasm-bindgen" "$tools/bin/xiangqi-wasm-bindgen"
echo "wasm-toolchain: $("$tools/bin/xiangqi-wasm-bindgen" --version) (${SECONDS}s so far)"

# npm tools, exactly as the lock file records them.
if [ -d "$tools/node/node_modules" ] && cmp -s "$root/xiangqi-wasm/tools/package-lock.json" "$tools/node/package-lock.json"; then
  echo "wasm-toolchain: npm tools present"
else
  echo "wasm-toolchain: npm ci (binaryen, typescript, playwright-core, ffish)"
  mkdir -p "$tools/node"
  cp "$root/xiangqi-wasm/tools/package.json" "$root/xiangqi-wasm/tools/package-lock.json" "$tools/node/"
  (cd "$tools/node" && npm ci --no-audit --no-fund --loglevel=error)
fi
echo "wasm-toolchain: ready in ${SECONDS}s"
