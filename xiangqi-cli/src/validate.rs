//! `xiangqi validate`: every record that does not replay fully, one line each, and exit status 1 if any.

use xiangqi_corpus::{GameRow, Input, Options, Status};

use crate::progress::{summary_line, Bar};
use crate::Failure;

/// The arguments of `validate`.
#[derive(clap::Args)]
pub struct Args {
    /// Record files, directories (read recursively) and glob patterns.
    #[arg(required = true)]
    inputs: Vec<String>,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Also list the games read with warnings (they replay fully, so the exit status stays 0 for them).
    #[arg(long)]
    warnings: bool,
}

/// Runs `validate`: prints `source<TAB>game<TAB>status<TAB>byte<TAB>line<TAB>ply<TAB>message` per record.
pub fn run(args: Args) -> Result<u8, Failure> {
    let options = Options { threads: crate::analyse::threads(args.threads)?, ..Options::default() };
    let inputs: Vec<Input> = args.inputs.iter().map(|arg| Input::from_arg(arg)).collect();
    crate::interrupt::stop_on_ctrl_c(&options.cancel);
    let bar = Bar::new();
    let mut broken = 0u64;
    let mut lines = Vec::new();
    let summary = xiangqi_corpus::run_rows(
        &inputs,
        &options,
        &mut |rows, names| {
            for (row, _) in &rows {
                let complete = row.status == Status::Complete;
                broken += u64::from(!complete);
                if !complete || (args.warnings && !row.warnings.is_empty()) {
                    lines.push(describe(row, &names[row.source as usize]));
                }
            }
            Ok(())
        },
        &mut |progress| bar.update(progress),
    );
    bar.finish();
    let summary = summary?;
    for line in lines {
        println!("{line}");
    }
    eprintln!("{}", summary_line(&summary));
    if summary.cancelled {
        return Ok(crate::interrupt::INTERRUPTED);
    }
    Ok(u8::from(broken > 0))
}

/// `source<TAB>game<TAB>status<TAB>byte<TAB>line<TAB>ply<TAB>message`, `-` where a place is unknown.
fn describe(row: &GameRow, source: &str) -> String {
    let field = |v: Option<u64>| v.map_or_else(|| "-".to_owned(), |v| v.to_string());
    let message = match &row.error {
        Some(error) => error.clone(),
        None => row.warnings.iter().map(|w| w.message.as_str()).collect::<Vec<_>>().join("; "),
    };
    format!(
        "{source}\t{}\t{}\t{}\t{}\t{}\t{message}",
        row.index,
        row.status.name(),
        field(row.error_byte),
        field(row.error_line),
        field(row.error_ply.map(u64::from)),
    )
}
