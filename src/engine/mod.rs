//! The library's engine: Edax 4.6's whole search (`endgame::midgame::search_run`, node for node)
//! on three tables and weights of its own, limited by an Edax level, or a depth and a
//! selectivity, and by nodes and time, and stoppable from another thread.
//!
//! Weights are an object ([`EkWeights`]) that engines share by reference count: a program loads
//! a file once, gives it to any number of engines, and the memory goes with the last of them.
//! An engine keeps its tables between searches, as Edax does between the moves of a game (each
//! search moves their date on, Edax's `hash_clear`). One search at a time per engine: a second
//! concurrent one is refused.

use crate::endgame::midgame::{MidgameLevel, RootResult, RunControls};
use crate::endgame::StopFlag;
use crate::hash_table::{EkHashTable, OwnedTable};
use crate::solver::threads::{cold, midgame_on_threads};
use crate::types::board::{EkBoard, NOMOVE};
use crate::types::results::SolveError;
use core::cell::UnsafeCell;
use core::ffi::c_int;
use std::sync::atomic::{AtomicI32, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

pub mod clock;
mod limits;
mod weights;
pub use limits::{EkEngineLimits, EkEngineResult, EkMoveScore, EK_MAX_MOVES};
pub use weights::EkWeights;

/// An engine: its weights, its three Edax tables (main, PV, shallow) and its controls.
pub struct EkEngine {
    weights: Arc<EkWeights>,
    /// Whether a search holds the tables. Taken and given back under this lock, which also
    /// orders `stop`'s writes: a stop reaches exactly the search that holds the tables.
    busy: Mutex<bool>,
    /// Edax's `search->stop` for the search holding the tables (0: go on).
    stop: AtomicI32,
    /// Only the search holding `busy` touches them.
    tables: UnsafeCell<[OwnedTable; 3]>,
    /// The threads of each search (1..=[`EK_ENGINE_MAX_THREADS`]).
    threads: AtomicU32,
    /// [`EkEngine::set_iteration_time`] (0: none).
    iteration_ms: AtomicU64,
}

/// The bit of `stop` that stops a search (`stop`, the time limit); Edax's `search->stop`.
const STOP_BIT: i32 = 1;
/// The bit of `stop` after which no new iteration starts ([`EkEngine::set_iteration_time`]).
const NO_NEW_ITERATION_BIT: i32 = 2;

/// The most threads a search of an engine may use.
pub const EK_ENGINE_MAX_THREADS: c_int = 256;

// SAFETY: the tables are only reached by the thread holding `busy` (taken and released under
// the mutex, which orders the accesses); the other fields are a mutex, an atomic and an `Arc`.
unsafe impl Sync for EkEngine {}

// A panic caught by the C exports' guard leaves an engine that can still be used: `busy` is
// given back by `Held`'s drop, and the tables only hold what earlier searches found (a lost
// entry costs nodes, not correctness; the searches have no panic path, tests/exports.rs).
impl std::panic::RefUnwindSafe for EkEngine {}

/// The smallest and largest main tables (log2 of the entries); the PV and shallow tables have
/// 16 times fewer entries, as Edax's have.
pub const EK_ENGINE_MIN_HASH_BITS: c_int = 8;
/// See [`EK_ENGINE_MIN_HASH_BITS`].
pub const EK_ENGINE_MAX_HASH_BITS: c_int = 32;

impl EkEngine {
    /// An engine with `weights` and a main table of `2^hash_bits` entries (24 bytes each),
    /// or `None` when `hash_bits` is outside 8..=32 or the memory cannot be allocated.
    pub fn new(weights: Arc<EkWeights>, hash_bits: c_int) -> Option<EkEngine> {
        if !(EK_ENGINE_MIN_HASH_BITS..=EK_ENGINE_MAX_HASH_BITS).contains(&hash_bits) {
            return None;
        }
        let bits = hash_bits as u32;
        let tables = [OwnedTable::new(bits)?, OwnedTable::new(bits - 4)?, OwnedTable::new(bits - 4)?];
        Some(EkEngine {
            weights,
            busy: Mutex::new(false),
            stop: AtomicI32::new(0),
            tables: UnsafeCell::new(tables),
            threads: AtomicU32::new(1),
            iteration_ms: AtomicU64::new(0),
        })
    }

    /// Sets the threads of every later search (1..=[`EK_ENGINE_MAX_THREADS`]; 1, the default,
    /// is Edax's search node for node). With more, the threads search the same tree on the
    /// engine's tables, sharing out the children of the nodes near the root (a simplified
    /// ABDADA): exact scores are the same, the nodes are not, and a selective search's score
    /// may differ by what the threads' table entries change.
    pub fn set_threads(&self, n: c_int) -> Result<(), SolveError> {
        if !(1..=EK_ENGINE_MAX_THREADS).contains(&n) {
            return Err(SolveError::Range);
        }
        self.threads.store(n as u32, Ordering::Relaxed);
        Ok(())
    }

    /// Sets the time after which each later search starts no new iteration of its deepening,
    /// in milliseconds (0, the default: none): Edax's `mini` of a move's time (`search_continue`
    /// on time; `engine::clock::Budget`), the search's time limit being its `extra`. The
    /// iteration running then ends as usual, or at the time limit. Not in the C API.
    pub fn set_iteration_time(&self, ms: u64) {
        self.iteration_ms.store(ms, Ordering::Relaxed);
    }

    /// The threads of each search.
    pub fn threads(&self) -> c_int {
        self.threads.load(Ordering::Relaxed) as c_int
    }

    /// The engine's weights.
    pub fn weights(&self) -> &Arc<EkWeights> {
        &self.weights
    }

    /// Makes the search in progress (if any) stop soon; its result is then the deepest one
    /// completed. A search that starts later is not affected.
    pub fn stop(&self) {
        let busy = self.busy.lock().unwrap_or_else(|e| e.into_inner());
        if *busy {
            self.stop.fetch_or(STOP_BIT, Ordering::Relaxed);
        }
    }

    /// Forgets every position the tables hold (Edax's `hash_cleanup`): the next search starts
    /// as on a new engine.
    pub fn clear(&self) -> Result<(), SolveError> {
        let _held = self.hold()?;
        // SAFETY: `busy` is held: no other thread reaches the tables.
        for t in unsafe { &mut *self.tables.get() } {
            t.cleanup();
        }
        Ok(())
    }

    /// Takes the tables for a search, unless another search holds them.
    fn hold(&self) -> Result<Held<'_>, SolveError> {
        let mut busy = self.busy.lock().unwrap_or_else(|e| e.into_inner());
        if *busy {
            return Err(SolveError::Busy);
        }
        *busy = true;
        self.stop.store(0, Ordering::Relaxed);
        Ok(Held { engine: self })
    }

    /// Runs `work` on the engine's three tables (main, PV, shallow), held for it, with
    /// `max_time_ms` as its time limit (0: none): all of it but `work`'s search (the lock, the
    /// timer thread: the standard library's code) runs behind the panic boundary of the solver's
    /// threads, where a panic counts as a stop. `Err(Busy)` when another search holds the tables.
    fn with_tables<T>(
        &self,
        (max_time_ms, iteration_ms): (u64, u64),
        work: &mut dyn FnMut([*mut EkHashTable; 3]) -> T,
    ) -> Result<T, SolveError> {
        let mut found = Err(SolveError::Stopped);
        cold(&mut || {
            let held = match self.hold() {
                Ok(held) => held,
                Err(e) => {
                    found = Err(e);
                    return;
                }
            };
            // SAFETY: `busy` is held: the tables are this search's alone, and live.
            let t = unsafe { &mut *self.tables.get() };
            let tables = [t[0].table(), t[1].table(), t[2].table()];
            let out = if max_time_ms == 0 && iteration_ms == 0 {
                work(tables)
            } else {
                with_deadline(&self.stop, (max_time_ms, iteration_ms), || work(tables))
            };
            drop(held);
            found = Ok(out);
        });
        found
    }

    /// Searches `board` within `limits` with the level `K`, the root's moves in `excluded` left
    /// out (`RunControls::excluded`; 0: none).
    #[inline(always)]
    pub(crate) fn search_on<K: MidgameLevel>(
        &self,
        board: &EkBoard,
        limits: &EkEngineLimits,
        excluded: u64,
    ) -> Result<EkEngineResult, SolveError> {
        let n_empties = (!(board.player | board.opponent)).count_ones() as i32;
        let Some((depth, selectivity)) = limits.depth_selectivity(n_empties) else { return Err(SolveError::Range) };
        if board.player & board.opponent != 0 {
            return Err(SolveError::Range);
        }
        let moves = K::get_moves(board.player, board.opponent);
        if moves != 0 && moves & !excluded == 0 {
            return Err(SolveError::Range);
        }
        let threads = self.threads.load(Ordering::Relaxed);
        let iteration_ms = self.iteration_ms.load(Ordering::Relaxed);
        let soft = (iteration_ms > 0).then(|| StopFlag::bits(&self.stop, NO_NEW_ITERATION_BIT));
        let (r, stopped) = self.with_tables((limits.max_time_ms, iteration_ms), &mut |tables| {
            let node_limit = if limits.max_nodes == 0 { u64::MAX } else { limits.max_nodes };
            let run = |tables: [*mut EkHashTable; 3], controls: RunControls<'_>| {
                // SAFETY: the engine's tables, held for this search (shared by its threads
                // only after their dates moved on: `on_threads`).
                unsafe {
                    K::search_run(
                        tables,
                        RunControls { excluded, ..controls },
                        &self.weights.weights,
                        (board.player, board.opponent),
                        (depth, selectivity),
                    )
                }
            };
            let r = self.on_threads(tables, threads, (soft, node_limit), &run);
            // Read while the tables are held: a stop or the timer set the flag during this search.
            let stopped = self.stop.load(Ordering::Relaxed) & STOP_BIT != 0
                || (limits.max_nodes != 0 && r.nodes >= limits.max_nodes);
            (r, stopped)
        })?;
        if r.best_move == NOMOVE && r.depth < 0 {
            // Stopped before the first iteration recorded anything.
            return Err(SolveError::Stopped);
        }
        Ok(result(&r, (depth, selectivity), n_empties, stopped))
    }

    /// Analyses `board` within `limits` with the level `K`: each legal move (in square order;
    /// a pass when the player has none) searched one ply less deep than the position (at
    /// least one ply) at the position's selectivity, written to `out`; returns how many. The
    /// node and time limits are the whole call's.
    #[inline(always)]
    pub(crate) fn analyze_on<K: MidgameLevel>(
        &self,
        board: &EkBoard,
        limits: &EkEngineLimits,
        out: &mut [EkMoveScore; EK_MAX_MOVES as usize],
    ) -> Result<usize, SolveError> {
        let (p, o) = (board.player, board.opponent);
        let n_empties = (!(p | o)).count_ones() as i32;
        let Some((depth, selectivity)) = limits.depth_selectivity(n_empties) else { return Err(SolveError::Range) };
        if p & o != 0 {
            return Err(SolveError::Range);
        }
        // The children: (square, the child's player, its opponent).
        let mut children = [(0i32, 0u64, 0u64); EK_MAX_MOVES as usize];
        let mut n = 0;
        let mut moves = K::get_moves(p, o);
        if moves == 0 && K::get_moves(o, p) != 0 {
            children[0] = (crate::types::board::PASS, o, p);
            n = 1;
        }
        while moves != 0 && n < children.len() {
            let x = moves.trailing_zeros() as i32;
            moves &= moves - 1;
            let flipped = K::flip(x as usize, p, o);
            children[n] = (x, o ^ flipped, p ^ flipped ^ (1 << x));
            n += 1;
        }
        let child_depth = (depth - 1).max(1);
        let threads = self.threads.load(Ordering::Relaxed);
        self.with_tables((limits.max_time_ms, 0), &mut |tables| {
            let mut spent = 0u64;
            for (i, &(x, cp, co)) in children[..n].iter().enumerate() {
                let limit = if limits.max_nodes == 0 { u64::MAX } else { limits.max_nodes.saturating_sub(spent) };
                let cut = limit == 0 || self.stop.load(Ordering::Relaxed) != 0;
                let empties = (!(cp | co)).count_ones() as i32;
                let d = child_depth.min(empties);
                let r = if cut {
                    None
                } else {
                    let run = |tables: [*mut EkHashTable; 3], controls: RunControls<'_>| {
                        // SAFETY: the engine's tables, held for this analysis (shared as in
                        // `search_on`).
                        unsafe { K::search_run(tables, controls, &self.weights.weights, (cp, co), (d, selectivity)) }
                    };
                    Some(self.on_threads(tables, threads, (None, limit), &run))
                };
                out[i] = match r {
                    Some(r) if r.depth >= 0 => {
                        spent += r.nodes;
                        let stopped = self.stop.load(Ordering::Relaxed) != 0 || r.nodes >= limit;
                        let c = result(&r, (d, selectivity), empties, stopped);
                        EkMoveScore {
                            square: x,
                            score: -c.score,
                            exact: c.exact,
                            complete: c.complete,
                            n_nodes: c.n_nodes,
                        }
                    }
                    other => {
                        spent += other.map_or(0, |r| r.nodes);
                        EkMoveScore {
                            square: x,
                            score: crate::types::status::EK_SCORE_NONE,
                            exact: 0,
                            complete: 0,
                            n_nodes: 0,
                        }
                    }
                };
            }
        })?;
        Ok(n)
    }
}

