// A typed program over the package's declarations, checked by `tsc --strict --noEmit` (types.test.mjs):
// the declarations must describe the API as the tests use it, and refuse what it refuses.
import { Board, Game, readGames, eccoOf, type Classification, type Verdict, type Ecco } from "xiangqi-wasm";

const board: Board = new Board();
const moves: string[] = board.legalMoves();
const codes: Uint16Array = board.legalMoveCodes();
const played: string = board.push("炮二平五");
const chinese: string = board.chinese("h9g7", true);
const wxf: string = board.wxf("h9g7");
const piece: string | null = board.pieceAt("e0");
const outcome = board.outcome();
const winner: "red" | "black" | undefined = outcome?.winner;

const game = new Game("4k4/9/9/9/9/9/9/9/3R5/5K3 w - - 0 1", { rules: "cxa2020", keyPoint: (fen, move) => fen.length > 0 && move === "d4e4" });
game.push("d1e1");
const c: Classification = game.classify(0);
const targets: string[] = c.chases.map((t) => t.target);
const verdict: Verdict | null = game.verdict();
const summary: string | undefined = verdict?.summary;
const records = readGames(new Uint8Array([1, 2, 3]), { encoding: "gbk" });
const first = records[0];
const error: Error | null = first ? first.error : null;
const ecco: Ecco = eccoOf(["h2e2"]);
const later = Game.fromMoves(["h2e2", "h9g7"]);

export const used = [moves, codes, played, chinese, wxf, piece, winner, targets, summary, error, ecco.code, later.length, c.moveClass];

// @ts-expect-error: a FEN is a string
new Board(42);
// @ts-expect-error: no such rule set
new Game(undefined, { rules: "fide" });
// @ts-expect-error: a verdict may be null
game.verdict().summary;
