//! DhtmlXQ, the "UBB" text that Chinese xiangqi sites (dpxq.com, wxf.ca) embed in web pages: a game
//! with its whole variation tree as `[DhtmlXQ_<name>]value[/DhtmlXQ_<name>]` fields inside a
//! `[DhtmlXQ]`, `[DhtmlXQiFrame]` or `[DhtmlXQHTML]` container (and the DHJHtmlXQ dialect, below).
//!
//! ```
//! use xiangqi_core::dhtmlxq;
//! use xiangqi_core::record::GameResult;
//!
//! let page = "<div>[DhtmlXQ][DhtmlXQ_red]Hu Ronghua[/DhtmlXQ_red][DhtmlXQ_result]D[/DhtmlXQ_result]\
//!             [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\
//!             [DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]\
//!             [DhtmlXQ_comment1]central cannon||the most played opening[/DhtmlXQ_comment1][/DhtmlXQ]</div>";
//! let game = dhtmlxq::read_str(page).remove(0)?;
//! assert_eq!(game.main_line().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7"]);
//! assert_eq!(game.tree.lines().len(), 2); // h9g7, or b9c7 (branch 1)
//! assert_eq!(game.tags.get("Red"), Some("Hu Ronghua"));
//! assert_eq!(game.result, GameResult::Draw);
//! let first = game.tree.first_child(game.tree.root()).unwrap();
//! assert_eq!(game.tree.comment(first), Some("central cannon\nthe most played opening"));
//!
//! let again = dhtmlxq::read_str(&dhtmlxq::write(&game)).remove(0)?;
//! assert_eq!(again.tree.lines(), game.tree.lines());
//! # Ok::<(), dhtmlxq::DhtmlXqError>(())
//! ```
//!
//! ## What the reader accepts
//!
//! - Every container of a text is one game, in order; a text with fields but no container is one game.
//!   A container without its closing tag ends at the next container (with a warning).
//! - Bytes ([`read_bytes`]) are decoded in the encoding [detected](encoding::detect): the one a
//!   byte-order mark names (UTF-8, UTF-16LE, UTF-16BE), else UTF-8 when the bytes are UTF-8, else GBK
//!   or Big5.
//! - Coordinates are two digits per square: the file from Red's left (`0`-`8`) and the row from the
//!   top (`0` = Black's back rank). `binit` lists 32 pieces in the order `R N B A K A B N R C C P P P
//!   P P` then the same for Black, `99` for an absent piece; `fen` (a FEN), when present, takes
//!   precedence. Placement problems of composed positions (an advisor, an elephant or a soldier where
//!   it can never go) are accepted.
//! - The side to move is that of the DHJHtmlXQ start player (below), else that of the `fen`; else the
//!   colour of the piece on the first move's from-square; with no move, Red, unless only Black to move
//!   gives a legal position.
//! - `movelist` is the main line, 4 digits per move (ASCII whitespace between digits is skipped). A
//!   malformed or illegal main-line move is an error, never a shortened game; the error carries the
//!   game read up to the fault.
//! - `move_P_S_B` (branch `B` leaves branch `P` at ply `S`) are attached in passes, so that a branch
//!   may come before the branch it leaves; children keep the order in which the branches were
//!   attached. A branch is kept up to its first malformed or illegal move, with a [`ReadWarning`]
//!   naming that move and its ply (as the XQF and CBR readers keep what precedes a bad move in a
//!   variation); it is dropped when that move is its first. A branch that can never be attached or
//!   that repeats a branch number is dropped with a warning. The rest of the game is kept.
//! - `comment<K>` belongs to main-line ply `K` (`comment0` to the start), `comment<B>_<K>` to ply `K`
//!   of branch `B`; a comment on a ply that does not exist is dropped with a warning.
//! - Text values (information fields and comments): see [`decode_text`] for the escapes.
//! - A field given twice counts once (the first); the others are dropped with a warning. A text field
//!   without its closing tag is dropped with a warning; a board or move field without it is an error.
//! - Information fields become tags: `event` Event, `date` Date, `place` Site, `round` Round, `red`
//!   (else `redname`) Red, `redteam` RedTeam, `black` (else `blackname`) Black, `blackteam`
//!   BlackTeam, `ecco` ECCO, `open` Opening, `variation` Variation, `title` Title; every other one
//!   keeps its name behind `DhtmlXQ_` (`DhtmlXQ_group`). Empty fields are skipped. `result` gives
//!   [`GameRecord::result`]: `红胜`/`W` Red wins, `黑胜`/`L` Black wins, `和棋`/`D` a draw, and
//!   the other words [`GameResult`]'s `FromStr` knows; a text it does not know is kept as the tag
//!   `DhtmlXQ_result`.
//! - Every warning names the byte offset (in the bytes given to [`read_bytes`]) and the line of what it
//!   is about: the move group at fault, else the field's opening tag, else the container's; for bytes
//!   that do not decode, the first of them.
//!
//! ## The DHJHtmlXQ dialect
//!
//! The 打虎将 (广东象棋网) dialect numbers its fields, in a `[DHJHtmlXQ]` container or a standard
//! one, with `[DHJHtmlXQ_<name>]` or `[DhtmlXQ_<name>]` tags. A numbered field is read as the field
//! it stands for: `31` `fen`, `34` `movelist`, `10` `title`, `11` `event`, `13` `date`, `14`
//! `place`, `15` `round`, `16` `table`, `17` `red`, `18` `redname`, `21` `black`, `22`
//! `blackname`, `28` `result`, `29` `redtime`, `30` `blacktime`, `36` `open`, `37` `variation`,
//! `40` `remark` (the annotator), `41` `author`; `comment_<…>` and `game_comment_<…>` are read as
//! `comment<…>` (`comment_1_5` as `comment1_5`). `32` is the side to move (`0` Red, `1` Black): it
//! overrides the `fen`'s side, with a warning when the `fen` states the other. The other numbers (`33`,
//! the start ply, among them) are kept as tags like any other information field (`DhtmlXQ_33`). A
//! numbered field and the standard field it stands for count as one field given twice.

