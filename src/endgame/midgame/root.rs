//! Edax 4.6's root (root.c and the levels of search.c), node for node: `search_run`,
//! `iterative_deepening` (the depths, then the selectivities, before a solve), `aspiration_search`,
//! `PVS_root`, `record_best_move` (the result and its principal variation, read from the tables),
//! `is_pv_ok`, `get_last_level`, and Edax's `LEVEL` table. One thread, no time limit (Edax's
//! `-l LEVEL` play), Edax's default options (`multipv_depth` 10, no PV guessing, the tables'
//! date moved on at each search): the score, move, depth, selectivity, nodes and principal
//! variation `lEdax -solve FILE -l LEVEL -n 1` finds, and the tables as it leaves them.
//!
//! The root keeps what Edax's `Search` keeps between its iterations: the root's moves in their
//! current order with each one's score and cost, the result, and the bounds of each move's score.

use super::moves::MAX_MOVES;
use super::search_eval::{search_eval_0, search_eval_1, search_eval_2};
use super::EK_PV_SIZE;
use super::{Midgame, MidgameLevel, MoveList, NodeType, Ply, Position, Tables, NOMOVE, NO_SELECTIVITY, PASS};
use crate::endgame::edax::{SCORE_INF, SCORE_MAX};
use crate::endgame::StopFlag;
use crate::eval::Weights;
use crate::hash_table::{self, BusyTable, Data, EkHashTable};
use crate::types::board::EkBoard;

const SCORE_MIN: i32 = -SCORE_MAX;
/// Edax's `MULTIPV_DEPTH` (search->options.multipv_depth): up to this depth every root move is
/// searched with the whole window.
const MULTIPV_DEPTH: i32 = 10;
/// Edax's `ITERATIVE_MIN_EMPTIES`.
const ITERATIVE_MIN_EMPTIES: i32 = 10;

/// Edax's `LEVEL[level][n_empties]`: the depth and selectivity of a search at `level` (0..=60)
/// of a position of `n_empties` empty squares (search.c's `search_global_init`).
#[inline(always)]
pub(crate) fn level_depth(level: i32, n_empties: i32) -> (i32, i32) {
    let n = n_empties;
    // Each band of levels: (the highest level, [(the most empty squares, selectivity)] solved
    // with that selectivity; beyond the last, the level's depth at selectivity 0).
    let solve = |bands: &[(i32, i32)]| {
        bands.iter().find(|&&(most, _)| n <= most).map_or((level, 0), |&(_, selectivity)| (n, selectivity))
    };
    match level {
        i32::MIN..=0 => (0, NO_SELECTIVITY),
        1..=10 => (if n <= 2 * level { n } else { level }, NO_SELECTIVITY),
        11..=12 => solve(&[(21, 5), (24, 3)]),
        13..=18 => solve(&[(21, 5), (24, 3), (27, 1)]),
        19..=21 => solve(&[(24, 5), (27, 3), (30, 1)]),
        22..=24 => solve(&[(24, 5), (27, 4), (30, 2), (33, 0)]),
        25..=27 => solve(&[(27, 5), (30, 3), (33, 1)]),
        28..=29 => solve(&[(27, 5), (30, 4), (33, 2), (36, 0)]),
        30..=31 => solve(&[(30, 5), (33, 3), (36, 1)]),
        32..=33 => solve(&[(30, 5), (33, 4), (36, 2), (39, 0)]),
        34..=35 => solve(&[(30, 5), (33, 4), (36, 3), (39, 1)]),
        36..=59 => solve(&[(level - 6, 5), (level - 3, 4), (level, 3), (level + 3, 2), (level + 6, 1), (level + 9, 0)]),
        _ => (n, NO_SELECTIVITY),
    }
}

/// Edax's `get_pv_extension(depth, n_empties)`.
#[inline(always)]
pub(crate) fn pv_extension(depth: i32, n_empties: i32) -> i32 {
    if depth >= n_empties || depth <= 9 {
        -1
    } else if depth <= 12 {
        10
    } else if depth <= 18 {
        12
    } else if depth <= 24 {
        14
    } else {
        16
    }
}

/// Edax's `is_depth_solving(depth, n_empties)`: whether a search of that depth gives a final
/// score (it reaches the end, or its PV extension does).
#[inline(always)]
fn is_depth_solving(depth: i32, n: i32) -> bool {
    depth >= n
        || (depth > 9 && depth <= 12 && depth + 8 >= n)
        || (depth > 12 && depth <= 18 && depth + 10 >= n)
        || (depth > 18 && depth <= 24 && depth + 12 >= n)
        || (depth > 24 && depth + 14 >= n)
}

