//! Last-move flip counts by kindergarten gathering: each line through the square is gathered
//! into one byte (a shift for the rank, a multiplication for the file and the diagonals) and
//! looked up. No PEXT: fast on every x86-64 (and any 64-bit multiplier).

use super::masks::LINE_MASKS;

/// Twice the discs flipped on an 8-square line by playing at `pos`, the player's discs being
/// `line` and every other square the opponent's (bit `pos` ignored).
pub(crate) const fn line_count(pos: usize, line: usize) -> u16 {
    let mut n = 0;
    let mut step = -1;
    while step <= 1 {
        let (mut y, mut run) = (pos as i32 + step, 0);
        while y >= 0 && y < 8 && line >> y & 1 == 0 {
            run += 1;
            y += step;
        }
        if y >= 0 && y < 8 {
            n += run;
        }
        step += 2;
    }
    2 * n
}

/// `COUNTS[256 * pos + line]` = `line_count(pos, line)`.
#[repr(C, align(64))]
struct Counts([u8; 2048]);

static COUNTS: Counts = {
    let mut t = [0u8; 2048];
    let mut i = 0;
    while i < 2048 {
        t[i] = line_count(i / 256, i % 256) as u8;
        i += 1;
    }
    Counts(t)
};

/// `line_count(pos, line)` from the table (`line`: the low 8 bits are used). Only the x86
/// gathering form (last_flip_x86.rs) looks lines up one by one; elsewhere it would be dead code.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn line_flips(pos: usize, line: usize) -> i32 {
    COUNTS.0[(pos << 8 | line & 0xFF) & 2047] as i32
}

/// Per square: its two diagonal lines (A1-H8 and H1-A8 directions, the square included).
#[repr(C, align(16))]
struct Diagonals([u64; 2]);

static DIAGONALS: [Diagonals; 64] = {
    let mut t = [const { Diagonals([0; 2]) }; 64];
    let mut x = 0;
    while x < 64 {
        t[x].0[0] = LINE_MASKS[x].lower[2] | LINE_MASKS[x].upper[2] | 1 << x;
        t[x].0[1] = LINE_MASKS[x].lower[3] | LINE_MASKS[x].upper[3] | 1 << x;
        x += 1;
    }
    t
};

/// The byte of the squares of `b` on at most one square per file (bit f = file f).
#[inline(always)]
const fn gather(b: u64) -> u64 {
    b.wrapping_mul(0x0101_0101_0101_0101) >> 56
}

/// `last_flip_count(x, p)` for x in 0..=63: twice the discs `p` flips by playing `x`, every
/// other square being the opponent's. A diagonal's byte has zeros off the board, which end no
/// run.
#[inline(always)]
pub(crate) fn last_flip_count(x: usize, p: u64) -> i32 {
    let x = x & 63;
    let (col, row) = (x & 7, x >> 3);
    let count = |pos: usize, line: u64| COUNTS.0[(pos << 8 | line as usize) & 2047] as i32;
    let rank = (p >> (x & 56)) & 0xFF;
    let file = ((p >> col) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let [d9, d7] = DIAGONALS[x].0;
    (count(col, rank) + count(row, file)) + (count(col, gather(p & d9)) + count(col, gather(p & d7)))
}

/// Asserts that `count(x, p)` is twice the discs Edax's last flip turns, for every square and
/// 20,000 masks from a xorshift seeded by `seed`: the unit test of each form of the count.
#[cfg(test)]
pub(crate) fn assert_counts_the_last_flip(seed: u64, count: impl Fn(usize, u64) -> i32) {
    let mut r = seed;
    for _ in 0..20_000 {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        for x in 0..64 {
            let want = 2 * super::flip::last_flip(x, r).count_ones() as i32;
            assert_eq!(count(x, r), want, "x={x} p={r:016x}");
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_match_the_last_flip() {
        super::assert_counts_the_last_flip(0x2545_F491_4F6C_DD1D, super::last_flip_count);
    }
}
