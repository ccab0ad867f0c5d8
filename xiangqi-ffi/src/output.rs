//! Handing results to C: texts into caller buffers (snprintf rules), arrays into caller arrays, and static
//! strings.

use std::ffi::{c_char, CString};
use std::sync::Mutex;

use crate::args::set_optional;
use crate::error::{Error, Result};
use crate::status::XqStatus;

/// Copies `text` into the caller's buffer by the rules every string-returning function follows:
///
/// - `*needed` (when `needed` is not NULL) receives the text's length in bytes, without the NUL;
/// - at most `len - 1` bytes and a NUL are written; nothing when `len` is 0 (`buf` may then be NULL);
/// - the status is `BufferTooSmall` when the text was cut (`needed >= len`), else `Ok`.
///
/// # Safety
/// A non-NULL `buf` must be valid for writing `len` bytes; a non-NULL `needed` for writing a `usize`.
pub(crate) unsafe fn write_text(text: &str, buf: *mut c_char, len: usize, needed: *mut usize) -> Result<()> {
    if buf.is_null() && len > 0 {
        return Err(Error::null("buf"));
    }
    // SAFETY: forwarded contract.
    unsafe { set_optional(needed, text.len()) };
    if len > 0 {
        let n = text.len().min(len - 1);
        // SAFETY: `buf` holds `len >= n + 1` bytes by the caller's contract and cannot overlap `text`, which
        // Rust owns.
        unsafe {
            std::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), n);
            *buf.add(n) = 0;
        }
    }
    if text.len() >= len {
        return Err(Error::new(
            XqStatus::BufferTooSmall,
            format!("the text needs {} bytes and a NUL; the buffer holds {len}", text.len()),
        ));
    }
    Ok(())
}

/// Checks an output array before anything is computed: NULL only with capacity 0.
pub(crate) fn check_array<T>(out: *mut T, capacity: usize, count: *mut usize) -> Result<()> {
    if out.is_null() && capacity > 0 {
        return Err(Error::null("out"));
    }
    if count.is_null() {
        return Err(Error::null("out_count"));
    }
    Ok(())
}

/// Writes up to `capacity` items into `out` and their total number into `*count`; `BufferTooSmall` when they
/// did not all fit. Call [`check_array`] first.
///
/// # Safety
/// `out` must be valid for writing `capacity` items (or NULL with capacity 0), `count` for writing a `usize`.
pub(crate) unsafe fn write_array<T>(
    items: impl ExactSizeIterator<Item = T>,
    out: *mut T,
    capacity: usize,
    count: *mut usize,
    what: &str,
) -> Result<()> {
    let total = items.len();
    for (i, item) in items.take(capacity).enumerate() {
        // SAFETY: `i < capacity` and `out` holds `capacity` items by the caller's contract.
        unsafe { out.add(i).write(item) };
    }
    // SAFETY: checked non-NULL by `check_array`, writable by the caller's contract.
    unsafe { count.write(total) };
    if total > capacity {
        return Err(Error::new(
            XqStatus::BufferTooSmall,
            format!("{total} {what} do not fit in an array of {capacity}; the first {capacity} were written"),
        ));
    }
    Ok(())
}

/// Library strings handed out as static C strings, made once each and never freed.
static STATIC_STRINGS: Mutex<Vec<(&'static str, &'static std::ffi::CStr)>> = Mutex::new(Vec::new());

/// A NUL-terminated copy of a static string of the core library that lives as long as the program.
pub(crate) fn static_c_str(text: &'static str) -> *const c_char {
    let mut table = STATIC_STRINGS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, c)) = table.iter().find(|(t, _)| std::ptr::eq(*t, text) || *t == text) {
        return c.as_ptr();
    }
    let c: &'static std::ffi::CStr = match CString::new(text) {
        Ok(c) => Box::leak(c.into_boxed_c_str()),
        Err(_) => c_str_empty(),
    };
    table.push((text, c));
    c.as_ptr()
}

fn c_str_empty() -> &'static std::ffi::CStr {
    // The empty C string.
    c""
}
