//! Evaluation: Edax's known answers (with the synthetic eval.dat of tests/data/golden, made
//! here at test time), incremental updates against fresh feature sets on every level, and every
//! bad-file case.

mod common;

use common::{dec, golden, hex, random_positions, supported_levels, synthetic, SplitMix64};
use edax_kernels::eval::{self, EkEval, EkEvalFeature, EkMove, EVAL_FILE_SIZE};
use edax_kernels::ffi::api::*;
use edax_kernels::ffi::eval_api::*;
use edax_kernels::{EkBoard, Isa};
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

/// Tests that change which weights are loaded, or need the synthetic ones, hold this lock.
fn weights_lock() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

fn load_synthetic() -> &'static eval::Weights {
    eval::load_buffer(&synthetic().1).expect("the synthetic eval.dat loads")
}

fn cstring(p: &std::path::Path) -> std::ffi::CString {
    std::ffi::CString::new(p.as_os_str().as_encoded_bytes()).expect("no NUL in the path")
}

/// An `EkEval` allocated through the C API, freed on drop.
struct Eval(EkEval);

impl Eval {
    fn new() -> Eval {
        let mut e = EkEval { feature: std::ptr::null_mut(), player: 0, ply: 0 };
        // SAFETY: a valid, writable EkEval.
        assert_eq!(unsafe { ek_eval_init(&mut e) }, EK_OK);
        Eval(e)
    }
    fn current(&self) -> EkEvalFeature {
        // SAFETY: ply is within the 61 slots ek_eval_init allocated.
        unsafe { *self.0.feature.add(self.0.ply as usize) }
    }
}

impl Drop for Eval {
    fn drop(&mut self) {
        // SAFETY: allocated by ek_eval_init.
        unsafe { ek_eval_free(&mut self.0) };
    }
}

fn mv(x: i32, flipped: u64) -> EkMove {
    EkMove { next: std::ptr::null_mut(), flipped, x, score: 0, cost: 0 }
}

/// Edax's features of each position: `eval::features` and `ek_eval_set` on every level, each
/// against the file (its 47 features; the file has no padding slot).
#[test]
fn features_match_edax() {
    let _level = weights_lock();
    let recs = golden("eval_features.txt");
    assert_eq!(recs.len(), 1469);
    let mut want = [0u16; 47];
    for k in supported_levels() {
        edax_kernels::set_active_isa(k.isa()).expect("supported");
        for r in &recs {
            let b = EkBoard::new(hex(&r[0]), hex(&r[1]));
            assert_eq!(r.len(), 2 + 47);
            for (w, v) in want.iter_mut().zip(&r[2..]) {
                *w = dec(v);
            }
            assert_eq!(eval::features(&b).v[..47], want, "eval::features {b:?}");
            let mut e = Eval::new();
            // SAFETY: valid pointers.
            assert_eq!(unsafe { ek_eval_set(&mut e.0, &b) }, EK_OK);
            assert_eq!(e.current().v[..47], want, "{:?} ek_eval_set {b:?}", k.isa());
        }
    }
    edax_kernels::set_active_isa(Isa::best()).expect("best");
}

#[test]
fn games_match_edax_on_every_level() {
    let _g = weights_lock();
    let w = load_synthetic();
    let recs = golden("eval.txt");
    let k0 = Isa::Portable.kernels().expect("portable");
    for k in supported_levels() {
        edax_kernels::set_active_isa(k.isa()).expect("supported");
        let mut e = Eval::new();
        let mut prev: Option<EkBoard> = None;
        for r in &recs {
            let b = EkBoard::new(hex(&r[0]), hex(&r[1]));
            let (ply, player, acc) = (dec::<i32>(&r[2]), dec::<i32>(&r[3]), dec::<i32>(&r[4]));
            let new_game = ply == 0 && player == 0 && b == EkBoard::START;
            match prev {
                Some(p) if !new_game => {
                    // SAFETY (both branches): valid pointers.
                    if b == p.swapped() {
                        assert_eq!(unsafe { ek_eval_pass(&mut e.0) }, EK_OK);
                    } else {
                        let x = ((b.player | b.opponent) & !(p.player | p.opponent)).trailing_zeros() as i32;
                        let m = mv(x, k0.flip(x, p.player, p.opponent));
                        assert_eq!(unsafe { ek_eval_update(&mut e.0, &m) }, EK_OK);
                    }
                }
                // SAFETY: valid pointers.
                _ => assert_eq!(unsafe { ek_eval_set(&mut e.0, &b) }, EK_OK),
            }
            prev = Some(b);
            let ctx = format!("{:?}: {b:?} ply {ply}", k.isa());
            assert_eq!((e.0.ply, e.0.player), (ply, player), "{ctx}");
            // SAFETY: valid pointer.
            assert_eq!(unsafe { ek_eval_accumulate(&e.0) }, acc, "{ctx}");
            assert_eq!(w.accumulate(k, &e.current(), ply as usize, player), acc, "{ctx}");
            // A fresh feature set of the same position, side to move as player 0, agrees.
            assert_eq!(w.accumulate(k, &eval::features(&b), ply as usize, 0), acc, "fresh {ctx}");
        }
    }
    edax_kernels::set_active_isa(Isa::best()).expect("supported");
}

