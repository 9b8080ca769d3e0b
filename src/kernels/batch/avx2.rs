//! AVX2 batch entries: four boards per 256-bit vector, one per 64-bit lane (as in the
//! AVX-512 batch entries, with AVX2's instructions: no leading-zero count, no mask registers).
//! A last partial vector uses VPMASKMOV loads and stores, which never touch the elements past
//! the end. The last-flip count, stability and hash loop over the single-board kernels: the
//! first measured faster that way (BENCHMARKS.md, "Batch kernels"), the others have no lane-wise form here.

use crate::kernels::avx2::features;
use crate::types::batch::{BatchIn, BatchOut};
use core::arch::x86_64::*;

/// Runs `chunk(i, mask)` on boards `i..i + 4`; `mask` has all ones in the lanes of the boards
/// left (all four but in the last chunk).
#[inline(always)]
unsafe fn chunks(n: usize, mut chunk: impl FnMut(usize, __m256i)) {
    let mut i = 0;
    while i + 4 <= n {
        chunk(i, _mm256_set1_epi64x(-1));
        i += 4;
    }
    if i < n {
        let left = (n - i) as i64;
        chunk(i, _mm256_cmpgt_epi64(_mm256_set1_epi64x(left), _mm256_set_epi64x(3, 2, 1, 0)));
    }
}

/// The low 32 bits of each 64-bit lane of `k` (a mask of 64-bit lanes as a mask of 32-bit ones).
#[inline(always)]
unsafe fn narrow(v: __m256i) -> __m128i {
    _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(v, _mm256_set_epi32(7, 5, 3, 1, 6, 4, 2, 0)))
}

#[inline(always)]
unsafe fn load_u64(a: &BatchIn<u64>, i: usize, k: __m256i) -> __m256i {
    // SAFETY: (caller) the lanes of `k` are within the array; masked-off ones are not read.
    unsafe { _mm256_maskload_epi64(a.at(i) as *const i64, k) }
}

#[inline(always)]
unsafe fn load_i32(a: &BatchIn<i32>, i: usize, k: __m256i) -> __m128i {
    // SAFETY: as in `load_u64`.
    unsafe { _mm_maskload_epi32(a.at(i), narrow(k)) }
}

#[inline(always)]
unsafe fn store_u64(a: &BatchOut<u64>, i: usize, k: __m256i, v: __m256i) {
    // SAFETY: as in `load_u64`, for writes.
    unsafe { _mm256_maskstore_epi64(a.at(i) as *mut i64, k, v) }
}

#[inline(always)]
unsafe fn store_i32(a: &BatchOut<i32>, i: usize, k: __m256i, v: __m256i) {
    // SAFETY: as in `load_u64`, for writes.
    unsafe { _mm_maskstore_epi32(a.at(i), narrow(k), narrow(v)) }
}

#[inline(always)]
fn splat(v: u64) -> __m256i {
    // SAFETY: AVX, which every caller's level has.
    unsafe { _mm256_set1_epi64x(v as i64) }
}

/// The four lines through square `x` of each lane (rank, file, diagonal, anti-diagonal),
/// without the square itself, split into the squares below and above it (see the AVX-512
/// batch entries).
#[inline(always)]
unsafe fn rays(x: __m256i) -> ([__m256i; 4], [__m256i; 4]) {
    let below = _mm256_sub_epi64(_mm256_sllv_epi64(splat(1), x), splat(1));
    let above = _mm256_sllv_epi64(splat(!1), x);
    let row8 = _mm256_and_si256(x, splat(56));
    let col8 = _mm256_slli_epi64::<3>(_mm256_and_si256(x, splat(7)));
    let rank = _mm256_sllv_epi64(splat(0xFF), row8);
    let file = _mm256_sllv_epi64(splat(0x0101_0101_0101_0101), _mm256_srli_epi64::<3>(col8));
    let diag = splat(0x8040_2010_0804_0201);
    let diag = _mm256_or_si256(
        _mm256_srlv_epi64(diag, _mm256_sub_epi64(col8, row8)),
        _mm256_sllv_epi64(diag, _mm256_sub_epi64(row8, col8)),
    );
    let anti = splat(0x0102_0408_1020_4080);
    let up = _mm256_sub_epi64(_mm256_add_epi64(row8, col8), splat(56));
    let anti = _mm256_or_si256(
        _mm256_sllv_epi64(anti, up),
        _mm256_srlv_epi64(anti, _mm256_sub_epi64(_mm256_setzero_si256(), up)),
    );
    let (mut lower, mut upper) = ([below; 4], [above; 4]);
    // Loops, not closures: a closure would not inherit the caller's target features.
    for (i, line) in [rank, file, diag, anti].into_iter().enumerate() {
        lower[i] = _mm256_and_si256(line, below);
        upper[i] = _mm256_and_si256(line, above);
    }
    (lower, upper)
}