mod read;
mod scan;
mod text;
mod write;

pub use write::write;

use crate::encoding::{self, TextEncoding};
use crate::fen::ParseFenError;
use crate::record::{GameRecord, Location, ReadWarning};
use crate::{Move, PositionError};

#[cfg(doc)]
use crate::record::GameResult;

/// Why a DhtmlXQ game could not be read, and where.
///
/// ```
/// use xiangqi_core::dhtmlxq::{self, DhtmlXqErrorKind};
///
/// // The second move (h9h0) is not legal.
/// let text = "[DhtmlXQ]\n[DhtmlXQ_movelist]77477079[/DhtmlXQ_movelist]\n[/DhtmlXQ]";
/// let err = dhtmlxq::read_str(text).remove(0).unwrap_err();
/// assert!(matches!(err.kind, DhtmlXqErrorKind::IllegalMove(_)));
/// assert_eq!((err.location.ply, err.location.token.as_deref()), (Some(2), Some("7079")));
/// assert_eq!((err.location.byte_offset, err.location.line), (32, Some(2)));
/// assert_eq!(err.partial.as_ref().unwrap().tree.main_line_len(), 1);
/// assert_eq!(
///     err.to_string(),
///     "DhtmlXQ, game 0, byte 32 (line 2), ply 2, at \"7079\": illegal move h9h0"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("DhtmlXQ, {location}: {kind}")]
pub struct DhtmlXqError {
    /// Where: the game (its container's index in the text), the byte offset in the text (for
    /// [`read_bytes`], in the bytes given) of the move group at fault, or of the field's opening
    /// tag for a whole field; its line; the ply for a move; the move group or the field name.
    pub location: Location,
    /// What is wrong.
    pub kind: DhtmlXqErrorKind,
    /// For a main-line move that cannot be read or played: the game read up to the fault (the moves
    /// before it, the tags, the branches and comments that could be attached).
    pub partial: Option<Box<GameRecord>>,
}

/// What is wrong with a DhtmlXQ game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DhtmlXqErrorKind {
    /// `binit` is not 64 digits, or puts two pieces on one square.
    #[error("bad binit field: {0}")]
    BadBinit(&'static str),
    /// The `fen` field is no FEN.
    #[error("bad fen field: {0}")]
    BadFen(Box<ParseFenError>),
    /// The start position breaks the rules.
    #[error("invalid start position: {0}")]
    InvalidPosition(PositionError),
    /// A main-line move is not four digits naming two squares.
    #[error("a move must be four digits: file 0-8, row 0-9, file 0-8, row 0-9")]
    MalformedMove,
    /// A main-line move is not legal.
    #[error("illegal move {0}")]
    IllegalMove(Move),
    /// A board or move field has no closing tag.
    #[error("field without its closing tag")]
    UnclosedField,
}

