//! Edax's `NWS_midgame` and `PVS_midgame` (midgame.c): the nodes of the midgame search, and
//! the hand-over to `NWS_endgame`.

use super::{cutoffs, search_eval, Midgame, MidgameLevel, MoveList, NodeType, Ply, Position, Tables};
use super::{DEPTH_MIDGAME_TO_ENDGAME, NOMOVE, NO_SELECTIVITY, PASS, PV_HASH_HEIGHT};
use crate::endgame::edax::{stability_cutoff, SCORE_INF};
use crate::endgame::nws::Search as EndgameSearch;
use crate::endgame::StopFlag;
use crate::eval::Weights;
use crate::hash_table::{self, Data};
use crate::types::board::EkBoard;

impl Midgame<'_> {
    /// `NWS_midgame(search, alpha, depth, parent)`: the fail-soft score of the position on the
    /// null window (alpha, alpha + 1), searched `depth` plies deep (all the way when `depth` is
    /// the number of empty squares); `alpha` itself once the search is stopped.
    #[inline(always)]
    pub fn nws<K: MidgameLevel>(&mut self, pos: &Position, alpha: i32, depth: i32, at: Ply) -> i32 {
        let n = pos.n_empties() as i32;
        if self.stopped() {
            return alpha;
        } else if n == 0 {
            return 2 * K::popcount(pos.p) as i32 - 64;
        } else if depth <= 3 && depth < n {
            return K::nws_shallow(self, pos, alpha, depth, false);
        } else if n <= depth && depth < DEPTH_MIDGAME_TO_ENDGAME {
            return self.nws_endgame::<K>(pos, alpha);
        }
        let start = self.nodes;
        self.nodes += 1;
        let b = EkBoard::new(pos.p, pos.o);
        let code = K::hash_code(pos.p, pos.o);
        hash_table::prefetch(self.tables.main, code);
        hash_table::prefetch(self.tables.pv, code);
        if let Some(score) = stability_cutoff::<K>(pos.p, pos.o, alpha, n as u32) {
            return score;
        }
        let moves = K::get_moves(pos.p, pos.o);
        let (mut best, mut best_move) = (-SCORE_INF, NOMOVE);
        if moves == 0 {
            best = if K::can_move(pos.o, pos.p) {
                -K::nws_midgame(self, &pos.pass(), -alpha - 1, depth, at.child())
            } else {
                pos.solve::<K>()
            };
        } else {
            let found = Self::get(self.tables.main, b, code).or_else(|| Self::get(self.tables.pv, b, code));
            if let Some(score) = found.and_then(|d| cutoffs::transposition(&d, depth, self.selectivity, alpha)) {
                return score;
            }
            if let Some(score) = self.probcut::<K>(pos, alpha, depth, at) {
                return score;
            }
            let mut list = MoveList::new::<K>(pos.p, pos.o, moves);
            if list.len() > 1 {
                let mut data = found.unwrap_or(Data::INIT);
                if i32::from(data.moves[0]) == NOMOVE {
                    data = Self::get(self.tables.main, b, code).unwrap_or(Data::INIT);
                }
                self.evaluate::<K>(&mut list, pos, &data, alpha, depth + at.node_type.inc_sort_depth());
                list.sort();
            }
            if let Some(score) = self.etc::<K>(pos, &list, code, depth, alpha) {
                return score;
            }
            // Two passes: the moves other threads search now are deferred to the second
            // (never with one thread: `busy` is None).
            let busy = self.sharing(depth);
            let (mut deferred, mut second) = (0u64, false);
            'moves: loop {
                for (i, m) in list.iter().enumerate() {
                    if second && deferred >> m.x & 1 == 0 {
                        continue;
                    }
                    if self.stopped() {
                        break 'moves;
                    }
                    let next = pos.play::<K>(m.x, m.flipped);
                    if !second && i > 0 && busy.is_some_and(|b| b.is_busy(next.p, next.o)) {
                        deferred |= 1 << m.x;
                        continue;
                    }
                    // (No closure: it would be compiled without the level's instructions.)
                    if let Some(b) = busy {
                        b.enter(next.p, next.o);
                    }
                    let score = -K::nws_midgame(self, &next, -alpha - 1, depth - 1, at.child());
                    if let Some(b) = busy {
                        b.leave(next.p, next.o);
                    }
                    if !self.stopped() && score > best {
                        (best, best_move) = (score, m.x as i32);
                        if best > alpha {
                            break 'moves;
                        }
                    }
                }
                if second || deferred == 0 {
                    break;
                }
                second = true;
            }
        }
        if self.stopped() {
            return alpha;
        }
        // Edax's "hack": an exact search stored as one even where the node's selectivity is not.
        let selectivity =
            if n < depth && depth <= DEPTH_MIDGAME_TO_ENDGAME { NO_SELECTIVITY } else { self.selectivity };
        let cost = self.nodes - start;
        let bounds = (alpha, alpha + 1);
        Self::store(self.tables.main, b, code, depth, selectivity, cost, bounds, best, best_move);
        if at.height <= PV_HASH_HEIGHT {
            Self::store(self.tables.pv, b, code, depth, selectivity, cost, bounds, best, best_move);
        }
        best
    }

    /// `PVS_midgame(search, alpha, beta, depth, parent)`: the fail-soft score of the position in
    /// the window (alpha, beta), the first move searched with the window, the others with a null
    /// window (`NWS_midgame`) and again with the window when they beat the best; `alpha` once the
    /// search is stopped.
    #[inline(always)]
    pub fn pvs<K: MidgameLevel>(&mut self, pos: &Position, alpha: i32, beta: i32, depth: i32, at: Ply) -> i32 {
        let n = pos.n_empties() as i32;
        if self.stopped() {
            return alpha;
        } else if n == 0 {
            return 2 * K::popcount(pos.p) as i32 - 64;
        } else if depth < n && n <= self.depth_pv_extension {
            return K::pvs_midgame(self, pos, alpha, beta, n, at);
        } else if depth == 2 && n > 2 {
            return search_eval::search_eval_2::<K>(self.weights, pos, alpha, beta, &mut self.nodes);
        }
        let start = self.nodes;
        self.nodes += 1;
        let b = EkBoard::new(pos.p, pos.o);
        let code = K::hash_code(pos.p, pos.o);
        hash_table::prefetch(self.tables.pv, code);
        hash_table::prefetch(self.tables.main, code);
        let moves = K::get_moves(pos.p, pos.o);
        let (mut best, mut best_move) = (-SCORE_INF, NOMOVE);
        let pv_child = |at: Ply| Ply { node_type: NodeType::Pv, ..at.child() };
        if moves == 0 {
            if K::can_move(pos.o, pos.p) {
                best = -K::pvs_midgame(self, &pos.pass(), -beta, -alpha, depth, pv_child(at));
                best_move = PASS;
            } else {
                best = pos.solve::<K>();
            }
        } else {
            let mut list = MoveList::new::<K>(pos.p, pos.o, moves);
            if list.len() > 1 {
                let data = Self::get(self.tables.pv, b, code).or_else(|| Self::get(self.tables.main, b, code));
                let inc = NodeType::Pv.inc_sort_depth();
                self.evaluate::<K>(&mut list, pos, &data.unwrap_or(Data::INIT), alpha, depth + inc);
                list.sort();
            }
            let mut lower = alpha;
            // Two passes, as in `nws`.
            let busy = self.sharing(depth);
            let (mut deferred, mut second) = (0u64, false);
            'moves: loop {
                for (i, m) in list.iter().enumerate() {
                    if second && deferred >> m.x & 1 == 0 {
                        continue;
                    }
                    if self.stopped() || lower >= beta {
                        break 'moves;
                    }
                    let next = pos.play::<K>(m.x, m.flipped);
                    if !second && i > 0 && busy.is_some_and(|b| b.is_busy(next.p, next.o)) {
                        deferred |= 1 << m.x;
                        continue;
                    }
                    if let Some(b) = busy {
                        b.enter(next.p, next.o);
                    }
                    let score = if i == 0 {
                        -K::pvs_midgame(self, &next, -beta, -alpha, depth - 1, pv_child(at))
                    } else {
                        let a = lower;
                        let score = -K::nws_midgame(self, &next, -a - 1, depth - 1, at.child());
                        if !self.stopped() && a < score && score < beta {
                            -K::pvs_midgame(self, &next, -beta, -a, depth - 1, pv_child(at))
                        } else {
                            score
                        }
                    };
                    if let Some(b) = busy {
                        b.leave(next.p, next.o);
                    }
                    if !self.stopped() && score > best {
                        (best, best_move) = (score, m.x as i32);
                        lower = lower.max(score);
                    }
                }
                if second || deferred == 0 {
                    break;
                }
                second = true;
            }
        }
        if self.stopped() {
            return alpha;
        }
        let selectivity =
            if n < depth && depth <= DEPTH_MIDGAME_TO_ENDGAME { NO_SELECTIVITY } else { self.selectivity };
        let cost = self.nodes - start;
        Self::store(self.tables.main, b, code, depth, selectivity, cost, (alpha, beta), best, best_move);
        Self::store(self.tables.pv, b, code, depth, selectivity, cost, (alpha, beta), best, best_move);
        best
    }

    /// `NWS_endgame(search, alpha)` on the main table.
    #[inline(always)]
    fn nws_endgame<K: MidgameLevel>(&mut self, pos: &Position, alpha: i32) -> i32 {
        // SAFETY: the main table is valid (the invariant of `Midgame::new`).
        let mut search = unsafe { EndgameSearch::new(self.tables.main, self.stop) };
        let score = K::nws(&mut search, pos.p, pos.o, alpha, pos.empties);
        self.nodes += search.nodes;
        score
    }
}

