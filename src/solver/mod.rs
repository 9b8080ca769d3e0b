//! An exact endgame solver: the final score of a position with perfect play, and a move that
//! reaches it.
//!
//! Principal-variation search with null windows, a transposition table ([`tt`]), Edax's
//! stability cut-off and fast move ordering ([`order`]), down to Edax's leaf search
//! ([`crate::endgame`]) at 7 empty squares. The search runs on one level's instructions: each
//! level's table has the C-shaped entries `ek_solver_solve` and `ek_solver_solve_batch`, which
//! instantiate [`search`] for that level. With several threads ([`EkSolver::set_threads`]) the
//! threads of a solve share the table and spread over the moves ([`parallel`]); a batch gives
//! each thread whole positions.
//!
//! The files read top-down, each using only files below it (tests/layers.rs checks that they
//! use each other in no circle):
//! - this one, [`EkSolver`];
//! - [`parallel`] (a solve on several threads) and [`presearch`];
//! - [`search`] (the exact search) and [`split`] (YBWC: a split point's moves searched);
//! - [`search_state`] (one thread's search, and the level's entries);
//! - [`shared`] (what the threads of a solve share: ABDADA);
//! - [`pool`] (YBWC's split points: their slots);
//! - [`order`] (the move order) over [`eval_order`]; [`controls`] (what a solve reads of its
//!   solver) and [`new_error`] over [`scheme`] (the two ways to share the work); [`threads`]
//!   (the threads' boundary); [`tt`] (the table).

pub(crate) mod controls;
pub(crate) mod eval_order;
pub(crate) mod new_error;
pub(crate) mod order;
pub(crate) mod parallel;
pub(crate) mod pool;
pub(crate) mod presearch;
pub(crate) mod scheme;
pub(crate) mod search;
pub(crate) mod search_state;
pub(crate) mod shared;
pub(crate) mod split;
pub(crate) mod threads;
pub(crate) mod tt;

use crate::eval::Weights;
use crate::types::board::EkBoard;
use crate::types::results::{EkSolveResult, SolveError, EK_SOLVER_MAX_THREADS};
use controls::{Controls, BUSY, STOP};
use core::cell::UnsafeCell;
pub use new_error::NewSolverError;
pub use scheme::{ParallelScheme, SCHEME_ENV};
use search::root_move;
use search_state::{Level, Search};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, AtomicU32, AtomicU64, Ordering};

/// A solver: its transposition table and its controls. One solve at a time (a second
/// concurrent one is refused); [`EkSolver::stop`] may be called from any thread.
pub struct EkSolver {
    /// [`BUSY`] while a solve (or a clear) holds the table, with [`STOP`] once `stop` asked it
    /// to stop; 0 otherwise. One word, so that a stop reaches exactly the solve holding the
    /// table: `stop` sets [`STOP`] only while [`BUSY`] is set, and a solve's release clears both.
    state: AtomicI32,
    /// Nodes after which a solve gives up (0: no limit).
    node_limit: AtomicU64,
    /// Threads a solve uses (1..=[`MAX_THREADS`]).
    threads: AtomicU32,
    /// How they share the work: YBWC when set, else ABDADA ([`ParallelScheme`]).
    ybwc: AtomicBool,
    /// The weights that order the moves near the root (published, so never freed), or null
    /// for the fast order alone.
    eval: AtomicPtr<Weights>,
    /// Only the holder of `busy` touches it.
    tt: UnsafeCell<tt::Table>,
    /// The size of `tt` (log2 of its entries).
    hash_bits: i32,
    /// The pre-search's tables, made by the first solve that pre-searches; only the holder of
    /// `busy` touches them.
    pre: UnsafeCell<Option<Box<presearch::Tables>>>,
}

// SAFETY: the table is only reached by the thread holding `BUSY` (taken with acquire, released
// with release); the other fields are atomics.
unsafe impl Sync for EkSolver {}

