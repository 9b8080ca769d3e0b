//! Small enough for Miri (`cargo +nightly miri test --test miri`, see scripts/miri.sh), which
//! checks the unsafe code it runs for undefined behaviour: every level Miri can run (the
//! portable one, and the SIMD ones whose target features the build enables, as Miri reports no
//! other CPU feature), the `ek_` C ABI with valid, NULL, aliasing and dangling-table pointers,
//! the dispatch (first-call selection, level switches), the endgame leaf search, Edax's endgame
//! search on Edax's table layout (its locks and atomics, two threads sharing a table) and the
//! exact solver on positions of a few empty squares. Also runs natively with the suite.

mod common;

use common::edax_table::EdaxTable;
use common::{exact, naive_flip, naive_moves, random_positions, random_positions_where};
use edax_kernels::ffi::api::*;
use edax_kernels::ffi::solver_api::*;
use edax_kernels::{EkBoard, EkHash, EkHashTable, EkPerftStats, EkSolveResult, EkSolver, Isa, Kernels};
use std::cell::Cell;
use std::ffi::CStr;

/// A few reachable positions and a few arbitrary (overlapping) pairs.
fn boards() -> Vec<EkBoard> {
    let n = if cfg!(miri) { 6 } else { 400 };
    let mut boards = random_positions(0xEDA5_0007, n);
    boards.extend([
        EkBoard::new(u64::MAX, u64::MAX),
        EkBoard::new(0x0000_0018_1800_0000, 0x0000_0010_0800_0000),
        EkBoard::new(0x8100_0000_0000_0081, 0x7E00_0000_0000_007E),
        EkBoard::new(0xFFFF_FFFF_0000_0000, 0x0000_0000_FFFF_FFFE),
    ]);
    boards
}

fn levels() -> Vec<&'static Kernels> {
    Isa::ALL.into_iter().filter_map(Isa::kernels).collect()
}

/// The squares checked on each board: every one natively, a spread under Miri, and bad ones.
fn squares() -> Vec<i32> {
    let mut xs: Vec<i32> = if cfg!(miri) { vec![0, 7, 19, 27, 36, 56, 63] } else { (0..64).collect() };
    xs.extend([-1, 64, 65, i32::MIN, i32::MAX]);
    xs
}

/// Under Miri, a SIMD level runs when the build enables its target features (Miri reports no
/// other CPU feature): scripts/miri.sh runs this file once as is and once for x86-64-v3.
#[test]
#[cfg(miri)]
fn miri_runs_the_levels_the_build_enables() {
    let avx2 = cfg!(all(
        target_feature = "avx2",
        target_feature = "bmi1",
        target_feature = "bmi2",
        target_feature = "lzcnt",
        target_feature = "popcnt",
        target_feature = "sse4.2"
    ));
    assert_eq!(Isa::Avx2.is_available(), avx2);
    eprintln!("levels under Miri: {:?}", levels().iter().map(|k| k.isa()).collect::<Vec<_>>());
}

#[test]
fn every_level_against_the_oracles_and_portable() {
    let portable = Isa::Portable.kernels().expect("portable");
    assert!(levels().len() >= 2, "at least portable and SSE2 run here");
    for k in levels() {
        for b in boards() {
            let (p, o) = (b.player, b.opponent);
            for x in squares() {
                let want = if (0..64).contains(&x) { naive_flip(x as u32, p, o) } else { 0 };
                assert_eq!(k.flip(x, p, o), want, "{:?} flip {x} {b:?}", k.isa());
                let next = Cell::new(EkBoard::default());
                assert_eq!(k.board_next(&Cell::new(b), x, &next), want);
                assert_eq!(k.count_last_flip(x, p), portable.count_last_flip(x, p));
                assert_eq!(k.board_score_1(p, o, 0, x), portable.board_score_1(p, o, 0, x));
                assert_eq!(k.board_score_1_exact(p, o, x), portable.board_score_1_exact(p, o, x));
            }
            assert_eq!(k.get_moves(p, o), naive_moves(p, o), "{:?} moves {b:?}", k.isa());
            let pairs = |k: &Kernels| {
                [
                    k.get_mobility(p, o),
                    k.get_weighted_mobility(p, o),
                    k.get_potential_mobility(p, o),
                    k.get_stability(p, o),
                    k.get_edge_stability(p, o),
                    k.get_corner_stability(p),
                    k.bit_count(p),
                    k.can_move(p, o) as i32,
                ]
            };
            assert_eq!(pairs(k), pairs(portable), "{:?} counts {b:?}", k.isa());
            assert_eq!(k.hash_code(&b), portable.hash_code(&b));
            assert_eq!(k.unique(b), portable.unique(b));
            for s in [0, 3, 5, 7, -1, 8] {
                assert_eq!(k.symmetry(b, s), portable.symmetry(b, s));
            }
        }
        let depth = if cfg!(miri) { 2 } else { 5 };
        assert_eq!(k.perft(EkBoard::START, depth), portable.perft(EkBoard::START, depth));
        assert_eq!(k.perft(EkBoard::START, -1), EkPerftStats::default());
    }
}

