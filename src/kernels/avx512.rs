//! AVX-512 level (x86-64-v4 plus CD: AVX-512 F/VL/BW/DQ/CD on top of the AVX2 level).
//!
//! The vectors stay 256 bits wide (faster than 512 for these kernels: BENCHMARKS.md, "Kernel variants"):
//! AVX-512 brings VPLZCNTQ, VPTERNLOGQ and mask registers to them. Every CPU of this level
//! has a fast PEXT, used for the last-move flip count.

use super::last_flip_x86::{last_flip_count_sq, last_flip_counts_sq};
use super::masks::LINE_MASKS;
use super::x86::ternlog::*;
use super::x86::{line_steps, load4, or_lanes, splat, INNER};
use super::Prims;
use crate::types::board::{EkBoard, UniqueBoard};
use core::arch::x86_64::*;

/// Compiles each item with this level's target features, stated here once for every kernel
/// of the level (the batch kernels and the dispatch layer's entries use it too).
macro_rules! avx512_features {
    ($($item:item)*) => { $( #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,sse4.2,avx512f,avx512vl,avx512bw,avx512dq,avx512cd")] $item )* };
}
pub(crate) use avx512_features as features;

/// Whether this CPU supports the level.
pub(crate) fn supported() -> bool {
    super::avx2::supported()
        && is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512vl")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512dq")
        && is_x86_feature_detected!("avx512cd")
}

features! {
    /// `flip` for x in 0..=63.
    ///
    /// On each ray the outflank square is the first non-opponent square: towards smaller bits the
    /// highest one (VPLZCNTQ), towards larger bits the lowest one (`x & -x`). It flips the run when
    /// it holds a player disc. The player discs only enter after the outflank search, which keeps
    /// the latency from `p` short.
    #[inline]
    unsafe fn flip_sq(x: usize, p: u64, o: u64) -> u64 {
        let m = &LINE_MASKS[x & 63];
        let pp = splat(p);
        let oo = splat(o);
        let lm = load4(&m.lower);
        let um = load4(&m.upper);
        let zero = _mm256_setzero_si256();
        // VPTERNLOGQ rather than ANDN: LLVM would move the NOT before the broadcast, in series.
        let non_o = _mm256_ternarylogic_epi64::<NOT_A_AND_B>(oo, lm, lm);
        // Bit 63 rotated right by the count. With no non-opponent square the count is 64 and the
        // outflank stays on bit 63, which no lower ray has. (A shift would make LLVM guard the
        // count of 64 with an extra mask test.)
        let top = _mm256_rorv_epi64(_mm256_set1_epi64x(i64::MIN), _mm256_lzcnt_epi64(non_o));
        let outflank = _mm256_and_si256(top, pp);
        // Squares above the outflank: -outflank ^ outflank (0 without outflank).
        let fl = _mm256_ternarylogic_epi64::<A_XOR_B_AND_C>(_mm256_sub_epi64(zero, outflank), outflank, lm);
        let non_o = _mm256_ternarylogic_epi64::<NOT_A_AND_B>(oo, um, um);
        let outflank = _mm256_ternarylogic_epi64::<A_AND_B_AND_C>(non_o, _mm256_sub_epi64(zero, non_o), pp);
        // Squares at and above the outflank, or every square without one: not flipped.
        let kept = _mm256_sub_epi64(_mm256_cmpeq_epi64(outflank, zero), outflank);
        or_lanes(_mm256_ternarylogic_epi64::<A_OR_NOT_B_AND_C>(fl, kept, um))
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
        l = _mm256_ternarylogic_epi64::<A_OR_B_AND_C>(l, m, _mm256_sllv_epi64(l, d1));
        r = _mm256_ternarylogic_epi64::<A_OR_B_AND_C>(r, m, _mm256_srlv_epi64(r, d1));
        let pl = _mm256_and_si256(m, _mm256_sllv_epi64(m, d1));
        let pr = _mm256_srlv_epi64(pl, d1);
        l = _mm256_ternarylogic_epi64::<A_OR_B_AND_C>(l, pl, _mm256_sllv_epi64(l, d2));
        r = _mm256_ternarylogic_epi64::<A_OR_B_AND_C>(r, pr, _mm256_srlv_epi64(r, d2));
        l = _mm256_ternarylogic_epi64::<A_OR_B_AND_C>(l, pl, _mm256_sllv_epi64(l, d2));
        r = _mm256_ternarylogic_epi64::<A_OR_B_AND_C>(r, pr, _mm256_srlv_epi64(r, d2));
        let v = _mm256_or_si256(_mm256_sllv_epi64(l, d1), _mm256_srlv_epi64(r, d1));
        // The last OR of the lanes and the removal of the occupied squares in one VPTERNLOGQ.
        let v2 = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
        let occupied = _mm_or_si128(_mm256_castsi256_si128(pp), _mm_cvtsi64_si128(o as i64));
        _mm_cvtsi128_si64(_mm_ternarylogic_epi64::<EITHER_AB_AND_NOT_C>(v2, _mm_unpackhi_epi64(v2, v2), occupied)) as u64
    }
}

/// This level's primitives.
pub(crate) struct Avx512Prims;

impl Prims for Avx512Prims {
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
    fn last_flip_count_endgame_both(x: usize, p: u64) -> (i32, i32) {
        // SAFETY: as above.
        let both = unsafe { last_flip_counts_sq(x, p) };
        ((both & 0xFF) as i32, (both >> 8) as i32)
    }
    #[inline(always)]
    fn last_flip_count(x: usize, p: u64) -> i32 {
        // SAFETY: as above.
        unsafe { last_flip_count_sq(x, p) }
    }
}
