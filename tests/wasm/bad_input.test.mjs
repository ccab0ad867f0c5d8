// Bad input from JavaScript: malformed FEN, illegal moves and unreadable move text, garbage bytes as a
// record, and arguments of the wrong type. Each is a thrown Error with the core's message (and the offset
// of the fault where there is one), never a WebAssembly trap (a Rust panic shows as "RuntimeError:
// unreachable") and never a hang.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { DATA, thrown, xiangqi } from "./support.mjs";

const { Board, Game, readGames, eccoOf, eccoFromCode } = xiangqi;

/** Asserts `err` is one of the package's errors, not a trap. */
function isOurs(err, name) {
  assert.ok(err instanceof Error, `not an Error: ${err}`);
  assert.ok(!(err instanceof WebAssembly.RuntimeError), `a trap: ${err}`);
  if (name) assert.equal(err.name, name, `${err.name}: ${err.message}`);
  assert.ok(err.message.length > 0);
  return err;
}

test("malformed FEN: the field, offset and token", () => {
  const fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1";
  const err = isOurs(thrown(() => new Board(fen)), "FenError");
  assert.equal(err.field, "board");
  assert.equal(err.offset, fen.indexOf("X"));
  assert.equal(err.token, "X");
  assert.ok(err.message.includes("X"));
  const illegal = isOurs(thrown(() => new Board("4k4/9/9/9/9/9/9/9/9/9 w")), "FenError");
  assert.ok(illegal.problems.length > 0, "a position without a red general names the problem");
  for (const bad of ["", " ", "rnbakabnr/9/1c5c1 w", "9/9/9/9/9/9/9/9/9/4K4 x", "4k4/9/9/9/9/9/9/9/9/4K4 w - - z"]) {
    isOurs(thrown(() => new Game(bad)), "FenError");
  }
});

test("illegal moves and unreadable move text", () => {
  const board = new Board();
  const err = isOurs(thrown(() => board.push("h0h5", "iccs")), "MoveTextError");
  assert.equal(err.offset, 0);
  assert.equal(err.notation, "ICCS");
  assert.equal(err.fen, board.fen());
  const chinese = isOurs(thrown(() => board.push("炮二平十")), "MoveTextError");
  assert.equal(typeof chinese.offset, "number");
  isOurs(thrown(() => board.push("zz")), "MoveTextError");
  isOurs(thrown(() => board.push("")), "MoveTextError");
  isOurs(thrown(() => board.chinese("a0a5")), "IllegalMoveError");
  isOurs(thrown(() => board.wxf("h2h3x")), "MoveTextError");
  isOurs(thrown(() => board.pop()), "XiangqiError");
  assert.equal(board.isLegal("a0a5"), false);
  isOurs(thrown(() => board.legalMovesFrom("j9")), "XiangqiError");
  isOurs(thrown(() => board.legalMovesFrom(90)), "XiangqiError");
  const game = new Game();
  isOurs(thrown(() => game.classify(0)), "XiangqiError");
  isOurs(thrown(() => game.verdict(3)), "XiangqiError");
  isOurs(thrown(() => game.ecco()), "EccoError");
  isOurs(thrown(() => Game.fromMoves(["h2e2", "h2e2"])), "MoveTextError");
  isOurs(thrown(() => eccoOf([])), "EccoError");
  isOurs(thrown(() => eccoFromCode("Z99")), "XiangqiError");
  assert.equal(board.fen(), new Board().fen(), "nothing was played");
});

