//! Building blocks shared by the x86-64 levels. Every function is `#[inline(always)]` and only
//! ever inlined into a `#[target_feature]` function of a level that has the instructions it
//! uses (noted on each).

use crate::generic::stability::{edge_entry_at, unpack_a_file, unpack_h_file};
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

/// The stable discs of `p` on the four edges (SSE2): the table indexes `P * 256 + O` of the
/// ranks are 16-bit lanes of the byte interleave of O and P, those of the A and H files come
/// from PMOVMSKB (which gathers the top bit of every byte).
#[inline(always)]
pub(super) unsafe fn stable_edge_sse2(p: u64, o: u64) -> u64 {
    let p0 = _mm_cvtsi64_si128(p as i64);
    let o0 = _mm_cvtsi64_si128((o & !p) as i64);
    let ranks = _mm_unpacklo_epi8(o0, p0);
    let rank1 = edge_entry_at(_mm_extract_epi16::<0>(ranks) as usize) as u64;
    let rank8 = edge_entry_at(_mm_extract_epi16::<7>(ranks) as usize) as u64;
    let files = _mm_unpacklo_epi64(o0, p0);
    let a = edge_entry_at(_mm_movemask_epi8(_mm_slli_epi64::<7>(files)) as usize);
    let h = edge_entry_at(_mm_movemask_epi8(files) as usize);
    rank1 | rank8 << 56 | unpack_a_file(a) | unpack_h_file(h)
}

/// Edge masks of the three doubling steps of the diagonal fills, per lane (see
/// `full_lines_avx2`): the squares with fewer than 1, 2, 4 squares left in the lane's direction.
#[repr(align(32))]
struct Lanes([u64; 4]);
static FILL_EDGE: [Lanes; 3] = [
    Lanes([0xFF01_0101_0101_0101, 0xFF80_8080_8080_8080, 0xFF80_8080_8080_8080, 0xFF01_0101_0101_0101]),
    Lanes([0xFFFF_0303_0303_0303, 0xFFFF_C0C0_C0C0_C0C0, 0xFFFF_C0C0_C0C0_C0C0, 0xFFFF_0303_0303_0303]),
    Lanes([0xFFFF_FFFF_0F0F_0F0F, 0xFFFF_FFFF_F0F0_F0F0, 0xFFFF_FFFF_F0F0_F0F0, 0xFFFF_FFFF_0F0F_0F0F]),
];

/// `generic::stability::full_lines` with AVX2: ranks by PCMPEQB, files by rotations, and the
/// diagonals by one 4-lane fill towards smaller bits of (disc, disc, mirror, mirror), with
/// steps (7, 9, 9, 7): a ray towards larger bits of the rank-mirrored board is the opposite
/// ray of the other diagonal on the board, so each full diagonal is one lane AND the
/// byte-swap of another.
#[inline(always)]
pub(super) unsafe fn full_lines_avx2(disc: u64) -> [u64; 4] {
    let d = _mm_cvtsi64_si128(disc as i64);
    let h = _mm_cvtsi128_si64(_mm_cmpeq_epi8(d, _mm_set1_epi8(-1))) as u64;
    let mut v = disc;
    v &= v.rotate_right(8);
    v &= v.rotate_right(16);
    v &= v.rotate_right(32);
    let mirrored = disc.swap_bytes() as i64;
    let fill = |l: __m256i, edge: &Lanes, k: i64| {
        _mm256_and_si256(l, _mm256_or_si256(load4(&edge.0), _mm256_srlv_epi64(l, _mm256_set_epi64x(7 * k, 9 * k, 9 * k, 7 * k))))
    };
    let l = _mm256_set_epi64x(mirrored, mirrored, disc as i64, disc as i64);
    let l = fill(fill(fill(l, &FILL_EDGE[0], 1), &FILL_EDGE[1], 2), &FILL_EDGE[2], 4);
    let bswap = _mm_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
    let f = _mm_and_si128(_mm256_castsi256_si128(l), _mm_shuffle_epi8(_mm256_extracti128_si256::<1>(l), bswap));
    [h, v, _mm_cvtsi128_si64(f) as u64, _mm_extract_epi64::<1>(f) as u64]
}
