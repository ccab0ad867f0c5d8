//! Every legal move, written in every notation and style, reads back to itself, and no two legal moves of
//! one position are written alike: over every position reached in the 2,516 bundled wukong games, and
//! over random positions built to hold the hard cases (several soldiers on one or two files, tandem
//! chariots, horses and cannons, advisors and elephants sharing a file, placements the rules only allow
//! on request).

use std::collections::HashSet;
use std::path::Path;
use std::time::Instant;

use proptest::prelude::*;
use xiangqi_core::chinese::{self, BlackDigits, Characters, ChineseStyle};
use xiangqi_core::wxf::{self, Sideways, TandemMarker, WxfStyle};
use xiangqi_core::{
    iccs_one_based, notation, Color, Move, Notation, Piece, Position, PositionErrorKinds, Role, Setup, Square,
};

// ---------------------------------------------------------------------------------------------
// Styles and the check of one position

#[derive(Copy, Clone, Debug, PartialEq)]
enum Style {
    Iccs,
    IccsOneBased,
    Wxf(WxfStyle),
    Chinese(ChineseStyle),
}

impl Style {
    fn write(self, out: &mut String, pos: &Position, m: Move) {
        match self {
            Style::Iccs => out.push_str(&m.to_string()),
            Style::IccsOneBased => out.push_str(&iccs_one_based::write(m)),
            Style::Wxf(style) => wxf::write_to(out, pos, m, style),
            Style::Chinese(style) => chinese::write_to(out, pos, m, style),
        }
    }

    fn read(self, pos: &Position, text: &str) -> Result<Move, notation::ParseMoveError> {
        match self {
            Style::Iccs => notation::parse_as(pos, text, Notation::Iccs),
            Style::IccsOneBased => notation::parse_as(pos, text, Notation::IccsOneBased),
            Style::Wxf(_) => wxf::parse(pos, text),
            Style::Chinese(_) => chinese::parse(pos, text),
        }
    }
}

/// Every WXF style (16) and every Chinese style (4), and the two coordinate notations.
fn all_styles() -> Vec<Style> {
    let mut styles = vec![Style::Iccs, Style::IccsOneBased];
    for sideways in [Sideways::Equals, Sideways::Dot] {
        for tandem_marker in [TandemMarker::AfterLetter, TandemMarker::BeforeLetter] {
            for black_lower_case in [false, true] {
                for full_width in [false, true] {
                    styles.push(Style::Wxf(WxfStyle { sideways, tandem_marker, black_lower_case, full_width }));
                }
            }
        }
    }
    for characters in [Characters::Simplified, Characters::Traditional] {
        for black_digits in [BlackDigits::FullWidth, BlackDigits::Ascii] {
            styles.push(Style::Chinese(ChineseStyle { characters, black_digits }));
        }
    }
    styles
}

/// A set of styles in which every option value occurs (the options only change characters, independently
/// of each other): what the large game corpus is checked with. Random positions get every combination.
fn covering_styles() -> Vec<Style> {
    let every_option = WxfStyle {
        sideways: Sideways::Dot,
        tandem_marker: TandemMarker::BeforeLetter,
        black_lower_case: true,
        full_width: true,
    };
    vec![
        Style::Iccs,
        Style::IccsOneBased,
        Style::Wxf(WxfStyle::DEFAULT),
        Style::Wxf(every_option),
        Style::Chinese(ChineseStyle::SIMPLIFIED),
        Style::Chinese(ChineseStyle { characters: Characters::Traditional, black_digits: BlackDigits::Ascii }),
    ]
}

