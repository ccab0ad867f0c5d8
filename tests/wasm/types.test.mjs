// The TypeScript declarations checked by the TypeScript compiler: a strict, typed program over the
// installed package (the consumer project of package.test.mjs, so that "xiangqi-wasm" resolves as for a
// user). Skipped when the compiler is not installed (scripts/wasm-toolchain.sh installs it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

import { PKG, ROOT } from "./support.mjs";

const TOOLS = resolve(process.env.TOOLS_DIR ?? join(ROOT, "target", "wasm-tools"));
const TSC = join(TOOLS, "node", "node_modules", ".bin", "tsc");
const WORK = join(process.env.WASM_TEST_OUT ?? join(ROOT, "target", "wasm-test"), "typed");

test("the declarations type-check a strict program", (t) => {
  if (!existsSync(TSC)) {
    t.skip(`${TSC} not installed: the declarations are not checked`);
    return;
  }
  mkdirSync(join(WORK, "node_modules"), { recursive: true });
  // The package folder itself as node_modules/xiangqi-wasm (a copy-free link).
  const link = join(WORK, "node_modules", "xiangqi-wasm");
  if (!existsSync(link)) execFileSync("ln", ["-s", PKG, link]);
  copyFileSync(join(ROOT, "tests", "wasm", "typed_usage.ts"), join(WORK, "typed_usage.ts"));
  writeFileSync(
    join(WORK, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "nodenext", moduleResolution: "nodenext", lib: ["esnext", "dom"], types: [] },
      files: ["typed_usage.ts"],
    }),
  );
  writeFileSync(join(WORK, "package.json"), JSON.stringify({ name: "typed", private: true, type: "module" }));
  let output = "";
  try {
    output = execFileSync(TSC, ["-p", WORK], { encoding: "utf-8" });
  } catch (err) {
    assert.fail(`tsc found errors:\n${err.stdout}${err.stderr}`);
  }
  assert.equal(output.trim(), "");
});
