// Paths shared by the JavaScript tests, and the package under test: the Node (CommonJS) build in
// xiangqi-wasm/pkg, made by `make wasm-build`. Case files come from ../shared beside the project when it
// is present, else from the bundled copies under tests/data, as for the Rust and Python tests.
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const DATA = join(ROOT, "tests", "data");
export const SHARED = join(ROOT, "..", "shared");
export const PKG = join(ROOT, "xiangqi-wasm", "pkg");

const entry = join(PKG, "node", "xiangqi_wasm.js");
if (!existsSync(entry)) {
  throw new Error(`${entry} is missing: build the package first (make wasm-build)`);
}
export const xiangqi = createRequire(import.meta.url)(entry);

/** The shared copy of a case file when present, else the bundled one. */
export function sharedOrBundled(shared, bundled) {
  const path = join(SHARED, shared);
  return existsSync(path) ? path : join(DATA, bundled);
}

export function readJson(path) {
  return JSON.parse(readFileSync(path, "utf-8"));
}

/** Calls `f` and returns what it threw (failing when it throws nothing). */
export function thrown(f) {
  try {
    f();
  } catch (err) {
    return err;
  }
  throw new Error(`expected ${f} to throw`);
}
