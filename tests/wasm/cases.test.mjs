// The case files of the Rust tests, judged through the JavaScript API: FEN validity and terminal
// positions, perft rows under a node budget, the notation translation cases, and the repetition cases under
// each rule set with the same classes and verdicts as the Rust test (xiangqi-core/tests/repetition_cases.rs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { DATA, readJson, sharedOrBundled, thrown, xiangqi } from "./support.mjs";

const { Board, Game } = xiangqi;

test("FEN validity cases", () => {
  const cases = readJson(sharedOrBundled("data/fen/fen_validity.json", "fen/fen_validity.json"));
  const counts = { valid: 0, invalid: 0, syntax: 0, lenient: 0 };
  for (const c of cases) {
    if (c.expected === "valid") {
      const board = new Board(c.fen);
      assert.equal(new Board(board.fen()).fen(), board.fen(), c.fen);
      counts.valid++;
    } else if (c.expected === "invalid") {
      const err = thrown(() => new Board(c.fen));
      assert.ok(err instanceof Error, c.fen);
      assert.equal(err.name, "FenError", `${c.fen}: ${err}`);
      assert.ok(err.message.length > 0);
      const lower = c.reason.toLowerCase();
      if (["rank", "letter", "squares"].some((w) => lower.includes(w)) && !/ on [a-i]\d/.test(lower)) {
        assert.equal(err.field, "board", `${c.fen} (${c.reason}): ${err.message}`);
        assert.equal(typeof err.offset, "number");
        const named = c.reason.includes("letter ") ? c.reason.split("letter ")[1].split(/\s/)[0] : null;
        if (named) assert.equal(err.token, named, `${c.fen} (${c.reason})`);
        counts.syntax++;
      }
      counts.invalid++;
    } else if (c.expected === "lenient-valid") {
      // The core is strict: boards with 8 ranks are rejected on the board field.
      assert.equal(thrown(() => new Board(c.fen)).field, "board", c.fen);
      counts.lenient++;
    } else {
      assert.fail(`unknown label ${c.expected}`);
    }
  }
  console.log(`FEN cases: ${JSON.stringify(counts)}`);
  assert.ok(counts.valid > 0 && counts.invalid > 0 && counts.syntax > 0);
});

test("terminal positions", () => {
  const cases = readJson(sharedOrBundled("data/fen/terminal_positions.json", "fen/terminal_positions.json"));
  let mates = 0;
  let stalemates = 0;
  for (const c of cases) {
    const board = new Board(c.fen);
    assert.deepEqual(board.legalMoves(), [], c.fen);
    assert.equal(board.legalMoveCount(), 0);
    const outcome = board.outcome();
    assert.notEqual(outcome, null, c.fen);
    assert.equal(outcome.winner, board.turn === "red" ? "black" : "red", c.fen);
    const mate = c.claim.startsWith("checkmate");
    assert.equal(board.isCheckmate(), mate, c.fen);
    assert.equal(board.isStalemate(), !mate, c.fen);
    assert.equal(board.isCheck(), mate, c.fen);
    assert.equal(outcome.termination, mate ? "checkmate" : "stalemate");
    const game = new Game(c.fen);
    assert.equal(game.verdict().verdict, "loss", c.fen);
    assert.equal(game.verdict().termination, outcome.termination, c.fen);
    if (mate) mates++;
    else stalemates++;
  }
  assert.ok(mates > 0 && stalemates > 0);
});

// Rows with more leaves than this are left to the Rust test (each node here crosses into WebAssembly).
const PERFT_BUDGET = Number(process.env.XIANGQI_PERFT_BUDGET ?? 400000);

function perft(board, depth) {
  if (depth === 1) return board.legalMoveCount();
  let total = 0;
  for (const m of board.legalMoves()) {
    board.push(m, "iccs");
    total += perft(board, depth - 1);
    board.pop();
  }
  return total;
}

test("perft rows within the budget", () => {
  const text = readFileSync(sharedOrBundled("data/perft/perft.tsv", "perft/perft.tsv"), "utf-8");
  const rows = text
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#") && !l.startsWith("id\t"))
    .map((l) => l.split("\t"));
  const quick = rows.filter((r) => Number(r[3]) <= PERFT_BUDGET);
  assert.ok(rows.length >= 100 && quick.length >= 50, `${quick.length} of ${rows.length}`);
  for (const [id, fen, depth, nodes] of quick) {
    const board = new Board(fen, { lenient: true });
    assert.equal(perft(board, Number(depth)), Number(nodes), `${id} depth ${depth}`);
    assert.equal(board.fen(), new Board(fen, { lenient: true }).fen(), "push and pop restore the position");
  }
  console.log(`perft: ${quick.length} of ${rows.length} rows within ${PERFT_BUDGET} nodes`);
});

