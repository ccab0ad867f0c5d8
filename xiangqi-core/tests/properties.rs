//! Properties of positions reached by random play from the start and from perft positions, checked
//! against a small reference implementation of the rules written here from scratch (slow and simple:
//! square by square, no tables).

use std::collections::BTreeSet;
use std::fmt;

use proptest::prelude::*;
use xiangqi_core::fen::Fen;
use xiangqi_core::{
    zobrist, Color, Move, Piece, Position, PositionErrorKinds, Role, Setup, Square, SquareSet, MOVE_LIST_CAPACITY,
};

// ---------------------------------------------------------------------------------------------
// Reference rules

const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn forward(color: Color) -> i8 {
    match color {
        Color::Red => 1,
        Color::Black => -1,
    }
}

/// The squares the piece on `from` could capture on if an opposing piece stood there: empty squares
/// included, squares of its own pieces included (defended). The general also "attacks" the opposing
/// general across an open file.
fn ref_attacks(pos: &Position, from: Square) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    let Some(piece) = pos.piece_at(from) else {
        return set;
    };
    let color = piece.color;
    let empty = |sq: Square| pos.piece_at(sq).is_none();
    match piece.role {
        Role::General => {
            for (df, dr) in ORTHOGONAL {
                if let Some(to) = from.offset(df, dr).filter(|s| s.in_palace_of(color)) {
                    set.insert(to);
                }
            }
            for dr in [1, -1] {
                let mut sq = from;
                while let Some(next) = sq.offset(0, dr) {
                    sq = next;
                    if let Some(p) = pos.piece_at(sq) {
                        if p == Piece::new(!color, Role::General) {
                            set.insert(sq);
                        }
                        break;
                    }
                }
            }
        }
        Role::Advisor => {
            for (df, dr) in DIAGONAL {
                if let Some(to) = from.offset(df, dr).filter(|s| s.in_palace_of(color)) {
                    set.insert(to);
                }
            }
        }
        Role::Elephant => {
            for (df, dr) in DIAGONAL {
                if let (Some(eye), Some(to)) = (from.offset(df, dr), from.offset(2 * df, 2 * dr)) {
                    if empty(eye) && to.is_on_side_of(color) {
                        set.insert(to);
                    }
                }
            }
        }
        Role::Horse => {
            for (df, dr) in ORTHOGONAL {
                let Some(leg) = from.offset(df, dr) else {
                    continue;
                };
                if !empty(leg) {
                    continue;
                }
                for side in [1, -1] {
                    if let Some(to) = from.offset(2 * df + side * dr, 2 * dr + side * df) {
                        set.insert(to);
                    }
                }
            }
        }
        Role::Chariot => {
            for (df, dr) in ORTHOGONAL {
                let mut sq = from;
                while let Some(next) = sq.offset(df, dr) {
                    sq = next;
                    set.insert(sq);
                    if !empty(sq) {
                        break;
                    }
                }
            }
        }
        Role::Cannon => {
            for (df, dr) in ORTHOGONAL {
                let mut sq = from;
                let mut screen = false;
                while let Some(next) = sq.offset(df, dr) {
                    sq = next;
                    if screen {
                        set.insert(sq);
                        if !empty(sq) {
                            break;
                        }
                    } else if !empty(sq) {
                        screen = true;
                    }
                }
            }
        }
        Role::Soldier => {
            if let Some(to) = from.offset(0, forward(color)) {
                set.insert(to);
            }
            if !from.is_on_side_of(color) {
                for df in [1, -1] {
                    if let Some(to) = from.offset(df, 0) {
                        set.insert(to);
                    }
                }
            }
        }
    }
    set
}