#[test]
fn c_abi_with_valid_null_aliasing_and_dangling_pointers() {
    let null_board = core::ptr::null::<EkBoard>();
    for b in boards() {
        let (p, o) = (b.player, b.opponent);
        let mut out = EkBoard::new(1, 2);
        // SAFETY: every pointer is NULL or points to a live local of the right type.
        unsafe {
            let f = ek_board_next(&b, 19, &mut out);
            assert_eq!(f, ek_flip(19, p, o));
            assert_eq!(ek_board_flip(&b, 19), f);
            // In place: both pointers from one raw pointer (two references would not alias).
            let mut same = b;
            let ptr: *mut EkBoard = &mut same;
            assert_eq!(ek_board_next(ptr, 19, ptr), f, "in place");
            assert_eq!(same, out);
            assert_eq!(ek_board_next(null_board, 19, &mut out), 0);
            assert_eq!(ek_board_next(&b, 19, core::ptr::null_mut()), 0);
            assert_eq!(ek_board_flip(null_board, 19), 0);
            assert_eq!(ek_board_score_1(null_board, 0, 0), EK_SCORE_NONE);
            assert_eq!(ek_board_score_1_exact(null_board, 0), EK_SCORE_NONE);
            assert_eq!(ek_board_score_1(&b, 64, 3), ek_board_score_1_exact(&b, 3));
            assert_eq!(ek_board_get_hash_code(null_board), 0);
            assert_ne!(ek_board_get_hash_code(&b), 0);

            let mut sym = b;
            let ptr: *mut EkBoard = &mut sym;
            assert_eq!(ek_board_symetry(ptr, 5, ptr), EK_OK, "in place");
            assert_eq!(ek_board_symetry(&b, 8, &mut out), EK_ERR_RANGE);
            assert_eq!(ek_board_symetry(null_board, 1, &mut out), EK_ERR_NULL);
            assert_eq!(ek_board_symetry(&b, 1, core::ptr::null_mut()), EK_ERR_NULL);
            let mut u = b;
            let ptr: *mut EkBoard = &mut u;
            let s = ek_board_unique(ptr, ptr);
            assert!((0..8).contains(&s), "in place");
            assert_eq!(ek_board_unique(null_board, &mut out), EK_ERR_NULL);
            assert_eq!(ek_board_unique(&b, core::ptr::null_mut()), EK_ERR_NULL);

            let mut stats = EkPerftStats::default();
            assert_eq!(ek_perft_stats(p, o, 1, &mut stats), EK_OK);
            assert_eq!(stats.nodes, ek_perft(p, o, 1));
            assert_eq!(ek_perft_stats(p, o, 1, core::ptr::null_mut()), EK_ERR_NULL);

            // Prefetches of a real table, of a table whose entries pointer dangles, and NULL.
            let mut entries = [EkHash { board: b, data: core::mem::zeroed() }; 8];
            let mut table = EkHashTable {
                hash: entries.as_mut_ptr(),
                spin: core::ptr::null_mut(),
                n_hash: 4,
                hash_mask: 3,
                spin_mask: 0,
                n_spin: 0,
                date: 0,
            };
            ek_hash_prefetch(&table, p);
            table.hash = core::ptr::without_provenance_mut(0xDEAD_BEEF);
            table.hash_mask = u64::MAX;
            ek_hash_prefetch(&table, o);
            ek_hash_prefetch(core::ptr::null(), o);
        }
    }
}

