//! Batch kernels: on every level, each batch result equals the portable level's batch result
//! and the level's own single-board kernel, on 1,000,000 random reachable positions and
//! 1,000,000 arbitrary bit patterns; every length remainder, unaligned starts, in-place use,
//! and the C exports' NULL and zero-length rules.

mod common;

use common::{random_positions, supported_levels, SplitMix64};
use edax_kernels::ffi::api::{EK_ERR_NULL, EK_OK};
use edax_kernels::ffi::batch_api::*;
use edax_kernels::{BatchIn, BatchOut, EkBoard, Isa, Kernels};
use std::sync::OnceLock;

/// Random positions checked: a million (fewer under emulation, `common::scaled`).
fn n() -> usize {
    common::scaled(1_000_000)
}

/// Structure-of-arrays inputs: squares, players, opponents.
struct Inputs {
    xs: Vec<i32>,
    ps: Vec<u64>,
    os: Vec<u64>,
}

/// A square for each board: mostly a legal move, else any square, sometimes not a square.
fn squares(boards: &[EkBoard], seed: u64) -> Vec<i32> {
    let k = Isa::Portable.kernels().expect("portable is always supported");
    let mut rng = SplitMix64(seed);
    boards
        .iter()
        .map(|b| {
            let moves = k.get_moves(b.player, b.opponent);
            match rng.next_u64() % 16 {
                0 => [-1, 64, 65, 100, i32::MIN, i32::MAX, -64, 128][(rng.next_u64() % 8) as usize],
                1..=4 => (rng.next_u64() % 64) as i32,
                _ if moves != 0 => rng.pick_bit(moves) as i32,
                _ => (rng.next_u64() % 64) as i32,
            }
        })
        .collect()
}

fn soa(boards: &[EkBoard], seed: u64) -> Inputs {
    Inputs {
        xs: squares(boards, seed),
        ps: boards.iter().map(|b| b.player).collect(),
        os: boards.iter().map(|b| b.opponent).collect(),
    }
}

fn reachable() -> &'static Inputs {
    static R: OnceLock<Inputs> = OnceLock::new();
    R.get_or_init(|| soa(&random_positions(0xBA7C_0001, n()), 0xBA7C_0002))
}

/// Arbitrary pairs, overlapping bitboards included.
fn raw() -> &'static Inputs {
    static R: OnceLock<Inputs> = OnceLock::new();
    R.get_or_init(|| {
        let mut rng = SplitMix64(0xBA7C_0003);
        let boards: Vec<EkBoard> = (0..n())
            .map(|i| {
                let (a, b, c) = (rng.next_u64(), rng.next_u64(), rng.next_u64());
                match i % 3 {
                    0 => EkBoard::new(a, b),
                    1 => EkBoard::new(a & c, b & !c),
                    _ => EkBoard::new(a & b, c & !a),
                }
            })
            .collect();
        soa(&boards, 0xBA7C_0004)
    })
}

fn portable() -> &'static Kernels {
    Isa::Portable.kernels().expect("portable is always supported")
}

/// The outputs of every batch kernel of `k` on `inp`.
#[derive(PartialEq, Debug)]
struct Outputs {
    flip: Vec<u64>,
    next: (Vec<u64>, Vec<u64>),
    last: Vec<i32>,
    moves: Vec<u64>,
    mobility: Vec<i32>,
    stability: Vec<i32>,
    hash: Vec<u64>,
}

fn run_all(k: &Kernels, inp: &Inputs) -> Outputs {
    let n = inp.xs.len();
    let (xs, ps, os) = (BatchIn::from(&inp.xs[..]), BatchIn::from(&inp.ps[..]), BatchIn::from(&inp.os[..]));
    let mut o = Outputs {
        flip: vec![0; n],
        next: (vec![0; n], vec![0; n]),
        last: vec![0; n],
        moves: vec![0; n],
        mobility: vec![0; n],
        stability: vec![0; n],
        hash: vec![0; n],
    };
    assert_eq!(k.flip_batch(xs, ps, os, BatchOut::from(&mut o.flip[..])), n);
    assert_eq!(k.board_next_batch(xs, ps, os, (&mut o.next.0[..]).into(), (&mut o.next.1[..]).into()), n);
    assert_eq!(k.count_last_flip_batch(xs, ps, (&mut o.last[..]).into()), n);
    assert_eq!(k.get_moves_batch(ps, os, (&mut o.moves[..]).into()), n);
    assert_eq!(k.get_mobility_batch(ps, os, (&mut o.mobility[..]).into()), n);
    assert_eq!(k.get_stability_batch(ps, os, (&mut o.stability[..]).into()), n);
    assert_eq!(k.hash_code_batch(ps, os, (&mut o.hash[..]).into()), n);
    o
}

