//! Edax's probcut (midgame.c `search_probcut`): with selectivity, a shallower search whose
//! score is far enough outside the window, by the statistics of the evaluation's error
//! (`eval_sigma`) scaled by the selectivity's confidence, cuts the node.

use super::search_eval::search_eval_0;
use super::{Midgame, MidgameLevel, NodeType, Ply, Position, NO_SELECTIVITY};
use crate::endgame::edax::SCORE_MAX;
use crate::eval::sigma::edax_sigma;

/// Edax's `selectivity_table[].t`: the confidence of each selectivity, in standard deviations.
const CONFIDENCE: [f64; 6] = [1.1, 1.5, 2.0, 2.6, 3.3, 999.0];
/// Edax's default `options.probcut_d`: the shallow search is about half as deep.
const PROBCUT_D: f64 = 0.25;

impl Midgame<'_> {
    /// `search_probcut(search, alpha, depth, parent, &value)`: `Some(alpha + 1)` on a probable
    /// fail-high, `Some(alpha)` on a probable fail-low, else `None`. Not tried without
    /// selectivity, nor twice within itself (`probcut_level` 2).
    #[inline(always)]
    pub(super) fn probcut<K: MidgameLevel>(&mut self, pos: &Position, alpha: i32, depth: i32, at: Ply) -> Option<i32> {
        if self.selectivity >= NO_SELECTIVITY || at.probcut_level >= 2 {
            return None;
        }
        let n = pos.n_empties() as i32;
        let t = CONFIDENCE[(self.selectivity as usize).min(CONFIDENCE.len() - 1)];
        let beta = alpha + 1;
        let mut probcut_depth = (2.0 * (PROBCUT_D * f64::from(depth)).floor() + f64::from(depth & 1)) as i32;
        if probcut_depth == 0 {
            probcut_depth = depth - 2;
        }
        let probcut_error = (t * edax_sigma(n, depth, probcut_depth) + 0.5) as i32;
        let eval_score = search_eval_0::<K>(self.weights, pos, &mut self.nodes);
        let eval_error = (t * 0.5 * (edax_sigma(n, depth, 0) + edax_sigma(n, depth, probcut_depth)) + 0.5) as i32;
        let deeper = |node_type| Ply { node_type, probcut_level: at.probcut_level + 1, ..at };

        let probcut_beta = beta + probcut_error;
        if eval_score >= beta - eval_error && probcut_beta < SCORE_MAX {
            let score = K::nws_midgame(self, pos, probcut_beta - 1, probcut_depth, deeper(NodeType::Cut));
            if score >= probcut_beta {
                return Some(beta);
            }
        }
        let probcut_alpha = alpha - probcut_error;
        if eval_score < alpha + eval_error && probcut_alpha > -SCORE_MAX {
            let score = K::nws_midgame(self, pos, probcut_alpha, probcut_depth, deeper(NodeType::All));
            if score <= probcut_alpha {
                return Some(alpha);
            }
        }
        None
    }
}