const NOTATION = { English: "wxf", UCCI: "iccs", TraditionalChinese: "chinese", SimplifiedChinese: "chinese" };

const tokens = (text) => text.split(/\s+/).filter((t) => t && !/^\d+\.?$/.test(t));

function writeAs(name, board, move) {
  if (name === "English") return board.wxf(move, true);
  if (name === "UCCI") return move;
  return board.chinese(move, name === "TraditionalChinese");
}

test("notation translation cases", () => {
  const cases = readJson(join(DATA, "notation", "move_translator_cases.json"));
  assert.equal(cases.length, 24);
  let moves = 0;
  cases.forEach((c, i) => {
    const source = tokens(c.from);
    const expected = tokens(c.to);
    assert.equal(source.length, expected.length, `case ${i}`);
    const board = new Board();
    source.forEach((text, ply) => {
      const move = board.parse(text, NOTATION[c.from_notation]);
      assert.equal(board.parse(text), move, `case ${i} ply ${ply + 1}: detection differs for ${text}`);
      assert.equal(writeAs(c.to_notation, board, move), expected[ply], `case ${i} ply ${ply + 1}: ${text}`);
      board.push(move, "iccs");
      moves++;
    });
  });
  console.log(`notation: ${cases.length} cases, ${moves} moves`);
});

// The cases whose verdicts differ from the book's, as in the Rust test (explained in docs/arbiter.md).
const VERDICT_DISAGREEMENTS = new Set(["axf fsf-test-22", "axf fsf-test-25", "axf fsf-test-27"]);
const FIGURE_18_FEN = "4ka3/4a4/b3b4/9/9/3R5/4n4/3Ar4/3KA4/9 w";
const figure18KeyPoint = (fen, move) => fen.startsWith(FIGURE_18_FEN) && move === "d4e4";

const CASES = readFileSync(sharedOrBundled("rules/cases/repetition-cases.jsonl", "rules/repetition-cases.jsonl"), "utf-8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));

function judge(c, rules) {
  const keyPoint = c.id === "cxa2020-ch8-fig18" ? figure18KeyPoint : undefined;
  return Game.fromMoves(c.moves, c.fen, { rules, keyPoint });
}

for (const rules of ["cxa", "cxa2020", "axf"]) {
  test(`repetition cases (${rules})`, () => {
    const failures = [];
    let classesOk = 0;
    let classesTotal = 0;
    let verdictsOk = 0;
    let verdictsTotal = 0;
    for (const c of CASES) {
      if (c.id.startsWith("cxa2020") === (rules === "axf")) continue;
      const game = judge(c, rules);
      const classes = Array.from({ length: game.length }, (_, i) => game.classify(i).moveClass);
      if (c.expected_classes) {
        const expected = c.expected_classes.map((x) => x.split(":")[0]);
        classesTotal += expected.length;
        classesOk += expected.filter((x, i) => x === classes[i]).length;
        if (JSON.stringify(expected) !== JSON.stringify(classes)) {
          failures.push(`${c.id}: classes ${classes}, book ${expected}`);
        }
      }
      const verdict = game.verdict();
      const got = verdict === null ? "continue" : verdict.summary;
      const want = c[rules === "cxa" ? "seed_verdict" : "expected_verdict"];
      verdictsTotal++;
      verdictsOk += got === want ? 1 : 0;
      const listed = VERDICT_DISAGREEMENTS.has(`${rules} ${c.id}`);
      if ((got === want) === listed) {
        failures.push(`${c.id}: verdict ${got}, expected ${want}${listed ? " (listed, now agrees)" : ""}`);
      }
    }
    console.log(`${rules}: classes ${classesOk}/${classesTotal}, verdicts ${verdictsOk}/${verdictsTotal}`);
    assert.ok(verdictsTotal > 30);
    assert.deepEqual(failures, []);
  });
}

test("every repetition case is explained", () => {
  for (const c of CASES) {
    const verdict = judge(c, "cxa").verdict();
    assert.notEqual(verdict, null, c.id);
    assert.ok(verdict.moves.length > 0, c.id);
    for (const m of verdict.moves) {
      assert.ok(verdict.explanation.includes(`${m.ply + 1}. ${m.side} ${m.move}`), `${c.id}: ${verdict.explanation}`);
      assert.ok(["check", "kill", "chase", "idle"].includes(m.moveClass));
    }
  }
});