#[test]
fn c_abi_strings_and_levels() {
    // SAFETY: the returned strings are static and NUL-terminated.
    let text = |s: *const core::ffi::c_char| unsafe { CStr::from_ptr(s) }.to_str().expect("UTF-8").to_owned();
    for code in [EK_OK, EK_ERR_NULL, EK_ERR_RANGE, EK_ERR_ISA_UNKNOWN, EK_ERR_ISA_UNSUPPORTED, EK_ERR_INTERNAL] {
        assert_ne!(text(ek_status_message(code)), "unknown status code", "code {code}");
    }
    assert_eq!(text(ek_status_message(i32::MIN)), "unknown status code");
    assert_eq!(text(ek_version()), env!("CARGO_PKG_VERSION"));
    assert_eq!(ek_isa_env_status(), EK_OK);
    // SAFETY: NULL or NUL-terminated strings, as the contract asks.
    unsafe {
        assert_eq!(ek_set_isa(core::ptr::null()), EK_ERR_NULL);
        assert_eq!(ek_isa_supported(core::ptr::null()), EK_ERR_NULL);
        assert_eq!(ek_set_isa(c"\xFF\xFEnot utf-8".as_ptr()), EK_ERR_ISA_UNKNOWN);
        assert_eq!(ek_isa_supported(c"".as_ptr()), EK_ERR_ISA_UNKNOWN);
        for isa in Isa::ALL {
            let name = std::ffi::CString::new(isa.name()).expect("no NUL");
            let supported = isa.is_available();
            assert_eq!(ek_isa_supported(name.as_ptr()), supported as i32);
            let want = if supported { EK_OK } else { EK_ERR_ISA_UNSUPPORTED };
            assert_eq!(ek_set_isa(name.as_ptr()), want, "{isa:?}");
            if supported {
                assert_eq!(text(ek_isa()), isa.name());
                assert_eq!(edax_kernels::active_isa(), isa);
                let b = EkBoard::START;
                assert_eq!(ek_get_moves(b.player, b.opponent), 0x0000_1020_0408_0000);
            }
        }
    }
}

/// The evaluation kernels of every level Miri runs, and the `ek_eval_` C ABI without weights
/// (a valid weights file is 14 MB, too slow to parse under Miri: one small weight table is built
/// here instead).
#[test]
fn eval_kernels_and_c_abi() {
    use edax_kernels::eval::{self, EkEval, EkMove, INDEX_LEN};
    use edax_kernels::ffi::eval_api::*;
    // Zeroed (cheap under Miri), then every 61st entry set.
    let mut weights: Box<[i16; INDEX_LEN]> = vec![0; INDEX_LEN].try_into().expect("INDEX_LEN weights");
    for u in (0..INDEX_LEN).step_by(61) {
        weights[u] = (u * 7919 % 601) as i16 - 300;
    }
    let portable = Isa::Portable.kernels().expect("portable");
    for b in boards().into_iter().filter(|b| b.player & b.opponent == 0).take(4) {
        let f = eval::features(&b);
        let want = portable.eval_accumulate(&f, &weights);
        let moves = portable.get_moves(b.player, b.opponent);
        let x = if moves == 0 { 0 } else { moves.trailing_zeros() as i32 };
        let flipped = portable.flip(x, b.player, b.opponent);
        for player in [0, 1] {
            let mut want_next = f;
            portable.eval_update(&f, &mut want_next, x, flipped, player);
            for k in levels() {
                assert_eq!(k.eval_accumulate(&f, &weights), want, "{:?}", k.isa());
                let mut next = f;
                k.eval_update(&f, &mut next, x, flipped, player);
                assert_eq!(next, want_next, "{:?}", k.isa());
            }
        }
    }

    // The C ABI: allocation, set, update, restore, pass, accumulate without weights, free.
    let mut e = EkEval { feature: core::ptr::null_mut(), player: 0, ply: 0 };
    let bad = [0u8; 40];
    // SAFETY: live arguments, or NULL where allowed.
    unsafe {
        assert_eq!(ek_eval_load_buffer(bad.as_ptr(), bad.len()), EK_ERR_EVAL_FORMAT);
        assert_eq!(ek_eval_load_buffer(core::ptr::null(), 0), EK_ERR_NULL);
        assert_eq!(ek_eval_init(&mut e), EK_OK);
        assert_eq!(ek_eval_set(&mut e, &EkBoard::START), EK_OK);
        let mv = EkMove { next: core::ptr::null_mut(), flipped: 1 << 28, x: 19, score: 0, cost: 0 };
        assert_eq!(ek_eval_update(&mut e, &mv), EK_OK);
        assert_eq!((e.ply, e.player), (1, 1));
        let slot = *e.feature.add(1);
        let mut want = eval::features(&EkBoard::START);
        portable.eval_update(&eval::features(&EkBoard::START), &mut want, 19, 1 << 28, 0);
        assert_eq!(slot, want);
        assert_eq!(ek_eval_pass(&mut e), EK_OK);
        assert_eq!(ek_eval_pass(&mut e), EK_OK);
        assert_eq!(ek_eval_restore(&mut e), EK_OK);
        assert_eq!((e.ply, e.player), (0, 0));
        let mut sum = 7;
        if ek_eval_loaded() == 0 {
            assert_eq!(ek_eval_accumulate_checked(&e, &mut sum), EK_ERR_EVAL_NONE);
            assert_eq!(sum, 7);
        }
        ek_eval_free(&mut e);
        assert!(e.feature.is_null());
    }
}

