//! E9's knockout drawn with playing cards (`XqCardKnockout`) and the 10.1 scoresheet (`XqScoresheet`).
//! Cards are named as in the core: `1r`, `1b`, ..., `K`. Every answer is the core's.

use std::ffi::c_char;
use std::time::Duration;

use xiangqi_core::competition::card_draw::{shuffled_deck, Card, CardKnockout};
use xiangqi_core::competition::scoresheet::{Scoresheet, Signer};

use crate::args::{array, borrow, borrow_mut, free_handle, text, Out};
use crate::competition::{decision_text, rejected, XqConduct};
use crate::error::{guard, Error, Result};
use crate::output::{check_array, write_array, write_text};
use crate::status::XqStatus;

/// The E9 knockout of 13 entrants (numbered 0-12) through its three card draws to the final. Not
/// thread-safe. Free with xq_card_knockout_free().
pub struct XqCardKnockout {
    inner: CardKnockout,
}

fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(" ")
}

/// The E9 knockout; `players` must be 13 (XQ_STATUS_EVENT_REJECTED otherwise).
#[no_mangle]
pub unsafe extern "C" fn xq_card_knockout_new(players: u32, out: *mut *mut XqCardKnockout) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        let inner = CardKnockout::e9(players as usize).map_err(rejected)?;
        // SAFETY: checked out-parameter, writable by the caller\'s contract.
        unsafe { out.give(XqCardKnockout { inner }) };
        Ok(())
    })
}

/// Frees a knockout; NULL does nothing.
#[no_mangle]
pub unsafe extern "C" fn xq_card_knockout_free(knockout: *mut XqCardKnockout) {
    // SAFETY: the caller's contract.
    unsafe { free_handle(knockout) }
}

/// The round to be drawn or played (1-3), 4 when only the final is left.
#[no_mangle]
pub unsafe extern "C" fn xq_card_knockout_round(knockout: *const XqCardKnockout, out: *mut u32) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: the caller's contract.
        let ko = &unsafe { borrow(knockout, "knockout") }?.inner;
        // SAFETY: checked out-parameter.
        unsafe { out.set(ko.round() as u32) };
        Ok(())
    })
}

/// The current round's deck as text (`1r 2r ... 1b ... K`), or `none` once the three draws are over.
#[no_mangle]
pub unsafe extern "C" fn xq_card_knockout_deck(
    knockout: *const XqCardKnockout,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let ko = &unsafe { borrow(knockout, "knockout") }?.inner;
        let deck = ko.deck().map_or("none".into(), |d| cards_text(&d));
        // SAFETY: the caller's contract.
        unsafe { write_text(&deck, buf, len, needed) }
    })
}

/// Draws the round: `cards` is UTF-8 text of card names separated by spaces, the i-th the card of the
/// i-th entrant still in (xq_card_knockout_field()). Writes the pairing as text: `RED:BLACK` for each
/// number, number 1 first, then `bye N` or `bye none` (`2:1 3:4 5:6 8:7 9:10 11:12 bye 0`). A name that
/// is no card is XQ_STATUS_INVALID_ARGUMENT; a draw the deck refuses is XQ_STATUS_EVENT_REJECTED.
#[no_mangle]
pub unsafe extern "C" fn xq_card_knockout_draw(
    knockout: *mut XqCardKnockout,
    cards: *const c_char,
    cards_len: usize,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let ko = &mut unsafe { borrow_mut(knockout, "knockout") }?.inner;
        // SAFETY: the caller's contract.
        let cards = unsafe { text(cards, cards_len, "cards") }?;
        let cards = cards
            .split_whitespace()
            .map(|t| Card::from_name(t).ok_or_else(|| Error::invalid(format!("cards: {t:?} is not a card"))))
            .collect::<Result<Vec<_>>>()?;
        let p = ko.draw(&cards).map_err(rejected)?;
        let pairs: Vec<String> = p.pairs.iter().map(|(r, b)| format!("{r}:{b}")).collect();
        let answer = format!("{} bye {}", pairs.join(" "), p.bye.map_or("none".into(), |b| b.to_string()));
        // SAFETY: the caller's contract.
        unsafe { write_text(&answer, buf, len, needed) }
    })
}