impl EkSolver {
    /// A solver with a transposition table of `2^hash_bits` entries (32 bytes each), whose
    /// threads share the work as [`SCHEME_ENV`] says (ABDADA when it is unset or empty). An
    /// error when `hash_bits` is outside 1..=32, when the variable names no scheme (never a
    /// silent default: its message names the variable and the values it takes), or when the
    /// memory cannot be allocated.
    pub fn new(hash_bits: i32) -> Result<EkSolver, NewSolverError> {
        if !(tt::MIN_BITS..=tt::MAX_BITS).contains(&hash_bits) {
            return Err(NewSolverError::HashBits);
        }
        // Before the table is allocated: a refused setting costs no memory.
        let scheme = ParallelScheme::from_env().map_err(NewSolverError::SchemeEnv)?;
        Ok(EkSolver {
            state: AtomicI32::new(0),
            node_limit: AtomicU64::new(0),
            threads: AtomicU32::new(1),
            ybwc: AtomicBool::new(scheme == ParallelScheme::Ybwc),
            eval: AtomicPtr::new(core::ptr::null_mut()),
            tt: UnsafeCell::new(tt::Table::new(hash_bits).ok_or(NewSolverError::NoMemory)?),
            hash_bits,
            pre: UnsafeCell::new(None),
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

    /// Sets the number of threads of every later solve (1 to [`MAX_THREADS`]); the scores do
    /// not depend on it.
    pub fn set_threads(&self, n: i32) -> Result<(), SolveError> {
        if !(1..=MAX_THREADS as i32).contains(&n) {
            return Err(SolveError::Range);
        }
        self.threads.store(n as u32, Ordering::Relaxed);
        Ok(())
    }

    /// Sets how the threads of a solve share the work (the scores do not depend on it); a new
    /// solver takes the scheme [`SCHEME_ENV`] names, ABDADA by default.
    pub fn set_parallel_scheme(&self, scheme: ParallelScheme) {
        self.ybwc.store(scheme == ParallelScheme::Ybwc, Ordering::Relaxed);
    }

    /// How the threads of a solve share the work.
    pub fn parallel_scheme(&self) -> ParallelScheme {
        if self.ybwc.load(Ordering::Relaxed) {
            ParallelScheme::Ybwc
        } else {
            ParallelScheme::Abdada
        }
    }

    /// The number of threads a solve uses.
    pub fn threads(&self) -> i32 {
        self.threads.load(Ordering::Relaxed) as i32
    }

    /// Sets the weights with which every later solve orders the moves of its nodes with many
    /// empty squares (`None`: the fast order alone, the default), and pre-searches positions of
    /// [`presearch::MIN_EMPTIES`] or more (see `ek_solver_set_eval`). Only the number of nodes
    /// depends on them, not the scores.
    pub fn set_eval(&self, weights: Option<&'static Weights>) {
        let ptr = weights.map_or(core::ptr::null_mut(), |w| w as *const Weights as *mut Weights);
        self.eval.store(ptr, Ordering::Relaxed);
    }

    /// The weights that order the moves, if any.
    pub fn eval(&self) -> Option<&'static Weights> {
        // SAFETY: null or a `&'static Weights` (set_eval).
        unsafe { self.eval.load(Ordering::Relaxed).as_ref() }
    }

    /// Holds the table, unless another solve holds it, until the [`Held`] is dropped.
    #[inline(always)]
    pub(crate) fn hold(&self) -> Result<Held<'_>, SolveError> {
        // Idle is always 0: STOP is only ever set together with BUSY, and cleared with it.
        if self.state.compare_exchange(0, BUSY, Ordering::Acquire, Ordering::Relaxed).is_err() {
            return Err(SolveError::Busy);
        }
        let limit = match self.node_limit.load(Ordering::Relaxed) {
            0 => u64::MAX,
            n => n,
        };
        let threads = self.threads.load(Ordering::Relaxed);
        let controls = Controls { state: &self.state, limit, eval: self.eval(), scheme: self.parallel_scheme() };
        Ok(Held { solver: self, controls, threads })
    }

    /// Forgets every position the table (and the pre-search's) holds.
    pub fn clear(&self) -> Result<(), SolveError> {
        let mut held = self.hold()?;
        let (tt, _, pre) = held.parts();
        tt.clear();
        if let Some(pre) = pre {
            pre.clear();
        }
        Ok(())
    }

    /// Solves `board` on the window (alpha, beta) with the level `K` (see `ek_solver_solve`
    /// for the window and the result).
    #[inline(always)]
    pub(crate) fn solve_on<K: Level>(
        &self,
        board: &EkBoard,
        alpha: i32,
        beta: i32,
    ) -> Result<EkSolveResult, SolveError> {
        if !(-64 <= alpha && alpha < beta && beta <= 64) || board.player & board.opponent != 0 {
            return Err(SolveError::Range);
        }
        self.hold()?.solve::<K>(board, alpha, beta)
    }
}

/// A solver whose table this thread holds (no closure, so that a level's entry inlines all of
/// it); dropping it releases the table.
pub(crate) struct Held<'a> {
    solver: &'a EkSolver,
    controls: Controls<'a>,
    threads: u32,
}

/// The pre-search's tables, made on first use behind the threads' panic boundary (their
/// allocation is the standard library's code); `None` when they cannot be made.
#[inline(always)]
fn presearch_tables(pre: &mut Option<Box<presearch::Tables>>, hash_bits: i32) -> Option<&mut presearch::Tables> {
    if pre.is_none() {
        threads::cold(&mut || *pre = presearch::Tables::new(hash_bits).map(Box::new));
    }
    pre.as_deref_mut()
}

