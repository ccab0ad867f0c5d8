//! A progress bar on stderr when it is a terminal, and the summary line at the end of a run.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use xiangqi_corpus::{Progress, Summary};

/// The bar of a run, hidden unless stderr is a terminal.
pub struct Bar(Option<ProgressBar>);

impl Bar {
    /// A bar over the bytes of the sources.
    pub fn new() -> Bar {
        if !std::io::stderr().is_terminal() {
            return Bar(None);
        }
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template("{bar:30} {bytes}/{total_bytes} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        Bar(Some(bar))
    }

    /// Shows how far the run is.
    pub fn update(&self, progress: &Progress) {
        if let Some(bar) = &self.0 {
            bar.set_length(progress.bytes_total);
            bar.set_position(progress.bytes_read.min(progress.bytes_total));
            bar.set_message(format!("{} games, {} plies, {} errors", progress.games, progress.plies, progress.errors));
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

/// `2,516 games, 232,086 plies, 0 truncated, 3 errors, 41 warnings in 0.52 s (446,319 plies/s)`.
pub fn summary_line(summary: &Summary) -> String {
    let seconds = summary.elapsed.as_secs_f64();
    let rate = if seconds > 0.0 { summary.plies as f64 / seconds } else { 0.0 };
    format!(
        "{} sources, {} games, {} plies, {} truncated, {} errors, {} warnings in {seconds:.2} s ({rate:.0} plies/s){}",
        summary.sources,
        summary.games,
        summary.plies,
        summary.truncated,
        summary.errors,
        summary.warnings,
        if summary.cancelled { ", cancelled" } else { "" }
    )
}
