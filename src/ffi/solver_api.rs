//! The `ek_solver_` exports: an exact solver. Their doc comments are the C header's
//! documentation. Edax's searches, whose exports are in search_api.rs, are named here too.
//!
//! The guards of the exports that take a solver assert unwind safety (`AssertUnwindSafe`): the
//! solver keeps its tables in `UnsafeCell`s, which one call at a time holds, so it is not
//! `RefUnwindSafe`; but a panic would leave the hold released (`Held` is dropped as the panic
//! unwinds) and the tables holding whole entries only, and the solver usable.

use super::guard;
pub use super::search_api::{ek_edax_search, ek_nws_endgame, ek_nws_midgame, ek_pvs_midgame, ek_solve_shallow};
use crate::dispatch::c_dispatch;
use crate::solver::{EkSolver, NewSolverError};
use crate::types::board::EkBoard;
use crate::types::results::EkSolveResult;
use crate::types::status::{EK_ERR_BUSY, EK_ERR_EVAL_NONE, EK_ERR_INTERNAL, EK_ERR_NULL, EK_OK};
use core::ffi::c_int;
use std::panic::AssertUnwindSafe;

/// A new exact solver with a transposition table of 2^hash_bits entries (32 bytes each:
/// hash_bits = 20 takes 32 MiB), or NULL when hash_bits is outside 1..32, the memory cannot be
/// allocated, or the environment variable `EDAX_KERNELS_SOLVER_SPLIT` is set to a value other
/// than `abdada` or `ybwc` (and not empty; see `ek_solver_set_threads`): then one line on stderr
/// names the variable and the values it takes. Free it with `ek_solver_free`. One solve at a
/// time per solver: give each thread its
/// own (a second concurrent solve on the same solver returns `EK_ERR_BUSY`). The table is kept
/// between solves (its bounds stay exact), so related positions solve faster in sequence.
/// On Linux the table's memory (and that of the weights and the engine's tables) is advised for
/// transparent huge pages (`madvise(MADV_HUGEPAGE)`: fewer TLB misses on a large table when the
/// system's mode, /sys/kernel/mm/transparent_hugepage/enabled, is `madvise` or `always`); the
/// first use of that memory can then pause while the kernel gathers free huge pages, so keep a
/// solver for many solves rather than making one per position.
#[no_mangle]
pub extern "C" fn ek_solver_new(hash_bits: c_int) -> *mut EkSolver {
    guard(core::ptr::null_mut(), || match EkSolver::new(hash_bits) {
        Ok(s) => Box::into_raw(Box::new(s)),
        Err(e @ NewSolverError::SchemeEnv(_)) => {
            use std::io::Write;
            // A NULL says no more than "no solver": the refused setting is told on stderr, as a
            // refused EDAX_KERNELS_ISA is (a closed stderr is no error for the host).
            let _ = writeln!(std::io::stderr(), "edax-kernels: {e}; ek_solver_new returns NULL");
            core::ptr::null_mut()
        }
        Err(NewSolverError::HashBits | NewSolverError::NoMemory) => core::ptr::null_mut(),
    })
}

/// Frees a solver made by `ek_solver_new`. NULL does nothing. No solve may be running on it.
///
/// # Safety
/// `solver` must be NULL or come from `ek_solver_new`, not freed yet, and not in use.
#[no_mangle]
pub unsafe extern "C" fn ek_solver_free(solver: *mut EkSolver) {
    guard(
        (),
        AssertUnwindSafe(|| {
            if !solver.is_null() {
                // SAFETY: made by Box::into_raw in ek_solver_new, freed once (contract).
                drop(unsafe { Box::from_raw(solver) });
            }
        }),
    )
}

