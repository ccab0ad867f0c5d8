//! 10.1: the scoresheet at the end of a game. It records the result, the time used by both sides and the
//! fouls; both players and the arbiter sign it on the spot, and the signed sheet is the official result.
//! 7.3: before that the arbiter may have it corrected; once all three have signed nothing changes.
//!
//! ```
//! use core::time::Duration;
//! use xiangqi_core::competition::conduct::{Conduct, ConductRules, OfferPolicy};
//! use xiangqi_core::competition::scoresheet::{Scoresheet, Signer};
//! use xiangqi_core::Color;
//!
//! let mut game = Conduct::new(ConductRules::general(OfferPolicy::Strict))?;
//! game.make_move(Color::Red)?;
//! game.resign(Color::Black)?;
//! let used = [Duration::from_secs(600), Duration::from_secs(420)];
//! let mut sheet = Scoresheet::from_conduct(&game, used)?;
//! sheet.sign(Signer::Red)?;
//! sheet.sign(Signer::Black)?;
//! assert!(sheet.official_result().is_none());
//! sheet.sign(Signer::Arbiter)?;
//! assert_eq!(sheet.official_result().unwrap().article, "4.1.9");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::time::Duration;

use super::conduct::{Conduct, Decision};

/// Who signs a scoresheet (10.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signer {
    /// The red player.
    Red,
    /// The black player.
    Black,
    /// The game's arbiter.
    Arbiter,
}

impl Signer {
    /// Every signer.
    pub const ALL: [Signer; 3] = [Signer::Red, Signer::Black, Signer::Arbiter];

    /// The name used in case files and bindings: `red`, `black`, `arbiter`.
    pub fn name(self) -> &'static str {
        match self {
            Signer::Red => "red",
            Signer::Black => "black",
            Signer::Arbiter => "arbiter",
        }
    }

    /// The signer named `name`.
    pub fn from_name(name: &str) -> Option<Signer> {
        Signer::ALL.into_iter().find(|s| s.name() == name)
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// A refused scoresheet operation; nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoresheetError {
    /// 10.1: a scoresheet is completed at the end of the game.
    #[error("scoresheet: the game has no result yet (10.1)")]
    NoResult,
    /// A second signature by the same person.
    #[error("scoresheet: {} has already signed", .0.name())]
    AlreadySigned(Signer),
    /// 10.1: the sheet signed by all three is the official result.
    #[error(
        "scoresheet: signed by both players and the arbiter, it is the official result and cannot be corrected (10.1)"
    )]
    Official,
}

/// A game's scoresheet (10.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scoresheet {
    result: Decision,
    time_used: [Duration; 2],
    fouls: [u32; 2],
    signed: [bool; 3],
}

impl Scoresheet {
    /// A sheet with the result, each side's time used (red first) and fouls.
    pub fn new(result: Decision, time_used: [Duration; 2], fouls: [u32; 2]) -> Scoresheet {
        Scoresheet { result, time_used, fouls, signed: [false; 3] }
    }

    /// The sheet of a finished game: its conduct log's result and fouls, and the time used as read from the
    /// clock. For a result the arbiter's verdict decided, use [`Scoresheet::new`] with the decision of
    /// [`decide`](super::conduct::decide).
    pub fn from_conduct(conduct: &Conduct, time_used: [Duration; 2]) -> Result<Scoresheet, ScoresheetError> {
        let result = conduct.decision().ok_or(ScoresheetError::NoResult)?.clone();
        Ok(Scoresheet::new(result, time_used, [conduct.fouls(crate::Color::Red), conduct.fouls(crate::Color::Black)]))
    }

    /// The result recorded.
    pub fn result(&self) -> &Decision {
        &self.result
    }

    /// Time used, red first.
    pub fn time_used(&self) -> [Duration; 2] {
        self.time_used
    }

    /// Fouls, red first.
    pub fn fouls(&self) -> [u32; 2] {
        self.fouls
    }

    /// Whether `who` has signed.
    pub fn is_signed_by(&self, who: Signer) -> bool {
        self.signed[who.index()]
    }

    /// `who` signs.
    pub fn sign(&mut self, who: Signer) -> Result<(), ScoresheetError> {
        if self.signed[who.index()] {
            return Err(ScoresheetError::AlreadySigned(who));
        }
        self.signed[who.index()] = true;
        Ok(())
    }

    /// 7.3: the arbiter has the sheet corrected before it is official. The signatures already given are
    /// withdrawn: they were for the sheet as it stood.
    pub fn correct(
        &mut self,
        result: Decision,
        time_used: [Duration; 2],
        fouls: [u32; 2],
    ) -> Result<(), ScoresheetError> {
        if self.is_official() {
            return Err(ScoresheetError::Official);
        }
        *self = Scoresheet::new(result, time_used, fouls);
        Ok(())
    }

    /// Signed by both players and the arbiter.
    pub fn is_official(&self) -> bool {
        self.signed.iter().all(|&s| s)
    }

    /// The official result: the result once all three have signed.
    pub fn official_result(&self) -> Option<&Decision> {
        self.is_official().then_some(&self.result)
    }
}
