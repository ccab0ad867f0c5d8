//! A game's conduct (4, 5.8, 7, 9, 18, 21-23; the event rules E4, E5, E8): fouls and their limit, draw
//! offers, the natural-limit claim, resignation, forfeits and penalties, and the one result they and the
//! arbiter's verdict give, with the article that decided it.

use core::time::Duration;

use crate::arbiter::{NaturalLimit, Verdict};
use crate::Color;

/// A foul (犯规, 9.1; the event's technical fouls 技术犯规, E8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Foul {
    /// Questions without cause or other distraction in the opponent's time (9.1.1).
    Distracting,
    /// Stopping or starting the clock without permission (9.1.2).
    ClockTampering,
    /// A draw offer out of alternation, or again after a rejection (9.1.3, E8(一)).
    RepeatedDrawOffer,
    /// A natural-limit claim found untrue (9.1.4, 23.3, E8(二)).
    FalseMoveLimitClaim,
    /// Touching an own piece that cannot move (9.1.5, E8(三)).
    TouchedImmovablePiece,
    /// Touching an opponent's piece that no own piece can take (9.1.6, E8(四)).
    TouchedUncapturablePiece,
    /// Four moves in a row left unrecorded (9.1.7, 7.1).
    UnrecordedMoves,
    /// A breach of the players' rules that is not serious (9.1.8).
    MinorBreach,
    /// An extra move or a move a piece cannot make, under the event rules (E8(五)).
    IllegalMove,
}

impl Foul {
    /// Every foul, in article order.
    pub const ALL: [Foul; 9] = [
        Foul::Distracting,
        Foul::ClockTampering,
        Foul::RepeatedDrawOffer,
        Foul::FalseMoveLimitClaim,
        Foul::TouchedImmovablePiece,
        Foul::TouchedUncapturablePiece,
        Foul::UnrecordedMoves,
        Foul::MinorBreach,
        Foul::IllegalMove,
    ];

    /// The article.
    pub fn article(self) -> &'static str {
        match self {
            Foul::Distracting => "9.1.1",
            Foul::ClockTampering => "9.1.2",
            Foul::RepeatedDrawOffer => "9.1.3",
            Foul::FalseMoveLimitClaim => "9.1.4",
            Foul::TouchedImmovablePiece => "9.1.5",
            Foul::TouchedUncapturablePiece => "9.1.6",
            Foul::UnrecordedMoves => "9.1.7",
            Foul::MinorBreach => "9.1.8",
            Foul::IllegalMove => "E8(五)",
        }
    }

    /// The name used in case files and bindings ("repeated-draw-offer").
    pub fn name(self) -> &'static str {
        match self {
            Foul::Distracting => "distracting",
            Foul::ClockTampering => "clock-tampering",
            Foul::RepeatedDrawOffer => "repeated-draw-offer",
            Foul::FalseMoveLimitClaim => "false-move-limit-claim",
            Foul::TouchedImmovablePiece => "touched-immovable-piece",
            Foul::TouchedUncapturablePiece => "touched-uncapturable-piece",
            Foul::UnrecordedMoves => "unrecorded-moves",
            Foul::MinorBreach => "minor-breach",
            Foul::IllegalMove => "illegal-move",
        }
    }

    /// The foul named `name` (as [`Foul::name`]).
    pub fn from_name(name: &str) -> Option<Foul> {
        Foul::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// How a move that breaks the movement rules is dealt with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMovePolicy {
    /// The general rules: the game is lost (4.1.6, 5.8).
    Loss,
    /// The event rules: a technical foul (E8(五)).
    Foul,
}

/// Whether draw offers must alternate strictly. 23.1 says offers alternate and no side offers twice in a
/// row; the texts do not say which reading, so the event chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OfferPolicy {
    /// A side that made the last offer may not offer again until the other side has offered.
    Strict,
    /// A side may not offer on two of its own moves in a row.
    Loose,
}

