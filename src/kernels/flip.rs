//! Flipped discs and last-move flip counts on plain `u64`.
//!
//! For each line through the move square, the "outflank" square is the first square, going
//! away from the move, that is not an opponent disc. The run in between flips when the
//! outflank square holds a player disc. Towards larger bit numbers the outflank square is the
//! lowest set bit of the non-opponent squares of the ray (isolated with `x & -x`); towards
//! smaller bit numbers it is the highest one (found with a leading-zero count).
//!
//! A square set in both bitboards counts as the opponent's (the player is taken as `P & !O`):
//! only the opponent's discs decide where a run ends, so this needs no extra operation.

use super::masks::LINE_MASKS;

/// Discs flipped on one ray towards larger bit numbers, given the non-opponent squares of it.
#[inline(always)]
pub(crate) fn flips_up(ray: u64, non_o: u64, p: u64) -> u64 {
    let outflank = non_o & non_o.wrapping_neg() & p;
    outflank.wrapping_sub((outflank != 0) as u64) & ray
}

/// Discs flipped on one ray towards smaller bit numbers, given the non-opponent squares of it.
#[inline(always)]
pub(crate) fn flips_down(ray: u64, non_o: u64, p: u64) -> u64 {
    // With no non-opponent square, the shift gives bit 63, never part of a lower ray.
    let outflank = (1u64 << 63 >> (non_o.leading_zeros() & 63)) & p & ray;
    ray & !(outflank << 1).wrapping_sub(1)
}

/// `flip(x, P, O)` for a square `x` in 0..=63.
#[inline(always)]
pub(crate) fn flip(x: usize, p: u64, o: u64) -> u64 {
    let m = &LINE_MASKS[x & 63];
    let non_o = !o;
    let mut f = 0;
    for i in 0..4 {
        f |= flips_up(m.upper[i], m.upper[i] & non_o, p);
        f |= flips_down(m.lower[i], m.lower[i] & non_o, p);
    }
    f
}

/// Discs flipped when `p` plays `x` and every other square belongs to the opponent.
#[inline(always)]
pub(crate) fn last_flip(x: usize, p: u64) -> u64 {
    let m = &LINE_MASKS[x & 63];
    let mut f = 0;
    for i in 0..4 {
        f |= flips_up(m.upper[i], m.upper[i] & p, p);
        f |= flips_down(m.lower[i], m.lower[i] & p, p);
    }
    f
}
