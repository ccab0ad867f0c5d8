//! Repetition cycles generated from real games: at a position of a bundled game, each side moves a piece and
//! moves it back (`a b a' b'`), played twice so that the position stands for the third time at the end. The
//! choice is made by a fixed-seed generator, so every run tests the same cycles.

#![allow(dead_code)]

use std::path::PathBuf;
use xiangqi_core::record::read_file;
use xiangqi_core::{Move, Position, Role};

/// A generated repetition: the start position and its eight moves.
#[derive(Clone, Debug)]
pub struct Cycle {
    pub fen: String,
    pub moves: Vec<String>,
    /// Where it comes from, for messages.
    pub origin: String,
}

/// A small, fixed-seed generator (xorshift*), enough to spread the choices.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A move that can be taken back by the opposite move: no capture, no soldier step forward.
fn reversible(pos: &Position, m: Move) -> bool {
    if pos.is_capture(m) {
        return false;
    }
    let piece = pos.piece_at(m.from).expect("a piece moves");
    piece.role != Role::Soldier || m.from.relative_rank(piece.color) == m.to.relative_rank(piece.color)
}

fn back(m: Move) -> Move {
    Move::new(m.to, m.from)
}

/// A shuttle `a b a' b'` from `pos`, if the generator finds one in a few tries.
pub fn shuttle(pos: &Position, rng: &mut Rng) -> Option<Vec<Move>> {
    let firsts: Vec<Move> = pos.legal_moves().into_iter().filter(|&m| reversible(pos, m)).collect();
    // Half the time the first move lands attacking something, so that chases are common in the sample.
    let attacking: Vec<Move> = firsts
        .iter()
        .copied()
        .filter(|&m| {
            let after = pos.clone().play(m).expect("legal");
            !(after.attacks_from(m.to) & after.pieces_of(!pos.turn())).is_empty()
        })
        .collect();
    for _ in 0..8 {
        let pool = if !attacking.is_empty() && rng.below(2) == 0 { &attacking } else { &firsts };
        let a = *pool.get(rng.below(pool.len().max(1)))?;
        let p1 = pos.clone().play(a).ok()?;
        let replies: Vec<Move> = p1.legal_moves().into_iter().filter(|&m| reversible(&p1, m)).collect();
        if replies.is_empty() {
            continue;
        }
        let b = replies[rng.below(replies.len())];
        let p2 = p1.clone().play(b).expect("legal reply");
        if !p2.is_legal(back(a)) || !reversible(&p2, back(a)) {
            continue;
        }
        let p3 = p2.clone().play(back(a)).expect("legal");
        if !p3.is_legal(back(b)) || !reversible(&p3, back(b)) {
            continue;
        }
        let cycle = [a, b, back(a), back(b)];
        return Some(cycle.iter().chain(cycle.iter()).copied().collect());
    }
    None
}

/// The bundled games the cycles start from.
pub fn game_files() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples/data/wukong");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    files
}

/// `count` cycles from positions of the bundled games (every game visited in turn, a position chosen by the
/// generator from its first 120 plies).
pub fn generate(count: usize, seed: u64) -> Vec<Cycle> {
    let mut rng = Rng::new(seed);
    let mut games: Vec<Vec<(Position, Move)>> = Vec::new();
    for file in game_files() {
        // The bundled games read whole: a broken record would shrink the sample without a word.
        for record in read_file(&file).expect("bundled file").map(|r| r.expect("a bundled game reads")) {
            let line: Vec<(Position, Move)> = record.main_line_positions().take(120).collect();
            if line.len() >= 10 {
                games.push(line);
            }
        }
    }
    assert!(!games.is_empty(), "no bundled games");
    let mut cycles = Vec::new();
    let mut tries = 0;
    while cycles.len() < count && tries < count * 20 {
        tries += 1;
        let g = rng.below(games.len());
        let ply = rng.below(games[g].len());
        let pos = &games[g][ply].0;
        if pos.is_check() {
            continue;
        }
        if let Some(moves) = shuttle(pos, &mut rng) {
            cycles.push(Cycle {
                fen: pos.fen(),
                moves: moves.iter().map(|m| m.to_string()).collect(),
                origin: format!("game {g} ply {ply}"),
            });
        }
    }
    cycles
}

/// The sample size: `XQ_CYCLES` in the environment, else `default`.
pub fn sample_size(default: usize) -> usize {
    std::env::var("XQ_CYCLES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}
