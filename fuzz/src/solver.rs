//! What the `shallow_solver` target checks: the endgame leaf search (`ek_solve_shallow`,
//! `Kernels::solve_shallow`), Edax's endgame search (`ek_nws_endgame`) and the exact solver
//! (`ek_solver_`, `EkSolver`) on boards of at most 12 empty squares (overlapping bitboards
//! included), with any alpha and windows.
//!
//! - The leaf search: every level, directly and through the C ABI with that level active,
//!   gives portable's score and node count; the count is added to `*n_nodes`; a NULL counter
//!   changes nothing else; a NULL board and more than 10 empty squares give `EK_SCORE_NONE`
//!   and add nothing; on a valid board the score is a fail-soft bound of the exact score
//!   (upper bound when `<= alpha`, alpha taken as the nearest of -65..=64, else lower bound).
//! - Edax's endgame search: two searches in a row on one small Edax-layout table (the second
//!   sees what the first stored), with each level active, give portable's scores, node counts
//!   and table bytes, and leave no lock held; on a valid board each score is a fail-soft bound of
//!   the exact score, as for the leaf search; overlapping bitboards give `EK_SCORE_NONE`, no
//!   node and the table untouched.
//! - The solver: the same solves (windows, node limit) on one fresh solver per level give the
//!   same status and result (score, move, nodes) on every level, and the Rust `EkSolver` gives
//!   the C ABI's (on portable); a bad window or overlap is `EK_ERR_RANGE` with nothing written; without a node
//!   limit every solve succeeds; a result is a fail-soft bound of the exact score (exact inside
//!   the window) and its move is legal and reaches it (`EK_PASS` / `EK_NOMOVE` exactly when the
//!   player must pass / the game is over); four symmetric boards, solved in one batch call (on
//!   a level the input chooses), all get the exact score, and the batch equals single calls.
//!
//! The exact scores come from the tests' naive alpha-beta search (`tests/common`) on null
//! windows: `v <= s` exactly when a search of the window (s, s + 1) returns at most s.

use crate::{common, levels};
use edax_kernels::ffi::api::*;
use edax_kernels::ffi::solver_api::*;
use edax_kernels::{EkBoard, EkSolveResult, EkSolver, Isa, Kernels, SolveError};

/// The most empty squares the solver is given here (its exact oracle's cost grows fast).
pub const SOLVER_MAX_EMPTIES: u32 = 12;

fn portable() -> &'static Kernels {
    Isa::Portable.kernels().expect("portable is always supported")
}

/// Whether the exact final score of (p, o), p to move, is at most `s`.
fn at_most(p: u64, o: u64, s: i32) -> bool {
    common::exact(portable(), p, o, s, s + 1) <= s
}

/// Whether the exact final score of (p, o), p to move, is at least `s`.
fn at_least(p: u64, o: u64, s: i32) -> bool {
    common::exact(portable(), p, o, s - 1, s) >= s
}

