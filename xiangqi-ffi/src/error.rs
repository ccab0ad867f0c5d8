//! Errors: the thread-local last-error message, and the boundary every exported function runs inside.

use std::any::Any;
use std::cell::RefCell;
use std::ffi::c_char;
use std::panic::{self, AssertUnwindSafe};

use crate::status::XqStatus;

/// A failed call: the status returned and the message kept for xq_last_error_message().
#[derive(Debug)]
pub(crate) struct Error {
    pub(crate) status: XqStatus,
    pub(crate) message: String,
}

impl Error {
    pub(crate) fn new(status: XqStatus, message: impl Into<String>) -> Error {
        Error { status, message: message.into() }
    }

    pub(crate) fn null(name: &str) -> Error {
        Error::new(XqStatus::NullArgument, format!("{name} is NULL"))
    }

    pub(crate) fn invalid(message: impl Into<String>) -> Error {
        Error::new(XqStatus::InvalidArgument, message)
    }
}

pub(crate) type Result<T> = std::result::Result<T, Error>;

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

fn set_last_error(message: &str) {
    // During thread teardown the slot may be gone: the message is then lost, never a crash.
    let _ = LAST_ERROR.try_with(|slot| {
        if let Ok(mut slot) = slot.try_borrow_mut() {
            slot.clear();
            slot.push_str(message);
        }
    });
}

fn panic_text(payload: &(dyn Any + Send)) -> &str {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s
    } else {
        "no message"
    }
}

/// Runs the body of an exported function: a returned error or a panic becomes a status and a message.
pub(crate) fn guard(body: impl FnOnce() -> Result<()>) -> XqStatus {
    match panic::catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => XqStatus::Ok,
        Ok(Err(error)) => {
            set_last_error(&error.message);
            error.status
        }
        Err(payload) => {
            set_last_error(&format!("internal error in xiangqi (please report it): {}", panic_text(&*payload)));
            // Dropping a payload can itself panic; it is leaked rather than risk unwinding into C.
            std::mem::forget(payload);
            XqStatus::Panic
        }
    }
}

/// As [`guard`] for the few functions that return a value instead of a status: `fallback` on a panic.
pub(crate) fn guard_value<T>(fallback: T, body: impl FnOnce() -> T) -> T {
    match panic::catch_unwind(AssertUnwindSafe(body)) {
        Ok(value) => value,
        Err(payload) => {
            std::mem::forget(payload);
            fallback
        }
    }
}

/// Copies the message of the last failed call made on this thread into `buf`, snprintf style: at most
/// `len - 1` bytes and a terminating NUL are written (nothing when `len` is 0, and `buf` may then be NULL),
/// and the return value is the message's full length in bytes, without the NUL. A return value of `len` or
/// more means the copy was truncated (possibly inside a multi-byte UTF-8 character).
///
/// The message is UTF-8 English text. Successful calls leave it unchanged; it is empty before the first
/// failure. Each thread has its own.
#[no_mangle]
pub unsafe extern "C" fn xq_last_error_message(buf: *mut c_char, len: usize) -> usize {
    guard_value(0, || {
        LAST_ERROR
            .try_with(|slot| {
                let message = slot.borrow();
                if !buf.is_null() && len > 0 {
                    let n = message.len().min(len - 1);
                    // SAFETY: the caller gives a buffer of `len` bytes; `n + 1 <= len` bytes are written and the
                    // source is a live String that cannot overlap a caller's buffer.
                    unsafe {
                        std::ptr::copy_nonoverlapping(message.as_ptr(), buf.cast::<u8>(), n);
                        *buf.add(n) = 0;
                    }
                }
                message.len()
            })
            .unwrap_or(0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last_message() -> String {
        // SAFETY: NULL with length 0 asks for the length only; then a buffer of that length plus the NUL.
        let n = unsafe { xq_last_error_message(std::ptr::null_mut(), 0) };
        let mut buf = vec![0u8; n + 1];
        // SAFETY: `buf` holds `n + 1` bytes.
        assert_eq!(unsafe { xq_last_error_message(buf.as_mut_ptr().cast(), buf.len()) }, n);
        String::from_utf8(buf[..n].to_vec()).expect("UTF-8")
    }

    #[test]
    fn a_panic_becomes_a_status_and_a_message() {
        let status = guard(|| panic!("deliberate"));
        assert_eq!(status, XqStatus::Panic);
        assert!(last_message().contains("deliberate"));
        assert_eq!(guard_value(7, || panic!("again")), 7);
    }

    #[test]
    fn an_error_sets_the_message_and_success_leaves_it() {
        assert_eq!(guard(|| Err(Error::invalid("bad value"))), XqStatus::InvalidArgument);
        assert_eq!(guard(|| Ok(())), XqStatus::Ok);
        assert_eq!(last_message(), "bad value");
    }
}