/// The rules of conduct of an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConductRules {
    /// Fouls in one game that lose it: 3 in the general rules (4.1.8), 2 technical fouls in the event
    /// rules (E4(四)).
    pub foul_limit: u8,
    /// The article a loss on the foul limit cites: "4.1.8" in the general rules, "E4(四)" in the event
    /// rules. It is part of the rule set, not derived from the other fields: an event may count illegal moves
    /// as fouls and still play to the general limit.
    pub foul_limit_article: &'static str,
    /// How an illegal move is dealt with.
    pub illegal_move: IllegalMovePolicy,
    /// The draw-offer alternation.
    pub offers: OfferPolicy,
    /// The time added to a side whose natural-limit claim is untrue: 5 minutes in 23.3.
    pub false_claim_time: Duration,
}

impl ConductRules {
    /// The general rules (T-G, S): three fouls lose, an illegal move loses, five minutes for a false claim.
    pub fn general(offers: OfferPolicy) -> ConductRules {
        ConductRules {
            foul_limit: 3,
            foul_limit_article: "4.1.8",
            illegal_move: IllegalMovePolicy::Loss,
            offers,
            false_claim_time: Duration::from_secs(300),
        }
    }

    /// The event rules (T-E): two technical fouls lose and an illegal move is a technical foul. The event
    /// rules have no move-limit draw; the five minutes come from 23.3 of the general rules.
    pub fn event(offers: OfferPolicy) -> ConductRules {
        ConductRules {
            foul_limit: 2,
            foul_limit_article: "E4(四)",
            illegal_move: IllegalMovePolicy::Foul,
            ..ConductRules::general(offers)
        }
    }
}

/// Who can impose a penalty (16-18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Authority {
    /// The game's arbiter (监局裁判).
    GameArbiter,
    /// The chief arbiter (裁判长).
    ChiefArbiter,
    /// The organising body (竞赛组织机构).
    Organiser,
}

/// A penalty beyond a foul (8.8, 18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Penalty {
    /// A warning (18.1); the game goes on. Ranks the player last among equals (18.4).
    Warning,
    /// Loss of the game for refusing the rules or a serious breach of discipline (4.1.10, 7.4).
    Loss,
    /// Disqualification from the game or match (18.2): a loss; ranks last among equals (18.4).
    Disqualification,
    /// Expulsion from the event (18.3): a loss, and the player withdraws (20).
    Expulsion,
}

impl Penalty {
    /// Counts the penalty in an 18.4 record, `[warnings, disqualifications]`, the form in which
    /// [`team_standings`](super::team::team_standings) takes each team's penalties: a warning (18.1) or a
    /// disqualification (18.2) adds one; a loss or an expulsion, which 18.4 does not name, changes nothing.
    ///
    /// ```
    /// use xiangqi_core::competition::conduct::Penalty;
    /// let mut record = [0, 0];
    /// Penalty::Warning.add_to_ranking_record(&mut record);
    /// Penalty::Disqualification.add_to_ranking_record(&mut record);
    /// Penalty::Loss.add_to_ranking_record(&mut record);
    /// assert_eq!(record, [1, 1]);
    /// ```
    pub fn add_to_ranking_record(self, record: &mut [u32; 2]) {
        match self {
            Penalty::Warning => record[0] += 1,
            Penalty::Disqualification => record[1] += 1,
            Penalty::Loss | Penalty::Expulsion => {}
        }
    }

