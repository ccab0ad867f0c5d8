//! The ECCO decision procedure: ordered rules over the first 20 plies of a game written as move codes;
//! the first rule whose conditions all hold gives the code.
//!
//! Four kinds of test occur (docs/ecco.md): a ply is one of a set of moves ([`Atom::Ply`]), a run of
//! plies is a given sequence ([`Atom::Run`]), a side's first moves are a given multiset in any order
//! ([`Atom::Multiset`], the main transposition device), and a scan over one side's moves that skips a
//! neutral set and lets the first other move decide ([`Atom::Scan`], with the flags it sets on the way).

use super::table::{CODES, RULES, SCANS, SCAN_COUNT};
use std::sync::OnceLock;

use super::Ecco;

/// Plies the procedure reads.
pub(super) const PLIES: usize = 20;

/// Flags one scan can hold.
pub(super) const MAX_FLAGS: usize = 4;

/// The id of an empty ply, or of a move no rule mentions: it is in no [`MoveSet`].
pub(super) const NO_MOVE: u8 = u8::MAX;

/// A set of the procedure's moves, one bit per move id (the index in `table::MOVES`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct MoveSet(pub u64);

impl MoveSet {
    fn contains(self, id: u8) -> bool {
        self.0 & bit(id) != 0
    }
}

/// The bit of a move id in a [`MoveSet`]'s word; [`NO_MOVE`] has bit 63, which no set holds (there are
/// fewer than 63 moves) so that only a negated test accepts it.
fn bit(id: u8) -> u64 {
    1 << id.min(63)
}

/// Red or black, for the tests over one side's moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Side {
    Red,
    Black,
}

