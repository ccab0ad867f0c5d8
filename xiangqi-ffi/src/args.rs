//! Reading the arguments C passes: pointers that may be NULL, texts given as (pointer, length), and
//! out-parameters.

use std::ffi::c_char;

use crate::error::{Error, Result};
use crate::status::XqStatus;

/// A shared reference from a pointer that must not be NULL.
///
/// # Safety
/// A non-NULL `ptr` must point to a live `T` that nothing mutates for `'a`.
pub(crate) unsafe fn borrow<'a, T>(ptr: *const T, name: &str) -> Result<&'a T> {
    // SAFETY: non-NULL pointers are valid by the caller's contract.
    unsafe { ptr.as_ref() }.ok_or_else(|| Error::null(name))
}

/// An exclusive reference from a pointer that must not be NULL.
///
/// # Safety
/// A non-NULL `ptr` must point to a live `T` that nothing else uses for `'a`.
pub(crate) unsafe fn borrow_mut<'a, T>(ptr: *mut T, name: &str) -> Result<&'a mut T> {
    // SAFETY: non-NULL pointers are valid and unaliased by the caller's contract.
    unsafe { ptr.as_mut() }.ok_or_else(|| Error::null(name))
}

/// An out-parameter: checked for NULL first, written once the answer is known.
pub(crate) struct Out<T>(*mut T);

impl<T> Out<T> {
    /// Checks `ptr`.
    pub(crate) fn new(ptr: *mut T, name: &str) -> Result<Out<T>> {
        if ptr.is_null() {
            Err(Error::null(name))
        } else {
            Ok(Out(ptr))
        }
    }

    /// Writes the value (without reading or dropping what was there: C memory may be uninitialised).
    ///
    /// # Safety
    /// The pointer given to [`Out::new`] must be valid for writing a `T`.
    pub(crate) unsafe fn set(&self, value: T) {
        // SAFETY: non-NULL (checked in `new`) and writable by the caller's contract.
        unsafe { self.0.write(value) }
    }
}

impl<T> Out<*mut T> {
    /// Checks an out-parameter for a new handle and sets it to NULL at once, so that it is NULL whenever the
    /// call fails.
    pub(crate) fn handle(ptr: *mut *mut T, name: &str) -> Result<Out<*mut T>> {
        let out = Out::new(ptr, name)?;
        // SAFETY: non-NULL (checked) and writable by the caller's contract.
        unsafe { out.set(std::ptr::null_mut()) };
        Ok(out)
    }

    /// Hands a new handle to the caller: `value` is boxed and the out-parameter set to it. The caller frees it
    /// with the type's `xq_*_free`.
    ///
    /// # Safety
    /// The pointer given to [`Out::handle`] must be valid for writing a pointer.
    pub(crate) unsafe fn give(&self, value: T) {
        // SAFETY: the caller's contract, as for `set`.
        unsafe { self.set(Box::into_raw(Box::new(value))) }
    }
}

/// Optional out-parameter: NULL means the caller does not want it.
///
/// # Safety
/// A non-NULL `ptr` must be valid for writing a `T`.
pub(crate) unsafe fn set_optional<T>(ptr: *mut T, value: T) {
    if !ptr.is_null() {
        // SAFETY: non-NULL and writable by the caller's contract.
        unsafe { ptr.write(value) }
    }
}

/// Bytes given as (pointer, length); NULL is allowed for an empty input.
///
/// # Safety
/// A non-NULL `ptr` must point to `len` readable bytes that stay unchanged for `'a`.
pub(crate) unsafe fn bytes<'a>(ptr: *const u8, len: usize, name: &str) -> Result<&'a [u8]> {
    if ptr.is_null() {
        return if len == 0 { Ok(&[]) } else { Err(Error::null(name)) };
    }
    if len > isize::MAX as usize {
        return Err(Error::invalid(format!("{name}: length {len} is not a valid buffer length")));
    }
    // SAFETY: `ptr` is non-NULL and points to `len` bytes by the caller's contract; the length fits isize.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// UTF-8 text given as (pointer, length in bytes, no NUL needed); NULL is allowed for an empty text.
///
/// # Safety
/// As for [`bytes`].
pub(crate) unsafe fn text<'a>(ptr: *const c_char, len: usize, name: &str) -> Result<&'a str> {
    // SAFETY: forwarded contract.
    let bytes = unsafe { bytes(ptr.cast(), len, name) }?;
    std::str::from_utf8(bytes).map_err(|e| {
        Error::new(XqStatus::InvalidUtf8, format!("{name} is not valid UTF-8 (at byte {})", e.valid_up_to()))
    })
}

/// Frees a handle made by `Box::into_raw` in this library; NULL does nothing. A panic while dropping is
/// caught rather than let into C.
///
/// # Safety
///
/// `handle` is NULL or a live handle of this library, freed once.
pub(crate) unsafe fn free_handle<T>(handle: *mut T) {
    if !handle.is_null() {
        // SAFETY: by this function's contract.
        let owned = unsafe { Box::from_raw(handle) };
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || drop(owned)));
    }
}

/// An array given as (pointer, count); NULL is allowed for an empty array.
///
/// # Safety
/// A non-NULL `ptr` must point to `count` readable, initialised items that stay unchanged for `'a`.
pub(crate) unsafe fn array<'a, T>(ptr: *const T, count: usize, name: &str) -> Result<&'a [T]> {
    if ptr.is_null() {
        return if count == 0 { Ok(&[]) } else { Err(Error::null(name)) };
    }
    if count.checked_mul(std::mem::size_of::<T>()).is_none_or(|n| n > isize::MAX as usize) {
        return Err(Error::invalid(format!("{name}: {count} items is not a valid array length")));
    }
    // SAFETY: non-NULL, `count` items by the caller's contract; the size fits isize.
    Ok(unsafe { std::slice::from_raw_parts(ptr, count) })
}