    /// The lowest authority that may impose it.
    pub fn required_authority(self) -> Authority {
        match self {
            Penalty::Warning | Penalty::Loss => Authority::GameArbiter,
            Penalty::Disqualification => Authority::ChiefArbiter,
            Penalty::Expulsion => Authority::Organiser,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultReason {
    /// Checkmate (4.1.1).
    Checkmate,
    /// Stalemate (4.1.3).
    Stalemate,
    /// The generals face each other after the loser's move (4.1.2), recorded over the board.
    KingsFacing,
    /// A repetition judged by the arbiter (24, 26); the arbiter's ruling gives the article.
    Repetition,
    /// Overtime (4.1.4, 22).
    Overtime,
    /// Pressed the clock too late after the last move of a period (22.5).
    LatePress,
    /// A move over the per-move limit (E2).
    PerMoveTime,
    /// Over the lateness limit (4.1.5, 21).
    Lateness,
    /// Both sides over the lateness limit (21.3).
    DoubleForfeit,
    /// An illegal move (4.1.6).
    IllegalMove,
    /// The foul limit (4.1.8; E4(四)).
    FoulLimit,
    /// Resignation (4.1.9).
    Resignation,
    /// Refusing the rules or a serious breach of discipline (4.1.10).
    Discipline,
    /// Disqualification by the chief arbiter (18.2).
    Disqualification,
    /// Expulsion by the organising body (18.3).
    Expulsion,
    /// A drawn simple position, decided by the arbiter (4.2.1).
    TheoreticalDraw,
    /// An agreed draw (4.2.2, 23.1).
    AgreedDraw,
    /// A repetition draw (4.2.3), judged by the arbiter.
    RepetitionDraw,
    /// The natural move limit (4.2.4, 23.3).
    NaturalLimit,
    /// No attacking piece left on either side (4.2, as the arbiter judges it).
    InsufficientMaterial,
}

impl ResultReason {
    /// Every reason.
    pub const ALL: [ResultReason; 20] = [
        ResultReason::Checkmate,
        ResultReason::Stalemate,
        ResultReason::KingsFacing,
        ResultReason::Repetition,
        ResultReason::Overtime,
        ResultReason::LatePress,
        ResultReason::PerMoveTime,
        ResultReason::Lateness,
        ResultReason::DoubleForfeit,
        ResultReason::IllegalMove,
        ResultReason::FoulLimit,
        ResultReason::Resignation,
        ResultReason::Discipline,
        ResultReason::Disqualification,
        ResultReason::Expulsion,
        ResultReason::TheoreticalDraw,
        ResultReason::AgreedDraw,
        ResultReason::RepetitionDraw,
        ResultReason::NaturalLimit,
        ResultReason::InsufficientMaterial,
    ];

    /// The name used in case files and bindings ("foul-limit").
    pub fn name(self) -> &'static str {
        match self {
            ResultReason::Checkmate => "checkmate",
            ResultReason::Stalemate => "stalemate",
            ResultReason::KingsFacing => "kings-facing",
            ResultReason::Repetition => "repetition",
            ResultReason::Overtime => "overtime",
            ResultReason::LatePress => "late-press",
            ResultReason::PerMoveTime => "per-move-time",
            ResultReason::Lateness => "lateness",
            ResultReason::DoubleForfeit => "double-forfeit",
            ResultReason::IllegalMove => "illegal-move",
            ResultReason::FoulLimit => "foul-limit",
            ResultReason::Resignation => "resignation",
            ResultReason::Discipline => "discipline",
            ResultReason::Disqualification => "disqualification",
            ResultReason::Expulsion => "expulsion",
            ResultReason::TheoreticalDraw => "theoretical-draw",
            ResultReason::AgreedDraw => "agreed-draw",
            ResultReason::RepetitionDraw => "repetition-draw",
            ResultReason::NaturalLimit => "natural-limit",
            ResultReason::InsufficientMaterial => "insufficient-material",
        }
    }
}

/// A game's result: who won (`None`: a draw, or a double forfeit), why, and the deciding article.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Decision {
    /// The winner; `None` for a draw or a double forfeit.
    pub winner: Option<Color>,
    /// Why.
    pub reason: ResultReason,
    /// The article that decided it ("4.1.8", "24.1, 26.1").
    pub article: String,
    /// The ply (number of moves played) at which it was decided.
    pub ply: usize,
}

impl Decision {
    fn new(winner: Option<Color>, reason: ResultReason, article: &str, ply: usize) -> Decision {
        Decision { winner, reason, article: article.to_owned(), ply }
    }

    /// Whether neither side lost: a draw (a double forfeit is a loss for both).
    pub fn is_draw(&self) -> bool {
        self.winner.is_none() && self.reason != ResultReason::DoubleForfeit
    }

