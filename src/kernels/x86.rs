//! Building blocks shared by the x86-64 levels. Every function is `#[inline(always)]` and only
//! ever inlined into a `#[target_feature]` function of a level that has the instructions it
//! uses (noted on each).

use crate::kernels::stability::{edge_entry_at, unpack_a_file, unpack_h_file};
use crate::kernels::symmetry::first_minimum;
use crate::types::board::{EkBoard, UniqueBoard};
use core::arch::x86_64::*;

/// Whether this CPU runs PEXT in a few cycles: Intel's (every one with AVX2, since Haswell) and
/// AMD's since Zen 3 (family 19h and later). AMD Zen 1 and Zen 2 (family 17h; Hygon's
/// derivative, 18h) run it as microcode, tens to hundreds of cycles by the mask's bits; other
/// vendors' cores are not known, and get the tables without it.
pub(crate) fn fast_pext() -> bool {
    // SAFETY: CPUID exists on every x86-64 CPU, with leaves 0 and 1.
    #[allow(unused_unsafe)]
    let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1).eax) };
    let mut name = [0u8; 12];
    for (i, r) in [vendor.ebx, vendor.edx, vendor.ecx].into_iter().enumerate() {
        name[4 * i..4 * i + 4].copy_from_slice(&r.to_le_bytes());
    }
    // The family: the base family, plus the extended family when the base is 0xF.
    let base = signature >> 8 & 0xF;
    let family = if base == 0xF { base + (signature >> 20 & 0xFF) } else { base };
    match &name {
        b"GenuineIntel" => true,
        b"AuthenticAMD" => family >= 0x19,
        _ => false,
    }
}

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

/// The edge-table entries of the four edges, from the table indexes `P * 256 + O` of the ranks
/// (16-bit lanes 0 and 7 of `ranks`, the byte interleave of O and P) and of the files (from
/// PMOVMSKB, which gathers the top bit of every byte, on `files` = (O, P)): rank 1, rank 8,
/// file A, file H (files gathered A1/H1 = bit 0). The table takes a square in both bitboards as
/// O's (`stability::edge_entry_at`).
#[inline(always)]
unsafe fn edge_entries(ranks: __m128i, files: __m128i) -> [u8; 4] {
    [
        edge_entry_at(_mm_extract_epi16::<0>(ranks) as usize),
        edge_entry_at(_mm_extract_epi16::<7>(ranks) as usize),
        edge_entry_at(_mm_movemask_epi8(_mm_slli_epi64::<7>(files)) as usize),
        edge_entry_at(_mm_movemask_epi8(files) as usize),
    ]
}

/// [`edge_entries`] with SSE2: the ranks' indexes by PUNPCKLBW of the two bitboards.
#[inline(always)]
unsafe fn edge_entries_sse2(p: u64, o: u64) -> [u8; 4] {
    let p0 = _mm_cvtsi64_si128(p as i64);
    let o0 = _mm_cvtsi64_si128(o as i64);
    edge_entries(_mm_unpacklo_epi8(o0, p0), _mm_unpacklo_epi64(o0, p0))
}

/// [`edge_entries`] with SSE4.1 and SSSE3 (the AVX2 and AVX-512 levels): the board in one
/// vector (PINSRQ), the ranks' indexes by one PSHUFB of it.
#[inline(always)]
unsafe fn edge_entries_v3(p: u64, o: u64) -> [u8; 4] {
    let files = _mm_insert_epi64::<1>(_mm_cvtsi64_si128(o as i64), p as i64);
    // Bytes (O0, P0) to lane 0, (O7, P7) to lane 7.
    let ranks = _mm_shuffle_epi8(files, _mm_setr_epi8(0, 8, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 7, 15));
    edge_entries(ranks, files)
}

/// The stable discs of `p` on the four edges from their entries.
#[inline(always)]
fn stable_edge_of([rank1, rank8, a, h]: [u8; 4]) -> u64 {
    rank1 as u64 | (rank8 as u64) << 56 | unpack_a_file(a) | unpack_h_file(h)
}

/// The number of stable discs of `p` on the four edges from their entries: the corners,
/// already in the rank entries, are dropped from the file entries, and all four bytes counted
/// at once.
#[inline(always)]
fn edge_count_of([rank1, rank8, a, h]: [u8; 4]) -> u32 {
    (u32::from_le_bytes([rank1, rank8, a & 0x7E, h & 0x7E])).count_ones()
}

