//! A game: a start position, the moves played, and the arbiter's judgement of them.

use std::sync::OnceLock;

use crate::arbiter::cycle::CycleRuling;
use crate::arbiter::{
    classify, judge_cycle, ArbiterConfig, Classification, ClassificationCache, ClassifyError, Context, NaturalLimit,
    PieceId, PlyContext, Reason, Ruling, SideProfile, Verdict,
};
use crate::{Color, Move, PlayError, Position, Role, Square};

/// A game from a start position: the moves, every position reached, the identity of every piece, and the
/// arbiter's classification of the moves (computed when asked for, then kept).
///
/// ```
/// use xiangqi_core::{arbiter::Verdict, Game};
/// let mut game = Game::default();
/// game.push("h2e2".parse()?)?;
/// game.push("h9g7".parse()?)?;
/// assert_eq!(game.len(), 2);
/// assert_eq!(game.pop(), Some("h9g7".parse()?));
/// assert_eq!(game.verdict(), Verdict::Continue);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    config: ArbiterConfig,
    moves: Vec<Move>,
    positions: Vec<Position>,
    ids: Vec<[u8; 90]>,
    /// For each position: the index of the first position after the last irreversible move.
    reversible_since: Vec<usize>,
    /// For each position: the index of the first position after the last capture.
    capture_since: Vec<usize>,
    /// For each position: the checking moves of red and black played so far.
    checks: Vec<[u32; 2]>,
    /// For each position: the previous position with the same hash, if any.
    previous_same: Vec<Option<usize>>,
    /// The latest position index for each hash.
    latest: crate::zobrist::KeyMap<u64, usize>,
    classes: Vec<OnceLock<Result<Classification, ClassifyError>>>,
    /// The first ply after which the start position stands again, the same pieces on the same squares.
    start_returns_at: Option<usize>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Position::default())
    }
}

fn start_ids(pos: &Position) -> [u8; 90] {
    let mut ids = [0u8; 90];
    for (id, (sq, _)) in (1..).zip(pos.pieces()) {
        ids[sq.index()] = id;
    }
    ids
}

fn same_position(a: &Position, b: &Position) -> bool {
    a.zobrist_hash() == b.zobrist_hash() && a.board == b.board && a.turn() == b.turn()
}

impl Game {
    /// A game from `start` with the default arbiter configuration (CXA rules).
    pub fn new(start: Position) -> Game {
        Game::with_config(start, ArbiterConfig::default())
    }

    /// A game from `start` judged with `config`.
    pub fn with_config(start: Position, config: ArbiterConfig) -> Game {
        Game {
            config,
            moves: Vec::new(),
            ids: vec![start_ids(&start)],
            reversible_since: vec![0],
            capture_since: vec![0],
            checks: vec![[0, 0]],
            previous_same: vec![None],
            latest: [(start.zobrist_hash(), 0)].into_iter().collect(),
            positions: vec![start],
            classes: Vec::new(),
            start_returns_at: None,
        }
    }