/// Writes every legal move of `pos` in every style, reads each text back (with the notation's reader, and
/// for the default styles with the detecting reader too) and checks that no two moves share a text.
/// Returns the number of texts checked.
fn check_position(pos: &Position, styles: &[Style]) -> Result<usize, String> {
    let moves = pos.legal_moves();
    let mut texts: Vec<(String, Move)> = moves.iter().map(|&m| (String::with_capacity(16), m)).collect();
    for &style in styles {
        for (text, m) in texts.iter_mut() {
            text.clear();
            style.write(text, pos, *m);
            let back = style.read(pos, text).map_err(|e| format!("{style:?} {} {m}: {e}", pos.fen()))?;
            if back != *m {
                return Err(format!("{style:?} {}: {m} written {text:?}, read back as {back}", pos.fen()));
            }
            let default_style = matches!(style, Style::Iccs)
                || style == Style::Wxf(WxfStyle::DEFAULT)
                || style == Style::Chinese(ChineseStyle::SIMPLIFIED);
            if default_style && notation::parse(pos, text) != Ok(*m) {
                return Err(format!("{style:?} {}: {text:?} not detected as {m}", pos.fen()));
            }
        }
        texts.sort_unstable();
        if let Some(pair) = texts.windows(2).find(|pair| pair[0].0 == pair[1].0) {
            return Err(format!(
                "{style:?} {}: {} and {} both written {:?}",
                pos.fen(),
                pair[0].1,
                pair[1].1,
                pair[0].0
            ));
        }
    }
    Ok(moves.len() * styles.len())
}

// ---------------------------------------------------------------------------------------------
// What kind of move it is (to show the hard cases were met)

#[derive(Default, Debug, Clone, Copy)]
struct Kinds {
    moves: usize,
    tandem_chariot_horse_cannon: usize,
    soldiers_two_on_file: usize,
    soldiers_three_plus_on_file: usize,
    soldiers_two_files: usize,
    advisor_elephant_sharing_file: usize,
    advisor_elephant_backward_sharing_file: usize,
}

impl Kinds {
    fn add(&mut self, pos: &Position, m: Move) {
        self.moves += 1;
        let Some(piece) = pos.piece_at(m.from) else { return };
        let on_file = |file: u8| pos.squares_of(piece).into_iter().filter(|sq| sq.file() == file).count();
        let count = on_file(m.from.file());
        if count < 2 {
            return;
        }
        match piece.role {
            Role::Chariot | Role::Horse | Role::Cannon => self.tandem_chariot_horse_cannon += 1,
            Role::Advisor | Role::Elephant => {
                self.advisor_elephant_sharing_file += 1;
                if m.to.relative_rank(piece.color) < m.from.relative_rank(piece.color) {
                    self.advisor_elephant_backward_sharing_file += 1;
                }
            }
            Role::Soldier => {
                let tandem_files = (0..9).filter(|&f| on_file(f) >= 2).count();
                if tandem_files >= 2 {
                    self.soldiers_two_files += 1;
                } else if count >= 3 {
                    self.soldiers_three_plus_on_file += 1;
                } else {
                    self.soldiers_two_on_file += 1;
                }
            }
            Role::General => {}
        }
    }

    fn merge(&mut self, other: Kinds) {
        self.moves += other.moves;
        self.tandem_chariot_horse_cannon += other.tandem_chariot_horse_cannon;
        self.soldiers_two_on_file += other.soldiers_two_on_file;
        self.soldiers_three_plus_on_file += other.soldiers_three_plus_on_file;
        self.soldiers_two_files += other.soldiers_two_files;
        self.advisor_elephant_sharing_file += other.advisor_elephant_sharing_file;
        self.advisor_elephant_backward_sharing_file += other.advisor_elephant_backward_sharing_file;
    }
}

// ---------------------------------------------------------------------------------------------
// The bundled games

/// The ICCS move tokens of each game of a PGN file (tags, move numbers, results and comments dropped).
fn read_games(text: &str) -> Vec<Vec<Move>> {
    let mut games = vec![Vec::new()];
    for line in text.lines() {
        if line.trim_start().starts_with('[') {
            if !games.last().is_some_and(Vec::is_empty) {
                games.push(Vec::new());
            }
            continue;
        }
        for token in line.split_whitespace() {
            if let Ok(m) = token.parse::<Move>() {
                games.last_mut().expect("a game").push(m);
            }
        }
    }
    games.retain(|g| !g.is_empty());
    games
}

