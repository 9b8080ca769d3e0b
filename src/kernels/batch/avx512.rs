//! AVX-512 batch entries: eight boards per 512-bit vector, one per 64-bit lane.
//!
//! The square differs from lane to lane, so the rays through it are computed per lane with
//! variable shifts instead of being loaded from the line-mask table; the directions are the
//! same in every lane, so move generation uses immediate shifts. A last partial vector uses
//! masked loads and stores, which never touch the elements past the end. Each entry here
//! measured faster than a loop over the single-board kernel (BENCHMARKS.md, "Batch kernels"); stability and
//! hash loop over theirs.

use crate::kernels::avx512::features;
use crate::kernels::x86::ternlog::*;
use crate::types::batch::{BatchIn, BatchOut};
use core::arch::x86_64::*;

/// Runs `chunk(i, mask)` on boards `i..i + 8`, the last chunk masked to the boards left.
#[inline(always)]
fn chunks(n: usize, mut chunk: impl FnMut(usize, __mmask8)) {
    let mut i = 0;
    while i + 8 <= n {
        chunk(i, 0xFF);
        i += 8;
    }
    if i < n {
        chunk(i, (1u8 << (n - i)) - 1);
    }
}

#[inline(always)]
unsafe fn load_u64(a: &BatchIn<u64>, i: usize, k: __mmask8) -> __m512i {
    // SAFETY: (caller) the elements of `k` are within the array; masked-off ones are not read.
    unsafe { _mm512_maskz_loadu_epi64(k, a.at(i) as *const i64) }
}

#[inline(always)]
unsafe fn load_i32(a: &BatchIn<i32>, i: usize, k: __mmask8) -> __m256i {
    // SAFETY: as in `load_u64`.
    unsafe { _mm256_maskz_loadu_epi32(k, a.at(i)) }
}

#[inline(always)]
unsafe fn store_u64(a: &BatchOut<u64>, i: usize, k: __mmask8, v: __m512i) {
    // SAFETY: as in `load_u64`, for writes.
    unsafe { _mm512_mask_storeu_epi64(a.at(i) as *mut i64, k, v) }
}

#[inline(always)]
unsafe fn store_i32(a: &BatchOut<i32>, i: usize, k: __mmask8, v: __m512i) {
    // SAFETY: as in `load_u64`, for writes.
    unsafe { _mm256_mask_storeu_epi32(a.at(i), k, _mm512_cvtepi64_epi32(v)) }
}

#[inline(always)]
fn splat(v: u64) -> __m512i {
    // SAFETY: AVX-512 F, which every caller's level has.
    unsafe { _mm512_set1_epi64(v as i64) }
}

/// The four lines through square `x` of each lane: rank, file, diagonal, anti-diagonal (each
/// with the square itself).
#[inline(always)]
unsafe fn lines(x: __m512i) -> [__m512i; 4] {
    let row8 = _mm512_and_si512(x, splat(56));
    let col = _mm512_and_si512(x, splat(7));
    let col8 = _mm512_slli_epi64::<3>(col);
    let rank = _mm512_sllv_epi64(splat(0xFF), row8);
    let file = _mm512_sllv_epi64(splat(0x0101_0101_0101_0101), col);
    // The diagonal through (r, c) is the main one shifted by 8 (c - r) bits down; shifts by
    // "negative" (huge unsigned) counts give 0, so one of the two terms is the line.
    let diag = splat(0x8040_2010_0804_0201);
    let diag = _mm512_or_si512(
        _mm512_srlv_epi64(diag, _mm512_sub_epi64(col8, row8)),
        _mm512_sllv_epi64(diag, _mm512_sub_epi64(row8, col8)),
    );
    // The anti-diagonal through (r, c) is H1-A8 shifted by 8 (r + c - 7) bits up.
    let anti = splat(0x0102_0408_1020_4080);
    let up = _mm512_sub_epi64(_mm512_add_epi64(row8, col8), splat(56));
    let anti = _mm512_or_si512(
        _mm512_sllv_epi64(anti, up),
        _mm512_srlv_epi64(anti, _mm512_sub_epi64(_mm512_setzero_si512(), up)),
    );
    [rank, file, diag, anti]
}

