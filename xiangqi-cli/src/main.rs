//! `xiangqi`: whole game databases and single positions from the shell.
//!
//! `analyse` (records to Parquet, CSV or JSON lines), `validate` (every record that does not replay fully;
//! exit status 1 if any), `adjudicate` (a game to the arbiter's verdict), `perft`, `convert` (between
//! record formats and notations) and `show` (a position drawn in the terminal). Exit status 2 for bad
//! arguments.

mod adjudicate;
mod analyse;
mod board;
mod convert;
mod interrupt;
mod memory;
mod perft;
mod progress;
mod validate;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Xiangqi (Chinese chess) games and positions as an arbiter judges them.
#[derive(Parser)]
#[command(name = "xiangqi", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Every game of record files through the arbiter, to a games table (and a plies table).
    Analyse(analyse::Args),
    /// Lists every record that does not replay fully; exit status 1 if there is one.
    Validate(validate::Args),
    /// The arbiter's verdict on a game (a FEN and moves, or a record), with its explanation.
    Adjudicate(adjudicate::Args),
    /// Counts the leaf nodes of the legal move tree.
    Perft(perft::Args),
    /// Converts a record between formats and notations, or a line of moves between notations.
    Convert(convert::Args),
    /// Draws a position in the terminal.
    Show(board::Args),
}

/// A failure a command reports: the message, and the exit status.
pub struct Failure {
    message: String,
    status: u8,
}

impl Failure {
    /// A failure with exit status 1.
    pub fn new(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), status: 1 }
    }

    /// Bad input from the user: exit status 2.
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), status: 2 }
    }
}

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(err: E) -> Failure {
        Failure::new(err.to_string())
    }
}

fn main() -> ExitCode {
    memory::return_large_buffers();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Analyse(args) => analyse::run(args),
        Command::Validate(args) => validate::run(args),
        Command::Adjudicate(args) => adjudicate::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Show(args) => board::run(args),
    };
    match result {
        Ok(status) => ExitCode::from(status),
        Err(failure) => {
            eprintln!("xiangqi: {}", failure.message);
            ExitCode::from(failure.status)
        }
    }
}