/// The stable discs of `p` on the four edges (SSE2; the AVX levels' `get_stability` too, where
/// the PSHUFB form of the indexes makes the leaf search longer). With `P & !O`, which the table
/// does not need but `get_stability` computes anyway: the same value keeps one register free
/// there.
#[inline(always)]
pub(super) unsafe fn stable_edge_sse2(p: u64, o: u64) -> u64 {
    stable_edge_of(edge_entries_sse2(p & !o, o))
}

/// The number of stable discs of `p` on the four edges (SSE2).
#[inline(always)]
pub(super) unsafe fn edge_stability_sse2(p: u64, o: u64) -> u32 {
    edge_count_of(edge_entries_sse2(p, o))
}

/// The number of stable discs of `p` on the four edges (AVX2 and AVX-512 levels).
#[inline(always)]
pub(super) unsafe fn edge_stability_v3(p: u64, o: u64) -> u32 {
    edge_count_of(edge_entries_v3(p, o))
}

/// Edge masks of the three doubling steps of the diagonal fills, per lane (see
/// `full_lines_avx2`): the squares with fewer than 1, 2, 4 squares left in the lane's direction.
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
    // A macro, not a closure: a closure is a function of its own, which the compiler may leave
    // out of line, compiled without the level's features (a search's entry is large).
    macro_rules! fill {
        ($l:expr, $edge:expr, $k:expr) => {{
            let (l, k): (__m256i, i64) = ($l, $k);
            _mm256_and_si256(
                l,
                _mm256_or_si256(load4(&$edge.0), _mm256_srlv_epi64(l, _mm256_set_epi64x(7 * k, 9 * k, 9 * k, 7 * k))),
            )
        }};
    }
    let l = _mm256_set_epi64x(mirrored, mirrored, disc as i64, disc as i64);
    let l = fill!(fill!(fill!(l, FILL_EDGE[0], 1), FILL_EDGE[1], 2), FILL_EDGE[2], 4);
    let bswap = _mm_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
    let f = _mm_and_si128(_mm256_castsi256_si128(l), _mm_shuffle_epi8(_mm256_extracti128_si256::<1>(l), bswap));
    [h, v, _mm_cvtsi128_si64(f) as u64, _mm_extract_epi64::<1>(f) as u64]
}

/// The board as one 128-bit vector: player in the low lane, opponent in the high one.
#[inline(always)]
pub(super) unsafe fn board_vec(b: EkBoard) -> __m128i {
    _mm_set_epi64x(b.opponent as i64, b.player as i64)
}

/// The board of a 128-bit vector (see `board_vec`).
#[inline(always)]
pub(super) unsafe fn vec_board(v: __m128i) -> EkBoard {
    EkBoard { player: _mm_cvtsi128_si64(v) as u64, opponent: _mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)) as u64 }
}

/// Reverses the bits of each byte (mirrors the files) with SSE2 shifts and masks.
#[inline(always)]
pub(super) unsafe fn mirror_files_sse2(v: __m128i) -> __m128i {
    let swap = |v: __m128i, mask: i8, k: i32| {
        let m = _mm_set1_epi8(mask);
        let hi = _mm_and_si128(_mm_srl_epi64(v, _mm_cvtsi32_si128(k)), m);
        _mm_or_si128(hi, _mm_sll_epi64(_mm_and_si128(v, m), _mm_cvtsi32_si128(k)))
    };
    swap(swap(swap(v, 0x55, 1), 0x33, 2), 0x0F, 4)
}

/// Reverses the bytes of each 64-bit lane (mirrors the ranks) with SSE2 shifts and shuffles.
#[inline(always)]
pub(super) unsafe fn mirror_ranks_sse2(v: __m128i) -> __m128i {
    let v = _mm_or_si128(_mm_slli_epi16::<8>(v), _mm_srli_epi16::<8>(v));
    _mm_shufflehi_epi16::<0x1B>(_mm_shufflelo_epi16::<0x1B>(v))
}

/// Transposes each 64-bit lane across the A1-H8 diagonal (three delta swaps, SSE2).
#[inline(always)]
pub(super) unsafe fn transpose_sse2(v: __m128i) -> __m128i {
    let swap = |v: __m128i, mask: i64, k: i32| {
        let t = _mm_and_si128(_mm_xor_si128(v, _mm_srl_epi64(v, _mm_cvtsi32_si128(k))), _mm_set1_epi64x(mask));
        _mm_xor_si128(_mm_xor_si128(v, t), _mm_sll_epi64(t, _mm_cvtsi32_si128(k)))
    };
    swap(swap(swap(v, 0x00AA_00AA_00AA_00AA, 7), 0x0000_CCCC_0000_CCCC, 14), 0x0000_0000_F0F0_F0F0, 28)
}

