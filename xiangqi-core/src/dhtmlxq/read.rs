//! Building one game from the fields of a container.

use std::borrow::Cow;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

use super::scan::{Field, Lines};
use super::{text, DhtmlXqError, DhtmlXqErrorKind};
use crate::fen::Fen;
use crate::quote::Quoted;
use crate::record::board::{COMPOSED, SLOT_PIECES};
use crate::record::{GameRecord, GameResult, Location, NodeId, ReadWarning};
use crate::{Color, Move, Position, PositionError, Setup, Square};

/// Information fields that become tags of their own, with the fields that stand in when the first is
/// missing or empty.
pub(super) const TAGS: [(&str, &[&str]); 12] = [
    ("Title", &["title"]),
    ("Event", &["event"]),
    ("Date", &["date"]),
    ("Site", &["place"]),
    ("Round", &["round"]),
    ("Red", &["red", "redname"]),
    ("RedTeam", &["redteam"]),
    ("Black", &["black", "blackname"]),
    ("BlackTeam", &["blackteam"]),
    ("ECCO", &["ecco"]),
    ("Opening", &["open"]),
    ("Variation", &["variation"]),
];

/// The prefix of the tags that keep an information field under its own name.
pub(super) const TAG_PREFIX: &str = "DhtmlXQ_";

/// The numbered field names of the DHJHtmlXQ dialect (DHTMLXQ.md section 7) and the standard names
/// they stand for. `29` and `30` are taken for Red's and Black's time, in the order of the other
/// pairs; `32` (the side to move) has no standard name ([`START_PLAYER`]).
const NUMBERED: [(&str, &str); 19] = [
    ("10", "title"),
    ("11", "event"),
    ("13", "date"),
    ("14", "place"),
    ("15", "round"),
    ("16", "table"),
    ("17", "red"),
    ("18", "redname"),
    ("21", "black"),
    ("22", "blackname"),
    ("28", "result"),
    ("29", "redtime"),
    ("30", "blacktime"),
    ("31", "fen"),
    ("34", "movelist"),
    ("36", "open"),
    ("37", "variation"),
    ("40", "remark"),
    ("41", "author"),
];

/// The DHJHtmlXQ field that gives the side to move: `0` Red, `1` Black.
const START_PLAYER: &str = "32";

/// The prefixes of the DHJHtmlXQ dialect's comment fields, which are followed by the numbers of a
/// standard comment field: `comment_<K>`, `comment_<B>_<K>`.
const NUMBERED_COMMENTS: [&str; 2] = ["game_comment_", "comment_"];

/// The standard name of a field: the DHJHtmlXQ dialect's names are replaced by the names they stand
/// for (`34` by `movelist`, `comment_1_5` by `comment1_5`); other names are kept.
fn standard_name(name: &str) -> Cow<'_, str> {
    if let Some((_, standard)) = NUMBERED.iter().find(|(numbered, _)| *numbered == name) {
        return Cow::Borrowed(standard);
    }
    let numbers = NUMBERED_COMMENTS.iter().find_map(|prefix| name.strip_prefix(prefix));
    match numbers {
        Some(numbers) if numbers.starts_with(|c: char| c.is_ascii_digit()) => Cow::Owned(format!("comment{numbers}")),
        _ => Cow::Borrowed(name),
    }
}

/// What a field holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Binit,
    Fen,
    MoveList,
    /// The DHJHtmlXQ dialect's side to move.
    StartPlayer,
    /// `move_P_S_B`, when the three numbers can be read.
    Branch {
        parent: usize,
        start: usize,
        branch: usize,
    },
    /// `comment<K>` (branch 0) or `comment<B>_<K>`.
    Comment {
        branch: usize,
        ply: usize,
    },
    /// A `move_` or `comment<digit>` name that does not parse.
    BadName,
    Info,
}

