//! E9 (分组抽签规则, the event rules): the knockout drawn with playing cards. In each of the first three
//! rounds the players draw cards; equal numbers play each other, the red card plays Red and moves first, and
//! the king (K) has a bye to the next round. 13 players: two sets of 1-6 and a king, then the six winners and
//! the bye draw from two sets of 1-3 and a king, then the three winners and the bye draw from two sets of 1-2
//! (the semi-finals); the two winners play the final.
//!
//! Two readings are the project's (docs/competition.md): of the two cards of a number one is red and one
//! black (the text implies it), and the third draw has no king although the text says every one of the first
//! three rounds has a bye (its deck of four cards leaves none). The colours of the final are not given.
//!
//! The draw is the caller's: it passes the card each player drew (from a shuffle of its own, or
//! [`shuffled_deck`] with a seed), and the module checks the cards and pairs the players.
//!
//! ```
//! use xiangqi_core::competition::card_draw::{Card, CardKnockout};
//! let mut event = CardKnockout::e9(13)?;
//! // Player i draws deck[i]: players 0 and 6 hold the red and the black 1, player 12 the king.
//! let deck = event.deck().unwrap();
//! let draw = event.draw(&deck)?;
//! assert_eq!(draw.pairs[0], (0, 6));
//! assert_eq!(draw.bye, Some(12));
//! # Ok::<(), xiangqi_core::competition::card_draw::CardDrawError>(())
//! ```

/// A playing card of the draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    /// A number card; the red one of a pair plays Red.
    Number {
        /// The number (1-6 in the first draw).
        value: u8,
        /// Whether the card is red.
        red: bool,
    },
    /// The king: a bye to the next round.
    King,
}

impl Card {
    /// The card as text: `1r`, `1b`, ..., `K`.
    pub fn name(self) -> String {
        match self {
            Card::Number { value, red } => format!("{value}{}", if red { 'r' } else { 'b' }),
            Card::King => "K".into(),
        }
    }

    /// The card named `text` (as [`Card::name`]).
    pub fn from_name(text: &str) -> Option<Card> {
        if text == "K" {
            return Some(Card::King);
        }
        let (number, colour) = text.split_at(text.len().checked_sub(1)?);
        let red = match colour {
            "r" => true,
            "b" => false,
            _ => return None,
        };
        let value: u8 = number.parse().ok().filter(|&v| v > 0)?;
        Some(Card::Number { value, red })
    }
}

/// A refused draw or result; nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardDrawError {
    /// E9 is written for 13 players.
    #[error("E9 card draw: {0} players; the draw of E9 is for 13")]
    FieldSize(usize),
    /// The number of cards drawn is not the number of players in the round.
    #[error("card draw: {cards} cards drawn for {players} players")]
    CardCount {
        /// Cards passed.
        cards: usize,
        /// Players in the round.
        players: usize,
    },
    /// A card that is not in this round's deck, or drawn twice.
    #[error("card draw: player {player} drew {card}, which is not left in the deck")]
    NotInDeck {
        /// The player's index in the round (the order of [`CardKnockout::field`]).
        player: usize,
        /// The card.
        card: String,
    },
    /// The three draws are over.
    #[error("card draw: the three draws are over")]
    NoDraw,
    /// Winners entered before the round was drawn.
    #[error("card draw: round {0} has not been drawn")]
    NotDrawn(usize),
    /// The winners do not match the pairs: one per pair, a player of that pair.
    #[error("card draw: winner {index} ({winner}) did not play in pair {index}")]
    NotInPair {
        /// The pair's index.
        index: usize,
        /// The entrant given as its winner.
        winner: usize,
    },
    /// Not one winner for each pair.
    #[error("card draw: {given} winners for {pairs} pairs")]
    WinnerCount {
        /// Winners given.
        given: usize,
        /// Pairs drawn.
        pairs: usize,
    },
}

/// Two sets of the numbers 1..=`numbers`, one red and one black, and the king when `with_king`: the deck of
/// one draw, in order (1 red, 2 red, ..., 1 black, ..., K).
pub fn deck(numbers: u8, with_king: bool) -> Vec<Card> {
    let mut cards: Vec<Card> =
        [true, false].into_iter().flat_map(|red| (1..=numbers).map(move |value| Card::Number { value, red })).collect();
    if with_king {
        cards.push(Card::King);
    }
    cards
}

/// `deck(numbers, with_king)` shuffled by a Fisher-Yates shuffle driven by `seed` (SplitMix64): the same
/// seed gives the same order, so a draw can be replayed and checked.
pub fn shuffled_deck(numbers: u8, with_king: bool, seed: u64) -> Vec<Card> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut cards = deck(numbers, with_king);
    for i in (1..cards.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        cards.swap(i, j);
    }
    cards
}