/// Checks every batch output of `k` against its single-board kernels, board by board.
fn check_against_single(k: &Kernels, inp: &Inputs, out: &Outputs, set: &str) {
    for i in 0..inp.xs.len() {
        let (x, p, o) = (inp.xs[i], inp.ps[i], inp.os[i]);
        let ctx = || format!("{:?} {set} #{i}: x={x} P={p:016x} O={o:016x}", k.isa());
        assert_eq!(out.flip[i], k.flip(x, p, o), "flip {}", ctx());
        let next = EkBoard::new(p, o).next(x, k.flip(x, p, o));
        assert_eq!((out.next.0[i], out.next.1[i]), (next.player, next.opponent), "board_next {}", ctx());
        assert_eq!(out.last[i], k.count_last_flip(x, p), "count_last_flip {}", ctx());
        assert_eq!(out.moves[i], k.get_moves(p, o), "get_moves {}", ctx());
        assert_eq!(out.mobility[i], k.get_mobility(p, o), "get_mobility {}", ctx());
        assert_eq!(out.stability[i], k.get_stability(p, o), "get_stability {}", ctx());
        assert_eq!(out.hash[i], k.hash_code(&EkBoard::new(p, o)), "hash {}", ctx());
    }
}

#[test]
fn every_level_equals_portable_and_its_single_board_kernels() {
    for (set, inp) in [("reachable", reachable()), ("raw", raw())] {
        let want = run_all(portable(), inp);
        for k in supported_levels() {
            let got = run_all(k, inp);
            check_against_single(k, inp, &got, set);
            // Equal to the single-board kernels, which equal portable's (tests/differential.rs);
            // compared directly as well.
            assert!(got == want, "{:?} batch differs from portable on {set}", k.isa());
        }
    }
}

#[test]
fn reachable_inputs_cover_moves_squares_and_non_squares() {
    let inp = reachable();
    let k = portable();
    let legal = (0..n()).filter(|&i| k.get_moves(inp.ps[i], inp.os[i]) >> (inp.xs[i] & 63) & 1 == 1).count();
    let non_squares = inp.xs.iter().filter(|&&x| !(0..64).contains(&x)).count();
    assert!(legal > n() / 2 && non_squares > n() / 32, "legal {legal}, non-squares {non_squares}");
}

/// Every length 0..=40 at every start offset 0..8 (unaligned starts, every remainder mod 8
/// and mod 4): the first `len` outputs are right and nothing past them is written.
#[test]
fn every_length_and_offset() {
    const SENTINEL: u64 = 0xDEAD_BEEF_DEAD_BEEF;
    let inp = reachable();
    for k in supported_levels() {
        for start in 0..8 {
            for len in 0..=40 {
                let r = start..start + len;
                let (xs, ps, os) = (&inp.xs[r.clone()], &inp.ps[r.clone()], &inp.os[r]);
                let mut flip = vec![SENTINEL; len + 9];
                let mut np = vec![SENTINEL; len + 9];
                let mut no = vec![SENTINEL; len + 9];
                let mut last = vec![i32::MIN; len + 9];
                let mut mob = vec![i32::MIN; len + 9];
                let mut moves = vec![SENTINEL; len + 9];
                let (xs_, ps_, os_) = (BatchIn::from(xs), BatchIn::from(ps), BatchIn::from(os));
                // Output slices exactly `len` long inside larger buffers, one element in.
                assert_eq!(k.flip_batch(xs_, ps_, os_, (&mut flip[1..=len]).into()), len);
                assert_eq!(
                    k.board_next_batch(xs_, ps_, os_, (&mut np[1..=len]).into(), (&mut no[1..=len]).into()),
                    len
                );
                assert_eq!(k.count_last_flip_batch(xs_, ps_, (&mut last[1..=len]).into()), len);
                assert_eq!(k.get_mobility_batch(ps_, os_, (&mut mob[1..=len]).into()), len);
                assert_eq!(k.get_moves_batch(ps_, os_, (&mut moves[1..=len]).into()), len);
                for i in 0..len {
                    let (x, p, o) = (xs[i], ps[i], os[i]);
                    let ctx = format!("{:?} start {start} len {len} #{i}", k.isa());
                    assert_eq!(flip[1 + i], k.flip(x, p, o), "flip {ctx}");
                    let next = EkBoard::new(p, o).next(x, k.flip(x, p, o));
                    assert_eq!((np[1 + i], no[1 + i]), (next.player, next.opponent), "board_next {ctx}");
                    assert_eq!(last[1 + i], k.count_last_flip(x, p), "last {ctx}");
                    assert_eq!(mob[1 + i], k.get_mobility(p, o), "mobility {ctx}");
                    assert_eq!(moves[1 + i], k.get_moves(p, o), "moves {ctx}");
                }
                for v in [&flip, &np, &no, &moves] {
                    assert!(
                        v[0] == SENTINEL && v[len + 1..].iter().all(|&s| s == SENTINEL),
                        "{:?} wrote outside",
                        k.isa()
                    );
                }
                for v in [&last, &mob] {
                    assert!(
                        v[0] == i32::MIN && v[len + 1..].iter().all(|&s| s == i32::MIN),
                        "{:?} wrote outside",
                        k.isa()
                    );
                }
            }
        }
    }
}

