//! Replays every game of ICCS PGN files with legality checks and prints a summary:
//! `demo FILE.pgn...` (`make demo` runs it on the bundled wukong games).
//!
//! The movetext reader is deliberately simple: tag lines (`[Event "..."]`) start a game, move numbers
//! (`12.`), results (`1-0`, `0-1`, `1/2-1/2`, `*`) and comments (`{...}`, `; ...`) are skipped, and every
//! other token must be an ICCS move (`h2e2`). A move that is not legal is reported with its file, game
//! number (from 1) and ply and ends that game; the program goes on. Only I/O errors make it fail.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use xiangqi_core::{Move, Position, Termination};

/// One game as read from a file: its `Event` tag (if any) and its move tokens.
#[derive(Default)]
struct RawGame {
    event: Option<String>,
    tokens: Vec<String>,
}

/// Whether a token is a game result.
fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Removes a leading move number (`12.`, `12...`) from a token; `None` if nothing else is left.
fn strip_move_number(token: &str) -> Option<&str> {
    let rest = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() < token.len() && rest.starts_with('.') {
        let rest = rest.trim_start_matches('.');
        (!rest.is_empty()).then_some(rest)
    } else {
        Some(token)
    }
}

/// The value of a `[Event "..."]` tag line.
fn event_tag(line: &str) -> Option<String> {
    let inner = line.strip_prefix("[Event")?.trim().strip_suffix(']')?.trim();
    Some(inner.trim_matches('"').to_owned())
}

/// Splits PGN text into games.
fn read_games(text: &str) -> Vec<RawGame> {
    let mut games = Vec::new();
    let mut game: Option<RawGame> = None;
    let mut in_comment = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if !in_comment && trimmed.starts_with('[') {
            // A tag after movetext starts the next game.
            if game.as_ref().is_some_and(|g| !g.tokens.is_empty()) {
                games.extend(game.take());
            }
            let g = game.get_or_insert_with(RawGame::default);
            if let Some(event) = event_tag(trimmed) {
                g.event = Some(event);
            }
            continue;
        }
        for token in trimmed.split_whitespace() {
            if in_comment {
                in_comment = !token.contains('}');
                continue;
            }
            if token.starts_with('{') {
                in_comment = !token.contains('}');
                continue;
            }
            if token.starts_with(';') {
                break; // a comment up to the end of the line
            }
            if is_result(token) {
                games.push(game.take().unwrap_or_default());
                continue;
            }
            if let Some(token) = strip_move_number(token) {
                let g = game.get_or_insert_with(RawGame::default);
                g.tokens.push(token.to_owned());
            }
        }
    }
    games.extend(game);
    games
}

/// Totals over all the games replayed.
#[derive(Default)]
struct Summary {
    files: usize,
    games: usize,
    plies: usize,
    in_check: usize,
    checkmates: usize,
    stalemates: usize,
    illegal: usize,
    /// (plies, file, game number, event) of the longest game.
    longest: Option<(usize, String, usize, Option<String>)>,
    replay_time: Duration,
}

impl Summary {
    /// Replays the games of one file.
    fn add_file(&mut self, path: &str, games: &[RawGame]) {
        self.files += 1;
        let start = Instant::now();
        for (index, game) in games.iter().enumerate() {
            let number = index + 1;
            self.games += 1;
            let mut pos = Position::default();
            let mut plies = 0;
            for token in &game.tokens {
                let checked = match token.parse::<Move>() {
                    Ok(m) if pos.is_legal(m) => Ok(m),
                    Ok(_) => Err(format!("illegal move {token} in {}", pos.fen())),
                    Err(err) => Err(format!("unreadable move: {err}")),
                };
                match checked {
                    Ok(m) => {
                        pos.play_unchecked(m);
                        plies += 1;
                    }
                    Err(why) => {
                        println!("{path}: game {number}, ply {}: {why}", plies + 1);
                        self.illegal += 1;
                        break;
                    }
                }
            }
            self.plies += plies;
            if pos.is_check() {
                self.in_check += 1;
            }
            match pos.outcome().map(|o| o.termination) {
                Some(Termination::Checkmate) => self.checkmates += 1,
                Some(Termination::Stalemate) => self.stalemates += 1,
                _ => {}
            }
            if self.longest.as_ref().is_none_or(|l| plies > l.0) {
                self.longest = Some((plies, path.to_owned(), number, game.event.clone()));
            }
        }
        self.replay_time += start.elapsed();
    }

    fn print(&self) {
        let secs = self.replay_time.as_secs_f64();
        println!(
            "replayed {} games, {} plies from {} file(s) in {:.3} s ({:.0} plies/s, legality checked)",
            self.games,
            self.plies,
            self.files,
            secs,
            self.plies as f64 / secs.max(1e-9)
        );
        println!(
            "final positions: {} with the side to move in check, {} checkmate(s), {} stalemate(s)",
            self.in_check, self.checkmates, self.stalemates
        );
        if let Some((plies, path, number, event)) = &self.longest {
            let event = event.as_deref().map(|e| format!(" ({e})")).unwrap_or_default();
            println!("longest game: {path} game {number}{event}, {plies} plies");
        }
        println!("illegal or unreadable moves: {}", self.illegal);
    }
}

fn main() -> ExitCode {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: demo FILE.pgn...");
        return ExitCode::from(2);
    }
    let mut summary = Summary::default();
    let mut io_errors = 0;
    for path in &paths {
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(err) => {
                eprintln!("demo: cannot read {path}: {err}");
                io_errors += 1;
                continue;
            }
        };
        let games = read_games(&text);
        println!("{path}: {} games", games.len());
        summary.add_file(path, &games);
    }
    summary.print();
    if io_errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
