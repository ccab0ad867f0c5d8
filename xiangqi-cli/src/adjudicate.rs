//! `xiangqi adjudicate`: the arbiter's verdict after a line of moves, or after a record's main line.

use serde_json::json;
use xiangqi_core::record::{self, GameRecord};
use xiangqi_core::{notation, Game, Position};

use crate::Failure;

/// The arguments of `adjudicate`.
#[derive(clap::Args)]
pub struct Args {
    /// The moves, in any notation (ICCS, WXF, Chinese), from --fen's position.
    moves: Vec<String>,
    /// The start position (default: the standard one).
    #[arg(long)]
    fen: Option<String>,
    /// Judge this record file's main line instead of moves.
    #[arg(long, conflicts_with_all = ["moves", "fen"])]
    record: Option<String>,
    /// The game of the record, from 0.
    #[arg(long, default_value_t = 0)]
    game: usize,
    /// The repetition rules: cxa, cxa2020 or axf.
    #[arg(long, default_value = "cxa")]
    rules: String,
    /// One JSON object: plies, verdict, summary, explanation, classes.
    #[arg(long)]
    json: bool,
}

fn from_record(path: &str, index: usize) -> Result<GameRecord, Failure> {
    let games = record::read_file(path).map_err(|e| Failure::new(format!("{path}: {e}")))?;
    let game = games.into_iter().nth(index).ok_or_else(|| Failure::new(format!("{path}: no game {index}")))?;
    game.map_err(|e| Failure::new(format!("{path}: {e}")))
}

/// Runs `adjudicate`.
pub fn run(args: Args) -> Result<u8, Failure> {
    let config = crate::analyse::rules(&args.rules)?;
    let game = match &args.record {
        Some(path) => {
            let record = from_record(path, args.game)?;
            let mut game = Game::with_config(record.start().clone(), config);
            for m in record.main_line() {
                game.push(m)?;
            }
            game
        }
        None => {
            let start = match &args.fen {
                Some(fen) => Position::from_fen(fen).map_err(|e| Failure::usage(format!("--fen: {e}")))?,
                None => Position::default(),
            };
            let mut game = Game::with_config(start, config);
            for (ply, text) in args.moves.iter().enumerate() {
                let m = notation::parse(game.position(), text)
                    .map_err(|e| Failure::usage(format!("ply {}: {text}: {e}", ply + 1)))?;
                game.push(m).map_err(|e| Failure::usage(format!("ply {}: {e}", ply + 1)))?;
            }
            game
        }
    };
    let verdict = game.verdict();
    if args.json {
        let classes: Vec<Option<&str>> = (0..game.len()).map(|i| game.classify(i).map(|c| c.class.name())).collect();
        let out = json!({
            "plies": game.len(),
            "fen": game.position().fen(),
            "summary": verdict.summary(),
            "explanation": verdict.explanation(),
            "classes": classes,
        });
        println!("{out}");
    } else {
        println!("{}", verdict.summary());
        println!("{}", verdict.explanation());
    }
    Ok(0)
}
