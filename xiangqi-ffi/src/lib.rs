//! # xiangqi-ffi
//!
//! The C ABI of `xiangqi-core`, as a shared and a static library named `xiangqi`, described by
//! `include/xiangqi.h` (generated from this crate by cbindgen) and wrapped for C++ by `include/xiangqi.hpp`.
//! Every function is a thin call into `xiangqi-core`; the rules live there.
//!
//! Conventions (also at the top of the header and in `docs/c-api.md`):
//!
//! - Every fallible function returns an `XqStatus`; on failure `xq_last_error_message()` gives a message
//!   (thread-local, snprintf rules).
//! - Texts in are `(pointer, length)` pairs of UTF-8, no NUL needed; NULL is allowed with length 0.
//! - Texts out go into a caller buffer by snprintf rules, with the needed length in an optional `needed`.
//! - Arrays out go into a caller array with a capacity, the total count in `out_count`.
//! - Enums in are `uint32_t` values, checked; handles are opaque and freed by their `_free` function.
//! - No panic crosses the boundary: a bug inside gives `XQ_STATUS_PANIC`.
//!
//! Installing: `make install PREFIX=/usr/local` puts the headers, `libxiangqi.a`, `libxiangqi.so`, a CMake
//! package (`find_package(xiangqi)`) and a pkg-config file (`pkg-config --cflags --libs xiangqi`) under the
//! prefix.
//!
//! ```c
//! #include <stdio.h>
//! #include <string.h>
//! #include "xiangqi.h"
//!
//! int main(void) {
//!     XqPosition *pos = NULL;
//!     XqMove moves[XQ_MAX_LEGAL_MOVES];
//!     size_t count = 0;
//!     char fen[128];
//!     if (xq_position_new(&pos) != XQ_STATUS_OK) return 1;
//!     if (xq_position_play_text(pos, "炮二平五", strlen("炮二平五"), XQ_NOTATION_AUTO, NULL) != XQ_STATUS_OK) {
//!         xq_last_error_message(fen, sizeof fen);   /* names the text, the notation and the offset */
//!     }
//!     xq_position_legal_moves(pos, moves, XQ_MAX_LEGAL_MOVES, &count);
//!     xq_position_fen(pos, fen, sizeof fen, NULL);
//!     printf("%zu replies to %s\n", count, fen);
//!     xq_position_free(pos);
//!     return 0;
//! }
//! ```
//!
//! The same calls from Rust, through this crate's `rlib`:
//!
//! ```
//! use xiangqi::{xq_position_fen, xq_position_free, xq_position_legal_moves, xq_position_new, XqMove,
//!               XqPosition, XqStatus, XQ_MAX_LEGAL_MOVES};
//!
//! let mut pos: *mut XqPosition = std::ptr::null_mut();
//! let mut moves = [XqMove { from: 0, to: 0 }; XQ_MAX_LEGAL_MOVES];
//! let (mut count, mut fen) = (0usize, [0u8; 128]);
//! unsafe {
//!     assert_eq!(xq_position_new(&mut pos), XqStatus::Ok);
//!     assert_eq!(xq_position_legal_moves(pos, moves.as_mut_ptr(), moves.len(), &mut count), XqStatus::Ok);
//!     assert_eq!(xq_position_fen(pos, fen.as_mut_ptr().cast(), fen.len(), std::ptr::null_mut()), XqStatus::Ok);
//!     xq_position_free(pos);
//! }
//! assert_eq!(count, 44);
//! let fen = std::ffi::CStr::from_bytes_until_nul(&fen).unwrap().to_str().unwrap();
//! assert!(fen.starts_with("rnbakabnr/9/1c5c1/"));
//! ```

// The exported functions are `unsafe extern "C"`: their safety contract (pointers NULL or valid for the
// documented use, buffers of the stated length, handles live and not shared with a concurrent mutation) is
// the same for all of them and is documented once, in the header's preamble and in docs/c-api.md.
#![allow(clippy::missing_safety_doc)]
#![warn(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]

mod args;
mod classify;
mod competition;
mod competition_events;
mod competition_sheets;
mod corpus;
mod ecco;
mod enums;
mod error;
mod fen;
mod game;
mod moves;
mod notation;
mod output;
mod position;
mod record_tree;
mod records;
mod roots;
mod status;
mod verdict;

pub use classify::*;
pub use competition::*;
pub use competition_events::*;
pub use competition_sheets::*;
pub use corpus::*;
pub use ecco::*;
pub use enums::*;
pub use error::xq_last_error_message;
pub use fen::*;
pub use game::*;
pub use moves::*;
pub use notation::*;
pub use position::*;
pub use record_tree::*;
pub use records::*;
pub use roots::*;
pub use status::*;
pub use verdict::*;

/// The library's version, "MAJOR.MINOR.PATCH", equal to XQ_VERSION_STRING of the header it was built with.
/// Static: never free it.
#[no_mangle]
pub extern "C" fn xq_version() -> *const std::ffi::c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}
