//! Edax's iterative deepening (root.c): `iterative_deepening` (the depths, then the
//! selectivities, before a solve), `aspiration_search`, `is_pv_ok` and `get_last_level`.

use super::level::{is_depth_solving, pv_extension, solvable_depth, TIME_MAX};
use super::{
    board_after, flips_of, sort_by_key, Bound, Root, RootResult, ITERATIVE_MIN_EMPTIES, MULTIPV_DEPTH, SCORE_MIN,
};
use crate::endgame::edax::SCORE_MAX;
use crate::endgame::midgame::moves::MAX_MOVES;
use crate::endgame::midgame::search_eval::search_eval_0;
use crate::endgame::midgame::{MidgameLevel, MoveList, NOMOVE, NO_SELECTIVITY, PASS};
use crate::hash_table::Data;

impl Root<'_, '_> {
    /// Whether the time of the move has come when no new iteration starts (Edax's
    /// `search_continue`, its time part; [`super::RunControls::soft_stop`]).
    #[inline(always)]
    fn soft_stopped(&self) -> bool {
        self.soft_stop.is_some_and(|s| s.raised())
    }

    /// `is_pv_ok(search, bestmove, depth)`: whether the tables hold the whole principal
    /// variation as exact scores of enough depth and selectivity.
    #[inline(always)]
    fn is_pv_ok<K: MidgameLevel>(&self, best: i32, mut depth: i32) -> bool {
        let (mut board, mut x) = (self.board, best);
        while depth > 0 && x != NOMOVE {
            if x != PASS {
                depth -= 1;
            }
            board = board_after(board, x, flips_of::<K>(board, x));
            let Some(d) = self.get_pv_or_main::<K>(board) else { break };
            x = i32::from(d.moves[0]);
            if i32::from(d.depth) < depth || i32::from(d.selectivity) < self.mg.selectivity || d.lower != d.upper {
                return false;
            }
            if x == NOMOVE && (K::can_move(board.player, board.opponent) || K::can_move(board.opponent, board.player)) {
                return false;
            }
        }
        true
    }

    /// `aspiration_search(search, alpha, beta, depth, score)`.
    #[inline(always)]
    fn aspiration<K: MidgameLevel>(&mut self, mut alpha: i32, mut beta: i32, depth: i32, mut score: i32) -> i32 {
        let n = self.n_empties;
        if is_depth_solving(depth, n) {
            if alpha & 1 != 0 {
                alpha -= 1;
            }
            if beta & 1 != 0 {
                beta += 1;
            }
        }
        if depth <= MULTIPV_DEPTH {
            (alpha, beta) = (SCORE_MIN, SCORE_MAX);
        }
        let high = SCORE_MAX.min(self.stability.upper + 2);
        let low = SCORE_MIN.max(self.stability.lower - 2);
        alpha = alpha.max(low);
        beta = beta.min(high);
        score = if score < low {
            low
        } else if score > high {
            high
        } else {
            score
        };
        score = if score < alpha {
            alpha
        } else if score > beta {
            beta
        } else {
            score
        };
        for i in 0..self.n_moves.min(MAX_MOVES) {
            let x = (self.moves[i].x as usize).min(NOMOVE as usize);
            self.bounds[x] = Bound { lower: low, upper: high };
        }
        let mut width = (10 - depth).max(1);
        if width & 1 != 0 && depth == n {
            width += 1;
        }
        for i in 0..10 {
            let old_score = score;
            if depth <= MULTIPV_DEPTH || beta - alpha <= 2 * width {
                score = K::pvs_root(self, alpha, beta, depth);
            } else {
                let (mut left, mut right) = (i.max(1) * width, i.max(1) * width);
                loop {
                    let mut low = (score - left).max(alpha);
                    let mut high = (score + right).min(beta);
                    if low >= high {
                        break;
                    }
                    low = low.min(SCORE_MAX - 1);
                    high = high.max(SCORE_MIN + 1);
                    score = K::pvs_root(self, low, high, depth);
                    if self.mg.stopped() {
                        break;
                    }
                    if score <= low && score > alpha && left > 0 {
                        left *= 2;
                        right = 0;
                    } else if score >= high && score < beta && right > 0 {
                        left = 0;
                        right *= 2;
                    } else {
                        break;
                    }
                }
            }
            if self.mg.stopped() {
                break;
            }
            if is_depth_solving(depth, n)
                && ((alpha < score && score < beta)
                    || (score == alpha && score == SCORE_MIN)
                    || (score == beta && score == SCORE_MAX))
                && !self.is_pv_ok::<K>(self.result.best_move, depth)
            {
                continue;
            }
            if is_depth_solving(depth, n) && score & 1 != 0 {
                continue;
            }
            if score == old_score {
                break;
            }
        }
        score
    }

