//! The C allocator's settings for long runs.

/// Large buffers (a batch's Arrow arrays, Parquet pages) are given back to the system when freed.
///
/// glibc's malloc raises its mmap threshold each time such a buffer is freed, and from then on takes them from
/// the heap, which a run over a large corpus fragments and never returns: peak memory then grows with the
/// corpus although the live data does not. A fixed threshold (which also fixes the trim threshold) keeps the
/// peak flat. Other C libraries are left as they are.
pub fn return_large_buffers() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        const THRESHOLD: libc::c_int = 256 * 1024;
        // SAFETY: mallopt only changes allocator parameters; it is called before any thread is started.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, THRESHOLD);
        }
    }
}
