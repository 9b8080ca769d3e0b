//! The exact solver (`Solver`, the crate's `EkSolver`) and Edax's leaf search (`solve_shallow`).
//! Solves run with the GIL released, so another Python thread can stop them.

use crate::array::Array;
use crate::board::Board;
use crate::error::{check, error, status_error};
use edax_kernels::ffi::api::EK_OK;
use edax_kernels::ffi::api::{
    EK_ERR_BUSY, EK_ERR_EVAL_NONE, EK_ERR_NO_MEMORY, EK_ERR_RANGE, EK_ERR_STOPPED, EK_SCORE_NONE,
};
use edax_kernels::ffi::solver_api::{ek_solver_solve_batch, ek_solver_solve_many};
use edax_kernels::solver::NewSolverError;
use edax_kernels::{EkSolver, SolveError};
use pyo3::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// The error of a solve that gave no result.
fn solve_error(py: Python<'_>, e: SolveError) -> PyErr {
    status_error(
        py,
        match e {
            SolveError::Stopped => EK_ERR_STOPPED,
            SolveError::Busy => EK_ERR_BUSY,
            SolveError::Range => EK_ERR_RANGE,
        },
    )
}

/// A thread count as the library takes it: EK_ERR_RANGE for one no C int holds (the library
/// refuses the others outside 1..=EK_SOLVER_MAX_THREADS).
fn thread_count(py: Python<'_>, threads: i64) -> PyResult<i32> {
    i32::try_from(threads).map_err(|_| status_error(py, EK_ERR_RANGE))
}

/// Makes `solver`'s later solves order their moves with the weights loaded now (`use_eval`; see
/// `eval_load_file`), or with the fast order alone: EK_ERR_EVAL_NONE, the setting kept, when
/// `use_eval` and no weights are loaded.
fn apply_eval(py: Python<'_>, solver: &EkSolver, use_eval: bool) -> PyResult<()> {
    if !use_eval {
        solver.set_eval(None);
        return Ok(());
    }
    let weights = edax_kernels::eval::loaded().ok_or_else(|| status_error(py, EK_ERR_EVAL_NONE))?;
    solver.set_eval(Some(weights));
    Ok(())
}

/// Edax 4.6's endgame leaf search on the null window (alpha, alpha + 1): (fail-soft score,
/// nodes). Raises EK_ERR_RANGE for more than 10 empty squares.
#[pyfunction]
fn solve_shallow(py: Python<'_>, board: Board, alpha: i32) -> PyResult<(i32, i64)> {
    let mut nodes = 0;
    match edax_kernels::solve_shallow(&board.0, alpha, &mut nodes) {
        EK_SCORE_NONE => Err(status_error(py, EK_ERR_RANGE)),
        score => Ok((score, nodes)),
    }
}

/// The arrays of a batch solve, moved to the thread-free section of the call.
struct BatchArgs {
    n: usize,
    players: *const u64,
    opponents: *const u64,
    scores: *mut i32,
    moves: *mut i32,
}

// SAFETY: the pointers stay valid for the whole call (the caller holds the buffers), and only
// the solve reads and writes through them.
unsafe impl Send for BatchArgs {}

/// The arrays of `_solve_many`, moved to the thread-free section of the call.
struct ManyArgs {
    n: usize,
    players: *const u64,
    opponents: *const u64,
    scores: *mut i32,
    moves: *mut i32,
    nodes: *mut u64,
    status: *mut i32,
}

// SAFETY: as for BatchArgs.
unsafe impl Send for ManyArgs {}

/// An exact endgame solver with its transposition table (2**hash_bits entries of 32 bytes),
/// whose solves use `threads` threads (1 to 256) and, with `eval`, order the moves of their
/// deep nodes with the evaluation weights loaded now.
///
/// One solve at a time (a second concurrent one raises EK_ERR_BUSY); stop() may be called from
/// any thread. close(), or leaving a with block, stops a running solve and frees the table once
/// it has returned.
#[pyclass(module = "edax_kernels", frozen, subclass)]
pub(crate) struct Solver {
    /// None once closed; a running solve holds its own reference.
    solver: Mutex<Option<Arc<EkSolver>>>,
    /// The node limit last set (0: none).
    node_limit: AtomicU64,
}

