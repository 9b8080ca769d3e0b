//! Edax 4.6's endgame leaf search (endgame.c): `search_shallow`, `search_solve_4`, `solve_3`,
//! `solve_2`, `solve_1` and `solve`, with Edax's move order, cut-offs and node counts.

use super::edax::{final_score, quadrant, stability_cutoff, stability_threshold, SCORE_INF, SCORE_MAX, SQUARE_VALUE};
use super::empties::Empties;
use crate::kernels::Prims;

/// Edax's `NEIGHBOUR` (bit.c): the squares around each square. A move flips nothing without
/// an opponent disc there, which spares a flip (no effect on the result: a flip of 0 is no move).
static NEIGHBOUR: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut x = 0;
    while x < 64 {
        let (r, c) = ((x / 8) as i32, (x % 8) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (rr, cc) = (r + dr, c + dc);
                if (dr != 0 || dc != 0) && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 {
                    t[x] |= 1 << (rr * 8 + cc);
                }
                dc += 1;
            }
            dr += 1;
        }
        x += 1;
    }
    t
};

/// The discs flipped by `p` playing `x` (0 when `x` has no neighbour in `o`, without flipping).
#[inline(always)]
fn flip<K: Prims>(x: usize, p: u64, o: u64) -> u64 {
    if NEIGHBOUR[x & 63] & o != 0 {
        K::flip(x, p, o)
    } else {
        0
    }
}

/// Edax's `solve_1`: the final score of `p`, to move on the last empty square `x`, with the
/// lazy fail-low cut-off (a result `<= alpha` may be above the exact score).
#[inline(always)]
fn solve_1<K: Prims>(p: u64, alpha: i32, x: usize) -> i32 {
    let (n, n_o) = K::last_flip_count_endgame_both(x, p);
    let mut score = 2 * K::popcount(p) as i32 - SCORE_MAX + 2 + n;
    if n == 0 {
        if score <= 0 {
            score -= 2;
            if score > alpha {
                score -= n_o;
            }
        } else if score > alpha && n_o != 0 {
            score -= n_o + 2;
        }
    }
    score
}

/// Edax's `solve_2`: the score of `o` (p to move, empties `x1`, `x2`).
#[inline(always)]
fn solve_2<K: Prims>(p: u64, o: u64, alpha: i32, x1: usize, x2: usize, nodes: &mut u64) -> i32 {
    let beta = alpha + 1;
    let mut n = 1;
    let mut best;
    let f1 = flip::<K>(x1, p, o);
    if f1 != 0 {
        n = 2;
        best = solve_1::<K>(o ^ f1, alpha, x2);
        if best > alpha {
            let f2 = flip::<K>(x2, p, o);
            if f2 != 0 {
                n = 3;
                best = best.min(solve_1::<K>(o ^ f2, alpha, x1));
            }
        }
    } else {
        let f2 = flip::<K>(x2, p, o);
        if f2 != 0 {
            n = 2;
            best = solve_1::<K>(o ^ f2, alpha, x1);
        } else {
            let f1 = flip::<K>(x1, o, p);
            if f1 != 0 {
                n = 2;
                best = -solve_1::<K>(p ^ f1, -beta, x2);
                if best < beta {
                    let f2 = flip::<K>(x2, o, p);
                    if f2 != 0 {
                        n = 3;
                        best = best.max(-solve_1::<K>(p ^ f2, -beta, x1));
                    }
                }
            } else {
                let f2 = flip::<K>(x2, o, p);
                if f2 != 0 {
                    n = 2;
                    best = -solve_1::<K>(p ^ f2, -beta, x1);
                } else {
                    best = final_score(K::popcount(o), 2);
                }
            }
        }
    }
    *nodes += n;
    best
}