/// The features of `b` in the game's colour frame: as seen by player 0.
fn frame(b: EkBoard, player: i32) -> EkBoard {
    if player == 0 {
        b
    } else {
        b.swapped()
    }
}

#[test]
fn incremental_equals_fresh_along_10000_games_on_every_level() {
    let k0 = Isa::Portable.kernels().expect("portable");
    for k in supported_levels() {
        let mut rng = SplitMix64(0xE7A1);
        let mut plies = 0u64;
        for _ in 0..10_000 {
            let mut b = EkBoard::START;
            let mut f = vec![eval::features(&b)];
            let mut player = 0;
            loop {
                let moves = k0.get_moves(b.player, b.opponent);
                if moves == 0 {
                    if !k0.can_move(b.opponent, b.player) {
                        break;
                    }
                    b = b.swapped();
                    player ^= 1;
                    continue;
                }
                let x = rng.pick_bit(moves) as i32;
                let flipped = k0.flip(x, b.player, b.opponent);
                let mut next = EkEvalFeature { v: [0; 48] };
                k.eval_update(f.last().expect("a slot"), &mut next, x, flipped, player);
                b = b.next(x, flipped);
                player ^= 1;
                assert_eq!(next, eval::features(&frame(b, player)), "{:?} after {x} on ply {}", k.isa(), f.len());
                f.push(next);
                plies += 1;
            }
        }
        assert!(plies > 500_000, "{plies} plies only");
    }
}

#[test]
fn update_restore_pass_through_the_c_api() {
    let _g = weights_lock();
    let w = load_synthetic();
    let k = Isa::Portable.kernels().expect("portable");
    let mut rng = SplitMix64(3);
    for b in random_positions(0xE7A2, 2000).into_iter().filter(|b| (b.player | b.opponent).count_ones() < 64) {
        let mut e = Eval::new();
        // SAFETY (all calls): valid pointers.
        assert_eq!(unsafe { ek_eval_set(&mut e.0, &b) }, EK_OK);
        let before = (e.current(), unsafe { ek_eval_accumulate(&e.0) });
        let moves = k.get_moves(b.player, b.opponent);
        if moves != 0 {
            let x = rng.pick_bit(moves) as i32;
            let m = mv(x, k.flip(x, b.player, b.opponent));
            assert_eq!(unsafe { ek_eval_update(&mut e.0, &m) }, EK_OK);
            let after = b.next(x, m.flipped);
            let fresh = w.accumulate(k, &eval::features(&after), e.0.ply as usize, 0);
            assert_eq!(unsafe { ek_eval_accumulate(&e.0) }, fresh);
            assert_eq!(unsafe { ek_eval_restore(&mut e.0) }, EK_OK);
        }
        assert_eq!(unsafe { ek_eval_pass(&mut e.0) }, EK_OK);
        assert_eq!(unsafe { ek_eval_pass(&mut e.0) }, EK_OK);
        assert_eq!((e.current(), unsafe { ek_eval_accumulate(&e.0) }), before);
    }
}

/// The eval.dat image with every field and weight byte-swapped (a big-endian file).
fn byte_swapped(data: &[u8]) -> Vec<u8> {
    let mut s = data.to_vec();
    for w in s[..20].chunks_exact_mut(4) {
        w.reverse();
    }
    s[20..28].reverse();
    for w in s[28..].chunks_exact_mut(2) {
        w.reverse();
    }
    s
}

#[test]
fn byte_swapped_file_gives_the_same_weights() {
    let _g = weights_lock();
    let data = &synthetic().1;
    let w = eval::load_buffer(data).expect("loads");
    let s = eval::load_buffer(&byte_swapped(data)).expect("the byte-swapped image loads");
    assert_eq!(w.version, [4, 6, 0]);
    assert_eq!(s.version, w.version);
    let k = Isa::Portable.kernels().expect("portable");
    for (i, b) in random_positions(0xE7A3, 5000).iter().enumerate() {
        let f = eval::features(b);
        let ply = i % 61;
        assert_eq!(s.accumulate(k, &f, ply, (i % 2) as i32), w.accumulate(k, &f, ply, (i % 2) as i32));
    }
    load_synthetic();
}