/// `flip` of eight boards, for squares `x` in 0..=63.
///
/// The outflank searches of the single-board AVX-512 kernel, one lane per board: on each line,
/// towards smaller bits the highest non-opponent square (VPLZCNTQ), towards larger bits the
/// lowest (`x & -x`), kept when it holds a player disc. With that outflank `b` below the
/// square `s`, the run in between is `s - 2b` (and `s` alone without outflank, removed at the
/// end); above it, `b - 2s`.
#[inline(always)]
unsafe fn flip8(x: __m512i, p: __m512i, o: __m512i) -> __m512i {
    let sq = _mm512_sllv_epi64(splat(1), x);
    let sq2 = _mm512_add_epi64(sq, sq);
    let below = _mm512_sub_epi64(sq, splat(1));
    let above = _mm512_sllv_epi64(splat(!1), x);
    let zero = _mm512_setzero_si512();
    let mut runs = [zero; 4];
    // A loop, not a closure: a closure would not inherit the caller's target features.
    for (run, line) in runs.iter_mut().zip(lines(x)) {
        let non_o = _mm512_ternarylogic_epi64::<A_AND_B_AND_NOT_C>(line, below, o);
        // With no non-opponent square the shift by 64 gives 0.
        let outflank = _mm512_and_si512(_mm512_srlv_epi64(splat(1 << 63), _mm512_lzcnt_epi64(non_o)), p);
        let down = _mm512_sub_epi64(sq, _mm512_add_epi64(outflank, outflank));
        let non_o = _mm512_ternarylogic_epi64::<A_AND_B_AND_NOT_C>(line, above, o);
        let outflank = _mm512_ternarylogic_epi64::<A_AND_B_AND_C>(non_o, _mm512_sub_epi64(zero, non_o), p);
        let up = _mm512_maskz_sub_epi64(_mm512_test_epi64_mask(outflank, outflank), outflank, sq2);
        *run = _mm512_ternarylogic_epi64::<EITHER_AB_AND_C>(down, up, line);
    }
    let f = _mm512_ternarylogic_epi64::<A_OR_B_OR_C>(runs[0], runs[1], runs[2]);
    _mm512_ternarylogic_epi64::<EITHER_AB_AND_NOT_C>(f, runs[3], sq)
}

/// Squares 0..=63 of eight boards (zero-extended), and which of them are squares at all.
#[inline(always)]
unsafe fn squares(xs: __m256i) -> (__m512i, __mmask8) {
    let valid = _mm256_cmplt_epu32_mask(xs, _mm256_set1_epi32(64));
    (_mm512_and_si512(_mm512_cvtepu32_epi64(xs), splat(63)), valid)
}

/// Moves of eight boards in direction `D` (`D2` = 2 `D`), both ways, parallel prefix (see
/// `generic::moves::moves_dir`).
#[inline(always)]
unsafe fn moves_dir8<const D: u32, const D2: u32>(p: __m512i, o: __m512i) -> __m512i {
    let mut l = _mm512_and_si512(o, _mm512_slli_epi64::<D>(p));
    let mut r = _mm512_and_si512(o, _mm512_srli_epi64::<D>(p));
    l = _mm512_ternarylogic_epi64::<A_OR_B_AND_C>(l, o, _mm512_slli_epi64::<D>(l));
    r = _mm512_ternarylogic_epi64::<A_OR_B_AND_C>(r, o, _mm512_srli_epi64::<D>(r));
    let pl = _mm512_and_si512(o, _mm512_slli_epi64::<D>(o));
    let pr = _mm512_srli_epi64::<D>(pl);
    l = _mm512_ternarylogic_epi64::<A_OR_B_AND_C>(l, pl, _mm512_slli_epi64::<D2>(l));
    r = _mm512_ternarylogic_epi64::<A_OR_B_AND_C>(r, pr, _mm512_srli_epi64::<D2>(r));
    l = _mm512_ternarylogic_epi64::<A_OR_B_AND_C>(l, pl, _mm512_slli_epi64::<D2>(l));
    r = _mm512_ternarylogic_epi64::<A_OR_B_AND_C>(r, pr, _mm512_srli_epi64::<D2>(r));
    _mm512_or_si512(_mm512_slli_epi64::<D>(l), _mm512_srli_epi64::<D>(r))
}

/// `get_moves` of eight boards (bitboards taken as they are, as in `generic::moves`).
#[inline(always)]
unsafe fn moves8(p: __m512i, o: __m512i) -> __m512i {
    let h = moves_dir8::<1, 2>(p, _mm512_and_si512(o, splat(0x7E7E_7E7E_7E7E_7E7E)));
    let v = moves_dir8::<8, 16>(p, _mm512_and_si512(o, splat(0x00FF_FFFF_FFFF_FF00)));
    let od = _mm512_and_si512(o, splat(0x007E_7E7E_7E7E_7E00));
    let d7 = moves_dir8::<7, 14>(p, od);
    let d9 = moves_dir8::<9, 18>(p, od);
    let m = _mm512_ternarylogic_epi64::<A_OR_B_OR_C>(h, v, _mm512_or_si512(d7, d9));
    _mm512_andnot_si512(_mm512_or_si512(p, o), m)
}

