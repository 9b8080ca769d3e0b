//! What a search of the engine is asked (its limits) and what it answers (its result, and an
//! analysis's moves): the C API's structures too.

use crate::endgame::midgame::{level_depth, EK_PV_SIZE};
use core::ffi::c_int;

/// What limits a search of [`EkEngine`] (also the C API's `EkEngineLimits`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EkEngineLimits {
    /// Edax's level, 1..60 (Edax's `-l`): the depth and selectivity of the search, from Edax's
    /// table of levels by the number of empty squares; 0: `depth` and `selectivity` say them.
    pub level: c_int,
    /// The depth, 1..60 (more than the empty squares: all of them, an exact search), overriding
    /// the level's (Edax's `-d`); -1: the level's.
    pub depth: c_int,
    /// The selectivity, 0..5 (5: none; Edax's `-s`), overriding the level's; -1: the level's
    /// (5 when `level` is 0).
    pub selectivity: c_int,
    /// The search stops after about this many nodes (checked at the midgame nodes); 0: no limit.
    pub max_nodes: u64,
    /// The search stops after about this many milliseconds; 0: no limit.
    pub max_time_ms: u64,
}

impl EkEngineLimits {
    /// A search at Edax's `level` (1..60), no node or time limit.
    pub const fn level(level: c_int) -> EkEngineLimits {
        EkEngineLimits { level, depth: -1, selectivity: -1, max_nodes: 0, max_time_ms: 0 }
    }

    /// The (depth, selectivity) of a search of a position of `n_empties` empty squares, or
    /// `None` when a limit is out of its range.
    pub(crate) fn depth_selectivity(&self, n_empties: i32) -> Option<(i32, i32)> {
        let ok = (0..=60).contains(&self.level)
            && (self.depth == -1 || (1..=60).contains(&self.depth))
            && (-1..=5).contains(&self.selectivity)
            && (self.level > 0 || self.depth > 0);
        if !ok {
            return None;
        }
        let (mut d, mut s) = if self.level > 0 { level_depth(self.level, n_empties) } else { (0, 5) };
        if self.depth > 0 {
            d = self.depth.min(n_empties);
        }
        if self.selectivity >= 0 {
            s = self.selectivity;
        }
        Some((d, s))
    }
}

/// What a search of [`EkEngine`] found (also the C API's `EkEngineResult`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EkEngineResult {
    /// The score for the side to move (a disc difference): exact when `exact` is 1, else the
    /// search's estimate.
    pub score: c_int,
    /// The best move found: a square 0..63, 64 (pass) or 65 (none: the game is over).
    pub best_move: c_int,
    /// The depth and selectivity (0..5, 5: none) of the deepest search the result comes from.
    pub depth: c_int,
    /// See `depth`.
    pub selectivity: c_int,
    /// 1 when `score` is the exact final score (a search to the end without selectivity), else 0.
    pub exact: c_int,
    /// 1 when the search reached its depth and selectivity, 0 when a node or time limit or
    /// `ek_engine_stop` cut it short (the result is then the deepest one completed).
    pub complete: c_int,
    /// The nodes searched.
    pub n_nodes: i64,
    /// The moves of `pv` (0..80).
    pub pv_length: c_int,
    /// The principal variation from the position: squares 0..63 and passes (64).
    pub pv: [u8; EK_PV_SIZE],
}

/// One move of an analysis (`ek_engine_analyze`; also the Rust API's).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EkMoveScore {
    /// The move: a square 0..63, or 64 (a pass, the only move of a player who has none).
    pub square: c_int,
    /// The score of the move for the side to move (a disc difference), searched one ply less
    /// deep than the position; `EK_SCORE_NONE` (32767) when a limit or a stop came before the
    /// move's search completed a depth.
    pub score: c_int,
    /// 1 when `score` is the exact final score after the move, else 0.
    pub exact: c_int,
    /// 1 when the move's search reached its depth, 0 when a limit or a stop cut it short.
    pub complete: c_int,
    /// The nodes of the move's search.
    pub n_nodes: i64,
}

/// The most moves a position has (one per empty square; a pass is the only move when there is
/// none): the size of an analysis's array that always suffices.
pub const EK_MAX_MOVES: c_int = 60;