#[test]
fn bad_files_are_rejected_and_change_nothing() {
    let _g = weights_lock();
    let good = load_synthetic() as *const eval::Weights;
    let data = &synthetic().1;
    let accumulate = || {
        let mut e = Eval::new();
        let mut sum = 0;
        // SAFETY: valid pointers.
        let status = unsafe {
            ek_eval_set(&mut e.0, &EkBoard::START);
            ek_eval_accumulate_checked(&e.0, &mut sum)
        };
        (status, sum)
    };
    let before = accumulate();
    assert_eq!(before.0, EK_OK);
    let mut wrong_magic = data.clone();
    wrong_magic[0] ^= 1;
    let mut half_swapped = data.clone();
    half_swapped[..4].reverse();
    let cases: Vec<(&str, Vec<u8>, i32)> = vec![
        ("empty", vec![], EK_ERR_EVAL_FORMAT),
        ("header only", data[..28].to_vec(), EK_ERR_EVAL_SIZE),
        ("truncated by one byte", data[..data.len() - 1].to_vec(), EK_ERR_EVAL_SIZE),
        ("one byte too many", [data.as_slice(), &[0]].concat(), EK_ERR_EVAL_SIZE),
        ("not EDAX", wrong_magic, EK_ERR_EVAL_FORMAT),
        ("mixed byte orders", half_swapped, EK_ERR_EVAL_FORMAT),
        ("other bytes", (0..EVAL_FILE_SIZE).map(|i| (i * 7919 % 251) as u8).collect(), EK_ERR_EVAL_FORMAT),
    ];
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    for (name, bytes, want) in &cases {
        // SAFETY: a valid buffer.
        assert_eq!(unsafe { ek_eval_load_buffer(bytes.as_ptr(), bytes.len()) }, *want, "buffer: {name}");
        let path = dir.join(format!("bad_{}.dat", name.replace(' ', "_")));
        std::fs::write(&path, bytes).expect("write the bad file");
        // SAFETY: a NUL-terminated path.
        assert_eq!(unsafe { ek_eval_load_file(cstring(&path).as_ptr()) }, *want, "file: {name}");
        assert_eq!(eval::loaded().map(|w| w as *const _), Some(good), "{name}: the previous weights stay");
        assert_eq!(accumulate(), before, "{name}");
    }
    let missing = cstring(&dir.join("no_such_eval.dat"));
    // SAFETY (all calls): NUL-terminated paths, or NULL.
    unsafe {
        assert_eq!(ek_eval_load_file(missing.as_ptr()), EK_ERR_IO);
        assert_eq!(ek_eval_load_file(std::ptr::null()), EK_ERR_NULL);
        assert_eq!(ek_eval_load_buffer(std::ptr::null(), 10), EK_ERR_NULL);
        assert_eq!(accumulate(), before);
        // A good file by path loads (the same weights: reused, not duplicated).
        assert_eq!(ek_eval_load_file(cstring(&synthetic().0).as_ptr()), EK_OK);
    }
    assert_eq!(eval::loaded().map(|w| w as *const _), Some(good));
    // Unloaded: accumulate says so, and returns 0.
    ek_eval_unload();
    assert_eq!(ek_eval_loaded(), 0);
    assert_eq!(accumulate(), (EK_ERR_EVAL_NONE, 0));
    load_synthetic();
    assert_eq!(ek_eval_loaded(), 1);
}

#[test]
fn bad_eval_state_is_rejected() {
    let mut e = Eval::new();
    let m = mv(19, 0x0000_0000_0800_0000);
    // SAFETY (all calls): valid pointers or NULL.
    unsafe {
        assert_eq!(ek_eval_init(std::ptr::null_mut()), EK_ERR_NULL);
        assert_eq!(ek_eval_set(std::ptr::null_mut(), &EkBoard::START), EK_ERR_NULL);
        assert_eq!(ek_eval_set(&mut e.0, std::ptr::null()), EK_ERR_NULL);
        assert_eq!(ek_eval_set(&mut e.0, &EkBoard::new(1, 2)), EK_ERR_RANGE, "62 empty squares: no ply slot");
        assert_eq!(ek_eval_set(&mut e.0, &EkBoard::START), EK_OK);
        assert_eq!(ek_eval_update(&mut e.0, std::ptr::null()), EK_ERR_NULL);
        assert_eq!(ek_eval_update(&mut e.0, &mv(64, 0)), EK_ERR_RANGE);
        assert_eq!(ek_eval_update(&mut e.0, &mv(-1, 0)), EK_ERR_RANGE);
        e.0.ply = 60;
        assert_eq!(ek_eval_update(&mut e.0, &m), EK_ERR_RANGE, "no slot after ply 60");
        e.0.ply = 0;
        assert_eq!(ek_eval_restore(&mut e.0), EK_ERR_RANGE, "nothing before ply 0");
        e.0.ply = 61;
        assert_eq!(ek_eval_accumulate(&e.0), 0);
        let mut sum = 0;
        assert_eq!(ek_eval_accumulate_checked(&e.0, &mut sum), EK_ERR_RANGE);
        assert_eq!(ek_eval_accumulate_checked(&e.0, std::ptr::null_mut()), EK_ERR_NULL);
        assert_eq!(ek_eval_accumulate(std::ptr::null()), 0);
        assert_eq!(ek_eval_pass(std::ptr::null_mut()), EK_ERR_NULL);
        assert_eq!(ek_eval_restore(std::ptr::null_mut()), EK_ERR_NULL);
        ek_eval_free(std::ptr::null_mut());
        let mut empty = EkEval { feature: std::ptr::null_mut(), player: 0, ply: 0 };
        assert_eq!(ek_eval_set(&mut empty, &EkBoard::START), EK_ERR_NULL);
        assert_eq!(ek_eval_update(&mut empty, &m), EK_ERR_NULL);
        ek_eval_free(&mut empty);
    }
}

