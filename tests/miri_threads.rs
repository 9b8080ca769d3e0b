//! The concurrency test reduced for Miri's data-race detector (`scripts/miri.sh` runs it with
//! several scheduler seeds, each a fresh process, so each initialises the library anew): four
//! threads start together and make the process's first `ek_` calls (a kernel, `ek_isa`,
//! `ek_set_isa`, `ek_isa_env_status`), then call kernels while two of them switch the level.
//! Results are checked against the portable kernels, called directly (not through the
//! dispatch, which this test must be the first to use). The full-size version is the C test
//! c_tests/concurrency.c (run under ThreadSanitizer by c_tests/sanitize.sh).
//!
//! Then (a second test, named to sort after the first: under Miri the tests run one at a time,
//! in name order) threads share one solver: the busy flag that guards its table, the stop and
//! clear calls from other threads, under the data-race detector. Full size:
//! c_tests/solver_concurrency.c.

mod common;
use edax_kernels::ffi::api::*;
use edax_kernels::ffi::solver_api::*;
use edax_kernels::{EkBoard, EkSolveResult, EkSolver, Isa, SolveError};
use std::ffi::CString;
use std::sync::{Arc, Barrier};

#[test]
fn threads_race_the_first_call_and_level_switches() {
    let portable = Isa::Portable.kernels().expect("portable");
    let names: Vec<CString> =
        Isa::ALL.into_iter().filter(|i| i.is_available()).map(|i| CString::new(i.name()).expect("no NUL")).collect();
    let boards = [EkBoard::START, EkBoard::new(0x0000_0018_1C08_0000, 0x0000_2420_0000_0000)];
    let (threads, rounds) = if cfg!(miri) { (4, 2) } else { (8, 2000) };
    let start = Arc::new(Barrier::new(threads));
    let workers: Vec<_> = (0..threads)
        .map(|id| {
            let (start, names) = (start.clone(), names.clone());
            std::thread::spawn(move || {
                start.wait();
                match id % 4 {
                    0 => assert_eq!(ek_flip(19, boards[0].player, boards[0].opponent), 1 << 27),
                    1 => assert!(!ek_isa().is_null()),
                    // SAFETY: a NUL-terminated name.
                    2 => assert_eq!(unsafe { ek_set_isa(names[0].as_ptr()) }, EK_OK),
                    _ => assert_eq!(ek_isa_env_status(), EK_OK),
                }
                for r in 0..rounds {
                    if id < 2 {
                        let name = &names[(r + id) % names.len()];
                        // SAFETY: a NUL-terminated name.
                        assert_eq!(unsafe { ek_set_isa(name.as_ptr()) }, EK_OK);
                    }
                    let b = boards[r % boards.len()];
                    let (p, o) = (b.player, b.opponent);
                    assert_eq!(ek_get_moves(p, o), portable.get_moves(p, o));
                    assert_eq!(ek_flip(26, p, o), portable.flip(26, p, o));
                    assert_eq!(ek_get_stability(p, o), portable.get_stability(p, o));
                    // SAFETY: a live board.
                    assert_eq!(unsafe { ek_board_get_hash_code(&b) }, portable.hash_code(&b));
                    assert_eq!(ek_perft(p, o, 1), portable.perft(b, 1).nodes);
                }
            })
        })
        .collect();
    for w in workers {
        w.join().expect("a worker failed");
    }
}