    /// `"red wins"`, `"black wins"`, `"draw"` or `"double forfeit"`.
    pub fn summary(&self) -> &'static str {
        match (self.winner, self.reason) {
            (Some(Color::Red), _) => "red wins",
            (Some(Color::Black), _) => "black wins",
            (None, ResultReason::DoubleForfeit) => "double forfeit",
            (None, _) => "draw",
        }
    }
}

/// An event [`Conduct`] refuses. Nothing was recorded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConductError {
    /// The game has a result: only the result stands (22.5 keeps a result reached before a flag fall).
    #[error("{event} by {side}: the game is over ({result})")]
    GameOver {
        /// The event.
        event: &'static str,
        /// Its side.
        side: Color,
        /// The result that stands.
        result: &'static str,
    },
    /// A move by the side not on move.
    #[error("move by {side} at ply {ply}: {side} is not on move")]
    NotOnMove {
        /// The side.
        side: Color,
        /// The ply.
        ply: usize,
    },
    /// A press by a side that has not just moved.
    #[error("press by {side} at ply {ply}: {side} has not just moved")]
    PressOutOfTurn {
        /// The side.
        side: Color,
        /// The ply.
        ply: usize,
    },
    /// A draw offer not between the side's own move and its press (23.1).
    #[error(
        "draw offer by {side} at ply {ply}: an offer is made after one's own move and before pressing the clock (23.1)"
    )]
    OfferOutOfTurn {
        /// The side.
        side: Color,
        /// The ply.
        ply: usize,
    },
    /// An answer to a draw offer that is not pending for that side.
    #[error("{event} by {side} at ply {ply}: no draw offer of the opponent is pending")]
    NoPendingOffer {
        /// "accept" or "decline".
        event: &'static str,
        /// The side.
        side: Color,
        /// The ply.
        ply: usize,
    },
    /// A penalty imposed by an authority below the one it needs (18).
    #[error("{penalty:?} for {side}: needs the {needed:?}, imposed by the {by:?}")]
    Authority {
        /// The penalty.
        penalty: Penalty,
        /// The side.
        side: Color,
        /// The authority needed.
        needed: Authority,
        /// The authority that tried.
        by: Authority,
    },
    /// The foul limit is 0.
    #[error("conduct rules: foul_limit must be more than 0")]
    InvalidRules,
}

/// What a natural-limit claim came to (23.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClaimOutcome {
    /// True: the game is drawn.
    Draw,
    /// Untrue: a foul (already recorded; it may have reached the limit) and `add_time` to charge to the
    /// claimant's clock ([`Clock::add_used`](super::time::Clock::add_used)); play goes on.
    False {
        /// The time to add.
        add_time: Duration,
    },
}

/// What a draw offer came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OfferOutcome {
    /// The offer stands until the opponent answers or moves.
    Pending,
    /// Out of alternation (23.1): a foul (9.1.3), and no offer stands.
    Foul,
}

/// An entry of the conduct log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConductEvent {
    /// A move.
    Move(Color),
    /// A clock press.
    Press(Color),
    /// A draw offer.
    Offer(Color),
    /// A draw offer accepted.
    Accept(Color),
    /// A draw offer refused aloud, or by moving.
    Decline(Color),
    /// A foul.
    Foul(Color, Foul),
    /// A penalty.
    Penalty(Color, Penalty),
    /// A natural-limit claim, true or not.
    Claim(Color, bool),
}

