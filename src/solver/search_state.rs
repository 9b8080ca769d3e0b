//! The state of one thread's exact search ([`Search`]: its table, nodes, stop, and what the
//! threads of a solve share), and a level's recursion ([`Level`]: the entries through which the
//! searches call each other, compiled for the level). The searches themselves are
//! [`super::search`]'s and [`super::split`]'s.

use super::controls::{Controls, STOP};
use super::order::{MoveBuffer, MoveList};
use super::pool::{Chain, Pool, SPLIT_MIN_EMPTIES};
use super::shared::{Shared, SHARED_MIN_EMPTIES};
use super::tt::Table;
use crate::endgame::edax::{parity, parity_weight, SCORE_MAX};
use crate::endgame::midgame::{RootResult, RunControls};
use crate::eval::{EvalPrims, Weights};
use crate::hash_table::EkHashTable;
use crate::kernels::Prims;
use std::sync::atomic::{AtomicI32, Ordering::Relaxed};

/// Null-window nodes with at least this many empty squares look up their children in the
/// transposition table before searching them (enhanced transposition cut-off). Chosen by time
/// on fforum-20-39 (BENCHMARKS.md, "The exact solver against Edax as its users run it").
pub(crate) const ETC_MIN_EMPTIES: u32 = 9;

/// Nodes with at least this many empty squares order their moves with the evaluation when the
/// solver has weights ([`MoveList::with_eval`]); the others with the fast order alone. Chosen
/// with the next constant by nodes and time on FFO 40-49 and fforum-20-39 with data/ek-eval.dat
/// (BENCHMARKS.md, "Move order by the evaluation").
pub(crate) const EVAL_ORDER_MIN_EMPTIES: u32 = 14;

/// From this depth (the empty squares at principal-variation nodes, two less at null-window
/// ones, as Edax's `inc_sort_depth` lowers them at cut and all nodes), the moves are scored by a
/// two-ply search on the evaluation instead of the evaluation itself. (Edax's rule goes from one
/// ply at depth 18 to six; with data/ek-eval.dat two plies from 16 searched the fewest nodes of
/// one, two and three from 14 to 26: BENCHMARKS.md, "Two plies to order the moves".)
const EVAL_SEARCH_MIN_DEPTH: u32 = 16;

/// Edax's `SORT_ALPHA_DELTA`: the shallow searches of the move order look this far below alpha.
const SORT_ALPHA_DELTA: i32 = 8;

/// How often (in nodes) the search looks at the stop request and the node limit.
const CHECK_EVERY: u64 = 1 << 14;

/// How often a search under a split point looks whether it was cut (a cut makes the rest of
/// its work useless).
const CHECK_UNDER_SPLIT: u64 = 1 << 10;

/// A level's recursion: its `#[target_feature]` entry points for a child node.
pub(crate) trait Level: Prims + EvalPrims {
    /// [`super::search::nws`] compiled for the level.
    fn nws(s: &mut Search, p: u64, o: u64, alpha: i32) -> i32;
    /// [`super::search::pvs`] compiled for the level.
    fn pvs(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32) -> i32;
    /// [`super::search::pvs_with_move`] compiled for the level: the root of a thread's search.
    fn root(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, u8);
    /// [`super::split::help`] compiled for the level: a helper thread's work until `done`.
    fn help(s: &mut Search, done: &core::sync::atomic::AtomicBool);
    /// [`super::split::split`] compiled for the level.
    fn split(
        s: &mut Search,
        node: (u64, u64),
        list: &mut MoveList,
        window: (i32, i32, bool),
        n: u32,
        best: (i32, u8),
    ) -> Option<(i32, u8)>;
    /// Edax's midgame search of the level (`MidgameLevel::search_run`): the pre-search
    /// ([`super::presearch`]).
    ///
    /// # Safety
    /// As `search_run`.
    unsafe fn midgame_run(
        tables: [*mut EkHashTable; 3],
        controls: RunControls,
        w: &Weights,
        board: (u64, u64),
        level: (i32, i32),
    ) -> RootResult;
}

/// The state of one solve (of one thread of a solve).
pub(crate) struct Search<'a> {
    pub tt: &'a Table,
    pub nodes: u64,
    /// The weights that order the moves near the root, if any.
    eval: Option<&'a Weights>,
    /// What the threads of a parallel solve share; `None` for one thread.
    shared: Option<&'a Shared>,
    /// `nodes` when last added to the shared count.
    reported: u64,
    /// The solver's state word: its [`STOP`] bit asks the search to stop.
    stop: &'a AtomicI32,
    /// Stop once this many nodes are searched (`u64::MAX`: no limit).
    node_limit: u64,
    next_check: u64,
    /// Set when the search was stopped, or a split point above it cut: every score since is
    /// meaningless.
    pub stopped: bool,
    /// Set when the whole solve was stopped (`stopped` too).
    halted: bool,
    /// The split points this search is under ([`super::split`]; empty for other schemes).
    pub chain: Chain,
}