/// Reads every game of a text (a web page, a forum post, a `.txt` export): one entry per container,
/// in order; a text with fields but no container is one game. A game that cannot be read gives an
/// error and the reader goes on with the next one.
///
/// ```
/// use xiangqi_core::dhtmlxq;
/// let text = "[DhtmlXQ][DhtmlXQ_binit]12[/DhtmlXQ_binit][/DhtmlXQ]\
///             [DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]";
/// let games = dhtmlxq::read_str(text);
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].as_ref().unwrap_err().location.token.as_deref(), Some("binit"));
/// assert_eq!(games[1].as_ref().unwrap().tree.main_line_len(), 1);
/// ```
pub fn read_str(text: &str) -> Vec<Result<GameRecord, DhtmlXqError>> {
    let lines = scan::Lines::new(text);
    let containers = scan::containers(text);
    if containers.is_empty() {
        let fields = scan::fields(text, (0, text.len()));
        if fields.is_empty() {
            return Vec::new();
        }
        return vec![read::game(fields, 0, 0, &lines)];
    }
    containers
        .iter()
        .enumerate()
        .map(|(index, container)| {
            let fields = scan::fields(text, container.body);
            let mut game = read::game(fields, index, container.start, &lines);
            if !container.closed {
                let warning = ReadWarning::new(None, "the container has no closing tag")
                    .at(container.start as u64, Some(lines.line(container.start)));
                match &mut game {
                    Ok(record) => record.warnings.push(warning),
                    Err(err) => {
                        if let Some(partial) = &mut err.partial {
                            partial.warnings.push(warning);
                        }
                    }
                }
            }
            game
        })
        .collect()
}

/// Reads every game of a file's bytes in the given encoding, or in the one
/// [detected](encoding::detect) when `None` (a byte-order mark first: UTF-8, UTF-16LE, UTF-16BE).
/// Offsets in errors and warnings count the bytes given, a byte-order mark included. When some bytes
/// do not decode, each game read gets a warning that names the first of them.
///
/// ```
/// use xiangqi_core::dhtmlxq;
/// use xiangqi_core::encoding::{self, TextEncoding};
/// let page = "[DhtmlXQ][DhtmlXQ_red]胡荣华[/DhtmlXQ_red][/DhtmlXQ]";
/// let (gbk, _) = encoding::encode(page, TextEncoding::Gbk);
/// let games = dhtmlxq::read_bytes(&gbk, None);
/// assert_eq!(games[0].as_ref().unwrap().tags.get("Red"), Some("胡荣华"));
///
/// let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain(page.encode_utf16().flat_map(u16::to_le_bytes)).collect();
/// let games = dhtmlxq::read_bytes(&utf16, None);
/// assert_eq!(games[0].as_ref().unwrap().tags.get("Red"), Some("胡荣华"));
/// ```
pub fn read_bytes(bytes: &[u8], encoding: Option<TextEncoding>) -> Vec<Result<GameRecord, DhtmlXqError>> {
    let encoding = encoding.unwrap_or_else(|| encoding::detect(bytes));
    let (text, had_errors) = encoding::decode(bytes, encoding);
    let mut games = read_str(&text);
    offsets_in_the_bytes(&mut games, bytes, encoding);
    if had_errors {
        let (at, line) = match encoding::first_undecodable(bytes, encoding) {
            Some((at, decoded_at)) => (at, scan::Lines::new(&text).line(decoded_at)),
            None => (0, 1),
        };
        for record in games.iter_mut().filter_map(|game| game.as_mut().ok()) {
            let message = format!("bytes that are not {encoding} were replaced by U+FFFD (the first at byte {at})");
            record.warnings.push(ReadWarning::new(None, message).at(at as u64, Some(line)));
        }
    }
    games
}