/// The log of a game's conduct and the results it gives. Events are checked as they come; a refused
/// event changes nothing.
///
/// ```
/// use xiangqi_core::competition::conduct::{Conduct, ConductRules, Foul, OfferPolicy, ResultReason};
/// use xiangqi_core::Color;
///
/// let mut game = Conduct::new(ConductRules::general(OfferPolicy::Strict))?;
/// game.foul(Color::Red, Foul::Distracting)?;
/// game.foul(Color::Red, Foul::ClockTampering)?;
/// assert!(game.decision().is_none());
/// game.foul(Color::Red, Foul::MinorBreach)?;
/// let decision = game.decision().unwrap();
/// assert_eq!((decision.winner, decision.reason, decision.article.as_str()),
///            (Some(Color::Black), ResultReason::FoulLimit, "4.1.8"));
/// # Ok::<(), xiangqi_core::competition::conduct::ConductError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conduct {
    rules: ConductRules,
    to_move: Color,
    ply: usize,
    /// The side that moved last and has not pressed yet.
    unpressed: Option<Color>,
    pending_offer: Option<Color>,
    last_offerer: Option<Color>,
    /// Each side's own-move number at its last offer.
    last_offer_move: [Option<usize>; 2],
    fouls: [u32; 2],
    penalties: Vec<(Color, Penalty)>,
    log: Vec<(usize, ConductEvent)>,
    decision: Option<Decision>,
}

impl Conduct {
    /// A game that starts with red on move.
    pub fn new(rules: ConductRules) -> Result<Conduct, ConductError> {
        Conduct::starting_with(rules, Color::Red)
    }

    /// A game that starts with `to_move` on move (a set-up position).
    pub fn starting_with(rules: ConductRules, to_move: Color) -> Result<Conduct, ConductError> {
        if rules.foul_limit == 0 {
            return Err(ConductError::InvalidRules);
        }
        Ok(Conduct {
            rules,
            to_move,
            ply: 0,
            unpressed: None,
            pending_offer: None,
            last_offerer: None,
            last_offer_move: [None; 2],
            fouls: [0; 2],
            penalties: Vec::new(),
            log: Vec::new(),
            decision: None,
        })
    }

    /// The rules.
    pub fn rules(&self) -> &ConductRules {
        &self.rules
    }

    /// Moves made so far.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The side on move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The result, once there is one.
    pub fn decision(&self) -> Option<&Decision> {
        self.decision.as_ref()
    }

    /// Whether the game is over.
    pub fn is_finished(&self) -> bool {
        self.decision.is_some()
    }

    /// 5.8: mistakes (moves in the wrong order, displaced pieces) may be corrected only while the game goes
    /// on; no claim is heard after it.
    pub fn correction_allowed(&self) -> bool {
        self.decision.is_none()
    }

    /// Fouls of `side` in this game.
    pub fn fouls(&self, side: Color) -> u32 {
        self.fouls[side.index()]
    }

    /// The penalties imposed, in order.
    pub fn penalties(&self) -> &[(Color, Penalty)] {
        &self.penalties
    }

    /// The log: each event with the ply at which it came.
    pub fn log(&self) -> &[(usize, ConductEvent)] {
        &self.log
    }

    /// The draw offer awaiting an answer, by the side that made it.
    pub fn pending_offer(&self) -> Option<Color> {
        self.pending_offer
    }

    fn open(&self, event: &'static str, side: Color) -> Result<(), ConductError> {
        match &self.decision {
            Some(d) => Err(ConductError::GameOver { event, side, result: d.summary() }),
            None => Ok(()),
        }
    }

    fn decide(&mut self, winner: Option<Color>, reason: ResultReason, article: &str) {
        self.decision = Some(Decision::new(winner, reason, article, self.ply));
    }

    /// `side` makes a move. A pending offer of the opponent is refused by it (23.1).
    pub fn make_move(&mut self, side: Color) -> Result<(), ConductError> {
        self.open("move", side)?;
        if side != self.to_move {
            return Err(ConductError::NotOnMove { side, ply: self.ply });
        }
        if self.pending_offer == Some(!side) {
            self.pending_offer = None;
            self.log.push((self.ply, ConductEvent::Decline(side)));
        }
        self.ply += 1;
        self.to_move = !side;
        self.unpressed = Some(side);
        self.log.push((self.ply, ConductEvent::Move(side)));
        Ok(())
    }