/// A number of at most 9 digits, so that adding a ply count never overflows.
fn number(text: &str) -> Option<usize> {
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn is_comment_name(name: &str) -> bool {
    name.strip_prefix("comment").is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
}

/// Whether a tag `DhtmlXQ_<name>` can be written as the field `name`: the reader reads that field back
/// as the information field of the same name (not as a board, move or comment field, nor as a
/// numbered field of the DHJHtmlXQ dialect, which stands for another one).
pub(super) fn is_information_field(name: &str) -> bool {
    standard_name(name) == name && kind(name) == Kind::Info
}

/// What a field of this standard name holds.
fn kind(name: &str) -> Kind {
    match name {
        "binit" => return Kind::Binit,
        "fen" => return Kind::Fen,
        "movelist" => return Kind::MoveList,
        START_PLAYER => return Kind::StartPlayer,
        _ => {}
    }
    if let Some(numbers) = name.strip_prefix("move_") {
        let mut parts = numbers.split('_').map(number);
        return match (parts.next(), parts.next(), parts.next(), parts.next()) {
            (Some(Some(parent)), Some(Some(start)), Some(Some(branch)), None) if start > 0 => {
                Kind::Branch { parent, start, branch }
            }
            _ => Kind::BadName,
        };
    }
    if is_comment_name(name) {
        let numbers = name.strip_prefix("comment").unwrap_or_default();
        return match numbers.split_once('_') {
            None => number(numbers).map_or(Kind::BadName, |ply| Kind::Comment { branch: 0, ply }),
            Some((branch, ply)) => match (number(branch), number(ply)) {
                (Some(branch), Some(ply)) => Kind::Comment { branch, ply },
                _ => Kind::BadName,
            },
        };
    }
    Kind::Info
}

/// A field with what the reader takes it for.
struct Known<'t> {
    kind: Kind,
    /// The standard name ([`standard_name`]).
    name: Cow<'t, str>,
    field: Field<'t>,
}

/// A move group as written: its offset in the text and its characters (four when well formed).
struct Group {
    offset: usize,
    text: String,
}

impl Group {
    /// The move, if the group is four digits naming two squares.
    fn to_move(&self) -> Option<Move> {
        let mut digits = [0u8; 4];
        let mut count = 0;
        for c in self.text.chars() {
            *digits.get_mut(count)? = c.to_digit(10)? as u8;
            count += 1;
        }
        let [x1, y1, x2, y2] = digits;
        if count != 4 || y1 > 9 || y2 > 9 {
            return None;
        }
        Some(Move::new(Square::from_coords(x1, 9 - y1)?, Square::from_coords(x2, 9 - y2)?))
    }
}

/// The groups of four characters of a move field, ASCII whitespace skipped. The last one may be short.
fn groups(field: &Field<'_>) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::with_capacity(field.value.len() / 4);
    for (i, c) in field.value.char_indices().filter(|(_, c)| !c.is_ascii_whitespace()) {
        match groups.last_mut() {
            Some(group) if group.text.chars().count() < 4 => group.text.push(c),
            _ => groups.push(Group { offset: field.value_offset + i, text: c.to_string() }),
        }
    }
    groups
}

/// The result a `result` field states, if the text is one the reader knows.
fn result(text: &str) -> Option<GameResult> {
    match text.trim() {
        "W" | "w" => Some(GameResult::RedWins),
        "L" | "l" => Some(GameResult::BlackWins),
        "D" | "d" => Some(GameResult::Draw),
        other => other.parse().ok(),
    }
}

struct Reader<'a, 't> {
    game_index: usize,
    /// Offset of the container, for errors that concern no field.
    start: usize,
    lines: &'a Lines<'t>,
}

impl Reader<'_, '_> {
    fn error(&self, offset: usize, ply: Option<usize>, token: &str, kind: DhtmlXqErrorKind) -> DhtmlXqError {
        DhtmlXqError {
            location: Location {
                game_index: self.game_index,
                byte_offset: offset as u64,
                line: Some(self.lines.line(offset)),
                ply,
                token: Some(token.to_owned()),
            },
            kind,
            partial: None,
        }
    }

    fn field_error(&self, field: &Field<'_>, kind: DhtmlXqErrorKind) -> DhtmlXqError {
        self.error(field.offset, None, field.name, kind)
    }

