//! The bodies of the solver's exports (`ek_solver_solve`, `_batch`, `_many`), each instantiated
//! for the level (`K`) whose entry holds it.

use crate::solver::search_state::Level;
use crate::solver::EkSolver;
use crate::types::board::{EkBoard, NOMOVE};
use crate::types::results::{EkSolveResult, SolveError};
use crate::types::status::{EK_ERR_NULL, EK_ERR_RANGE, EK_OK, EK_SCORE_NONE};
use core::ffi::c_int;

/// `ek_solver_solve` on the level `K` (the body of each level's entry).
///
/// # Safety
/// As `ek_solver_solve`.
#[inline(always)]
pub(crate) unsafe fn solve_body<K: Level>(
    solver: *mut EkSolver,
    board: *const EkBoard,
    alpha: c_int,
    beta: c_int,
    out: *mut EkSolveResult,
) -> c_int {
    // SAFETY: NULL or valid by contract.
    let (Some(solver), Some(board)) = (unsafe { solver.as_ref() }, unsafe { board.as_ref() }) else {
        return EK_ERR_NULL;
    };
    if out.is_null() {
        return EK_ERR_NULL;
    }
    match solver.solve_on::<K>(board, alpha, beta) {
        Ok(result) => {
            // SAFETY: non-NULL and writable by contract.
            unsafe { out.write(result) };
            EK_OK
        }
        Err(e) => e.status(),
    }
}

/// `ek_solver_solve_batch` on the level `K` (the body of each level's entry).
///
/// # Safety
/// As `ek_solver_solve_batch`.
#[inline(always)]
pub(crate) unsafe fn solve_batch_body<K: Level>(
    solver: *mut EkSolver,
    n: usize,
    players: *const u64,
    opponents: *const u64,
    scores: *mut i32,
    best_moves: *mut i32,
) -> c_int {
    // SAFETY: NULL or live by contract.
    let Some(solver) = (unsafe { solver.as_ref() }) else { return EK_ERR_NULL };
    if n == 0 {
        return EK_OK;
    }
    if players.is_null() || opponents.is_null() || scores.is_null() {
        return EK_ERR_NULL;
    }
    let mut held = match solver.hold() {
        Ok(held) => held,
        Err(e) => return e.status(),
    };
    let inputs = Inputs { players, opponents };
    // Positions from the first with overlapping bitboards on are not solved.
    let valid = (0..n).position(|i| {
        let b = inputs.board(i);
        b.player & b.opponent != 0
    });
    let mut write = |i: usize, r: Result<EkSolveResult, SolveError>| {
        // Only valid positions are given: every outcome is a result.
        if let Ok(r) = r {
            // SAFETY: i < n; outputs writable by contract, best_moves only when non-NULL.
            unsafe {
                *scores.add(i) = r.score;
                if !best_moves.is_null() {
                    *best_moves.add(i) = r.best_move;
                }
            }
        }
    };
    if let Err(e) = held.solve_each::<K>(&|i| inputs.board(i), valid.unwrap_or(n), (-64, 64), &mut write) {
        return e.status();
    }
    if valid.is_some() {
        return EK_ERR_RANGE;
    }
    EK_OK
}

/// `ek_solver_solve_many` on the level `K` (the body of each level's entry).
///
/// # Safety
/// As `ek_solver_solve_many`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn solve_many_body<K: Level>(
    solver: *mut EkSolver,
    n: usize,
    players: *const u64,
    opponents: *const u64,
    (alpha, beta): (c_int, c_int),
    scores: *mut i32,
    best_moves: *mut i32,
    nodes: *mut u64,
    status: *mut i32,
) -> c_int {
    // SAFETY: NULL or live by contract.
    let Some(solver) = (unsafe { solver.as_ref() }) else { return EK_ERR_NULL };
    if n > 0 && (players.is_null() || opponents.is_null() || scores.is_null()) {
        return EK_ERR_NULL;
    }
    if !(-64 <= alpha && alpha < beta && beta <= 64) {
        return EK_ERR_RANGE;
    }
    let mut held = match solver.hold() {
        Ok(held) => held,
        Err(e) => return e.status(),
    };
    let write = |i: usize, r: Result<EkSolveResult, SolveError>| {
        let (score, best_move, count, code) = match r {
            Ok(r) => (r.score, r.best_move, r.nodes, EK_OK),
            Err(e) => (EK_SCORE_NONE, NOMOVE, 0, e.status()),
        };
        // SAFETY: i < n; outputs writable by contract, the optional ones only when non-NULL.
        unsafe {
            *scores.add(i) = score;
            if !best_moves.is_null() {
                *best_moves.add(i) = best_move;
            }
            if !nodes.is_null() {
                *nodes.add(i) = count;
            }
            if !status.is_null() {
                *status.add(i) = code;
            }
        }
    };
    // Every position is written: those a stop leaves unsolved as such.
    (0..n).for_each(|i| write(i, Err(SolveError::Stopped)));
    let inputs = Inputs { players, opponents };
    let mut bad = false;
    let mut report = |i: usize, r: Result<EkSolveResult, SolveError>| {
        bad |= r.is_err();
        write(i, r);
    };
    match held.solve_each::<K>(&|i| inputs.board(i), n, (alpha, beta), &mut report) {
        Err(e) => e.status(),
        Ok(()) if bad => EK_ERR_RANGE,
        Ok(()) => EK_OK,
    }
}

/// The input arrays of `ek_solver_solve_batch`, read by the solver's threads.
struct Inputs {
    players: *const u64,
    opponents: *const u64,
}

// SAFETY: the arrays are only read, and outlive the call that reads them from its threads.
unsafe impl Sync for Inputs {}

impl Inputs {
    /// Position `i` (i < the arrays' length).
    fn board(&self, i: usize) -> EkBoard {
        // SAFETY: i < n, the arrays' length (contract of ek_solver_solve_batch).
        unsafe { EkBoard::new(*self.players.add(i), *self.opponents.add(i)) }
    }
}