/// One test of a rule or of a scan's guard. Ply and move numbers are 1-based: red's move `k` is ply
/// `2k - 1`, black's is ply `2k`.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Atom {
    /// Ply `ply` is one of `moves`.
    Ply { ply: u8, moves: MoveSet },
    /// Plies `ply`, `ply + 1`, … are `moves` in order.
    Run { ply: u8, moves: &'static [u8] },
    /// Red's first `red` moves are, in any order, exactly `red_moves` (each once), and black's first
    /// `black` moves exactly `black_moves`.
    Multiset { red: u8, red_moves: MoveSet, black: u8, black_moves: MoveSet },
    /// Every move of `side` numbered `first..=last` is in `moves`.
    AllIn { side: Side, first: u8, last: u8, moves: MoveSet },
    /// No move of `side` numbered `first..=last` is in `moves` (part of the fact file's vocabulary; the
    /// current table does not use it).
    #[allow(dead_code)]
    NoneIn { side: Side, first: u8, last: u8, moves: MoveSet },
    /// Scan `scan` ends with exit `exit` (0: it ran out of moves).
    Scan { scan: u16, exit: u8 },
    /// Flag `flag` of scan `scan` is `is`: while that scan runs, its current value; afterwards, its value
    /// when the scan ended.
    Flag { scan: u16, flag: u8, is: u8 },
    /// The move of `side` numbered (scan `scan`'s position + `offset`) is in `moves`.
    Rel { scan: u16, offset: i8, side: Side, moves: MoveSet },
    /// The test does not hold.
    Not(&'static Atom),
    /// All the tests hold.
    All(&'static [Atom]),
    /// One of the tests holds.
    Any(&'static [Atom]),
}

/// A scan over the moves of `side` numbered `first..=last`, its flags starting at `flags`. For each move
/// the first entry that matches applies.
#[derive(Debug)]
pub(super) struct Scan {
    /// The scan's name in the fact file.
    #[allow(dead_code)]
    pub id: &'static str,
    pub side: Side,
    pub first: u8,
    pub last: u8,
    pub flags: &'static [u8],
    pub entries: &'static [Entry],
}

/// A case of a scan: it matches a move in `moves` (`None`: any move, an empty ply too) when `guard`
/// holds; it then sets flags (index, value) and goes on or ends the scan.
#[derive(Debug)]
pub(super) struct Entry {
    pub moves: Option<MoveSet>,
    pub guard: Option<&'static Atom>,
    pub set: &'static [(u8, u8)],
    pub next: Next,
}

/// What a scan does after an entry applied.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Next {
    /// Goes on with the next move.
    Pass,
    /// Ends with this exit label (1 and up).
    Exit(u8),
}

/// A rule: `code` (an index into `table::CODES`) when every test of `when` holds.
#[derive(Debug)]
pub(super) struct Rule {
    /// The rule's number in the fact file.
    pub id: u16,
    pub code: u16,
    pub when: &'static [Atom],
}

/// The first 20 plies of a game as move ids ([`NO_MOVE`] past the end of a short game).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Line(pub [u8; PLIES]);

impl Line {
    /// Ply `ply` (1-based), or [`NO_MOVE`] outside 1..=20.
    fn ply(&self, ply: i16) -> u8 {
        match usize::try_from(ply) {
            Ok(p @ 1..=PLIES) => self.0[p - 1],
            _ => NO_MOVE,
        }
    }

    /// The move of `side` numbered `number` (1-based), or [`NO_MOVE`] outside 1..=10.
    fn move_of(&self, side: Side, number: i16) -> u8 {
        if number < 1 {
            return NO_MOVE;
        }
        match side {
            Side::Red => self.ply(2 * number - 1),
            Side::Black => self.ply(2 * number),
        }
    }
}

/// How a scan ended: its exit (0 when it ran out of moves), the move number it stopped at (one past its
/// last move when it ran out) and its flags.
#[derive(Copy, Clone, Debug)]
struct ScanState {
    exit: u8,
    position: u8,
    flags: [u8; MAX_FLAGS],
}

/// The state of one classification: the line, its sides' first moves as sets, and the scans run so far
/// (each at most once).
struct Evaluation<'a> {
    line: &'a Line,
    /// For each side and `k` in 0..=10: the set of its first `k` moves, or `None` if two of them are the
    /// same move or one is [`NO_MOVE`] (then no multiset of `k` distinct moves matches).
    first_moves: [[Option<MoveSet>; PLIES / 2 + 1]; 2],
    scans: [Option<ScanState>; SCAN_COUNT],
}

/// The code the procedure gives `line`, with the number of the rule that gave it.
///
/// The rules are tried in order, as the procedure says. They are the leaves of a decision tree written
/// out one by one, so a rule mostly repeats the tests its predecessor began with; those are not tested
/// again, and when a test fails, the following rules that begin with the same tests up to that one are
/// passed over (they fail too).
pub(super) fn classify(line: &Line) -> (&'static Ecco, u16) {
    let mut evaluation = Evaluation { line, first_moves: first_moves(line), scans: [None; SCAN_COUNT] };
    let shared = shared_prefixes();
    // How many leading tests of the current rule are known to hold.
    let mut known = 0;
    let mut index = 0;
    while let Some(rule) = RULES.get(index) {
        let held = known
            + rule.when.get(known..).unwrap_or(&[]).iter().take_while(|atom| evaluation.holds(atom, None)).count();
        if held == rule.when.len() {
            return (CODES.get(usize::from(rule.code)).unwrap_or(&CODES[0]), rule.id);
        }
        // Test `held` failed: skip the rules that share the tests up to it.
        let mut common = usize::MAX;
        index += 1;
        while let Some(&with_previous) = shared.get(index) {
            common = common.min(usize::from(with_previous));
            if common <= held {
                break;
            }
            index += 1;
        }
        known = common.min(held);
    }
    // The rules cover every line (the last one takes every first move the others leave), so this is not
    // reached; the tests check it over random lines.
    (&CODES[0], 0)
}

/// For each rule, how many leading tests it has in common with the rule before it (0 for the first).
fn shared_prefixes() -> &'static [u8] {
    static SHARED: OnceLock<Vec<u8>> = OnceLock::new();
    SHARED.get_or_init(|| {
        let mut shared = vec![0];
        for pair in RULES.windows(2) {
            let common = pair[0].when.iter().zip(pair[1].when).take_while(|(a, b)| a == b).count();
            shared.push(u8::try_from(common).unwrap_or(u8::MAX));
        }
        shared
    })
}

/// Every rule tried in order, each test evaluated: the procedure exactly as written, for the tests to
/// compare [`classify`] with.
#[cfg(test)]
pub(super) fn classify_rule_by_rule(line: &Line) -> (&'static Ecco, u16) {
    let mut evaluation = Evaluation { line, first_moves: first_moves(line), scans: [None; SCAN_COUNT] };
    for rule in RULES.iter() {
        if rule.when.iter().all(|atom| evaluation.holds(atom, None)) {
            return (&CODES[usize::from(rule.code)], rule.id);
        }
    }
    (&CODES[0], 0)
}

