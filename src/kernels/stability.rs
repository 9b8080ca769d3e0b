//! Stable-disc estimation on plain `u64`, bit-exact with Edax 4.6.
//!
//! `get_stability` is Edax's lower bound: the exactly stable edge discs (from the edge table),
//! the inner discs lying on a full line in all four directions, and then, to a fixed point,
//! the inner discs that in each of the four directions have a stable neighbour or lie on a
//! full line. Every step is an exact set, so any level may compute it its own way.
//!
//! A square set in both bitboards counts as the opponent's: the player is taken as `P & !O`.

include!(concat!(env!("OUT_DIR"), "/edge_stability.rs"));

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

/// The stable discs of an edge line, from its index `P * 256 + O` (overlap-free).
#[inline(always)]
pub(crate) fn edge_entry_at(index: usize) -> u8 {
    EDGE_STABILITY[index & 0xFFFF]
}

#[inline(always)]
fn edge_entry(p: usize, o: usize) -> u8 {
    edge_entry_at((p << 8) | o)
}

/// The stable discs of `p` on the four edges, exact per edge line.
#[inline(always)]
pub(crate) fn stable_edge(p: u64, o: u64) -> u64 {
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
    let p = p & !o;
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

/// Owned corners plus the owned edge neighbours of an owned corner.
#[inline(always)]
pub(crate) fn corner_stable(p: u64) -> u64 {
    (((0x0100_0000_0000_0001 & p) << 1)
        | ((0x8000_0000_0000_0080 & p) >> 1)
        | ((0x0000_0000_0000_0081 & p) << 8)
        | ((0x8100_0000_0000_0000 & p) >> 8)
        | 0x8100_0000_0000_0081)
        & p
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