/// The pairs of one draw: `(red, black)` by the players' indices, in the order of the numbers, and the
/// player who drew the king.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardPairing {
    /// `(red, black)`, number 1 first.
    pub pairs: Vec<(usize, usize)>,
    /// The player with the bye.
    pub bye: Option<usize>,
}

/// Pairs players by the cards they drew: `cards[i]` is player `i`'s card, and the cards must be exactly the
/// deck `deck(numbers, with_king)`.
pub fn pair_by_cards(cards: &[Card], numbers: u8, with_king: bool) -> Result<CardPairing, CardDrawError> {
    let mut left = deck(numbers, with_king);
    if cards.len() != left.len() {
        return Err(CardDrawError::CardCount { cards: cards.len(), players: left.len() });
    }
    let mut holder = vec![[usize::MAX; 2]; usize::from(numbers)];
    let mut bye = None;
    for (player, &card) in cards.iter().enumerate() {
        let Some(at) = left.iter().position(|&c| c == card) else {
            return Err(CardDrawError::NotInDeck { player, card: card.name() });
        };
        left.swap_remove(at);
        match card {
            Card::Number { value, red } => holder[usize::from(value) - 1][usize::from(!red)] = player,
            Card::King => bye = Some(player),
        }
    }
    Ok(CardPairing { pairs: holder.into_iter().map(|[r, b]| (r, b)).collect(), bye })
}

/// The E9 knockout of 13 players through its three draws to the final. Entrants are numbered 0..13.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardKnockout {
    /// The players still in, in the order they draw.
    field: Vec<usize>,
    /// Draws made (0..=3).
    round: usize,
    /// The current round's pairing (entrant numbers), once drawn.
    drawn: Option<CardPairing>,
}

/// The decks of the three draws of E9: (numbers, king).
const E9_DRAWS: [(u8, bool); 3] = [(6, true), (3, true), (2, false)];

impl CardKnockout {
    /// The knockout of E9; `players` must be 13.
    pub fn e9(players: usize) -> Result<CardKnockout, CardDrawError> {
        if players != 13 {
            return Err(CardDrawError::FieldSize(players));
        }
        Ok(CardKnockout { field: (0..players).collect(), round: 0, drawn: None })
    }

    /// The entrants still in, in the order they draw (the winners in the order of their pairs, then the bye).
    pub fn field(&self) -> &[usize] {
        &self.field
    }

    /// The round to be drawn or played, 1-3; 4 when only the final is left.
    pub fn round(&self) -> usize {
        self.round + 1
    }

    /// The current round's deck, in order; `None` once the three draws are over.
    pub fn deck(&self) -> Option<Vec<Card>> {
        E9_DRAWS.get(self.round).map(|&(n, k)| deck(n, k))
    }

    /// The current round's pairing once drawn.
    pub fn pairing(&self) -> Option<&CardPairing> {
        self.drawn.as_ref()
    }

    /// Draws the round: `cards[i]` is the card of `field()[i]`. Returns the pairs by entrant number (red
    /// first) and the bye. Drawing again replaces an earlier draw of the same round.
    pub fn draw(&mut self, cards: &[Card]) -> Result<CardPairing, CardDrawError> {
        let &(numbers, king) = E9_DRAWS.get(self.round).ok_or(CardDrawError::NoDraw)?;
        if cards.len() != self.field.len() {
            return Err(CardDrawError::CardCount { cards: cards.len(), players: self.field.len() });
        }
        let by_index = pair_by_cards(cards, numbers, king)?;
        let pairing = CardPairing {
            pairs: by_index.pairs.iter().map(|&(r, b)| (self.field[r], self.field[b])).collect(),
            bye: by_index.bye.map(|p| self.field[p]),
        };
        self.drawn = Some(pairing.clone());
        Ok(pairing)
    }

    /// Enters the round's winners, one for each pair in pair order; they and the bye go on.
    pub fn advance(&mut self, winners: &[usize]) -> Result<(), CardDrawError> {
        let pairing = self.drawn.as_ref().ok_or(CardDrawError::NotDrawn(self.round + 1))?;
        if winners.len() != pairing.pairs.len() {
            return Err(CardDrawError::WinnerCount { given: winners.len(), pairs: pairing.pairs.len() });
        }
        for (index, (&w, &(r, b))) in winners.iter().zip(&pairing.pairs).enumerate() {
            if w != r && w != b {
                return Err(CardDrawError::NotInPair { index, winner: w });
            }
        }
        let mut next = winners.to_vec();
        next.extend(pairing.bye);
        self.field = next;
        self.round += 1;
        self.drawn = None;
        Ok(())
    }

    /// The two players of the final, once the semi-finals (the third draw) are played. E9 does not give the
    /// final's colours.
    pub fn finalists(&self) -> Option<[usize; 2]> {
        (self.round == E9_DRAWS.len()).then(|| [self.field[0], self.field[1]])
    }
}