/// Spreads each lane's bits towards bit 0 in steps of `S` (`S2` = 2 `S`, `S4` = 4 `S`).
#[inline(always)]
unsafe fn fill_down<const S: i32, const S2: i32, const S4: i32>(v: __m256i) -> __m256i {
    let v = _mm256_or_si256(v, _mm256_srli_epi64::<S>(v));
    let v = _mm256_or_si256(v, _mm256_srli_epi64::<S2>(v));
    _mm256_or_si256(v, _mm256_srli_epi64::<S4>(v))
}

/// Discs flipped on the ray `lm` towards smaller bits, stepping by `S`: the ray flips when its
/// nearest player disc (highest bit) is nearer than its nearest empty square (a compare of the
/// two masks: lower rays never hold bit 63, so the signed compare is an unsigned one).
#[inline(always)]
unsafe fn flips_down<const S: i32, const S2: i32, const S4: i32>(
    lm: __m256i,
    p: __m256i,
    occupied: __m256i,
) -> __m256i {
    let lp = _mm256_and_si256(p, lm);
    let le = _mm256_andnot_si256(occupied, lm);
    _mm256_and_si256(_mm256_andnot_si256(fill_down::<S, S2, S4>(lp), lm), _mm256_cmpgt_epi64(lp, le))
}

/// Discs flipped on the ray `um` towards larger bits: the squares up to its first
/// non-opponent square, when that square holds a player disc.
#[inline(always)]
unsafe fn flips_up(um: __m256i, p: __m256i, o: __m256i) -> __m256i {
    let non_o = _mm256_andnot_si256(o, um);
    let run = _mm256_and_si256(_mm256_xor_si256(_mm256_add_epi64(non_o, splat(u64::MAX)), non_o), um);
    let run_o = _mm256_andnot_si256(p, run);
    _mm256_andnot_si256(_mm256_cmpeq_epi64(run_o, run), run_o)
}

/// `flip` of four boards, for squares `x` in 0..=63.
#[inline(always)]
unsafe fn flip4(x: __m256i, p: __m256i, o: __m256i) -> __m256i {
    let ([l0, l1, l2, l3], [u0, u1, u2, u3]) = rays(x);
    let p = _mm256_andnot_si256(o, p);
    let occupied = _mm256_or_si256(p, o);
    let down = _mm256_or_si256(
        _mm256_or_si256(flips_down::<1, 2, 4>(l0, p, occupied), flips_down::<8, 16, 32>(l1, p, occupied)),
        _mm256_or_si256(flips_down::<9, 18, 36>(l2, p, occupied), flips_down::<7, 14, 28>(l3, p, occupied)),
    );
    let up = _mm256_or_si256(
        _mm256_or_si256(flips_up(u0, p, o), flips_up(u1, p, o)),
        _mm256_or_si256(flips_up(u2, p, o), flips_up(u3, p, o)),
    );
    _mm256_or_si256(down, up)
}

/// Squares 0..=63 of four boards (zero-extended), and a lane mask of those that are squares.
#[inline(always)]
unsafe fn squares(xs: __m128i) -> (__m256i, __m256i) {
    let valid = _mm_cmpeq_epi32(_mm_and_si128(xs, _mm_set1_epi32(!63)), _mm_setzero_si128());
    (_mm256_and_si256(_mm256_cvtepu32_epi64(xs), splat(63)), _mm256_cvtepi32_epi64(valid))
}

/// Moves of four boards in direction `D` (`D2` = 2 `D`), both ways, parallel prefix (see
/// `generic::moves::moves_dir`).
#[inline(always)]
unsafe fn moves_dir4<const D: i32, const D2: i32>(p: __m256i, o: __m256i) -> __m256i {
    let mut l = _mm256_and_si256(o, _mm256_slli_epi64::<D>(p));
    let mut r = _mm256_and_si256(o, _mm256_srli_epi64::<D>(p));
    l = _mm256_or_si256(l, _mm256_and_si256(o, _mm256_slli_epi64::<D>(l)));
    r = _mm256_or_si256(r, _mm256_and_si256(o, _mm256_srli_epi64::<D>(r)));
    let pl = _mm256_and_si256(o, _mm256_slli_epi64::<D>(o));
    let pr = _mm256_srli_epi64::<D>(pl);
    l = _mm256_or_si256(l, _mm256_and_si256(pl, _mm256_slli_epi64::<D2>(l)));
    r = _mm256_or_si256(r, _mm256_and_si256(pr, _mm256_srli_epi64::<D2>(r)));
    l = _mm256_or_si256(l, _mm256_and_si256(pl, _mm256_slli_epi64::<D2>(l)));
    r = _mm256_or_si256(r, _mm256_and_si256(pr, _mm256_srli_epi64::<D2>(r)));
    _mm256_or_si256(_mm256_slli_epi64::<D>(l), _mm256_srli_epi64::<D>(r))
}

