//! Shallow searches on the evaluation, which order the moves of the nodes with many empty
//! squares (Edax's `search_eval_0`, `search_eval_1` and `search_eval_2`, midgame.c, the moves
//! in square order): the score in discs of a position, by the weights alone or after one or two
//! plies. Each adds its nodes to `nodes` as Edax counts them: one per evaluation, one per
//! search, one more for a pass.
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
pub(crate) fn eval_0<K: EvalPrims>(w: &Weights, f: &EkEvalFeature, colour: usize, n: u32, nodes: &mut u64) -> i32 {
    *nodes += 1;
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
    nodes: &mut u64,
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
        let score = -eval_0::<K>(w, &after::<K>(f, x, flipped, colour), colour ^ 1, n - 1, nodes);
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
    (alpha, beta): (i32, i32),
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    let moves = K::get_moves(p, o);
    if moves != 0 {
        return moves_1::<K>(w, f, colour, (p, o, n), moves, beta, nodes).unwrap_or(alpha);
    }
    let theirs = K::get_moves(o, p);
    if theirs == 0 {
        return final_score(K::popcount(p), n as i32);
    }
    *nodes += 1;
    -moves_1::<K>(w, f, colour ^ 1, (o, p, n), theirs, -alpha, nodes).unwrap_or(-beta)
}

/// `search_eval_2`'s order-free form: the score of (p, o) after two plies (each child scored
/// by [`eval_1`]), alpha-beta and fail-soft on (alpha, beta); a pass searches the opponent's
/// moves, the end of the game gives the final score.
#[inline(always)]
pub(crate) fn eval_2<K: Prims + EvalPrims>(
    w: &Weights,
    f: &EkEvalFeature,
    colour: usize,
    (p, o, n): (u64, u64, u32),
    (alpha, beta): (i32, i32),
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    let moves = K::get_moves(p, o);
    if moves != 0 {
        return moves_2::<K>(w, f, colour, (p, o, n), moves, (alpha, beta), nodes);
    }
    let theirs = K::get_moves(o, p);
    if theirs == 0 {
        return final_score(K::popcount(p), n as i32);
    }
    *nodes += 1;
    -moves_2::<K>(w, f, colour ^ 1, (o, p, n), theirs, (-beta, -alpha), nodes)
}