/// For each symmetry, the select masks of its three stages (file mirror, rank mirror,
/// transposition): all ones when the stage applies.
static STAGES: [[i64; 3]; 8] = {
    let mut t = [[0i64; 3]; 8];
    let mut s = 0;
    while s < 8 {
        let mut k = 0;
        while k < 3 {
            t[s][k] = -((s as i64 >> k) & 1);
            k += 1;
        }
        s += 1;
    }
    t
};

/// `board_symetry` with SSE2, both bitboards at once. Branch-free: a symmetry index that varies
/// from call to call would mispredict.
#[inline(always)]
pub(super) unsafe fn symmetry_sse2(b: EkBoard, s: i32) -> EkBoard {
    let stages = &STAGES[(s & 7) as usize];
    let select = |v: __m128i, t: __m128i, k: usize| {
        _mm_xor_si128(v, _mm_and_si128(_mm_xor_si128(v, t), _mm_set1_epi64x(stages[k])))
    };
    let v = board_vec(b);
    let v = select(v, mirror_files_sse2(v), 0);
    let v = select(v, mirror_ranks_sse2(v), 1);
    vec_board(select(v, transpose_sse2(v), 2))
}

/// `board_unique` with SSE2: the 8 symmetric boards, two bitboards per vector.
#[inline(always)]
pub(super) unsafe fn unique_sse2(b: EkBoard) -> UniqueBoard {
    let s0 = board_vec(b);
    let s1 = mirror_files_sse2(s0);
    let s2 = mirror_ranks_sse2(s0);
    let s3 = mirror_ranks_sse2(s1);
    let syms = [s0, s1, s2, s3, transpose_sse2(s0), transpose_sse2(s1), transpose_sse2(s2), transpose_sse2(s3)];
    first_minimum(&syms.map(|v| vec_board(v)))
}

/// Reverses the bits of each byte (mirrors the files): two nibble lookups with PSHUFB (AVX2).
#[inline(always)]
pub(super) unsafe fn mirror_files_avx2(v: __m256i) -> __m256i {
    let rev = _mm256_broadcastsi128_si256(_mm_setr_epi8(0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15));
    let nibble = _mm256_set1_epi8(0x0F);
    let lo = _mm256_shuffle_epi8(rev, _mm256_and_si256(v, nibble));
    let hi = _mm256_shuffle_epi8(rev, _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble));
    _mm256_or_si256(_mm256_slli_epi16::<4>(lo), hi)
}

/// Reverses the bytes of each 64-bit lane (mirrors the ranks) with PSHUFB (AVX2).
#[inline(always)]
pub(super) unsafe fn mirror_ranks_avx2(v: __m256i) -> __m256i {
    let bswap = _mm_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
    _mm256_shuffle_epi8(v, _mm256_broadcastsi128_si256(bswap))
}

/// Transposes each 64-bit lane across the A1-H8 diagonal (three delta swaps, AVX2).
#[inline(always)]
pub(super) unsafe fn transpose_avx2(v: __m256i) -> __m256i {
    let swap = |v: __m256i, mask: i64, k: i32| {
        let t =
            _mm256_and_si256(_mm256_xor_si256(v, _mm256_srl_epi64(v, _mm_cvtsi32_si128(k))), _mm256_set1_epi64x(mask));
        _mm256_xor_si256(_mm256_xor_si256(v, t), _mm256_sll_epi64(t, _mm_cvtsi32_si128(k)))
    };
    swap(swap(swap(v, 0x00AA_00AA_00AA_00AA, 7), 0x0000_CCCC_0000_CCCC, 14), 0x0000_0000_F0F0_F0F0, 28)
}

/// `board_symetry` with AVX2, both bitboards at once (in the low half of a vector),
/// branch-free.
#[inline(always)]
pub(super) unsafe fn symmetry_avx2(b: EkBoard, s: i32) -> EkBoard {
    let stages = &STAGES[(s & 7) as usize];
    let select = |v: __m256i, t: __m256i, k: usize| _mm256_blendv_epi8(v, t, _mm256_set1_epi64x(stages[k]));
    let v = _mm256_castsi128_si256(board_vec(b));
    let v = select(v, mirror_files_avx2(v), 0);
    let v = select(v, mirror_ranks_avx2(v), 1);
    vec_board(_mm256_castsi256_si128(select(v, transpose_avx2(v), 2)))
}