    /// `side` presses the clock after its move.
    pub fn press(&mut self, side: Color) -> Result<(), ConductError> {
        self.open("press", side)?;
        if self.unpressed != Some(side) {
            return Err(ConductError::PressOutOfTurn { side, ply: self.ply });
        }
        self.unpressed = None;
        self.log.push((self.ply, ConductEvent::Press(side)));
        Ok(())
    }

    /// Whether `side` may offer a draw now without a foul (23.1): it has just moved, has not pressed, and is
    /// not barred by the alternation.
    pub fn can_offer(&self, side: Color) -> bool {
        self.decision.is_none() && self.unpressed == Some(side) && !self.offer_barred(side)
    }

    fn own_moves(&self, side: Color) -> usize {
        // The number of moves `side` has made so far.
        self.log.iter().filter(|(_, e)| *e == ConductEvent::Move(side)).count()
    }

    fn offer_barred(&self, side: Color) -> bool {
        match self.rules.offers {
            OfferPolicy::Strict => self.last_offerer == Some(side),
            OfferPolicy::Loose => self.last_offer_move[side.index()].is_some_and(|m| m + 1 == self.own_moves(side)),
        }
    }

    /// `side` offers a draw. Out of alternation it is a foul and no offer stands (9.1.3).
    pub fn offer_draw(&mut self, side: Color) -> Result<OfferOutcome, ConductError> {
        self.open("draw offer", side)?;
        if self.unpressed != Some(side) {
            return Err(ConductError::OfferOutOfTurn { side, ply: self.ply });
        }
        if self.offer_barred(side) {
            self.foul(side, Foul::RepeatedDrawOffer)?;
            return Ok(OfferOutcome::Foul);
        }
        self.pending_offer = Some(side);
        self.last_offerer = Some(side);
        self.last_offer_move[side.index()] = Some(self.own_moves(side));
        self.log.push((self.ply, ConductEvent::Offer(side)));
        Ok(OfferOutcome::Pending)
    }

    /// `side` accepts the opponent's pending offer: a draw that cannot be taken back (4.2.2, E5(二)).
    pub fn accept_draw(&mut self, side: Color) -> Result<(), ConductError> {
        self.open("accept", side)?;
        if self.pending_offer != Some(!side) {
            return Err(ConductError::NoPendingOffer { event: "accept", side, ply: self.ply });
        }
        self.pending_offer = None;
        self.log.push((self.ply, ConductEvent::Accept(side)));
        self.decide(None, ResultReason::AgreedDraw, "4.2.2, 23.1");
        Ok(())
    }

    /// `side` refuses the opponent's pending offer aloud (23.1).
    pub fn decline_draw(&mut self, side: Color) -> Result<(), ConductError> {
        self.open("decline", side)?;
        if self.pending_offer != Some(!side) {
            return Err(ConductError::NoPendingOffer { event: "decline", side, ply: self.ply });
        }
        self.pending_offer = None;
        self.log.push((self.ply, ConductEvent::Decline(side)));
        Ok(())
    }

    /// `side` claims the natural move limit (23.3); `count` is the arbiter's count
    /// ([`Game::natural_limit`](crate::Game::natural_limit)). True: a draw. Untrue: a foul, and the time
    /// to add to the claimant's clock.
    pub fn claim_natural_limit(&mut self, side: Color, count: &NaturalLimit) -> Result<ClaimOutcome, ConductError> {
        self.open("natural-limit claim", side)?;
        let valid = count.claimable_by[side.index()];
        self.log.push((self.ply, ConductEvent::Claim(side, valid)));
        if valid {
            self.decide(None, ResultReason::NaturalLimit, "4.2.4, 23.3");
            return Ok(ClaimOutcome::Draw);
        }
        self.foul(side, Foul::FalseMoveLimitClaim)?;
        Ok(ClaimOutcome::False { add_time: self.rules.false_claim_time })
    }

