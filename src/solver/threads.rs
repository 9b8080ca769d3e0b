//! Starting threads, behind one guarded boundary, [`cold`]: for the solves on several threads
//! ([`super::parallel`]), for Edax's midgame search on several threads (the solver's
//! pre-search, the engine's search: [`midgame_on_threads`]), and for a helper's yield.
//!
//! Starting threads runs the standard library's code (allocation, `pthread_create`), which may
//! panic and is compiled for baseline x86-64. It runs once per solve, not per node (and a
//! thread waiting for split points yields its core after a long wait), inside [`cold`], which
//! catches panics (a thread that cannot start or fails counts as stopped); the checks of the
//! machine code (tests/exports.rs) stop their walk there, as they do at the level selection.
//! It knows nothing of the exact search, so that every file that starts threads can use it.

use crate::endgame::midgame::{RootResult, RunControls};
use crate::endgame::StopFlag;
use crate::hash_table::{self, BusyTable, EkHashTable};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicI32, Ordering::Relaxed};
/// Runs `f`, catching its panics: the boundary of the threaded code. Returns whether `f`
/// returned.
#[cold]
#[inline(never)]
pub(crate) fn cold(f: &mut dyn FnMut()) -> bool {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(()) => true,
        Err(payload) => {
            // Leaked, not dropped: a payload's destructor could panic again.
            core::mem::forget(payload);
            false
        }
    }
}

/// Runs `work` on this thread and on up to `threads - 1` others (fewer if the system starts
/// fewer), and returns every result, this thread's first (`None` for a thread that panicked).
pub(crate) fn on_threads<T: Send>(threads: u32, work: &(dyn Fn() -> T + Sync)) -> Vec<Option<T>> {
    on_threads_led(threads, work, work)
}

/// [`on_threads`], with `lead` on this thread and `help` on the others.
pub(crate) fn on_threads_led<T: Send>(
    threads: u32,
    lead: &dyn Fn() -> T,
    help: &(dyn Fn() -> T + Sync),
) -> Vec<Option<T>> {
    std::thread::scope(|scope| {
        let helpers: Vec<_> =
            (1..threads).filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, help).ok()).collect();
        let mut results = vec![Some(lead())];
        results.extend(helpers.into_iter().map(|h| h.join().ok()));
        results
    })
}

/// Runs `run`, Edax's midgame search on the three `tables` (the engine's search, the solver's
/// pre-search), on `threads` threads: with one, Edax's search alone (`stop`, the soft stop of the
/// deepening on time, `RunControls::soft_stop`, the node limit and
/// `hash_clear`); with more, the tables' dates moved on once, then the threads' searches on them,
/// sharing the children they search (`BusyTable`); this thread's result is the search's, the
/// others' nodes added to it, and they stop when it ends. The node limit is this thread's share
/// (`node_limit / threads`). A thread the system does not start is done without.
///
/// # Safety
/// The tables are valid Edax tables that no other thread uses during the call.
pub(crate) unsafe fn midgame_on_threads(
    tables: [*mut EkHashTable; 3],
    threads: u32,
    (stop, soft_stop, node_limit): (StopFlag, Option<StopFlag>, u64),
    run: &(dyn Fn([*mut EkHashTable; 3], RunControls) -> RootResult + Sync),
) -> RootResult {
    if threads <= 1 {
        return run(tables, RunControls { soft_stop, ..RunControls::alone(Some(stop), node_limit) });
    }
    for t in tables {
        // SAFETY: valid, and no thread of this search started yet (the caller's contract).
        unsafe { hash_table::clear(&mut *t) };
    }
    let busy = BusyTable::new();
    let helpers_stop = AtomicI32::new(0);
    let shared = SharedTables(tables);
    std::thread::scope(|scope| {
        let helper = || {
            let controls = RunControls {
                stop: Some(StopFlag::any(&helpers_stop)),
                node_limit: u64::MAX,
                busy: Some(&busy),
                clear: false,
                until_decided: false,
                soft_stop: None,
                excluded: 0,
            };
            run(shared.get(), controls).nodes
        };
        let helpers: Vec<_> =
            (1..threads).filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, helper).ok()).collect();
        let node_limit = if node_limit == u64::MAX { node_limit } else { node_limit / u64::from(threads) };
        let controls = RunControls {
            stop: Some(stop),
            node_limit,
            busy: Some(&busy),
            clear: false,
            until_decided: false,
            soft_stop,
            excluded: 0,
        };
        let mut r = run(tables, controls);
        helpers_stop.store(1, Relaxed);
        for h in helpers {
            r.nodes += h.join().unwrap_or(0);
        }
        r
    })
}

/// The three tables of one midgame search, given to its threads.
struct SharedTables([*mut EkHashTable; 3]);

// SAFETY: the threads of a search only reach the tables' entries through Edax's probes and
// stores, under the entries' locks (`hash_table`); the dates were written before they started.
unsafe impl Sync for SharedTables {}

impl SharedTables {
    /// The tables (a method, so that a closure captures the whole `Sync` wrapper).
    fn get(&self) -> [*mut EkHashTable; 3] {
        self.0
    }
}
