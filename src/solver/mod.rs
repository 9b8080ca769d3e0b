//! An exact endgame solver: the final score of a position with perfect play, and a move that
//! reaches it.
//!
//! Principal-variation search with null windows, a transposition table ([`tt`]), Edax's
//! stability cut-off and fast move ordering ([`order`]), down to Edax's leaf search
//! ([`crate::endgame`]) at 7 empty squares. The search runs on one level's instructions: each
//! level's table has the C-shaped entries `ek_solver_solve` and `ek_solver_solve_batch`, which
//! instantiate [`search`] for that level.

pub(crate) mod order;
pub(crate) mod search;
pub(crate) mod tt;

use crate::board::{EkBoard, NOMOVE, PASS};
use core::cell::UnsafeCell;
use search::{Level, Search};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// [`EkSolver`]'s state: a solve (or a clear) holds the table.
const BUSY: u8 = 1;
/// [`EkSolver`]'s state: the solve holding the table was asked to stop (set only with [`BUSY`]).
pub(crate) const STOP: u8 = 2;

/// A solver: its transposition table and its controls. One solve at a time (a second
/// concurrent one is refused); [`EkSolver::stop`] may be called from any thread.
pub struct EkSolver {
    /// [`BUSY`] while a solve (or a clear) holds the table, with [`STOP`] once `stop` asked it
    /// to stop; 0 otherwise. One word, so that a stop reaches exactly the solve holding the
    /// table: `stop` sets [`STOP`] only while [`BUSY`] is set, and a solve's release clears both.
    state: AtomicU8,
    /// Nodes after which a solve gives up (0: no limit).
    node_limit: AtomicU64,
    /// Only the holder of `busy` touches it.
    tt: UnsafeCell<tt::Table>,
}

// SAFETY: the table is only reached by the thread holding `BUSY` (taken with acquire, released
// with release); the other fields are atomics.
unsafe impl Sync for EkSolver {}

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
    /// Nodes searched.
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

impl EkSolver {
    /// A solver with a transposition table of `2^hash_bits` entries (32 bytes each), or `None`
    /// when `hash_bits` is outside 1..=32 or the memory cannot be allocated.
    pub fn new(hash_bits: i32) -> Option<EkSolver> {
        Some(EkSolver {
            state: AtomicU8::new(0),
            node_limit: AtomicU64::new(0),
            tt: UnsafeCell::new(tt::Table::new(hash_bits)?),
        })
    }

    /// Makes the solve in progress (if any) return [`SolveError::Stopped`] soon.
    pub fn stop(&self) {
        // Only while a solve holds the table: a solve that starts later starts from BUSY alone.
        // (A separate flag, lowered when a solve starts, would lose a stop that came between that
        // solve taking the table and lowering the flag.)
        let _ = self.state.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |s| (s & BUSY != 0).then_some(s | STOP));
    }

    /// Sets the number of nodes after which a solve gives up with [`SolveError::Stopped`]
    /// (0: no limit).
    pub fn set_node_limit(&self, nodes: u64) {
        self.node_limit.store(nodes, Ordering::Relaxed);
    }

    /// Runs `f` on the table, unless another solve holds it.
    /// `f` gets the table, the state word (whose [`STOP`] bit asks it to stop) and the node limit.
    pub(crate) fn with_table<T>(&self, f: impl FnOnce(&mut tt::Table, &AtomicU8, u64) -> T) -> Result<T, SolveError> {
        // Idle is always 0: STOP is only ever set together with BUSY, and cleared with it.
        if self.state.compare_exchange(0, BUSY, Ordering::Acquire, Ordering::Relaxed).is_err() {
            return Err(SolveError::Busy);
        }
        let limit = match self.node_limit.load(Ordering::Relaxed) {
            0 => u64::MAX,
            n => n,
        };
        // SAFETY: BUSY is held: no other thread reaches the table until it is released.
        let out = f(unsafe { &mut *self.tt.get() }, &self.state, limit);
        self.state.store(0, Ordering::Release);
        Ok(out)
    }

    /// Forgets every position the table holds.
    pub fn clear(&self) -> Result<(), SolveError> {
        self.with_table(|tt, _, _| tt.clear())
    }

    /// Solves `board` on the window (alpha, beta) with the active level's kernels (see
    /// `ek_solver_solve` for the window and the result).
    pub fn solve(&self, board: &EkBoard, alpha: i32, beta: i32) -> Result<EkSolveResult, SolveError> {
        let mut out = EkSolveResult::default();
        let solver = (self as *const EkSolver).cast_mut();
        // SAFETY: valid pointers to live values (the entry only reads through `solver`).
        let status = unsafe { crate::isa::c_dispatch::ek_solver_solve(solver, board, alpha, beta, &mut out) };
        match status {
            crate::ffi::api::EK_OK => Ok(out),
            crate::ffi::api::EK_ERR_BUSY => Err(SolveError::Busy),
            crate::ffi::api::EK_ERR_RANGE => Err(SolveError::Range),
            _ => Err(SolveError::Stopped),
        }
    }
}

/// The root of a solve on the table of `search`: the score of `board` on (alpha, beta) and a
/// move giving it. `alpha < beta`, both in -64..=64.
#[inline(always)]
pub(crate) fn solve_root<K: Level>(search: &mut Search, board: &EkBoard, alpha: i32, beta: i32) -> EkSolveResult {
    let (p, o) = (board.player, board.opponent);
    let (score, mv) = search::pvs_with_move::<K>(search, p, o, alpha, beta);
    let best_move = if mv != tt::NO_MOVE {
        mv as i32
    } else if K::get_moves(p, o) == 0 && K::get_moves(o, p) != 0 {
        PASS
    } else {
        NOMOVE
    };
    EkSolveResult { score, best_move, nodes: search.nodes }
}
