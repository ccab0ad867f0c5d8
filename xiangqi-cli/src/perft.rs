//! `xiangqi perft`: leaf counts of the legal move tree, optionally split by first move.

use xiangqi_core::{perft, Position};

use crate::Failure;

/// The arguments of `perft`.
#[derive(clap::Args)]
pub struct Args {
    /// The depth in plies.
    depth: u32,
    /// The position (default: the standard one).
    #[arg(long)]
    fen: Option<String>,
    /// One line per legal move with the count below it, then the total.
    #[arg(long)]
    divide: bool,
}

/// Runs `perft`.
pub fn run(args: Args) -> Result<u8, Failure> {
    let pos = match &args.fen {
        Some(fen) => Position::from_fen(fen).map_err(|e| Failure::usage(format!("--fen: {e}")))?,
        None => Position::default(),
    };
    if args.divide && args.depth > 0 {
        let mut total = 0;
        for (m, count) in perft::divide(&pos, args.depth) {
            println!("{m} {count}");
            total += count;
        }
        println!("total {total}");
    } else {
        println!("{}", perft::perft(&pos, args.depth));
    }
    Ok(0)
}
