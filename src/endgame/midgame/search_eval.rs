//! Edax 4.6's shallowest midgame searches, node for node (midgame.c: `search_eval_0`,
//! `search_eval_1`, `search_eval_2`): the evaluation of a position, the best child by the
//! evaluation, and an alpha-beta search two plies deep on it, with Edax's move order (its
//! empties list), its cut-offs, its fail-soft scores and its node counts.
//!
//! They are the bottom of Edax's midgame search: `NWS_shallow` at depth 2 is `search_eval_2`.

use crate::endgame::edax::{final_score, SCORE_INF, SCORE_MAX};
use crate::endgame::Empties;
use crate::eval::{EkEvalFeature, EvalPrims, Weights};

/// Edax's `SCORE_MIN`.
const SCORE_MIN: i32 = -SCORE_MAX;

/// The state `search_eval_*` read of Edax's `Search`: the board (p to move), its empties list,
/// and the evaluation's features with Edax's `eval->player` (`colour`: 0 when p is the
/// features' player). The ply of the weights is 60 - empties, as in Edax (a pass keeps both).
#[derive(Clone, Copy)]
pub(crate) struct Position {
    pub p: u64,
    pub o: u64,
    pub empties: Empties,
    pub features: EkEvalFeature,
    pub colour: usize,
}

impl Position {
    /// Edax's `search_set_board` and `eval_set`: p to move, the features p's.
    #[inline(always)]
    pub fn new(p: u64, o: u64) -> Self {
        let board = crate::types::board::EkBoard::new(p, o);
        Position { p, o, empties: Empties::new(!(p | o)), features: crate::eval::features_of(&board), colour: 0 }
    }

    #[inline(always)]
    pub fn n_empties(&self) -> u32 {
        self.empties.squares.count_ones()
    }

    /// `search_update_midgame`: the position after p plays `x`, flipping `flipped`.
    #[inline(always)]
    pub fn play<K: EvalPrims>(&self, x: usize, flipped: u64) -> Self {
        let mut features = EkEvalFeature { v: [0; 48] };
        K::update(&self.features, &mut features, x as i32, flipped, self.colour as i32);
        Position {
            p: self.o ^ flipped,
            o: self.p ^ (flipped | 1 << x),
            empties: self.empties.without(x),
            features,
            colour: self.colour ^ 1,
        }
    }

    /// `search_update_pass_midgame`: the same board, the other side to move.
    #[inline(always)]
    pub fn pass(&self) -> Self {
        Position { p: self.o, o: self.p, colour: self.colour ^ 1, ..*self }
    }

    /// `search_solve`: the final score of p.
    #[inline(always)]
    pub fn solve<K: EvalPrims>(&self) -> i32 {
        final_score(K::popcount(self.p), self.n_empties() as i32)
    }

    /// `eval_accumulate` rounded to discs as Edax does it (`search_eval_0` and the children of
    /// `search_eval_1`), before the clamp.
    #[inline(always)]
    fn discs<K: EvalPrims>(&self, w: &Weights) -> i32 {
        let sum =
            K::accumulate(&self.features, w.table(60usize.saturating_sub(self.n_empties() as usize), self.colour));
        if sum > 0 {
            (sum + 64) / 128
        } else {
            (sum - 64) / 128
        }
    }
}

/// `search_eval_0`: the evaluation in discs, inside the scores. One node.
#[inline(always)]
pub(crate) fn search_eval_0<K: EvalPrims>(w: &Weights, pos: &Position, nodes: &mut u64) -> i32 {
    *nodes += 1;
    pos.discs::<K>(w).clamp(SCORE_MIN + 1, SCORE_MAX - 1)
}

/// `search_eval_1`: the best of the children's evaluations, fail-soft, cut at `beta`; a move
/// that takes every disc of the opponent scores `SCORE_MAX` at once. A node, and one per child
/// evaluated (a pass is a node more, and the search from the other side).
#[inline(always)]
pub(crate) fn search_eval_1<K: EvalPrims>(w: &Weights, pos: &Position, alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let moves = K::get_moves(pos.p, pos.o);
    if moves != 0 {
        return eval_1_moves::<K>(w, pos, beta, moves, nodes);
    }
    let passed = pos.pass();
    let moves = K::get_moves(passed.p, passed.o);
    if moves == 0 {
        return pos.solve::<K>();
    }
    *nodes += 1;
    -eval_1_moves::<K>(w, &passed, -alpha, moves, nodes)
}

/// The moves `moves` of `search_eval_1`.
#[inline(always)]
fn eval_1_moves<K: EvalPrims>(w: &Weights, pos: &Position, beta: i32, moves: u64, nodes: &mut u64) -> i32 {
    let beta = beta.min(SCORE_MAX - 1);
    let mut best = -SCORE_INF;
    for x in pos.empties.in_order(moves) {
        let flipped = K::flip(x, pos.p, pos.o);
        if flipped == pos.o {
            return SCORE_MAX;
        }
        *nodes += 1;
        let score = -pos.play::<K>(x, flipped).discs::<K>(w);
        if score > best {
            best = score;
            if best >= beta {
                break;
            }
        }
    }
    best.clamp(SCORE_MIN + 1, SCORE_MAX - 1)
}