impl Evaluation<'_> {
    /// Whether `atom` holds; `running` is the scan whose guard is being tested, if any.
    fn holds(&mut self, atom: &Atom, running: Option<(u16, &ScanState)>) -> bool {
        let line = self.line;
        match *atom {
            Atom::Ply { ply, moves } => moves.contains(line.ply(i16::from(ply))),
            Atom::Run { ply, moves } => {
                moves.iter().enumerate().all(|(i, &id)| line.ply(i16::from(ply) + i as i16) == id)
            }
            Atom::Multiset { red, red_moves, black, black_moves } => {
                let played = |side: usize, count: u8| self.first_moves[side].get(usize::from(count)).copied().flatten();
                played(0, red) == Some(red_moves) && played(1, black) == Some(black_moves)
            }
            Atom::AllIn { side, first, last, moves } => {
                (first..=last).all(|n| moves.contains(line.move_of(side, i16::from(n))))
            }
            Atom::NoneIn { side, first, last, moves } => {
                !(first..=last).any(|n| moves.contains(line.move_of(side, i16::from(n))))
            }
            Atom::Scan { scan, exit } => self.state(scan, running).is_some_and(|s| s.exit == exit),
            Atom::Flag { scan, flag, is } => {
                self.state(scan, running).and_then(|s| s.flags.get(usize::from(flag)).copied()) == Some(is)
            }
            Atom::Rel { scan, offset, side, moves } => self
                .state(scan, running)
                .is_some_and(|s| moves.contains(line.move_of(side, i16::from(s.position) + i16::from(offset)))),
            Atom::Not(inner) => !self.holds(inner, running),
            Atom::All(atoms) => atoms.iter().all(|a| self.holds(a, running)),
            Atom::Any(atoms) => atoms.iter().any(|a| self.holds(a, running)),
        }
    }

    /// The state of scan `index`: the running one's current state, or how it ended (run now if needed).
    fn state(&mut self, index: u16, running: Option<(u16, &ScanState)>) -> Option<ScanState> {
        if let Some((current, state)) = running {
            if current == index {
                return Some(*state);
            }
        }
        let slot = usize::from(index);
        if let Some(done) = self.scans.get(slot).copied().flatten() {
            return Some(done);
        }
        let state = self.run(index)?;
        self.scans[slot] = Some(state);
        Some(state)
    }

    /// Runs scan `index` to its end.
    fn run(&mut self, index: u16) -> Option<ScanState> {
        let scan = SCANS.get(usize::from(index))?;
        let mut state = ScanState { exit: 0, position: scan.first, flags: [0; MAX_FLAGS] };
        for (slot, &value) in state.flags.iter_mut().zip(scan.flags) {
            *slot = value;
        }
        for number in scan.first..=scan.last {
            state.position = number;
            let id = self.line.move_of(scan.side, i16::from(number));
            let Some(entry) = scan.entries.iter().find(|entry| {
                entry.moves.is_none_or(|moves| moves.contains(id))
                    && entry.guard.is_none_or(|guard| self.holds(guard, Some((index, &state))))
            }) else {
                continue;
            };
            for &(flag, value) in entry.set {
                if let Some(slot) = state.flags.get_mut(usize::from(flag)) {
                    *slot = value;
                }
            }
            if let Next::Exit(exit) = entry.next {
                state.exit = exit;
                return Some(state);
            }
        }
        state.position = scan.last + 1;
        Some(state)
    }
}

/// The sets of each side's first moves ([`Evaluation::first_moves`]).
fn first_moves(line: &Line) -> [[Option<MoveSet>; PLIES / 2 + 1]; 2] {
    let mut sets = [[None; PLIES / 2 + 1]; 2];
    for (side, sets) in [Side::Red, Side::Black].into_iter().zip(sets.iter_mut()) {
        let mut so_far = Some(MoveSet(0));
        sets[0] = so_far;
        for (number, slot) in (1..).zip(sets.iter_mut().skip(1)) {
            let id = line.move_of(side, number);
            so_far = so_far.filter(|set| id != NO_MOVE && !set.contains(id)).map(|set| MoveSet(set.0 | bit(id)));
            *slot = so_far;
        }
    }
    sets
}