/// Pseudo-legal targets of the piece on `from`: where it may move, ignoring its own general's safety.
fn ref_targets(pos: &Position, from: Square) -> Vec<Square> {
    let Some(piece) = pos.piece_at(from) else {
        return Vec::new();
    };
    let not_own = |sq: &Square| pos.piece_at(*sq).is_none_or(|p| p.color != piece.color);
    match piece.role {
        Role::Cannon => {
            let mut targets = Vec::new();
            for (df, dr) in ORTHOGONAL {
                let mut sq = from;
                let mut screen = false;
                while let Some(next) = sq.offset(df, dr) {
                    sq = next;
                    match (screen, pos.piece_at(sq)) {
                        (false, None) => targets.push(sq),
                        (false, Some(_)) => screen = true,
                        (true, None) => {}
                        (true, Some(p)) => {
                            if p.color != piece.color {
                                targets.push(sq);
                            }
                            break;
                        }
                    }
                }
            }
            targets
        }
        Role::General => ORTHOGONAL
            .iter()
            .filter_map(|&(df, dr)| from.offset(df, dr))
            .filter(|s| s.in_palace_of(piece.color))
            .filter(not_own)
            .collect(),
        _ => ref_attacks(pos, from).filter(not_own).collect(),
    }
}

fn ref_attacked(pos: &Position, sq: Square, by: Color) -> bool {
    pos.pieces_of(by).any(|s| ref_attacks(pos, s).contains(sq))
}

fn general_square(pos: &Position, color: Color) -> Option<Square> {
    pos.squares_of(Piece::new(color, Role::General)).first()
}

/// Whether the pseudo-legal move `m` leaves the mover's general safe. Checks on the way that the
/// library's `attackers` agrees with the reference.
fn ref_is_safe(pos: &Position, m: Move) -> bool {
    let mover = pos.turn();
    let mut next = pos.clone();
    next.play_unchecked(m);
    let general = general_square(&next, mover).expect("the mover keeps its general");
    assert_eq!(next.general(mover), general, "{pos:?} {m}");
    let safe = !ref_attacked(&next, general, !mover);
    assert_eq!(
        next.attackers(general, !mover).is_empty(),
        safe,
        "attackers of {general} after {m} in {pos:?}: {:?}",
        next.attackers(general, !mover)
    );
    safe
}

fn ref_pseudo_legal(pos: &Position) -> Vec<Move> {
    pos.pieces_of(pos.turn())
        .flat_map(|from| ref_targets(pos, from).into_iter().map(move |to| Move::new(from, to)))
        .collect()
}

/// The most pseudo-legal targets a piece of each role can have.
fn bound(role: Role) -> usize {
    match role {
        Role::General | Role::Advisor | Role::Elephant => 4,
        Role::Horse => 8,
        Role::Chariot | Role::Cannon => 17,
        Role::Soldier => 3,
    }
}

fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<Move> {
    let mut v: Vec<Move> = moves.into_iter().collect();
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------------
// Random games

/// Start FENs from the perft table: the opening, middlegames, endgames, black to move, and one that
/// needs a waiver (an advisor off its points).
const STARTS: &[(&str, PositionErrorKinds)] = &[
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", PositionErrorKinds::EMPTY),
    ("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", PositionErrorKinds::EMPTY),
    ("1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1", PositionErrorKinds::EMPTY),
    ("5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1", PositionErrorKinds::EMPTY),
    ("C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1", PositionErrorKinds::EMPTY),
    ("4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1", PositionErrorKinds::EMPTY),
    ("2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1", PositionErrorKinds::EMPTY),
    ("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", PositionErrorKinds::EMPTY),
    ("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", PositionErrorKinds::EMPTY),
    ("2ba3R1/5k3/4ba3/p7p/3rN4/4P2N1/2c5P/4B4/2p1A4/c3KAB2 b - - 0 1", PositionErrorKinds::EMPTY),
    ("2bk1a3/4a4/4b3n/9/3P3r1/2R6/5R3/4CA2B/4K4/2BA3r1 w - - 0 1", PositionErrorKinds::EMPTY),
    ("4k4/9/9/9/9/9/9/4n4/3A5/3K5 w - - 0 1", PositionErrorKinds::ADVISOR_PLACEMENT),
];

const MAX_PLIES: usize = 150;

fn start(index: usize) -> Position {
    let (fen, accept) = STARTS[index];
    fen.parse::<Fen>().unwrap().into_position(accept).unwrap()
}

/// A random game: every position from the start to the last one (a terminal position or after
/// `MAX_PLIES` plies).
#[derive(Clone)]
struct Game {
    start: usize,
    moves: Vec<Move>,
    positions: Vec<Position>,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> = self.moves.iter().map(Move::to_string).collect();
        write!(
            f,
            "Game {{ start: {:?}, moves: \"{}\", end: {:?} }}",
            STARTS[self.start].0,
            moves.join(" "),
            self.positions.last().map(Position::fen)
        )
    }
}