    /// Makes room for `additional` more moves, so that pushing them does not move the game's history in
    /// memory (each ply keeps its position and its piece identities). For replaying a record whose length is
    /// known.
    ///
    /// ```
    /// use xiangqi_core::Game;
    /// let mut game = Game::default();
    /// game.reserve(2);
    /// for m in ["h2e2", "h9g7"] {
    ///     game.push(m.parse()?)?;
    /// }
    /// assert_eq!(game.len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reserve(&mut self, additional: usize) {
        self.moves.reserve(additional);
        self.positions.reserve(additional);
        self.ids.reserve(additional);
        self.reversible_since.reserve(additional);
        self.capture_since.reserve(additional);
        self.checks.reserve(additional);
        self.previous_same.reserve(additional);
        self.latest.reserve(additional);
        self.classes.reserve(additional);
    }

    /// A game from a FEN, with the default configuration.
    pub fn from_fen(fen: &str) -> Result<Game, crate::fen::FenError> {
        Ok(Game::new(Position::from_fen(fen)?))
    }

    /// The arbiter's configuration.
    pub fn config(&self) -> &ArbiterConfig {
        &self.config
    }

    /// Changes the configuration; classifications are computed afresh.
    pub fn set_config(&mut self, config: ArbiterConfig) {
        self.config = config;
        self.classes.iter_mut().for_each(|c| *c = OnceLock::new());
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("at least the start position")
    }

    /// The position after `ply` moves (`0` is the start), if there were that many.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of moves played.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The last move.
    pub fn peek(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// Plays a legal move. On error the game is unchanged.
    pub fn push(&mut self, m: Move) -> Result<(), PlayError> {
        let next = self.position().clone().play(m)?;
        self.push_played(m, next);
        Ok(())
    }

    /// Plays a move known to be legal without testing it again: a move of a
    /// [`MoveTree`](crate::record::MoveTree) (every move there was tested when it was added), or one taken
    /// from [`Position::legal_moves`]. An illegal move gives a game whose positions and verdicts mean
    /// nothing (memory-safe all the same, and debug builds assert).
    ///
    /// ```
    /// use xiangqi_core::Game;
    /// let mut game = Game::default();
    /// let m = game.position().legal_moves()[0];
    /// game.push_unchecked(m);
    /// assert_eq!(game.peek(), Some(m));
    /// ```
    pub fn push_unchecked(&mut self, m: Move) {
        debug_assert!(self.position().is_legal(m), "{m} is not legal in {}", self.position().fen());
        let mut next = self.position().clone();
        next.play_unchecked(m);
        self.push_played(m, next);
    }

    /// Records `m`, which led from the current position to `next`.
    fn push_played(&mut self, m: Move, next: Position) {
        let n = self.positions.len() - 1;
        let pos = &self.positions[n];
        let moving = pos.piece_at(m.from);
        let capture = pos.piece_at(m.to).is_some();
        let mover = pos.turn();
        let forward_soldier = matches!(moving, Some(p) if p.role == Role::Soldier
            && m.to.relative_rank(p.color) > m.from.relative_rank(p.color));
        let mut ids = self.ids[n];
        ids[m.to.index()] = ids[m.from.index()];
        ids[m.from.index()] = 0;
        self.reversible_since.push(if capture || forward_soldier { n + 1 } else { self.reversible_since[n] });
        self.capture_since.push(if capture { n + 1 } else { self.capture_since[n] });
        let mut checks = self.checks[n];
        if next.is_check() {
            checks[mover.index()] += 1;
        }
        self.checks.push(checks);
        self.previous_same.push(self.latest.insert(next.zobrist_hash(), n + 1));
        self.ids.push(ids);
        self.positions.push(next);
        self.moves.push(m);
        self.classes.push(OnceLock::new());
        if self.start_returns_at.is_none()
            && same_position(&self.positions[n + 1], &self.positions[0])
            && self.ids[n + 1] == self.ids[0]
        {
            // The first move now has a move that leads into it: classify it afresh (see `lead_in`).
            self.start_returns_at = Some(n + 1);
            self.classes[0] = OnceLock::new();
        }
    }

    /// Takes back the last move.
    pub fn pop(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        let popped = self.positions.pop().expect("one position per move and the start");
        match self.previous_same.pop().flatten() {
            Some(previous) => self.latest.insert(popped.zobrist_hash(), previous),
            None => self.latest.remove(&popped.zobrist_hash()),
        };
        self.ids.pop();
        self.reversible_since.pop();
        self.capture_since.pop();
        self.checks.pop();
        self.classes.pop();
        if self.start_returns_at == Some(self.positions.len()) {
            self.start_returns_at = None;
            if let Some(first) = self.classes.first_mut() {
                *first = OnceLock::new();
            }
        }
        Some(m)
    }

    /// The identity of the piece on `sq` after `ply` moves.
    pub fn piece_id(&self, ply: usize, sq: Square) -> Option<PieceId> {
        self.ids.get(ply).map(|ids| ids[sq.index()]).filter(|&id| id != 0).map(PieceId)
    }

    /// The classification of move `index` (0-based), or `None` past the end or for a move the repetition
    /// rules do not cover (see [`Game::try_classify`]).
    ///
    /// ```
    /// use xiangqi_core::{arbiter::MoveClass, Game};
    /// // The red chariot attacks the unprotected black horse: a chase.
    /// let mut game = Game::from_fen("4k4/9/9/9/2n6/9/9/9/9/3K4R w - - 0 1")?;
    /// game.push("i0i5".parse()?)?;
    /// let c = game.classify(0).unwrap();
    /// assert_eq!(c.class, MoveClass::Chase);
    /// assert_eq!(c.chases[0].target.to_string(), "c5");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn classify(&self, index: usize) -> Option<&Classification> {
        self.try_classify(index)?.ok()
    }

    /// The classification of move `index`, or why there is none: a general missing before or after the move
    /// (a position accepted with the opponent in check lets a general be taken). `None` past the end.
    pub fn try_classify(&self, index: usize) -> Option<Result<&Classification, &ClassifyError>> {
        let cell = self.classes.get(index)?;
        let result = cell.get_or_init(|| {
            // A classification depends only on its context: a move that repeats an earlier one in every
            // respect (a later round of a cycle) has its answer already.
            if let Some(earlier) = self.same_context_before(index) {
                if let Some(known) = self.try_classify(earlier) {
                    return known.cloned().map_err(Clone::clone);
                }
            }
            self.classify_afresh(index)
        });
        Some(result.as_ref())
    }

    /// As [`Game::try_classify`], looking in `cache` first for a move played in the same context in another
    /// game (or earlier in this one), and storing there what it computes. The answer is the one
    /// [`Game::try_classify`] gives; analysing many games that share their openings, most of their first moves
    /// are found in the cache.
    ///
    /// ```
    /// use xiangqi_core::{arbiter::ClassificationCache, Game};
    ///
    /// let mut cache = ClassificationCache::new();
    /// let mut game = Game::default();
    /// game.push("h2e2".parse()?)?;
    /// let first = game.classify_cached(0, &mut cache).and_then(Result::ok).cloned();
    /// let mut again = Game::default();
    /// again.push("h2e2".parse()?)?;
    /// assert_eq!(again.classify_cached(0, &mut cache).and_then(Result::ok), first.as_ref());
    /// assert_eq!(cache.hits(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn classify_cached(
        &self,
        index: usize,
        cache: &mut ClassificationCache,
    ) -> Option<Result<&Classification, &ClassifyError>> {
        let cell = self.classes.get(index)?;
        // A later round of a cycle is answered by its own game (`try_classify`), without the cache.
        if cell.get().is_none() && self.same_context_before(index).is_none() {
            let context = Context {
                from: &self.positions[self.lead_in(index).unwrap_or(index)],
                lead_in: self.lead_in(index).map(|i| self.moves[i]),
                mv: self.moves[index],
            };
            let result = match cache.get(&self.config, &context, &self.ids[index + 1]) {
                Some(known) => Ok(known),
                None => {
                    let fresh = self.classify_afresh(index);
                    if let Ok(classification) = &fresh {
                        cache.insert(&context, classification.clone());
                    }
                    fresh
                }
            };
            let _ = cell.set(result);
        }
        self.try_classify(index)
    }

    /// The classification of move `index` computed from its positions.
    fn classify_afresh(&self, index: usize) -> Result<Classification, ClassifyError> {
        crate::arbiter::both_generals(&self.positions[index])?;
        crate::arbiter::both_generals(&self.positions[index + 1])?;
        let ctx = PlyContext {
            before: &self.positions[index],
            after: &self.positions[index + 1],
            mv: self.moves[index],
            ids_before: &self.ids[index],
            ids_after: &self.ids[index + 1],
            previous_move: self.lead_in(index).map(|i| self.moves[i]),
            previous: self.lead_in(index).map(|i| (&self.positions[i], &self.ids[i])),
        };
        Ok(classify(&ctx, &self.config))
    }

    /// An earlier move played in exactly the context of move `index`: the same position, move and piece
    /// identities, led into by the same move from the same position. Its classification is this one's.
    fn same_context_before(&self, index: usize) -> Option<usize> {
        let same_ply = |a: usize, b: usize| {
            self.moves[a] == self.moves[b]
                && same_position(&self.positions[a], &self.positions[b])
                && self.ids[a] == self.ids[b]
        };
        let mut at = self.previous_same[index];
        // Only the last few occurrences of the position are worth a look.
        for _ in 0..8 {
            let earlier = at?;
            let lead_in_matches = match (self.lead_in(index), self.lead_in(earlier)) {
                (None, None) => true,
                (Some(a), Some(b)) => same_ply(a, b),
                _ => false,
            };
            if lead_in_matches && same_ply(index, earlier) {
                return Some(earlier);
            }
            at = self.previous_same[earlier];
        }
        None
    }

    /// The move that led to the position before move `index`: the previous move, and for the first move of
    /// the game the move that brings the start position back, once it has been played. A cycle's moves are
    /// then judged alike in every round, whichever ply the record begins with.
    pub(crate) fn lead_in(&self, index: usize) -> Option<usize> {
        match index {
            0 => self.start_returns_at.map(|ply| ply - 1),
            _ => Some(index - 1),
        }
    }

    /// How many times the position after `ply` moves has occurred since the last irreversible move, and the
    /// indices of those occurrences.
    pub fn occurrences(&self, ply: usize) -> Vec<usize> {
        if ply >= self.positions.len() {
            return Vec::new();
        }
        let mut found: Vec<usize> = self.earlier_occurrences(ply).collect();
        found.reverse();
        found.push(ply);
        found
    }

    /// The earlier plies since the last irreversible move after which the position stood as after `ply`,
    /// latest first (`ply` in range).
    fn earlier_occurrences(&self, ply: usize) -> impl Iterator<Item = usize> + '_ {
        let (pos, since) = (&self.positions[ply], self.reversible_since[ply]);
        std::iter::successors(self.previous_same[ply], |&i| self.previous_same[i])
            .take_while(move |&i| i >= since)
            .filter(move |&i| same_position(&self.positions[i], pos))
    }

    fn cycle_at(
        &self,
        ply: usize,
        occurrences: &[usize],
    ) -> (CycleRuling, [SideProfile; 2], Vec<(usize, Classification)>) {
        let first = occurrences[occurrences.len() - 3];
        let window: Vec<(usize, Classification)> =
            (first..ply).map(|i| (i, self.classify(i).expect("in range").clone())).collect();
        let (ruling, profiles) = judge_cycle(&window, self.config.rules);
        (ruling, profiles, window)
    }

    /// The repetition verdict after `ply` moves: `Continue` before a third occurrence.
    pub fn repetition_verdict_at(&self, ply: usize) -> Verdict {
        // Most positions have not stood twice before: no need to gather the occurrences.
        if ply >= self.positions.len() || self.earlier_occurrences(ply).nth(1).is_none() {
            return Verdict::Continue;
        }
        let occ = self.occurrences(ply);
        let (ruling, profiles, moves) = self.cycle_at(ply, &occ);
        let make = |reason: Reason, side: Option<Color>| Ruling {
            reason,
            side,
            plies: occ[occ.len() - 3]..ply,
            profiles: Some(profiles),
            moves: moves.clone(),
            natural_limit: None,
        };
        if moves.iter().any(|(_, c)| c.undecided) {
            // A bounded search stopped short on some move: the ruling it would give is kept for the
            // explanation, but it is not a decision.
            return Verdict::Undecided(match ruling {
                CycleRuling::Draw(reason) => make(reason, None),
                CycleRuling::Loss(side, reason) | CycleRuling::MustChange(side, reason) => make(reason, Some(side)),
            });
        }
        match ruling {
            CycleRuling::Draw(reason) => Verdict::Draw(make(reason, None)),
            CycleRuling::Loss(side, reason) => Verdict::Loss(make(reason, Some(side))),
            CycleRuling::MustChange(side, reason) => {
                if self.config.strict_engine_mode {
                    return Verdict::Loss(make(reason, Some(side)));
                }
                let k = occ.len();
                if k >= 4 {
                    let earlier = &occ[..k - 1];
                    let (previous, _, _) = self.cycle_at(occ[k - 2], earlier);
                    let same_moves = |a: usize, b: usize, c: usize| {
                        let side_moves = |r: core::ops::Range<usize>| {
                            r.filter(|&i| self.positions[i].turn() == side).map(|i| self.moves[i]).collect::<Vec<_>>()
                        };
                        side_moves(a..b) == side_moves(b..c)
                    };
                    if matches!(previous, CycleRuling::MustChange(s, _) if s == side)
                        && same_moves(occ[k - 3], occ[k - 2], occ[k - 1])
                    {
                        return Verdict::Loss(make(Reason::IgnoredWarning, Some(side)));
                    }
                }
                Verdict::MustChange(make(reason, Some(side)))
            }
        }
    }

    /// The natural-limit count after `ply` moves.
    pub fn natural_limit_at(&self, ply: usize) -> NaturalLimit {
        let ply = ply.min(self.len());
        let since = self.capture_since[ply];
        let checks = [0, 1].map(|side| self.checks[ply][side] - self.checks[since][side]);
        NaturalLimit::new(
            (ply - since) as u32,
            checks,
            self.config.natural_limit_plies,
            self.config.natural_limit_checks,
            self.config.auto_natural_draw,
        )
    }

    /// The natural-limit count now.
    pub fn natural_limit(&self) -> NaturalLimit {
        self.natural_limit_at(self.len())
    }

    /// The verdict after `ply` moves: mate or stalemate, a repetition ruling, insufficient material, the
    /// natural limit, or `Continue`.
    pub fn verdict_at(&self, ply: usize) -> Verdict {
        let Some(pos) = self.positions.get(ply) else { return Verdict::Continue };
        if !pos.has_legal_move() {
            let reason = if pos.is_check() { Reason::Checkmate } else { Reason::Stalemate };
            return Verdict::Loss(Ruling::simple(reason, Some(pos.turn())));
        }
        let repetition = self.repetition_verdict_at(ply);
        if repetition != Verdict::Continue {
            return repetition;
        }
        if is_insufficient_material(pos) {
            return Verdict::Draw(Ruling::simple(Reason::InsufficientMaterial, None));
        }
        let natural = self.natural_limit_at(ply);
        if natural.is_reached() && natural.automatic {
            let mut ruling = Ruling::simple(Reason::NaturalLimit, None);
            ruling.natural_limit = Some(natural);
            return Verdict::Draw(ruling);
        }
        Verdict::Continue
    }

    /// The verdict now.
    pub fn verdict(&self) -> Verdict {
        self.verdict_at(self.len())
    }
}

