//! Counts perft leaves: `perft '<FEN>' <DEPTH> [--divide]`.
//!
//! Placement problems that composed positions sometimes have on purpose (advisor, elephant or soldier on
//! an impossible point) are accepted. Prints timing on the first line (to stderr) and the leaf count alone on the last line of stdout. With
//! `--divide`, one line per legal move (`h2e2 1234`) comes first.

use std::process::ExitCode;
use std::time::Instant;

use xiangqi_core::fen::{Fen, FenError};
use xiangqi_core::perft::{divide, perft};
use xiangqi_core::PositionErrorKinds;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let divide_flag = args.iter().any(|a| a == "--divide");
    let positional: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let (fen, depth) = match positional.as_slice() {
        [fen, depth] => (fen.as_str(), depth.as_str()),
        _ => {
            eprintln!("usage: perft '<FEN>' <DEPTH> [--divide]");
            return ExitCode::from(2);
        }
    };
    // Published perft positions sometimes break placement rules (an advisor off its points): accept the
    // waivable kinds, as a composer would.
    let pos = match fen
        .parse::<Fen>()
        .map_err(FenError::from)
        .and_then(|f| Ok(f.into_position(PositionErrorKinds::WAIVABLE)?))
    {
        Ok(pos) => pos,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::from(2);
        }
    };
    let depth: u32 = match depth.parse() {
        Ok(d) => d,
        Err(_) => {
            eprintln!("error: depth {depth:?} is not a whole number");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let nodes = if divide_flag {
        let rows = divide(&pos, depth);
        for (m, n) in &rows {
            println!("{m} {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        perft(&pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!("perft({depth}) = {nodes} in {secs:.3} s ({:.1} M leaves/s)", nodes as f64 / secs / 1e6);
    println!("{nodes}");
    ExitCode::SUCCESS
}