/// Makes the solve running on `solver`, from any thread, return `EK_ERR_STOPPED` soon (within
/// a few thousand nodes). A solve that starts later is not affected. NULL does nothing.
///
/// # Safety
/// `solver` must be NULL or a live solver.
#[no_mangle]
pub unsafe extern "C" fn ek_solver_stop(solver: *mut EkSolver) {
    guard(
        (),
        AssertUnwindSafe(|| {
            // SAFETY: NULL or live by contract; stop only touches an atomic.
            if let Some(s) = unsafe { solver.as_ref() } {
                s.stop();
            }
        }),
    )
}

/// Limits every later solve on `solver` to about `max_nodes` nodes: a solve that reaches them
/// returns `EK_ERR_STOPPED` (checked every few thousand nodes). 0 removes the limit (the
/// default). Returns `EK_OK` or `EK_ERR_NULL`.
///
/// # Safety
/// `solver` must be NULL or a live solver.
#[no_mangle]
pub unsafe extern "C" fn ek_solver_set_node_limit(solver: *mut EkSolver, max_nodes: u64) -> c_int {
    // SAFETY: NULL or live by contract; an atomic store.
    guard(
        EK_ERR_INTERNAL,
        AssertUnwindSafe(|| match unsafe { solver.as_ref() } {
            Some(s) => {
                s.set_node_limit(max_nodes);
                EK_OK
            }
            None => EK_ERR_NULL,
        }),
    )
}

/// Makes every later solve on `solver` use `n_threads` threads (1 to `EK_SOLVER_MAX_THREADS`;
/// 1 is the default). The scores are those of one thread; the best move may be another move
/// with the same score, and the nodes differ from run to run. A solve spreads one position over
/// the threads (positions with 16 or more empty squares; smaller ones use one thread), and
/// `ek_solver_solve_batch` and `ek_solver_solve_many` give each thread whole positions. Stop,
/// node limit and `EK_ERR_BUSY` apply as with one thread (the node limit counts every thread's
/// nodes; in a batch, each position's). Returns `EK_OK`, `EK_ERR_NULL`, or `EK_ERR_RANGE` (n_threads out of range; the
/// setting is unchanged).
///
/// The threads of one solve share the work by ABDADA (every thread from the root, each
/// deferring the moves another searches), or by split points (YBWC: one thread from the root,
/// the others joining its nodes once their first move is searched) when the environment
/// variable `EDAX_KERNELS_SOLVER_SPLIT` was `ybwc` as the solver was made (`abdada`, empty or
/// unset: ABDADA; any other value is refused: `ek_solver_new` returns NULL). The scores are the
/// same either way.
///
/// # Safety
/// `solver` must be NULL or a live solver.
#[no_mangle]
pub unsafe extern "C" fn ek_solver_set_threads(solver: *mut EkSolver, n_threads: c_int) -> c_int {
    // SAFETY: NULL or live by contract; an atomic store.
    guard(
        EK_ERR_INTERNAL,
        AssertUnwindSafe(|| match unsafe { solver.as_ref() } {
            Some(s) => match s.set_threads(n_threads) {
                Ok(()) => EK_OK,
                Err(e) => e.status(),
            },
            None => EK_ERR_NULL,
        }),
    )
}

/// The number of threads a solve on `solver` uses (see `ek_solver_set_threads`), or 0 when
/// `solver` is NULL.
///
/// # Safety
/// `solver` must be NULL or a live solver.
#[no_mangle]
pub unsafe extern "C" fn ek_solver_get_threads(solver: *const EkSolver) -> c_int {
    // SAFETY: NULL or live by contract; an atomic load.
    guard(0, AssertUnwindSafe(|| unsafe { solver.as_ref() }.map_or(0, EkSolver::threads)))
}