impl Solver {
    /// The solver, or an error once closed.
    fn live(&self, py: Python<'_>) -> PyResult<Arc<EkSolver>> {
        let solver = self.solver.lock().unwrap_or_else(PoisonError::into_inner);
        solver.clone().ok_or_else(|| error(py, "this Solver is closed", -1))
    }
}

#[pymethods]
impl Solver {
    #[new]
    #[pyo3(signature = (hash_bits = 20, *, threads = 1, eval = false))]
    fn new(py: Python<'_>, hash_bits: i32, threads: i64, eval: bool) -> PyResult<Self> {
        let threads = thread_count(py, threads)?;
        let solver = match EkSolver::new(hash_bits) {
            Ok(s) => s,
            Err(NewSolverError::NoMemory) => return Err(status_error(py, EK_ERR_NO_MEMORY)),
            Err(NewSolverError::HashBits) => return Err(status_error(py, EK_ERR_RANGE)),
            // A setting out of range: the message names the variable and its values.
            Err(e @ NewSolverError::SchemeEnv(_)) => return Err(error(py, &e.to_string(), EK_ERR_RANGE)),
        };
        solver.set_threads(threads).map_err(|e| solve_error(py, e))?;
        apply_eval(py, &solver, eval)?;
        Ok(Solver { solver: Mutex::new(Some(Arc::new(solver))), node_limit: AtomicU64::new(0) })
    }

    /// (score, move, nodes) of board on the window (alpha, beta), -64 <= alpha < beta <= 64.
    #[pyo3(signature = (board, alpha = -64, beta = 64))]
    fn solve(&self, py: Python<'_>, board: Board, alpha: i32, beta: i32) -> PyResult<(i32, i32, u64)> {
        let b = board.0;
        let solver = self.live(py)?;
        let r = py.detach(|| solver.solve(&b, alpha, beta)).map_err(|e| solve_error(py, e))?;
        Ok((r.score, r.best_move, r.nodes))
    }

    /// Solves players[i], opponents[i] into scores[i], moves[i] (1-D contiguous arrays of one
    /// length: uint64 inputs, int32 outputs); the package's solve_batch makes the outputs.
    fn _solve_batch(
        &self,
        py: Python<'_>,
        players: Array<'_, u64>,
        opponents: Array<'_, u64>,
        scores: Array<'_, i32>,
        moves: Array<'_, i32>,
    ) -> PyResult<()> {
        let n = players.len();
        let args = BatchArgs {
            n,
            players: players.input_ptr(n)?,
            opponents: opponents.input_ptr(n)?,
            scores: scores.output_ptr(n)?,
            moves: moves.output_ptr(n)?,
        };
        let solver = self.live(py)?;
        let status = py.detach(move || {
            let a = args;
            // SAFETY: a live solver (only read through the pointer); arrays of n elements held by
            // the arguments above until this call returns (read and written through raw
            // pointers). Other Python threads run meanwhile: they must not write these arrays
            // during the call, as with NumPy's own GIL-free loops.
            unsafe {
                ek_solver_solve_batch(Arc::as_ptr(&solver).cast_mut(), a.n, a.players, a.opponents, a.scores, a.moves)
            }
        });
        check(py, status).map(drop)
    }

    /// ek_solver_solve_many: solves players[i], opponents[i] on the window (alpha, beta) into
    /// scores[i], moves[i], nodes[i] and status[i] (1-D contiguous arrays of one length: uint64
    /// inputs, int32, int32, uint64 and int32 outputs), with the GIL released: the native part of
    /// solve_many. Returns the call's status: EK_OK (0), EK_ERR_STOPPED (a stop or the node
    /// limit: the positions not reached have status EK_ERR_STOPPED) or EK_ERR_RANGE (some
    /// positions overlap: status EK_ERR_RANGE, the others solved); raises for a bad window or
    /// EK_ERR_BUSY (nothing written then).
    #[allow(clippy::too_many_arguments)]
    fn _solve_many(
        &self,
        py: Python<'_>,
        players: Array<'_, u64>,
        opponents: Array<'_, u64>,
        alpha: i32,
        beta: i32,
        scores: Array<'_, i32>,
        moves: Array<'_, i32>,
        nodes: Array<'_, u64>,
        status: Array<'_, i32>,
    ) -> PyResult<i32> {
        let n = players.len();
        let args = ManyArgs {
            n,
            players: players.input_ptr(n)?,
            opponents: opponents.input_ptr(n)?,
            scores: scores.output_ptr(n)?,
            moves: moves.output_ptr(n)?,
            nodes: nodes.output_ptr(n)?,
            status: status.output_ptr(n)?,
        };
        if !(-64 <= alpha && alpha < beta && beta <= 64) {
            return Err(error(py, &format!("window ({alpha}, {beta}): not -64 <= alpha < beta <= 64"), EK_ERR_RANGE));
        }
        let solver = self.live(py)?;
        let r = py.detach(move || {
            let a = args;
            // SAFETY: as in _solve_batch: a live solver, arrays of n elements held until the call
            // returns, written only by it.
            unsafe {
                ek_solver_solve_many(
                    Arc::as_ptr(&solver).cast_mut(),
                    a.n,
                    a.players,
                    a.opponents,
                    alpha,
                    beta,
                    a.scores,
                    a.moves,
                    a.nodes,
                    a.status,
                )
            }
        });
        match r {
            EK_OK | EK_ERR_STOPPED | EK_ERR_RANGE => Ok(r),
            e => Err(status_error(py, e)),
        }
    }