/// Edax's `solvable_depth(limit, 1)` with its default speed (10^7 nodes per second): the depth
/// Edax expects to solve in `limit` milliseconds.
#[inline(always)]
fn solvable_depth(limit: i64) -> i32 {
    // SMP_W 49, SMP_C 1 and one task: Edax's speed in nodes per millisecond.
    let speed = 0.001 * (1e7 * (49.0 + 1.0) / (49.0 / 1.0 + 1.0));
    let (mut t, mut d) = (0i64, 15);
    while d <= 60 && t <= limit {
        t = (t as f64 + (1u64 << d) as f64 / speed) as i64;
        d += 1;
    }
    d - 1
}

/// Edax's `TIME_MAX` (the time of a search without a time limit), in milliseconds.
const TIME_MAX: i64 = 31_557_600_000_000;

/// The bounds Edax keeps of a root move's score (`Bound`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bound {
    pub lower: i32,
    pub upper: i32,
}

/// What Edax's search reports (`Result`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RootResult {
    pub score: i32,
    /// 0..63, PASS (64) or NOMOVE (65).
    pub best_move: i32,
    pub depth: i32,
    pub selectivity: i32,
    pub nodes: u64,
    /// The principal variation, passes included (PASS): its first `pv_length` moves.
    pub pv: [u8; EK_PV_SIZE],
    pub pv_length: usize,
}

impl RootResult {
    /// Edax's result before a search (`iterative_deepening`'s).
    const NONE: RootResult = RootResult {
        score: -SCORE_INF,
        best_move: NOMOVE,
        depth: -1,
        selectivity: 0,
        nodes: 0,
        pv: [0; EK_PV_SIZE],
        pv_length: 0,
    };

    /// The principal variation.
    pub fn pv(&self) -> &[u8] {
        &self.pv[..self.pv_length.min(EK_PV_SIZE)]
    }
}

/// A root move (Edax's `Move` in `search->movelist`).
#[derive(Clone, Copy, Debug, Default)]
struct RootMove {
    x: i32,
    flipped: u64,
    score: i32,
    cost: i32,
}

/// Edax's root search: the root's state between iterations.
pub(crate) struct Root<'s, 'a> {
    mg: &'s mut Midgame<'a>,
    pos: Position,
    board: EkBoard,
    n_empties: i32,
    /// `search->movelist`, in its current order: its first `n_moves`.
    moves: [RootMove; MAX_MOVES],
    n_moves: usize,
    /// `search->stability_bound`.
    stability: Bound,
    /// `search->options.depth` and `search->options.selectivity`.
    options: (i32, i32),
    /// `search->depth`.
    depth: i32,
    result: RootResult,
    /// `result->bound`, by move (0..=65).
    bounds: [Bound; 66],
    /// [`RunControls::until_decided`].
    until_decided: bool,
}

impl Midgame<'_> {
    /// `search_route_PVS(search, alpha, beta, depth, parent)` on `pos`: the midgame search, the
    /// final score, or `search_eval_0/1/2` at depths 0-2. [`MidgameLevel::route_pvs`], compiled
    /// once per level: the root calls it at three places.
    #[inline(always)]
    pub(crate) fn route_pvs<K: MidgameLevel>(
        &mut self,
        pos: &Position,
        alpha: i32,
        beta: i32,
        depth: i32,
        at: Ply,
    ) -> i32 {
        let n = pos.n_empties() as i32;
        let w = self.weights;
        if depth == n && depth == 0 {
            2 * K::popcount(pos.p) as i32 - 64
        } else if depth == n || depth > 2 {
            K::pvs_midgame(self, pos, alpha, beta, depth, at)
        } else if depth == 0 {
            search_eval_0::<K>(w, pos, &mut self.nodes)
        } else if depth == 1 {
            search_eval_1::<K>(w, pos, alpha, beta, &mut self.nodes)
        } else {
            search_eval_2::<K>(w, pos, alpha, beta, &mut self.nodes)
        }
    }
}

/// `board_update` of Edax with the move `x` (a pass, or NOMOVE, swaps the sides).
#[inline(always)]
fn board_after(b: EkBoard, x: i32, flipped: u64) -> EkBoard {
    if (0..64).contains(&x) {
        EkBoard::new(b.opponent ^ flipped, b.player ^ (flipped | 1 << x))
    } else {
        EkBoard::new(b.opponent, b.player)
    }
}

/// `movelist_sort` (by score) or the sort of `movelist_sort_cost` (by cost): the highest first,
/// equal keys in their order (Edax's selection of the first highest, repeated, is a stable sort).
/// An insertion sort: a few moves, and compiled with the level's features (the library's sort
/// would not be).
#[inline(always)]
fn sort_by_key(moves: &mut [RootMove], key: impl Fn(&RootMove) -> i32) {
    // `get`, not indexing: no bounds check (a panic path in an export).
    for i in 1..moves.len() {
        let Some(&m) = moves.get(i) else { break };
        let mut j = i;
        while let Some(&prev) = j.checked_sub(1).and_then(|k| moves.get(k)) {
            if key(&prev) >= key(&m) {
                break;
            }
            if let Some(slot) = moves.get_mut(j) {
                *slot = prev;
            }
            j -= 1;
        }
        if let Some(slot) = moves.get_mut(j) {
            *slot = m;
        }
    }
}

