// xiangqi-wasm beside ffish (Fairy-Stockfish compiled to WebAssembly, npm) in one Node process, on the same
// work: legal moves at the start position, and replaying the bundled wukong games (2,516 games, ICCS) with
// a legality check on every move. Each figure is the median of REPEAT runs; docs/performance.md has the
// results and the command (make bench-wasm). Not a test: nothing here asserts a speed.
import { createRequire } from "node:module";
import { readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TOOLS = resolve(process.env.TOOLS_DIR ?? join(ROOT, "target", "wasm-tools"));
const require = createRequire(import.meta.url);
const xiangqi = require(join(ROOT, "xiangqi-wasm", "pkg", "node", "xiangqi_wasm.js"));
// ffish is an Emscripten module object, ready once its runtime has started. Its loader fetches the module
// when `fetch` exists, which in Node cannot read a path: it is hidden while the module loads from disk.
const savedFetch = globalThis.fetch;
globalThis.fetch = undefined;
const ffish = require(join(TOOLS, "node", "node_modules", "ffish"));
await new Promise((ready) => (ffish.calledRun ? ready() : (ffish.onRuntimeInitialized = ready)));
globalThis.fetch = savedFetch;

const REPEAT = Number(process.env.REPEAT ?? 5);
const CALLS = Number(process.env.CALLS ?? 200000);
const GAMES = ["Hu_Ronghua_1391_UCI_games.pgn", "Liu_Dahua_1125_UCI_games.pgn"].map((n) => join(ROOT, "examples", "data", "wukong", n));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
function time(run) {
  const samples = [];
  for (let i = 0; i < REPEAT; i++) {
    const started = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - started) / 1e9);
  }
  return median(samples);
}

// Legal moves at the start position, CALLS calls per run.
const board = new xiangqi.Board();
const fishBoard = new ffish.Board("xiangqi");
let sink = 0;
const legal = {
  "xiangqi-wasm legalMoves() (string[])": () => { for (let i = 0; i < CALLS; i++) sink += board.legalMoves().length; },
  "xiangqi-wasm legalMoveCodes() (Uint16Array)": () => { for (let i = 0; i < CALLS; i++) sink += board.legalMoveCodes().length; },
  "xiangqi-wasm legalMoveCount()": () => { for (let i = 0; i < CALLS; i++) sink += board.legalMoveCount(); },
  "ffish legalMoves() (one string)": () => { for (let i = 0; i < CALLS; i++) sink += fishBoard.legalMoves().length; },
  "ffish legalMoves().split(' ')": () => { for (let i = 0; i < CALLS; i++) sink += fishBoard.legalMoves().split(" ").length; },
};
const legalTimes = {};
for (const [name, run] of Object.entries(legal)) legalTimes[name] = (time(run) / CALLS) * 1e6;
fishBoard.delete();

// The games' moves, read once (outside the timing); ffish numbers ranks 1-10.
const games = GAMES.flatMap((path) => xiangqi.readGames(readFileSync(path)).map((g) => g.mainline()));
const toFish = (m) => m[0] + (Number(m[1]) + 1) + m[2] + (Number(m[3]) + 1);
const fishGames = games.map((moves) => moves.map(toFish));
const plies = games.reduce((n, moves) => n + moves.length, 0);
const replay = {
  "xiangqi-wasm Board.push (checked)": () => {
    for (const moves of games) {
      const b = new xiangqi.Board();
      for (const m of moves) b.push(m, "iccs");
      b.free();
    }
  },
  "xiangqi-wasm Game.push (checked, with the arbiter's history)": () => {
    for (const moves of games) {
      const g = new xiangqi.Game();
      for (const m of moves) g.push(m, "iccs");
      g.free();
    }
  },
  "ffish Board.push (checked)": () => {
    for (const moves of fishGames) {
      const b = new ffish.Board("xiangqi");
      for (const m of moves) if (!b.push(m)) throw new Error(`ffish refused ${m}`);
      b.delete();
    }
  },
};
const replayTimes = {};
for (const [name, run] of Object.entries(replay)) replayTimes[name] = time(run);

const module = readFileSync(join(ROOT, "xiangqi-wasm", "pkg", "node", "xiangqi_wasm_bg.wasm"));
const fishModule = readFileSync(join(TOOLS, "node", "node_modules", "ffish", "ffish.wasm"));
const fishLegal = legalTimes["ffish legalMoves() (one string)"];
const fishReplay = replayTimes["ffish Board.push (checked)"];
console.log(`node ${process.version}, ${REPEAT} runs each (median), ffish ${require(join(TOOLS, "node", "node_modules", "ffish", "package.json")).version}`);
console.log(`\nlegal moves at the start position (${CALLS} calls a run)`);
for (const [name, us] of Object.entries(legalTimes)) console.log(`  ${name.padEnd(48)} ${us.toFixed(3).padStart(8)} µs/call  ${(fishLegal / us).toFixed(2)}x ffish`);
console.log(`\nreplaying ${games.length} games, ${plies} plies, every move checked`);
for (const [name, s] of Object.entries(replayTimes)) {
  console.log(`  ${name.padEnd(62)} ${(s * 1e3).toFixed(1).padStart(8)} ms  ${((s / plies) * 1e9).toFixed(0).padStart(5)} ns/ply  ${(fishReplay / s).toFixed(2)}x ffish`);
}
console.log(`\nmodule size: xiangqi-wasm ${module.length} bytes (${gzipSync(module, { level: 9 }).length} gzipped); ffish ${fishModule.length} bytes (${gzipSync(fishModule, { level: 9 }).length} gzipped)`);
if (sink === 0) console.log("(no moves counted)");