/// Checks `ek_solve_shallow` and `Kernels::solve_shallow` on `b` with `alpha` (any values).
pub fn check_shallow(b: &EkBoard, alpha: i32) {
    let (p, o) = (b.player, b.opponent);
    let empties = (p | o).count_zeros();
    let mut n_portable = 0;
    let score = portable().solve_shallow(b, alpha, &mut n_portable);
    let ctx = format!("{b:?} ({empties} empties) alpha {alpha}");
    if empties > 10 {
        assert_eq!((score, n_portable), (EK_SCORE_NONE, 0), "more than 10 empties: {ctx}");
    } else {
        assert!((-64..=64).contains(&score), "score {score}: {ctx}");
        if p & o == 0 {
            if score <= alpha.clamp(-65, 64) {
                assert!(at_most(p, o, score), "fail-low {score} below the exact score: {ctx}");
            } else {
                assert!(at_least(p, o, score), "fail-high {score} above the exact score: {ctx}");
            }
        }
    }
    for (k, name) in levels() {
        let mut n = 0;
        assert_eq!((k.solve_shallow(b, alpha, &mut n), n), (score, n_portable), "{:?}: {ctx}", k.isa());
        // SAFETY: NUL-terminated level names; live board and counter, or NULL.
        unsafe {
            assert_eq!(ek_set_isa(name.as_ptr()), EK_OK);
            let mut n = 1_000_000_007;
            assert_eq!(ek_solve_shallow(b, alpha, &mut n), score, "ek_solve_shallow with {:?}: {ctx}", k.isa());
            assert_eq!(n - 1_000_000_007, n_portable, "ek_solve_shallow's nodes with {:?}: {ctx}", k.isa());
            assert_eq!(ek_solve_shallow(b, alpha, core::ptr::null_mut()), score);
            assert_eq!(ek_solve_shallow(core::ptr::null(), alpha, &mut n), EK_SCORE_NONE);
            assert_eq!(n - 1_000_000_007, n_portable, "a NULL board added nodes");
        }
    }
}

/// Checks `ek_nws_endgame` on `b` with `alphas` in turn on one table of 2^`bits` entries per level.
pub fn check_nws(b: &EkBoard, alphas: [i32; 2], bits: u32) {
    let ctx = format!("{b:?} ({} empties) alphas {alphas:?}, table 2^{bits}", (b.player | b.opponent).count_zeros());
    let mut want: Option<Vec<(i32, i64, u64)>> = None;
    for (k, name) in levels() {
        let mut t = common::edax_table::EdaxTable::new(bits, 1);
        // SAFETY: NUL-terminated level names; a live board, a valid table (EdaxTable owns its
        // entries and locks) and a live counter.
        let got: Vec<_> = unsafe {
            assert_eq!(ek_set_isa(name.as_ptr()), EK_OK);
            alphas
                .iter()
                .map(|&alpha| {
                    let mut n = 0;
                    let score = ek_nws_endgame(b, alpha, &mut t.table, core::ptr::null(), &mut n);
                    (score, n, t.checksum())
                })
                .collect()
        };
        assert!(t.unlocked(), "a lock left held with {:?}: {ctx}", k.isa());
        match &want {
            None => want = Some(got),
            Some(w) => assert_eq!(&got, w, "{:?}: {ctx}", k.isa()),
        }
    }
    let (p, o) = (b.player, b.opponent);
    if p & o != 0 {
        // Refused: nothing searched, nothing stored.
        let empty = common::edax_table::EdaxTable::new(bits, 1).checksum();
        for &(score, nodes, table) in want.iter().flatten() {
            assert_eq!((score, nodes, table), (EK_SCORE_NONE, 0, empty), "overlap searched: {ctx}");
        }
        return;
    }
    for (&alpha, &(score, nodes, _)) in alphas.iter().zip(want.iter().flatten()) {
        assert!((-64..=64).contains(&score) && nodes > 0, "score {score}, {nodes} nodes: {ctx}");
        if score <= alpha.clamp(-65, 64) {
            assert!(at_most(p, o, score), "fail-low {score} below the exact score: {ctx}");
        } else {
            assert!(at_least(p, o, score), "fail-high {score} above the exact score: {ctx}");
        }
    }
}

/// One solve's outcome: the status and, on success, the result.
type Outcome = (i32, Option<EkSolveResult>);

/// The result a failed call must leave untouched.
const SENTINEL: EkSolveResult = EkSolveResult { score: 12345, best_move: -77, nodes: 99 };