#[test]
fn unequal_lengths_process_the_shortest() {
    let inp = reachable();
    for k in supported_levels() {
        let mut out = vec![0u64; 30];
        let n =
            k.flip_batch((&inp.xs[..13]).into(), (&inp.ps[..20]).into(), (&inp.os[..17]).into(), (&mut out[..]).into());
        assert_eq!(n, 13);
        assert!(out[13..].iter().all(|&v| v == 0));
        let n = k.get_moves_batch((&inp.ps[..9]).into(), (&inp.os[..30]).into(), (&mut out[..]).into());
        assert_eq!(n, 9);
    }
}

fn c_inputs(n: usize) -> (Vec<i32>, Vec<u64>, Vec<u64>) {
    let inp = reachable();
    (inp.xs[..n].to_vec(), inp.ps[..n].to_vec(), inp.os[..n].to_vec())
}

#[test]
fn c_exports_match_the_dispatched_kernels_and_work_in_place() {
    let n = 1001;
    let (xs, ps, os) = c_inputs(n);
    let k = Isa::best().kernels().expect("the best level is supported");
    let (mut flip, mut last, mut mob, mut stab) = (vec![0u64; n], vec![0i32; n], vec![0i32; n], vec![0i32; n]);
    let (mut moves, mut hash) = (vec![0u64; n], vec![0u64; n]);
    // SAFETY: every array holds n elements.
    unsafe {
        assert_eq!(ek_flip_batch(n, xs.as_ptr(), ps.as_ptr(), os.as_ptr(), flip.as_mut_ptr()), EK_OK);
        assert_eq!(ek_count_last_flip_batch(n, xs.as_ptr(), ps.as_ptr(), last.as_mut_ptr()), EK_OK);
        assert_eq!(ek_get_moves_batch(n, ps.as_ptr(), os.as_ptr(), moves.as_mut_ptr()), EK_OK);
        assert_eq!(ek_get_mobility_batch(n, ps.as_ptr(), os.as_ptr(), mob.as_mut_ptr()), EK_OK);
        assert_eq!(ek_get_stability_batch(n, ps.as_ptr(), os.as_ptr(), stab.as_mut_ptr()), EK_OK);
        assert_eq!(ek_board_get_hash_code_batch(n, ps.as_ptr(), os.as_ptr(), hash.as_mut_ptr()), EK_OK);
    }
    for i in 0..n {
        let (x, p, o) = (xs[i], ps[i], os[i]);
        assert_eq!(flip[i], k.flip(x, p, o));
        assert_eq!(last[i], k.count_last_flip(x, p));
        assert_eq!(moves[i], k.get_moves(p, o));
        assert_eq!(mob[i], k.get_mobility(p, o));
        assert_eq!(stab[i], k.get_stability(p, o));
        assert_eq!(hash[i], k.hash_code(&EkBoard::new(p, o)));
    }
    // board_next in place: the arrays advance by one move each.
    let (mut gp, mut go) = (ps.clone(), os.clone());
    // SAFETY: n elements each; the outputs are exactly the inputs, which the export allows.
    let st = unsafe { ek_board_next_batch(n, xs.as_ptr(), gp.as_ptr(), go.as_ptr(), gp.as_mut_ptr(), go.as_mut_ptr()) };
    assert_eq!(st, EK_OK);
    for i in 0..n {
        let next = EkBoard::new(ps[i], os[i]).next(xs[i], k.flip(xs[i], ps[i], os[i]));
        assert_eq!((gp[i], go[i]), (next.player, next.opponent), "in place #{i}");
    }
    // flip in place over the players.
    let mut inplace = ps.clone();
    // SAFETY: as above.
    assert_eq!(unsafe { ek_flip_batch(n, xs.as_ptr(), inplace.as_ptr(), os.as_ptr(), inplace.as_mut_ptr()) }, EK_OK);
    assert_eq!(inplace, flip);
}