impl<'s, 'a> Root<'s, 'a> {
    /// The root's moves in their current order.
    #[inline(always)]
    fn list(&mut self) -> &mut [RootMove] {
        &mut self.moves[..self.n_moves.min(MAX_MOVES)]
    }

    #[inline(always)]
    fn get<K: MidgameLevel>(table: &EkHashTable, b: EkBoard) -> Option<Data> {
        Midgame::get(table, b, K::hash_code(b.player, b.opponent))
    }

    /// `hash_get` on the PV table, else on the main one.
    #[inline(always)]
    fn get_pv_or_main<K: MidgameLevel>(&self, b: EkBoard) -> Option<Data> {
        Self::get::<K>(self.mg.tables.pv, b).or_else(|| Self::get::<K>(self.mg.tables.main, b))
    }

    /// `search_bound`: `score` within the stability bounds of the root.
    #[inline(always)]
    fn bound(&self, score: i32) -> i32 {
        let score = if score < self.stability.lower { self.stability.lower } else { score };
        if score > self.stability.upper {
            self.stability.upper
        } else {
            score
        }
    }

    /// `search_route_PVS` on the child `pos` (after a root move or a pass), at `at`, within the
    /// root's stability bounds.
    #[inline(always)]
    fn route<K: MidgameLevel>(&mut self, pos: &Position, alpha: i32, beta: i32, depth: i32, at: Ply) -> i32 {
        let score = K::route_pvs(self.mg, pos, alpha, beta, depth, at);
        -self.bound(-score)
    }

    /// `search_get_pv_cost` of the position after a root move: its entry's whole draft.
    #[inline(always)]
    fn pv_cost<K: MidgameLevel>(&self, b: EkBoard) -> i32 {
        self.get_pv_or_main::<K>(b).map_or(0, |d| d.draft_key() as i32)
    }

    /// `record_best_move(search, board, best, alpha, beta, depth)`.
    #[inline(always)]
    fn record_best_move<K: MidgameLevel>(&mut self, best: (i32, i32), alpha: i32, beta: i32, depth: i32) {
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
            let cost = self.mg.nodes - start;
            let tables = self.mg.tables;
            let s = self.mg.selectivity;
            Midgame::store(tables.main, self.board, code, depth, s, cost, (alpha, beta), best_score, best_move);
            Midgame::store(tables.pv, self.board, code, depth, s, cost, (alpha, beta), best_score, best_move);
        }
        best_score
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
    fn iterative_deepening<K: MidgameLevel>(&mut self, alpha: i32, beta: i32) {
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
            if self.mg.stopped() {
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
            if self.mg.stopped() || (self.until_decided && score.abs() >= SCORE_MAX - 1) {
                return;
            }
            self.mg.selectivity += 1;
        }
        self.mg.selectivity = self.mg.selectivity.min(option_selectivity);
    }
}

/// Edax's `board_check_move` of the move `x` (a square, or PASS) of `b`, with the discs it
/// flips: a pass when `b` has no move, a square when it is empty (Edax checks no more: the move
/// is one a table gave for `b`).
#[inline(always)]
fn checked_move<K: MidgameLevel>(b: EkBoard, x: i32) -> Option<u64> {
    let (p, o) = (b.player, b.opponent);
    match x {
        PASS => (!K::can_move(p, o)).then_some(0),
        0..64 if (p | o) >> x & 1 == 0 => Some(K::flip(x as usize, p, o)),
        _ => None,
    }
}

/// `board_get_move` of a move that a table gave for `b`: the discs it flips (none for a pass or
/// NOMOVE, which Edax's tables of flips also give none).
#[inline(always)]
fn flips_of<K: MidgameLevel>(b: EkBoard, x: i32) -> u64 {
    if (0..64).contains(&x) {
        K::flip(x as usize, b.player, b.opponent)
    } else {
        0
    }
}

/// What may stop a [`search_run`]: Edax's stop flag (`search->stop`: the search stops once
/// `*stop` is not 0) and a node limit (`u64::MAX`: none; checked at the midgame nodes).
#[derive(Clone, Copy)]
pub(crate) struct RunControls<'a> {
    pub stop: Option<StopFlag<'a>>,
    pub node_limit: u64,
    /// With other threads on the same search (the engine's threads): the children they search
    /// now (`Midgame::busy`); `None`: Edax's search, node for node.
    pub busy: Option<&'a BusyTable>,
    /// Whether the search moves the tables' dates on first (Edax's `hash_clear`); the threads
    /// of one search after their caller has done it, each without.
    pub clear: bool,
    /// The solver's pre-search: stop deepening (depth and selectivity) once a search scores
    /// +-63 or more, as Edax's own iterative deepening does before an exact search (there, only
    /// when its depth reaches the end); `false`: Edax's search, node for node.
    pub until_decided: bool,
}

