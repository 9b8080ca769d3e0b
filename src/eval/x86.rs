//! The evaluation's vector kernels on x86-64: `eval_update` on 128- or 256-bit lanes and
//! `eval_accumulate` with AVX2, as each level's [`EvalPrims`]. Plain `#[inline(always)]`
//! functions: they get their level's instructions inside that level's entries.

use super::{EkEvalFeature, EvalPrims, INDEX_LEN};
use crate::kernels::{avx2::Avx2Prims, avx512::Avx512Prims, sse2::Sse2Prims};
use core::arch::x86_64::*;

impl EvalPrims for Sse2Prims {
    #[inline(always)]
    fn update(from: &EkEvalFeature, to: &mut EkEvalFeature, x: i32, flipped: u64, player: i32) {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        unsafe { eval_update_sse2(from, to, x, flipped, player) }
    }
}

/// The AVX2 and AVX-512 levels share the AVX2 forms (256-bit vectors).
macro_rules! avx2_eval {
    ($($P:ty),*) => {$(
        impl EvalPrims for $P {
            #[inline(always)]
            fn update(from: &EkEvalFeature, to: &mut EkEvalFeature, x: i32, flipped: u64, player: i32) {
                // SAFETY: only called inside the level's entries, which run on a CPU with AVX2.
                unsafe { eval_update_avx2(from, to, x, flipped, player) }
            }
            #[inline(always)]
            fn accumulate(f: &EkEvalFeature, weights: &[i16; INDEX_LEN]) -> i32 {
                // SAFETY: as above.
                unsafe { eval_accumulate_avx2(f, weights) }
            }
        }
    )*};
}
avx2_eval!(Avx2Prims, Avx512Prims);

/// `eval_update` in `L` vectors of `V` (3 x 256-bit or 6 x 128-bit lanes of 16-bit features):
/// `from - d[x] - (d[x] if player 0) + sign * sum(d[y] for each flipped y)`, sign -1 for
/// player 0 and +1 for player 1: the same arithmetic as `eval::update_scalar` (wrapping 16-bit
/// lanes, so the order does not matter). One loop per player, each adding its rows straight into
/// the features as Edax does: inside Edax's search the player is predictable, and a branch-free
/// form (summing the rows, then negating by a mask) is slower there (BENCHMARKS.md, "Kernel variants").
macro_rules! eval_update_vectors {
    ($name:ident, $V:ty, $L:literal, $load:ident, $store:ident, $add:ident, $sub:ident, $and:ident, $splat:ident) => {
        #[inline(always)]
        unsafe fn $name(from: &super::EkEvalFeature, to: &mut super::EkEvalFeature, x: i32, flipped: u64, player: i32) {
            let rows = super::patterns::FEATURE_DELTA.0.as_ptr() as *const [$V; $L];
            // SAFETY: FEATURE_DELTA is 32-byte aligned with 96-byte rows, one per square; x & 63
            // and every flipped bit index select a row; EkEvalFeature is 96 bytes, 32-aligned.
            unsafe {
                let m = $splat(if player == 0 { -1 } else { 0 });
                let placed = &*rows.add((x & 63) as usize);
                let f = from.v.as_ptr() as *const $V;
                let mut acc = [$splat(0); $L];
                for i in 0..$L {
                    let d = $load(&placed[i]);
                    acc[i] = $sub($sub($load(f.add(i)), d), $and(d, m));
                }
                let mut b = flipped;
                if player == 0 {
                    while b != 0 {
                        let row = &*rows.add(b.trailing_zeros() as usize);
                        for i in 0..$L {
                            acc[i] = $sub(acc[i], $load(&row[i]));
                        }
                        b &= b - 1;
                    }
                } else {
                    while b != 0 {
                        let row = &*rows.add(b.trailing_zeros() as usize);
                        for i in 0..$L {
                            acc[i] = $add(acc[i], $load(&row[i]));
                        }
                        b &= b - 1;
                    }
                }
                let t = to.v.as_mut_ptr() as *mut $V;
                for i in 0..$L {
                    $store(t.add(i), acc[i]);
                }
            }
        }
    };
}
eval_update_vectors!(
    eval_update_avx2,
    __m256i,
    3,
    _mm256_load_si256,
    _mm256_store_si256,
    _mm256_add_epi16,
    _mm256_sub_epi16,
    _mm256_and_si256,
    _mm256_set1_epi16
);
eval_update_vectors!(
    eval_update_sse2,
    __m128i,
    6,
    _mm_load_si128,
    _mm_store_si128,
    _mm_add_epi16,
    _mm_sub_epi16,
    _mm_and_si128,
    _mm_set1_epi16
);

/// `eval_accumulate`: the 47 unpacked indexes (feature + its group's start) in one vector pass,
/// then one scalar weight load per feature. The indexes are read back with volatile loads so
/// that the compiler keeps this scalar: its own vectorisation of the loop assembles the weights
/// lane by lane and is slower.
#[inline(always)]
unsafe fn eval_accumulate_avx2(f: &super::EkEvalFeature, weights: &[i16; super::INDEX_LEN]) -> i32 {
    #[repr(C, align(32))]
    struct Indexes([u32; 48]);
    let mut u = Indexes([0; 48]);
    let base = super::patterns::FEATURE_BASE.0.as_ptr() as *const __m256i;
    // SAFETY: 6 x 8 features (96 bytes, 32-aligned), bases and indexes; every index is below
    // INDEX_LEN (bases are at most GROUP_BASE[4]), inside the weights.
    unsafe {
        for k in 0..6 {
            let fk = _mm256_cvtepu16_epi32(_mm_load_si128(f.v.as_ptr().add(8 * k) as *const __m128i));
            _mm256_store_si256(
                u.0.as_mut_ptr().add(8 * k) as *mut __m256i,
                _mm256_add_epi32(fk, _mm256_load_si256(base.add(k))),
            );
        }
        let mut sum = 0;
        for i in 0..super::patterns::N_FEATURES {
            let ui = core::ptr::read_volatile(u.0.as_ptr().add(i)) as usize;
            sum += *weights.get_unchecked(ui) as i32;
        }
        sum
    }
}