    /// `get_last_level`: the deepest depth and selectivity of the first four plies of the
    /// principal variation the tables hold.
    #[inline(always)]
    fn last_level<K: MidgameLevel>(&self) -> Option<(i32, i32)> {
        let (mut depth, mut selectivity) = (-1, -1);
        let mut board = self.board;
        let (mut i, mut steps) = (0, 0);
        // Edax stops after four moves, passes not counted; the steps bound a table whose moves
        // pass forever (none Edax's search writes).
        while i < 4 && steps < 64 {
            steps += 1;
            let Some(d) = self.get_pv_or_main::<K>(board) else { break };
            let x = i32::from(d.moves[0]);
            depth = depth.max(i32::from(d.depth) + i);
            selectivity = selectivity.max(i32::from(d.selectivity));
            board = board_after(board, x, flips_of::<K>(board, x));
            if x != PASS {
                i += 1;
            }
        }
        (depth > -1 && selectivity > -1).then_some((depth, selectivity))
    }

    /// `iterative_deepening(search, alpha, beta)`.
    #[inline(always)]
    pub(super) fn iterative_deepening<K: MidgameLevel>(&mut self, alpha: i32, beta: i32) {
        let n = self.n_empties;
        let (p, o) = (self.board.player, self.board.opponent);
        self.result = RootResult::NONE;
        if self.n_moves == 0 && !K::can_move(o, p) {
            let score = self.pos.solve::<K>();
            self.result = RootResult { score, depth: n, selectivity: NO_SELECTIVITY, ..RootResult::NONE };
            self.bounds[NOMOVE as usize] = Bound { lower: score, upper: score };
            return;
        }
        let w = self.mg.weights;
        let eval = search_eval_0::<K>(w, &self.pos, &mut self.mg.nodes);
        let mut score = self.bound(eval);
        let (option_depth, option_selectivity) = self.options;
        let mut end = option_depth;
        if end >= n {
            end = n - ITERATIVE_MIN_EMPTIES + 2;
            if end <= 0 {
                end = 2 - (n & 1);
            }
        }
        let mut start = 6 - (end & 1);
        if start > end - 2 {
            start = end - 2;
        }
        if start <= 0 {
            start = 2 - (end & 1);
        }
        self.mg.selectivity = if option_depth > 10 { 0 } else { NO_SELECTIVITY };
        let mut old_depth = 0;
        let mut old_selectivity = self.mg.selectivity;
        let data = Self::get::<K>(self.mg.tables.pv, self.board);
        if let Some(d) = data {
            old_depth = i32::from(d.depth);
            old_selectivity = i32::from(d.selectivity);
            if d.lower == d.upper {
                if let Some((depth, selectivity)) = self.last_level::<K>() {
                    (old_depth, old_selectivity) = (depth, selectivity);
                    start = depth;
                    self.mg.selectivity = selectivity;
                }
                score = i32::from(d.lower);
            }
        }
        let data = data.unwrap_or(Data::INIT);
        self.mg.selectivity = self.mg.selectivity.min(option_selectivity);
        start = start.min(option_depth).min(n);
        if start < n {
            if (start & 1) != (end & 1) {
                start += 1;
            }
            if start <= 0 {
                start = 2 - (end & 1);
            }
            if start > end {
                start = end;
            }
        }
        let selectivity = self.mg.selectivity;
        self.mg.selectivity = old_selectivity;
        if self.n_moves == 0 {
            self.record_best_move::<K>((PASS, score), alpha, beta, old_depth);
        } else {
            let mut list = MoveList::from_moves(self.list().iter().map(|m| (m.x as usize, m.flipped)));
            self.mg.evaluate::<K>(&mut list, &self.pos, &data, alpha, start);
            let moves = self.list();
            for (m, e) in moves.iter_mut().zip(list.iter()) {
                m.score = e.score;
            }
            sort_by_key(moves, |m| m.score);
            let first = moves.first_mut().map_or(NOMOVE, |m| {
                m.score = score;
                m.x
            });
            self.record_best_move::<K>((first, score), alpha, beta, old_depth);
        }
        self.mg.selectivity = selectivity;

        self.depth = start;
        while self.depth < end {
            self.mg.depth_pv_extension = pv_extension(self.depth, n);
            score = self.aspiration::<K>(alpha, beta, self.depth, score);
            if self.mg.stopped() || self.soft_stopped() {
                return;
            }
            if score.abs() >= SCORE_MAX - 1 && self.depth > end - ITERATIVE_MIN_EMPTIES {
                if option_depth >= n {
                    break;
                }
                if self.until_decided {
                    return;
                }
            }
            self.depth += 2;
        }
        self.depth = end;
        if option_depth >= n {
            self.depth = n;
        }
        let has_time = solvable_depth(TIME_MAX / 10) > self.depth;
        while self.mg.selectivity <= option_selectivity {
            let (d, s) = (self.depth, self.mg.selectivity);
            if d == n
                && ((d < 21 && s >= 1)
                    || (d < 24 && s >= 2)
                    || (d < 27 && s >= 3)
                    || (d < 30 && s >= 4)
                    || (has_time && d < 30 && s >= 2)
                    || score.abs() >= SCORE_MAX)
            {
                self.mg.selectivity = option_selectivity;
            }
            score = self.aspiration::<K>(alpha, beta, self.depth, score);
            if self.mg.stopped() || self.soft_stopped() || (self.until_decided && score.abs() >= SCORE_MAX - 1) {
                return;
            }
            self.mg.selectivity += 1;
        }
        self.mg.selectivity = self.mg.selectivity.min(option_selectivity);
    }
}