/// The exact search of `board` on `window`, on `threads` threads when it has enough empty
/// squares.
#[inline(always)]
fn exact<K: Level>(
    tt: &tt::Table,
    controls: &Controls,
    threads: u32,
    board: &EkBoard,
    (alpha, beta): (i32, i32),
) -> Result<EkSolveResult, SolveError> {
    let empties = (!(board.player | board.opponent)).count_ones();
    if threads > 1 && empties >= PARALLEL_MIN_EMPTIES {
        return parallel::solve::<K>(tt, controls, threads, board, alpha, beta);
    }
    let mut search = Search::new(tt, controls, None);
    let result = solve_root::<K>(&mut search, board, alpha, beta);
    if search.stopped {
        Err(SolveError::Stopped)
    } else {
        Ok(result)
    }
}

impl Held<'_> {
    /// The table, the controls of the solve and the pre-search's tables (if made).
    #[inline(always)]
    fn parts(&mut self) -> (&mut tt::Table, &Controls<'_>, &mut Option<Box<presearch::Tables>>) {
        // (a solve's threads share the table as `&Table`: its buckets are atomics)
        // SAFETY (both): BUSY is held: no other thread reaches them until it is released.
        let (tt, pre) = unsafe { (&mut *self.solver.tt.get(), &mut *self.solver.pre.get()) };
        (tt, &self.controls, pre)
    }

    /// Solves `board` (bitboards not overlapping) on the window (alpha, beta), -64 <= alpha <
    /// beta <= 64, with the level `K`: with weights and [`presearch::MIN_EMPTIES`] or more
    /// empty squares, the pre-search first, then the exact search around its score.
    #[inline(always)]
    pub(crate) fn solve<K: Level>(
        &mut self,
        board: &EkBoard,
        alpha: i32,
        beta: i32,
    ) -> Result<EkSolveResult, SolveError> {
        let (threads, hash_bits) = (self.threads, self.solver.hash_bits);
        let empties = (!(board.player | board.opponent)).count_ones();
        let (tt, controls, pre) = self.parts();
        let tt: &tt::Table = tt;
        let Some(w) = controls.eval.filter(|_| empties >= presearch::MIN_EMPTIES) else {
            return exact::<K>(tt, controls, threads, board, (alpha, beta));
        };
        let Some(tables) = presearch_tables(pre, hash_bits) else {
            return exact::<K>(tt, controls, threads, board, (alpha, beta));
        };
        let b = (board.player, board.opponent);
        let (guess, nodes) = presearch::run::<K>(tables, tt, (controls, threads), w, b, empties)?;
        let mut aspiration = presearch::Aspiration::new(guess, (alpha, beta), nodes);
        loop {
            // The node limit is for the pre-search and every search together.
            let limit = controls.limit.saturating_sub(aspiration.nodes());
            let r = exact::<K>(tt, &Controls { limit, ..*controls }, threads, board, aspiration.window())?;
            if let Some(r) = aspiration.next(r) {
                return Ok(r);
            }
        }
    }

    /// Solves `boards` on the window `(alpha, beta)` (valid), each by one thread, the solver's
    /// threads taking them in turn: `out(i, outcome)` for each position, from this thread: its
    /// result, or `Err(Range)` when its bitboards overlap (not searched). On a stop, the
    /// positions done before it are reported (not necessarily a prefix), and `Err(Stopped)`
    /// returned.
    #[inline(always)]
    pub(crate) fn solve_each<K: Level>(
        &mut self,
        boards: &(dyn Fn(usize) -> EkBoard + Sync),
        n: usize,
        (alpha, beta): (i32, i32),
        out: &mut dyn FnMut(usize, Result<EkSolveResult, SolveError>),
    ) -> Result<(), SolveError> {
        if self.threads <= 1 || n <= 1 {
            for i in 0..n {
                let b = boards(i);
                if b.player & b.opponent != 0 {
                    out(i, Err(SolveError::Range));
                    continue;
                }
                out(i, Ok(self.solve::<K>(&b, alpha, beta)?));
            }
            return Ok(());
        }
        let threads = self.threads;
        let (tt, controls, _) = self.parts();
        parallel::solve_each::<K>(tt, controls, threads, boards, n, (alpha, beta), out)
    }
}

impl Drop for Held<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        self.solver.state.store(0, Ordering::Release);
    }
}

/// The root of a solve on the table of `search`: the score of `board` on (alpha, beta) and a
/// move giving it. `alpha < beta`, both in -64..=64.
#[inline(always)]
pub(crate) fn solve_root<K: Level>(search: &mut Search, board: &EkBoard, alpha: i32, beta: i32) -> EkSolveResult {
    let (p, o) = (board.player, board.opponent);
    let (score, mv) = search::pvs_with_move::<K>(search, p, o, alpha, beta);
    EkSolveResult { score, best_move: root_move::<K>(mv, p, o), nodes: search.nodes }
}

/// The most threads a solve may use.
pub(crate) const MAX_THREADS: u32 = EK_SOLVER_MAX_THREADS as u32;

/// Positions with fewer empty squares are solved by one thread: they take less time than
/// starting the others.
const PARALLEL_MIN_EMPTIES: u32 = 16;