/// `search_eval_2`: alpha-beta on `search_eval_1`, fail-soft, the moves in list order. A node
/// (and one more for a pass).
#[inline(always)]
pub(crate) fn search_eval_2<K: EvalPrims>(w: &Weights, pos: &Position, alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let moves = K::get_moves(pos.p, pos.o);
    if moves != 0 {
        return eval_2_moves::<K>(w, pos, alpha, beta, moves, nodes);
    }
    let passed = pos.pass();
    let moves = K::get_moves(passed.p, passed.o);
    if moves == 0 {
        return pos.solve::<K>();
    }
    *nodes += 1;
    -eval_2_moves::<K>(w, &passed, -beta, -alpha, moves, nodes)
}

/// The moves `moves` of `search_eval_2`.
#[inline(always)]
fn eval_2_moves<K: EvalPrims>(w: &Weights, pos: &Position, alpha: i32, beta: i32, moves: u64, nodes: &mut u64) -> i32 {
    let mut alpha = alpha;
    let mut best = -SCORE_INF;
    for x in pos.empties.in_order(moves) {
        let flipped = K::flip(x, pos.p, pos.o);
        let score = -search_eval_1::<K>(w, &pos.play::<K>(x, flipped), -beta, -alpha, nodes);
        if score > best {
            best = score;
            if best >= beta {
                break;
            }
            if best > alpha {
                alpha = best;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::portable::PortablePrims;

    /// `search_eval_0` is Edax's rounding of the weights' sum (to the nearest disc, halves away
    /// from zero, C's division) inside the scores, on the positions of the known answers and
    /// their children, for both colours; one node each.
    #[test]
    fn eval_0_rounds_as_edax() {
        let w = super::super::test_support::project_weights();
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/midgame/nws_midgame-ek.txt");
        let text = std::fs::read_to_string(path).expect("known answers");
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.starts_with("table") && !l.starts_with("date")) {
            let f: Vec<&str> = line.split_whitespace().collect();
            let (p, o) = (u64::from_str_radix(f[0], 16).unwrap(), u64::from_str_radix(f[1], 16).unwrap());
            for pos in [Position::new(p, o), Position::new(p, o).pass()] {
                let n = (p | o).count_zeros() as usize;
                let sum = PortablePrims::accumulate(&pos.features, w.table(60 - n, pos.colour));
                let c_div = |a: i32, b: i32| (a as f64 / b as f64).trunc() as i32;
                let want = c_div(if sum > 0 { sum + 64 } else { sum - 64 }, 128).clamp(-63, 63);
                let mut nodes = 0;
                assert_eq!(search_eval_0::<PortablePrims>(&w, &pos, &mut nodes), want, "{line}");
                assert_eq!(nodes, 1);
            }
        }
    }

    /// The calls at depth 2 of a file of tests/data/midgame: Edax's `NWS_midgame` hands them to
    /// `NWS_shallow`, which is `search_eval_2` on the window (alpha, alpha + 1) with no table:
    /// the score and the nodes are `search_eval_2`'s. Returns how many were checked.
    fn check_depth_2(file: &str, w: &Weights) -> usize {
        let path = format!("{}/tests/data/midgame/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).expect("known answers");
        let mut checked = 0;
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.starts_with("table") && !l.starts_with("date")) {
            let f: Vec<&str> = line.split_whitespace().collect();
            let hex = |s: &str| u64::from_str_radix(s, 16).expect("hex");
            let int = |s: &str| s.parse::<i64>().expect("number");
            let (p, o, alpha, depth) = (hex(f[0]), hex(f[1]), int(f[2]) as i32, int(f[3]));
            if depth != 2 {
                continue;
            }
            let (score, edax_nodes) = (int(f[8]) as i32, int(f[9]) as u64);
            let mut nodes = 0;
            let got = search_eval_2::<PortablePrims>(w, &Position::new(p, o), alpha, alpha + 1, &mut nodes);
            assert_eq!((got, nodes), (score, edax_nodes), "{file}: {line}");
            checked += 1;
        }
        checked
    }

    #[test]
    fn depth_2_calls_are_edax_s_with_the_project_s_weights() {
        let w = super::super::test_support::project_weights();
        assert_eq!(check_depth_2("nws_midgame-ek.txt", &w), 166);
    }

    #[test]
    fn depth_2_calls_are_edax_s_with_the_synthetic_weights() {
        assert_eq!(check_depth_2("nws_midgame.txt", &super::super::test_support::synthetic_weights()), 175);
    }
}
