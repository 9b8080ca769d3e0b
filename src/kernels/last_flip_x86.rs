//! The last-move flip count's two x86-64 forms, each line through the square gathered into a
//! table index:
//! - by 128-bit gathering (PSADBW, PMOVMSKB; SSE2), the avx2 level's own: fast on every core;
//! - by PEXT into a table of both sides' counts: shorter where PEXT is fast (Intel since
//!   Haswell, AMD since Zen 3), but AMD Zen 1 and Zen 2 run PEXT as microcode (tens to hundreds
//!   of cycles, by the mask's bits), so only the tables that never run there use it: the avx512
//!   level's and the avx2 level's `avx2_pext` (src/dispatch/levels.rs).
//!
//! Every function is `#[inline(always)]` and only ever inlined into a `#[target_feature]`
//! function of a level with the instructions it uses (SSE2; BMI2 for PEXT).

use super::last_flip::line_count;
use super::masks::LINE_MASKS;
use core::arch::x86_64::*;

/// Per square, the masks of its four lines (the square included) in two 128-bit pairs:
/// (diagonal A1-H8 way, rank) and (diagonal H1-A8 way, file). In the first pair every line has at
/// most one square per file, so PSADBW's byte sum of a masked lane is the line's byte indexed
/// by file; in the second at most one square per rank, so PMOVMSKB of the masked bytes (made
/// negative when not zero) is the line's byte indexed by rank.
#[repr(C, align(32))]
struct GatherMasks([u64; 4]);

static GATHER_MASKS: [GatherMasks; 64] = {
    let mut t = [const { GatherMasks([0; 4]) }; 64];
    let mut x = 0;
    while x < 64 {
        let m = &LINE_MASKS[x];
        let (d9, d7) = (m.lower[2] | m.upper[2] | 1 << x, m.lower[3] | m.upper[3] | 1 << x);
        t[x].0 = [d9, 0xFF << (x & 56), d7, 0x0101_0101_0101_0101 << (x & 7)];
        x += 1;
    }
    t
};

/// `last_flip_count(x, p)` for x in 0..=63 by gathering each line into a byte with 128-bit
/// integer instructions (SSE2: PSADBW for the rank and one diagonal, PMOVMSKB for the file and
/// the other), then four lookups: the form of Edax AVX's SSE `last_flip`. No 256-bit vector, so
/// no VZEROUPPER after it on the AVX levels.
#[inline(always)]
pub(super) unsafe fn last_flip_count_gather(x: usize, p: u64) -> i32 {
    use super::last_flip::line_flips;
    let x = x & 63;
    let masks = GATHER_MASKS[x].0.as_ptr() as *const __m128i;
    let pp = _mm_set1_epi64x(p as i64);
    // SAFETY: (caller) SSE2; the table rows are 32-byte aligned, each pair 16.
    let (by_file, by_rank) = unsafe { (_mm_load_si128(masks), _mm_load_si128(masks.add(1))) };
    let sums = _mm_sad_epu8(_mm_and_si128(pp, by_file), _mm_setzero_si128());
    let bits = _mm_movemask_epi8(_mm_sub_epi8(_mm_setzero_si128(), _mm_and_si128(pp, by_rank))) as usize;
    let (col, row) = (x & 7, x >> 3);
    (line_flips(col, _mm_cvtsi128_si32(sums) as usize) + line_flips(col, _mm_extract_epi16::<4>(sums) as usize))
        + (line_flips(row, bits & 0xFF) + line_flips(row, bits >> 8))
}

/// For each square, the vertical and the two diagonal lines through it (with the square),
/// and the offset in [`LAST_FLIP_COUNTS`] of the block of the square's position in each
/// extracted line (the rank's block is `256 * column`).
#[repr(C, align(32))]
struct PextLines {
    mask: [u64; 3],
    offset: [u16; 3],
}

/// The start in [`LAST_FLIP_COUNTS`] of the block of position `pos` in lines of `len` squares:
/// the 8-square blocks first (`256 * pos`), then those of 7, 6, ... squares, `2^len` entries each.
const fn block_offset(len: u32, pos: u32) -> usize {
    let mut start = 0;
    let mut l = 8;
    while l > len {
        start += (l << l) as usize;
        l -= 1;
    }
    start + (pos << len) as usize
}

