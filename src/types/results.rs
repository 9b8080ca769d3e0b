//! The results of the searches and their errors: plain `#[repr(C)]` structs that the C API
//! returns as they are.

use super::status::{EK_ERR_BUSY, EK_ERR_RANGE, EK_ERR_STOPPED};
use core::ffi::c_int;

/// Perft counters (see `ek_perft_stats`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EkPerftStats {
    /// Edax's node count at the requested depth: moves, plus passes when the side to move has
    /// no move but the other side has one. A finished game has no children.
    pub nodes: u64,
    /// How many of `nodes` are passes.
    pub passes: u64,
    /// Finished games at ply `depth - 1` that the side to move there has won.
    pub wins: u64,
    /// Finished games at ply `depth - 1` that are drawn.
    pub draws: u64,
    /// Finished games at ply `depth - 1` that the side to move there has lost.
    pub losses: u64,
    /// The published perft convention (Aart Bik's sequence): `nodes` plus every finished game
    /// met at a ply below `depth`, each counted as one node at every deeper ply.
    pub nodes_terminal: u64,
}

/// The result of a solve (also the C API's `EkSolveResult`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EkSolveResult {
    /// The final score for the side to move (empty squares to the winner), exact when strictly
    /// inside the window, else a bound on the side it falls.
    pub score: i32,
    /// A square that gives `score`, `EK_PASS` when the side to move must pass, `EK_NOMOVE` when
    /// the game is over.
    pub best_move: i32,
    /// Nodes searched, counted as Edax 4.6 counts its own (`COUNT_NODES 7`): each node
    /// entered, each move scored for the order, each child looked up for a transposition
    /// cut-off and each evaluation of the ordering searches (since 2026-11-29; before, only
    /// the nodes entered, about a third fewer).
    pub nodes: u64,
}

/// Why a solve gave no result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// Stopped by [`EkSolver::stop`] or the node limit.
    Stopped,
    /// Another solve is running on this solver.
    Busy,
    /// The window is not -64 <= alpha < beta <= 64, or the bitboards overlap.
    Range,
}

impl SolveError {
    /// The C API's status code for the error.
    pub(crate) const fn status(self) -> c_int {
        match self {
            SolveError::Stopped => EK_ERR_STOPPED,
            SolveError::Busy => EK_ERR_BUSY,
            SolveError::Range => EK_ERR_RANGE,
        }
    }
}

/// The most threads `ek_solver_set_threads` accepts.
pub const EK_SOLVER_MAX_THREADS: core::ffi::c_int = 256;
