//! A crosstable and standings from a results file (CSV: `round,red,black,result[,red_fouls,black_fouls]`).
//!
//! ```text
//! cargo run -p xiangqi-core --example crosstable -- examples/data/competition/round_robin.csv [--swiss] [--chain 15.1]
//! ```

use std::process::ExitCode;

use xiangqi_core::competition::results_csv::{event_from_results, parse_results};
use xiangqi_core::competition::standings::{Event, System, Tiebreak};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let chain_at = args.iter().position(|a| a == "--chain").map(|i| i + 1);
    let path = args.iter().enumerate().find(|&(i, a)| !a.starts_with("--") && Some(i) != chain_at).map(|(_, a)| a);
    let Some(path) = path else {
        eprintln!("usage: crosstable RESULTS.csv [--swiss] [--chain 15.1|15.2|points,sb,...]");
        return ExitCode::from(2);
    };
    let swiss = args.iter().any(|a| a == "--swiss");
    let chain_spec = args
        .iter()
        .position(|a| a == "--chain")
        .and_then(|i| args.get(i + 1))
        .map_or(if swiss { "15.2" } else { "15.1" }, String::as_str);
    let chain: Vec<Tiebreak> = match Tiebreak::preset(chain_spec) {
        Some(preset) => preset.to_vec(),
        None => match chain_spec.split(',').map(Tiebreak::from_name).collect::<Option<Vec<_>>>() {
            Some(chain) => chain,
            None => {
                eprintln!("crosstable: unknown tie-break chain {chain_spec:?}");
                return ExitCode::from(2);
            }
        },
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("crosstable: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let system = if swiss { System::Swiss } else { System::RoundRobin { games_per_pair: 1 } };
    let event = match parse_results(&text).and_then(|rows| event_from_results(system, &rows)) {
        Ok(event) => event,
        Err(e) => {
            eprintln!("crosstable: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    match (event.crosstable(&chain), event.standings(&chain)) {
        (Ok(table), Ok(standings)) => {
            print!("{table}");
            if Event::requires_playoff(&standings, 1) {
                println!("the first place is shared: a play-off or the event's rule decides (15.6)");
            }
            ExitCode::SUCCESS
        }
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("crosstable: {e}");
            ExitCode::FAILURE
        }
    }
}