/// Neither side has a chariot, horse, cannon or soldier: no mate is possible.
pub fn is_insufficient_material(pos: &Position) -> bool {
    [Role::Chariot, Role::Horse, Role::Cannon, Role::Soldier]
        .iter()
        .all(|&role| [Color::Red, Color::Black].iter().all(|&c| pos.squares_of(crate::Piece::new(c, role)).is_empty()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every bundled repetition case, its moves played three times over where they return to the start.
    #[test]
    fn a_repeated_context_is_classified_as_it_was_the_first_time() {
        let mut reused = 0;
        let mut checked = 0;
        for line in include_str!("../../tests/data/rules/repetition-cases.jsonl").lines() {
            let Some(start) = line.find("\"fen\": \"") else { continue };
            let rest = &line[start + 8..];
            let fen = &rest[..rest.find('"').expect("closing quote")];
            let Ok(mut game) = Game::from_fen(fen) else { continue };
            let moves_at = line.find("\"moves\": [").expect("moves");
            let moves = &line[moves_at + 10..];
            let moves: Vec<Move> = moves[..moves.find(']').expect("end")]
                .split(", ")
                .filter_map(|text| text.trim_matches('"').parse().ok())
                .collect();
            for _ in 0..3 {
                for &m in &moves {
                    if game.push(m).is_err() {
                        break;
                    }
                }
            }
            for i in 0..game.len() {
                reused += usize::from(game.same_context_before(i).is_some());
                let cached = game.try_classify(i).expect("in range").cloned().map_err(Clone::clone);
                assert_eq!(cached, game.classify_afresh(i), "{fen} move {i}");
                checked += 1;
            }
        }
        assert!(checked > 300 && reused > 100, "{checked} moves, {reused} reused");
    }
}