const fn build_pext_lines() -> [PextLines; 64] {
    let mut t = [const { PextLines { mask: [0; 3], offset: [0; 3] } }; 64];
    let mut x = 0;
    while x < 64 {
        let mut i = 0;
        while i < 3 {
            let line = LINE_MASKS[x].lower[i + 1] | LINE_MASKS[x].upper[i + 1] | 1 << x;
            t[x].mask[i] = line;
            t[x].offset[i] = block_offset(line.count_ones(), (line & ((1 << x) - 1)).count_ones()) as u16;
            i += 1;
        }
        x += 1;
    }
    t
}

static PEXT_LINES: [PextLines; 64] = build_pext_lines();

/// Number of entries of [`LAST_FLIP_COUNTS`]: blocks for every length 1..=8 and position.
const COUNTS_LEN: usize = block_offset(0, 0);

/// `LAST_FLIP_COUNTS[block_offset(len, pos) + line]`, for a full line of `len` squares but for
/// the empty one at `pos`, whose player discs are `line`: twice the discs the player flips by
/// playing `pos` (low byte), and twice those the opponent flips (high byte). The bytes of the
/// four lines through a square add up without carry (at most 2 * 18 each).
#[repr(C, align(64))]
struct LastFlipCounts([u16; COUNTS_LEN]);

const fn build_last_flip_counts() -> LastFlipCounts {
    let mut t = [0u16; COUNTS_LEN];
    let mut len = 1;
    while len <= 8 {
        let mut pos = 0;
        while pos < len {
            let mut line = 0;
            while line < 1 << len {
                // The squares past the line's end read as opponent discs, which end no run.
                let other = !line & ((1 << len) - 1);
                t[block_offset(len, pos) + line as usize] =
                    line_count(pos as usize, line as usize) | line_count(pos as usize, other as usize) << 8;
                line += 1;
            }
            pos += 1;
        }
        len += 1;
    }
    LastFlipCounts(t)
}

static LAST_FLIP_COUNTS: LastFlipCounts = build_last_flip_counts();

/// The indexes in [`LAST_FLIP_COUNTS`] of the four lines through x (0..=63) on a board full but
/// for x, whose player discs are `p`: each line gathered into one index (a shift for the rank,
/// PEXT for the others) after its block's offset.
#[inline(always)]
unsafe fn last_flip_indexes(x: usize, p: u64) -> [usize; 4] {
    let x = x & 63;
    let lines = &PEXT_LINES[x];
    // SAFETY: (caller) BMI2.
    let line = |i: usize| lines.offset[i] as usize + unsafe { _pext_u64(p, lines.mask[i]) } as usize;
    [((x & 7) << 8) + ((p >> (x & 56)) & 0xFF) as usize, line(0), line(1), line(2)]
}

/// Both counts of [`LAST_FLIP_COUNTS`] for x (0..=63) on a board full but for x: the player's
/// (`p`) in the low byte, the opponent's (`!p`) in the high byte.
#[inline(always)]
pub(super) unsafe fn last_flip_counts_sq(x: usize, p: u64) -> u32 {
    // SAFETY: an offset is that of a block of 2^len entries and a line is below 2^len (a byte,
    // or the PEXT of a mask of len bits), so each index is inside the table; a masked index would
    // add a cycle here.
    let count = |i: usize| unsafe { *LAST_FLIP_COUNTS.0.get_unchecked(i) } as u32;
    let [rank, v, d9, d7] = unsafe { last_flip_indexes(x, p) };
    (count(rank) + count(v)) + (count(d9) + count(d7))
}

/// The player's count only: the low bytes of [`last_flip_counts_sq`]'s entries, read as bytes.
#[inline(always)]
pub(super) unsafe fn last_flip_count_sq(x: usize, p: u64) -> i32 {
    let low_bytes = LAST_FLIP_COUNTS.0.as_ptr() as *const u8;
    // SAFETY: as in last_flip_counts_sq; byte 2i is the low byte of entry i (little-endian).
    let count = |i: usize| unsafe { *low_bytes.add(2 * i) } as i32;
    let [rank, v, d9, d7] = unsafe { last_flip_indexes(x, p) };
    (count(rank) + count(v)) + (count(d9) + count(d7))
}

#[cfg(test)]
mod tests {
    use super::super::last_flip::assert_counts_the_last_flip;
    use super::*;

    #[test]
    fn gathered_last_flip_counts_match_the_last_flip() {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        assert_counts_the_last_flip(0x9E37_79B9_7F4A_7C15, |x, p| unsafe { last_flip_count_gather(x, p) });
    }
}
