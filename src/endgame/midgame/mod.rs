//! Edax 4.6's midgame search (midgame.c), node for node: `NWS_midgame` with everything it uses,
//! the stability, transposition and enhanced transposition cut-offs, probcut, the move order of
//! `movelist_evaluate`, the shallow searches (`NWS_shallow`, `PVS_shallow`, `search_eval_0/1/2`)
//! and the hand-over to `NWS_endgame`, on Edax's three tables (main, PV, shallow). The same
//! scores, node counts and table contents as Edax's, so that an Edax calling it searches the
//! same tree (issue 36).
//!
//! Edax keeps the search's state in its `Search`; here the board, its empties list and the
//! evaluation's features travel down the recursion by value ([`Position`]), with where the node
//! is in Edax's search ([`Ply`]: its height, its node type and the probcut level), and what is
//! shared by the whole search is in [`Midgame`] (the tables, the stop flag, the weights, the
//! selectivity and the node count).

mod cutoffs;
mod moves;
mod probcut;
mod root;
mod search_eval;
mod shallow;
#[cfg(test)]
pub(crate) mod test_support;

pub(crate) use root::{level_depth, search_run, Root, RootResult, RunControls};
pub(crate) use search_eval::Position;

use super::edax::{stability_cutoff, SCORE_INF};
use super::nws::{NwsLevel, Search as EndgameSearch};
use crate::endgame::StopFlag;
use crate::eval::{EvalPrims, Weights};
use crate::hash_table::{self, BusyTable, Data, EkHashTable, Store};
use crate::types::board::EkBoard;
use core::ffi::c_int;
use moves::MoveList;

/// Edax's `NO_SELECTIVITY`.
pub(crate) const NO_SELECTIVITY: i32 = 5;
/// Edax's `DEPTH_MIDGAME_TO_ENDGAME`: an exact search of fewer empty squares goes to
/// `NWS_endgame`.
const DEPTH_MIDGAME_TO_ENDGAME: i32 = 15;
/// Edax's `PV_HASH_HEIGHT`: results up to this height go to the PV table too.
const PV_HASH_HEIGHT: u32 = 5;
/// Edax's `PASS` and `NOMOVE`, as a table entry's move.
const PASS: i32 = 64;
const NOMOVE: i32 = 65;

/// The state of Edax's search that `ek_nws_midgame` reads besides the board and the window:
/// the fields of Edax's `Search` of the same names, as a node inside Edax's search has them.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct EkMidgameSearch {
    /// `&search->hash_table`: the main table.
    pub hash_table: *mut EkHashTable,
    /// `&search->pv_table`: the PV table (results of heights up to 5 go there too).
    pub pv_table: *mut EkHashTable,
    /// `&search->shallow_table`: the shallow searches' table.
    pub shallow_table: *mut EkHashTable,
    /// `&search->stop` (Edax's `Stop`, an int), or NULL: never stops.
    pub stop: *const c_int,
    /// `search->selectivity`: 0..5 (0: Edax's 73 %, 5: none, no probcut).
    pub selectivity: c_int,
    /// `search->height`: 1 or more (the root, height 0, is Edax's `PVS_root`'s).
    pub height: c_int,
    /// `search->node_type[search->height]`: 1 (`CUT_NODE`) or 2 (`ALL_NODE`), as Edax's search
    /// enters `NWS_midgame`; 0 (`PV_NODE`) is searched as Edax would search it (its moves sorted
    /// shallower).
    pub node_type: c_int,
    /// `search->probcut_level`: 0 or more (from 2 on, no probcut).
    pub probcut_level: c_int,
    /// `search->depth_pv_extension` (`ek_pvs_midgame` only): at a PV node of at most this many
    /// empty squares the search goes to the end (Edax's root sets it: -1, 10, 12, 14 or 16).
    pub depth_pv_extension: c_int,
}

