//! The score of a position with one empty square.

use super::Prims;

/// Edax 4.4's `board_score_1`: the final disc difference for the side *not* to move when the
/// side to move plays first at `x`, with Edax's lazy cut-offs: when the true score is
/// `>= beta` the result may be any value between `beta` and it; a result `< beta` is exact.
///
/// `x` outside 0..=63 plays as a square nobody can play.
#[inline(always)]
pub(crate) fn board_score_1<K: Prims>(p: u64, o: u64, beta: i32, x: i32) -> i32 {
    let valid = (x as u32) < 64;
    let x = (x & 63) as usize;
    let last = |b: u64| if valid { K::last_flip_count(x, b) } else { 0 };
    let mut score = 2 * K::popcount(o) as i32 - 64;
    let n = last(p);
    if n != 0 {
        return score - n;
    }
    if score >= 0 {
        score += 2;
        if score < beta {
            score += last(o);
        }
    } else if score < beta {
        let n = last(o);
        if n != 0 {
            score += n + 2;
        }
    }
    score
}

/// The exact score `board_score_1` gives without cut-offs, computed branch-free from both
/// sides' last flips at once (seed 004).
#[inline(always)]
pub(crate) fn board_score_1_exact<K: Prims>(p: u64, o: u64, x: i32) -> i32 {
    let valid = (x as u32) < 64;
    let (pf, of) = K::last_flip_count_both((x & 63) as usize, p, o);
    let (pf, of) = if valid { (pf, of) } else { (0, 0) };
    let score = 2 * K::popcount(o) as i32 - 64;
    let opponent_plays = score + 2 + of;
    let other = if score >= 0 || of != 0 { opponent_plays } else { score };
    if pf != 0 {
        score - pf
    } else {
        other
    }
}
