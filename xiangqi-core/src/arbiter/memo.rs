//! The searches' memo of line values: a direct-mapped table per thread, lent to one search at a time.
//!
//! A search remembers the value of every line it finished (see `LineKey` in the search module). A hash map
//! grew and rehashed on every search, and most searches are small: a table of fixed size, taken from a
//! per-thread pool and emptied by a generation count rather than cleared, costs nothing to start. A slot
//! holds the last line stored there; an entry lost to a collision is searched again, with the same value.

use std::cell::RefCell;

/// Slots in a table (a power of two): 2^14 of 32 bytes, 512 KiB. Most searches store a few dozen lines, a few
/// hundreds of thousands: a table this size stays in the processor's cache between the small searches (one of
/// 2 MiB made them 7 % slower in all), and the largest searches lose few lines to collisions (with one of
/// 128 KiB the slowest ply of the arbiter's fuzz corpus took 41 ms instead of 24).
const SLOTS: usize = 1 << 14;

/// A stored value with the whole key it belongs to.
#[derive(Clone, Copy, Default)]
struct Slot {
    hash: u64,
    context: u64,
    window: u32,
    /// The table generation the entry was stored in; older entries are empty.
    generation: u32,
    value: i32,
}

/// One table of line values.
pub(crate) struct LineMemo {
    slots: Box<[Slot]>,
    generation: u32,
}

std::thread_local! {
    /// Tables not lent to a search (more than one when searches nest).
    static POOL: RefCell<Vec<LineMemo>> = const { RefCell::new(Vec::new()) };
}

impl LineMemo {
    /// An empty table, from this thread's pool when it has one.
    pub(crate) fn take() -> LineMemo {
        let mut memo = POOL
            .with(|pool| pool.borrow_mut().pop())
            .unwrap_or_else(|| LineMemo { slots: vec![Slot::default(); SLOTS].into_boxed_slice(), generation: 0 });
        memo.clear();
        memo
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Once in 2^32 uses: entries of the generation about to be reused must not be read back.
            self.slots.fill(Slot::default());
            self.generation = 1;
        }
    }

    fn index(hash: u64, context: u64, window: u32) -> usize {
        let mixed = hash ^ (context ^ u64::from(window).rotate_left(52)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> (64 - SLOTS.trailing_zeros())) as usize
    }

    /// The value stored for the key, if any.
    pub(crate) fn get(&self, hash: u64, context: u64, window: u32) -> Option<i32> {
        let slot = &self.slots[Self::index(hash, context, window)];
        (slot.generation == self.generation && slot.hash == hash && slot.context == context && slot.window == window)
            .then_some(slot.value)
    }

    /// Stores the value for the key, in place of whatever the slot held.
    pub(crate) fn insert(&mut self, hash: u64, context: u64, window: u32, value: i32) {
        let generation = self.generation;
        self.slots[Self::index(hash, context, window)] = Slot { hash, context, window, generation, value };
    }
}

impl Drop for LineMemo {
    fn drop(&mut self) {
        let slots = std::mem::take(&mut self.slots);
        let generation = self.generation;
        // During thread teardown the pool may be gone already; the table is then simply freed.
        let _ = POOL.try_with(|pool| pool.borrow_mut().push(LineMemo { slots, generation }));
    }
}