/// Edax's `solve_3`: the score of `p` (to move, empties `x1`, `x2`, `x3`, parity `parity`).
#[inline(always)]
fn solve_3<K: Prims>(p: u64, o: u64, alpha: i32, xs: [usize; 3], parity: u32, nodes: &mut u64) -> i32 {
    let beta = alpha + 1;
    *nodes += 1;
    let [mut x1, mut x2, mut x3] = xs;
    let sv = |x: usize| SQUARE_VALUE[x & 63];
    if parity & quadrant(x1) == 0 {
        let tmp = x1;
        if parity & quadrant(x2) != 0 {
            x1 = x2;
            if sv(x3) > sv(tmp) {
                x2 = x3;
                x3 = tmp;
            } else {
                x2 = tmp;
            }
        } else {
            x1 = x3;
            if sv(x2) > sv(tmp) {
                x3 = tmp;
            } else {
                x3 = x2;
                x2 = tmp;
            }
        }
    } else {
        if sv(x3) > sv(x2) {
            core::mem::swap(&mut x2, &mut x3);
        }
        // Edax swaps x2 and x3 again here (not x1 and x2).
        if sv(x2) > sv(x1) {
            core::mem::swap(&mut x2, &mut x3);
        }
    }
    let order = [(x1, x2, x3), (x2, x1, x3), (x3, x1, x2)];

    let mut best = -SCORE_INF;
    for (x, a, b) in order {
        let f = flip::<K>(x, p, o);
        if f != 0 {
            let score = solve_2::<K>(o ^ f, p ^ f ^ (1 << x), alpha, a, b, nodes);
            if score >= beta {
                return score;
            }
            best = best.max(score);
        }
    }
    if best == -SCORE_INF {
        best = SCORE_INF;
        for (x, a, b) in order {
            let f = flip::<K>(x, o, p);
            if f != 0 {
                let score = -solve_2::<K>(p ^ f, o ^ f ^ (1 << x), -beta, a, b, nodes);
                if score <= alpha {
                    return score;
                }
                best = best.min(score);
            }
        }
        if best == SCORE_INF {
            best = final_score(K::popcount(p), 3);
        }
    }
    best
}

/// A stage of the search below `search_shallow`: the positions with `EMPTIES` empty squares.
pub(crate) trait Stage {
    /// Number of empty squares.
    const EMPTIES: i32;

    /// The score, for the side that just moved, of the position with `p` to move, searched with
    /// that side's null window (alpha, alpha + 1).
    fn score_after_move<K: Prims>(p: u64, o: u64, alpha: i32, e: Empties, nodes: &mut u64) -> i32;
}

/// The full board: `search_shallow` with no empty square.
pub(crate) struct Full;

impl Full {
    /// The score of `p` (node counted).
    #[inline(always)]
    pub fn search<K: Prims>(p: u64, nodes: &mut u64) -> i32 {
        *nodes += 1;
        final_score(K::popcount(p), 0)
    }
}

impl Stage for Full {
    const EMPTIES: i32 = 0;

    #[inline(always)]
    fn score_after_move<K: Prims>(p: u64, _o: u64, _alpha: i32, _e: Empties, nodes: &mut u64) -> i32 {
        -Self::search::<K>(p, nodes)
    }
}

/// Edax's `search_solve_4`.
pub(crate) struct Solve4;

impl Stage for Solve4 {
    const EMPTIES: i32 = 4;