/// Edax's three tables and its stop flag, for `ek_edax_search` (the fields of Edax's `Search` of
/// the same names).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct EkEdaxTables {
    /// `&search->hash_table`: the main table.
    pub hash_table: *mut EkHashTable,
    /// `&search->pv_table`: the PV table.
    pub pv_table: *mut EkHashTable,
    /// `&search->shallow_table`: the shallow searches' table.
    pub shallow_table: *mut EkHashTable,
    /// `&search->stop` (Edax's `Stop`, an int), or NULL: never stops.
    pub stop: *const c_int,
}

/// The most moves, passes included, of Edax's principal variation (`GAME_SIZE`).
pub const EK_PV_SIZE: usize = 80;

/// What Edax's whole search found (Edax's `Result`): `ek_edax_search`'s result.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct EkEdaxResult {
    /// The score of the position, for the side to move (a disc difference).
    pub score: c_int,
    /// The best move: a square 0..63, 64 (pass) or 65 (none: the game is over).
    pub best_move: c_int,
    /// The depth and the selectivity (0..5, 5: none) of the last search the result comes from.
    pub depth: c_int,
    /// See `depth`.
    pub selectivity: c_int,
    /// The nodes searched (Edax's `search_count_nodes`).
    pub n_nodes: i64,
    /// The moves of `pv` (0..80).
    pub pv_length: c_int,
    /// The principal variation from the position: squares 0..63 and passes (64).
    pub pv: [u8; EK_PV_SIZE],
}

/// Edax's `NodeType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NodeType {
    Pv = 0,
    Cut = 1,
    All = 2,
}

impl NodeType {
    /// The node type `search_update_midgame` gives a child (`next_node_type`).
    #[inline(always)]
    fn child(self) -> NodeType {
        match self {
            NodeType::Cut => NodeType::All,
            NodeType::Pv | NodeType::All => NodeType::Cut,
        }
    }

    /// Edax's default `options.inc_sort_depth`: how much deeper than the node the moves are
    /// sorted at.
    #[inline(always)]
    fn inc_sort_depth(self) -> i32 {
        match self {
            NodeType::Pv => 0,
            NodeType::Cut => -2,
            NodeType::All => -3,
        }
    }
}

/// Where a node is in Edax's search: `search->height`, `search->node_type[height]` and
/// `search->probcut_level`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ply {
    pub height: u32,
    pub node_type: NodeType,
    pub probcut_level: u32,
}

impl Ply {
    /// A child's (after a move or a pass).
    #[inline(always)]
    fn child(self) -> Ply {
        Ply { height: self.height + 1, node_type: self.node_type.child(), ..self }
    }
}

/// A level's recursive midgame searches, each a function of its own compiled with the level's
/// target features (as [`NwsLevel`] is for the endgame search): every recursive call goes
/// through them, and everything else is inlined into them.
pub(crate) trait MidgameLevel: NwsLevel + EvalPrims {
    /// [`Midgame::nws`] compiled for the level.
    fn nws_midgame(s: &mut Midgame, pos: &Position, alpha: i32, depth: i32, at: Ply) -> i32;
    /// [`Midgame::pvs`] compiled for the level.
    fn pvs_midgame(s: &mut Midgame, pos: &Position, alpha: i32, beta: i32, depth: i32, at: Ply) -> i32;
    /// [`Midgame::nws_shallow`] compiled for the level, on the main table (`shallow`: false) or
    /// the shallow one.
    fn nws_shallow(s: &mut Midgame, pos: &Position, alpha: i32, depth: i32, shallow: bool) -> i32;
    /// [`Midgame::pvs_shallow`] compiled for the level.
    fn pvs_shallow(s: &mut Midgame, pos: &Position, alpha: i32, beta: i32, depth: i32) -> i32;
    /// [`Midgame::route_pvs`] compiled for the level.
    fn route_pvs(s: &mut Midgame, pos: &Position, alpha: i32, beta: i32, depth: i32, at: Ply) -> i32;
    /// [`Root::pvs_root`] compiled for the level.
    fn pvs_root(r: &mut Root, alpha: i32, beta: i32, depth: i32) -> i32;
    /// [`search_run`] compiled for the level.
    ///
    /// # Safety
    /// As [`search_run`].
    unsafe fn search_run(
        tables: [*mut EkHashTable; 3],
        controls: RunControls,
        w: &Weights,
        board: (u64, u64),
        level: (i32, i32),
    ) -> RootResult;
}

