//! Classifications remembered across games.
//!
//! A move's classification depends only on its context: the position it is played in, the move, and the
//! opponent's move that led there from its own position (and the arbiter's configuration). Games of a
//! database share their openings, so the same context comes back game after game; a cache answers it
//! from the first time.

use super::{ArbiterConfig, Classification, KeyPointHook, PieceId, RuleSet, SearchLimits};
use crate::position::Code;
use crate::{Color, Move, Position};

/// The classifications of move contexts met before, for
/// [`Game::classify_cached`](crate::Game::classify_cached).
///
/// The cache holds a fixed number of entries, in buckets of four: a new context takes the place of the entry
/// of its bucket used least (each use counts, and the counts of a bucket are halved whenever one of its
/// entries is replaced, so that what was popular long ago makes way). The moves of common openings, met in
/// game after game, stay; the moves met once go. A context found is checked whole (the position, both
/// moves), so an answer from the cache is the answer the classifier would give. It serves one arbiter
/// configuration at a time: a game judged with another one empties it first. One cache per thread: it is not
/// shared.
///
/// ```
/// use xiangqi_core::{arbiter::ClassificationCache, Game};
///
/// let mut cache = ClassificationCache::new();
/// for _ in 0..2 {
///     let mut game = Game::default();
///     for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
///         game.push(m.parse()?)?;
///     }
///     for ply in 0..game.len() {
///         game.classify_cached(ply, &mut cache);
///     }
/// }
/// assert_eq!((cache.hits(), cache.misses()), (4, 4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct ClassificationCache {
    buckets: Vec<[Slot; WAYS]>,
    config: Option<ConfigKey>,
    hits: u64,
    misses: u64,
}

/// Entries per bucket.
const WAYS: usize = 4;

/// The largest cache [`ClassificationCache::with_entries`] makes.
const MAX_ENTRIES: usize = 1 << 26;

/// A place in a bucket: the hash of its context and its uses beside the entry, so that a lookup reads the
/// entry itself only when the hash matches.
#[derive(Debug, Default)]
struct Slot {
    hash: u64,
    uses: u32,
    entry: Option<Box<Entry>>,
}

/// What a move's classification depends on: the position the context starts from (the one before the
/// opponent's lead-in move when there is one, otherwise the one the move is played in), the lead-in move
/// and the move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Context<'a> {
    pub(crate) from: &'a Position,
    pub(crate) lead_in: Option<Move>,
    pub(crate) mv: Move,
}

impl Context<'_> {
    fn hash(&self) -> u64 {
        let code = |m: Move| (m.from.index() << 8 | m.to.index()) as u64;
        let lead = self.lead_in.map_or(0xffff, code);
        let mv = code(self.mv);
        (self.from.zobrist_hash() ^ lead.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ mv.wrapping_mul(0xc2b2_ae3d_27d4_eb4f))
            .rotate_left(29)
    }
}

/// A stored context (the board and side to move of its position, its moves) and its classification.
#[derive(Debug)]
struct Entry {
    board: [Code; 90],
    turn: Color,
    lead_in: Option<Move>,
    mv: Move,
    classification: Classification,
}

impl Entry {
    fn matches(&self, context: &Context<'_>) -> bool {
        self.mv == context.mv
            && self.lead_in == context.lead_in
            && self.turn == context.from.turn()
            && self.board == context.from.board
    }
}

/// The parts of an [`ArbiterConfig`] a classification depends on. The key-point judgement is compared by
/// identity, and held, so that its address cannot be taken by another one while it is here.
#[derive(Debug)]
struct ConfigKey {
    rules: RuleSet,
    limits: SearchLimits,
    king_evasion_idle: bool,
    self_inflicted: bool,
    key_point_hook: Option<KeyPointHook>,
}

impl ConfigKey {
    fn of(config: &ArbiterConfig) -> ConfigKey {
        ConfigKey {
            rules: config.rules,
            limits: config.limits,
            king_evasion_idle: config.king_evasion_idle,
            self_inflicted: config.self_inflicted,
            key_point_hook: config.defensive_key_point.clone(),
        }
    }