/// Makes every later solve on `solver` order the moves of its nodes with 14 or more empty squares
/// with the evaluation weights loaded now (`ek_eval_load_file` or `ek_eval_load_buffer`: Edax's own
/// eval.dat, or the weights this project ships, `data/ek-eval.dat`), as Edax orders its deep nodes;
/// `use_eval` = 0 goes back to the fast order alone (the default). With them, a position of 20 or
/// more empty squares is first searched by Edax's selective midgame search, 6 plies short of the
/// end (the pre-search, on three tables of the solver's own, made at its first use: about 0.4x the
/// size of the solver's table, from 0.1 to 27 MiB), whose best moves the exact search tries first
/// and whose score it starts from (a window around it, widened when the score falls outside); its
/// nodes count in the solve's (and in the node limit), and a stop reaches it. Batch solves on
/// several threads skip it. The evaluations that order the moves count as nodes, as Edax counts
/// them (`EkSolveResult::nodes`). Better weights search fewer nodes; the scores never depend on them. The
/// solver keeps the weights it was given when other weights are loaded later (loaded weights are
/// never freed). Returns `EK_OK`, `EK_ERR_NULL`, or `EK_ERR_EVAL_NONE` (`use_eval` != 0 and no
/// weights are loaded; the setting is unchanged).
///
/// # Safety
/// `solver` must be NULL or a live solver.
#[no_mangle]
pub unsafe extern "C" fn ek_solver_set_eval(solver: *mut EkSolver, use_eval: c_int) -> c_int {
    guard(
        EK_ERR_INTERNAL,
        AssertUnwindSafe(|| {
            // SAFETY: NULL or live by contract; an atomic store.
            let Some(s) = (unsafe { solver.as_ref() }) else { return EK_ERR_NULL };
            if use_eval == 0 {
                s.set_eval(None);
                return EK_OK;
            }
            match crate::eval::loaded() {
                Some(w) => {
                    s.set_eval(Some(w));
                    EK_OK
                }
                None => EK_ERR_EVAL_NONE,
            }
        }),
    )
}

/// 1 when solves on `solver` order moves with evaluation weights (see `ek_solver_set_eval`), 0
/// when they do not or `solver` is NULL.
///
/// # Safety
/// `solver` must be NULL or a live solver.
#[no_mangle]
pub unsafe extern "C" fn ek_solver_get_eval(solver: *const EkSolver) -> c_int {
    // SAFETY: NULL or live by contract; an atomic load.
    guard(0, AssertUnwindSafe(|| unsafe { solver.as_ref() }.is_some_and(|s| s.eval().is_some()) as c_int))
}

/// Empties the solver's transposition table (and the pre-search's tables: see
/// `ek_solver_set_eval`). Returns `EK_OK`, `EK_ERR_NULL` or `EK_ERR_BUSY`
/// (a solve is running).
///
/// # Safety
/// `solver` must be NULL or a live solver.
#[no_mangle]
pub unsafe extern "C" fn ek_solver_clear(solver: *mut EkSolver) -> c_int {
    guard(
        EK_ERR_INTERNAL,
        AssertUnwindSafe(|| {
            // SAFETY: NULL or live by contract.
            let Some(s) = (unsafe { solver.as_ref() }) else { return EK_ERR_NULL };
            match s.clear() {
                Ok(()) => EK_OK,
                Err(_) => EK_ERR_BUSY,
            }
        }),
    )
}

/// Solves `board` (its player to move) exactly on the window (alpha, beta), with
/// -64 <= alpha < beta <= 64: writes to `out` the final score for the side to move (empty
/// squares to the winner), exact when alpha < score < beta, else a fail-soft bound (score <=
/// alpha: the final score is at most score; score >= beta: at least score); (-64, 64) gives the
/// exact score. `out->best_move` is a square that gives that score (on a fail-low, the best
/// move found), `EK_PASS` when the side to move must pass, `EK_NOMOVE` when the game is over;
/// `out->nodes` the nodes searched. Any position is accepted; about 26 empty squares or fewer
/// solve in seconds.
///
/// Returns `EK_OK`, `EK_ERR_NULL` (NULL argument), `EK_ERR_RANGE` (bad window, or overlapping
/// bitboards), `EK_ERR_STOPPED` (`ek_solver_stop` or the node limit) or `EK_ERR_BUSY` (another
/// solve is running on `solver`); `out` is written only on success.
///
/// # Safety
/// `solver` must be NULL or a live solver, `board` NULL or readable, `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_solver_solve(
    solver: *mut EkSolver,
    board: *const EkBoard,
    alpha: c_int,
    beta: c_int,
    out: *mut EkSolveResult,
) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_solver_solve(solver, board, alpha, beta, out) }
}