impl<'a> RunControls<'a> {
    /// Edax's search alone on its tables: `stop` and the node limit (`u64::MAX`: none).
    pub fn alone(stop: Option<StopFlag<'a>>, node_limit: u64) -> RunControls<'a> {
        RunControls { stop, node_limit, busy: None, clear: true, until_decided: false }
    }
}

/// Edax's `search_run` of the board (p, o), p to move, at `depth` and `selectivity` (Edax's
/// `search->options`, from [`level_depth`] or Edax's -d and -s), on Edax's three tables (main, PV,
/// shallow), whose dates it moves on first (`hash_clear`), with the weights `w`, stopping as
/// `controls` say (the result is then the last one recorded).
///
/// # Safety
/// The three tables are valid Edax tables (as [`hash_table::get`] requires), and no other
/// thread uses them during the call when `controls.clear` (their dates are written); without
/// it, other threads may search on them (their entries are read and written under their locks).
#[inline(always)]
pub(crate) unsafe fn search_run<K: MidgameLevel>(
    tables: [*mut EkHashTable; 3],
    controls: RunControls,
    w: &Weights,
    (p, o): (u64, u64),
    (depth, selectivity): (i32, i32),
) -> RootResult {
    if controls.clear {
        for t in tables {
            // SAFETY: valid and not shared during the call (the caller's contract).
            unsafe { hash_table::clear(&mut *t) };
        }
    }
    // SAFETY: valid (the caller's contract); only read through shared references from here on.
    let tables = unsafe { Tables { main: &*tables[0], pv: &*tables[1], shallow: &*tables[2] } };
    // SAFETY: valid tables (the caller's contract).
    let mut mg = unsafe { Midgame::new(tables, controls.stop, w, NO_SELECTIVITY) };
    mg.node_limit = controls.node_limit;
    mg.busy = controls.busy;
    mg.depth_pv_extension = pv_extension(0, (!(p | o)).count_ones() as i32);
    let pos = Position::new(p, o);
    let n_empties = pos.n_empties() as i32;
    let stability =
        Bound { upper: SCORE_MAX - 2 * K::get_stability(o, p), lower: 2 * K::get_stability(p, o) - SCORE_MAX };
    let mut root = Root {
        mg: &mut mg,
        pos,
        board: EkBoard::new(p, o),
        n_empties,
        moves: [RootMove::default(); MAX_MOVES],
        n_moves: 0,
        stability,
        options: (depth, selectivity),
        depth: 0,
        result: RootResult { score: 0, ..RootResult::NONE },
        bounds: [Bound { lower: SCORE_MIN, upper: SCORE_MAX }; 66],
        until_decided: controls.until_decided,
    };
    // search_get_movelist, in place (a list moved into `root` would be copied by memcpy).
    let mut left = K::get_moves(p, o);
    while left != 0 && root.n_moves < MAX_MOVES {
        let x = left.trailing_zeros() as i32;
        left &= left - 1;
        root.moves[root.n_moves] = RootMove { x, flipped: K::flip(x as usize, p, o), score: 0, cost: 0 };
        root.n_moves += 1;
    }
    let eval = search_eval_0::<K>(w, &root.pos, &mut root.mg.nodes);
    root.result.score = root.bound(eval);
    root.iterative_deepening::<K>(SCORE_MIN, SCORE_MAX);
    root.result.nodes = root.mg.nodes;
    root.result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every entry of Edax's LEVEL table (tests/data/midgame/levels.txt, written by Edax's own
    /// search_global_init through scripts/golden/driver.c).
    #[test]
    fn levels_are_edax_s() {
        let table = include_str!("../../../tests/data/midgame/levels.txt");
        let mut n = 0;
        for line in table.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<i32> = line.split_whitespace().map(|v| v.parse().expect("a number")).collect();
            assert_eq!(level_depth(f[0], f[1]), (f[2], f[3]), "level {} at {} empty squares", f[0], f[1]);
            n += 1;
        }
        assert_eq!(n, 61 * 61);
    }

    /// Without a time limit Edax expects to solve 54 empty squares (the selectivity jumps of
    /// `iterative_deepening` below 30 then apply).
    #[test]
    fn solvable_depth_without_a_time_limit() {
        assert_eq!(solvable_depth(TIME_MAX / 10), 54);
    }
}
