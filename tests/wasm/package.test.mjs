// The npm package as a user gets it: `npm pack` of xiangqi-wasm/pkg installed into an empty project (no
// registry needed: the package has no dependencies), then required from CommonJS and imported from an ES
// module in fresh Node processes, each playing a move and reading a verdict; and the READMEs' Node examples.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { PKG, ROOT } from "./support.mjs";

const WORK = join(process.env.WASM_TEST_OUT ?? join(ROOT, "target", "wasm-test"), "consumer");

const PROGRAM = (load) => `${load}
const game = new Game("4k4/9/9/9/9/9/9/9/3R5/5K3 w - - 0 1");
for (const m of ["d1e1", "e9d9", "e1d1", "d9e9", "d1e1", "e9d9", "e1d1", "d9e9", "d1e1"]) game.push(m);
const board = new Board();
console.log(JSON.stringify([board.chinese("h2e2"), game.verdict().summary, readGames(new TextEncoder().encode("1. h2e2 h9g7 *")).length]));
`;

test("npm install of the packed package, used from CommonJS and ES modules", () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const npm = (args, cwd) => execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, encoding: "utf-8" });
  npm(["pack", "--pack-destination", WORK], PKG);
  const tarball = readdirSync(WORK).find((name) => name.endsWith(".tgz"));
  assert.ok(tarball, "npm pack made a tarball");
  writeFileSync(join(WORK, "package.json"), JSON.stringify({ name: "consumer", private: true, version: "1.0.0" }));
  npm(["install", "--offline", `./${tarball}`], WORK);
  const installed = readdirSync(join(WORK, "node_modules", "xiangqi-wasm"));
  for (const name of ["package.json", "README.md", "index.mjs", "node", "web"]) assert.ok(installed.includes(name), name);
  writeFileSync(join(WORK, "use.cjs"), PROGRAM('const { Board, Game, readGames } = require("xiangqi-wasm");'));
  writeFileSync(join(WORK, "use.mjs"), PROGRAM('import { Board, Game, readGames } from "xiangqi-wasm";'));
  writeFileSync(join(WORK, "use-default.mjs"), PROGRAM('import xiangqi from "xiangqi-wasm";\nconst { Board, Game, readGames } = xiangqi;'));
  const expected = JSON.stringify(["炮二平五", "red loses", 1]);
  for (const program of ["use.cjs", "use.mjs", "use-default.mjs"]) {
    assert.equal(execFileSync(process.execPath, [program], { cwd: WORK, encoding: "utf-8" }).trim(), expected, program);
  }
  // The Node examples of the package's README and of the project's README, run as written.
  const examples = [
    [join(ROOT, "xiangqi-wasm", "npm", "README.md"), /Rule 24\.1, 26\.1: red checks on every move/],
    [join(ROOT, "README.md"), /^red loses 车六平五$/m],
  ];
  for (const [readme, output] of examples) {
    const block = readFileSync(readme, "utf-8").match(/```js\n([\s\S]*?)```/);
    assert.ok(block, `${readme} has a js example`);
    writeFileSync(join(WORK, "example.cjs"), block[1]);
    assert.match(execFileSync(process.execPath, ["example.cjs"], { cwd: WORK, encoding: "utf-8" }), output, readme);
  }
});
