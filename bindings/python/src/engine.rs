//! The engine (`Engine`, the crate's `EkEngine`) and its weights (`Weights`, `EkWeights`).
//! Searches run with the GIL released, so another Python thread can stop them.

use crate::board::Board;
use crate::error::{error, status_error};
use edax_kernels::book::{play, EkBookUse};
use edax_kernels::engine::{EkEngine, EkEngineLimits, EkWeights};
use edax_kernels::eval::LoadError;
use edax_kernels::ffi::api::{
    EK_ERR_BUSY, EK_ERR_EVAL_FORMAT, EK_ERR_EVAL_SIZE, EK_ERR_IO, EK_ERR_NO_MEMORY, EK_ERR_RANGE, EK_ERR_STOPPED,
};
use edax_kernels::SolveError;
use pyo3::prelude::*;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// The error of weights that did not load.
fn load_error(py: Python<'_>, e: LoadError) -> PyErr {
    match e {
        LoadError::Io(message) => error(py, &message, EK_ERR_IO),
        LoadError::NotEdax => status_error(py, EK_ERR_EVAL_FORMAT),
        LoadError::Size { found } => {
            error(py, &format!("{found} bytes: not the size of an Edax eval.dat"), EK_ERR_EVAL_SIZE)
        }
        LoadError::NoMemory => status_error(py, EK_ERR_NO_MEMORY),
    }
}

/// The error of a search that gave no result.
fn search_error(py: Python<'_>, e: SolveError) -> PyErr {
    status_error(
        py,
        match e {
            SolveError::Stopped => EK_ERR_STOPPED,
            SolveError::Busy => EK_ERR_BUSY,
            SolveError::Range => EK_ERR_RANGE,
        },
    )
}

/// Evaluation weights in Edax's format (an eval.dat), shared by the engines given them; their
/// memory (about 64 MB) goes with the last engine or reference holding them.
#[pyclass(module = "edax_kernels", frozen)]
pub(crate) struct Weights {
    weights: Arc<EkWeights>,
}

/// The project's own weights (data/ek-eval.dat, built into the library), loaded once.
fn bundled(py: Python<'_>) -> PyResult<Arc<EkWeights>> {
    static BUNDLED: OnceLock<Arc<EkWeights>> = OnceLock::new();
    if let Some(w) = BUNDLED.get() {
        return Ok(w.clone());
    }
    let w = py.detach(EkWeights::bundled).map_err(|e| load_error(py, e))?;
    Ok(BUNDLED.get_or_init(|| w).clone())
}

#[pymethods]
impl Weights {
    /// The project's own weights (data/ek-eval.dat), which the library carries.
    #[staticmethod]
    fn bundled(py: Python<'_>) -> PyResult<Self> {
        Ok(Weights { weights: bundled(py)? })
    }