/// Checks a solve's result against the exact score of `b` (a valid board).
fn check_result(b: &EkBoard, (alpha, beta): (i32, i32), r: &EkSolveResult) {
    let (p, o) = (b.player, b.opponent);
    let ctx = format!("{b:?} ({alpha}, {beta}): {r:?}");
    let s = r.score;
    assert!((-64..=64).contains(&s), "score out of range: {ctx}");
    if s <= alpha {
        assert!(at_most(p, o, s), "fail-low above the exact score: {ctx}");
    } else if s >= beta {
        assert!(at_least(p, o, s), "fail-high below the exact score: {ctx}");
    } else {
        assert!(at_most(p, o, s) && at_least(p, o, s), "not the exact score: {ctx}");
    }
    if s > alpha {
        check_move(b, r);
    } else {
        check_move_is_legal(b, r);
    }
}

/// A result's move is legal (`EK_PASS` / `EK_NOMOVE` exactly when the player must pass / the
/// game is over); returns whether it is a square.
fn check_move_is_legal(b: &EkBoard, r: &EkSolveResult) -> bool {
    let k = portable();
    let (p, o) = (b.player, b.opponent);
    let moves = k.get_moves(p, o);
    if moves == 0 {
        let want = if k.can_move(o, p) { EK_PASS } else { EK_NOMOVE };
        assert_eq!(r.best_move, want, "pass / game over: {b:?} {r:?}");
        return false;
    }
    assert!((0..64).contains(&r.best_move) && moves >> r.best_move & 1 == 1, "not a legal move: {b:?} {r:?}");
    true
}

/// A result's move is legal and reaches its score: the child's exact score (for the opponent)
/// is at most minus the score.
fn check_move(b: &EkBoard, r: &EkSolveResult) {
    if check_move_is_legal(b, r) {
        let (p, o, x) = (b.player, b.opponent, r.best_move);
        let f = portable().flip(x, p, o);
        assert!(at_most(o ^ f, p ^ f ^ (1 << x), -r.score), "the move does not reach the score: {b:?} {r:?}");
    }
}

/// Runs `windows` on `b` with a fresh solver on every level (node limit `limit`, 0: none) and
/// requires the same outcomes everywhere, then checks them.
pub fn check_solver(b: &EkBoard, windows: &[(i32, i32)], limit: u64) {
    let (p, o) = (b.player, b.opponent);
    assert!((p | o).count_zeros() <= SOLVER_MAX_EMPTIES);
    let mut first: Option<Vec<Outcome>> = None;
    for (k, name) in levels() {
        // SAFETY: a NUL-terminated level name.
        assert_eq!(unsafe { ek_set_isa(name.as_ptr()) }, EK_OK);
        let s = ek_solver_new(10);
        assert!(!s.is_null());
        // The Rust API (the same entry, behind a status mapping) on the first level only.
        let rust = (k.isa() == Isa::Portable).then(|| EkSolver::new(10).expect("a table of 1024 entries"));
        if let Some(rust) = &rust {
            rust.set_node_limit(limit);
        }
        let mut outcomes = Vec::new();
        // SAFETY: a live solver, board and result, or NULL where tested.
        unsafe {
            assert_eq!(ek_solver_set_node_limit(s, limit), EK_OK);
            for &(alpha, beta) in windows {
                let mut out = SENTINEL;
                let status = ek_solver_solve(s, b, alpha, beta, &mut out);
                let valid = -64 <= alpha && alpha < beta && beta <= 64 && p & o == 0;
                let ctx = format!("{b:?} ({alpha}, {beta}) limit {limit} on {:?}", k.isa());
                match status {
                    EK_OK => assert!(valid, "a bad window or overlap solved: {ctx}"),
                    EK_ERR_RANGE => assert!(!valid, "a valid solve refused: {ctx}"),
                    EK_ERR_STOPPED => assert!(valid && limit != 0, "stopped without a limit: {ctx}"),
                    s => panic!("status {s}: {ctx}"),
                }
                if status != EK_OK {
                    assert_eq!(out, SENTINEL, "written on failure: {ctx}");
                }
                // The Rust API on its own solver, given the same solves: the same outcome.
                if let Some(rust) = &rust {
                    match (status, rust.solve(b, alpha, beta)) {
                        (EK_OK, Ok(r)) => assert_eq!(r, out, "EkSolver::solve: {ctx}"),
                        (EK_ERR_STOPPED, Err(SolveError::Stopped)) => {}
                        (EK_ERR_RANGE, Err(SolveError::Range)) => {}
                        (s, r) => panic!("EkSolver::solve {r:?}, the C ABI {s}: {ctx}"),
                    }
                }
                outcomes.push((status, (status == EK_OK).then_some(out)));
            }
            let mut out = SENTINEL;
            assert_eq!(ek_solver_solve(s, core::ptr::null(), -64, 64, &mut out), EK_ERR_NULL);
            assert_eq!(ek_solver_solve(core::ptr::null_mut(), b, -64, 64, &mut out), EK_ERR_NULL);
            assert_eq!(ek_solver_solve(s, b, -64, 64, core::ptr::null_mut()), EK_ERR_NULL);
            assert_eq!(out, SENTINEL);
            ek_solver_free(s);
        }
        match &first {
            None => first = Some(outcomes),
            Some(f) => assert_eq!(&outcomes, f, "{:?} differs from portable on {b:?} windows {windows:?}", k.isa()),
        }
    }
    let outcomes = first.expect("portable at least");
    for (&w, (_, r)) in windows.iter().zip(&outcomes) {
        if let Some(r) = r {
            check_result(b, w, r);
        }
    }
}

