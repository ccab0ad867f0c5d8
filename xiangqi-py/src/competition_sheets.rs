//! The E9 knockout by playing cards and the 10.1 scoresheet, as the core defines them.

use pyo3::prelude::*;
use xiangqi_core::competition::card_draw::{shuffled_deck as core_shuffled_deck, Card, CardKnockout as CoreKnockout};
use xiangqi_core::competition::scoresheet::{Scoresheet as CoreScoresheet, Signer};

use crate::competition::{ms, refused, to_ms, Conduct, Decision};

fn cards(names: &[String]) -> PyResult<Vec<Card>> {
    names.iter().map(|n| Card::from_name(n).ok_or_else(|| refused(format!("bad card {n:?}")))).collect()
}

fn names(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|c| c.name()).collect()
}

/// The pairs `(red, black)` of one draw and the entrant with the bye.
type Pairing = (Vec<(usize, usize)>, Option<usize>);

fn signer(name: &str) -> PyResult<Signer> {
    Signer::from_name(name).ok_or_else(|| refused(format!("bad signer {name:?}: \"red\", \"black\" or \"arbiter\"")))
}

/// The E9 knockout: players draw playing cards (`"K"`, `"1r"`, `"1b"`, ...), equal numbers play, the red card
/// plays Red, the king has a bye; three draws in all.
#[pyclass(module = "xiangqi")]
pub struct CardKnockout {
    inner: CoreKnockout,
}

#[pymethods]
impl CardKnockout {
    /// The knockout of E9 for `players` entrants.
    #[new]
    fn new(players: usize) -> PyResult<CardKnockout> {
        Ok(CardKnockout { inner: CoreKnockout::e9(players).map_err(refused)? })
    }

    /// The draw in progress (1, 2, 3).
    #[getter]
    fn round(&self) -> usize {
        self.inner.round()
    }

    /// The cards of the next draw, `None` once the draws are over.
    fn deck(&self) -> Option<Vec<String>> {
        self.inner.deck().map(|d| names(&d))
    }

    /// Pairs the field by the cards drawn (`cards[i]` is entrant `i`'s): `([(red, black), ...], bye)`.
    fn draw(&mut self, cards_drawn: Vec<String>) -> PyResult<Pairing> {
        let pairing = self.inner.draw(&cards(&cards_drawn)?).map_err(refused)?;
        Ok((pairing.pairs, pairing.bye))
    }

    /// Enters the winners of the pairs of the last draw.
    fn advance(&mut self, winners: Vec<usize>) -> PyResult<()> {
        self.inner.advance(&winners).map_err(refused)
    }

    /// The entrants still in.
    #[getter]
    fn field(&self) -> Vec<usize> {
        self.inner.field().to_vec()
    }

    /// The two finalists, once the draws are over.
    fn finalists(&self) -> Option<(usize, usize)> {
        self.inner.finalists().map(|[a, b]| (a, b))
    }
}

/// A deck of `numbers` pairs (and the king), shuffled by `seed` (the same order for the same seed).
#[pyfunction]
fn shuffled_deck(numbers: u8, with_king: bool, seed: u64) -> Vec<String> {
    names(&core_shuffled_deck(numbers, with_king, seed))
}

/// The scoresheet of 10.1: the result, the time each side used (ms) and its fouls; official once both
/// players and the arbiter have signed, and corrected (7.3) only before that.
#[pyclass(module = "xiangqi")]
pub struct Scoresheet {
    inner: CoreScoresheet,
}

#[pymethods]
impl Scoresheet {
    /// The sheet of a finished game's conduct, with the time used by red and black (ms).
    #[staticmethod]
    fn from_conduct(conduct: &Conduct, red_used: u64, black_used: u64) -> PyResult<Scoresheet> {
        let inner = CoreScoresheet::from_conduct(&conduct.inner, [ms(red_used), ms(black_used)]).map_err(refused)?;
        Ok(Scoresheet { inner })
    }

    /// Signs as `"red"`, `"black"` or `"arbiter"`.
    fn sign(&mut self, who: &str) -> PyResult<()> {
        self.inner.sign(signer(who)?).map_err(refused)
    }

    /// Whether `who` has signed.
    fn is_signed_by(&self, who: &str) -> PyResult<bool> {
        Ok(self.inner.is_signed_by(signer(who)?))
    }

    /// Signed by both players and the arbiter.
    #[getter]
    fn is_official(&self) -> bool {
        self.inner.is_official()
    }

    /// The result, once the sheet is official.
    fn official_result(&self) -> Option<Decision> {
        self.inner.official_result().map(Decision::from_core)
    }

    /// The result written on the sheet.
    #[getter]
    fn result(&self) -> Decision {
        Decision::from_core(self.inner.result())
    }

    /// Time used by red and black (ms).
    #[getter]
    fn time_used(&self) -> (u64, u64) {
        let [red, black] = self.inner.time_used();
        (to_ms(red), to_ms(black))
    }

    /// Fouls of red and black.
    #[getter]
    fn fouls(&self) -> (u32, u32) {
        let [red, black] = self.inner.fouls();
        (red, black)
    }

    /// 7.3: corrects the times and fouls (the result stays), before the sheet is official; the signatures
    /// given are withdrawn.
    fn correct(&mut self, red_used: u64, black_used: u64, red_fouls: u32, black_fouls: u32) -> PyResult<()> {
        let result = self.inner.result().clone();
        self.inner.correct(result, [ms(red_used), ms(black_used)], [red_fouls, black_fouls]).map_err(refused)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<CardKnockout>()?;
    m.add_class::<Scoresheet>()?;
    m.add_function(wrap_pyfunction!(shuffled_deck, m)?)?;
    Ok(())
}
