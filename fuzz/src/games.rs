//! Fuzz bytes as a legal game: a start position, then steps that choose legal moves by index, with
//! steps that force repetitions (a piece out and back for both sides, or the last plies played again).

use arbitrary::{Arbitrary, Unstructured};
use xiangqi_core::{Move, Position};

/// Start positions: the standard one and a few from the repetition cases (chases, checks, cannons
/// behind screens, horses against chariots), where the arbiter has the most to judge.
pub const STARTS: [&str; 11] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "2b1ka3/4a4/n1c1b1n2/p1r1p3p/6p2/5N1R1/P3P3P/2N1B2C1/4A4/2BAK4 w - - 0 1",
    "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1",
    "5k3/9/9/9/9/4c4/3r5/3NB4/4A4/4K4 w - - 0 1",
    "4k4/4c4/9/4p4/9/9/3rn4/3NR4/4K4/9 b - - 0 1",
    "3k2b2/4P4/4b4/9/8p/6Bc1/6P1P/3AB4/4pp3/1p1K3R1 w - - 0 1",
    "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1",
    "3k1a3/4a4/b3b4/9/9/4R4/4n4/3Ar4/3KA4/9 w - - 0 1",
    "r1b1kab2/4a4/2n6/p3p2Rp/2p1P4/6N2/P1P5P/2N1C4/3RA4/1cBAK1c1r w - - 0 1",
    "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w - - 0 1",
    "3k5/9/9/3n5/9/9/3r5/9/9/3NK4 w - - 0 1",
];

/// The most plies a fuzz game has: long enough for several rounds of repetition after an opening.
pub const MAX_PLIES: usize = 200;

/// One step of a fuzz game.
#[derive(Arbitrary, Clone, Debug)]
pub enum Step {
    /// The legal move with this index (modulo their number).
    Play(u8),
    /// Red's and black's moves with these indices, then each moved back where it came from, `rounds`
    /// times (modulo 4, plus 1): the position comes back at every round.
    Shuffle {
        /// The first mover's move.
        first: u8,
        /// The reply.
        second: u8,
        /// How many times.
        rounds: u8,
    },
    /// The last `plies` plies (modulo 8, plus 1) played again, as far as they are legal.
    Again(u8),
}

/// A fuzz game: which start, then the steps.
#[derive(Arbitrary, Clone, Debug)]
pub struct GameInput {
    /// The start position (an index into [`STARTS`], modulo).
    pub start: u8,
    /// What is played.
    pub steps: Vec<Step>,
}

/// The start position and the legal moves a fuzz input stands for (at most [`MAX_PLIES`]).
pub fn decode(data: &[u8]) -> (Position, Vec<Move>) {
    let input =
        GameInput::arbitrary_take_rest(Unstructured::new(data)).unwrap_or(GameInput { start: 0, steps: vec![] });
    moves_of(&input)
}

/// The start position and the moves of a decoded input.
pub fn moves_of(input: &GameInput) -> (Position, Vec<Move>) {
    let start = Position::from_fen(STARTS[usize::from(input.start) % STARTS.len()]).expect("a legal start");
    let mut line = Line { pos: start.clone(), moves: Vec::new() };
    for step in &input.steps {
        if line.moves.len() >= MAX_PLIES || line.pos.legal_moves().is_empty() {
            break;
        }
        match *step {
            Step::Play(index) => {
                line.play_index(index);
            }
            Step::Shuffle { first, second, rounds } => {
                let Some(a) = line.play_index(first) else { continue };
                let Some(b) = line.play_index(second) else { continue };
                let cycle = [a, b, Move::new(a.to, a.from), Move::new(b.to, b.from)];
                'rounds: for round in 0..=(rounds % 4) {
                    let skip = if round == 0 { 2 } else { 0 };
                    for &m in &cycle[skip..] {
                        if !line.play(m) {
                            break 'rounds;
                        }
                    }
                }
            }
            Step::Again(plies) => {
                let n = (usize::from(plies) % 8 + 1).min(line.moves.len());
                let again: Vec<Move> = line.moves[line.moves.len() - n..].to_vec();
                for m in again {
                    if !line.play(m) {
                        break;
                    }
                }
            }
        }
    }
    (start, line.moves)
}

struct Line {
    pos: Position,
    moves: Vec<Move>,
}

impl Line {
    fn play_index(&mut self, index: u8) -> Option<Move> {
        let legal = self.pos.legal_moves();
        let m = *legal.get(usize::from(index) % legal.len().max(1))?;
        self.play(m).then_some(m)
    }

    fn play(&mut self, m: Move) -> bool {
        if self.moves.len() >= MAX_PLIES || !self.pos.is_legal(m) {
            return false;
        }
        self.pos.play_unchecked(m);
        self.moves.push(m);
        true
    }
}
