//! What the threads of one solve share besides the table: a simplified ABDADA.
//!
//! Every thread searches the whole tree from the root with the shared transposition table.
//! Near the root (nodes with at least [`SHARED_MIN_EMPTIES`] empty squares) a thread about to
//! search a move other than a node's first looks whether another thread is searching that
//! child now; if so, it defers the move to the end of the node's list, where the other thread's
//! result is usually in the table when it comes back to it. So the threads spread over the
//! siblings instead of repeating each other. Every thread's search is a complete alpha-beta
//! search over exact bounds, so the first thread to finish the root has the exact result; the
//! others are then stopped.

use core::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

/// Nodes with at least this many empty squares share their children between threads (below,
/// a child costs too little for the bookkeeping). Chosen by measurement (BENCHMARKS.md, "The
/// solver on every core").
pub(crate) const SHARED_MIN_EMPTIES: u32 = 14;

/// Slots of the table of children being searched (a power of two).
const BUSY_SLOTS: usize = 1 << 12;

/// The state the threads of one solve share.
pub(crate) struct Shared {
    /// Set when a thread has finished the root: the others stop.
    pub done: AtomicBool,
    /// Nodes searched by all threads, as last reported by each (every few thousand nodes).
    pub nodes: AtomicU64,
    /// Keys of the children being searched now ([`key`]); 0 for none.
    busy: Box<[AtomicU64]>,
}

/// A non-zero key of a position.
#[inline(always)]
fn key(p: u64, o: u64) -> u64 {
    (p.wrapping_mul(0xD6E8_FEB8_6659_FD93) ^ o.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1
}

impl Shared {
    pub fn new() -> Shared {
        Shared {
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            busy: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline(always)]
    fn slot(&self, k: u64) -> Option<&AtomicU64> {
        // Always found (BUSY_SLOTS entries); `get` keeps a panic path out of the C entries.
        self.busy.get((k >> 40) as usize & (BUSY_SLOTS - 1))
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
