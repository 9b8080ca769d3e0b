//! Small enough for Miri (`cargo +nightly miri test --test miri`, see scripts/miri.sh), which
//! checks the unsafe code it runs for undefined behaviour: every level Miri can run (the
//! portable one, and the SIMD ones whose target features the build enables, as Miri reports no
//! other CPU feature), the `ek_` C ABI with valid, NULL, aliasing and dangling-table pointers,
//! and the dispatch (first-call selection, level switches). Also runs natively with the suite.

mod common;

use common::{naive_flip, naive_moves, random_positions};
use edax_kernels::ffi::api::*;
use edax_kernels::{EkBoard, EkHash, EkHashTable, EkPerftStats, Isa, Kernels};
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
/// (a valid weights file is 14 MB, too slow to parse under Miri: small index and weight tables
/// are built here instead, every index in range as the loader's are).
#[test]
fn eval_kernels_and_c_abi() {
    use edax_kernels::eval::{self, EkEval, EkMove, INDEX_LEN, PLY_STRIDE};
    use edax_kernels::ffi::eval_api::*;
    // Zeroed (cheap under Miri), then every 61st entry set.
    let mut index: Box<[u32; INDEX_LEN]> = vec![0; INDEX_LEN].try_into().expect("INDEX_LEN entries");
    let mut weights: Box<[i16; PLY_STRIDE]> = vec![0; PLY_STRIDE].try_into().expect("PLY_STRIDE weights");
    for u in (0..INDEX_LEN).step_by(61) {
        index[u] = (u * 7919 % PLY_STRIDE) as u32;
    }
    for i in (0..PLY_STRIDE).step_by(61) {
        weights[i] = (i % 601) as i16 - 300;
    }
    let portable = Isa::Portable.kernels().expect("portable");
    for b in boards().into_iter().filter(|b| b.player & b.opponent == 0).take(4) {
        let f = eval::features(&b);
        let want = portable.eval_accumulate(&f, &index, &weights);
        let moves = portable.get_moves(b.player, b.opponent);
        let x = if moves == 0 { 0 } else { moves.trailing_zeros() as i32 };
        let flipped = portable.flip(x, b.player, b.opponent);
        for player in [0, 1] {
            let mut want_next = f;
            portable.eval_update(&f, &mut want_next, x, flipped, player);
            for k in levels() {
                assert_eq!(k.eval_accumulate(&f, &index, &weights), want, "{:?}", k.isa());
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