/// Every distinct position of the bundled games (the positions before each move).
fn bundled_positions() -> (usize, Vec<Position>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/data/wukong");
    let mut seen = HashSet::new();
    let mut positions = Vec::new();
    let mut games = 0;
    for name in ["Hu_Ronghua_1391_UCI_games.pgn", "Liu_Dahua_1125_UCI_games.pgn"] {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        for game in read_games(&text) {
            games += 1;
            let mut pos = Position::default();
            for m in game {
                if seen.insert(pos.zobrist_hash()) {
                    positions.push(pos.clone());
                }
                pos = pos.play(m).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
            if seen.insert(pos.zobrist_hash()) {
                positions.push(pos);
            }
        }
    }
    (games, positions)
}

#[test]
fn every_move_of_the_bundled_games() {
    let started = Instant::now();
    let (games, positions) = bundled_positions();
    assert_eq!(games, 2516);
    let styles = covering_styles();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(4);
    let chunk = positions.len().div_ceil(threads);
    let results: Vec<(usize, Kinds)> = std::thread::scope(|scope| {
        let handles: Vec<_> = positions
            .chunks(chunk)
            .map(|part| {
                let styles = &styles;
                scope.spawn(move || {
                    let (mut texts, mut kinds) = (0, Kinds::default());
                    for pos in part {
                        texts += check_position(pos, styles).unwrap_or_else(|e| panic!("{e}"));
                        for m in pos.legal_moves() {
                            kinds.add(pos, m);
                        }
                    }
                    (texts, kinds)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("checker thread")).collect()
    });
    let mut texts = 0;
    let mut kinds = Kinds::default();
    for (t, k) in results {
        texts += t;
        kinds.merge(k);
    }
    println!(
        "{games} games, {} distinct positions, {} legal moves, {} styles, {texts} texts written and read back \
         in {:.1} s on {threads} thread(s); {kinds:?}",
        positions.len(),
        kinds.moves,
        styles.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(kinds.tandem_chariot_horse_cannon > 0 && kinds.soldiers_two_on_file > 0);
}

// ---------------------------------------------------------------------------------------------
// Random positions

/// Reads random bytes one by one (zero when they run out).
struct Dice<'a>(&'a [u8], usize);

impl Dice<'_> {
    fn roll(&mut self, sides: u8) -> u8 {
        let value = self.0.get(self.1).copied().unwrap_or(0);
        self.1 += 1;
        value % sides.max(1)
    }

    fn chance(&mut self, percent: u8) -> bool {
        self.roll(100) < percent
    }
}

/// A square from `color`'s seat: file 0..9 from red's left, rank 0..10 from `color`'s back rank.
fn relative_square(color: Color, file: u8, rank: u8) -> Square {
    let rank = if color == Color::Red { rank } else { 9 - rank };
    Square::from_coords(file, rank).expect("on the board")
}

/// Builds a position from dice: generals in their palaces; soldiers stacked on one or two files beyond
/// the river; chariots, horses and cannons often doubled on a file; advisors and elephants on their
/// points (or, with `free_placement`, anywhere on their side). `None` if the result is not valid.
fn random_position(bytes: &[u8], free_placement: bool) -> Option<Position> {
    let mut dice = Dice(bytes, 0);
    let mut setup = Setup::empty();
    let place = |setup: &mut Setup, sq: Square, piece: Piece| {
        if setup.board[sq.index()].is_none() {
            setup.board[sq.index()] = Some(piece);
        }
    };
    for color in Color::ALL {
        let general = relative_square(color, 3 + dice.roll(3), dice.roll(3));
        place(&mut setup, general, Piece::new(color, Role::General));
    }
    for color in Color::ALL {
        let piece = |role| Piece::new(color, role);
        // Soldiers: up to five, on one or two stacking files beyond the river, some elsewhere.
        let stacks = [dice.roll(9), dice.roll(9)];
        for _ in 0..dice.roll(6) {
            let sq = if dice.chance(80) {
                relative_square(color, stacks[usize::from(dice.chance(50))], 5 + dice.roll(5))
            } else {
                relative_square(color, 2 * dice.roll(5), 3 + dice.roll(2))
            };
            place(&mut setup, sq, piece(Role::Soldier));
        }
        // Chariots, horses, cannons: up to two, the second often on the first one's file.
        for role in [Role::Chariot, Role::Horse, Role::Cannon] {
            let file = dice.roll(9);
            for i in 0..dice.roll(3) {
                let f = if i == 1 && dice.chance(60) { file } else { dice.roll(9) };
                place(&mut setup, relative_square(color, f, dice.roll(10)), piece(role));
            }
        }
        // Advisors and elephants: on their points, often two on one file; anywhere on their side when free.
        let advisor_points = [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)];
        let elephant_points = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)];
        for (role, points) in [(Role::Advisor, &advisor_points[..]), (Role::Elephant, &elephant_points[..])] {
            for _ in 0..dice.roll(3) {
                let (file, rank) = if free_placement && dice.chance(50) {
                    (3 + dice.roll(3), dice.roll(5))
                } else {
                    points[usize::from(dice.roll(points.len() as u8))]
                };
                place(&mut setup, relative_square(color, file, rank), piece(role));
            }
        }
    }
    setup.turn = if dice.chance(50) { Color::Red } else { Color::Black };
    let accept = if free_placement {
        PositionErrorKinds::ADVISOR_PLACEMENT
            | PositionErrorKinds::ELEPHANT_PLACEMENT
            | PositionErrorKinds::SOLDIER_PLACEMENT
    } else {
        PositionErrorKinds::EMPTY
    };
    Position::from_setup(setup, accept).ok()
}

