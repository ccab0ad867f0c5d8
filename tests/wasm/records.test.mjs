// Reading records from bytes: every bundled fixture (PGN in several encodings, XQF, DhtmlXQ pages), the
// same games as the core's replay example when XIANGQI_REPLAY names it, writing back, and the shared corpus
// sample when ../shared is present.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { DATA, SHARED, thrown, xiangqi } from "./support.mjs";

const { Game, readGames } = xiangqi;

const RECORD_FILES = ["records", "xqf", "dhtmlxq"]
  .flatMap((folder) => readdirSync(join(DATA, folder)).map((name) => join(DATA, folder, name)))
  .filter((path) => /\.(pgn|xqf|html)$/i.test(path))
  .sort();

test("bundled records read and replay", () => {
  let games = 0;
  let errors = 0;
  let plies = 0;
  for (const path of RECORD_FILES) {
    for (const game of readGames(readFileSync(path), { extension: path.split(".").pop() })) {
      games++;
      const moves = game.mainline();
      plies += moves.length;
      assert.equal(moves.length, game.plies);
      const replayed = Game.fromMoves(moves, game.startingFen, { lenient: true });
      assert.equal(replayed.fen(), game.game().fen(), path);
      if (game.error !== null) {
        errors++;
        assert.ok(game.error instanceof Error);
        assert.equal(game.error.name, "RecordError");
        assert.equal(game.error.gameIndex, game.index, path);
        assert.equal(typeof game.error.byteOffset, "number");
      }
    }
  }
  console.log(`bundled records: ${RECORD_FILES.length} files, ${games} games, ${errors} with errors, ${plies} plies`);
  assert.ok(RECORD_FILES.length >= 30 && games >= 150 && errors >= 1);
});

test("the same games as the core's replay example", (t) => {
  const command = process.env.XIANGQI_REPLAY;
  if (!command) {
    t.skip("XIANGQI_REPLAY (the core's replay example) not set: `make wasm-test` sets it");
    return;
  }
  const [program, ...args] = command.split(" ").filter(Boolean);
  const output = execFileSync(program, [...args, ...RECORD_FILES], { encoding: "utf-8", maxBuffer: 1 << 28 });
  const expected = new Map();
  for (const line of output.split("\n").filter(Boolean)) {
    const row = JSON.parse(line);
    if (!expected.has(row.file)) expected.set(row.file, []);
    expected.get(row.file).push(row);
  }
  let compared = 0;
  for (const path of RECORD_FILES) {
    const ours = readGames(readFileSync(path), { extension: path.split(".").pop() });
    const theirs = expected.get(path) ?? [];
    assert.equal(ours.length, theirs.length, path);
    ours.forEach((game, i) => {
      const row = theirs[i];
      assert.deepEqual(game.mainline(), row.moves, `${path} #${i}`);
      assert.equal(game.result, row.result, `${path} #${i}`);
      assert.equal(game.error === null, row.error === null, `${path} #${i}`);
      if (row.start_fen !== null) assert.equal(game.startingFen, row.start_fen);
      compared++;
    });
  }
  console.log(`${compared} games identical to the core's replay example`);
  assert.ok(compared >= 150);
});