    /// Makes the running solve (if any) raise EK_ERR_STOPPED soon; any thread may call it.
    fn stop(&self) {
        if let Some(s) = self.solver.lock().unwrap_or_else(PoisonError::into_inner).as_ref() {
            s.stop();
        }
    }

    /// Nodes after which a solve raises EK_ERR_STOPPED (0: no limit).
    #[getter]
    fn node_limit(&self) -> u64 {
        self.node_limit.load(Ordering::Relaxed)
    }

    #[setter]
    fn set_node_limit(&self, py: Python<'_>, nodes: u64) -> PyResult<()> {
        self.live(py)?.set_node_limit(nodes);
        self.node_limit.store(nodes, Ordering::Relaxed);
        Ok(())
    }

    /// Threads a solve uses (1 to EK_SOLVER_MAX_THREADS, 256; 1 is the default): a solve spreads
    /// one position with 16+ empty squares over them, solve_batch gives each thread whole
    /// positions. The scores are those of one thread; the best move may be another move with the
    /// same score, and the nodes vary. Setting another count raises EK_ERR_RANGE and keeps the
    /// setting.
    #[getter]
    fn threads(&self, py: Python<'_>) -> PyResult<i32> {
        Ok(self.live(py)?.threads())
    }

    #[setter]
    fn set_threads(&self, py: Python<'_>, threads: i64) -> PyResult<()> {
        let threads = thread_count(py, threads)?;
        self.live(py)?.set_threads(threads).map_err(|e| solve_error(py, e))
    }

    /// Whether solves order the moves of their nodes with 14+ empty squares with evaluation
    /// weights (False, the fast order alone, is the default). Setting True takes the weights
    /// loaded now (eval_load_file or eval_load_bytes; the solver keeps them when others are
    /// loaded later), and raises EK_ERR_EVAL_NONE and keeps the setting when none are loaded.
    /// Only the node counts depend on it, never the scores.
    #[getter]
    fn eval(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.live(py)?.eval().is_some())
    }

    #[setter]
    fn set_eval(&self, py: Python<'_>, use_eval: bool) -> PyResult<()> {
        let solver = self.live(py)?;
        apply_eval(py, &solver, use_eval)
    }

    /// Makes this solver order its moves as `source` does: with the weights `source` took (which
    /// stay the same whatever is loaded since), or with the fast order alone. solve_many's way
    /// of giving each of its solvers the weights of one file, loaded once per process.
    fn _copy_eval(&self, py: Python<'_>, source: &Bound<'_, Solver>) -> PyResult<()> {
        let weights = source.get().live(py)?.eval();
        self.live(py)?.set_eval(weights);
        Ok(())
    }

    /// Empties the transposition table (raises EK_ERR_BUSY while a solve runs).
    fn clear(&self, py: Python<'_>) -> PyResult<()> {
        self.live(py)?.clear().map_err(|e| solve_error(py, e))
    }

    /// Stops a running solve and frees the table once it has returned (again: nothing).
    fn close(&self) {
        if let Some(s) = self.solver.lock().unwrap_or_else(PoisonError::into_inner).take() {
            s.stop();
        }
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    #[pyo3(signature = (*_exc))]
    fn __exit__(&self, _exc: &Bound<'_, pyo3::types::PyTuple>) {
        self.close();
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve_shallow, m)?)?;
    m.add_class::<Solver>()
}
