#!/usr/bin/env bash
# Installs what the WebAssembly build and its tests need (docs/wasm.md, "Toolchain"):
#   Debian's packages  rustc-web, cargo-web, rust-web-src (a compiler whose standard library is built from
#                      source for wasm32), lld-22 (wasm-ld-22), chromium and a CJK font (the page test);
#   crates.io          wasm-bindgen-cli at exactly the version xiangqi-wasm/Cargo.toml pins;
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

# wasm-bindgen-cli must be the very version of the wasm-bindgen crate the module was built with.
bindgen_version=$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' "$root/xiangqi-wasm/Cargo.toml")
if [ -z "$bindgen_version" ]; then
  echo "wasm-toolchain: no pinned wasm-bindgen version found in xiangqi-wasm/Cargo.toml" >&2
  exit 1
fi
if [ "$("$tools/bin/wasm-bindgen" --version 2>/dev/null)" = "wasm-bindgen $bindgen_version" ]; then
  echo "wasm-toolchain: wasm-bindgen-cli $bindgen_version present"
else
  echo "wasm-toolchain: cargo install wasm-bindgen-cli $bindgen_version (a few minutes, once)"
  # The command runs on one small module per build: a lightly optimised, unlinked-time build is plenty and
  # compiles in a fraction of the release profile's time.
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
  CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_TARGET_DIR="$tools/cargo-target" \
    cargo install -q --root "$tools" wasm-bindgen-cli --version "=$bindgen_version" --no-default-features
  echo "wasm-toolchain: wasm-bindgen-cli installed (${SECONDS}s so far)"
fi

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