fn random_positions(free_placement: bool) -> impl Strategy<Value = Position> {
    prop::collection::vec(any::<u8>(), 96)
        .prop_filter_map("not a valid position", move |bytes| random_position(&bytes, free_placement))
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        max_global_rejects: 100_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_positions_round_trip(pos in random_positions(false)) {
        check_position(&pos, &all_styles()).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn random_positions_with_free_placement_round_trip(pos in random_positions(true)) {
        check_position(&pos, &all_styles()).map_err(TestCaseError::fail)?;
    }
}

/// The same check over a fixed sample of random positions, counting the hard cases it met.
#[test]
fn random_positions_meet_the_hard_cases() {
    let styles = all_styles();
    let mut kinds = Kinds::default();
    let (mut positions, mut texts) = (0, 0);
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for round in 0..6000 {
        let bytes: Vec<u8> = (0..96)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 24) as u8
            })
            .collect();
        let Some(pos) = random_position(&bytes, round % 3 == 0) else { continue };
        positions += 1;
        texts += check_position(&pos, &styles).unwrap_or_else(|e| panic!("{e}"));
        for m in pos.legal_moves() {
            kinds.add(&pos, m);
        }
    }
    println!("{positions} random positions, {texts} texts in {} styles; {kinds:?}", styles.len());
    assert!(positions > 1000);
    assert!(kinds.tandem_chariot_horse_cannon > 1000);
    assert!(kinds.soldiers_two_on_file > 100);
    assert!(kinds.soldiers_three_plus_on_file > 100);
    assert!(kinds.soldiers_two_files > 100);
    assert!(kinds.advisor_elephant_backward_sharing_file > 100);
}

/// The document's real composed positions, checked in every style.
#[test]
fn composed_positions() {
    for fen in [
        "1Pbk1ab2/P7P/PR4N1n/P8/p7N/r7C/p7r/B4K2c/p7c/2BApApn1 w",
        "1PbaCabN1/P7P/P3k3n/P2R5/p7N/r7C/p7r/B4K2c/p7c/1RBApApn1 w",
        "r4k3/1n2P1P2/4ba3/2p6/P8/9/9/2C6/npp2K3/rp6N b",
        "4rk3/1n1Pa1P2/3ab4/2p6/P8/9/9/5C1N1/npp2K3/rp7 b",
        "3ark3/1ncPaCP2/4b4/2p6/P8/9/9/2p6/npp2K3/rp6N b",
        "4kab2/3Pa4/3Nb4/3N5/9/9/9/4r4/2pp5/5K3 w",
        "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w",
        "3k5/9/2P1P4/2P1P4/4P4/9/9/9/9/5K3 w",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        check_position(&pos, &all_styles()).unwrap_or_else(|e| panic!("{e}"));
    }
}
