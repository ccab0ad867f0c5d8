//! A classification found in the cache is the one the classifier gives: across games sharing their openings,
//! with the same context reached by pieces numbered otherwise, and under changing configurations.

use xiangqi_core::arbiter::{ArbiterConfig, ClassificationCache, KeyPointHook, SearchLimits};
use xiangqi_core::record::read_file;
use xiangqi_core::{Game, Move, Position};

/// The main lines of the first `count` games of a bundled CCPD file.
fn bundled_games(count: usize) -> Vec<(Position, Vec<Move>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/data/ccpd/ccpd-對局-slice.pgn");
    read_file(path)
        .expect("bundled games")
        .filter_map(Result::ok)
        .take(count)
        .map(|record| (record.start().clone(), record.main_line().collect()))
        .collect()
}

fn game(start: &Position, moves: &[Move], config: &ArbiterConfig) -> Game {
    let mut game = Game::with_config(start.clone(), config.clone());
    for &m in moves {
        game.push(m).expect("legal move");
    }
    game
}

/// Every ply of `moves` classified through `cache` and afresh in a game of its own: the same answers.
fn assert_cached_as_fresh(start: &Position, moves: &[Move], config: &ArbiterConfig, cache: &mut ClassificationCache) {
    let cached = game(start, moves, config);
    let fresh = game(start, moves, config);
    for (ply, m) in moves.iter().enumerate() {
        let from_cache = cached.classify_cached(ply, cache).expect("in range").cloned().map_err(Clone::clone);
        let expected = fresh.try_classify(ply).expect("in range").cloned().map_err(Clone::clone);
        assert_eq!(from_cache, expected, "ply {ply} ({m})");
    }
}

#[test]
fn games_sharing_openings_are_answered_from_the_cache_as_afresh() {
    let games = bundled_games(60);
    let config = ArbiterConfig::default();
    let mut cache = ClassificationCache::new();
    for (start, moves) in &games {
        assert_cached_as_fresh(start, moves, &config, &mut cache);
    }
    let plies: usize = games.iter().map(|(_, moves)| moves.len()).sum();
    // Every ply asks the cache once at most (a later round of a cycle is answered by its own game).
    assert!(cache.hits() + cache.misses() <= plies as u64);
    assert!(cache.hits() > 50, "{} hits over {plies} plies", cache.hits());
}

#[test]
fn a_tiny_cache_gives_the_same_answers() {
    let mut cache = ClassificationCache::with_entries(2);
    for (start, moves) in &bundled_games(20) {
        assert_cached_as_fresh(start, moves, &ArbiterConfig::default(), &mut cache);
    }
}

fn moves(texts: &[&str]) -> Vec<Move> {
    texts.iter().map(|m| m.parse().expect("move")).collect()
}

/// Black's two chariots trade places before the same three moves are played, so the chariot a horse then
/// chases has another number in the second game: the answer from the cache names it by this game's number.
#[test]
fn pieces_numbered_otherwise_keep_their_own_numbers() {
    let start = Position::from_fen("4k4/r8/2r6/9/9/9/9/4N4/3K5/9 w - - 0 1").expect("position");
    let swap = moves(&["d1d0", "a8a7", "d0d1", "c7c8", "d1d0", "c8a8", "d0d1", "a7c7"]);
    let chase = moves(&["d1d0", "c7c6", "e2d4"]);
    let config = ArbiterConfig::default();
    let mut cache = ClassificationCache::new();

    let plain = game(&start, &chase, &config);
    for ply in 0..chase.len() {
        plain.classify_cached(ply, &mut cache);
    }
    let swapped_moves: Vec<Move> = swap.iter().chain(&chase).copied().collect();
    let swapped = game(&start, &swapped_moves, &config);
    let fresh = game(&start, &swapped_moves, &config);
    let hits = cache.hits();
    for ply in 0..swapped_moves.len() {
        let from_cache = swapped.classify_cached(ply, &mut cache).expect("in range").expect("classified");
        assert_eq!(from_cache, fresh.classify(ply).expect("classified"), "ply {ply}");
    }
    // The first move (same position, no lead-in) and the last two (same lead-in from the same position).
    assert_eq!(cache.hits(), hits + 3, "the contexts of the first game found in the cache");

    let first = plain.classify(2).expect("classified");
    let again = swapped.classify(swap.len() + 2).expect("classified");
    assert_eq!(first.chases.len(), 1, "{first:?}");
    assert_eq!(first.chases[0].target.to_string(), "c6");
    assert_eq!(again.chases[0].target, first.chases[0].target);
    assert_ne!(again.chases[0].target_id, first.chases[0].target_id, "the chariots traded numbers");
    let on_c6 = swapped.piece_id(swapped_moves.len(), again.chases[0].target);
    assert_eq!(Some(again.chases[0].target_id), on_c6);
}

#[test]
fn another_configuration_is_not_answered_from_the_first() {
    let games = bundled_games(10);
    let starved = ArbiterConfig {
        limits: SearchLimits { node_budget: 1, ..SearchLimits::default() },
        ..ArbiterConfig::default()
    };
    let hooked =
        ArbiterConfig { defensive_key_point: Some(KeyPointHook::new(|_, _| true)), ..ArbiterConfig::default() };
    let mut cache = ClassificationCache::new();
    for config in [ArbiterConfig::default(), starved, hooked.clone(), ArbiterConfig::default(), hooked] {
        for (start, moves) in &games {
            assert_cached_as_fresh(start, moves, &config, &mut cache);
        }
    }
}
