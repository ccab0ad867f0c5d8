#!/usr/bin/env bash
# Builds the npm package folder xiangqi-wasm/pkg (docs/wasm.md): the crate compiled for wasm32 with
# Debian's compiler and a standard library built from source, the JavaScript glue of wasm-bindgen for Node
# (CommonJS, node/) and for pages (ES module, web/), the module optimised once by wasm-opt, an ES-module
# entry for Node, the TypeScript declarations, package.json and README.
# The tools come from scripts/wasm-toolchain.sh (TOOLS_DIR, default target/wasm-tools); the cargo build
# goes to target/wasm (under CARGO_TARGET_DIR when set), so that a second build compiles only what changed.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
target_root=${CARGO_TARGET_DIR:-$root/target}
tools=${TOOLS_DIR:-$target_root/wasm-tools}
pkg=$root/xiangqi-wasm/pkg
target_dir=$target_root/wasm
wasm_ld=${WASM_LD:-wasm-ld-22}

for tool in /usr/bin/cargo /usr/bin/rustc "$tools/bin/xiangqi-wasm-bindgen" "$tools/node/node_modules/.bin/wasm-opt"; do
  if [ ! -x "$tool" ]; then
    echo "wasm-build: $tool is missing: run scripts/wasm-toolchain.sh first" >&2
    exit 1
  fi
done
if ! command -v "$wasm_ld" > /dev/null; then
  echo "wasm-build: $wasm_ld is missing (Debian's lld-22): run scripts/wasm-toolchain.sh first" >&2
  exit 1
fi

# Debian's rustc-web ships the standard library's sources, not a wasm32 build of it: -Zbuild-std compiles
# it (RUSTC_BOOTSTRAP lets a stable compiler take the flag). rustup's cargo and rustc come first on PATH,
# so Debian's are named explicitly.
RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc \
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$wasm_ld" \
  /usr/bin/cargo build -q --release --locked --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort \
  --manifest-path "$root/xiangqi-wasm/Cargo.toml" --target-dir "$target_dir"
module=$target_dir/wasm32-unknown-unknown/release/xiangqi_wasm.wasm
echo "wasm-build: compiled (${SECONDS}s)"

rm -rf "$pkg"
mkdir -p "$pkg"
"$tools/bin/xiangqi-wasm-bindgen" --target nodejs --out-dir "$pkg/node" "$module"
"$tools/bin/xiangqi-wasm-bindgen" --target web --out-dir "$pkg/web" "$module"
# wasm-bindgen declares a parameter given an explicit TypeScript type as required: the trailing ones whose
# type admits undefined are made optional (`fen?: string`), as the functions treat them.
for declarations in "$pkg/node/xiangqi_wasm.d.ts" "$pkg/web/xiangqi_wasm.d.ts"; do
  sed -i -E ':again; s/([A-Za-z_]+): ([^,():]+) \| undefined([,)])/\1?: \2\3/; t again' "$declarations"
done
# Both targets get the same module: optimise it once. The features are those rustc enables for wasm32.
"$tools/node/node_modules/.bin/wasm-opt" -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-reference-types --enable-multivalue --enable-mutable-globals \
  "$pkg/node/xiangqi_wasm_bg.wasm" -o "$target_dir/xiangqi_wasm_opt.wasm"
cp "$target_dir/xiangqi_wasm_opt.wasm" "$pkg/node/xiangqi_wasm_bg.wasm"
cp "$target_dir/xiangqi_wasm_opt.wasm" "$pkg/web/xiangqi_wasm_bg.wasm"

version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$root/xiangqi-wasm/Cargo.toml" | head -1)
sed "s/@VERSION@/$version/" "$root/xiangqi-wasm/npm/package.json" > "$pkg/package.json"
cp "$root/xiangqi-wasm/npm/index.mjs" "$root/xiangqi-wasm/npm/index.d.mts" "$root/xiangqi-wasm/npm/README.md" \
   "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$pkg/"
rm -f "$pkg/node/.gitignore" "$pkg/web/.gitignore"

size=$(stat -c %s "$pkg/node/xiangqi_wasm_bg.wasm")
gzipped=$(gzip -9c "$pkg/node/xiangqi_wasm_bg.wasm" | wc -c)
echo "wasm-build: xiangqi-wasm/pkg $version: module $size bytes, $gzipped gzipped (${SECONDS}s)"
