//! Edax's `search_run` (root.c): a whole search from the position, and what may stop it.

use super::level::pv_extension;
use super::{Bound, Root, RootMove, RootResult, SCORE_MIN};
use crate::endgame::edax::SCORE_MAX;
use crate::endgame::midgame::moves::MAX_MOVES;
use crate::endgame::midgame::search_eval::search_eval_0;
use crate::endgame::midgame::{Midgame, MidgameLevel, Position, Tables, NO_SELECTIVITY};
use crate::endgame::StopFlag;
use crate::eval::Weights;
use crate::hash_table::{self, BusyTable, EkHashTable};
use crate::types::board::EkBoard;

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
    /// Edax's `search_continue` on time (`search_time(search) <= search->time.mini`): once
    /// raised, no new iteration of the deepening starts (the one running ends at `stop`);
    /// `None`: Edax's search without a time, node for node.
    pub soft_stop: Option<StopFlag<'a>>,
    /// The root's moves left out of the search (a bit per square): Edax's `movelist_exclude`
    /// of each one on the root's list before `search_run`, as the book's `position_search`
    /// does with a position's links. 0: every legal move. The caller leaves at least one legal
    /// move in (a list emptied this way would read as a pass).
    pub excluded: u64,
}

impl<'a> RunControls<'a> {
    /// Edax's search alone on its tables: `stop` and the node limit (`u64::MAX`: none).
    pub fn alone(stop: Option<StopFlag<'a>>, node_limit: u64) -> RunControls<'a> {
        RunControls { stop, node_limit, busy: None, clear: true, until_decided: false, soft_stop: None, excluded: 0 }
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
        soft_stop: controls.soft_stop,
    };
    // search_get_movelist, in place (a list moved into `root` would be copied by memcpy), less
    // the excluded moves (movelist_exclude unlinks them and keeps the others' order).
    let mut left = K::get_moves(p, o) & !controls.excluded;
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