impl Game {
    fn accept(&self) -> PositionErrorKinds {
        STARTS[self.start].1
    }
}

/// Each pick chooses a legal move; a pick divisible by 4 prefers a capture, so that games also reach
/// sparse endgames.
fn game() -> impl Strategy<Value = Game> {
    (0..STARTS.len(), prop::collection::vec(any::<u16>(), 0..=MAX_PLIES)).prop_map(|(index, picks)| {
        let mut pos = start(index);
        let mut positions = vec![pos.clone()];
        let mut moves = Vec::new();
        for pick in picks {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let captures: Vec<Move> = legal.iter().copied().filter(|&m| pos.is_capture(m)).collect();
            let m = if pick % 4 == 0 && !captures.is_empty() {
                captures[usize::from(pick / 4) % captures.len()]
            } else {
                legal[usize::from(pick) % legal.len()]
            };
            pos = pos.play(m).expect("a legal move plays");
            moves.push(m);
            positions.push(pos.clone());
        }
        Game { start: index, moves, positions }
    })
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fen_round_trip(game in game()) {
        for pos in &game.positions {
            let fen = pos.fen();
            let again = if game.accept().is_empty() {
                Position::from_fen(&fen).unwrap()
            } else {
                fen.parse::<Fen>().unwrap().into_position(game.accept()).unwrap()
            };
            prop_assert_eq!(&again, pos);
            prop_assert_eq!(again.zobrist_hash(), pos.zobrist_hash());
            prop_assert_eq!(again.fen(), fen);
        }
    }

    #[test]
    fn zobrist_hash_is_incremental(game in game()) {
        for pos in &game.positions {
            prop_assert_eq!(pos.zobrist_hash(), zobrist::hash_from_scratch(pos), "{:?}", pos);
        }
        // The same placement and side reached by different move orders has the same hash: here,
        // the start position itself rebuilt from its setup.
        let first = &game.positions[0];
        let rebuilt = Position::from_setup(first.to_setup(), game.accept()).unwrap();
        prop_assert_eq!(rebuilt.zobrist_hash(), first.zobrist_hash());
    }

    #[test]
    fn move_generation_is_consistent(game in game()) {
        for pos in &game.positions {
            let legal = pos.legal_moves();
            let set: BTreeSet<Move> = legal.iter().copied().collect();
            prop_assert_eq!(set.len(), legal.len(), "duplicate moves in {:?}", pos);
            prop_assert_eq!(pos.count_legal_moves(), legal.len());
            prop_assert_eq!(pos.has_legal_move(), !legal.is_empty());
            prop_assert_eq!(pos.outcome().is_none(), !legal.is_empty());
            prop_assert_eq!(pos.is_checkmate(), legal.is_empty() && pos.is_check());
            prop_assert_eq!(pos.is_stalemate(), legal.is_empty() && !pos.is_check());
            for &m in &legal {
                prop_assert!(pos.is_legal(m), "{} in {:?}", m, pos);
                prop_assert_eq!(pos.piece_at(m.from).map(|p| p.color), Some(pos.turn()));
            }
            let captures = sorted(legal.iter().copied().filter(|&m| pos.is_capture(m)));
            prop_assert_eq!(sorted(pos.legal_captures()), captures, "captures in {:?}", pos);
            for from in Square::all() {
                let by_from = sorted(legal.iter().copied().filter(|m| m.from == from));
                prop_assert_eq!(sorted(pos.legal_moves_from(from)), by_from, "{} in {:?}", from, pos);
            }
        }
    }

    #[test]
    fn moves_not_in_the_list_are_refused(
        game in game(),
        tries in prop::collection::vec((0u8..180, 0u8..90), 1..24),
    ) {
        let pos = game.positions.last().unwrap();
        let legal: BTreeSet<Move> = pos.legal_moves().into_iter().collect();
        // Random moves, half of them from a square of the side to move; then every pseudo-legal
        // move, which includes the illegal ones that expose the general.
        let own: Vec<Square> = pos.pieces_of(pos.turn()).collect();
        let mut candidates: Vec<Move> = tries
            .iter()
            .map(|&(a, b)| {
                let from = match a {
                    0..=89 => Square::new(usize::from(a)).unwrap(),
                    _ => own[usize::from(a - 90) % own.len()],
                };
                Move::new(from, Square::new(usize::from(b)).unwrap())
            })
            .collect();
        candidates.extend(ref_pseudo_legal(pos));
        for m in candidates {
            if legal.contains(&m) {
                prop_assert!(pos.is_legal(m));
                let next = pos.clone().play(m).unwrap();
                prop_assert_eq!(next.turn(), !pos.turn());
            } else {
                prop_assert!(!pos.is_legal(m), "{} in {:?}", m, pos);
                let err = pos.clone().play(m).unwrap_err();
                prop_assert_eq!(err.mv, m);
                prop_assert_eq!(&*err.position, pos);
                prop_assert!(!err.to_string().is_empty());
                prop_assert_eq!(&err.into_position(), pos);
            }
        }
    }

    #[test]
    fn attack_queries_agree(game in game()) {
        for pos in &game.positions {
            let from: Vec<SquareSet> = Square::all().map(|s| pos.attacks_from(s)).collect();
            for s in Square::all() {
                prop_assert_eq!(from[s.index()], ref_attacks(pos, s), "attacks_from({}) in {:?}", s, pos);
            }
            for color in Color::ALL {
                for target in Square::all() {
                    let expected: SquareSet = pos
                        .pieces_of(color)
                        .filter(|s| from[s.index()].contains(target))
                        .collect();
                    let got = pos.attackers(target, color);
                    prop_assert_eq!(got, expected, "attackers({}, {}) in {:?}", target, color, pos);
                    prop_assert_eq!(pos.is_attacked(target, color), !expected.is_empty());
                }
            }
        }
    }

    #[test]
    fn check_is_having_checkers(game in game()) {
        for pos in &game.positions {
            let general = general_square(pos, pos.turn()).unwrap();
            prop_assert_eq!(pos.general(pos.turn()), general);
            prop_assert_eq!(pos.checkers(), pos.attackers(general, !pos.turn()));
            prop_assert_eq!(pos.is_check(), !pos.checkers().is_empty(), "{:?}", pos);
            prop_assert_eq!(pos.is_check(), ref_attacked(pos, general, !pos.turn()), "{:?}", pos);
            // Legal positions never leave the side that just moved in check.
            let theirs = general_square(pos, !pos.turn()).unwrap();
            prop_assert!(!ref_attacked(pos, theirs, pos.turn()), "{:?}", pos);
        }
    }

    #[test]
    fn legal_moves_match_brute_force(game in game()) {
        for pos in &game.positions {
            let pseudo = ref_pseudo_legal(pos);
            prop_assert!(pseudo.len() <= MOVE_LIST_CAPACITY);
            for from in pos.pieces_of(pos.turn()) {
                let role = pos.piece_at(from).unwrap().role;
                let n = pseudo.iter().filter(|m| m.from == from).count();
                prop_assert!(n <= bound(role), "{} {} has {} targets in {:?}", role, from, n, pos);
            }
            let mut expected = Vec::new();
            for &m in &pseudo {
                let safe = ref_is_safe(pos, m);
                prop_assert_eq!(pos.is_legal(m), safe, "{} in {:?}", m, pos);
                if safe {
                    expected.push(m);
                }
            }
            prop_assert_eq!(sorted(pos.legal_moves()), sorted(expected), "{:?}", pos);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Move-list capacity

/// A position with `piece` on `square`, the two generals where they hinder it least (never facing)
/// and the piece's side to move.
fn lone_piece(piece: Piece, square: Square) -> Option<Position> {
    let palace = |color: Color| -> Vec<Square> { Square::all().filter(|s| s.in_palace_of(color)).collect() };
    let reds = if piece == Piece::new(Color::Red, Role::General) { vec![square] } else { palace(Color::Red) };
    let blacks = if piece == Piece::new(Color::Black, Role::General) { vec![square] } else { palace(Color::Black) };
    let mut best: Option<(usize, Position)> = None;
    for &red in &reds {
        for &black in &blacks {
            if red.file() == black.file() || (piece.role != Role::General && (red == square || black == square)) {
                continue;
            }
            let mut setup = Setup::empty();
            setup.turn = piece.color;
            setup.board[square.index()] = Some(piece);
            setup.board[red.index()] = Some(Piece::new(Color::Red, Role::General));
            setup.board[black.index()] = Some(Piece::new(Color::Black, Role::General));
            let pos = Position::from_setup(setup, PositionErrorKinds::WAIVABLE)
                .unwrap_or_else(|e| panic!("{piece} on {square}: {e}"));
            let n = pos.legal_moves_from(square).len();
            if best.as_ref().is_none_or(|(m, _)| n > *m) {
                best = Some((n, pos));
            }
        }
    }
    best.map(|(_, pos)| pos)
}

/// The legal moves of the piece on `square`, checked against the reference, and their number.
fn checked_moves(pos: &Position, square: Square) -> usize {
    let role = pos.piece_at(square).unwrap().role;
    let targets = ref_targets(pos, square);
    assert!(targets.len() <= bound(role), "{role} on {square}: {} pseudo-legal targets in {pos:?}", targets.len());
    let expected = sorted(targets.into_iter().map(|to| Move::new(square, to)).filter(|&m| ref_is_safe(pos, m)));
    let got = pos.legal_moves_from(square);
    assert_eq!(sorted(got.iter().copied()), expected, "{role} on {square} in {pos:?}");
    got.len()
}

#[test]
fn move_list_capacity() {
    // The opposing pieces used to fill targets, within the per-role limits.
    let pool = [
        Role::Advisor,
        Role::Advisor,
        Role::Elephant,
        Role::Elephant,
        Role::Soldier,
        Role::Soldier,
        Role::Soldier,
        Role::Soldier,
        Role::Soldier,
        Role::Horse,
        Role::Horse,
        Role::Cannon,
        Role::Cannon,
        Role::Chariot,
        Role::Chariot,
    ];
    // Most pseudo-legal targets (reference, checked against the library's legal moves) and most legal
    // moves seen, per role.
    let mut most = [0usize; 7];
    let mut most_legal = [0usize; 7];
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            for square in Square::all() {
                if role == Role::General && !square.in_palace_of(color) {
                    // Never accepted: nothing to count.
                    let mut setup = Setup::empty();
                    setup.board[square.index()] = Some(piece);
                    assert!(Position::from_setup(setup, PositionErrorKinds::WAIVABLE).is_err());
                    continue;
                }
                let pos = lone_piece(piece, square)
                    .unwrap_or_else(|| panic!("no room for the generals: {piece} on {square}"));
                let alone = checked_moves(&pos, square);
                most[role.index()] = most[role.index()].max(ref_targets(&pos, square).len());
                most_legal[role.index()] = most_legal[role.index()].max(alone);

                // Every target of the lone piece taken by an opposing piece.
                let mut setup = pos.to_setup();
                let empty_targets = ref_targets(&pos, square).into_iter().filter(|&s| pos.piece_at(s).is_none());
                for (s, r) in empty_targets.zip(pool) {
                    setup.board[s.index()] = Some(Piece::new(!color, r));
                }
                let crowded = Position::from_setup(setup, PositionErrorKinds::WAIVABLE)
                    .unwrap_or_else(|e| panic!("{piece} on {square}, crowded: {e}"));
                let n = checked_moves(&crowded, square);
                most[role.index()] = most[role.index()].max(ref_targets(&crowded, square).len());
                most_legal[role.index()] = most_legal[role.index()].max(n);
                if !matches!(role, Role::Chariot | Role::Cannon) {
                    // Captures count like quiet moves for step pieces.
                    assert_eq!(
                        ref_targets(&crowded, square).len(),
                        ref_targets(&pos, square).len(),
                        "{piece} on {square}: {crowded:?}"
                    );
                }
            }
        }
    }
    for role in Role::ALL {
        assert_eq!(most[role.index()], bound(role), "most targets of a {role}");
        // With the two generals alone on their files, one of a general's four steps always faces the
        // other general: three legal moves at most.
        let legal_bound = if role == Role::General { 3 } else { bound(role) };
        assert_eq!(most_legal[role.index()], legal_bound, "most legal moves of a {role}");
    }
    let total: usize = Role::ALL.iter().map(|&r| usize::from(r.max_count()) * bound(r)).sum();
    assert_eq!(total, 119);
    assert!(total <= MOVE_LIST_CAPACITY);
}