    #[inline(always)]
    fn score_after_move<K: Prims>(p: u64, o: u64, alpha: i32, e: Empties, nodes: &mut u64) -> i32 {
        let [mut x1, mut x2, mut x3, mut x4] = e.first_four();
        let parity = e.parity;
        let odd = |x: usize| parity & quadrant(x) != 0;
        if !odd(x1) {
            if odd(x2) {
                if odd(x3) {
                    (x1, x2, x3) = (x2, x3, x1);
                } else {
                    (x1, x2, x3, x4) = (x2, x4, x1, x3);
                }
            } else if odd(x3) {
                (x1, x2, x3, x4) = (x3, x4, x1, x2);
            }
        } else if !odd(x2) {
            if odd(x3) {
                (x2, x3) = (x3, x2);
            } else {
                (x2, x3, x4) = (x4, x2, x3);
            }
        }
        let moves = [(x1, [x2, x3, x4]), (x2, [x1, x3, x4]), (x3, [x1, x2, x4]), (x4, [x1, x2, x3])];
        let (mut p, mut o, mut alpha, mut sign) = (p, o, alpha, 1);
        let mut passed = false;
        loop {
            *nodes += 1;
            // The stable discs are some of o's: with too few discs o cannot reach alpha.
            if alpha < -stability_threshold(4) && 2 * K::popcount(o) as i32 - SCORE_MAX > alpha {
                let score = 2 * K::get_stability(o, p) - SCORE_MAX;
                if score > alpha {
                    return sign * score;
                }
            }
            let mut best = SCORE_INF;
            for (x, rest) in moves {
                let f = flip::<K>(x, p, o);
                if f != 0 {
                    let score = solve_3::<K>(o ^ f, p ^ f ^ (1 << x), alpha, rest, parity ^ quadrant(x), nodes);
                    if score <= alpha {
                        return sign * score;
                    }
                    best = best.min(score);
                }
            }
            if best != SCORE_INF {
                return sign * best;
            }
            // After a pass the side to move always has a move on a valid board (get_moves found
            // one, and a legal move flips a neighbour). On overlapping bitboards get_moves may see
            // moves that flip nothing for either side: without `passed` both would pass forever.
            if passed || K::get_moves(o, p) & e.squares == 0 {
                return sign * final_score(K::popcount(o), 4);
            }
            (p, o, alpha, sign, passed) = (o, p, -alpha - 1, -sign, true);
        }
    }
}

/// Edax's `search_shallow`, whose moves lead to stage `C`.
pub(crate) struct Shallow<C>(core::marker::PhantomData<C>);

impl<C: Stage> Shallow<C> {
    /// The score of `p` (to move), fail-soft on the null window (alpha, alpha + 1).
    #[inline(always)]
    fn search<K: Prims>(p: u64, o: u64, alpha: i32, e: Empties, nodes: &mut u64) -> i32 {
        let (mut p, mut o, mut alpha, mut sign) = (p, o, alpha, 1);
        loop {
            *nodes += 1;
            if let Some(score) = stability_cutoff::<K>(p, o, alpha, Self::EMPTIES as u32) {
                return sign * score;
            }
            let moves = K::get_moves(p, o) & e.squares;
            if moves != 0 {
                let mut best = -SCORE_INF;
                for x in e.parity_order(moves) {
                    let f = K::flip(x, p, o);
                    let score = C::score_after_move::<K>(o ^ f, p ^ f ^ (1 << x), alpha, e.without(x), nodes);
                    if score > alpha {
                        return sign * score;
                    }
                    best = best.max(score);
                }
                return sign * best;
            }
            if K::get_moves(o, p) & e.squares == 0 {
                return sign * final_score(K::popcount(p), Self::EMPTIES);
            }
            (p, o, alpha, sign) = (o, p, -alpha - 1, -sign);
        }
    }

    /// [`Self::search`] from the root: through the same outlined function as from a parent.
    #[inline(always)]
    pub fn root<K: Prims>(p: u64, o: u64, alpha: i32, e: Empties, nodes: &mut u64) -> i32 {
        -Self::score_after_move::<K>(p, o, -alpha - 1, e, nodes)
    }
}

impl<C: Stage> Stage for Shallow<C> {
    const EMPTIES: i32 = C::EMPTIES + 1;

    /// Each `search_shallow` depth is a function of its own (as Edax's recursion is): inlining
    /// them all would repeat the tree below for every root depth.
    #[inline(always)]
    fn score_after_move<K: Prims>(p: u64, o: u64, alpha: i32, e: Empties, nodes: &mut u64) -> i32 {
        K::outline(|| -Self::search::<K>(p, o, -alpha - 1, e, nodes))
    }
}