test("tree, comments, variations and writing back", () => {
  const text = '[Red "許銀川"]\n{start} 1. 炮二平五 {central} 馬８進７ $1 (1... 炮８平５) 2. 馬二進三 1-0\n';
  const [game] = readGames(new TextEncoder().encode(text));
  assert.deepEqual(game.headers, { Red: "許銀川" });
  assert.equal(game.result, "1-0");
  assert.equal(game.format, "PGN");
  assert.equal(game.plies, 3);
  assert.equal(game.comment, "start");
  assert.deepEqual(game.mainline(), ["h2e2", "h9g7", "h0g2"]);
  assert.deepEqual(game.mainlineComments(), ["central", null, null]);
  assert.deepEqual(game.lines().map((l) => l.length), [3, 2]);
  const wxf = game.toPgn({ notation: "wxf" });
  assert.ok(wxf.includes("C2=5"), wxf);
  const [again] = readGames(new TextEncoder().encode(game.toPgn({ tags: { Event: "test" } })));
  assert.deepEqual(again.mainline(), game.mainline());
  assert.equal(again.headers.Event, "test");
  const [fromXqf] = readGames(game.toXqf());
  assert.equal(fromXqf.format, "XQF");
  assert.deepEqual(fromXqf.mainline(), game.mainline());
  const [fromPage] = readGames(new TextEncoder().encode(`<html>${game.toDhtmlXq()}</html>`));
  assert.equal(fromPage.format, "DhtmlXQ");
  assert.deepEqual(fromPage.mainline(), game.mainline());
  assert.equal(thrown(() => game.toPgn({ notation: "morse" })).name, "XiangqiError");
});

test("encodings: GBK and Big5 PGN, and an explicit encoding", () => {
  const big5 = readFileSync(join(DATA, "records", "ccpd-selected.pgn"));
  const detected = readGames(big5);
  const told = readGames(big5, { encoding: "big5" });
  assert.ok(detected.length > 1);
  assert.deepEqual(told.map((g) => g.mainline()), detected.map((g) => g.mainline()));
  assert.equal(thrown(() => readGames(big5, { encoding: "klingon" })).name, "XiangqiError");
});

test("XQF and DhtmlXQ fixtures", () => {
  const [xqf] = readGames(readFileSync(join(DATA, "xqf", "SAMPLE.XQF")));
  assert.equal(xqf.format, "XQF");
  assert.equal(xqf.plies, 75);
  assert.equal(xqf.error, null);
  const [page] = readGames(readFileSync(join(DATA, "dhtmlxq", "44.html")));
  assert.equal(page.format, "DhtmlXQ");
  assert.ok(page.plies > 0);
  const [bad] = readGames(readFileSync(join(DATA, "xqf", "BadMoveTest3.xqf")));
  assert.equal(bad.error.name, "RecordError");
  assert.equal(bad.error.format, "XQF");
  const err = thrown(() => readGames(readFileSync(join(DATA, "xqf", "BadMoveTest3.xqf")), { strict: true }));
  assert.equal(err.name, "RecordError");
});

test("ECCO codes of the tagged CCPD sample", () => {
  const games = readGames(readFileSync(join(DATA, "ecco", "ccpd-tagged-sample.pgn")));
  let agree = 0;
  let tagged = 0;
  for (const game of games) {
    const tag = game.headers.ECCO;
    if (!tag || game.error !== null) continue;
    tagged++;
    if (game.ecco().code === tag) agree++;
  }
  console.log(`ECCO: ${agree} of ${tagged} tagged games agree with their tag`);
  assert.ok(tagged >= 50 && agree / tagged > 0.9, `${agree}/${tagged}`);
});

test("shared corpus sample (CCPD)", (t) => {
  const folder = join(SHARED, "data", "games", "ccpd");
  if (!existsSync(folder)) {
    t.skip(`${folder} not present: the shared corpus is not checked`);
    return;
  }
  // The three smallest files: the whole corpus is the Rust and Python tests' (seconds here, not minutes).
  const size = (name) => readFileSync(join(folder, name)).length;
  const files = readdirSync(folder).filter((n) => n.endsWith(".pgn")).sort((a, b) => size(a) - size(b)).slice(0, 3);
  let games = 0;
  let plies = 0;
  for (const name of files) {
    for (const game of readGames(readFileSync(join(folder, name)))) {
      games++;
      plies += game.plies;
      if (game.error === null) assert.equal(game.game().length, game.plies, name);
    }
  }
  console.log(`shared CCPD: ${files.length} files, ${games} games, ${plies} plies`);
  assert.ok(games > 0);
});