/// Empty squares of a board.
fn empties(b: &EkBoard) -> u32 {
    (b.player | b.opponent).count_zeros()
}

/// Positions for the leaf search and the solver: a few reachable ones with 4 to 6 empty squares
/// under Miri (4 to 10 natively), and one whose player must pass (4 empty squares).
fn endgame_boards() -> Vec<EkBoard> {
    let (n, max) = if cfg!(miri) { (3, 6) } else { (300, 10) };
    let mut boards = random_positions_where(0xEDA5_0011, n, |b| (4..=max).contains(&empties(b)));
    boards.push(EkBoard::new(0x30f8_c0dc_f8f8_7e0f, 0xcf07_3f23_0707_0120));
    boards
}

/// The names of the levels that run here, for `ek_set_isa`.
fn level_names() -> Vec<std::ffi::CString> {
    levels().iter().map(|k| std::ffi::CString::new(k.isa().name()).expect("no NUL")).collect()
}

/// `solve_shallow` of every level Miri runs and `ek_solve_shallow` through the C ABI with each
/// active: portable's score and node count, a fail-soft bound of the exact score; an
/// overlapping board (a defined value, the same everywhere); NULL board and counter; a board
/// with too many empty squares.
#[test]
fn solve_shallow_levels_and_c_abi() {
    let portable = Isa::Portable.kernels().expect("portable");
    let mut boards = endgame_boards();
    let overlap = EkBoard::new(boards[0].player | 0x8000_0000_0000_0001, boards[0].opponent | 0x8000_0000_0000_0001);
    boards.push(overlap);
    let alphas: &[i32] = if cfg!(miri) { &[-3, 2, i32::MIN] } else { &[-65, -9, -3, 0, 2, 17, 64, i32::MIN, i32::MAX] };
    let names = level_names();
    for b in &boards {
        let v = if b.player & b.opponent == 0 { Some(exact(portable, b.player, b.opponent, -65, 65)) } else { None };
        for &alpha in alphas {
            let mut nodes = 0;
            let score = portable.solve_shallow(b, alpha, &mut nodes);
            assert!(nodes > 0, "{b:?} alpha {alpha}: no node");
            if let Some(v) = v {
                let ok = if score <= alpha.clamp(-65, 64) { v <= score } else { v >= score };
                assert!(ok, "{b:?} alpha {alpha}: {score}, exact {v}");
            }
            for (k, name) in levels().into_iter().zip(&names) {
                let mut n = 0;
                assert_eq!((k.solve_shallow(b, alpha, &mut n), n), (score, nodes), "{:?} {b:?} alpha {alpha}", k.isa());
                // SAFETY: a NUL-terminated name; a live board and counter, or NULL.
                unsafe {
                    assert_eq!(ek_set_isa(name.as_ptr()), EK_OK);
                    let mut n = 7;
                    assert_eq!(ek_solve_shallow(b, alpha, &mut n), score, "ek_solve_shallow {:?} {b:?}", k.isa());
                    assert_eq!(n, 7 + nodes, "nodes added");
                    assert_eq!(ek_solve_shallow(b, alpha, core::ptr::null_mut()), score);
                }
            }
        }
    }
    let mut n = 7;
    // SAFETY: NULL, or a live board and counter.
    unsafe {
        assert_eq!(ek_solve_shallow(core::ptr::null(), 0, &mut n), EK_SCORE_NONE);
        assert_eq!(ek_solve_shallow(&EkBoard::START, 0, &mut n), EK_SCORE_NONE);
    }
    assert_eq!(n, 7, "nodes added without a search");
}