    fn serves(&self, config: &ArbiterConfig) -> bool {
        self.rules == config.rules
            && self.limits == config.limits
            && self.king_evasion_idle == config.king_evasion_idle
            && self.self_inflicted == config.self_inflicted
            && match (&self.key_point_hook, &config.defensive_key_point) {
                (None, None) => true,
                (Some(a), Some(b)) => a.identity() == b.identity(),
                _ => false,
            }
    }
}

impl std::fmt::Debug for ClassificationCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let stored = self.buckets.iter().flatten().filter(|slot| slot.entry.is_some()).count();
        f.debug_struct("ClassificationCache")
            .field("entries", &(self.buckets.len() * WAYS))
            .field("stored", &stored)
            .field("hits", &self.hits)
            .field("misses", &self.misses)
            .finish()
    }
}

impl Default for ClassificationCache {
    fn default() -> ClassificationCache {
        ClassificationCache::new()
    }
}

impl ClassificationCache {
    /// A cache of 65,536 entries (about 15 MB when full: some 230 bytes an entry, more for the
    /// classifications that list chased pieces).
    pub fn new() -> ClassificationCache {
        ClassificationCache::with_entries(1 << 16)
    }

    /// A cache of at least `entries` entries, rounded up to a power of two and to at least one bucket, and
    /// at most 2^26 entries (their slots alone then take 1.5 GB).
    pub fn with_entries(entries: usize) -> ClassificationCache {
        let buckets = entries.min(MAX_ENTRIES).div_ceil(WAYS).max(1).next_power_of_two();
        ClassificationCache {
            buckets: (0..buckets).map(|_| Default::default()).collect(),
            config: None,
            hits: 0,
            misses: 0,
        }
    }

    /// Contexts answered from the cache so far.
    pub fn hits(&self) -> u64 {
        self.hits
    }

    /// Contexts looked up and not found so far.
    pub fn misses(&self) -> u64 {
        self.misses
    }

    /// Forgets every entry (the counts stay).
    pub fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|bucket| *bucket = Default::default());
    }

    fn bucket(&self, hash: u64) -> usize {
        (hash as usize) & (self.buckets.len() - 1)
    }

    /// The classification stored for `context` under `config`, its pieces named by `ids_after` (the
    /// identities after the move in the game asking). A lookup under another configuration than the last
    /// one empties the cache.
    pub(crate) fn get(
        &mut self,
        config: &ArbiterConfig,
        context: &Context<'_>,
        ids_after: &[u8; 90],
    ) -> Option<Classification> {
        if !self.config.as_ref().is_some_and(|key| key.serves(config)) {
            self.clear();
            self.config = Some(ConfigKey::of(config));
        }
        let hash = context.hash();
        let bucket = self.bucket(hash);
        let found = self.buckets[bucket]
            .iter_mut()
            .find(|slot| slot.hash == hash && slot.entry.as_ref().is_some_and(|entry| entry.matches(context)));
        match found {
            Some(slot) => {
                slot.uses = slot.uses.saturating_add(1);
                self.hits += 1;
                slot.entry.as_ref().map(|entry| relabelled(&entry.classification, ids_after))
            }
            None => {
                self.misses += 1;
                None
            }
        }
    }

    /// Stores `classification` for `context` (under the configuration of the last lookup), in place of the
    /// entry of its bucket used least.
    pub(crate) fn insert(&mut self, context: &Context<'_>, classification: Classification) {
        let hash = context.hash();
        let bucket = self.bucket(hash);
        let slots = &mut self.buckets[bucket];
        let victim = slots
            .iter()
            .enumerate()
            .min_by_key(|(_, slot)| slot.entry.as_ref().map_or(-1, |_| i64::from(slot.uses)))
            .map_or(0, |(at, _)| at);
        if slots[victim].entry.is_some() {
            for slot in slots.iter_mut() {
                slot.uses /= 2;
            }
        }
        let entry = Entry {
            board: context.from.board,
            turn: context.from.turn(),
            lead_in: context.lead_in,
            mv: context.mv,
            classification,
        };
        slots[victim] = Slot { hash, uses: 0, entry: Some(Box::new(entry)) };
    }
}

