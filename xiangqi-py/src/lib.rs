//! The native module `xiangqi._xiangqi` of the `xiangqi` Python package: thin wrappers over `xiangqi-core`.
//! Every rule is the core's; this crate converts arguments and results and names errors.
//!
//! The package is built with maturin (`pip install .`, or `maturin build --release` for an abi3 wheel for
//! Python 3.9 and later) and used from Python:
//!
//! ```python
//! import xiangqi
//!
//! board = xiangqi.Board()
//! board.push_chinese("炮二平五")
//! print(len(board.legal_moves), board.fen())
//! for game in xiangqi.read_games("games.pgn"):   # PGN, XQF, DhtmlXQ or ChessBridge, told from the content
//!     print(game.headers.get("Event"), game.plies, game.result)
//! ```
//!
//! `docs/python.md` describes the whole package.

use pyo3::prelude::*;

mod analyse;
mod board;
mod classify;
mod competition;
mod competition_sheets;
mod ecco;
mod errors;
mod moves;
mod outcome;
mod records;
mod source;

#[pymodule]
fn _xiangqi(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::LegalMoveGenerator>()?;
    m.add_class::<outcome::Outcome>()?;
    m.add_class::<outcome::Termination>()?;
    m.add_class::<classify::Classification>()?;
    m.add_class::<classify::ChaseTarget>()?;
    m.add_class::<classify::RootAnalysis>()?;
    m.add_class::<classify::Protector>()?;
    m.add_class::<ecco::Ecco>()?;
    m.add_class::<records::GameReader>()?;
    m.add_class::<records::Game>()?;
    m.add_class::<records::GameNode>()?;
    m.add_function(wrap_pyfunction!(analyse::analyse_files, m)?)?;
    m.add_function(wrap_pyfunction!(analyse::survey, m)?)?;
    competition::register(m)?;
    m.add("STARTING_FEN", board::STARTING_FEN)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