/// `ek_nws_endgame` with each level Miri runs: the same score, nodes and table as portable, call
/// after call on two shared tables (the date moved on between rounds), a fail-soft bound of the
/// exact score; the stop flag; and two threads searching one table at once (Edax's threads share
/// theirs), each with its own result.
#[test]
fn nws_endgame_levels_threads_and_c_abi() {
    let portable = Isa::Portable.kernels().expect("portable");
    let mut boards = endgame_boards();
    if cfg!(miri) {
        // Two positions and the one with a pass.
        boards.drain(2..boards.len() - 1);
    }
    let alphas: &[i32] = if cfg!(miri) { &[-3, 2] } else { &[-65, -9, -3, 0, 2, 17, 64] };
    let names = level_names();
    let search = |t: &mut EdaxTable, b: &EkBoard, alpha: i32, stop: *const i32| {
        let mut n = 0;
        // SAFETY: a live board, a valid table (EdaxTable owns its entries and locks), a live flag
        // or NULL, and a live counter.
        let score = unsafe { ek_nws_endgame(b, alpha, &mut t.table, stop, &mut n) };
        (score, n, t.checksum())
    };
    let mut want = Vec::new();
    for name in &names {
        // SAFETY: a NUL-terminated name.
        assert_eq!(unsafe { ek_set_isa(name.as_ptr()) }, EK_OK);
        // Tables of 2^2..2^8 entries: Miri pays for every byte the checksums read.
        let (mut small, mut large) = (EdaxTable::new(2, 1), EdaxTable::new(if cfg!(miri) { 5 } else { 8 }, 1));
        let mut got = Vec::new();
        for round in 0..2 {
            small.table.date += round;
            for b in &boards {
                for &alpha in alphas {
                    got.push(search(&mut small, b, alpha, core::ptr::null()));
                    got.push(search(&mut large, b, alpha, core::ptr::null()));
                }
            }
        }
        assert!(small.unlocked() && large.unlocked());
        if want.is_empty() {
            want = got;
        } else {
            assert_eq!(got, want, "{name:?}");
        }
    }
    let mut results = want.iter();
    for _ in 0..2 {
        for b in &boards {
            let v = exact(portable, b.player, b.opponent, -65, 65);
            for &alpha in alphas {
                for _ in 0..2 {
                    let score = results.next().expect("a result").0;
                    let ok = if score <= alpha { v <= score } else { v >= score };
                    assert!(ok, "{b:?} alpha {alpha}: {score}, exact {v}");
                }
            }
        }
    }
    let mut t = EdaxTable::new(2, 1);
    let before = t.checksum();
    assert_eq!(search(&mut t, &boards[0], 5, &1), (5, 0, before), "stopped: nothing searched");

    // Two threads on one table: each gets the score it gets alone (the table changes the node
    // counts, never the scores' bounds), and no lock stays held.
    let alone: Vec<i32> = boards.iter().map(|b| search(&mut EdaxTable::new(2, 1), b, 0, core::ptr::null()).0).collect();
    let mut shared = EdaxTable::new(3, 1);
    let table = core::ptr::addr_of_mut!(shared.table) as usize;
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                for (b, &score) in boards.iter().zip(&alone) {
                    let mut n = 0;
                    // SAFETY: the table outlives the scope, and ek_nws_endgame takes Edax's locks
                    // for what it changes; a live board and counter.
                    let got = unsafe { ek_nws_endgame(b, 0, table as *mut EkHashTable, core::ptr::null(), &mut n) };
                    assert_eq!(got > 0, score > 0, "{b:?}: {got} shared, {score} alone");
                }
            });
        }
    });
    assert!(shared.unlocked());
}

/// A position of 10 empty squares (of a random game), and its exact score.
const DEEP: EkBoard = EkBoard { player: 0xa6ee_def7_4303_0f1f, opponent: 0x0901_2108_3c3c_3020 };
const DEEP_SCORE: i32 = 16;

#[test]
#[cfg(not(miri))]
fn deep_score_is_exact() {
    let portable = Isa::Portable.kernels().expect("portable");
    assert_eq!(exact(portable, DEEP.player, DEEP.opponent, -65, 65), DEEP_SCORE);
}

