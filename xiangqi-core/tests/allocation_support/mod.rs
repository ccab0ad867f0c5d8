//! An allocator for bad-input tests: it forwards to the system allocator and notes the largest allocation the
//! current thread asks for, so that a test can bound what a reader allocates for its input.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct LargestAllocation;

thread_local! {
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

// The allocator only forwards to `System` and notes the requested size.
unsafe impl GlobalAlloc for LargestAllocation {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size);
        System.realloc(ptr, layout, new_size)
    }
}

fn note(size: usize) {
    // `try_with` fails only while the thread is shutting down.
    let _ = LARGEST.try_with(|largest| largest.set(largest.get().max(size)));
}

#[global_allocator]
static ALLOCATOR: LargestAllocation = LargestAllocation;

/// What `f` returns, and the largest allocation (in bytes) this thread made while it ran.
pub fn largest_allocation<T>(f: impl FnOnce() -> T) -> (T, usize) {
    LARGEST.with(|largest| largest.set(0));
    let value = f();
    (value, LARGEST.with(Cell::get))
}
