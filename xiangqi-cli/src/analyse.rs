//! `xiangqi analyse`: record files to a games table and, with `--plies`, a plies table.

use std::ops::Range;
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use xiangqi_core::arbiter::{ArbiterConfig, RuleSet};
use xiangqi_corpus::{games_schema, plies_schema, Analysis, Input, Options, OutputFormat, TableWriter};

use crate::progress::{summary_line, Bar};
use crate::Failure;

/// A table format on the command line.
#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum Format {
    /// Apache Parquet.
    Parquet,
    /// CSV with a header line.
    Csv,
    /// JSON lines.
    Jsonl,
}

impl From<Format> for OutputFormat {
    fn from(format: Format) -> OutputFormat {
        match format {
            Format::Parquet => OutputFormat::Parquet,
            Format::Csv => OutputFormat::Csv,
            Format::Jsonl => OutputFormat::JsonLines,
        }
    }
}

/// The arguments of `analyse`.
#[derive(clap::Args)]
pub struct Args {
    /// Record files, directories (read recursively) and glob patterns.
    #[arg(required = true)]
    inputs: Vec<String>,
    /// The games table's file (its extension gives the format); standard output when absent.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// The table format (default: from the output's extension, else JSON lines).
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Also write the plies table: one row per move.
    #[arg(long)]
    plies: bool,
    /// The plies table's file (default: the output's name with `.plies` before the extension).
    #[arg(long)]
    plies_output: Option<PathBuf>,
    /// Classify every move of the main line (check, kill, chase, idle), not only those of judged
    /// repetitions; implies --plies. Slow.
    #[arg(long)]
    classify: bool,
    /// Fill the plies table's `fen` column (the position before each move).
    #[arg(long)]
    fen: bool,
    /// Add every variation line's moves to the plies table.
    #[arg(long)]
    variations: bool,
    /// The repetition rules: cxa, cxa2020 or axf.
    #[arg(long, default_value = "cxa")]
    rules: String,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Only the games with these indices in each source: `A..B` (B excluded) or `A..`.
    #[arg(long)]
    games: Option<String>,
}

/// Reads `A..B` or `A..` (game indices from 0).
pub fn parse_range(text: &str) -> Result<Range<usize>, Failure> {
    let bad = || Failure::usage(format!("--games {text:?}: expected A..B or A.. (indices from 0)"));
    let (start, end) = text.split_once("..").ok_or_else(bad)?;
    let start = if start.is_empty() { 0 } else { start.parse().map_err(|_| bad())? };
    let end = if end.is_empty() { usize::MAX } else { end.parse().map_err(|_| bad())? };
    if end < start {
        return Err(bad());
    }
    Ok(start..end)
}

/// The rules named on the command line.
pub fn rules(name: &str) -> Result<ArbiterConfig, Failure> {
    let rules: RuleSet = name.parse().map_err(|e| Failure::usage(format!("--rules: {e}")))?;
    Ok(ArbiterConfig::with_rules(rules))
}

/// The worker count: the given one (at least 1), else every core.
pub fn threads(given: Option<usize>) -> Result<usize, Failure> {
    match given {
        Some(0) => Err(Failure::usage("--threads must be at least 1")),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

fn plies_path(output: &Path, format: OutputFormat) -> PathBuf {
    let stem = output.file_stem().map_or_else(|| "games".into(), |s| s.to_string_lossy().into_owned());
    output.with_file_name(format!("{stem}.plies.{}", format.extension()))
}

fn open(path: Option<&Path>, format: OutputFormat, plies: bool) -> Result<TableWriter, Failure> {
    let schema = if plies { plies_schema() } else { games_schema() };
    Ok(match path {
        Some(path) => TableWriter::create(path, format, schema)?,
        None => TableWriter::to_stream(Box::new(std::io::BufWriter::new(std::io::stdout())), format)?,
    })
}

/// Runs `analyse`.
pub fn run(args: Args) -> Result<u8, Failure> {
    let format: OutputFormat = match (args.format, args.output.as_deref().and_then(OutputFormat::from_path)) {
        (Some(format), _) => format.into(),
        (None, Some(format)) => format,
        (None, None) => OutputFormat::JsonLines,
    };
    let plies = args.plies || args.classify || args.plies_output.is_some();
    let plies_output = match (&args.plies_output, &args.output) {
        (Some(path), _) => Some(path.clone()),
        (None, Some(output)) if plies => Some(plies_path(output, format)),
        (None, None) if plies => {
            return Err(Failure::usage("--plies with the games on standard output needs --plies-output"))
        }
        _ => None,
    };
    let options = Options {
        analysis: Analysis {
            config: rules(&args.rules)?,
            plies,
            classify: args.classify,
            fen: args.fen,
            variations: args.variations,
        },
        threads: threads(args.threads)?,
        games: args.games.as_deref().map(parse_range).transpose()?,
        ..Options::default()
    };
    let inputs: Vec<Input> = args.inputs.iter().map(|arg| Input::from_arg(arg)).collect();
    let games_out = open(args.output.as_deref(), format, false)?;
    let plies_out = plies_output.as_deref().map(|path| open(Some(path), format, true)).transpose()?;
    crate::interrupt::stop_on_ctrl_c(&options.cancel);
    let bar = Bar::new();
    let summary =
        xiangqi_corpus::run_into(&inputs, &options, games_out, plies_out, &mut |progress| bar.update(progress));
    bar.finish();
    let summary = summary?;
    eprintln!("{}", summary_line(&summary));
    Ok(if summary.cancelled { crate::interrupt::INTERRUPTED } else { 0 })
}