    /// A foul by `side`, announced and recorded by the arbiter (9.2). Reaching the limit loses
    /// (4.1.8, E4(四)).
    pub fn foul(&mut self, side: Color, foul: Foul) -> Result<(), ConductError> {
        self.open("foul", side)?;
        self.fouls[side.index()] += 1;
        self.log.push((self.ply, ConductEvent::Foul(side, foul)));
        if self.fouls[side.index()] >= u32::from(self.rules.foul_limit) {
            self.decide(Some(!side), ResultReason::FoulLimit, self.rules.foul_limit_article);
        }
        Ok(())
    }

    /// 7.1-7.2: `run` consecutive moves of `side` left unrecorded, with `remaining` left in its period. One
    /// foul for every four, unless less than three minutes remain. Returns the fouls given.
    pub fn unrecorded_moves(&mut self, side: Color, run: u32, remaining: Duration) -> Result<u32, ConductError> {
        self.open("unrecorded moves", side)?;
        if recording_exempt(remaining) {
            return Ok(0);
        }
        let fouls = run / 4;
        for _ in 0..fouls {
            self.foul(side, Foul::UnrecordedMoves)?;
            if self.decision.is_some() {
                break;
            }
        }
        Ok(fouls)
    }

    /// `side` made a move that breaks the movement rules: a loss (4.1.6) or a technical foul (E8(五)),
    /// as the rules say.
    pub fn illegal_move(&mut self, side: Color) -> Result<(), ConductError> {
        self.open("illegal move", side)?;
        match self.rules.illegal_move {
            IllegalMovePolicy::Loss => self.decide(Some(!side), ResultReason::IllegalMove, "4.1.6"),
            IllegalMovePolicy::Foul => self.foul(side, Foul::IllegalMove)?,
        }
        Ok(())
    }

    /// `side`'s move left the generals facing each other: a loss, not a refused move (4.1.2).
    pub fn kings_facing(&mut self, side: Color) -> Result<(), ConductError> {
        self.open("generals facing", side)?;
        self.decide(Some(!side), ResultReason::KingsFacing, "4.1.2");
        Ok(())
    }

    /// `side` resigns (4.1.9, E4(五)).
    pub fn resign(&mut self, side: Color) -> Result<(), ConductError> {
        self.open("resign", side)?;
        self.decide(Some(!side), ResultReason::Resignation, "4.1.9");
        Ok(())
    }

    /// `side`'s flag fell (from [`Clock`](super::time::Clock)): a loss. A result already reached stands
    /// (22.5): the call is then refused with [`ConductError::GameOver`].
    pub fn flag_fall(&mut self, side: Color, reason: super::time::FlagReason) -> Result<(), ConductError> {
        self.open("flag fall", side)?;
        let reason_code = match reason {
            super::time::FlagReason::Overtime => ResultReason::Overtime,
            super::time::FlagReason::LatePress => ResultReason::LatePress,
            super::time::FlagReason::PerMoveLimit => ResultReason::PerMoveTime,
        };
        self.decide(Some(!side), reason_code, reason.article());
        Ok(())
    }

    /// Applies a lateness ruling (21): a forfeit or a double forfeit ends the game.
    pub fn lateness(&mut self, ruling: super::time::LatenessRuling) -> Result<(), ConductError> {
        use super::time::LatenessRuling;
        match ruling {
            LatenessRuling::Play { .. } => Ok(()),
            LatenessRuling::Forfeit { loser } => {
                self.open("lateness", loser)?;
                self.decide(Some(!loser), ResultReason::Lateness, "4.1.5, 21.1");
                Ok(())
            }
            LatenessRuling::DoubleForfeit => {
                self.open("lateness", Color::Red)?;
                self.decide(None, ResultReason::DoubleForfeit, "21.3");
                Ok(())
            }
        }
    }

    /// The arbiter declares a simple position drawn (4.2.1, E5(一)); the texts list no such positions.
    pub fn theoretical_draw(&mut self) -> Result<(), ConductError> {
        self.open("theoretical draw", self.to_move)?;
        self.decide(None, ResultReason::TheoreticalDraw, "4.2.1");
        Ok(())
    }

