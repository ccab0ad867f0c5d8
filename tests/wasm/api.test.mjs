// The JavaScript API itself: Board and Game methods, notation in and out, the arbiter's objects, ECCO.
import { test } from "node:test";
import assert from "node:assert/strict";

import { readFileSync } from "node:fs";
import { join } from "node:path";

import { DATA, xiangqi } from "./support.mjs";

const { Board, Game, eccoOf, eccoFromCode, eccoCodes, startingFen, version } = xiangqi;

const PERPETUAL_CHECK = ["d1e1", "e9d9", "e1d1", "d9e9", "d1e1", "e9d9", "e1d1", "d9e9", "d1e1"];
const CHECK_FEN = "4k4/9/9/9/9/9/9/9/3R5/5K3 w - - 0 1";

test("Board: FEN, moves, push and pop, notation", () => {
  const board = new Board();
  assert.equal(board.fen(), startingFen());
  assert.equal(board.turn, "red");
  assert.equal(board.legalMoves().length, 44);
  assert.equal(board.legalMoveCodes().length, 44);
  const codes = Array.from(board.legalMoveCodes());
  const names = board.legalMoves();
  const square = (i) => "abcdefghi"[i % 9] + Math.floor(i / 9);
  assert.deepEqual(codes.map((c) => square(Math.floor(c / 90)) + square(c % 90)), names);
  assert.deepEqual(board.legalMovesFrom("b0").sort(), ["b0a2", "b0c2"]);
  assert.deepEqual(board.legalMovesFrom(1).sort(), ["b0a2", "b0c2"]);
  assert.deepEqual(board.legalMovesFrom("e5"), []);
  assert.equal(board.pieceAt("e0"), "K");
  assert.equal(board.pieceAt("e9"), "k");
  assert.equal(board.pieceAt("e5"), null);
  assert.equal(board.chinese("h2e2"), "炮二平五");
  assert.equal(board.wxf("h2e2"), "C2=5");
  assert.equal(board.push("炮二平五"), "h2e2");
  assert.equal(board.chinese("h9g7", true), "馬８進７");
  assert.equal(board.push("H8+7", "wxf"), "h9g7");
  assert.equal(board.push("h0g2"), "h0g2");
  assert.equal(board.parse("炮２平５"), "b7e7");
  assert.deepEqual(board.moves(), ["h2e2", "h9g7", "h0g2"]);
  assert.equal(board.peek(), "h0g2");
  assert.equal(board.turn, "black");
  const copy = board.clone();
  assert.equal(board.pop(), "h0g2");
  assert.equal(copy.moves().length, 3, "a clone keeps its own moves");
  assert.equal(board.fullmoveNumber, 2);
  assert.ok(board.toString().split("\n").length === 10);
  assert.equal(board.outcome(), null);
  assert.match(version(), /^\d+\.\d+\.\d+/);
});

test("Game: classification, verdict and explanation of a perpetual check", () => {
  const game = new Game(CHECK_FEN);
  for (const m of PERPETUAL_CHECK) game.push(m);
  assert.equal(game.length, 9);
  assert.equal(game.repetitionCount(), 3);
  const first = game.classify(0);
  assert.equal(first.moveClass, "check");
  assert.equal(first.side, "red");
  assert.equal(first.move, "d1e1");
  assert.equal(game.classify(-1).ply, 8);
  const answer = game.classify(1);
  assert.equal(answer.moveClass, "idle");
  assert.equal(answer.idleRule, "general_answering_check");
  const verdict = game.verdict();
  assert.equal(verdict.verdict, "loss");
  assert.equal(verdict.termination, "perpetual_check");
  assert.equal(verdict.winner, "black");
  assert.equal(verdict.side, "red");
  assert.equal(verdict.summary, "red loses");
  assert.equal(verdict.result, "0-1");
  assert.equal(verdict.article, "24.1, 26.1");
  assert.deepEqual(verdict.profiles, ["perpetual_check", "allowed"]);
  assert.ok(verdict.explanation.includes("1. red d1e1") || verdict.explanation.includes("3. red e1d1"));
  assert.ok(verdict.moves.length >= 8);
  assert.equal(game.isGameOver(), true);
  assert.equal(game.verdict(4), null, "no repetition yet after four moves");
  assert.deepEqual(game.movesIn("chinese").slice(0, 2), ["车六平五", "将５平４"]);
  assert.equal(game.movesIn("wxf")[0], "R6=5");
  const pgn = game.toPgn({ notation: "iccs", tags: { Event: "perpetual check" } });
  assert.ok(pgn.includes("D1-E1") && pgn.includes('[Event "perpetual check"]'), pgn);
  assert.ok(pgn.includes('[Result "0-1"]'), "the verdict is the result");
  assert.ok(game.toPgn({ tags: { Result: "1/2-1/2" } }).includes('[Result "1/2-1/2"]'));
  assert.equal(game.board().fen(), game.fen());
  assert.equal(game.verdict(8).summary, "red loses", "the third occurrence comes after ply 8");
  game.pop();
  game.pop();
  assert.equal(game.verdict(), null);
});

test("Game: chases with their targets, rule sets and options", () => {
  // The rule book's figure 2 (a chase), from the shared repetition cases.
  const figure = readFileSync(join(DATA, "rules", "repetition-cases.jsonl"), "utf-8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l))
    .find((c) => c.id === "cxa2020-ch8-fig02");
  const game = Game.fromMoves(figure.moves, figure.fen, { rules: "cxa2020" });
  const chases = Array.from({ length: game.length }, (_, i) => game.classify(i)).filter((c) => c.moveClass === "chase");
  assert.ok(chases.length > 0, "figure 2 has chasing moves");
  for (const chase of chases) {
    assert.ok(chase.chases.length > 0);
    const target = chase.chases[0];
    assert.match(target.attacker, /^[a-i]\d$/);
    assert.match(target.target, /^[a-i]\d$/);
    assert.match(target.targetPiece, /^[KABNRCPkabnrcp]$/);
    assert.ok(["capture", "checks", "sequence"].includes(target.means));
    assert.ok(target.targetId >= 1 && target.targetId <= 32);
    assert.ok(chase.explanation.includes(target.description));
  }
  assert.equal(new Game(undefined, { rules: "axf" }).rules, "axf");
  assert.equal(new Game(undefined, { rules: "cxa2020" }).rules, "cxa2020");
  const engine = Game.fromMoves(PERPETUAL_CHECK, CHECK_FEN, { strictEngineMode: true, naturalLimitPlies: 200 });
  assert.equal(engine.verdict().verdict, "loss");
});

test("ECCO codes", () => {
  const code = eccoOf(["h2e2", "h9g7", "h0g2", "i9h9"]);
  assert.match(code.code, /^[A-E]\d\d$/);
  assert.equal(code.group, code.code.slice(0, 2));
  assert.equal(typeof code.opening, "string");
  const game = Game.fromMoves(["h2e2", "h9g7", "h0g2", "i9h9"]);
  assert.deepEqual(game.ecco(), code);
  assert.equal(eccoFromCode(code.code).code, code.code);
  const all = eccoCodes();
  assert.equal(all.length, 260);
  assert.equal(all[0].code, "A00");
  assert.equal(eccoOf(["炮二平五"]).code, eccoOf(["h2e2"]).code);
});
