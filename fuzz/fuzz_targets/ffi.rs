//! The C ABI's entry points that take text or bytes, called as a C program would, with any text, any
//! enum value and small output buffers: no panic reaches the boundary (no XQ_STATUS_PANIC), every
//! failure leaves a short last-error message, and what succeeds gives handles that work and free.
#![no_main]

use std::ffi::c_char;
use std::mem::MaybeUninit;
use std::ptr;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use xiangqi::*;
use xiangqi_fuzz::records::MESSAGE_LIMIT;

#[derive(Arbitrary, Debug)]
struct Input {
    fen: String,
    text: String,
    notation: u8,
    format: u8,
    buffer: u8,
    record: Vec<u8>,
}

/// A call's status: never a panic; on failure the message is short and the buffer holds its prefix.
fn check(status: XqStatus, buffer: usize) -> bool {
    assert_ne!(status, XqStatus::Panic, "{}", String::from_utf8_lossy(&last_message(4096)));
    if status != XqStatus::Ok {
        let n = unsafe { xq_last_error_message(ptr::null_mut(), 0) };
        assert!(n <= MESSAGE_LIMIT, "a message of {n} bytes");
        let message = last_message(buffer);
        assert!(message.len() < buffer.max(1));
    }
    status == XqStatus::Ok
}

fn last_message(buffer: usize) -> Vec<u8> {
    let mut buf = vec![0xAAu8; buffer];
    let n = unsafe { xq_last_error_message(buf.as_mut_ptr().cast(), buf.len()) };
    if buffer == 0 {
        return Vec::new();
    }
    let written = n.min(buffer - 1);
    assert_eq!(buf[written], 0, "the copy ends with a NUL");
    buf.truncate(written);
    buf
}

fn chars(text: &str) -> *const c_char {
    text.as_ptr().cast()
}

fuzz_target!(|input: Input| {
    let buffer = usize::from(input.buffer);
    let notation = u32::from(input.notation % 8);
    let (fen, text) = (input.fen.as_str(), input.text.as_str());
    unsafe {
        let mut mv = XqMove { from: 0, to: 0 };
        check(xq_move_from_iccs(chars(text), text.len(), &mut mv), buffer);
        let mut square = 0u8;
        check(xq_square_from_name(chars(text), text.len(), &mut square), buffer);
        let mut ecco = MaybeUninit::<XqEcco>::uninit();
        check(xq_ecco_from_code(chars(text), text.len(), ecco.as_mut_ptr()), buffer);

        let mut problems = [XqPositionProblem { kind: 0, square: 0 }; 4];
        let mut count = 0usize;
        check(xq_fen_validate(chars(fen), fen.len(), problems.as_mut_ptr(), problems.len(), &mut count), buffer);

        let mut pos = ptr::null_mut();
        if check(xq_position_from_fen(chars(fen), fen.len(), &mut pos), buffer) {
            if check(xq_position_parse_move(pos, chars(text), text.len(), notation, &mut mv), buffer) {
                let mut out = [0 as c_char; 8];
                let mut needed = 0usize;
                for written_in in 1..=5 {
                    let status = xq_position_move_text(pos, mv, written_in, out.as_mut_ptr(), out.len(), &mut needed);
                    assert!(matches!(status, XqStatus::Ok | XqStatus::BufferTooSmall), "{status:?}");
                }
            }
            check(xq_position_play_text(pos, chars(text), text.len(), notation, ptr::null_mut()), buffer);
            xq_position_free(pos);
        }
        let mut game = ptr::null_mut();
        if check(xq_game_from_fen(chars(fen), fen.len(), 0, &mut game), buffer) {
            for _ in 0..2 {
                check(xq_game_push_text(game, chars(text), text.len(), notation, ptr::null_mut()), buffer);
            }
            xq_game_free(game);
        }

        let mut reader = ptr::null_mut();
        let format = u32::from(input.format % 6);
        if check(xq_record_reader_from_buffer(input.record.as_ptr(), input.record.len(), format, &mut reader), buffer) {
            for _ in 0..64 {
                let mut record = ptr::null_mut();
                let status = xq_record_reader_next(reader, &mut record);
                if status == XqStatus::EndOfRecords || !check(status, buffer) && record.is_null() {
                    break;
                }
                let mut needed = 0usize;
                let mut out = vec![0 as c_char; buffer];
                let status = xq_record_error_message(record, out.as_mut_ptr(), out.len(), &mut needed);
                assert!(matches!(status, XqStatus::Ok | XqStatus::BufferTooSmall), "{status:?}");
                assert!(needed <= MESSAGE_LIMIT, "a record error message of {needed} bytes");
                let status = xq_record_error_token(record, out.as_mut_ptr(), out.len(), &mut needed);
                assert_ne!(status, XqStatus::Panic);
                xq_record_free(record);
            }
            xq_record_reader_free(reader);
        }
    }
});
