// The ES-module entry for Node: the CommonJS build, which loads the WebAssembly module synchronously, with
// its exports named. Pages import "xiangqi-wasm/web" instead (call its default export, init, first).
import xiangqi from "./node/xiangqi_wasm.js";

export const {
  Board,
  Game,
  RecordGame,
  readGames,
  eccoOf,
  eccoFromCode,
  eccoCodes,
  startingFen,
  version,
} = xiangqi;
export default xiangqi;