/// Enters the round's winners (entrant numbers), one for each pair in pair order; they and the bye go on.
#[no_mangle]
pub unsafe extern "C" fn xq_card_knockout_advance(
    knockout: *mut XqCardKnockout,
    winners: *const u32,
    count: usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let ko = &mut unsafe { borrow_mut(knockout, "knockout") }?.inner;
        // SAFETY: the caller's contract.
        let winners: Vec<usize> = unsafe { array(winners, count, "winners") }?.iter().map(|&w| w as usize).collect();
        ko.advance(&winners).map_err(rejected)
    })
}

/// The entrants still in, in the order they draw, into `out` (capacity `capacity`); `*out_count` is their
/// number (XQ_STATUS_BUFFER_TOO_SMALL when they do not fit).
#[no_mangle]
pub unsafe extern "C" fn xq_card_knockout_field(
    knockout: *const XqCardKnockout,
    out: *mut u32,
    capacity: usize,
    out_count: *mut usize,
) -> XqStatus {
    guard(|| {
        check_array(out, capacity, out_count)?;
        // SAFETY: the caller's contract.
        let ko = &unsafe { borrow(knockout, "knockout") }?.inner;
        // SAFETY: checked by check_array, the caller's contract.
        unsafe { write_array(ko.field().iter().map(|&p| p as u32), out, capacity, out_count, "entrants") }
    })
}

/// The two finalists into `out[0]`, `out[1]` once the semi-finals are played; `*has_final` false (and
/// `out` untouched) before. E9 does not give the final's colours.
#[no_mangle]
pub unsafe extern "C" fn xq_card_knockout_finalists(
    knockout: *const XqCardKnockout,
    out: *mut u32,
    has_final: *mut bool,
) -> XqStatus {
    guard(|| {
        let has = Out::new(has_final, "has_final")?;
        if out.is_null() {
            return Err(Error::null("out"));
        }
        // SAFETY: the caller's contract.
        let ko = &unsafe { borrow(knockout, "knockout") }?.inner;
        let finalists = ko.finalists();
        // SAFETY: checked out-parameters; `out` holds two by the caller's contract.
        unsafe {
            if let Some([a, b]) = finalists {
                out.write(a as u32);
                out.add(1).write(b as u32);
            }
            has.set(finalists.is_some());
        }
        Ok(())
    })
}

/// The deck of `numbers` red and black cards (and the king when `with_king`) shuffled by `seed`, as text of
/// card names: the same seed gives the same order in every binding.
#[no_mangle]
pub unsafe extern "C" fn xq_card_shuffled_deck(
    numbers: u8,
    with_king: bool,
    seed: u64,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        let deck = cards_text(&shuffled_deck(numbers, with_king, seed));
        // SAFETY: the caller's contract.
        unsafe { write_text(&deck, buf, len, needed) }
    })
}

/// Who signs a scoresheet (10.1).
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqSigner {
    /// The red player.
    Red = 0,
    /// The black player.
    Black = 1,
    /// The game's arbiter.
    Arbiter = 2,
}

fn signer(value: u32) -> Result<Signer> {
    match value {
        0 => Ok(Signer::Red),
        1 => Ok(Signer::Black),
        2 => Ok(Signer::Arbiter),
        _ => Err(Error::invalid(format!("signer: {value} is not an XqSigner"))),
    }
}

/// A game's scoresheet (10.1): result, time used, fouls and the three signatures. Free with
/// xq_scoresheet_free().
pub struct XqScoresheet {
    inner: Scoresheet,
}

/// The sheet of a finished game: the conduct log's result and fouls and each side's time used (ms).
/// XQ_STATUS_EVENT_REJECTED while the game has no result (10.1).
#[no_mangle]
pub unsafe extern "C" fn xq_scoresheet_from_conduct(
    conduct: *const XqConduct,
    red_used_ms: u64,
    black_used_ms: u64,
    out: *mut *mut XqScoresheet,
) -> XqStatus {
    guard(|| {
        let out = Out::handle(out, "out")?;
        // SAFETY: the caller's contract.
        let c = &unsafe { borrow(conduct, "conduct") }?.inner;
        let used = [Duration::from_millis(red_used_ms), Duration::from_millis(black_used_ms)];
        let inner = Scoresheet::from_conduct(c, used).map_err(rejected)?;
        // SAFETY: checked out-parameter, writable by the caller\'s contract.
        unsafe { out.give(XqScoresheet { inner }) };
        Ok(())
    })
}

