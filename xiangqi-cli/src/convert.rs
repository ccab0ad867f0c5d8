//! `xiangqi convert`: a record to PGN (in any notation) or XQF, or a line of moves between notations.

use std::io::Write;
use std::path::PathBuf;

use clap::ValueEnum;
use xiangqi_core::pgn::{self, WriteOptions};
use xiangqi_core::record;
use xiangqi_core::xqf::{self, XqfVersion};
use xiangqi_core::{chinese, notation, wxf, Notation, Position};

use crate::Failure;

/// What to write.
#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum Target {
    /// PGN with Chinese moves.
    Chinese,
    /// PGN with WXF moves.
    Wxf,
    /// PGN with ICCS moves.
    Iccs,
    /// XQF (version 10): needs --output.
    Xqf,
}

/// The arguments of `convert`.
#[derive(clap::Args)]
pub struct Args {
    /// A record file (every game is converted), or with --moves the moves themselves.
    inputs: Vec<String>,
    /// The inputs are moves in any notation from --fen's position, not a file.
    #[arg(long)]
    moves: bool,
    /// The start position of --moves (default: the standard one).
    #[arg(long)]
    fen: Option<String>,
    /// The format or notation to write.
    #[arg(long, value_enum, default_value = "chinese")]
    to: Target,
    /// The output file (default: standard output; XQF needs a file).
    #[arg(short, long)]
    output: Option<PathBuf>,
}

fn moves(args: &Args) -> Result<String, Failure> {
    let mut pos = match &args.fen {
        Some(fen) => Position::from_fen(fen).map_err(|e| Failure::usage(format!("--fen: {e}")))?,
        None => Position::default(),
    };
    let mut out = Vec::new();
    for (ply, text) in args.inputs.iter().enumerate() {
        let m = notation::parse(&pos, text).map_err(|e| Failure::usage(format!("ply {}: {text}: {e}", ply + 1)))?;
        out.push(match args.to {
            Target::Chinese => chinese::write(&pos, m),
            Target::Wxf => wxf::write(&pos, m),
            Target::Iccs => m.to_string(),
            Target::Xqf => {
                return Err(Failure::usage("--moves converts between notations: use --to chinese, wxf or iccs"))
            }
        });
        pos.play_unchecked(m);
    }
    Ok(out.join(" ") + "\n")
}

/// Runs `convert`.
pub fn run(args: Args) -> Result<u8, Failure> {
    if args.moves {
        let text = moves(&args)?;
        return write_out(&args, text.as_bytes());
    }
    let [path] = &args.inputs[..] else {
        return Err(Failure::usage("convert reads one record file (or --moves)"));
    };
    let games = record::read_file(path).map_err(|e| Failure::new(format!("{path}: {e}")))?;
    let mut failed = false;
    let mut out = Vec::new();
    for (index, game) in games.enumerate() {
        let game = match game {
            Ok(game) => game,
            Err(err) => {
                eprintln!("xiangqi: {path}: game {index}: {err}");
                failed = true;
                continue;
            }
        };
        let notation = match args.to {
            Target::Chinese => Notation::Chinese,
            Target::Wxf => Notation::Wxf,
            Target::Iccs => Notation::Iccs,
            Target::Xqf => {
                if !out.is_empty() {
                    return Err(Failure::new("an XQF file holds one game; the record has more"));
                }
                out = xqf::write(&game, XqfVersion::V10);
                continue;
            }
        };
        out.extend_from_slice(pgn::write(&game, &WriteOptions::new(notation)).as_bytes());
        out.push(b'\n');
    }
    if matches!(args.to, Target::Xqf) && args.output.is_none() {
        return Err(Failure::usage("XQF is binary: give --output"));
    }
    write_out(&args, &out)?;
    Ok(u8::from(failed))
}

fn write_out(args: &Args, bytes: &[u8]) -> Result<u8, Failure> {
    match &args.output {
        Some(path) => std::fs::write(path, bytes).map_err(|e| Failure::new(format!("{}: {e}", path.display())))?,
        None => std::io::stdout().lock().write_all(bytes)?,
    }
    Ok(0)
}