/// `get_moves` of four boards (bitboards taken as they are, as in `generic::moves`).
#[inline(always)]
unsafe fn moves4(p: __m256i, o: __m256i) -> __m256i {
    let h = moves_dir4::<1, 2>(p, _mm256_and_si256(o, splat(0x7E7E_7E7E_7E7E_7E7E)));
    let v = moves_dir4::<8, 16>(p, _mm256_and_si256(o, splat(0x00FF_FFFF_FFFF_FF00)));
    let od = _mm256_and_si256(o, splat(0x007E_7E7E_7E7E_7E00));
    let d = _mm256_or_si256(moves_dir4::<7, 14>(p, od), moves_dir4::<9, 18>(p, od));
    _mm256_andnot_si256(_mm256_or_si256(p, o), _mm256_or_si256(_mm256_or_si256(h, v), d))
}

/// The number of set bits of each lane: nibble lookups (PSHUFB), summed by PSADBW.
#[inline(always)]
unsafe fn popcount4(v: __m256i) -> __m256i {
    let lut = _mm256_broadcastsi128_si256(_mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4));
    let nibble = _mm256_set1_epi8(0x0F);
    let lo = _mm256_shuffle_epi8(lut, _mm256_and_si256(v, nibble));
    let hi = _mm256_shuffle_epi8(lut, _mm256_and_si256(_mm256_srli_epi64::<4>(v), nibble));
    _mm256_sad_epu8(_mm256_add_epi8(lo, hi), _mm256_setzero_si256())
}

features! {
    pub(crate) unsafe extern "C" fn flip_batch(
        xs: BatchIn<i32>,
        ps: BatchIn<u64>,
        os: BatchIn<u64>,
        out: BatchOut<u64>,
    ) -> usize {
        let n = xs.len().min(ps.len()).min(os.len()).min(out.len());
        // SAFETY: `chunks` gives masks of boards below n, within every array.
        unsafe {
            chunks(n, |i, k| {
                let (x, valid) = squares(load_i32(&xs, i, k));
                let f = flip4(x, load_u64(&ps, i, k), load_u64(&os, i, k));
                store_u64(&out, i, k, _mm256_and_si256(valid, f));
            })
        };
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
        // SAFETY: as in `flip_batch`; every input of the chunk is loaded before the stores.
        unsafe {
            chunks(n, |i, k| {
                let (x, valid) = squares(load_i32(&xs, i, k));
                let (p, o) = (load_u64(&ps, i, k), load_u64(&os, i, k));
                let f = _mm256_and_si256(valid, flip4(x, p, o));
                let placed = _mm256_and_si256(valid, _mm256_sllv_epi64(splat(1), x));
                store_u64(&next_ps, i, k, _mm256_xor_si256(o, f));
                store_u64(&next_os, i, k, _mm256_xor_si256(p, _mm256_or_si256(f, placed)));
            })
        };
        n
    }

    pub(crate) unsafe extern "C" fn get_moves_batch(
        ps: BatchIn<u64>,
        os: BatchIn<u64>,
        out: BatchOut<u64>,
    ) -> usize {
        let n = ps.len().min(os.len()).min(out.len());
        // SAFETY: as in `flip_batch`.
        unsafe { chunks(n, |i, k| store_u64(&out, i, k, moves4(load_u64(&ps, i, k), load_u64(&os, i, k)))) };
        n
    }

    pub(crate) unsafe extern "C" fn get_mobility_batch(
        ps: BatchIn<u64>,
        os: BatchIn<u64>,
        out: BatchOut<i32>,
    ) -> usize {
        let n = ps.len().min(os.len()).min(out.len());
        // SAFETY: as in `flip_batch`.
        unsafe { chunks(n, |i, k| store_i32(&out, i, k, popcount4(moves4(load_u64(&ps, i, k), load_u64(&os, i, k))))) };
        n
    }
}