/// Frees a scoresheet; NULL does nothing.
#[no_mangle]
pub unsafe extern "C" fn xq_scoresheet_free(sheet: *mut XqScoresheet) {
    // SAFETY: the caller's contract.
    unsafe { free_handle(sheet) }
}

/// `who` (an XqSigner) signs; a second signature is XQ_STATUS_EVENT_REJECTED.
#[no_mangle]
pub unsafe extern "C" fn xq_scoresheet_sign(sheet: *mut XqScoresheet, who: u32) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let s = &mut unsafe { borrow_mut(sheet, "sheet") }?.inner;
        s.sign(signer(who)?).map_err(rejected)
    })
}

/// Whether `who` (an XqSigner) has signed.
#[no_mangle]
pub unsafe extern "C" fn xq_scoresheet_is_signed_by(sheet: *const XqScoresheet, who: u32, out: *mut bool) -> XqStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: the caller's contract.
        let s = &unsafe { borrow(sheet, "sheet") }?.inner;
        let signed = s.is_signed_by(signer(who)?);
        // SAFETY: checked out-parameter.
        unsafe { out.set(signed) };
        Ok(())
    })
}

/// 7.3: corrects the time used (ms) and the fouls, keeping the result; the signatures given are withdrawn.
/// XQ_STATUS_EVENT_REJECTED once all three have signed (10.1).
#[no_mangle]
pub unsafe extern "C" fn xq_scoresheet_correct(
    sheet: *mut XqScoresheet,
    red_used_ms: u64,
    black_used_ms: u64,
    red_fouls: u32,
    black_fouls: u32,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let s = &mut unsafe { borrow_mut(sheet, "sheet") }?.inner;
        let result = s.result().clone();
        let used = [Duration::from_millis(red_used_ms), Duration::from_millis(black_used_ms)];
        s.correct(result, used, [red_fouls, black_fouls]).map_err(rejected)
    })
}

/// The recorded result as text (as xq_conduct_result()); with `official` true, the official result:
/// `none` until both players and the arbiter have signed.
#[no_mangle]
pub unsafe extern "C" fn xq_scoresheet_result(
    sheet: *const XqScoresheet,
    official: bool,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> XqStatus {
    guard(|| {
        // SAFETY: the caller's contract.
        let s = &unsafe { borrow(sheet, "sheet") }?.inner;
        let text = decision_text(if official { s.official_result() } else { Some(s.result()) });
        // SAFETY: the caller's contract.
        unsafe { write_text(&text, buf, len, needed) }
    })
}

/// Time used (ms) and fouls of both sides, red first; each out-parameter must not be NULL.
#[no_mangle]
pub unsafe extern "C" fn xq_scoresheet_record(
    sheet: *const XqScoresheet,
    used_ms: *mut u64,
    fouls: *mut u32,
) -> XqStatus {
    guard(|| {
        if used_ms.is_null() {
            return Err(Error::null("used_ms"));
        }
        if fouls.is_null() {
            return Err(Error::null("fouls"));
        }
        // SAFETY: the caller's contract.
        let s = &unsafe { borrow(sheet, "sheet") }?.inner;
        // SAFETY: non-NULL, each holds two by the caller's contract.
        unsafe {
            for (i, d) in s.time_used().into_iter().enumerate() {
                used_ms.add(i).write(d.as_millis() as u64);
            }
            for (i, f) in s.fouls().into_iter().enumerate() {
                fouls.add(i).write(f);
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_signer_and_null_are_refused() {
        // SAFETY: NULL handles are refused before use.
        unsafe {
            assert_eq!(xq_scoresheet_sign(std::ptr::null_mut(), 0), XqStatus::NullArgument);
            let mut ko = std::ptr::null_mut();
            assert_eq!(xq_card_knockout_new(12, &mut ko), XqStatus::EventRejected);
            assert!(ko.is_null());
        }
        assert!(signer(3).is_err());
    }
}
