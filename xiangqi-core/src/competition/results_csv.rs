//! A results file: CSV rows `round,red,black,result[,red_fouls,black_fouls]` after a header line, `#` lines
//! and blank lines ignored. Results are written as in [`GameResult::text`].

use super::scoring::GameResult;
use super::standings::{Event, EventGame, StandingsError, System};

/// One row of a results file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ResultRow {
    /// The line (1-based).
    pub line: usize,
    /// The round.
    pub round: u32,
    /// Red's name.
    pub red: String,
    /// Black's name.
    pub black: String,
    /// The result.
    pub result: GameResult,
    /// Red's and black's fouls in the game.
    pub fouls: [u32; 2],
}

/// A results file that cannot be read, or whose rows the event refuses. Nothing is entered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResultsError {
    /// The header is not `round,red,black,result` (optionally `,red_fouls,black_fouls`).
    #[error("line {line}: the header must be round,red,black,result[,red_fouls,black_fouls], not {found:?}")]
    Header {
        /// The line.
        line: usize,
        /// What was there.
        found: String,
    },
    /// A row with a bad field.
    #[error("line {line}, field {field}: {problem} ({value:?})")]
    Field {
        /// The line.
        line: usize,
        /// The field's name.
        field: &'static str,
        /// Its text.
        value: String,
        /// What is wrong.
        problem: &'static str,
    },
    /// A row with the wrong number of fields.
    #[error("line {line}: {found} fields, expected {expected}")]
    FieldCount {
        /// The line.
        line: usize,
        /// Fields found.
        found: usize,
        /// Fields expected.
        expected: usize,
    },
    /// The event refused a row.
    #[error("line {line}: {source}")]
    Event {
        /// The line.
        line: usize,
        /// Why.
        source: StandingsError,
    },
    /// No header.
    #[error("the results file is empty")]
    Empty,
}

/// Reads the rows of a results file.
///
/// ```
/// use xiangqi_core::competition::results_csv::parse_results;
/// let rows = parse_results("round,red,black,result\n1,Hu,Liu,1-0\n")?;
/// assert_eq!(rows[0].red, "Hu");
/// assert!(parse_results("round,red,black,result\n1,Hu,Liu,2-0\n").unwrap_err().to_string().contains("line 2"));
/// # Ok::<(), xiangqi_core::competition::results_csv::ResultsError>(())
/// ```
pub fn parse_results(text: &str) -> Result<Vec<ResultRow>, ResultsError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end_matches('\r'))).filter(|(_, l)| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#')
    });
    let (header_line, header) = lines.next().ok_or(ResultsError::Empty)?;
    let header = header.trim_start_matches('\u{feff}');
    let columns: Vec<&str> = header.split(',').map(str::trim).collect();
    let expected = match columns.as_slice() {
        ["round", "red", "black", "result"] => 4,
        ["round", "red", "black", "result", "red_fouls", "black_fouls"] => 6,
        _ => return Err(ResultsError::Header { line: header_line, found: header.to_owned() }),
    };
    let mut rows = Vec::new();
    for (line, text) in lines {
        let fields: Vec<&str> = text.split(',').map(str::trim).collect();
        if fields.len() != expected {
            return Err(ResultsError::FieldCount { line, found: fields.len(), expected });
        }
        let field = |field: &'static str, value: &str, problem: &'static str| ResultsError::Field {
            line,
            field,
            value: value.to_owned(),
            problem,
        };
        let round = fields[0].parse::<u32>().map_err(|_| field("round", fields[0], "not a round number"))?;
        for (name, value) in [("red", fields[1]), ("black", fields[2])] {
            if value.is_empty() {
                return Err(field(name, value, "empty name"));
            }
        }
        let result = GameResult::from_text(fields[3])
            .ok_or_else(|| field("result", fields[3], "not 1-0, 0-1, 1/2-1/2, +/-, -/+ or -/-"))?;
        let mut fouls = [0; 2];
        if expected == 6 {
            for (i, name) in [(0, "red_fouls"), (1, "black_fouls")] {
                let value = fields[4 + i];
                fouls[i] = if value.is_empty() {
                    0
                } else {
                    value.parse().map_err(|_| field(name, value, "not a number of fouls"))?
                };
            }
        }
        rows.push(ResultRow { line, round, red: fields[1].to_owned(), black: fields[2].to_owned(), result, fouls });
    }
    Ok(rows)
}

/// An event of every name in `rows` (in order of first appearance) with their games and fouls entered.
pub fn event_from_results(system: System, rows: &[ResultRow]) -> Result<Event, ResultsError> {
    let mut names: Vec<&str> = Vec::new();
    for row in rows {
        for name in [row.red.as_str(), row.black.as_str()] {
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    let mut event =
        Event::new(system, names.iter().copied()).map_err(|source| ResultsError::Event { line: 0, source })?;
    enter_results(&mut event, rows)?;
    Ok(event)
}

/// Enters `rows` into `event`: every row, or (on the first refused row, named by its line) none.
pub fn enter_results(event: &mut Event, rows: &[ResultRow]) -> Result<(), ResultsError> {
    let mut games = Vec::with_capacity(rows.len());
    for row in rows {
        let context = format!("line {}", row.line);
        let red = event.entrant(&row.red, &context).map_err(|source| ResultsError::Event { line: row.line, source })?;
        let black =
            event.entrant(&row.black, &context).map_err(|source| ResultsError::Event { line: row.line, source })?;
        games.push(EventGame { round: row.round, red, black, result: row.result });
    }
    let mut trial = event.clone();
    for (row, game) in rows.iter().zip(&games) {
        trial
            .add_games(core::slice::from_ref(game))
            .map_err(|source| ResultsError::Event { line: row.line, source })?;
        for (name, fouls) in [(&row.red, row.fouls[0]), (&row.black, row.fouls[1])] {
            trial.add_fouls(name, fouls).map_err(|source| ResultsError::Event { line: row.line, source })?;
        }
    }
    *event = trial;
    Ok(())
}
