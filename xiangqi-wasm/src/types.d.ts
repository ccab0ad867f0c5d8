/** `"red"` or `"black"`. */
export type Color = "red" | "black";
/** A square: its ICCS name (`"e0"`, files a-i from red's left, ranks 0-9 from red's side) or index 0-89
 * (`rank * 9 + file`). */
export type Square = string | number;
/** A move notation: ICCS (`h2e2`), ICCS with ranks 1-10 (`h3e3`), WXF (`C2=5`) or Chinese (`炮二平五`). */
export type Notation = "iccs" | "iccs1" | "wxf" | "chinese";
/** The rule set judging repetitions. */
export type RuleSet = "cxa" | "cxa2020" | "axf";

/** Options of `new Board(fen, options)`. */
export interface BoardOptions {
  /** Accept composed positions with advisors, elephants or soldiers off their points. */
  lenient?: boolean;
}

/** Options of `new Game(fen, options)`: the rule set and the arbiter's options. */
export interface GameOptions {
  /** `"cxa"` (the default), `"cxa2020"` or `"axf"`. */
  rules?: RuleSet;
  /** Accept composed positions with advisors, elephants or soldiers off their points. */
  lenient?: boolean;
  /** The arbiter's judgement of a defensive key point (27.3), asked for moves that threaten only an
   * advisor or elephant: `(fenBefore, iccsMove) => boolean`. */
  keyPoint?: (fen: string, move: string) => boolean;
  /** A general's move answering a check is idle whatever it threatens (default true). */
  kingEvasionIdle?: boolean;
  /** Drop a threat on a piece that walked into the attack with the check just answered (default true). */
  selfInflicted?: boolean;
  /** The natural limit in plies without a capture (default 120). */
  naturalLimitPlies?: number;
  /** Checks of the claimant that count towards the natural limit (default 10). */
  naturalLimitChecks?: number;
  /** Declare the natural-limit draw as soon as either side could claim it (default true). */
  autoNaturalDraw?: boolean;
  /** Report a must-change verdict directly as a loss (default false). */
  strictEngineMode?: boolean;
}

/** Options of `toPgn`. */
export interface PgnOptions {
  /** `"chinese"` (the default), `"wxf"` or `"iccs"`. */
  notation?: "chinese" | "wxf" | "iccs";
  /** Chinese in traditional characters. */
  traditional?: boolean;
  /** Tags to set, name to value. */
  tags?: Record<string, string>;
}

/** Options of `readGames(bytes, options)`. */
export interface ReadOptions {
  /** The text encoding (`"utf-8"`, `"gbk"`, `"gb18030"`, `"big5"`, ...), overriding the detection. */
  encoding?: string;
  /** A file name's extension (`"pgn"`, `"xqf"`): decides only a source too short to tell. */
  extension?: string;
  /** Throw the first unreadable game's `RecordError` instead of returning it in `RecordGame.error`. */
  strict?: boolean;
}

/** The end of a position without legal moves. */
export interface BoardOutcome {
  winner: Color;
  termination: "checkmate" | "stalemate";
}

/** A piece a move threatens: who wins it, where, how, and why it counts as unrooted. */
export interface ChaseTarget {
  /** The square of the piece that wins the target (after the move). */
  attacker: string;
  /** That piece as a FEN letter (`"R"` red chariot, `"n"` black horse). */
  attackerPiece: string;
  /** The target's square (after the move). */
  target: string;
  targetPiece: string;
  /** The target's identity for the whole game (1-32). */
  targetId: number;
  /** `"capture"`, `"checks"` (won by a series of checks) or `"sequence"`. */
  means: "capture" | "checks" | "sequence";
  /** For a capture: `"unrooted"`, `"false_root"`, `"outvalued"`, `"insufficient"`, ...; else null. */
  rooting: string | null;
  /** Whether the gain needs two or more pieces of the chasing side. */
  joint: boolean;
  /** The arbiter's sentence about this target. */
  description: string;
}

