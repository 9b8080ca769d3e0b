//! The parts of the Rust API that run the active level's code: they sit above the dispatch
//! layer, beside the C exports (src/ffi), and call the dispatch layer as the exports do.

use crate::dispatch::{c_dispatch, Kernels};
use crate::engine::{EkEngine, EkEngineLimits, EkEngineResult, EkMoveScore, EK_MAX_MOVES};
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
        unsafe { c_dispatch::engine_search(self, board, limits, 0, &mut out) };
        out
    }

    /// Searches `board` as [`EkEngine::search`] does, its root's moves in `excluded` (a bit per
    /// square) left out: Edax's book search of a position (book.c `position_search`: the
    /// position's links excluded from the root's list, the tables kept from the searches
    /// before, as the book's searches keep the play's tables; `clear` forgets them, as
    /// `search_cleanup` does). Squares that are no legal move are ignored. `Err(Range)` when
    /// `board` has legal moves and `excluded` holds them all (Edax's book never searches such
    /// a position), or as `search`.
    pub fn search_excluding(
        &self,
        board: &EkBoard,
        limits: &EkEngineLimits,
        excluded: u64,
    ) -> Result<EkEngineResult, SolveError> {
        let mut out = Err(SolveError::Range);
        // SAFETY: the entry's arguments are references; it has no other contract.
        unsafe { c_dispatch::engine_search(self, board, limits, excluded, &mut out) };
        out
    }

    /// Every legal move's score (see `ek_engine_analyze`), in square order.
    pub fn analyze(&self, board: &EkBoard, limits: &EkEngineLimits) -> Result<Vec<EkMoveScore>, SolveError> {
        let none = EkMoveScore { square: 0, score: 0, exact: 0, complete: 0, n_nodes: 0 };
        let mut moves = [none; EK_MAX_MOVES as usize];
        let mut out = Err(SolveError::Range);
        // SAFETY: the entry's arguments are references; it has no other contract.
        unsafe { c_dispatch::engine_analyze(self, board, limits, &mut moves, &mut out) };
        out.map(|n| moves[..n].to_vec())
    }
}

impl Weights {
    /// `eval_accumulate` with the kernels of one level: the sum of the weights of the features
    /// `f` at `ply` (0..=60, larger is 60) for `player` (0 or 1; only bit 0 is used).
    pub fn accumulate(&self, k: &Kernels, f: &EkEvalFeature, ply: usize, player: i32) -> i32 {
        k.eval_accumulate(f, self.table(ply, player as usize))
    }
}