/// `b` (valid, at most 12 empty squares) and three of its symmetric boards (symmetries 7 and
/// two chosen by `s`) in one batch call, on one level (chosen by `s`: every level over the
/// inputs; `check_solver` compares the levels' single solves): the batch gives the answers of
/// single calls on a second solver (given the same boards, its table evolves alike); each board
/// gets `b`'s exact score (symmetry keeps it) and a move giving it.
pub fn check_batch(b: &EkBoard, s: u8) {
    let k = portable();
    let boards: Vec<EkBoard> = [0, 1 + s as i32 % 3, 4 + (s / 3) as i32 % 3, 7].map(|s| k.symmetry(*b, s)).to_vec();
    let ps: Vec<u64> = boards.iter().map(|b| b.player).collect();
    let os: Vec<u64> = boards.iter().map(|b| b.opponent).collect();
    let (level, name) = &levels()[(s / 9) as usize % levels().len()];
    let (mut scores, mut moves) = ([0i32; 4], [0i32; 4]);
    let mut results = Vec::new();
    // SAFETY: a NUL-terminated level name; live solvers and arrays of 4 elements.
    unsafe {
        assert_eq!(ek_set_isa(name.as_ptr()), EK_OK);
        let (batch, single) = (ek_solver_new(10), ek_solver_new(10));
        assert!(!batch.is_null() && !single.is_null());
        let status = ek_solver_solve_batch(batch, 4, ps.as_ptr(), os.as_ptr(), scores.as_mut_ptr(), moves.as_mut_ptr());
        assert_eq!(status, EK_OK, "batch on {:?}: {b:?}", level.isa());
        for (i, sym) in boards.iter().enumerate() {
            let mut r = SENTINEL;
            assert_eq!(ek_solver_solve(single, sym, -64, 64, &mut r), EK_OK);
            assert_eq!((scores[i], moves[i]), (r.score, r.best_move), "batch #{i} on {:?}: {sym:?}", level.isa());
            results.push(r);
        }
        ek_solver_free(batch);
        ek_solver_free(single);
    }
    assert!(results.iter().all(|r| r.score == results[0].score), "symmetric boards' scores differ: {b:?} {results:?}");
    // The first result in full; the others' moves (their scores equal the first's).
    check_result(&boards[0], (-64, 64), &results[0]);
    for (sym, r) in boards.iter().zip(&results).skip(1) {
        check_move(sym, r);
    }
}
