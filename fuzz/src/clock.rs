//! The CPU time of the calling thread: what a bound on a search's cost should measure. Wall time also counts
//! the time the thread waited for a processor, which on a busy machine (or a fuzzer run at a low priority
//! beside other work) can be many times the work itself.

use std::time::Duration;

/// The CPU time this thread has used so far.
pub fn thread_cpu_time() -> Duration {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: a valid clock id and a pointer to a live timespec.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}
