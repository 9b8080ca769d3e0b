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
//!
//! Here: those types, and the trait of the per-level searches; `search.rs`: `NWS_midgame` and
//! `PVS_midgame`; `root/`: Edax's root, above them; `abi.rs`: the C types of the exports.

mod abi;
mod cutoffs;
mod moves;
mod probcut;
mod root;
mod search;
mod search_eval;
mod shallow;
#[cfg(test)]
pub(crate) mod test_support;

pub use abi::{EkEdaxResult, EkEdaxTables, EkMidgameSearch, EK_PV_SIZE};
pub(crate) use root::{level_depth, search_run, Root, RootResult, RunControls};
pub(crate) use search::{nws_midgame, pvs_midgame};
pub(crate) use search_eval::Position;

use super::nws::NwsLevel;
use crate::endgame::StopFlag;
use crate::eval::{EvalPrims, Weights};
use crate::hash_table::{self, BusyTable, Data, EkHashTable, Store};
use crate::types::board::EkBoard;
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
}