/// Solves `n` positions exactly (full window), the players' discs in `players[i]` and the
/// opponents' in `opponents[i]` (players to move): writes the final score to `scores[i]` and a
/// move giving it (as `ek_solver_solve`'s `best_move`) to `best_moves[i]` (which may be NULL when
/// not wanted). The same answers as one `ek_solver_solve` per position with (-64, 64), in one
/// call. Returns `EK_OK`; `EK_ERR_NULL` (n > 0 and a NULL array other than best_moves, or a NULL
/// solver); `EK_ERR_RANGE` when a position has overlapping bitboards (positions before it are
/// solved and written, it and the rest are not); `EK_ERR_STOPPED` or `EK_ERR_BUSY` as
/// `ek_solver_solve` (positions solved before are written). n == 0 returns `EK_OK`.
///
/// # Safety
/// `solver` NULL or live; each non-NULL array must hold `n` elements (outputs writable).
#[no_mangle]
pub unsafe extern "C" fn ek_solver_solve_batch(
    solver: *mut EkSolver,
    n: usize,
    players: *const u64,
    opponents: *const u64,
    scores: *mut i32,
    best_moves: *mut i32,
) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_solver_solve_batch(solver, n, players, opponents, scores, best_moves) }
}

/// Solves `n` positions (`players[i]` to move against `opponents[i]`) on the window
/// (alpha, beta), -64 <= alpha < beta <= 64, and reports each one: the proof work's call
/// (windows such as (-1, 1) or (-3, 3) label wins, draws and losses with far fewer nodes than
/// exact scores). For each position `i`, on return:
/// - `status[i]` is `EK_OK` when it was solved: `scores[i]` is its score as `ek_solver_solve`
///   gives it on that window (exact inside it, else a fail-soft bound), `best_moves[i]` a move
///   reaching it (as `ek_solver_solve`'s), `nodes[i]` the nodes searched;
/// - `EK_ERR_RANGE` when its bitboards overlap (not searched; the others are still solved);
/// - `EK_ERR_STOPPED` when `ek_solver_stop` or the node limit (per position) stopped the call
///   before it was solved.
///
/// Unsolved positions get `scores[i] = EK_SCORE_NONE`, `best_moves[i] = EK_NOMOVE` and
/// `nodes[i] = 0`, so even without `status` they are told apart. `best_moves`, `nodes` and
/// `status` may be NULL (not written). With several threads (`ek_solver_set_threads`), each
/// thread solves whole positions, so the positions solved before a stop need not be the first
/// ones.
///
/// Returns `EK_OK` when every position was solved; `EK_ERR_STOPPED` when the call was stopped;
/// else `EK_ERR_RANGE` when some positions overlap. Nothing is written when it returns
/// `EK_ERR_NULL` (NULL solver, or n > 0 and NULL `players`, `opponents` or `scores`),
/// `EK_ERR_RANGE` for a bad window, or `EK_ERR_BUSY`. n == 0 returns `EK_OK` (after the window
/// check).
///
/// # Safety
/// `solver` NULL or live; each non-NULL array must hold `n` elements (outputs writable).
#[no_mangle]
#[allow(clippy::too_many_arguments)] // the C signature
pub unsafe extern "C" fn ek_solver_solve_many(
    solver: *mut EkSolver,
    n: usize,
    players: *const u64,
    opponents: *const u64,
    alpha: c_int,
    beta: c_int,
    scores: *mut i32,
    best_moves: *mut i32,
    nodes: *mut u64,
    status: *mut i32,
) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe {
        c_dispatch::ek_solver_solve_many(solver, n, players, opponents, alpha, beta, scores, best_moves, nodes, status)
    }
}