/// The number of set bits of each lane: nibble lookups (PSHUFB), summed by PSADBW. (VPOPCNTQ
/// is not part of this level.)
#[inline(always)]
unsafe fn popcount8(v: __m512i) -> __m512i {
    let lut = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4));
    let nibble = _mm512_set1_epi8(0x0F);
    let lo = _mm512_shuffle_epi8(lut, _mm512_and_si512(v, nibble));
    let hi = _mm512_shuffle_epi8(lut, _mm512_and_si512(_mm512_srli_epi64::<4>(v), nibble));
    _mm512_sad_epu8(_mm512_add_epi8(lo, hi), _mm512_setzero_si512())
}

features! {
    pub(crate) unsafe extern "C" fn flip_batch(
        xs: BatchIn<i32>,
        ps: BatchIn<u64>,
        os: BatchIn<u64>,
        out: BatchOut<u64>,
    ) -> usize {
        let n = xs.len().min(ps.len()).min(os.len()).min(out.len());
        chunks(n, |i, k| {
            // SAFETY: `chunks` gives masks of boards below n, within every array.
            unsafe {
                let (x, valid) = squares(load_i32(&xs, i, k));
                let f = flip8(x, load_u64(&ps, i, k), load_u64(&os, i, k));
                store_u64(&out, i, k, _mm512_maskz_mov_epi64(valid, f));
            }
        });
        n
    }

    pub(crate) unsafe extern "C" fn board_next_batch(
        xs: BatchIn<i32>,
        ps: BatchIn<u64>,
        os: BatchIn<u64>,
        next_ps: BatchOut<u64>,
        next_os: BatchOut<u64>,
    ) -> usize {
        let n = xs.len().min(ps.len()).min(os.len()).min(next_ps.len()).min(next_os.len());
        chunks(n, |i, k| {
            // SAFETY: as in `flip_batch`; every input of the chunk is loaded before the stores.
            unsafe {
                let (x, valid) = squares(load_i32(&xs, i, k));
                let (p, o) = (load_u64(&ps, i, k), load_u64(&os, i, k));
                let f = _mm512_maskz_mov_epi64(valid, flip8(x, p, o));
                let placed = _mm512_maskz_sllv_epi64(valid, splat(1), x);
                store_u64(&next_ps, i, k, _mm512_xor_si512(o, f));
                store_u64(&next_os, i, k, _mm512_xor_si512(p, _mm512_or_si512(f, placed)));
            }
        });
        n
    }

    pub(crate) unsafe extern "C" fn count_last_flip_batch(
        xs: BatchIn<i32>,
        ps: BatchIn<u64>,
        out: BatchOut<i32>,
    ) -> usize {
        let n = xs.len().min(ps.len()).min(out.len());
        chunks(n, |i, k| {
            // SAFETY: as in `flip_batch`.
            unsafe {
                let (x, valid) = squares(load_i32(&xs, i, k));
                let p = load_u64(&ps, i, k);
                // Every square not in p is the opponent's; bit x is on no ray.
                let f = flip8(x, p, _mm512_ternarylogic_epi64::<0x55>(p, p, p));
                let count = _mm512_maskz_slli_epi64::<1>(valid, popcount8(f));
                store_i32(&out, i, k, count);
            }
        });
        n
    }

    pub(crate) unsafe extern "C" fn get_moves_batch(
        ps: BatchIn<u64>,
        os: BatchIn<u64>,
        out: BatchOut<u64>,
    ) -> usize {
        let n = ps.len().min(os.len()).min(out.len());
        chunks(n, |i, k| {
            // SAFETY: as in `flip_batch`.
            unsafe { store_u64(&out, i, k, moves8(load_u64(&ps, i, k), load_u64(&os, i, k))) };
        });
        n
    }

    pub(crate) unsafe extern "C" fn get_mobility_batch(
        ps: BatchIn<u64>,
        os: BatchIn<u64>,
        out: BatchOut<i32>,
    ) -> usize {
        let n = ps.len().min(os.len()).min(out.len());
        chunks(n, |i, k| {
            // SAFETY: as in `flip_batch`.
            unsafe { store_i32(&out, i, k, popcount8(moves8(load_u64(&ps, i, k), load_u64(&os, i, k)))) };
        });
        n
    }
}