/// The solver through the C ABI on every level Miri runs (and the Rust `EkSolver`): exact
/// scores and moves giving them, fail-soft bounds on narrow windows, a table of 2 entries, the
/// batch call against single calls, NULL pointers, bad windows, overlap, node limit, stop,
/// clear, free.
#[test]
fn solver_c_abi() {
    let portable = Isa::Portable.kernels().expect("portable");
    let boards = endgame_boards();
    let exacts: Vec<i32> = boards.iter().map(|b| exact(portable, b.player, b.opponent, -65, 65)).collect();
    let names = level_names();
    let sentinel = EkSolveResult { score: 12345, best_move: -77, nodes: 99 };
    for name in &names {
        // SAFETY: a NUL-terminated name; live solvers, boards and results, or NULL where tested;
        // each solver freed once, when no solve runs.
        unsafe {
            assert_eq!(ek_set_isa(name.as_ptr()), EK_OK);
            for bits in [0, -1, 33, i32::MIN] {
                assert!(ek_solver_new(bits).is_null(), "hash_bits {bits}");
            }
            let (s, tiny) = (ek_solver_new(6), ek_solver_new(1));
            assert!(!s.is_null() && !tiny.is_null());
            for (b, &v) in boards.iter().zip(&exacts) {
                for solver in [s, tiny] {
                    let mut out = sentinel;
                    assert_eq!(ek_solver_solve(solver, b, -64, 64, &mut out), EK_OK);
                    assert_eq!(out.score, v, "{b:?}");
                    let moves = portable.get_moves(b.player, b.opponent);
                    if moves == 0 {
                        assert_eq!(out.best_move, EK_PASS, "{b:?}");
                    } else {
                        let x = out.best_move;
                        assert!((0..64).contains(&x) && moves >> x & 1 == 1, "{b:?}: move {x}");
                        let f = portable.flip(x, b.player, b.opponent);
                        assert_eq!(
                            -exact(portable, b.opponent ^ f, b.player ^ f ^ (1 << x), -65, 65),
                            v,
                            "{b:?}: move {x}"
                        );
                    }
                }
                // Narrow windows on a cleared table: fail-soft bounds.
                for (alpha, beta) in [(v, v + 1), (v - 1, v)] {
                    if alpha < -64 || beta > 64 {
                        continue;
                    }
                    assert_eq!(ek_solver_clear(s), EK_OK);
                    let mut out = sentinel;
                    assert_eq!(ek_solver_solve(s, b, alpha, beta, &mut out), EK_OK);
                    let ok = if out.score <= alpha { out.score >= v } else { out.score <= v && out.score >= beta };
                    assert!(ok, "{b:?} ({alpha}, {beta}): {}, exact {v}", out.score);
                }
            }

            // Bad arguments: nothing written.
            let b = &boards[0];
            let mut out = sentinel;
            assert_eq!(ek_solver_solve(core::ptr::null_mut(), b, -64, 64, &mut out), EK_ERR_NULL);
            assert_eq!(ek_solver_solve(s, core::ptr::null(), -64, 64, &mut out), EK_ERR_NULL);
            assert_eq!(ek_solver_solve(s, b, -64, 64, core::ptr::null_mut()), EK_ERR_NULL);
            for (alpha, beta) in [(0, 0), (3, -3), (-65, 0), (0, 65)] {
                assert_eq!(ek_solver_solve(s, b, alpha, beta, &mut out), EK_ERR_RANGE);
            }
            let overlap = EkBoard::new(b.player | 1, b.opponent | 1);
            assert_eq!(ek_solver_solve(s, &overlap, -64, 64, &mut out), EK_ERR_RANGE);
            assert_eq!(ek_solver_set_node_limit(core::ptr::null_mut(), 1), EK_ERR_NULL);
            assert_eq!(ek_solver_set_node_limit(s, 1), EK_OK);
            assert_eq!(ek_solver_solve(s, b, -64, 64, &mut out), EK_ERR_STOPPED);
            assert_eq!(out, sentinel, "written on failure");
            assert_eq!(ek_solver_set_node_limit(s, 0), EK_OK);
            ek_solver_stop(core::ptr::null_mut());
            ek_solver_stop(s); // no solve running: the next one is not stopped
            assert_eq!(ek_solver_clear(core::ptr::null_mut()), EK_ERR_NULL);
            assert_eq!(ek_solver_clear(s), EK_OK);
            assert_eq!(ek_solver_solve(s, b, -64, 64, &mut out), EK_OK);
            assert_eq!(out.score, exacts[0]);

            // The batch: single calls on a second solver, given the same boards.
            let (ps, os): (Vec<u64>, Vec<u64>) = boards.iter().map(|b| (b.player, b.opponent)).unzip();
            let n = boards.len();
            let (mut scores, mut moves) = (vec![-999; n], vec![-999; n]);
            let (batch, single) = (ek_solver_new(6), ek_solver_new(6));
            assert_eq!(
                ek_solver_solve_batch(batch, n, ps.as_ptr(), os.as_ptr(), scores.as_mut_ptr(), moves.as_mut_ptr()),
                EK_OK
            );
            for (i, b) in boards.iter().enumerate() {
                let mut r = sentinel;
                assert_eq!(ek_solver_solve(single, b, -64, 64, &mut r), EK_OK);
                assert_eq!((scores[i], moves[i]), (r.score, r.best_move), "batch #{i}");
            }
            assert_eq!(scores, exacts);
            let mut scores2 = vec![-999; n];
            assert_eq!(ek_solver_clear(batch), EK_OK);
            assert_eq!(
                ek_solver_solve_batch(batch, n, ps.as_ptr(), os.as_ptr(), scores2.as_mut_ptr(), core::ptr::null_mut()),
                EK_OK
            );
            assert_eq!(scores2, exacts);
            let null = core::ptr::null::<u64>();
            assert_eq!(
                ek_solver_solve_batch(
                    core::ptr::null_mut(),
                    n,
                    ps.as_ptr(),
                    os.as_ptr(),
                    scores2.as_mut_ptr(),
                    core::ptr::null_mut()
                ),
                EK_ERR_NULL
            );
            assert_eq!(
                ek_solver_solve_batch(batch, n, null, os.as_ptr(), scores2.as_mut_ptr(), core::ptr::null_mut()),
                EK_ERR_NULL
            );
            assert_eq!(
                ek_solver_solve_batch(batch, n, ps.as_ptr(), null, scores2.as_mut_ptr(), core::ptr::null_mut()),
                EK_ERR_NULL
            );
            assert_eq!(
                ek_solver_solve_batch(batch, n, ps.as_ptr(), os.as_ptr(), core::ptr::null_mut(), moves.as_mut_ptr()),
                EK_ERR_NULL
            );
            assert_eq!(
                ek_solver_solve_batch(batch, 0, null, null, core::ptr::null_mut(), core::ptr::null_mut()),
                EK_OK
            );
            // Overlap at position 1: position 0 solved and written, the rest not.
            let (mut ps1, mut scores3) = (ps.clone(), vec![-999; n]);
            ps1[1] |= os[1] & os[1].wrapping_neg();
            assert_eq!(
                ek_solver_solve_batch(batch, n, ps1.as_ptr(), os.as_ptr(), scores3.as_mut_ptr(), core::ptr::null_mut()),
                EK_ERR_RANGE
            );
            assert_eq!(scores3[0], exacts[0]);
            assert!(scores3[1..].iter().all(|&s| s == -999));
            // 10 empty squares: the null-window search above the leaf search (table, stability
            // cut-off, move ordering, prefetch) runs too; its score is checked natively below.
            assert_eq!(ek_solver_clear(s), EK_OK);
            let mut out = sentinel;
            assert_eq!(ek_solver_solve(s, &DEEP, -64, 64, &mut out), EK_OK);
            assert_eq!(out.score, DEEP_SCORE);
            assert!(out.nodes > 1000, "{} nodes", out.nodes);
            assert_eq!(ek_solver_solve(s, &DEEP, DEEP_SCORE - 1, DEEP_SCORE + 1, &mut out), EK_OK);
            assert_eq!(out.score, DEEP_SCORE);
            for solver in [s, tiny, batch, single, core::ptr::null_mut()] {
                ek_solver_free(solver);
            }
        }
    }
    // The Rust API, shared by reference (EkSolver is Sync).
    let solver = EkSolver::new(6).expect("a table");
    let shared: &EkSolver = &solver;
    for (b, &v) in boards.iter().zip(&exacts) {
        assert_eq!(shared.solve(b, -64, 64).map(|r| r.score), Ok(v), "{b:?}");
    }
}
