//! Edax's shallow midgame searches (midgame.c): `NWS_shallow`, the null-window search of the
//! last plies above `search_eval_2` (on the main table from `NWS_midgame`, on the shallow table
//! from `PVS_shallow`), and `PVS_shallow`, the principal-variation search that
//! `movelist_evaluate` runs on each move to sort the moves of deep nodes. Neither polls the stop
//! flag, as in Edax.

use super::moves::MoveList;
use super::search_eval::search_eval_2;
use super::{cutoffs, Midgame, MidgameLevel, Position, NOMOVE, NO_SELECTIVITY, PASS};
use crate::endgame::edax::{stability_cutoff, SCORE_INF};
use crate::hash_table::{self, Data, EkHashTable};
use crate::types::board::EkBoard;

impl Midgame<'_> {
    /// `NWS_shallow(search, alpha, depth, table)`, `table` the shallow one or the main one.
    #[inline(always)]
    pub fn nws_shallow<K: MidgameLevel>(&mut self, pos: &Position, alpha: i32, depth: i32, shallow: bool) -> i32 {
        let table: &EkHashTable = if shallow { self.tables.shallow } else { self.tables.main };
        if depth == 2 {
            return search_eval_2::<K>(self.weights, pos, alpha, alpha + 1, &mut self.nodes);
        }
        let start = self.nodes;
        self.nodes += 1;
        let b = EkBoard::new(pos.p, pos.o);
        let code = K::hash_code(pos.p, pos.o);
        hash_table::prefetch(table, code);
        if let Some(score) = stability_cutoff::<K>(pos.p, pos.o, alpha, pos.n_empties()) {
            return score;
        }
        let moves = K::get_moves(pos.p, pos.o);
        let (mut best, mut best_move) = (-SCORE_INF, NOMOVE);
        if moves == 0 {
            if K::can_move(pos.o, pos.p) {
                (best, best_move) = (-K::nws_shallow(self, &pos.pass(), -alpha - 1, depth, shallow), PASS);
            } else {
                best = pos.solve::<K>();
            }
        } else {
            let found = Self::get(table, b, code);
            if let Some(score) = found.and_then(|d| cutoffs::transposition(&d, depth, NO_SELECTIVITY, alpha)) {
                return score;
            }
            let mut list = MoveList::new::<K>(pos.p, pos.o, moves);
            self.evaluate::<K>(&mut list, pos, &found.unwrap_or(Data::INIT), alpha, depth);
            list.sort();
            for m in list.iter() {
                let score = -K::nws_shallow(self, &pos.play::<K>(m.x, m.flipped), -alpha - 1, depth - 1, shallow);
                if score > best {
                    (best, best_move) = (score, m.x as i32);
                    if best > alpha {
                        break;
                    }
                }
            }
        }
        Self::store(table, b, code, depth, NO_SELECTIVITY, self.nodes - start, (alpha, alpha + 1), best, best_move);
        best
    }

    /// `PVS_shallow(search, alpha, beta, depth)`, on the shallow table.
    #[inline(always)]
    pub fn pvs_shallow<K: MidgameLevel>(&mut self, pos: &Position, alpha: i32, beta: i32, depth: i32) -> i32 {
        if depth == 2 {
            return search_eval_2::<K>(self.weights, pos, alpha, beta, &mut self.nodes);
        }
        let table = self.tables.shallow;
        let start = self.nodes;
        self.nodes += 1;
        let b = EkBoard::new(pos.p, pos.o);
        let code = K::hash_code(pos.p, pos.o);
        hash_table::prefetch(table, code);
        let moves = K::get_moves(pos.p, pos.o);
        let (mut best, mut best_move) = (-SCORE_INF, NOMOVE);
        if moves == 0 {
            if K::can_move(pos.o, pos.p) {
                (best, best_move) = (-K::pvs_shallow(self, &pos.pass(), -beta, -alpha, depth), PASS);
            } else {
                best = pos.solve::<K>();
            }
        } else {
            let data = Self::get(table, b, code).unwrap_or(Data::INIT);
            let mut list = MoveList::new::<K>(pos.p, pos.o, moves);
            self.evaluate::<K>(&mut list, pos, &data, alpha, depth);
            list.sort();
            let mut lower = alpha;
            for m in list.iter() {
                let next = pos.play::<K>(m.x, m.flipped);
                let score = if best == -SCORE_INF {
                    -K::pvs_shallow(self, &next, -beta, -lower, depth - 1)
                } else {
                    let score = -K::nws_shallow(self, &next, -lower - 1, depth - 1, true);
                    if alpha < score && score < beta {
                        -K::pvs_shallow(self, &next, -beta, -lower, depth - 1)
                    } else {
                        score
                    }
                };
                if score > best {
                    (best, best_move) = (score, m.x as i32);
                    if best >= beta {
                        break;
                    }
                    lower = lower.max(best);
                }
            }
        }
        Self::store(table, b, code, depth, NO_SELECTIVITY, self.nodes - start, (alpha, beta), best, best_move);
        best
    }
}
