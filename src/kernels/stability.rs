//! Stable-disc estimation on plain `u64`, bit-exact with Edax 4.6.
//!
//! `get_stability` is Edax's lower bound: the exactly stable edge discs (from the edge table),
//! the inner discs lying on a full line in all four directions, and then, to a fixed point,
//! the inner discs that in each of the four directions have a stable neighbour or lie on a
//! full line. Every step is an exact set, so any level may compute it its own way.
//!
//! A square set in both bitboards counts as the opponent's: the player is taken as `P & !O`.

// EDGE_STABILITY (build.rs): Edax's table, 0 at the indexes of overlapping lines; only read
// here, at compile time, to build EDGE_TABLE.
include!(concat!(env!("OUT_DIR"), "/edge_stability.rs"));

/// The edge table the kernels read: [`EDGE_STABILITY`] at every overlap-free index `P * 256 + O`,
/// and at an overlapping one the entry of `(P & !O, O)`. So a kernel may index it with `P` as it
/// is: the square in both lines counts as O's, as everywhere, without an AND-NOT per line.
static EDGE_TABLE: [u8; 65536] = {
    let mut t = [0u8; 65536];
    let mut i = 0;
    while i < 65536 {
        let (p, o) = (i >> 8, i & 0xFF);
        t[i] = EDGE_STABILITY[(p & !o) << 8 | o];
        i += 1;
    }
    t
};

const INNER: u64 = 0x007E_7E7E_7E7E_7E00;

