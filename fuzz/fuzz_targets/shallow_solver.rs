//! The endgame leaf search, Edax's endgame search and the exact solver on boards of at most 12
//! empty squares, made from arbitrary bit patterns (overlapping bitboards included) or reached
//! by a game the input chooses: every level against portable, directly and through the C ABI,
//! and against an exact oracle (see `edax_kernels_fuzz::solver`).
#![no_main]

use edax_kernels::EkBoard;
use edax_kernels_fuzz::solver::{check_batch, check_nws, check_shallow, check_solver, SOLVER_MAX_EMPTIES};
use edax_kernels_fuzz::{game, nth_bit, Reader};
use libfuzzer_sys::fuzz_target;

/// A window from two bytes: mostly valid ones (any pair in -64..=64, ordered), sometimes the
/// raw pair (then possibly empty, reversed or out of range).
fn window(r: &mut Reader) -> (i32, i32) {
    let (a, b) = (r.u8() as i32 % 131 - 65, r.u8() as i32 % 131 - 65);
    if r.u8().is_multiple_of(8) {
        return (a, b);
    }
    let (a, b) = (a.clamp(-64, 64), b.clamp(-64, 64));
    let (lo, hi) = (a.min(b), a.max(b));
    if lo == hi {
        if hi == 64 {
            (63, 64)
        } else {
            (lo, lo + 1)
        }
    } else {
        (lo, hi)
    }
}

/// Alpha for the leaf search: any 32-bit value, or (mostly) one near the scores.
fn alpha(r: &mut Reader) -> i32 {
    let (mode, a) = (r.u8(), r.i32());
    if mode % 4 == 0 {
        a
    } else {
        a.rem_euclid(133) - 66
    }
}

/// The solver's windows and node limit (0: none; small limits stop the larger solves).
fn solves(r: &mut Reader) -> (Vec<(i32, i32)>, u64) {
    let windows = (0..1 + r.u8() % 3).map(|_| window(r)).collect();
    let limit = match r.u8() {
        l @ 0..=15 => l as u64 * 97,
        _ => 0,
    };
    (windows, limit)
}

fuzz_target!(|data: &[u8]| {
    let mut r = Reader::new(data);
    match r.u8() % 4 {
        // Any bit patterns, all 64 squares: the leaf search only (mostly more than 10 empties).
        0 => {
            let b = EkBoard::new(r.u64(), r.u64());
            check_shallow(&b, alpha(&mut r));
        }
        // Any bit patterns on all but 0..=12 chosen squares, every occupied square someone's
        // (with or without overlap): the leaf search, the solver, and the batch when valid.
        1 | 2 => {
            let (p, o, n) = (r.u64(), r.u64(), r.u8() as u32 % (SOLVER_MAX_EMPTIES + 1));
            let mut empty = 0u64;
            for _ in 0..n {
                let free = !empty;
                empty |= 1 << nth_bit(free, r.u8() as u32 % free.count_ones());
            }
            let overlap = r.u8().is_multiple_of(4);
            let (p, o) = (p & !empty, if overlap { (o | !p) & !empty } else { !p & !empty });
            let b = EkBoard::new(p, o);
            check_shallow(&b, alpha(&mut r));
            check_nws(&b, [alpha(&mut r), alpha(&mut r)], 1 + r.u8() as u32 % 8);
            let (windows, limit) = solves(&mut r);
            check_solver(&b, &windows, limit);
            let batch = r.u8();
            if !overlap && batch.is_multiple_of(8) {
                check_batch(&b, batch / 8);
            }
        }
        // The positions of a game the rest of the input chooses, from 12 empty squares on: the
        // leaf search at each, the solver at some, a batch at one at most (each position's byte
        // decides).
        _ => {
            let (a, windows, limit) = (alpha(&mut r), solves(&mut r).0, 0);
            let mut batch_done = false;
            for (i, (b, byte)) in
                game(r.rest()).filter(|(b, _)| (b.player | b.opponent).count_zeros() <= 12).enumerate()
            {
                check_shallow(&b, a.wrapping_add(byte as i32 % 7 - 3));
                if byte % 4 == 0 || i == 0 {
                    check_solver(&b, &windows, limit);
                    check_nws(&b, [a, a.wrapping_add(byte as i32 % 5 - 2)], 4);
                }
                // One batch per game at most.
                if byte % 16 == 1 && !batch_done {
                    check_batch(&b, byte / 16);
                    batch_done = true;
                }
            }
        }
    }
});