impl EkEngine {
    /// Runs `run` (a search on the engine's held `tables`) on `threads` threads, stopped by the
    /// engine's stop, and its deepening by `soft` (`threads::midgame_on_threads`).
    fn on_threads(
        &self,
        tables: [*mut EkHashTable; 3],
        threads: u32,
        (soft, node_limit): (Option<StopFlag<'_>>, u64),
        run: &(dyn Fn([*mut EkHashTable; 3], RunControls) -> RootResult + Sync),
    ) -> RootResult {
        // SAFETY: the engine's tables, held for this search.
        let stop = StopFlag::bits(&self.stop, STOP_BIT);
        unsafe { midgame_on_threads(tables, threads, (stop, soft, node_limit), run) }
    }
}

/// The engine's result from the root's.
fn result(r: &RootResult, (depth, selectivity): (i32, i32), n_empties: i32, stopped: bool) -> EkEngineResult {
    let complete = !stopped && r.depth >= depth && r.selectivity >= selectivity;
    EkEngineResult {
        score: r.score,
        best_move: r.best_move,
        depth: r.depth,
        selectivity: r.selectivity,
        exact: c_int::from(r.depth >= n_empties && r.selectivity >= 5 && !stopped),
        complete: c_int::from(complete),
        n_nodes: r.nodes as i64,
        pv_length: r.pv().len() as c_int,
        pv: r.pv,
    }
}

/// Runs `search`, setting `stop`'s [`STOP_BIT`] once `ms` milliseconds have passed and its
/// [`NO_NEW_ITERATION_BIT`] once `iteration_ms` have (0: never; a timer thread, woken when the
/// search ends). Without a timer thread (the system refused one) the search runs without them.
fn with_deadline<T>(stop: &AtomicI32, (ms, iteration_ms): (u64, u64), search: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let at = |ms: u64| (ms > 0).then(|| start + Duration::from_millis(ms));
    let (deadline, iteration_deadline) = (at(ms), at(iteration_ms));
    let done = (Mutex::new(false), Condvar::new());
    std::thread::scope(|scope| {
        let timer = std::thread::Builder::new().spawn_scoped(scope, || {
            let (mut deadline, mut iteration_deadline) = (deadline, iteration_deadline);
            let mut over = done.0.lock().unwrap_or_else(|e| e.into_inner());
            while !*over {
                let now = Instant::now();
                if iteration_deadline.is_some_and(|d| now >= d) {
                    stop.fetch_or(NO_NEW_ITERATION_BIT, Ordering::Relaxed);
                    iteration_deadline = None;
                }
                if deadline.is_some_and(|d| now >= d) {
                    stop.fetch_or(STOP_BIT, Ordering::Relaxed);
                    deadline = None;
                }
                // The nearer of the times still to come; none: the search's end.
                let Some(next) = [deadline, iteration_deadline].into_iter().flatten().min() else { return };
                over = done.1.wait_timeout(over, next - now).unwrap_or_else(|e| e.into_inner()).0;
            }
        });
        let out = search();
        *done.0.lock().unwrap_or_else(|e| e.into_inner()) = true;
        done.1.notify_all();
        if let Ok(t) = timer {
            let _ = t.join();
        }
        out
    })
}

/// An engine whose tables this thread holds; dropping it gives them back.
struct Held<'a> {
    engine: &'a EkEngine,
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        let mut busy = self.engine.busy.lock().unwrap_or_else(|e| e.into_inner());
        *busy = false;
        self.engine.stop.store(0, Ordering::Relaxed);
    }
}
