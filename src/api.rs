//! The parts of the Rust API that run the active level's code: they sit above the dispatch
//! layer, beside the C exports (src/ffi), and call the dispatch layer as the exports do.

use crate::dispatch::{c_dispatch, Kernels};
use crate::engine::{EkEngine, EkEngineLimits, EkEngineResult};
use crate::eval::{EkEvalFeature, Weights};
use crate::solver::EkSolver;
use crate::types::board::EkBoard;
use crate::types::results::{EkSolveResult, SolveError};

impl EkSolver {
    /// Solves `board` on the window (alpha, beta) with the active level's kernels (see
    /// `ek_solver_solve` for the window and the result).
    pub fn solve(&self, board: &EkBoard, alpha: i32, beta: i32) -> Result<EkSolveResult, SolveError> {
        let mut out = Err(SolveError::Range);
        // SAFETY: the entry's arguments are references; it has no other contract.
        unsafe { c_dispatch::solver_solve(self, board, alpha, beta, &mut out) };
        out
    }
}

impl EkEngine {
    /// Searches `board` within `limits` with the active level's kernels (see `ek_engine_search`).
    pub fn search(&self, board: &EkBoard, limits: &EkEngineLimits) -> Result<EkEngineResult, SolveError> {
        let mut out = Err(SolveError::Range);
        // SAFETY: the entry's arguments are references; it has no other contract.
        unsafe { c_dispatch::engine_search(self, board, limits, &mut out) };
        out
    }
}

impl Weights {
    /// `eval_accumulate` with the kernels of one level: the sum of the weights of the features
    /// `f` at `ply` (0..=60, larger is 60) for `player` (0 or 1; only bit 0 is used).
    pub fn accumulate(&self, k: &Kernels, f: &EkEvalFeature, ply: usize, player: i32) -> i32 {
        k.eval_accumulate(f, self.table(ply, player as usize))
    }
}
