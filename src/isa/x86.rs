//! Building blocks shared by the x86-64 levels. Every function is `#[inline(always)]` and only
//! ever inlined into a `#[target_feature]` function of a level that has the instructions it
//! uses (noted on each).

use core::arch::x86_64::*;

/// OR of the four 64-bit lanes (AVX2).
#[inline(always)]
pub(super) unsafe fn or_lanes(v: __m256i) -> u64 {
    let v2 = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    _mm_cvtsi128_si64(_mm_or_si128(v2, _mm_unpackhi_epi64(v2, v2))) as u64
}

/// A 256-bit vector holding `v` in each lane (AVX).
#[inline(always)]
pub(super) unsafe fn splat(v: u64) -> __m256i {
    _mm256_set1_epi64x(v as i64)
}

/// Loads four aligned lanes (AVX).
#[inline(always)]
pub(super) unsafe fn load4(v: &[u64; 4]) -> __m256i {
    // SAFETY: (caller) `v` is 32-byte aligned: every table passed here is `align(32)` or more.
    _mm256_load_si256(v.as_ptr() as *const __m256i)
}

/// Per-lane bit steps of the four lines of `LineMasks`: horizontal, vertical, the two
/// diagonals (lane 0 first).
#[inline(always)]
pub(super) unsafe fn line_steps(k: i64) -> __m256i {
    _mm256_set_epi64x(7 * k, 9 * k, 8 * k, k)
}

/// Edax's hash code with the SSE4.2 `crc32` instruction.
#[inline(always)]
pub(super) unsafe fn hash_code_crc32(p: u64, o: u64) -> u64 {
    let c = _mm_crc32_u64(0, p);
    (c << 32) | _mm_crc32_u64(c, o)
}
