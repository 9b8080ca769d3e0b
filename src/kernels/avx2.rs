//! AVX2 level (x86-64-v3: AVX2, BMI1/2, LZCNT, POPCNT, SSE4.2).
//!
//! The four lines through a square sit in the four 64-bit lanes of a 256-bit vector.
//! PEXT is not used by the level's own table: it is microcoded and slow on AMD Zen 1 and 2,
//! which run this level. The level's second table, `avx2_pext`, chosen by cpuid on the cores
//! with a fast PEXT, counts the last-move flips with it (src/dispatch/levels.rs).
//! tests/exports.rs fails if PEXT or PDEP is reachable from an export through a table that
//! Zen 1 or Zen 2 can run.

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

/// This level's primitives, in two sets that differ only in the last-move flip count (`PEXT`):
/// [`Avx2Prims`] counts by 128-bit gathering, [`Avx2PextPrims`] by PEXT, which AMD Zen 1 and Zen 2
/// run as microcode (the dispatch layer chooses by cpuid: Intel since Haswell, AMD since Zen 3).
pub(crate) struct Avx2Kernels<const PEXT: bool>;
/// The avx2 table's primitives.
pub(crate) type Avx2Prims = Avx2Kernels<false>;
/// The avx2_pext table's primitives.
pub(crate) type Avx2PextPrims = Avx2Kernels<true>;

impl<const PEXT: bool> Prims for Avx2Kernels<PEXT> {
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
        if PEXT {
            // SAFETY: as above (BMI2 is part of the level).
            unsafe { super::last_flip_x86::last_flip_count_sq(x, p) }
        } else {
            // The 128-bit gathering: no 256-bit operation (two halves on AMD Zen 1/2) and no
            // VZEROUPPER (microcoded on Zen 1) after it, fewer cycles than the 4-lane form this
            // level had on every core modelled or measured (BENCHMARKS.md, "Kernels by
            // microarchitecture").
            // SAFETY: as above (SSE2 is part of the level).
            unsafe { super::last_flip_x86::last_flip_count_gather(x, p) }
        }
    }
}