/// Edax's `NWS_midgame` on the board (p, o), p to move, at the node `at` of a search of
/// selectivity `selectivity` (0..=5) with the weights `w`, on Edax's three tables, stopping
/// when `*stop` is not 0: the fail-soft score on the null window (alpha, alpha + 1) and the
/// nodes Edax counts. `depth` is 2 or more and less than the empty squares, or all of them.
///
/// # Safety
/// The three tables are valid Edax tables for the whole call.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) unsafe fn nws_midgame<K: MidgameLevel>(
    tables: Tables,
    stop: Option<StopFlag<'_>>,
    w: &Weights,
    selectivity: i32,
    at: Ply,
    p: u64,
    o: u64,
    alpha: i32,
    depth: i32,
) -> (i32, u64) {
    // SAFETY: the caller's contract.
    let mut search = unsafe { Midgame::new(tables, stop, w, selectivity) };
    let score = K::nws_midgame(&mut search, &Position::new(p, o), alpha, depth, at);
    (score, search.nodes)
}

/// Edax's `PVS_midgame` as [`nws_midgame`] is Edax's `NWS_midgame`, in the window (alpha,
/// beta), with Edax's `search->depth_pv_extension`.
///
/// # Safety
/// The three tables are valid Edax tables for the whole call.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) unsafe fn pvs_midgame<K: MidgameLevel>(
    tables: Tables,
    stop: Option<StopFlag<'_>>,
    w: &Weights,
    (selectivity, depth_pv_extension): (i32, i32),
    at: Ply,
    (p, o): (u64, u64),
    (alpha, beta): (i32, i32),
    depth: i32,
) -> (i32, u64) {
    // SAFETY: the caller's contract.
    let mut search = unsafe { Midgame::new(tables, stop, w, selectivity) };
    search.depth_pv_extension = depth_pv_extension;
    let score = K::pvs_midgame(&mut search, &Position::new(p, o), alpha, beta, depth, at);
    (score, search.nodes)
}
