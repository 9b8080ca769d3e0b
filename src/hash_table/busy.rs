//! The children being searched now, by any of the threads sharing a table: the heart of a
//! simplified ABDADA (the solver's threads, `solver::shared`, and the engine's, the midgame
//! search's [`crate::endgame::midgame`]). A thread about to search a move other than a node's
//! first looks whether another thread is searching that child now, and if so defers it to the
//! end of the node's list, where the other thread's result is usually in the table.

use core::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Slots of the table (a power of two).
const BUSY_SLOTS: usize = 1 << 12;

/// Keys of the children being searched now ([`key`]); 0 for none.
pub(crate) struct BusyTable {
    slots: Box<[AtomicU64]>,
}

/// A non-zero key of a position.
#[inline(always)]
fn key(p: u64, o: u64) -> u64 {
    (p.wrapping_mul(0xD6E8_FEB8_6659_FD93) ^ o.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1
}

impl BusyTable {
    pub fn new() -> BusyTable {
        BusyTable { slots: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect() }
    }

    #[inline(always)]
    fn slot(&self, k: u64) -> Option<&AtomicU64> {
        // Always found (BUSY_SLOTS entries); `get` keeps a panic path out of the C entries.
        self.slots.get((k >> 40) as usize & (BUSY_SLOTS - 1))
    }

    /// Whether another thread searches the position (p, o) now (a collision may say yes
    /// wrongly: that only changes the order of the moves).
    #[inline(always)]
    pub fn is_busy(&self, p: u64, o: u64) -> bool {
        let k = key(p, o);
        self.slot(k).is_some_and(|s| s.load(Relaxed) == k)
    }

    /// Marks (p, o) as searched by this thread.
    #[inline(always)]
    pub fn enter(&self, p: u64, o: u64) {
        let k = key(p, o);
        if let Some(s) = self.slot(k) {
            s.store(k, Relaxed);
        }
    }

    /// Unmarks (p, o), unless another position took the slot since.
    #[inline(always)]
    pub fn leave(&self, p: u64, o: u64) {
        let k = key(p, o);
        if let Some(s) = self.slot(k) {
            let _ = s.compare_exchange(k, 0, Relaxed, Relaxed);
        }
    }
}
