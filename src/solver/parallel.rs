//! A solve on several threads: one position whose threads share the work as the solver's
//! [`ParallelScheme`] says (ABDADA, [`super::shared`], by default; YBWC, [`super::split`]), or a
//! batch whose threads take whole positions in turn. The threads start behind the threads'
//! boundary ([`super::threads`]); each runs the level's own root entry (`Level::root`) or
//! helper's entry (`Level::help`).

use super::controls::Controls;
use super::scheme::ParallelScheme;
use super::search::root_move;
use super::search_state::{Level, Search};
use super::shared::Shared;
use super::threads::{cold, on_threads, on_threads_led};
use super::tt::{Table, NO_MOVE};
use crate::types::board::EkBoard;
use crate::types::results::{EkSolveResult, SolveError};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

/// A solve of `board` on `threads` threads sharing `tt` (see [`super::shared`] and [`super::split`]).
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
        let scheme = controls.scheme;
        let shared = Shared::new(scheme, threads);
        let work = || {
            let mut search = Search::new(tt, controls, Some(&shared));
            let found = K::root(&mut search, p, o, alpha, beta);
            if !search.stopped || scheme == ParallelScheme::Ybwc {
                shared.done.store(true, Relaxed);
            }
            (found, search.stopped, search.nodes)
        };
        // YBWC's helpers: join split points until the root is done (never a result).
        let help = || {
            let mut search = Search::new(tt, controls, Some(&shared));
            K::help(&mut search, &shared.done);
            ((0, NO_MOVE), true, search.nodes)
        };
        let results = match scheme {
            ParallelScheme::Abdada => on_threads(threads, &work),
            ParallelScheme::Ybwc => on_threads_led(threads, &work, &help),
        };
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