#[test]
fn garbage_features_stay_in_bounds() {
    let _g = weights_lock();
    let w = load_synthetic();
    let portable = Isa::Portable.kernels().expect("portable");
    let mut rng = SplitMix64(9);
    for k in supported_levels() {
        for _ in 0..10_000 {
            let mut f = EkEvalFeature { v: [0; 48] };
            for v in f.v.iter_mut() {
                *v = rng.next_u64() as u16;
            }
            let ply = (rng.next_u64() % 61) as usize;
            let p = (rng.next_u64() % 2) as i32;
            assert_eq!(w.accumulate(k, &f, ply, p), w.accumulate(portable, &f, ply, p));
        }
    }
}

#[test]
fn update_of_any_input_equals_portable() {
    let portable = Isa::Portable.kernels().expect("portable");
    let mut rng = SplitMix64(10);
    for k in supported_levels() {
        for _ in 0..100_000 {
            let mut from = EkEvalFeature { v: [0; 48] };
            for v in from.v.iter_mut() {
                *v = rng.next_u64() as u16;
            }
            let (x, flipped, player) = (rng.next_u64() as i32 % 100, rng.next_u64(), rng.next_u64() as i32 % 3);
            let (mut a, mut b) = (EkEvalFeature { v: [0; 48] }, EkEvalFeature { v: [1; 48] });
            k.eval_update(&from, &mut a, x, flipped, player);
            portable.eval_update(&from, &mut b, x, flipped, player);
            assert_eq!(a, b, "{:?}: x {x} flipped {flipped:016x} player {player}", k.isa());
        }
    }
}

#[test]
fn concurrent_loads_load_once() {
    let _g = weights_lock();
    let data = synthetic().1.clone();
    let results: Vec<usize> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..8)
            .map(|_| s.spawn(|| eval::load_buffer(&data).expect("loads") as *const eval::Weights as usize))
            .collect();
        handles.into_iter().map(|h| h.join().expect("no panic")).collect()
    });
    assert!(results.windows(2).all(|p| p[0] == p[1]), "one weight set for all threads");
    assert_eq!(eval::loaded().map(|w| w as *const eval::Weights as usize), Some(results[0]));
}

/// Edax's `eval_sigma` once weights are loaded: its formula, computed here, on every level
/// (each compiles it with its own instructions). Before any load it is 0: c_tests/edax_drop_in.c
/// checks that in a fresh process.
#[test]
fn eval_sigma_on_every_level() {
    let _lock = weights_lock();
    load_synthetic();
    for k in supported_levels() {
        let isa = k.isa();
        for (n_empty, depth, probcut) in (0..=60).flat_map(|e| (0..=e.min(30)).map(move |d| (e, d, d / 2))) {
            let s = -0.10026799 * n_empty as f64 + 0.31027733 * depth as f64 - 0.57772603 * probcut as f64;
            let want = 0.07585621 * s * s + 1.16492647 * s + 5.4171698;
            assert_eq!(
                k.eval_sigma(n_empty, depth, probcut),
                want,
                "{isa:?} eval_sigma({n_empty}, {depth}, {probcut})"
            );
        }
    }
}

#[test]
fn layouts_match_edax() {
    use std::mem::{align_of, offset_of, size_of};
    assert_eq!(size_of::<EkEvalFeature>(), 96);
    assert_eq!(align_of::<EkEvalFeature>(), 32);
    assert_eq!(size_of::<EkEval>(), 16);
    assert_eq!(offset_of!(EkEval, player), 8);
    assert_eq!(offset_of!(EkEval, ply), 12);
    assert_eq!(size_of::<EkMove>(), 32);
    assert_eq!(offset_of!(EkMove, flipped), 8);
    assert_eq!(offset_of!(EkMove, x), 16);
    assert_eq!(offset_of!(EkMove, score), 20);
    assert_eq!(offset_of!(EkMove, cost), 24);
}
