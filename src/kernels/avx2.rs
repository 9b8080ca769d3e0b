//! AVX2 level (x86-64-v3: AVX2, BMI1/2, LZCNT, POPCNT, SSE4.2).
//!
//! The four lines through a square sit in the four 64-bit lanes of a 256-bit vector.
//! PEXT is deliberately not used: it is microcoded and slow on AMD Zen 1 and 2, which run
//! this level (the AVX-512 level, whose CPUs all have a fast PEXT, uses it). tests/exports.rs
//! fails if PEXT or PDEP is reachable from an export on this level or below.

use super::masks::LINE_MASKS;
use super::x86::{line_steps, load4, or_lanes, splat, INNER};
use super::Prims;
use crate::types::board::{EkBoard, UniqueBoard};
use core::arch::x86_64::*;

/// Compiles each item with this level's target features, stated here once for every kernel
/// of the level (the batch kernels and the dispatch layer's entries use it too).
macro_rules! avx2_features {
    ($($item:item)*) => { $( #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,sse4.2")] $item )* };
}
pub(crate) use avx2_features as features;

/// Whether this CPU supports the level.
pub(crate) fn supported() -> bool {
    is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("lzcnt")
        && is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("sse4.2")
}

/// Spreads the set bits of each lane towards bit 0 along its line (7 steps): every square of
/// the ray at or below the highest set square.
#[inline(always)]
unsafe fn fill_down(v: __m256i) -> __m256i {
    let v = _mm256_or_si256(v, _mm256_srlv_epi64(v, line_steps(1)));
    let v = _mm256_or_si256(v, _mm256_srlv_epi64(v, line_steps(2)));
    _mm256_or_si256(v, _mm256_srlv_epi64(v, line_steps(4)))
}

features! {
    /// `flip` for x in 0..=63.
    ///
    /// Towards smaller bits, a ray flips when its nearest player disc (highest bit) is nearer
    /// than its nearest empty square: a signed compare of the two masks, then the squares above
    /// the filled-down player disc. Towards larger bits, the squares up to the first
    /// non-opponent one (a BLSMSK) flip when that square holds a player disc.
    #[inline]
    unsafe fn flip_sq(x: usize, p: u64, o: u64) -> u64 {
        let m = &LINE_MASKS[x & 63];
        let pp = splat(p & !o);
        let oo = splat(o);
        let lm = load4(&m.lower);
        let um = load4(&m.upper);
        let lp = _mm256_and_si256(pp, lm);
        let le = _mm256_andnot_si256(_mm256_or_si256(oo, pp), lm);
        // Lower masks never have bit 63: the signed compare is an unsigned one.
        let fl = _mm256_and_si256(_mm256_andnot_si256(fill_down(lp), lm), _mm256_cmpgt_epi64(lp, le));
        let non_o = _mm256_andnot_si256(oo, um);
        let run = _mm256_and_si256(_mm256_xor_si256(_mm256_add_epi64(non_o, _mm256_set1_epi64x(-1)), non_o), um);
        let run_o = _mm256_andnot_si256(pp, run);
        let fu = _mm256_andnot_si256(_mm256_cmpeq_epi64(run_o, run), run_o);
        or_lanes(_mm256_or_si256(fl, fu))
    }

    /// The discs `p` flips by playing x (0..=63) when every other square is the opponent's.
    #[inline]
    unsafe fn last_flip_sq(x: usize, p: u64) -> u64 {
        let m = &LINE_MASKS[x & 63];
        let pp = splat(p);
        let lm = load4(&m.lower);
        let um = load4(&m.upper);
        let zero = _mm256_setzero_si256();
        let up = _mm256_and_si256(pp, um);
        let below = _mm256_andnot_si256(up, _mm256_add_epi64(up, _mm256_cmpeq_epi64(zero, zero)));
        let fu = _mm256_andnot_si256(_mm256_cmpeq_epi64(up, zero), _mm256_and_si256(below, um));
        let lp = _mm256_and_si256(pp, lm);
        let fl = _mm256_andnot_si256(_mm256_cmpeq_epi64(lp, zero), _mm256_andnot_si256(fill_down(lp), lm));
        or_lanes(_mm256_or_si256(fl, fu))
    }

    /// `get_moves`: the four directions in the four lanes, both ways, parallel prefix.
    #[inline]
    unsafe fn moves(p: u64, o: u64) -> u64 {
        let pp = splat(p);
        let d1 = line_steps(1);
        let d2 = line_steps(2);
        let m = _mm256_and_si256(splat(o), load4(&INNER.0));
        let mut l = _mm256_and_si256(m, _mm256_sllv_epi64(pp, d1));
        let mut r = _mm256_and_si256(m, _mm256_srlv_epi64(pp, d1));
        l = _mm256_or_si256(l, _mm256_and_si256(m, _mm256_sllv_epi64(l, d1)));
        r = _mm256_or_si256(r, _mm256_and_si256(m, _mm256_srlv_epi64(r, d1)));
        let pl = _mm256_and_si256(m, _mm256_sllv_epi64(m, d1));
        let pr = _mm256_srlv_epi64(pl, d1);
        l = _mm256_or_si256(l, _mm256_and_si256(pl, _mm256_sllv_epi64(l, d2)));
        r = _mm256_or_si256(r, _mm256_and_si256(pr, _mm256_srlv_epi64(r, d2)));
        l = _mm256_or_si256(l, _mm256_and_si256(pl, _mm256_sllv_epi64(l, d2)));
        r = _mm256_or_si256(r, _mm256_and_si256(pr, _mm256_srlv_epi64(r, d2)));
        or_lanes(_mm256_or_si256(_mm256_sllv_epi64(l, d1), _mm256_srlv_epi64(r, d1))) & !(p | o)
    }
}

/// This level's primitives.
pub(crate) struct Avx2Prims;

impl Prims for Avx2Prims {
    super::level_outline!();
    super::x86::v3_prims!();
    #[inline(always)]
    fn flip(x: usize, p: u64, o: u64) -> u64 {
        // SAFETY: only used inside this level's entries, which run on a supporting CPU.
        unsafe { flip_sq(x, p, o) }
    }
    #[inline(always)]
    fn get_moves(p: u64, o: u64) -> u64 {
        // SAFETY: as above.
        unsafe { moves(p, o) }
    }
    #[inline(always)]
    fn last_flip_count(x: usize, p: u64) -> i32 {
        // SAFETY: as above.
        2 * unsafe { last_flip_sq(x, p) }.count_ones() as i32
    }
}