/// `classification` with its targets named by `ids_after`: a target's identity is the one on its square
/// after the move, and the same context played in another game may have given its pieces other numbers.
fn relabelled(classification: &Classification, ids_after: &[u8; 90]) -> Classification {
    let mut copy = classification.clone();
    for target in copy.chases.iter_mut().chain(&mut copy.soldier_chases).chain(&mut copy.general_chases) {
        target.target_id = PieceId(ids_after[target.target.index()]);
    }
    copy
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context<'a>(from: &'a Position, lead_in: Option<&str>, mv: &str) -> Context<'a> {
        Context { from, lead_in: lead_in.map(|m| m.parse().expect("move")), mv: mv.parse().expect("move") }
    }

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    fn position(fen: &str) -> Position {
        Position::from_fen(fen).expect("position")
    }

    /// A classification to store (the cache does not look into it).
    fn some_classification() -> Classification {
        let config = ArbiterConfig::default();
        crate::arbiter::classify_move(&position(START), "h2e2".parse().expect("move"), None, &config)
            .expect("classified")
    }

    /// Whether `b` is found in a cache that holds only `a`.
    fn same(a: &Context<'_>, b: &Context<'_>) -> bool {
        let mut cache = ClassificationCache::with_entries(1);
        let config = ArbiterConfig::default();
        cache.get(&config, a, &[0; 90]);
        cache.insert(a, some_classification());
        cache.get(&config, b, &[0; 90]).is_some()
    }

    #[test]
    fn a_context_is_the_same_only_in_every_part() {
        let start = position(START);
        let base = context(&start, Some("h2e2"), "h9g7");
        assert!(same(&base, &context(&position(START), Some("h2e2"), "h9g7")));
        assert!(!same(&base, &context(&start, Some("b2e2"), "h9g7")), "another lead-in");
        assert!(!same(&base, &context(&start, None, "h9g7")), "no lead-in");
        assert!(!same(&base, &context(&start, Some("h2e2"), "b9c7")), "another move");
        let black = position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
        assert!(!same(&base, &context(&black, Some("h2e2"), "h9g7")), "another side to move");
        let moved = position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 0 1");
        assert!(!same(&base, &context(&moved, Some("h2e2"), "h9g7")), "another board");
    }

    #[test]
    fn sizes_are_rounded_and_bounded() {
        let entries = |n| ClassificationCache::with_entries(n).buckets.len() * WAYS;
        assert_eq!(entries(0), 4);
        assert_eq!(entries(5), 8);
        assert_eq!(entries(1 << 16), 1 << 16);
        assert_eq!(MAX_ENTRIES.div_ceil(WAYS).next_power_of_two() * WAYS, MAX_ENTRIES);
    }

    #[test]
    fn another_configuration_empties_the_cache() {
        let start = position(START);
        let mut cache = ClassificationCache::with_entries(4);
        let ctx = context(&start, None, "h2e2");
        let ids = [0u8; 90];
        let config = ArbiterConfig::default();
        assert!(cache.get(&config, &ctx, &ids).is_none());
        let classification = some_classification();
        cache.insert(&ctx, classification.clone());
        assert_eq!(cache.get(&config, &ctx, &ids).map(|c| c.class), Some(classification.class));
        assert!(cache.get(&ArbiterConfig::with_rules(RuleSet::Axf), &ctx, &ids).is_none());
        assert!(cache.get(&config, &ctx, &ids).is_none(), "emptied by the other configuration");
        let hook = ArbiterConfig {
            defensive_key_point: Some(super::super::KeyPointHook::new(|_, _| false)),
            ..ArbiterConfig::default()
        };
        cache.insert(&ctx, classification);
        assert!(cache.get(&hook, &ctx, &ids).is_none(), "a key-point judgement");
        assert_eq!((cache.hits(), cache.misses()), (1, 4));
        assert_eq!(format!("{cache:?}"), "ClassificationCache { entries: 4, stored: 0, hits: 1, misses: 4 }");
    }
}