    /// A warning about the text at `offset`.
    fn warning(&self, ply: Option<usize>, offset: usize, message: impl Into<String>) -> ReadWarning {
        ReadWarning::new(ply, message).at(offset as u64, Some(self.lines.line(offset)))
    }

    /// The fields that count, under their standard names: a field given twice counts once (the first),
    /// a text field without its closing tag not at all (each with a warning); a board or move field
    /// without its closing tag is an error.
    fn known_fields<'t>(
        &self,
        fields: Vec<Field<'t>>,
        warnings: &mut Vec<ReadWarning>,
    ) -> Result<Vec<Known<'t>>, DhtmlXqError> {
        let mut seen = HashSet::new();
        let mut known = Vec::with_capacity(fields.len());
        for field in fields {
            let name = standard_name(field.name);
            if !seen.insert(name.clone()) {
                let shown = if name == field.name { name.to_string() } else { format!("{} ({name})", field.name) };
                let message = format!("the field {shown} is given more than once; the first one counts");
                warnings.push(self.warning(None, field.offset, message));
                continue;
            }
            let kind = kind(&name);
            if !field.closed {
                if matches!(kind, Kind::Binit | Kind::Fen | Kind::MoveList) {
                    return Err(self.field_error(&field, DhtmlXqErrorKind::UnclosedField));
                }
                let message = format!("the field {} has no closing tag and is ignored", field.name);
                warnings.push(self.warning(None, field.offset, message));
                continue;
            }
            known.push(Known { kind, name, field });
        }
        Ok(known)
    }

    /// The side to move that the DHJHtmlXQ start-player field states, if it states one.
    fn start_player(&self, field: &Field<'_>, warnings: &mut Vec<ReadWarning>) -> Option<Color> {
        match field.value.trim() {
            "" => None,
            "0" => Some(Color::Red),
            "1" => Some(Color::Black),
            other => {
                let message = format!(
                    "the start player field {} is {}, neither 0 (Red) nor 1 (Black); ignored",
                    field.name,
                    Quoted(other)
                );
                warnings.push(self.warning(None, field.offset, message));
                None
            }
        }
    }

    /// The board of a `binit` value.
    fn binit(&self, field: &Field<'_>) -> Result<Setup, DhtmlXqError> {
        let digits = field.value.trim_matches(|c: char| c.is_ascii_whitespace());
        if digits.len() != 64 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.field_error(field, DhtmlXqErrorKind::BadBinit("expected 64 digits")));
        }
        let mut setup = Setup::empty();
        for (pair, piece) in digits.as_bytes().chunks_exact(2).zip(SLOT_PIECES) {
            let (x, y) = (pair[0] - b'0', pair[1] - b'0');
            let Some(square) = Square::from_coords(x, 9u8.saturating_sub(y)) else { continue };
            let place = &mut setup.board[square.index()];
            if place.is_some() {
                return Err(self.field_error(field, DhtmlXqErrorKind::BadBinit("two pieces on one square")));
            }
            *place = Some(piece);
        }
        Ok(setup)
    }

    /// The start position: `fen`, else `binit` (else the standard start); the side to move is the
    /// start player's (the DHJHtmlXQ dialect's field), else the `fen`'s, else the colour of the first
    /// move's piece.
    fn start(
        &self,
        fields: &StartFields<'_, '_>,
        first_move: Option<Move>,
        warnings: &mut Vec<ReadWarning>,
    ) -> Result<Position, DhtmlXqError> {
        let player = fields.start_player.and_then(|field| self.start_player(field, warnings).map(|c| (c, field)));
        if let Some(field) = fields.fen {
            let parsed: Fen = field
                .value
                .trim()
                .parse()
                .map_err(|err| self.field_error(field, DhtmlXqErrorKind::BadFen(Box::new(err))))?;
            let mut setup = parsed.into_setup();
            if let Some((color, player_field)) = player {
                let fen_states_side = field.value.split_whitespace().nth(1).is_some();
                if fen_states_side && setup.turn != color {
                    let message = format!(
                        "the fen field {} gives {} to move, the start player field {} {color}; the start player counts",
                        field.name, setup.turn, player_field.name
                    );
                    warnings.push(self.warning(None, player_field.offset, message));
                }
                setup.turn = color;
            }
            return Position::from_setup(setup, COMPOSED)
                .map_err(|err| self.field_error(field, DhtmlXqErrorKind::InvalidPosition(err)));
        }
        let binit = fields.binit;
        let mut setup = match binit {
            Some(field) => self.binit(field)?,
            None => Setup::start(),
        };
        let invalid = |err: PositionError| match binit {
            Some(field) => self.field_error(field, DhtmlXqErrorKind::InvalidPosition(err)),
            None => self.error(self.start, None, "binit", DhtmlXqErrorKind::InvalidPosition(err)),
        };
        let mover = player
            .map(|(color, _)| color)
            .or_else(|| first_move.and_then(|m| setup.piece_at(m.from)).map(|piece| piece.color));
        if let Some(color) = mover {
            setup.turn = color;
            return Position::from_setup(setup, COMPOSED).map_err(invalid);
        }
        match Position::from_setup(setup.clone(), COMPOSED) {
            Ok(pos) => Ok(pos),
            Err(red_err) => {
                setup.turn = Color::Black;
                Position::from_setup(setup, COMPOSED).map_err(|_| invalid(red_err))
            }
        }
    }
}