/// Three threads solve small positions on one solver (through the Rust `EkSolver` and the C
/// ABI) while a fourth stops and clears it: every solve gives the exact score, or is refused
/// as busy, or (for a solve the stop reached) reports the stop; a clear is done or refused as
/// busy. Positions of 4 empty squares, scores checked against the tests' portable minimax.
#[test]
fn threads_share_one_solver() {
    let (boards, exacts) = endgame_boards();
    let rounds = if cfg!(miri) { 2 } else { 2000 };
    let solver = EkSolver::new(4).expect("a table");
    std::thread::scope(|scope| {
        let solver = &solver;
        let (boards, exacts) = (&boards, &exacts);
        for id in 0..3 {
            scope.spawn(move || {
                for r in 0..rounds {
                    let i = (r + id) % boards.len();
                    let out = if id == 0 {
                        let mut out = EkSolveResult::default();
                        let ptr = (solver as *const EkSolver).cast_mut();
                        // SAFETY: a live solver (the C ABI only reads through the pointer), board and result.
                        match unsafe { ek_solver_solve(ptr, &boards[i], -64, 64, &mut out) } {
                            EK_OK => Ok(out),
                            EK_ERR_BUSY => Err(SolveError::Busy),
                            EK_ERR_STOPPED => Err(SolveError::Stopped),
                            s => panic!("status {s}"),
                        }
                    } else {
                        solver.solve(&boards[i], -64, 64)
                    };
                    match out {
                        Ok(out) => assert_eq!(out.score, exacts[i], "{:?}", boards[i]),
                        Err(SolveError::Busy) | Err(SolveError::Stopped) => {}
                        Err(SolveError::Range) => panic!("a valid solve refused: {:?}", boards[i]),
                    }
                }
            });
        }
        scope.spawn(move || {
            let ptr = (solver as *const EkSolver).cast_mut();
            for _ in 0..rounds {
                solver.stop();
                // SAFETY: a live solver.
                let status = unsafe { ek_solver_clear(ptr) };
                assert!(status == EK_OK || status == EK_ERR_BUSY, "clear: {status}");
                assert!(matches!(solver.clear(), Ok(()) | Err(SolveError::Busy)));
            }
        });
    });
    // Nothing runs any more: the solver is free and exact.
    assert_eq!(solver.solve(&boards[0], -64, 64).map(|r| r.score), Ok(exacts[0]));
}

/// A solver of 2 threads (`ek_solver_set_threads`) spreads a batch over its threads, which
/// share its table (probes and stores racing on the same positions), while another thread
/// stops it now and then: every score written is exact, and the status is `EK_OK` or
/// `EK_ERR_STOPPED`. Positions of 4 empty squares, each three times.
#[test]
fn a_solver_of_two_threads_shares_its_table() {
    let (boards, exacts) = endgame_boards();
    let (ps, os): (Vec<u64>, Vec<u64>) = boards.iter().cycle().take(9).map(|b| (b.player, b.opponent)).unzip();
    let rounds = if cfg!(miri) { 2 } else { 500 };
    let solver = ek_solver_new(2);
    // SAFETY: a live solver.
    assert_eq!(unsafe { ek_solver_set_threads(solver, 2) }, EK_OK);
    let shared = solver as usize;
    std::thread::scope(|scope| {
        scope.spawn(|| {
            for _ in 0..rounds {
                let mut scores = [99; 9];
                // SAFETY: a live solver and arrays of 9 elements.
                let status = unsafe {
                    ek_solver_solve_batch(
                        shared as *mut EkSolver,
                        9,
                        ps.as_ptr(),
                        os.as_ptr(),
                        scores.as_mut_ptr(),
                        core::ptr::null_mut(),
                    )
                };
                assert!(status == EK_OK || status == EK_ERR_STOPPED, "status {status}");
                for (i, &s) in scores.iter().enumerate() {
                    assert!(s == exacts[i % 3] || (status == EK_ERR_STOPPED && s == 99), "#{i}: {s}");
                }
            }
        });
        scope.spawn(|| {
            for _ in 0..rounds {
                // SAFETY: a live solver.
                unsafe { ek_solver_stop(shared as *mut EkSolver) };
            }
        });
    });
    // SAFETY: made by ek_solver_new, not in use any more.
    unsafe { ek_solver_free(solver) };
}

/// Final positions of a game (4 empty squares), and their exact scores by full-width minimax.
fn endgame_boards() -> ([EkBoard; 3], Vec<i32>) {
    let portable = Isa::Portable.kernels().expect("portable");
    let boards = [
        EkBoard::new(0x30f8_c0dc_f8f8_7e0f, 0xcf07_3f23_0707_0120),
        EkBoard::new(0x0276_6a72_6332_0f1c, 0xfc89_958c_9ccd_f0e0),
        EkBoard::new(0x60f2_d8ea_277b_1d00, 0x9f0d_2715_1884_82ff),
    ];
    let exacts: Vec<i32> = boards.iter().map(|b| common::minimax(portable, b.player, b.opponent)).collect();
    (boards, exacts)
}