/** The arbiter's classification of one move. */
export interface Classification {
  /** The move's index in the game (0 is the first move). */
  ply: number;
  /** The move in ICCS. */
  move: string;
  side: Color;
  moveClass: "check" | "kill" | "chase" | "idle";
  /** The class with the idle sub-kind, as the rule book labels it (`"idle:exchange"`). */
  label: string;
  idleKind: "plain" | "exchange" | "sacrifice" | "block" | "follow" | null;
  /** The new threats that make the move a chase. */
  chases: ChaseTarget[];
  /** New threats won only by a soldier (idle unless both sides attack on every move, 27.2). */
  soldierChases: ChaseTarget[];
  /** New threats won only by the general (idle, 27.1). */
  generalChases: ChaseTarget[];
  /** For a kill: the first move of the forced mate. */
  mateStart: string | null;
  /** A rule that made the move idle whatever it threatens. */
  idleRule: "general_answering_check" | "defensive_key_point" | null;
  /** A search behind the class reached its node budget: the class is not a decision. */
  undecided: boolean;
  /** A sentence: the move, its class, the chased pieces. */
  explanation: string;
}

/** The arbiter's verdict: a loss, a draw, a side that must change its moves, or undecided. */
export interface Verdict {
  verdict: "loss" | "draw" | "must_change" | "undecided";
  /** `"checkmate"`, `"stalemate"`, `"perpetual_check"`, `"mutual_perpetual_check"`, `"perpetual_attack"`,
   * `"both_forbidden"`, `"both_allowed"`, `"single_piece_chase"`, `"ignored_warning"`, `"natural_limit"`,
   * `"insufficient_material"`. */
  termination: string;
  /** The winner of a loss, else null. */
  winner: Color | null;
  /** The side that loses or must change; null for a draw. */
  side: Color | null;
  /** The rule article: `"24.1, 26.1"`. */
  article: string;
  /** The words of the case files: `"red loses"`, `"black loses"`, `"draw"`, ... */
  summary: string;
  /** `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while play goes on. */
  result: string;
  isGameOver: boolean;
  /** A paragraph: the rule, the side, the moves of a repetition with their classes and chased pieces. */
  explanation: string;
  /** For a repetition: the window of moves judged, 0-based `[first, end)`; else null. */
  plies: [number, number] | null;
  /** For a repetition: red's and black's conduct (`"perpetual_check"`, `"forbidden"`, `"allowed"`). */
  profiles: [string, string] | null;
  /** For a repetition: every move of the window with its classification. */
  moves: Classification[];
}

/** An ECCO opening code with its names in simplified and traditional characters. */
export interface Ecco {
  code: string;
  group: string;
  opening: string;
  variation: string | null;
  groupName: string;
  openingTraditional: string;
  variationTraditional: string | null;
  groupNameTraditional: string;
  /** The code and its names in one line. */
  text: string;
}

/** What every error thrown by this package carries besides `message`: `name` is `"FenError"`,
 * `"IllegalMoveError"`, `"MoveTextError"`, `"RecordError"`, `"EccoError"` or `"XiangqiError"`
 * (`TypeError` for an argument of the wrong type). */
export interface XiangqiErrorFields {
  /** FenError, MoveTextError: bytes into the text at fault. */
  offset?: number | null;
  /** FenError: the offending token. RecordError: the offending text. */
  token?: string | null;
  /** FenError: the field at fault. */
  field?: string | null;
  /** FenError: what is wrong with a position. */
  problems?: string[];
  /** IllegalMoveError: the move; MoveTextError: the notation and the kind of fault. */
  move?: string;
  text?: string;
  notation?: string | null;
  kind?: string;
  fen?: string | null;
  /** RecordError: the location. */
  gameIndex?: number | null;
  byteOffset?: number | null;
  line?: number | null;
  ply?: number | null;
  format?: string;
}