/// The fields that give the start position, when present.
struct StartFields<'a, 't> {
    fen: Option<&'a Field<'t>>,
    binit: Option<&'a Field<'t>>,
    start_player: Option<&'a Field<'t>>,
}

/// A `move_P_S_B` field waiting to be attached.
struct Branch<'t> {
    /// The field's name as written, for messages.
    name: &'t str,
    /// The field's offset.
    offset: usize,
    parent: usize,
    start: usize,
    branch: usize,
    /// The moves, up to the first group that is not one.
    moves: Vec<Move>,
    /// The groups as written: one per move, then the first that is not a move, if there is one.
    groups: Vec<Group>,
}

impl Branch<'_> {
    /// The key of the node the branch leaves from; `None` for the start position.
    fn parent_key(&self) -> Option<(usize, usize)> {
        (self.start > 1).then(|| (self.parent, self.start - 1))
    }

    /// The message of a branch read up to a bad move at index `bad`: kept up to the ply before, or
    /// dropped when the bad move is the first.
    fn cut_message(&self, bad: usize, what: String) -> String {
        let ply = self.start + bad;
        match bad {
            0 => format!("{}: {what} at ply {ply}; dropped", self.name),
            _ => format!("{}: {what} at ply {ply}; the branch is kept up to ply {}", self.name, ply - 1),
        }
    }
}

/// Reads one game from its fields. `start` is the offset of the container (0 without one).
pub(super) fn game(
    fields: Vec<Field<'_>>,
    game_index: usize,
    start: usize,
    lines: &Lines<'_>,
) -> Result<GameRecord, DhtmlXqError> {
    let reader = Reader { game_index, start, lines };
    let mut warnings = Vec::new();
    let known = reader.known_fields(fields, &mut warnings)?;
    let find = |wanted: Kind| known.iter().find(|k| k.kind == wanted).map(|k| &k.field);
    let movelist = find(Kind::MoveList).map(groups).unwrap_or_default();
    let first_move = movelist.first().and_then(Group::to_move);
    let start_fields =
        StartFields { fen: find(Kind::Fen), binit: find(Kind::Binit), start_player: find(Kind::StartPlayer) };
    let position = reader.start(&start_fields, first_move, &mut warnings)?;

    let mut record = GameRecord::new(position.clone());
    record.warnings = warnings;
    read_info(&known, &mut record);

    let mut nodes: HashMap<(usize, usize), NodeId> = HashMap::new();
    let mut node = record.tree.root();
    nodes.insert((0, 0), node);
    let mut pos = position;
    let mut fault = None;
    for (i, group) in movelist.iter().enumerate() {
        let ply = i + 1;
        let m = match group.to_move() {
            Some(m) if pos.is_legal(m) => m,
            Some(m) => {
                fault = Some(reader.error(group.offset, Some(ply), &group.text, DhtmlXqErrorKind::IllegalMove(m)));
                break;
            }
            None => {
                fault = Some(reader.error(group.offset, Some(ply), &group.text, DhtmlXqErrorKind::MalformedMove));
                break;
            }
        };
        pos.play_unchecked(m);
        node = record.tree.push_unchecked(node, m);
        nodes.insert((0, ply), node);
    }

    let tail = (record.tree.main_line_len(), pos);
    attach_branches(&reader, &known, &mut record, &mut nodes, tail);
    attach_comments(&reader, &known, &mut record, &nodes);
    let length = known.iter().find(|k| k.name == "length").and_then(|k| Some((number(k.field.value.trim())?, k)));
    if let Some((length, known)) = length {
        let plies = movelist.len();
        if length != plies && fault.is_none() {
            let message = format!("the length field says {length} plies, the main line has {plies}");
            record.warnings.push(reader.warning(None, known.field.offset, message));
        }
    }
    match fault {
        None => Ok(record),
        Some(mut err) => {
            err.partial = Some(Box::new(record));
            Err(err)
        }
    }
}

