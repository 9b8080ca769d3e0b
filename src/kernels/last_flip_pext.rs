//! The last-move flip count by PEXT: each line through the square extracted into an index of
//! a table of both sides' counts. Fast where PEXT is (Intel since Haswell, AMD since Zen 3);
//! AMD Zen 1 and Zen 2 run PEXT as microcode (tens to hundreds of cycles, by the mask's bits),
//! so only the tables that never run there use it: the avx512 level's and the avx2 level's
//! `avx2_pext` (src/dispatch/levels.rs). Every function is `#[inline(always)]` and only ever
//! inlined into a `#[target_feature]` function with BMI2.

use super::last_flip::line_count;
use super::masks::LINE_MASKS;
use core::arch::x86_64::_pext_u64;

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