/// `board_unique` with AVX2: the 8 symmetric boards, two boards per vector.
#[inline(always)]
pub(super) unsafe fn unique_avx2(b: EkBoard) -> UniqueBoard {
    let x = _mm256_broadcastsi128_si256(board_vec(b));
    let s01 = _mm256_blend_epi32::<0xF0>(x, mirror_files_avx2(x));
    let s23 = mirror_ranks_avx2(s01);
    let mut syms = [EkBoard::default(); 8];
    for (i, v) in [s01, s23, transpose_avx2(s01), transpose_avx2(s23)].into_iter().enumerate() {
        // SAFETY: `syms` holds 8 boards of 16 bytes; pair `i` is 32 bytes at board 2i.
        _mm256_storeu_si256(syms.as_mut_ptr().add(2 * i) as *mut __m256i, v);
    }
    first_minimum(&syms)
}

/// Four 64-bit lanes, aligned for a 256-bit load.
#[repr(align(32))]
pub(super) struct Lanes(pub(super) [u64; 4]);

/// Opponent squares that can be inside a run, per lane: the four line directions of the AVX2
/// and AVX-512 `get_moves` (horizontal, vertical, both diagonals; see `super::moves`).
pub(super) static INNER: Lanes =
    Lanes([0x7E7E_7E7E_7E7E_7E7E, 0x00FF_FFFF_FFFF_FF00, 0x007E_7E7E_7E7E_7E00, 0x007E_7E7E_7E7E_7E00]);

/// VPTERNLOGQ truth tables of its operands (a, b, c), each named by what it computes.
pub(super) mod ternlog {
    /// `!a & b`
    pub(in crate::kernels) const NOT_A_AND_B: i32 = 0x0C;
    /// `(a ^ b) & c`
    pub(in crate::kernels) const A_XOR_B_AND_C: i32 = 0x28;
    /// `a & b & c`
    pub(in crate::kernels) const A_AND_B_AND_C: i32 = 0x80;
    /// `a & b & !c`
    pub(in crate::kernels) const A_AND_B_AND_NOT_C: i32 = 0x40;
    /// `a | (!b & c)`
    pub(in crate::kernels) const A_OR_NOT_B_AND_C: i32 = 0xF2;
    /// `a | (b & c)`
    pub(in crate::kernels) const A_OR_B_AND_C: i32 = 0xF8;
    /// `a | b | c`
    pub(in crate::kernels) const A_OR_B_OR_C: i32 = 0xFE;
    /// `(a | b) & c`
    pub(in crate::kernels) const EITHER_AB_AND_C: i32 = 0xA8;
    /// `(a | b) & !c`
    pub(in crate::kernels) const EITHER_AB_AND_NOT_C: i32 = 0x54;
}

/// The [`Prims`](super::Prims) methods the AVX2 and AVX-512 levels share (both have x86-64-v3),
/// inside their `impl Prims`: stability, the CRC32 hash, the symmetries.
macro_rules! v3_prims {
    () => {
        #[inline(always)]
        fn get_stability(p: u64, o: u64) -> i32 {
            use $crate::kernels::{stability::stable_discs_from, x86};
            // SAFETY: a level's primitives run only inside its entries, on a CPU that has it.
            let (edge, full) = unsafe { (x86::stable_edge_sse2(p, o), x86::full_lines_avx2(p | o)) };
            stable_discs_from(p & !o, edge, &full).count_ones() as i32
        }
        #[inline(always)]
        fn hash_code(p: u64, o: u64) -> u64 {
            // SAFETY: as above (SSE4.2 is part of both levels).
            unsafe { $crate::kernels::x86::hash_code_crc32(p, o) }
        }
        #[inline(always)]
        fn edge_stability(p: u64, o: u64) -> i32 {
            // SAFETY: as above.
            unsafe { $crate::kernels::x86::edge_stability_v3(p, o) as i32 }
        }
        #[inline(always)]
        fn symmetry(b: EkBoard, s: i32) -> EkBoard {
            // SAFETY: as above.
            unsafe { $crate::kernels::x86::symmetry_avx2(b, s) }
        }
        #[inline(always)]
        fn unique(b: EkBoard) -> UniqueBoard {
            // SAFETY: as above.
            unsafe { $crate::kernels::x86::unique_avx2(b) }
        }
    };
}
pub(super) use v3_prims;