    /// A penalty for `side` imposed `by` an authority (8.8, 18). A warning is recorded (it counts in 18.4);
    /// the others lose the game.
    pub fn penalty(&mut self, side: Color, penalty: Penalty, by: Authority) -> Result<(), ConductError> {
        self.open("penalty", side)?;
        let needed = penalty.required_authority();
        if by < needed {
            return Err(ConductError::Authority { penalty, side, needed, by });
        }
        self.penalties.push((side, penalty));
        self.log.push((self.ply, ConductEvent::Penalty(side, penalty)));
        match penalty {
            Penalty::Warning => {}
            Penalty::Loss => self.decide(Some(!side), ResultReason::Discipline, "4.1.10"),
            Penalty::Disqualification => self.decide(Some(!side), ResultReason::Disqualification, "18.2"),
            Penalty::Expulsion => self.decide(Some(!side), ResultReason::Expulsion, "18.3"),
        }
        Ok(())
    }
}

/// 7.2: a side with less than three minutes left in its period may stop recording.
pub fn recording_exempt(remaining_in_period: Duration) -> bool {
    remaining_in_period < Duration::from_secs(180)
}

/// The arbiter's count of the natural limit from its numbers (the counts behind
/// [`Game::natural_limit`](crate::Game::natural_limit)): `plies_since_capture`, each side's checks in that
/// span, the limit in plies (120 = 60 rounds, 4.2.4; events may lower it) and how many of a claimant's
/// checks count (10, 23.3).
pub fn natural_limit_count(
    plies_since_capture: u32,
    checks: [u32; 2],
    limit_plies: u32,
    check_cap: u32,
) -> NaturalLimit {
    NaturalLimit::new(plies_since_capture, checks, limit_plies, check_cap, false)
}

/// One result from the arbiter's verdict after `verdict_ply` moves and the conduct log: whichever came
/// first decides; at the same ply the position's result stands (22.5: mate, stalemate and the like are
/// valid results that a later flag fall or press cannot overturn). A must-change or an undecided
/// repetition decides nothing.
///
/// ```
/// use xiangqi_core::competition::conduct::{decide, Conduct, ConductRules, OfferPolicy, ResultReason};
/// use xiangqi_core::{Color, Game};
///
/// let mut game = Game::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1")?;
/// let mut conduct = Conduct::new(ConductRules::general(OfferPolicy::Loose))?;
/// game.push("e1d1".parse()?)?; // mate
/// conduct.make_move(Color::Red)?;
/// let decision = decide(&game.verdict(), game.len(), &conduct).unwrap();
/// assert_eq!((decision.winner, decision.reason), (Some(Color::Red), ResultReason::Checkmate));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn decide(verdict: &Verdict, verdict_ply: usize, conduct: &Conduct) -> Option<Decision> {
    let from_board = board_decision(verdict, verdict_ply);
    match (from_board, conduct.decision()) {
        (Some(board), Some(log)) if log.ply < board.ply => Some(log.clone()),
        (Some(board), _) => Some(board),
        (None, log) => log.cloned(),
    }
}

fn board_decision(verdict: &Verdict, ply: usize) -> Option<Decision> {
    use crate::arbiter::Reason;
    let (ruling, loss) = match verdict {
        Verdict::Loss(r) => (r, true),
        Verdict::Draw(r) => (r, false),
        _ => return None,
    };
    let reason = match ruling.reason {
        Reason::Checkmate => ResultReason::Checkmate,
        Reason::Stalemate => ResultReason::Stalemate,
        Reason::NaturalLimit => ResultReason::NaturalLimit,
        Reason::InsufficientMaterial => ResultReason::InsufficientMaterial,
        _ if loss => ResultReason::Repetition,
        _ => ResultReason::RepetitionDraw,
    };
    let article = match ruling.reason {
        Reason::Checkmate => "4.1.1",
        Reason::Stalemate => "4.1.3",
        Reason::BothAllowed => "4.2.3, 24.2, 26.2",
        other => other.article(),
    };
    let winner = if loss { ruling.side.map(|s| !s) } else { None };
    Some(Decision::new(winner, reason, article, ply))
}
