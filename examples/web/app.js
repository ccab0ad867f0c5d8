// The page's logic: draws the board, turns clicks into moves, and shows what the library says: the moves
// in Chinese notation, each move's class once a position repeats, and the arbiter's verdict. The rules are
// the library's (xiangqi-wasm, built by `make wasm-build`); this file only draws and asks.
import init, { Game, startingFen } from "../../xiangqi-wasm/pkg/web/xiangqi_wasm.js";

const CELL = 50;
const MARGIN = 30;
const NAMES = {
  K: "帅", A: "仕", B: "相", N: "马", R: "车", C: "炮", P: "兵",
  k: "将", a: "士", b: "象", n: "马", r: "车", c: "砲", p: "卒",
};
const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

let game;
let selected = null;
let chinese = [];

const x = (file) => MARGIN + file * CELL;
const y = (rank) => MARGIN + (9 - rank) * CELL;
const squareName = (file, rank) => "abcdefghi"[file] + rank;

function element(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  parent.appendChild(node);
  return node;
}

function drawLines(svg) {
  for (let rank = 0; rank < 10; rank++) element("line", { x1: x(0), y1: y(rank), x2: x(8), y2: y(rank) }, svg);
  for (let file = 0; file < 9; file++) {
    if (file === 0 || file === 8) {
      element("line", { x1: x(file), y1: y(0), x2: x(file), y2: y(9) }, svg);
    } else {
      element("line", { x1: x(file), y1: y(0), x2: x(file), y2: y(4) }, svg);
      element("line", { x1: x(file), y1: y(5), x2: x(file), y2: y(9) }, svg);
    }
  }
  for (const [low, high] of [[0, 2], [7, 9]]) {
    element("line", { x1: x(3), y1: y(low), x2: x(5), y2: y(high) }, svg);
    element("line", { x1: x(5), y1: y(low), x2: x(3), y2: y(high) }, svg);
  }
  const river = element("text", { x: x(1.2), y: y(4.45), class: "river" }, svg);
  river.textContent = "楚 河";
  const border = element("text", { x: x(5.6), y: y(4.45), class: "river" }, svg);
  border.textContent = "漢 界";
}

function draw() {
  const svg = $("board");
  svg.replaceChildren();
  drawLines(svg);
  const targets = selected ? game.legalMovesFrom(selected).map((m) => m.slice(2)) : [];
  const last = game.peek();
  for (let rank = 0; rank < 10; rank++) {
    for (let file = 0; file < 9; file++) {
      const square = squareName(file, rank);
      const piece = game.pieceAt(square);
      let node;
      if (piece) {
        const side = piece === piece.toUpperCase() ? "red" : "black";
        const classes = ["piece", side];
        if (square === selected) classes.push("selected");
        if (last && last.slice(2) === square) classes.push("last");
        node = element("g", { class: classes.join(" "), "data-square": square }, svg);
        element("circle", { cx: x(file), cy: y(rank), r: 21 }, node);
        const label = element("text", { x: x(file), y: y(rank) }, node);
        label.textContent = NAMES[piece];
        if (targets.includes(square)) element("circle", { cx: x(file), cy: y(rank), r: 7, class: "target" }, node);
      } else {
        node = element("circle", { cx: x(file), cy: y(rank), r: 22, class: "point", "data-square": square }, svg);
        if (targets.includes(square)) element("circle", { cx: x(file), cy: y(rank), r: 7, class: "target", "data-target": square, "pointer-events": "none" }, svg);
      }
      node.addEventListener("click", () => clicked(square));
    }
  }
}

function clicked(square) {
  const piece = game.pieceAt(square);
  const ours = piece && (piece === piece.toUpperCase()) === (game.turn === "red");
  if (selected) {
    const move = selected + square;
    if (game.legalMovesFrom(selected).includes(move)) {
      chinese.push(game.chinese(move));
      game.push(move, "iccs");
      selected = null;
      update();
      return;
    }
  }
  selected = ours && square !== selected ? square : null;
  draw();
}