fn read_info(fields: &[Known<'_>], record: &mut GameRecord) {
    let value_of = |name: &str| {
        fields.iter().find(|k| k.kind == Kind::Info && k.name == name).map(|k| text::decode(k.field.value))
    };
    for known in fields {
        if known.kind != Kind::Info {
            continue;
        }
        let name = &*known.name;
        let value = text::decode(known.field.value);
        if value.is_empty() {
            continue;
        }
        if name == "result" {
            match result(&value) {
                Some(result) => record.result = result,
                None => record.tags.set(format!("{TAG_PREFIX}result"), value),
            }
            continue;
        }
        let chosen = TAGS.iter().find(|(_, sources)| sources.contains(&name)).and_then(|(tag, sources)| {
            let first = sources.iter().find(|s| value_of(s).is_some_and(|v| !v.is_empty()))?;
            (*first == name).then_some(*tag)
        });
        match chosen {
            Some(tag) => record.tags.set(tag, value),
            None => record.tags.set(format!("{TAG_PREFIX}{name}"), value),
        }
    }
}

/// The `move_P_S_B` fields that can be attached, each with its moves up to the first group that is not
/// a move; the others are dropped with a warning.
fn branch_fields<'t>(reader: &Reader<'_, '_>, fields: &[Known<'t>], record: &mut GameRecord) -> Vec<Branch<'t>> {
    let mut branches = Vec::new();
    let mut numbers = HashSet::new();
    for known in fields {
        let field = &known.field;
        match known.kind {
            Kind::BadName if known.name.starts_with("move_") => {
                let message = format!("{} is not move_<branch>_<ply>_<branch>: ignored", field.name);
                record.warnings.push(reader.warning(None, field.offset, message));
            }
            Kind::Branch { parent, start, branch } => {
                if branch == 0 || !numbers.insert(branch) {
                    let message = format!("{}: branch number {branch} already used; dropped", field.name);
                    record.warnings.push(reader.warning(Some(start), field.offset, message));
                    continue;
                }
                let groups = groups(field);
                let moves: Vec<Move> = groups.iter().map_while(Group::to_move).collect();
                let branch = Branch { name: field.name, offset: field.offset, parent, start, branch, moves, groups };
                match branch.groups.first() {
                    None => {
                        let message = format!("{}: no moves; dropped", field.name);
                        record.warnings.push(reader.warning(Some(start), field.offset, message));
                    }
                    Some(group) if branch.moves.is_empty() => {
                        let message = branch.cut_message(0, format!("malformed move {}", Quoted(&group.text)));
                        record.warnings.push(reader.warning(Some(start), group.offset, message));
                    }
                    Some(_) => branches.push(branch),
                }
            }
            _ => {}
        }
    }
    branches
}

