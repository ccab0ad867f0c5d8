export * from "./node/xiangqi_wasm.js";
import * as xiangqi from "./node/xiangqi_wasm.js";
export default xiangqi;
