//! Edax's `PVS_root` and `record_best_move` (root.c): the search of the root's moves, and the
//! result it records with its principal variation, read from the tables.

use super::{board_after, checked_move, sort_by_key, Bound, Root, MULTIPV_DEPTH, SCORE_MIN};
use crate::endgame::edax::SCORE_INF;
use crate::endgame::midgame::moves::MAX_MOVES;
use crate::endgame::midgame::{Midgame, MidgameLevel, NodeType, Ply, EK_PV_SIZE, NOMOVE, PASS};
use crate::hash_table::Data;
use crate::types::board::EkBoard;

impl Root<'_, '_> {
    /// `record_best_move(search, board, best, alpha, beta, depth)`.
    #[inline(always)]
    pub(super) fn record_best_move<K: MidgameLevel>(&mut self, best: (i32, i32), alpha: i32, beta: i32, depth: i32) {
        let (x, score) = best;
        let selectivity = self.mg.selectivity;
        self.result.best_move = x;
        self.result.score = score;
        let bound = &mut self.bounds[(x as usize).min(NOMOVE as usize)];
        if score < beta && score < bound.upper {
            bound.upper = score;
        }
        if score > alpha && score > bound.lower {
            bound.lower = score;
        }
        if bound.lower > bound.upper {
            bound.upper = if score < beta { score } else { self.stability.upper };
            bound.lower = if score > alpha { score } else { self.stability.lower };
        }
        self.result.depth = depth;
        self.result.selectivity = selectivity;
        let mut expected = (depth, *bound);
        self.result.pv_length = 0;
        let (mut board, mut x) = (self.board, x);
        while x != NOMOVE {
            let Some(flipped) = checked_move::<K>(board, x) else { break };
            board = board_after(board, x, flipped);
            expected.0 -= 1;
            expected.1 = Bound { lower: -expected.1.upper, upper: -expected.1.lower };
            if self.result.pv_length < EK_PV_SIZE {
                self.result.pv[self.result.pv_length] = x as u8;
                self.result.pv_length += 1;
            }
            x = match self.get_pv_or_main::<K>(board) {
                Some(d)
                    if i32::from(d.depth) >= expected.0
                        && i32::from(d.selectivity) >= selectivity
                        && i32::from(d.upper) <= expected.1.upper
                        && i32::from(d.lower) >= expected.1.lower =>
                {
                    i32::from(d.moves[0])
                }
                _ => NOMOVE,
            };
        }
    }

    /// `PVS_root(search, alpha, beta, depth)`: [`MidgameLevel::pvs_root`], compiled once per
    /// level (inlined at each of its callers, the whole root would be compiled four times over).
    #[inline(always)]
    pub(crate) fn pvs_root<K: MidgameLevel>(&mut self, alpha: i32, beta: i32, depth: i32) -> i32 {
        let start = self.mg.nodes;
        self.mg.nodes += 1;
        let code = K::hash_code(self.board.player, self.board.opponent);
        let (mut node_alpha, mut best_score, mut best_move) = (alpha, -SCORE_INF, NOMOVE);
        // The root's child: height 1, a CUT node (the root is a PV node), probcut level 0.
        let child = Ply { height: 1, node_type: NodeType::Cut, probcut_level: 0 };
        let pv_child = Ply { node_type: NodeType::Pv, ..child };
        // The move recorded when the root has none: a pass, or NOMOVE at the end of the game.
        let mut no_move = None;
        if self.n_moves == 0 {
            let (p, o) = (self.board.player, self.board.opponent);
            if K::can_move(o, p) {
                best_score = -self.route::<K>(&self.pos.pass(), -beta, -alpha, depth, child);
                best_move = PASS;
            } else {
                best_score = self.pos.solve::<K>();
            }
            no_move = Some((if best_move == PASS { PASS } else { NOMOVE }, best_score));
        } else {
            // Two passes, as in the midgame's nodes: the moves other threads search now are
            // deferred to the second (never with one thread).
            let busy = self.mg.sharing(depth);
            let (mut deferred, mut second) = (0u64, false);
            'moves: loop {
                for i in 0..self.n_moves.min(MAX_MOVES) {
                    if second && deferred >> i & 1 == 0 {
                        continue;
                    }
                    if self.mg.stopped() || (i > 0 && node_alpha >= beta) {
                        break 'moves;
                    }
                    let m = self.moves[i];
                    let next = self.pos.play::<K>(m.x as usize, m.flipped);
                    if !second && i > 0 && busy.is_some_and(|b| b.is_busy(next.p, next.o)) {
                        deferred |= 1 << i;
                        continue;
                    }
                    if let Some(b) = busy {
                        b.enter(next.p, next.o);
                    }
                    let score = if i == 0 {
                        -self.route::<K>(&next, -beta, -alpha, depth - 1, pv_child)
                    } else {
                        let a = if depth > MULTIPV_DEPTH { node_alpha } else { SCORE_MIN };
                        let score = -self.route::<K>(&next, -a - 1, -a, depth - 1, child);
                        if a < score && score < beta {
                            -self.route::<K>(&next, -beta, -a, depth - 1, pv_child)
                        } else {
                            score
                        }
                    };
                    if let Some(b) = busy {
                        b.leave(next.p, next.o);
                    }
                    self.moves[i].score = score;
                    self.moves[i].cost = self.pv_cost::<K>(EkBoard::new(next.p, next.o));
                    // node_update
                    if !self.mg.stopped() && score > best_score {
                        best_score = score;
                        best_move = m.x;
                        self.record_best_move::<K>((m.x, score), node_alpha, beta, depth);
                        node_alpha = node_alpha.max(score);
                    }
                }
                if second || deferred == 0 {
                    break;
                }
                second = true;
            }
        }
        if !self.mg.stopped() {
            let data = Self::get::<K>(self.mg.tables.pv, self.board).unwrap_or(Data::INIT);
            let list = self.list();
            if depth < MULTIPV_DEPTH {
                sort_by_key(list, |m| m.score);
            } else {
                for m in list.iter_mut() {
                    if m.x == i32::from(data.moves[0]) {
                        m.cost = i32::MAX;
                    } else if m.x == i32::from(data.moves[1]) {
                        m.cost = i32::MAX - 1;
                    }
                }
                sort_by_key(list, |m| m.cost);
            }
            // movelist_sort_bestmove: the best move first, the others in their order.
            if let Some(mut i) = list.iter().position(|m| m.x == best_move) {
                while i > 0 && i < list.len() {
                    list.swap(i - 1, i);
                    i -= 1;
                }
            }
            let first = match (no_move, list.first()) {
                (Some(pass), _) => pass,
                (None, Some(m)) => (m.x, m.score),
                (None, None) => (NOMOVE, best_score),
            };
            self.record_best_move::<K>(first, alpha, beta, depth);
            // Stored only when the list holds every legal move: a search with moves excluded
            // (the book's) found the best of some moves, not the position's score.
            let mobility = K::get_moves(self.board.player, self.board.opponent).count_ones() as usize;
            if self.n_moves == mobility {
                let cost = self.mg.nodes - start;
                let tables = self.mg.tables;
                let s = self.mg.selectivity;
                Midgame::store(tables.main, self.board, code, depth, s, cost, (alpha, beta), best_score, best_move);
                Midgame::store(tables.pv, self.board, code, depth, s, cost, (alpha, beta), best_score, best_move);
            }
        }
        best_score
    }
}
