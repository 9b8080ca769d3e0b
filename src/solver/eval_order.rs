//! Shallow searches on the evaluation, which order the moves of the nodes with many empty
//! squares (Edax's `search_eval_0` and `search_eval_1`, midgame.c): the score in discs of a
//! position, by the weights alone or after one ply.
//!
//! Each function carries the position's features, from the point of view of the features'
//! player, and `colour`, 0 when the side to move is the features' player (Edax's
//! `eval->player`). No recursion, so that the whole search inlines into the level's own node
//! functions.

use crate::endgame::edax::{final_score, SCORE_MAX};
use crate::eval::{EkEvalFeature, EvalPrims, Weights};
use crate::kernels::Prims;

/// The evaluation in discs of a position with `n` empty squares: the sum of its weights
/// rounded to discs as `search_eval_0` does, inside the scores.
#[inline(always)]
pub(crate) fn eval_0<K: EvalPrims>(w: &Weights, f: &EkEvalFeature, colour: usize, n: u32) -> i32 {
    let sum = K::accumulate(f, w.table(60usize.saturating_sub(n as usize), colour));
    let discs = if sum > 0 { (sum + 64) / 128 } else { (sum - 64) / 128 };
    discs.clamp(-SCORE_MAX + 1, SCORE_MAX - 1)
}

/// The features after the side to move (`colour`) plays `x` flipping `flipped`.
#[inline(always)]
fn after<K: EvalPrims>(f: &EkEvalFeature, x: usize, flipped: u64, colour: usize) -> EkEvalFeature {
    let mut next = EkEvalFeature { v: [0; 48] };
    K::update(f, &mut next, x as i32, flipped, colour as i32);
    next
}

/// The best of the moves of (p, o) at depth 1 (each scored by [`eval_0`]), fail-soft on
/// (alpha, beta); `None` when p has no move.
#[inline(always)]
fn moves_1<K: Prims + EvalPrims>(
    w: &Weights,
    f: &EkEvalFeature,
    colour: usize,
    (p, o, n): (u64, u64, u32),
    moves: u64,
    beta: i32,
) -> Option<i32> {
    let beta = beta.min(SCORE_MAX - 1);
    let mut best = None;
    let mut b = moves;
    while b != 0 {
        let x = b.trailing_zeros() as usize;
        b &= b - 1;
        let flipped = K::flip(x, p, o);
        if flipped == o {
            return Some(SCORE_MAX);
        }
        let score = -eval_0::<K>(w, &after::<K>(f, x, flipped, colour), colour ^ 1, n - 1);
        if best.is_none_or(|b| score > b) {
            best = Some(score);
            if score >= beta {
                break;
            }
        }
    }
    best
}

/// `search_eval_1`: the score of (p, o) after one ply, fail-soft on (alpha, beta); a pass
/// searches the opponent's moves, the end of the game gives the final score.
#[inline(always)]
pub(crate) fn eval_1<K: Prims + EvalPrims>(
    w: &Weights,
    f: &EkEvalFeature,
    colour: usize,
    (p, o, n): (u64, u64, u32),
    alpha: i32,
    beta: i32,
) -> i32 {
    let moves = K::get_moves(p, o);
    if moves != 0 {
        return moves_1::<K>(w, f, colour, (p, o, n), moves, beta).unwrap_or(alpha);
    }
    let theirs = K::get_moves(o, p);
    if theirs == 0 {
        return final_score(K::popcount(p), n as i32);
    }
    -moves_1::<K>(w, f, colour ^ 1, (o, p, n), theirs, -alpha).unwrap_or(-beta)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{features_of, EVAL_FILE_SIZE};
    use crate::kernels::portable::PortablePrims as P;
    use crate::types::board::EkBoard;

    /// Weights of random values from a fixed seed.
    fn random_weights(seed: u64) -> Weights {
        let mut image = vec![0u8; EVAL_FILE_SIZE];
        image[..8].copy_from_slice(b"XADELAVE");
        let mut x = seed;
        for b in image[28..].chunks_exact_mut(2) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            b.copy_from_slice(&((x % 1201) as i16 - 600).to_le_bytes());
        }
        Weights::parse(&image).expect("a valid image")
    }

    /// Negamax on the evaluation to `depth` plies, the whole window, as the search should.
    fn naive(w: &Weights, f: &EkEvalFeature, colour: usize, p: u64, o: u64, depth: u32) -> i32 {
        let n = (!(p | o)).count_ones();
        if depth == 0 {
            return eval_0::<P>(w, f, colour, n);
        }
        let moves = P::get_moves(p, o);
        if moves == 0 {
            if P::get_moves(o, p) == 0 {
                return final_score(p.count_ones(), n as i32);
            }
            return -naive(w, f, colour ^ 1, o, p, depth);
        }
        let mut best = -SCORE_MAX - 1;
        for x in (0..64).filter(|x| moves >> x & 1 != 0) {
            let flipped = P::flip(x, p, o);
            let score = if flipped == o {
                SCORE_MAX
            } else {
                -naive(
                    w,
                    &after::<P>(f, x, flipped, colour),
                    colour ^ 1,
                    o ^ flipped,
                    p ^ flipped ^ (1 << x),
                    depth - 1,
                )
            };
            best = best.max(score);
        }
        best.min(SCORE_MAX)
    }

    #[test]
    fn the_one_ply_search_gives_negamax_scores_or_bounds() {
        let w = random_weights(0x5EED);
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut checked, mut passes) = (0, 0);
        for _ in 0..3000 {
            let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            let plies = 30 + next() % 28;
            for _ in 0..plies {
                let moves = P::get_moves(p, o);
                if moves == 0 {
                    (p, o) = (o, p);
                    continue;
                }
                let k = next() as u32 % moves.count_ones();
                let x = (0..64).filter(|x| moves >> x & 1 != 0).nth(k as usize).expect("a move");
                let f = P::flip(x, p, o);
                (p, o) = (o ^ f, p ^ f ^ (1 << x));
            }
            let n = (!(p | o)).count_ones();
            if n == 0 {
                continue;
            }
            passes += (P::get_moves(p, o) == 0) as u32;
            let f = features_of(&EkBoard { player: p, opponent: o });
            let alpha = (next() % 129) as i32 - 64;
            let beta = (alpha + 1 + (next() % 20) as i32).min(64);
            let want = naive(&w, &f, 0, p, o, 1);
            assert_eq!(eval_1::<P>(&w, &f, 0, (p, o, n), -64, 64), want, "{p:#x} {o:#x}");
            let got = eval_1::<P>(&w, &f, 0, (p, o, n), alpha, beta);
            if got <= alpha {
                assert!(want <= got, "{p:#x} {o:#x}: {got} on ({alpha}, {beta}), exact {want}");
            } else if got >= beta {
                assert!(want >= got, "{p:#x} {o:#x}: {got} on ({alpha}, {beta}), exact {want}");
            } else {
                assert_eq!(got, want, "{p:#x} {o:#x} on ({alpha}, {beta})");
            }
            checked += 1;
        }
        assert!(checked > 2500 && passes >= 5, "{checked} positions, {passes} passes");
    }
}