/// Turns the offsets of errors and warnings, which count the bytes of the decoded text, into offsets in
/// the bytes read, in one pass over them.
fn offsets_in_the_bytes(games: &mut [Result<GameRecord, DhtmlXqError>], bytes: &[u8], encoding: TextEncoding) {
    fn warnings_of(game: &mut Result<GameRecord, DhtmlXqError>) -> &mut [ReadWarning] {
        match game {
            Ok(record) => &mut record.warnings,
            Err(err) => err.partial.as_mut().map_or(&mut [], |partial| &mut partial.warnings),
        }
    }
    let as_index = |offset: u64| usize::try_from(offset).unwrap_or(usize::MAX);
    let mut offsets = Vec::new();
    for game in games.iter_mut() {
        if let Err(err) = game {
            offsets.push(as_index(err.location.byte_offset));
        }
        offsets.extend(warnings_of(game).iter().filter_map(|w| w.byte_offset).map(as_index));
    }
    if offsets.is_empty() {
        return;
    }
    offsets.sort_unstable();
    offsets.dedup();
    let mapped = encoding::source_offsets(bytes, encoding, &offsets);
    let in_bytes = |offset: u64| {
        let index = offsets.binary_search(&as_index(offset)).unwrap_or(0);
        mapped.get(index).copied().unwrap_or(0) as u64
    };
    for game in games.iter_mut() {
        if let Err(err) = game {
            err.location.byte_offset = in_bytes(err.location.byte_offset);
        }
        for warning in warnings_of(game) {
            warning.byte_offset = warning.byte_offset.map(in_bytes);
        }
    }
}

/// Whether a text (or a file's bytes) holds DhtmlXQ: the marker `[DhtmlXQ` of a container or a field,
/// or `[DHJHtmlXQ` of the DHJHtmlXQ dialect. After a UTF-16 byte-order mark the markers are looked for as
/// UTF-16 code units (nothing is decoded); other bytes are searched as they are, which finds the ASCII
/// markers in any ASCII-compatible encoding.
///
/// ```
/// use xiangqi_core::dhtmlxq::contains_dhtmlxq;
/// assert!(contains_dhtmlxq("<div>[DhtmlXQ][/DhtmlXQ]</div>"));
/// assert!(contains_dhtmlxq(b"[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"));
/// assert!(contains_dhtmlxq("[DHJHtmlXQ][DHJHtmlXQ_34]7747[/DHJHtmlXQ_34][/DHJHtmlXQ]"));
/// assert!(contains_dhtmlxq(b"\xFF\xFE[\0D\0h\0t\0m\0l\0X\0Q\0]\0"));
/// assert!(!contains_dhtmlxq("[Event \"?\"]"));
/// ```
pub fn contains_dhtmlxq(text: impl AsRef<[u8]>) -> bool {
    let bytes = text.as_ref();
    let units = |marker: &str, big_endian: bool| -> Vec<u8> {
        let unit = |c: u16| if big_endian { c.to_be_bytes() } else { c.to_le_bytes() };
        marker.encode_utf16().flat_map(unit).collect()
    };
    match encoding::bom(bytes) {
        Some(utf16 @ (TextEncoding::Utf16Le | TextEncoding::Utf16Be)) => {
            let big_endian = utf16 == TextEncoding::Utf16Be;
            // Code units start at even offsets (the mark is two bytes).
            scan::MARKERS.iter().any(|marker| {
                let marker = units(marker, big_endian);
                bytes.windows(marker.len()).step_by(2).any(|w| w == marker.as_slice())
            })
        }
        _ => scan::MARKERS.iter().any(|marker| bytes.windows(marker.len()).any(|w| w == marker.as_bytes())),
    }
}

/// Decodes a text value as the reader does. A value is percent-decoded first when it is clearly
/// percent-encoded: ASCII without whitespace, at least one `%`, every `%` followed by two hexadecimal
/// digits, and the decoded bytes valid UTF-8 (`http%3A//www.dpxq.com/%0D%0A`; but `50%` or `a %20`
/// stay as they are). Then `||` becomes a line break and `\uXXXX` the UTF-16 code unit it names (a
/// surrogate pair written as two escapes becomes one character, a lone surrogate U+FFFD).
///
/// ```
/// use xiangqi_core::dhtmlxq::decode_text;
/// assert_eq!(decode_text("first||second"), "first\nsecond");
/// assert_eq!(decode_text("\\u4E2D\\u70AE"), "中炮");
/// assert_eq!(decode_text("http%3A//www.dpxq.com/"), "http://www.dpxq.com/");
/// assert_eq!(decode_text("red is 50% better"), "red is 50% better");
/// ```
pub fn decode_text(value: &str) -> String {
    text::decode(value)
}