impl<'a> Search<'a> {
    pub fn new(tt: &'a Table, controls: &Controls<'a>, shared: Option<&'a Shared>) -> Self {
        let node_limit = controls.limit;
        let next_check = CHECK_EVERY.min(node_limit);
        let (stop, eval) = (controls.state, controls.eval);
        let chain = Chain::default();
        Search {
            tt,
            nodes: 0,
            eval,
            shared,
            reported: 0,
            stop,
            node_limit,
            next_check,
            stopped: false,
            halted: false,
            chain,
        }
    }

    /// The split points of the solve, when its threads share the work by them.
    #[inline(always)]
    pub fn pool(&self) -> Option<&'a Pool> {
        self.shared.and_then(|sh| sh.pool.as_ref())
    }

    /// Whether the search is stopped, once its chain of split points changed; under a split
    /// point, the next look at its cut comes soon ([`CHECK_UNDER_SPLIT`]).
    #[inline(always)]
    pub fn recheck(&mut self) {
        self.stopped = self.halted || self.pool().is_some_and(|pool| pool.cut_above(&self.chain));
        if !self.chain.is_empty() {
            self.next_check = self.next_check.min(self.nodes.saturating_add(CHECK_UNDER_SPLIT));
        }
    }

    /// Stops this search for good if `halt` (the solve is being stopped).
    #[inline(always)]
    pub fn halt_if(&mut self, halt: bool) {
        self.halted |= halt;
    }

    /// Whether a split point above this search cut.
    #[inline(always)]
    fn cut_above(&self) -> bool {
        !self.chain.is_empty() && self.pool().is_some_and(|pool| pool.cut_above(&self.chain))
    }

    /// The moves `moves` of (p, o), with `n` empty squares, scored for their order.
    #[inline(always)]
    pub(crate) fn move_list<'b, K: Level>(
        &mut self,
        buffer: &'b mut MoveBuffer,
        (p, o): (u64, u64),
        moves: u64,
        hash_move: u8,
        n: u32,
        (depth, alpha): (u32, i32),
    ) -> MoveList<'b> {
        let (parity, w_parity) = (parity(!(p | o)), parity_weight(n));
        // The children are probed next (enhanced transposition cut-off): their buckets load
        // while the moves are scored, instead of one cache miss after another.
        let prefetch = (n >= ETC_MIN_EMPTIES).then_some(self.tt);
        match self.eval {
            Some(w) if n >= EVAL_ORDER_MIN_EMPTIES => {
                let sort_alpha = (alpha - SORT_ALPHA_DELTA).max(-SCORE_MAX);
                let order = (depth >= EVAL_SEARCH_MIN_DEPTH, sort_alpha);
                let nodes = &mut self.nodes;
                MoveList::with_eval::<K>(buffer, p, o, moves, hash_move, parity, w_parity, w, n, order, prefetch, nodes)
            }
            _ => MoveList::new::<K>(buffer, p, o, moves, hash_move, parity, w_parity, prefetch, &mut self.nodes),
        }
    }

    /// Whether to stop: the flag was raised, the node limit reached (by all threads), another
    /// thread finished the solve (looked at every `CHECK_EVERY` nodes), or a split point above
    /// cut (every `CHECK_UNDER_SPLIT` nodes).
    #[inline(always)]
    pub(crate) fn should_stop(&mut self) -> bool {
        if self.nodes >= self.next_check {
            let under_split = !self.chain.is_empty();
            let step = if under_split { CHECK_UNDER_SPLIT } else { CHECK_EVERY };
            self.next_check = self.nodes.saturating_add(step).min(self.node_limit);
            self.stopped |= self.cut_above();
            if under_split && self.nodes - self.reported < CHECK_EVERY && self.nodes < self.node_limit {
                return self.stopped;
            }
            let mut total = self.nodes;
            if let Some(shared) = self.shared {
                let new = self.nodes - self.reported;
                self.reported = self.nodes;
                total = shared.nodes.fetch_add(new, Relaxed).saturating_add(new);
            }
            self.halted |= self.stop.load(Relaxed) & STOP != 0 || total >= self.node_limit;
            if let Some(shared) = self.shared {
                self.halted |= shared.done.load(Relaxed);
            }
            self.stopped |= self.halted;
        }
        self.stopped
    }

    /// [`super::split::split`] (through the level's entry, out of the node's code) at a node
    /// that may split: `None` elsewhere.
    #[inline(always)]
    pub(crate) fn try_split<K: Level>(
        &mut self,
        node: (u64, u64),
        list: &mut MoveList,
        window: (i32, i32, bool),
        n: u32,
        best: (i32, u8),
    ) -> Option<(i32, u8)> {
        if n < SPLIT_MIN_EMPTIES || self.pool().is_none() {
            return None;
        }
        K::split(self, node, list, window, n, best)
    }

    /// The shared state, at a node with `n` empty squares where threads share the children.
    #[inline(always)]
    pub(crate) fn sharing(&self, n: u32) -> Option<&'a Shared> {
        self.shared.filter(|sh| n >= SHARED_MIN_EMPTIES && sh.pool.is_none())
    }
}