/// Attaches the `move_P_S_B` fields in the order passes over them would: a branch whose parent is
/// known when the pass reaches it is attached then, the others wait for a later pass. Each branch is
/// scheduled once, when the branch holding its parent is attached, so the work is linear. The
/// position at the end of each branch is kept: a branch usually leaves from there, and replaying every
/// branch from the start would be quadratic in deeply nested trees.
///
/// A branch is attached up to its first move that is malformed or illegal, with a warning naming that
/// move; a branch whose first move is bad is dropped.
fn attach_branches(
    reader: &Reader<'_, '_>,
    fields: &[Known<'_>],
    record: &mut GameRecord,
    nodes: &mut HashMap<(usize, usize), NodeId>,
    main_tail: (usize, Position),
) {
    let branches = branch_fields(reader, fields, record);
    let mut tails: HashMap<usize, (usize, Position)> = HashMap::new();
    tails.insert(0, main_tail);
    let mut ready = BinaryHeap::new();
    let mut waiting: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
    for (index, branch) in branches.iter().enumerate() {
        match branch.parent_key() {
            Some(key) if !nodes.contains_key(&key) => waiting.entry(key).or_default().push(index),
            _ => ready.push(Reverse((1usize, index))),
        }
    }
    while let Some(Reverse((pass, index))) = ready.pop() {
        let Some(branch) = branches.get(index) else { continue };
        let parent = match branch.parent_key() {
            Some(key) => nodes.get(&key).copied(),
            None => Some(record.tree.root()),
        };
        let Some(parent) = parent else { continue };
        let cached = branch.parent_key().and_then(|(p, ply)| tails.get(&p).filter(|(tail, _)| *tail == ply));
        let mut pos = match (cached, branch.start) {
            (Some((_, pos)), _) => pos.clone(),
            (None, 1) => record.tree.start().clone(),
            (None, _) => record.tree.position_at(parent),
        };
        let mut kept = 0;
        for &m in &branch.moves {
            if !pos.is_legal(m) {
                break;
            }
            pos.play_unchecked(m);
            kept += 1;
        }
        if let Some(bad) = branch.groups.get(kept) {
            let what = match branch.moves.get(kept) {
                Some(m) => format!("illegal move {m} ({})", Quoted(&bad.text)),
                None => format!("malformed move {}", Quoted(&bad.text)),
            };
            let message = branch.cut_message(kept, what);
            record.warnings.push(reader.warning(Some(branch.start + kept), bad.offset, message));
        }
        if kept == 0 {
            continue;
        }
        let mut node = parent;
        for (j, &m) in branch.moves[..kept].iter().enumerate() {
            node = record.tree.push_unchecked(node, m);
            let key = (branch.branch, branch.start + j);
            nodes.insert(key, node);
            for dependent in waiting.remove(&key).unwrap_or_default() {
                ready.push(Reverse((pass + usize::from(index > dependent), dependent)));
            }
        }
        tails.insert(branch.branch, (branch.start + kept - 1, pos));
    }
    let mut never: Vec<usize> = waiting.into_values().flatten().collect();
    never.sort_unstable();
    for index in never {
        if let Some(b) = branches.get(index) {
            let message = format!("{}: branch {} has no ply {}; dropped", b.name, b.parent, b.start - 1);
            record.warnings.push(reader.warning(Some(b.start), b.offset, message));
        }
    }
}

fn attach_comments(
    reader: &Reader<'_, '_>,
    fields: &[Known<'_>],
    record: &mut GameRecord,
    nodes: &HashMap<(usize, usize), NodeId>,
) {
    for known in fields {
        let field = &known.field;
        match known.kind {
            Kind::Comment { branch, ply } => {
                let comment = text::decode(field.value);
                match nodes.get(&(branch, ply)) {
                    Some(&node) => record.tree.set_comment(node, comment),
                    None => {
                        let message = format!("{}: no such ply; comment dropped", field.name);
                        record.warnings.push(reader.warning(Some(ply), field.offset, message));
                    }
                }
            }
            Kind::BadName if known.name.starts_with("comment") => {
                let message = format!("{} is not comment<ply> or comment<branch>_<ply>: ignored", field.name);
                record.warnings.push(reader.warning(None, field.offset, message));
            }
            _ => {}
        }
    }
}