    /// The weights of an eval.dat file (Edax's format, either byte order).
    #[staticmethod]
    fn from_file(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Self> {
        let w = py.detach(|| EkWeights::from_file(&path)).map_err(|e| load_error(py, e))?;
        Ok(Weights { weights: w })
    }

    /// The weights of the bytes of an eval.dat.
    #[staticmethod]
    fn from_bytes(py: Python<'_>, data: &[u8]) -> PyResult<Self> {
        let w = EkWeights::from_bytes(data).map_err(|e| load_error(py, e))?;
        Ok(Weights { weights: w })
    }
}

/// An engine: Edax 4.6's whole search (levels 1-60, or a depth and a selectivity) with its own
/// tables (a main table of 2**hash_bits entries of 24 bytes, PV and shallow tables of
/// 2**(hash_bits - 4)) and weights (the built-in ones by default). One search at a time (a
/// second concurrent one raises EK_ERR_BUSY); stop() from any thread. close(), or leaving a with
/// block, stops a running search and frees the tables once it has returned.
#[pyclass(module = "edax_kernels", frozen, subclass)]
pub(crate) struct Engine {
    /// None once closed; a running search holds its own reference.
    engine: Mutex<Option<Arc<EkEngine>>>,
}

impl Engine {
    /// The engine, or an error once closed.
    fn live(&self, py: Python<'_>) -> PyResult<Arc<EkEngine>> {
        let engine = self.engine.lock().unwrap_or_else(PoisonError::into_inner);
        engine.clone().ok_or_else(|| error(py, "this Engine is closed", -1))
    }
}

/// Sets the engine's threads (EK_ERR_RANGE outside 1..EK_ENGINE_MAX_THREADS).
fn set_threads(py: Python<'_>, engine: &EkEngine, threads: i64) -> PyResult<()> {
    let n = c_int(py, threads, "threads")?;
    engine.set_threads(n).map_err(|_| {
        error(py, &format!("threads {n}: not in 1..{}", edax_kernels::engine::EK_ENGINE_MAX_THREADS), EK_ERR_RANGE)
    })
}

/// A C int from a Python int, EK_ERR_RANGE when it holds none.
fn c_int(py: Python<'_>, v: i64, what: &str) -> PyResult<i32> {
    i32::try_from(v).map_err(|_| error(py, &format!("{what} {v}: out of range"), EK_ERR_RANGE))
}

/// The limits of a search from Python's ints (EK_ERR_RANGE for one no C int holds).
fn engine_limits(
    py: Python<'_>,
    (level, depth, selectivity): (i64, i64, i64),
    max_nodes: u64,
    max_time_ms: u64,
) -> PyResult<EkEngineLimits> {
    Ok(EkEngineLimits {
        level: c_int(py, level, "level")?,
        depth: c_int(py, depth, "depth")?,
        selectivity: c_int(py, selectivity, "selectivity")?,
        max_nodes,
        max_time_ms,
    })
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (weights = None, hash_bits = 20, threads = 1))]
    fn new(py: Python<'_>, weights: Option<&Bound<'_, Weights>>, hash_bits: i64, threads: i64) -> PyResult<Self> {
        let w = match weights {
            Some(w) => w.get().weights.clone(),
            None => bundled(py)?,
        };
        let bits = c_int(py, hash_bits, "hash_bits")?;
        let engine = match EkEngine::new(w, bits) {
            Some(e) => e,
            None if (8..=32).contains(&bits) => return Err(status_error(py, EK_ERR_NO_MEMORY)),
            None => return Err(error(py, &format!("hash_bits {bits}: not in 8..32"), EK_ERR_RANGE)),
        };
        set_threads(py, &engine, threads)?;
        Ok(Engine { engine: Mutex::new(Some(Arc::new(engine))) })
    }

    /// The threads of each search (1, the default: Edax's search node for node; more: faster,
    /// the same exact scores, other nodes; see ek_engine_set_threads).
    #[getter]
    fn threads(&self, py: Python<'_>) -> PyResult<i32> {
        Ok(self.live(py)?.threads())
    }

    #[setter(threads)]
    fn set_threads_attr(&self, py: Python<'_>, threads: i64) -> PyResult<()> {
        set_threads(py, &*self.live(py)?, threads)
    }

    /// (score, move, depth, selectivity, exact, complete, nodes, pv) of a search of board; the
    /// package's Engine.search names them.
    #[pyo3(signature = (board, level, depth, selectivity, max_nodes, max_time_ms))]
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    fn _search(
        &self,
        py: Python<'_>,
        board: Board,
        level: i64,
        depth: i64,
        selectivity: i64,
        max_nodes: u64,
        max_time_ms: u64,
    ) -> PyResult<(i32, i32, i32, i32, bool, bool, i64, Vec<u8>)> {
        let limits = engine_limits(py, (level, depth, selectivity), max_nodes, max_time_ms)?;
        let b = board.0;
        let engine = self.live(py)?;
        let r = py.detach(|| engine.search(&b, &limits)).map_err(|e| search_error(py, e))?;
        let pv = r.pv[..(r.pv_length.max(0) as usize).min(r.pv.len())].to_vec();
        Ok((r.score, r.best_move, r.depth, r.selectivity, r.exact != 0, r.complete != 0, r.n_nodes, pv))
    }

    /// [(move, score, exact, complete, nodes)] of every legal move (see ek_engine_analyze); the
    /// package's Engine.analyze names them.
    #[pyo3(signature = (board, level, depth, selectivity, max_nodes, max_time_ms))]
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    fn _analyze(
        &self,
        py: Python<'_>,
        board: Board,
        level: i64,
        depth: i64,
        selectivity: i64,
        max_nodes: u64,
        max_time_ms: u64,
    ) -> PyResult<Vec<(i32, i32, bool, bool, i64)>> {
        let limits = engine_limits(py, (level, depth, selectivity), max_nodes, max_time_ms)?;
        let b = board.0;
        let engine = self.live(py)?;
        let moves = py.detach(|| engine.analyze(&b, &limits)).map_err(|e| search_error(py, e))?;
        Ok(moves.iter().map(|m| (m.square, m.score, m.exact != 0, m.complete != 0, m.n_nodes)).collect())
    }

    /// (score, move, depth, selectivity, exact, complete, nodes, pv, from_book) of the engine's
    /// move of board as Edax's `play_go` chooses it: a book move when `book` is given,
    /// `use_book` is true and board is in it (at `randomness`), else the search; the package's
    /// Engine.play names them. The book stays locked for the whole call (the GIL released).
    #[pyo3(signature = (board, book, use_book, randomness, level, depth, selectivity, max_nodes, max_time_ms))]
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    fn _play(
        &self,
        py: Python<'_>,
        board: Board,
        book: Option<&Bound<'_, crate::book::Book>>,
        use_book: bool,
        randomness: i64,
        level: i64,
        depth: i64,
        selectivity: i64,
        max_nodes: u64,
        max_time_ms: u64,
    ) -> PyResult<(i32, i32, i32, i32, bool, bool, i64, Vec<u8>, bool)> {
        let limits = engine_limits(py, (level, depth, selectivity), max_nodes, max_time_ms)?;
        let usage = EkBookUse { enabled: i32::from(use_book), randomness: c_int(py, randomness, "randomness")? };
        let b = board.0;
        let engine = self.live(py)?;
        let shared = book.map(|b| b.get().shared());
        let r = py.detach(|| {
            let mut guard = shared.as_ref().map(crate::book::lock);
            match guard.as_mut() {
                Some(g) => match g.as_mut() {
                    Some(book) => Ok(play(&engine, Some(book), usage, &b, &limits)),
                    None => Err(()),
                },
                None => Ok(play(&engine, None, usage, &b, &limits)),
            }
        });
        let r = r.map_err(|()| error(py, "this Book is closed", -1))?.map_err(|e| search_error(py, e))?;
        let (s, from_book) = (r.result, r.from_book != 0);
        let pv = s.pv[..(s.pv_length.max(0) as usize).min(s.pv.len())].to_vec();
        Ok((s.score, s.best_move, s.depth, s.selectivity, s.exact != 0, s.complete != 0, s.n_nodes, pv, from_book))
    }

    /// Makes the running search (if any) end soon with the deepest result it completed; any
    /// thread may call it.
    fn stop(&self) {
        if let Some(e) = self.engine.lock().unwrap_or_else(PoisonError::into_inner).as_ref() {
            e.stop();
        }
    }

    /// Empties the tables (raises EK_ERR_BUSY while a search runs).
    fn clear(&self, py: Python<'_>) -> PyResult<()> {
        self.live(py)?.clear().map_err(|e| search_error(py, e))
    }

    /// Stops a running search and frees the tables once it has returned (again: nothing).
    fn close(&self) {
        if let Some(e) = self.engine.lock().unwrap_or_else(PoisonError::into_inner).take() {
            e.stop();
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
    m.add_class::<Weights>()?;
    m.add_class::<Engine>()
}
