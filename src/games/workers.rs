//! The searchers of a batch: one engine (and one solver when an opponent or a teacher needs it)
//! per worker thread, made once and kept, for the opponents' moves and the teachers' scores.
//!
//! An engine holds big tables, so a batch has as many as the threads it may use (no more than
//! its games), never one per game; the games are split evenly among them, each thread taking a
//! contiguous share and its own searcher. Every search starts from cleared tables (Edax's
//! search visits different nodes, and may pick another of equal moves, with other entries in its
//! tables), so that a game's moves do not depend on which thread, or after which game, it is
//! searched: the same games on any number of threads. Clearing costs a pass over the tables per
//! search, which is why they are small (2^16 entries by default, `set_search_hash_bits`).

use crate::engine::{EkEngine, EkWeights, EK_ENGINE_MAX_HASH_BITS, EK_ENGINE_MIN_HASH_BITS};
use crate::solver::EkSolver;
use std::sync::Arc;

/// Why the opponents or the teachers could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchSetupError {
    /// An Edax level outside 1..=60.
    Level(i32),
    /// A number of empty squares outside 0..=60.
    Empties(u32),
    /// Table sizes outside the engine's 8..=32 (log2 of the entries).
    HashBits(i32),
    /// The bundled weights could not be loaded (the reason).
    Weights(String),
    /// An engine's or a solver's table could not be made (the reason).
    Searcher(String),
}

impl std::fmt::Display for SearchSetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SearchSetupError::Level(l) => write!(f, "level {l} is outside 1..=60"),
            SearchSetupError::Empties(e) => write!(f, "empties {e} is outside 0..=60"),
            SearchSetupError::HashBits(b) => {
                write!(f, "hash_bits {b} is outside {EK_ENGINE_MIN_HASH_BITS}..={EK_ENGINE_MAX_HASH_BITS}")
            }
            SearchSetupError::Weights(e) => write!(f, "the bundled weights could not be loaded: {e}"),
            SearchSetupError::Searcher(e) => write!(f, "a searcher could not be made: {e}"),
        }
    }
}

impl std::error::Error for SearchSetupError {}

/// Checks an Edax level (1..=60).
pub(super) fn check_level(level: i32) -> Result<(), SearchSetupError> {
    if (1..=60).contains(&level) {
        Ok(())
    } else {
        Err(SearchSetupError::Level(level))
    }
}

/// Checks a number of empty squares (0..=60).
pub(super) fn check_empties(empties: u32) -> Result<(), SearchSetupError> {
    if empties <= 60 {
        Ok(())
    } else {
        Err(SearchSetupError::Empties(empties))
    }
}

/// One worker thread's searchers.
pub(super) struct Worker {
    pub(super) engine: EkEngine,
    pub(super) solver: Option<EkSolver>,
}

/// The batch's workers, made on demand and kept.
pub(super) struct Workers {
    hash_bits: i32,
    weights: Option<Arc<EkWeights>>,
    pub(super) list: Vec<Worker>,
}

impl Workers {
    pub(super) fn new() -> Workers {
        Workers { hash_bits: 16, weights: None, list: Vec::new() }
    }

    /// No workers yet, their searchers' tables of `2^bits` entries (the engines' main tables
    /// and the solvers'), the weights loaded already kept.
    pub(super) fn with_hash_bits(&self, bits: i32) -> Result<Workers, SearchSetupError> {
        if !(EK_ENGINE_MIN_HASH_BITS..=EK_ENGINE_MAX_HASH_BITS).contains(&bits) {
            return Err(SearchSetupError::HashBits(bits));
        }
        Ok(Workers { hash_bits: bits, weights: self.weights.clone(), list: Vec::new() })
    }

    /// Makes sure there are `count` workers (at least one), each with a solver when `solvers`.
    /// On an error the workers made so far stay (a batch then uses fewer threads).
    pub(super) fn ensure(&mut self, count: usize, solvers: bool) -> Result<(), SearchSetupError> {
        let weights = match &self.weights {
            Some(w) => w.clone(),
            None => {
                let w = EkWeights::bundled().map_err(|e| SearchSetupError::Weights(format!("{e:?}")))?;
                self.weights = Some(w.clone());
                w
            }
        };
        let new_solver = || EkSolver::new(self.hash_bits).map_err(|e| SearchSetupError::Searcher(e.to_string()));
        for w in &mut self.list {
            if solvers && w.solver.is_none() {
                w.solver = Some(new_solver()?);
            }
        }
        while self.list.len() < count.max(1) {
            let engine = EkEngine::new(weights.clone(), self.hash_bits)
                .ok_or_else(|| SearchSetupError::Searcher("the engine's tables could not be allocated".into()))?;
            let solver = if solvers { Some(new_solver()?) } else { None };
            self.list.push(Worker { engine, solver });
        }
        Ok(())
    }
}

/// The threads of a batch besides the caller's, kept between steps (a pool of `threads - 1`;
/// none for one thread).
pub(super) fn new_pool(threads: usize) -> Option<rayon::ThreadPool> {
    if threads < 2 {
        return None;
    }
    // A pool that cannot be made (no threads left) leaves the steps on the calling thread.
    rayon::ThreadPoolBuilder::new().num_threads(threads - 1).thread_name(|k| format!("ek-games-{k}")).build().ok()
}

/// Runs `work(k, part, worker)` for every part with worker k (`None` past the last worker: a
/// part that needs no search): part 0 on the calling thread, the others on the pool's threads
/// (or one after another on the calling thread without a pool).
pub(super) fn on_threads<P: Send>(
    parts: Vec<P>,
    workers: &[Worker],
    pool: Option<&rayon::ThreadPool>,
    work: &(impl Fn(usize, P, Option<&Worker>) + Sync),
) {
    let single = parts.len() == 1;
    let mut parts = parts.into_iter().enumerate();
    let Some((_, first)) = parts.next() else { return };
    match pool.filter(|_| !single) {
        Some(pool) => pool.in_place_scope(|s| {
            for (k, p) in parts {
                let worker = workers.get(k);
                s.spawn(move |_| work(k, p, worker));
            }
            work(0, first, workers.first());
        }),
        None => {
            work(0, first, workers.first());
            for (k, p) in parts {
                work(k, p, workers.get(k));
            }
        }
    }
}
