//! Solves on several threads: the threads start behind one guarded boundary, [`cold`].
//!
//! Starting threads runs the standard library's code (allocation, `pthread_create`), which may
//! panic and is compiled for baseline x86-64. It runs once per solve, not per node, inside
//! [`cold`], which catches panics (a thread that cannot start or fails counts as stopped); the
//! checks of the machine code (tests/exports.rs) stop their walk there, as they do at the level
//! selection. Each thread then runs the level's own root entry (`Level::root`).

use super::parallel::Shared;
use super::search::{Level, Search};
use super::tt::Table;
use super::{root_move, Controls};
use crate::types::board::EkBoard;
use crate::types::results::{EkSolveResult, SolveError};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

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
fn on_threads<T: Send>(threads: u32, work: &(dyn Fn() -> T + Sync)) -> Vec<Option<T>> {
    std::thread::scope(|scope| {
        let helpers: Vec<_> =
            (1..threads).filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok()).collect();
        let mut results = vec![Some(work())];
        results.extend(helpers.into_iter().map(|h| h.join().ok()));
        results
    })
}

/// A solve of `board` on `threads` threads sharing `tt` (see [`super::parallel`]).
#[inline(always)]
pub(crate) fn solve<K: Level>(
    tt: &Table,
    controls: &Controls,
    threads: u32,
    board: &EkBoard,
    alpha: i32,
    beta: i32,
) -> Result<EkSolveResult, SolveError> {
    let (p, o) = (board.player, board.opponent);
    let mut result = Err(SolveError::Stopped);
    cold(&mut || {
        let shared = Shared::new();
        let work = || {
            let mut search = Search::new(tt, controls, Some(&shared));
            let found = K::root(&mut search, p, o, alpha, beta);
            if !search.stopped {
                shared.done.store(true, Relaxed);
            }
            (found, search.stopped, search.nodes)
        };
        let results = on_threads(threads, &work);
        let nodes = results.iter().flatten().map(|r| r.2).sum();
        // Every thread that finished has the exact result; the first listed is taken.
        if let Some(&((score, mv), ..)) = results.iter().flatten().find(|r| !r.1) {
            result = Ok(EkSolveResult { score, best_move: root_move::<K>(mv, p, o), nodes });
        }
    });
    result
}

/// `Held::solve_each` on several threads: each solves whole positions, one at a time.
#[inline(always)]
pub(crate) fn solve_each<K: Level>(
    tt: &Table,
    controls: &Controls,
    threads: u32,
    boards: &(dyn Fn(usize) -> EkBoard + Sync),
    n: usize,
    (alpha, beta): (i32, i32),
    out: &mut dyn FnMut(usize, Result<EkSolveResult, SolveError>),
) -> Result<(), SolveError> {
    let next = AtomicUsize::new(0);
    let stopped = AtomicBool::new(false);
    let work = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Relaxed);
            if i >= n || stopped.load(Relaxed) {
                return done;
            }
            let b = boards(i);
            if b.player & b.opponent != 0 {
                done.push((i, Err(SolveError::Range)));
                continue;
            }
            // Each position with the node limit, as one thread solves it.
            let mut search = Search::new(tt, controls, None);
            let (score, mv) = K::root(&mut search, b.player, b.opponent, alpha, beta);
            if search.stopped {
                // The others stop before their next position.
                stopped.store(true, Relaxed);
                return done;
            }
            let best_move = root_move::<K>(mv, b.player, b.opponent);
            done.push((i, Ok(EkSolveResult { score, best_move, nodes: search.nodes })));
        }
    };
    let finished = cold(&mut || {
        for done in on_threads(threads, &work) {
            match done {
                Some(done) => done.into_iter().for_each(|(i, r)| out(i, r)),
                None => stopped.store(true, Relaxed),
            }
        }
    });
    if !finished || stopped.load(Relaxed) {
        Err(SolveError::Stopped)
    } else {
        Ok(())
    }
}