test("wrong argument types are TypeErrors", () => {
  const board = new Board();
  const cases = [
    () => new Board(42),
    () => new Board(undefined, { lenient: "yes" }),
    () => new Board(undefined, { strict: true }),
    () => new Board(undefined, "lenient"),
    () => board.push(42),
    () => board.push({}),
    () => board.push(null),
    () => board.parse(["h2e2"]),
    () => board.parse("h2e2", 7),
    () => board.chinese("h2e2", "yes"),
    () => board.legalMovesFrom({}),
    () => board.isLegal(Symbol("m")),
    () => new Game(undefined, { rules: 2020 }),
    () => new Game(undefined, { keyPoint: "d4e4" }),
    () => new Game(undefined, { naturalLimitPlies: -1 }),
    () => new Game(undefined, { naturalLimitPlies: 1.5 }),
    () => new Game(undefined, { rule: "cxa" }),
    () => Game.fromMoves("h2e2 h9g7"),
    () => Game.fromMoves(["h2e2", 5]),
    () => readGames("a string"),
    () => readGames([1, 2, 3]),
    () => readGames(new Uint8Array(4), { encoding: 8 }),
    () => new Game().toPgn({ tags: { Event: 1 } }),
    () => eccoOf("h2e2"),
  ];
  for (const f of cases) isOurs(thrown(f), "TypeError");
  isOurs(thrown(() => new Game(undefined, { rules: "fide" })), "XiangqiError");
});

test("the keyPoint function's exception is reported and taken as false, not a trap", () => {
  const figure18 = readFileSync(join(DATA, "rules", "repetition-cases.jsonl"), "utf-8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l))
    .find((c) => c.id === "cxa2020-ch8-fig18");
  const reported = [];
  const original = console.error;
  console.error = (...args) => reported.push(args);
  let classes;
  try {
    const game = Game.fromMoves(figure18.moves, figure18.fen, {
      rules: "cxa2020",
      keyPoint: () => {
        throw new Error("judge unavailable");
      },
    });
    classes = Array.from({ length: game.length }, (_, i) => game.classify(i).moveClass);
  } finally {
    console.error = original;
  }
  assert.ok(reported.length > 0, "the function was asked and its exception reported");
  assert.ok(String(reported[0][1]).includes("judge unavailable"));
  // Without the key point the red chariot's move is a chase, as if no function had been given.
  const plain = Game.fromMoves(figure18.moves, figure18.fen, { rules: "cxa2020" });
  assert.deepEqual(classes, Array.from({ length: plain.length }, (_, i) => plain.classify(i).moveClass));
});

// A small deterministic generator (xorshift32), so that a failure can be replayed.
function bytesGenerator(seed) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  return (length) => Uint8Array.from({ length }, () => next() & 0xff);
}

test("garbage bytes and damaged records: games with errors or a thrown Error, never a trap", () => {
  const random = bytesGenerator(19);
  const sources = [
    readFileSync(join(DATA, "xqf", "SAMPLE.XQF")),
    readFileSync(join(DATA, "records", "SAMPLE.PGN")),
    readFileSync(join(DATA, "dhtmlxq", "44.html")),
  ];
  let read = 0;
  let failed = 0;
  const started = Date.now();
  for (let round = 0; round < 600; round++) {
    let bytes;
    if (round % 3 === 0) {
      bytes = random(1 + (round % 700));
    } else {
      // A real record with bytes overwritten or cut short.
      const source = sources[round % sources.length];
      bytes = Uint8Array.from(source.subarray(0, Math.max(1, source.length - (round * 37) % source.length)));
      const noise = random(1 + (round % 16));
      const at = (round * 7919) % bytes.length;
      bytes.set(noise.subarray(0, Math.min(noise.length, bytes.length - at)), at);
    }
    try {
      for (const game of readGames(bytes)) {
        if (game.error !== null) isOurs(game.error, "RecordError");
        game.toPgn();
        read++;
      }
    } catch (err) {
      isOurs(err);
      failed++;
    }
  }
  console.log(`garbage: ${read} games read, ${failed} sources refused, ${Date.now() - started} ms`);
  // After all that the module still works.
  assert.equal(new Board().legalMoveCount(), 44);
});

test("random text as FEN and as moves in every notation", () => {
  const random = bytesGenerator(7);
  const decoder = new TextDecoder("utf-8");
  const board = new Board();
  for (let round = 0; round < 2000; round++) {
    const text = decoder.decode(random(1 + (round % 24)));
    for (const f of [() => new Board(text), () => board.parse(text), () => board.parse(text, "chinese"), () => board.parse(text, "wxf")]) {
      try {
        f();
      } catch (err) {
        isOurs(err);
      }
    }
  }
  assert.equal(board.fen(), new Board().fen());
});