/// Gathers the A file (bit 0 of each rank) into one byte, A1 = bit 0.
#[inline(always)]
fn pack_a_file(b: u64) -> usize {
    ((b & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// Gathers the H file (bit 7 of each rank) into one byte, H1 = bit 0.
#[inline(always)]
fn pack_h_file(b: u64) -> usize {
    ((b & 0x8080_8080_8080_8080).wrapping_mul(0x0002_0408_1020_4081) >> 56) as usize
}

/// Spreads bits 1..=6 of a byte onto A2..A7.
#[inline(always)]
pub(crate) fn unpack_a_file(b: u8) -> u64 {
    ((b as u64 & 0x7E).wrapping_mul(0x0000_0408_1020_4080)) & 0x0001_0101_0101_0100
}

/// Spreads bits 1..=6 of a byte onto H2..H7.
#[inline(always)]
pub(crate) fn unpack_h_file(b: u8) -> u64 {
    ((b as u64 & 0x7E).wrapping_mul(0x0002_0408_1020_4000)) & 0x0080_8080_8080_8000
}

/// The stable discs of an edge line, from its index `P * 256 + O` (P and O may overlap: the
/// common squares count as O's).
#[inline(always)]
pub(crate) fn edge_entry_at(index: usize) -> u8 {
    EDGE_TABLE[index & 0xFFFF]
}

#[inline(always)]
fn edge_entry(p: usize, o: usize) -> u8 {
    edge_entry_at((p << 8) | o)
}

/// The stable discs of `p` on the four edges, exact per edge line.
#[inline(always)]
pub(crate) fn stable_edge(p: u64, o: u64) -> u64 {
    // The table does not need `P & !O`, but `get_stability` computes it anyway: the same value
    // here keeps one register free there.
    let p = p & !o;
    edge_entry((p & 0xFF) as usize, (o & 0xFF) as usize) as u64
        | (edge_entry((p >> 56) as usize, (o >> 56) as usize) as u64) << 56
        | unpack_a_file(edge_entry(pack_a_file(p), pack_a_file(o)))
        | unpack_h_file(edge_entry(pack_h_file(p), pack_h_file(o)))
}

/// The number of discs of [`stable_edge`], without spreading the files back onto the board:
/// the ranks' entries whole, the files' without their corners (which the ranks count).
#[inline(always)]
pub(crate) fn stable_edge_count(p: u64, o: u64) -> u32 {
    let rank1 = edge_entry((p & 0xFF) as usize, (o & 0xFF) as usize) as u32;
    let rank8 = edge_entry((p >> 56) as usize, (o >> 56) as usize) as u32;
    let a = edge_entry(pack_a_file(p), pack_a_file(o)) as u32 & 0x7E;
    let h = edge_entry(pack_h_file(p), pack_h_file(o)) as u32 & 0x7E;
    (rank1 | rank8 << 8 | a << 16 | h << 24).count_ones()
}

/// Squares whose line is full, for the 4 directions: horizontal, vertical, anti-diagonal
/// (bit step 7) and diagonal (bit step 9). These masks are exact (checked exhaustively per
/// line), so other levels may compute the same sets another way.
#[inline(always)]
pub(crate) fn full_lines(disc: u64) -> [u64; 4] {
    let mut h = disc;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let h = (h & 0x0101_0101_0101_0101).wrapping_mul(0xFF);

    let mut v = disc;
    v &= v.rotate_right(8);
    v &= v.rotate_right(16);
    v &= v.rotate_right(32);

    let (mut l7, mut r7) = (disc, disc);
    l7 &= 0xFF01_0101_0101_0101 | (l7 >> 7);
    r7 &= 0x8080_8080_8080_80FF | (r7 << 7);
    l7 &= 0xFFFF_0303_0303_0303 | (l7 >> 14);
    r7 &= 0xC0C0_C0C0_C0C0_FFFF | (r7 << 14);
    l7 &= 0xFFFF_FFFF_0F0F_0F0F | (l7 >> 28);
    r7 &= 0xF0F0_F0F0_FFFF_FFFF | (r7 << 28);
    let d7 = l7 & r7;

    let (mut l9, mut r9) = (disc, disc);
    l9 &= 0xFF80_8080_8080_8080 | (l9 >> 9);
    r9 &= 0x0101_0101_0101_01FF | (r9 << 9);
    l9 &= 0xFFFF_C0C0_C0C0_C0C0 | (l9 >> 18);
    r9 &= 0x0303_0303_0303_FFFF | (r9 << 18);
    let d9 = l9 & r9 & (0x0F0F_0F0F_F0F0_F0F0 | (l9 >> 36) | (r9 << 36));

    [h, v, d7, d9]
}

/// Grows `stable` to the fixed point of "inner player disc with, in each direction, a stable
/// neighbour or a full line".
#[inline(always)]
fn stable_by_contact(central: u64, mut stable: u64, full: &[u64; 4]) -> u64 {
    loop {
        let old = stable;
        let h = (stable >> 1) | (stable << 1) | full[0];
        let v = (stable >> 8) | (stable << 8) | full[1];
        let d7 = (stable >> 7) | (stable << 7) | full[2];
        let d9 = (stable >> 9) | (stable << 9) | full[3];
        stable |= h & v & d7 & d9 & central;
        if stable == old {
            return stable;
        }
    }
}

/// Edax's `get_stable_discs`, from the stable edge discs of `p` (overlap-free, `P & !O`) and
/// the full lines.
#[inline(always)]
pub(crate) fn stable_discs_from(p: u64, edge: u64, full: &[u64; 4]) -> u64 {
    let central = p & INNER;
    let stable = edge | (full[0] & full[1] & full[2] & full[3] & central);
    if stable == 0 {
        // Nothing to grow from (the full-line discs are already included).
        return 0;
    }
    stable_by_contact(central, stable, full)
}

/// Edax's `get_stable_discs`: the stable discs of `p` (a subset of the truly stable ones).
#[inline(always)]
pub(crate) fn stable_discs(p: u64, o: u64) -> u64 {
    stable_discs_from(p & !o, stable_edge(p, o), &full_lines(p | o))
}

/// Owned corners plus the owned edge neighbours of an owned corner (Edax's
/// `get_corner_stability` counts them), as bits to count, not a bitboard: the squares of `p`
/// rotated right by 48, whose 32 bits hold the ranks 7, 8, 1 and 2 in that order (A7 = bit 0,
/// A8 = 8, A1 = 16, A2 = 24).
///
/// The corners are taken from `p` rotated right by 56 (ranks 8 and 1 in bits 0..16: A8 = 0,
/// H8 = 7, A1 = 8, H1 = 15), 8 bits below their place in the first layout, and one multiply
/// per file spreads them onto their neighbours there: 0x1_0201 = 1 + 2^9 + 2^16 puts A8 on A7
/// and B8, A1 on B1 and A2; 0x1_0081 = 1 + 2^7 + 2^16 puts H8 on H7 and G8, H1 on G1 and H2.
/// The terms of a product never share a bit (no carry) and stay below bit 32; the ones that
/// land on the other corner of the file (A8 + 16 is A1) are counted only when that corner is
/// owned, as it is anyway. With BMI2 (RORX) and POPCNT the count is 11 instructions, 8 fewer than
/// with shifts of `p`, for one cycle more of latency (the multiply's 3).
#[inline(always)]
pub(crate) fn corner_stable(p: u64) -> u64 {
    let corners = p.rotate_right(56) as u32;
    let spread = (corners & 0x0101).wrapping_mul(0x1_0201) | (corners & 0x8080).wrapping_mul(0x1_0081);
    ((spread | 0x0081_8100) & p.rotate_right(48) as u32) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_edge_count_counts_the_stable_edge() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for i in 0..200_000 {
            let (p, o) = (next(), next());
            // Also overlapping boards, and sparse ones with many empty edge squares.
            let (p, o) = if i % 3 == 0 {
                (p, o)
            } else if i % 3 == 1 {
                (p & !o, o)
            } else {
                (p & next(), o & next() & !p)
            };
            assert_eq!(stable_edge_count(p, o), stable_edge(p, o).count_ones(), "{p:#x} {o:#x}");
        }
    }

    #[test]
    fn the_edge_table_takes_overlapping_lines_as_o() {
        for (i, &entry) in EDGE_STABILITY.iter().enumerate() {
            let (p, o) = (i >> 8, i & 0xFF);
            assert_eq!(edge_entry_at(i), EDGE_STABILITY[(p & !o) << 8 | o], "P {p:#x} O {o:#x}");
            if p & o == 0 {
                assert_eq!(edge_entry_at(i), entry);
            }
        }
    }

    #[test]
    fn the_corner_count_is_edax_s() {
        // Edax 4.6's set: owned corners, and the owned edge neighbours of an owned corner.
        let edax = |p: u64| {
            (((0x0100_0000_0000_0001 & p) << 1)
                | ((0x8000_0000_0000_0080 & p) >> 1)
                | ((0x0000_0000_0000_0081 & p) << 8)
                | ((0x8100_0000_0000_0000 & p) >> 8)
                | 0x8100_0000_0000_0081)
                & p
        };
        // Every subset of the 12 squares that matter, with the rest of the board empty, full or
        // mixed.
        let squares = [0, 1, 6, 7, 8, 15, 48, 55, 56, 57, 62, 63];
        for bits in 0..1u32 << squares.len() {
            let mut p = 0u64;
            for (i, &s) in squares.iter().enumerate() {
                p |= ((bits >> i & 1) as u64) << s;
            }
            let others = !squares.iter().fold(0, |m, &s| m | 1u64 << s);
            for rest in [0, u64::MAX, 0x9C3A_55E1_0F0F_6B21] {
                let p = p | (rest & others);
                assert_eq!(corner_stable(p).count_ones(), edax(p).count_ones(), "{p:#x}");
            }
        }
    }

    /// Squares of the line through `x` in direction (dr, dc), both ways, `x` included.
    fn line(x: i32, dr: i32, dc: i32) -> Vec<i32> {
        let mut squares = vec![x];
        for s in [1, -1] {
            let (mut r, mut c) = (x / 8 + s * dr, x % 8 + s * dc);
            while (0..8).contains(&r) && (0..8).contains(&c) {
                squares.push(r * 8 + c);
                r += s * dr;
                c += s * dc;
            }
        }
        squares
    }

    #[test]
    fn full_lines_are_exact_for_every_line_pattern() {
        // For every line of every direction, every occupancy of that line, with the rest of the
        // board full, empty, or a fixed pattern: a square is "full" exactly when its line is.
        let dirs = [(0, 1), (1, 0), (1, -1), (1, 1)]; // h, v, anti-diagonal (7), diagonal (9)
        for (k, &(dr, dc)) in dirs.iter().enumerate() {
            for x in 0..64 {
                let squares = line(x, dr, dc);
                for rest in [u64::MAX, 0, 0x9C3A_55E1_0F0F_6B21] {
                    for bits in 0..1u32 << squares.len() {
                        let mut disc = rest;
                        for (i, &s) in squares.iter().enumerate() {
                            disc = if bits >> i & 1 == 1 { disc | 1 << s } else { disc & !(1 << s) };
                        }
                        let want = bits == (1 << squares.len()) - 1;
                        assert_eq!(full_lines(disc)[k] >> x & 1 == 1, want, "dir {k} square {x} disc {disc:016x}");
                    }
                }
            }
        }
    }
}