#[test]
fn c_exports_null_and_zero_length() {
    let n = 3;
    let (xs, ps, os) = c_inputs(n);
    let null_u = core::ptr::null::<u64>();
    let null_i = core::ptr::null::<i32>();
    let mut out = vec![7u64; n];
    let mut out2 = vec![7u64; n];
    let mut iout = vec![7i32; n];
    let (x, p, o) = (xs.as_ptr(), ps.as_ptr(), os.as_ptr());
    // SAFETY: non-NULL pointers hold n elements; NULL ones are rejected before any access.
    unsafe {
        // n == 0: EK_OK whatever the pointers, nothing written.
        assert_eq!(ek_flip_batch(0, null_i, null_u, null_u, core::ptr::null_mut()), EK_OK);
        assert_eq!(ek_board_next_batch(0, null_i, null_u, null_u, core::ptr::null_mut(), core::ptr::null_mut()), EK_OK);
        assert_eq!(ek_count_last_flip_batch(0, null_i, null_u, core::ptr::null_mut()), EK_OK);
        assert_eq!(ek_get_moves_batch(0, null_u, null_u, core::ptr::null_mut()), EK_OK);
        assert_eq!(ek_get_mobility_batch(0, null_u, null_u, core::ptr::null_mut()), EK_OK);
        assert_eq!(ek_get_stability_batch(0, null_u, null_u, core::ptr::null_mut()), EK_OK);
        assert_eq!(ek_board_get_hash_code_batch(0, null_u, null_u, core::ptr::null_mut()), EK_OK);
        assert_eq!(ek_flip_batch(0, x, p, o, out.as_mut_ptr()), EK_OK);
        // n > 0 and one NULL, in each position: EK_ERR_NULL, nothing written.
        let o_ = out.as_mut_ptr();
        assert_eq!(ek_flip_batch(n, null_i, p, o, o_), EK_ERR_NULL);
        assert_eq!(ek_flip_batch(n, x, null_u, o, o_), EK_ERR_NULL);
        assert_eq!(ek_flip_batch(n, x, p, null_u, o_), EK_ERR_NULL);
        assert_eq!(ek_flip_batch(n, x, p, o, core::ptr::null_mut()), EK_ERR_NULL);
        let o2 = out2.as_mut_ptr();
        assert_eq!(ek_board_next_batch(n, null_i, p, o, o_, o2), EK_ERR_NULL);
        assert_eq!(ek_board_next_batch(n, x, null_u, o, o_, o2), EK_ERR_NULL);
        assert_eq!(ek_board_next_batch(n, x, p, null_u, o_, o2), EK_ERR_NULL);
        assert_eq!(ek_board_next_batch(n, x, p, o, core::ptr::null_mut(), o2), EK_ERR_NULL);
        assert_eq!(ek_board_next_batch(n, x, p, o, o_, core::ptr::null_mut()), EK_ERR_NULL);
        let io = iout.as_mut_ptr();
        assert_eq!(ek_count_last_flip_batch(n, null_i, p, io), EK_ERR_NULL);
        assert_eq!(ek_count_last_flip_batch(n, x, null_u, io), EK_ERR_NULL);
        assert_eq!(ek_count_last_flip_batch(n, x, p, core::ptr::null_mut()), EK_ERR_NULL);
        for f in [ek_get_moves_batch, ek_board_get_hash_code_batch] {
            assert_eq!(f(n, null_u, o, o_), EK_ERR_NULL);
            assert_eq!(f(n, p, null_u, o_), EK_ERR_NULL);
            assert_eq!(f(n, p, o, core::ptr::null_mut()), EK_ERR_NULL);
        }
        for f in [ek_get_mobility_batch, ek_get_stability_batch] {
            assert_eq!(f(n, null_u, o, io), EK_ERR_NULL);
            assert_eq!(f(n, p, null_u, io), EK_ERR_NULL);
            assert_eq!(f(n, p, o, core::ptr::null_mut()), EK_ERR_NULL);
        }
    }
    assert!(out.iter().chain(&out2).all(|&v| v == 7) && iout.iter().all(|&v| v == 7), "written on error");
}
