//! What the threads of one solve share besides the table: a simplified ABDADA.
//!
//! Every thread searches the whole tree from the root with the shared transposition table.
//! Near the root (nodes with at least [`SHARED_MIN_EMPTIES`] empty squares) a thread about to
//! search a move other than a node's first looks whether another thread is searching that
//! child now ([`BusyTable`]); if so, it defers the move to the end of the node's list, where the
//! other thread's result is usually in the table when it comes back to it. So the threads spread
//! over the siblings instead of repeating each other. Every thread's search is a complete
//! alpha-beta search over exact bounds, so the first thread to finish the root has the exact
//! result; the others are then stopped. (With YBWC they share the split points instead,
//! [`super::split`].)

use super::pool::Pool;
use super::scheme::ParallelScheme;
use crate::hash_table::BusyTable;
use core::sync::atomic::{AtomicBool, AtomicU64};

/// Nodes with at least this many empty squares share their children between threads (below,
/// a child costs too little for the bookkeeping). Chosen by measurement (BENCHMARKS.md, "The
/// solver on every core").
pub(crate) const SHARED_MIN_EMPTIES: u32 = 14;

/// The state the threads of one solve share.
pub(crate) struct Shared {
    /// Set when a thread has finished the root: the others stop.
    pub done: AtomicBool,
    /// Nodes searched by all threads, as last reported by each (every few thousand nodes).
    pub nodes: AtomicU64,
    /// The children being searched now (ABDADA).
    pub busy: BusyTable,
    /// The split points, when the threads share the work by them instead ([`super::split`]).
    pub pool: Option<Pool>,
}

impl Shared {
    /// The state of a solve whose threads share the work as `scheme` says.
    pub(crate) fn new(scheme: ParallelScheme, threads: u32) -> Shared {
        let pool = (scheme == ParallelScheme::Ybwc).then(|| Pool::new(threads));
        Shared { done: AtomicBool::new(false), nodes: AtomicU64::new(0), busy: BusyTable::new(), pool }
    }
}