/// Edax's three tables.
#[derive(Clone, Copy)]
pub(crate) struct Tables<'a> {
    pub main: &'a EkHashTable,
    pub pv: &'a EkHashTable,
    pub shallow: &'a EkHashTable,
}

/// What a whole search shares: Edax's tables, its stop flag, the weights, the selectivity
/// (`search->selectivity`, which Edax's recursive probcut leaves as it is) and the nodes counted.
pub(crate) struct Midgame<'a> {
    /// Valid as [`hash_table::get`] requires (the invariant of [`Midgame::new`]).
    tables: Tables<'a>,
    stop: Option<StopFlag<'a>>,
    weights: &'a Weights,
    selectivity: i32,
    /// `search->depth_pv_extension`.
    depth_pv_extension: i32,
    pub nodes: u64,
    /// The search stops once it has counted this many nodes (checked at the midgame nodes, as
    /// the stop flag is; `u64::MAX`, Edax's searches: never).
    pub node_limit: u64,
    /// With other threads searching the same position on the same tables (the engine's threads):
    /// the children they search now, which nodes of [`SHARED_MIN_DEPTH`] or more defer to the
    /// end of their lists. `None` (Edax's searches, one thread): Edax's order, node for node.
    pub busy: Option<&'a BusyTable>,
}

/// The least depth of the nodes whose children the threads of a search share (see
/// [`Midgame::busy`]); below, a child costs too little for the bookkeeping.
const SHARED_MIN_DEPTH: i32 = 7;

impl<'a> Midgame<'a> {
    /// # Safety
    /// The three tables are valid Edax tables (as [`hash_table::get`] requires) for the
    /// search's length.
    #[inline(always)]
    pub unsafe fn new(tables: Tables<'a>, stop: Option<StopFlag<'a>>, weights: &'a Weights, selectivity: i32) -> Self {
        Midgame {
            tables,
            stop,
            weights,
            selectivity,
            depth_pv_extension: -1,
            nodes: 0,
            node_limit: u64::MAX,
            busy: None,
        }
    }

    /// The children other threads search now, at a node of `depth` where the threads share
    /// them.
    #[inline(always)]
    pub(super) fn sharing(&self, depth: i32) -> Option<&'a BusyTable> {
        self.busy.filter(|_| depth >= SHARED_MIN_DEPTH)
    }

    /// Whether the caller asked the search to stop (Edax's `search->stop`).
    #[inline(always)]
    fn stopped(&self) -> bool {
        self.nodes >= self.node_limit || self.stop.is_some_and(|s| s.raised())
    }

    /// `hash_get` on `table`.
    #[inline(always)]
    fn get(table: &EkHashTable, b: EkBoard, code: u64) -> Option<Data> {
        // SAFETY: every table of a search is valid (the invariant of `Midgame::new`).
        unsafe { hash_table::get(table, b, code) }
    }

    /// `hash_store` on `table` of a result searched with `nodes` nodes (0: Edax's cost 0).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn store(
        table: &EkHashTable,
        b: EkBoard,
        code: u64,
        depth: i32,
        selectivity: i32,
        cost: u64,
        bounds: (i32, i32),
        score: i32,
        mv: i32,
    ) {
        let store = Store {
            depth: depth as u8,
            selectivity: selectivity as u8,
            // Edax's `last_bit(cost)`.
            cost: cost.checked_ilog2().unwrap_or(0) as u8,
            date: table.date,
            alpha: bounds.0 as i8,
            beta: bounds.1 as i8,
            score: score as i8,
            mv: mv as i8,
        };
        // SAFETY: every table of a search is valid (the invariant of `Midgame::new`).
        unsafe { hash_table::store(table, b, code, &store) }
    }

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