/// The best of the moves of (p, o) at depth 2 (each scored by [`eval_1`]), fail-soft on
/// (alpha, beta).
#[inline(always)]
fn moves_2<K: Prims + EvalPrims>(
    w: &Weights,
    f: &EkEvalFeature,
    colour: usize,
    (p, o, n): (u64, u64, u32),
    moves: u64,
    (mut alpha, beta): (i32, i32),
    nodes: &mut u64,
) -> i32 {
    let mut best = -SCORE_MAX - 1;
    let mut b = moves;
    while b != 0 {
        let x = b.trailing_zeros() as usize;
        b &= b - 1;
        let flipped = K::flip(x, p, o);
        let next = (o ^ flipped, p ^ flipped ^ (1 << x), n - 1);
        let score = -eval_1::<K>(w, &after::<K>(f, x, flipped, colour), colour ^ 1, next, (-beta, -alpha), nodes);
        if score > best {
            best = score;
            if best >= beta {
                break;
            }
            alpha = alpha.max(best);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{features_of, EVAL_FILE_SIZE};
    use crate::kernels::portable::PortablePrims as P;
    use crate::types::board::EkBoard;

    /// Weights of random values in -half..=half from a fixed seed.
    fn random_weights(seed: u64, half: u64) -> Weights {
        let mut image = vec![0u8; EVAL_FILE_SIZE];
        image[..8].copy_from_slice(b"XADELAVE");
        let mut x = seed;
        for b in image[28..].chunks_exact_mut(2) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            b.copy_from_slice(&((x % (2 * half + 1)) as i16 - half as i16).to_le_bytes());
        }
        Weights::parse(&image).expect("a valid image")
    }

    /// Negamax on the evaluation to `depth` plies, the whole window, as the search should.
    fn naive(w: &Weights, f: &EkEvalFeature, colour: usize, p: u64, o: u64, depth: u32) -> i32 {
        let n = (!(p | o)).count_ones();
        if depth == 0 {
            return eval_0::<P>(w, f, colour, n, &mut 0);
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

    /// Positions of random games, 30 to 57 plies in, with at least one empty square.
    fn random_positions(count: usize) -> Vec<(u64, u64)> {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut out = Vec::new();
        while out.len() < count {
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
            if (p | o) != u64::MAX {
                out.push((p, o));
            }
        }
        out
    }

    /// `search` at `depth` plies against negamax, on the whole window and on random windows.
    fn check_against_negamax(
        depth: u32,
        search: impl Fn(&Weights, &EkEvalFeature, (u64, u64, u32), (i32, i32)) -> i32,
    ) {
        let w = random_weights(0x5EED, 600);
        let mut passes = 0;
        for (i, &(p, o)) in random_positions(3000).iter().enumerate() {
            let n = (!(p | o)).count_ones();
            passes += (P::get_moves(p, o) == 0) as u32;
            let f = features_of(&EkBoard { player: p, opponent: o });
            let alpha = ((i * 37 + 11) % 129) as i32 - 64;
            let beta = (alpha + 1 + ((i * 7) % 20) as i32).min(64);
            let want = naive(&w, &f, 0, p, o, depth);
            assert_eq!(search(&w, &f, (p, o, n), (-64, 64)), want, "{p:#x} {o:#x}");
            let got = search(&w, &f, (p, o, n), (alpha, beta));
            if got <= alpha {
                assert!(want <= got, "{p:#x} {o:#x}: {got} on ({alpha}, {beta}), exact {want}");
            } else if got >= beta {
                assert!(want >= got, "{p:#x} {o:#x}: {got} on ({alpha}, {beta}), exact {want}");
            } else {
                assert_eq!(got, want, "{p:#x} {o:#x} on ({alpha}, {beta})");
            }
        }
        assert!(passes >= 5, "{passes} passes");
    }

    #[test]
    fn the_one_ply_search_gives_negamax_scores_or_bounds() {
        check_against_negamax(1, |w, f, node, window| eval_1::<P>(w, f, 0, node, window, &mut 0));
    }

    #[test]
    fn the_two_ply_search_gives_negamax_scores_or_bounds() {
        check_against_negamax(2, |w, f, node, window| eval_2::<P>(w, f, 0, node, window, &mut 0));
    }

    /// The nodes counted as Edax counts them: an evaluation is one, a search one and its
    /// children's, a pass one more.
    #[test]
    fn the_searches_count_their_nodes() {
        // Small weights: no evaluation reaches +-63 discs, which would cut a search short.
        let w = random_weights(0x5EED, 50);
        let mut passes = 0;
        for (p, o) in random_positions(500) {
            let n = (!(p | o)).count_ones();
            let f = features_of(&EkBoard { player: p, opponent: o });
            let mut nodes = 0;
            eval_0::<P>(&w, &f, 0, n, &mut nodes);
            assert_eq!(nodes, 1);
            let (mine, theirs) = (P::get_moves(p, o), P::get_moves(o, p));
            let wipeout = |p: u64, o: u64, m: u64| (0..64).any(|x| m >> x & 1 != 0 && P::flip(x, p, o) == o);
            // On the whole window only a wipe-out cuts the children short (47 features of at
            // most 50 are 18 discs at most).
            let mut nodes = 0;
            eval_1::<P>(&w, &f, 0, (p, o, n), (-64, 64), &mut nodes);
            let want = match (mine, theirs) {
                (0, 0) => Some(1),
                (0, m) if !wipeout(o, p, m) => Some(2 + u64::from(m.count_ones())),
                (m, _) if m != 0 && !wipeout(p, o, m) => Some(1 + u64::from(m.count_ones())),
                _ => None,
            };
            if let Some(want) = want {
                assert_eq!(nodes, want, "{p:#x} {o:#x}");
            }
            passes += (mine == 0 && theirs != 0) as u32;
            let mut nodes = 0;
            eval_2::<P>(&w, &f, 0, (p, o, n), (-64, 64), &mut nodes);
            assert!(nodes > u64::from(mine.count_ones()), "{p:#x} {o:#x}: {nodes} nodes");
        }
        assert!(passes >= 1, "{passes} passes");
    }
}