function showMoves() {
  const list = $("moves");
  list.replaceChildren();
  const start = game.startingFen().split(" ")[1] === "w" ? "red" : "black";
  chinese.forEach((text, i) => {
    const item = document.createElement("li");
    item.textContent = text;
    item.className = (i % 2 === 0) === (start === "red") ? "red" : "black";
    list.appendChild(item);
  });
}

function classificationTable(rows) {
  const table = document.createElement("table");
  table.innerHTML = "<thead><tr><th>ply</th><th>move</th><th>class</th><th>what it threatens</th></tr></thead>";
  const body = document.createElement("tbody");
  for (const c of rows) {
    const row = document.createElement("tr");
    const threats = c.chases.map((t) => t.description).join("; ") || (c.idleRule ? c.idleRule.replaceAll("_", " ") : "");
    for (const [text, cls] of [[String(c.ply + 1), ""], [`${chinese[c.ply] ?? c.move} (${c.move})`, ""], [c.label, `class-${c.moveClass}`], [threats, ""]]) {
      const cell = document.createElement("td");
      cell.textContent = text;
      if (cls) cell.className = cls;
      row.appendChild(cell);
    }
    body.appendChild(row);
  }
  table.appendChild(body);
  return table;
}

function showRepetition() {
  const box = $("repetition");
  const count = game.repetitionCount();
  box.replaceChildren();
  if (count < 2) {
    box.innerHTML = '<p class="quiet">No position has repeated.</p>';
    return;
  }
  const note = document.createElement("p");
  note.id = "repetition-count";
  note.textContent = `The position has occurred ${count} times. Each move since its first occurrence:`;
  box.appendChild(note);
  // The moves since the current position first occurred, each classified by the arbiter.
  const first = firstOccurrence();
  const rows = [];
  for (let ply = first; ply < game.length; ply++) rows.push(game.classify(ply));
  box.appendChild(classificationTable(rows));
}

function firstOccurrence() {
  const fen = game.fen().split(" ").slice(0, 2).join(" ");
  const board = game.board();
  let first = game.length;
  for (let ply = game.length; ply >= 0; ply--) {
    if (board.fen().split(" ").slice(0, 2).join(" ") === fen) first = ply;
    if (ply > 0) board.pop();
  }
  return first;
}

function showVerdict() {
  const box = $("verdict");
  const verdict = game.verdict();
  box.replaceChildren();
  if (verdict === null) {
    box.innerHTML = '<p class="quiet">Play goes on.</p>';
    return;
  }
  const summary = document.createElement("p");
  summary.className = "summary";
  summary.id = "verdict-summary";
  summary.textContent = `${verdict.summary} (${verdict.termination.replaceAll("_", " ")}, rule ${verdict.article}) ${verdict.result}`;
  const explanation = document.createElement("p");
  explanation.className = "explanation";
  explanation.id = "verdict-explanation";
  explanation.textContent = verdict.explanation;
  box.append(summary, explanation);
}

function update() {
  draw();
  showMoves();
  showRepetition();
  showVerdict();
  const verdict = game.verdict();
  $("status").textContent = verdict?.isGameOver
    ? `Game over: ${verdict.summary}.`
    : `${game.turn === "red" ? "Red" : "Black"} to move${game.isCheck() ? ", in check" : ""}.`;
}

function newGame(fen, rules) {
  try {
    game = new Game(fen, { rules, lenient: true });
  } catch (err) {
    $("status").textContent = `${err.name}: ${err.message}`;
    $("status").className = "error";
    return;
  }
  $("status").className = "";
  chinese = [];
  selected = null;
  $("fen").value = game.startingFen();
  update();
}

await init();
const params = new URLSearchParams(location.search);
$("rules").value = params.get("rules") ?? "cxa";
newGame(params.get("fen") ?? startingFen(), $("rules").value);
$("setup").addEventListener("submit", (event) => {
  event.preventDefault();
  newGame($("fen").value, $("rules").value);
});
$("undo").addEventListener("click", () => {
  if (game.length === 0) return;
  game.pop();
  chinese.pop();
  selected = null;
  update();
});
document.body.dataset.ready = "true";
