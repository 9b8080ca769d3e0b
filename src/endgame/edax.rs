//! The pieces of Edax 4.6's search that both searches above the kernels use, Edax's leaf and
//! endgame search (this module's siblings) and the exact solver (src/solver): one source each
//! for the stability cut-off, the final score, the quadrant parity and the fast move ordering.

use crate::kernels::{masks::CORNERS, moves::potential_moves, stability::corner_stable, Prims};

/// Edax's `SCORE_MAX`: the best score.
pub(crate) const SCORE_MAX: i32 = 64;

/// Edax's `SCORE_INF`: above every score.
pub(crate) const SCORE_INF: i32 = 127;

/// Edax's `DEPTH_TO_SHALLOW_SEARCH`: positions with this many empty squares or fewer go to the
/// leaf search.
pub(crate) const DEPTH_TO_SHALLOW_SEARCH: u32 = 7;

/// Edax's `NWS_STABILITY_THRESHOLD` (search.c, without `USE_SOLID`), by number of empty
/// squares: the stability cut-off is tried when alpha is at least this (99: never).
const NWS_STABILITY_THRESHOLD: [i8; 64] = [
    99, 99, 99, 99, 6, 8, 10, 12, //
    14, 16, 20, 22, 24, 26, 28, 30, //
    32, 34, 36, 38, 40, 42, 44, 46, //
    48, 48, 50, 50, 52, 52, 54, 54, //
    56, 56, 58, 58, 60, 60, 62, 62, //
    64, 64, 64, 64, 64, 64, 64, 64, //
    99, 99, 99, 99, 99, 99, 99, 99, //
    99, 99, 99, 99, 99, 99, 99, 99, //
];

/// [`NWS_STABILITY_THRESHOLD`] for `n` empty squares (99 for 64, which Edax never meets).
#[inline(always)]
pub(crate) const fn stability_threshold(n: u32) -> i32 {
    if n < 64 {
        NWS_STABILITY_THRESHOLD[n as usize] as i32
    } else {
        99
    }
}

/// Edax's `search_SC_NWS`: with `n` empty squares and `p` to move, the upper bound
/// `SCORE_MAX - 2 * stable(o)` when it is at most `alpha` (a fail-low cut-off). Skipped without
/// looking at the stability when all of `o`'s discs could not cut (no effect on the result).
#[inline(always)]
pub(crate) fn stability_cutoff<K: Prims>(p: u64, o: u64, alpha: i32, n: u32) -> Option<i32> {
    if alpha >= stability_threshold(n) && SCORE_MAX - 2 * K::popcount(o) as i32 <= alpha {
        let score = SCORE_MAX - 2 * K::get_stability(o, p);
        if score <= alpha {
            return Some(score);
        }
    }
    None
}

/// Edax's `solve`: the final score of the side to move, with `n_p` discs, when nobody can move,
/// the `n` empty squares going to the winner.
#[inline(always)]
pub(crate) fn final_score(n_p: u32, n: i32) -> i32 {
    let score = 2 * n_p as i32 - SCORE_MAX;
    let diff = score + n;
    if diff == 0 {
        0
    } else if diff > 0 {
        diff + n
    } else {
        score
    }
}

/// Edax's `QUADRANT_ID`: bit 0, 1, 2, 3 for the A1, H1, A8, H8 quadrants.
#[inline(always)]
pub(crate) const fn quadrant(x: usize) -> u32 {
    1 << (((x >> 2) & 1) | ((x >> 4) & 2))
}

/// The quadrant parity of the empty squares `empty` (Edax's `search->parity`): bit q set when
/// quadrant q has an odd number of them.
#[inline(always)]
pub(crate) fn parity(empty: u64) -> u32 {
    const QUADRANTS: [u64; 4] =
        [0x0000_0000_0F0F_0F0F, 0x0000_0000_F0F0_F0F0, 0x0F0F_0F0F_0000_0000, 0xF0F0_F0F0_0000_0000];
    let mut parity = 0;
    for (q, mask) in QUADRANTS.iter().enumerate() {
        parity |= ((empty & mask).count_ones() & 1) << q;
    }
    parity
}

/// Edax's `SQUARE_VALUE` (move.c): corners best, X squares worst. It breaks parity ties in
/// `solve_3`, and weighs a square in the fast move ordering.
pub(crate) const SQUARE_VALUE: [u8; 64] = [
    18, 4, 16, 12, 12, 16, 4, 18, //
    4, 2, 6, 8, 8, 6, 2, 4, //
    16, 6, 14, 10, 10, 14, 6, 16, //
    12, 8, 10, 0, 0, 10, 8, 12, //
    12, 8, 10, 0, 0, 10, 8, 12, //
    16, 6, 14, 10, 10, 14, 6, 16, //
    4, 2, 6, 8, 8, 6, 2, 4, //
    18, 4, 16, 12, 12, 16, 4, 18, //
];

// The weights of `movelist_evaluate_fast` (move.c).
/// A move that takes every opponent disc.
pub(crate) const W_WIPEOUT: i32 = 1 << 30;
/// The transposition table's first move.
pub(crate) const W_HASH_MOVE_0: i32 = 1 << 29;
/// The transposition table's second move (Edax's table keeps two).
pub(crate) const W_HASH_MOVE_1: i32 = 1 << 28;
const W_MOBILITY: i32 = 1 << 15;
const W_CORNER_STABILITY: i32 = 1 << 11;
const W_POTENTIAL_MOBILITY: i32 = 1 << 5;

/// The parity weight of `movelist_evaluate_fast` with `n` empty squares (before the move).
#[inline(always)]
pub(crate) const fn parity_weight(n: u32) -> i32 {
    if n < 12 {
        1 << 3
    } else {
        1 << 2
    }
}

/// `movelist_evaluate_fast`'s score of the move `x` that is neither a wipe-out nor a table move:
/// (`p`, `o`) is the position after it, `p` (the opponent of the mover) to move; `parity` the
/// quadrant parity before the move. Fewest moves left to `p` (corners counted twice) weigh
/// most, then the corner discs the mover makes stable, then `p`'s potential mobility, then the
/// parity and the square's value.
#[inline(always)]
pub(crate) fn fast_score<K: Prims>(x: usize, p: u64, o: u64, parity: u32, w_parity: i32) -> i32 {
    let weighted = |m: u64| (K::popcount(m) + K::popcount(m & CORNERS)) as i32;
    let mut s = i32::from(SQUARE_VALUE[x & 63]);
    if parity & quadrant(x) != 0 {
        s += w_parity;
    }
    s + (36 - weighted(potential_moves(p, o))) * W_POTENTIAL_MOBILITY
        + K::popcount(corner_stable(o)) as i32 * W_CORNER_STABILITY
        + (36 - weighted(K::get_moves(p, o))) * W_MOBILITY
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parity_is_the_xor_of_the_quadrants() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..10_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let by_square = (0..64).filter(|x| state >> x & 1 != 0).fold(0, |acc, x| acc ^ quadrant(x));
            assert_eq!(parity(state), by_square, "{state:#x}");
        }
    }

    #[test]
    fn final_score_gives_the_empties_to_the_winner() {
        // 40 discs against 20, 4 empty: 40 + 4 - 20.
        assert_eq!(final_score(40, 4), 24);
        assert_eq!(final_score(20, 4), -24);
        assert_eq!(final_score(30, 4), 0);
        assert_eq!(final_score(32, 0), 0);
    }
}
