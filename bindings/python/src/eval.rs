//! Edax's evaluation: loading eval.dat weights and the `Eval` class, over the crate's
//! `ek_eval_` functions (the same checks and status codes as the C API).

use crate::array::Array;
use crate::board::Board;
use crate::error::{check, error};
use edax_kernels::eval::{EkEval, EkMove};
use edax_kernels::ffi::eval_api::{
    ek_eval_accumulate_checked, ek_eval_free, ek_eval_init, ek_eval_load_buffer, ek_eval_load_default,
    ek_eval_load_file, ek_eval_loaded, ek_eval_pass, ek_eval_restore, ek_eval_set, ek_eval_unload, ek_eval_update,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};
use std::ffi::CString;
use std::path::PathBuf;

/// Loads evaluation weights from an Edax eval.dat file; they replace the weights in use (other
/// threads run meanwhile). Raises EdaxKernelsError and keeps the weights in use on failure.
#[pyfunction]
fn eval_load_file(py: Python<'_>, path: PathBuf) -> PyResult<()> {
    // The library reads the path's bytes as they are on POSIX systems, and as UTF-8 on Windows.
    #[cfg(unix)]
    let bytes = std::os::unix::ffi::OsStringExt::into_vec(path.into_os_string());
    #[cfg(not(unix))]
    let bytes = path
        .into_os_string()
        .into_string()
        .map_err(|_| PyValueError::new_err("the path is not valid Unicode"))?
        .into_bytes();
    let path = CString::new(bytes).map_err(|_| PyValueError::new_err("the path contains a NUL character"))?;
    // SAFETY: a NUL-terminated string.
    let status = py.detach(|| unsafe { ek_eval_load_file(path.as_ptr()) });
    check(py, status).map(drop)
}

/// Loads evaluation weights from the bytes of an eval.dat (bytes or bytearray; the package
/// converts other buffers).
#[pyfunction]
fn eval_load_bytes(py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<()> {
    let status = if let Ok(b) = data.cast::<PyBytes>() {
        let bytes = b.as_bytes();
        // SAFETY: a slice's pointer and length, the bytes object held (and immutable) meanwhile.
        unsafe { ek_eval_load_buffer(bytes.as_ptr(), bytes.len()) }
    } else if let Ok(b) = data.cast::<PyByteArray>() {
        let bytes = b.to_vec();
        // SAFETY: a slice's pointer and length.
        unsafe { ek_eval_load_buffer(bytes.as_ptr(), bytes.len()) }
    } else {
        return Err(PyTypeError::new_err("eval_load_bytes takes bytes or a bytearray"));
    };
    check(py, status).map(drop)
}

/// Loads the project's own evaluation weights, built into the library (the package's
/// default_weights); they replace the weights in use.
#[pyfunction]
fn eval_load_default(py: Python<'_>) -> PyResult<()> {
    let status = py.detach(|| ek_eval_load_default());
    check(py, status).map(drop)
}

/// The eval.dat image of the project's own weights, built into the library (14 MB of bytes).
#[pyfunction]
fn default_weights(py: Python<'_>) -> PyResult<Py<PyBytes>> {
    let image = py.detach(edax_kernels::eval::bundled::image).map_err(|e| error(py, &format!("{e:?}"), -1))?;
    Ok(PyBytes::new(py, &image).unbind())
}

/// Edax's 47 pattern features of each position (ps[i], os[i]) into out[47 * i ..][..47]
/// (uint64 inputs, a uint16 output of 47 * n elements): the indices the evaluation's weights
/// are looked up with (base-3 digits of the pattern's squares plus the pattern's offset).
#[pyfunction]
fn eval_features_batch(ps: Array<'_, u64>, os: Array<'_, u64>, out: Array<'_, u16>) -> PyResult<()> {
    let n = ps.len();
    let (p, o) = (ps.input_ptr(n)?, os.input_ptr(n)?);
    let out = out.output_ptr(n.checked_mul(N_FEATURES).ok_or_else(|| PyValueError::new_err("too many positions"))?)?;
    for i in 0..n {
        // SAFETY: i < n, each input holds n elements, the output 47 * n (checked above), held by
        // the arguments for the call; the GIL is held, so no Python code changes them.
        unsafe {
            let f = edax_kernels::eval::features(&edax_kernels::EkBoard::new(*p.add(i), *o.add(i)));
            core::ptr::copy_nonoverlapping(f.v.as_ptr(), out.add(i * N_FEATURES), N_FEATURES);
        }
    }
    Ok(())
}

/// The number of Edax's pattern features.
const N_FEATURES: usize = 47;

/// Whether evaluation weights are loaded.
#[pyfunction]
fn eval_loaded() -> bool {
    ek_eval_loaded() == 1
}

/// Stops using the loaded weights (accumulate then raises until the next load).
#[pyfunction]
fn eval_unload() {
    ek_eval_unload();
}

/// An `EkEval` whose feature slots it owns (NULL once freed).
struct State(EkEval);

// SAFETY: the feature slots belong to this `State` alone, so it may move to another thread;
// `&State` only reads them (every change goes through `&mut Eval`, which PyO3 hands out to one
// caller at a time).
unsafe impl Send for State {}
// SAFETY: as above.
unsafe impl Sync for State {}

/// Edax's Eval: the pattern features along a line of play, evaluated with the loaded weights.
///
/// Owns native memory (61 feature slots): freed by close(), by leaving a with block, or when
/// the object is collected.
#[pyclass(module = "edax_kernels")]
pub(crate) struct Eval {
    state: State,
}

impl Eval {
    /// The state, or an error once closed.
    fn live(&mut self, py: Python<'_>) -> PyResult<*mut EkEval> {
        if self.state.0.feature.is_null() {
            return Err(error(py, "this Eval is closed", -1));
        }
        Ok(&mut self.state.0)
    }
}

#[pymethods]
impl Eval {
    #[new]
    #[pyo3(signature = (board = None))]
    fn new(py: Python<'_>, board: Option<Board>) -> PyResult<Self> {
        let mut state = State(EkEval { feature: std::ptr::null_mut(), player: 0, ply: 0 });
        // SAFETY: a writable EkEval.
        check(py, unsafe { ek_eval_init(&mut state.0) })?;
        let mut eval = Eval { state };
        if let Some(board) = board {
            eval.set(py, board)?;
        }
        Ok(eval)
    }

    /// Starts from board (side to move first); raises for more than 60 empty squares.
    fn set(&mut self, py: Python<'_>, board: Board) -> PyResult<()> {
        // SAFETY: an initialised, live EkEval and a board.
        check(py, unsafe { ek_eval_set(self.live(py)?, &board.0) }).map(drop)
    }

    /// The side to move plays x flipping flipped (raises when x is not 0..63 or the line is full).
    fn update(&mut self, py: Python<'_>, x: i32, flipped: u64) -> PyResult<()> {
        let m = EkMove { next: std::ptr::null_mut(), flipped, x, score: 0, cost: 0 };
        // SAFETY: an initialised, live EkEval and a move.
        check(py, unsafe { ek_eval_update(self.live(py)?, &m) }).map(drop)
    }

    /// Takes back the last update (raises when there is none).
    fn restore(&mut self, py: Python<'_>) -> PyResult<()> {
        // SAFETY: an initialised, live EkEval.
        check(py, unsafe { ek_eval_restore(self.live(py)?) }).map(drop)
    }

    /// The side to move passes (or a pass is taken back).
    fn pass_(&mut self, py: Python<'_>) -> PyResult<()> {
        // SAFETY: an initialised, live EkEval.
        check(py, unsafe { ek_eval_pass(self.live(py)?) }).map(drop)
    }

    /// The raw sum of the weights of the current position (raises EK_ERR_EVAL_NONE without weights).
    fn accumulate(&mut self, py: Python<'_>) -> PyResult<i32> {
        let mut sum = 0;
        // SAFETY: an initialised, live EkEval and a writable int.
        check(py, unsafe { ek_eval_accumulate_checked(self.live(py)?, &mut sum) })?;
        Ok(sum)
    }

    /// 60 minus the empty squares of the current position.
    #[getter]
    fn ply(&self) -> i32 {
        self.state.0.ply
    }

    /// 0 when the side to move is the side to move of set's board, else 1.
    #[getter]
    fn player(&self) -> i32 {
        self.state.0.player
    }

    /// Frees the native memory (again: nothing).
    fn close(&mut self) {
        // SAFETY: feature is NULL or from ek_eval_init, not freed yet (ek_eval_free sets it
        // to NULL).
        unsafe { ek_eval_free(&mut self.state.0) };
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    #[pyo3(signature = (*_exc))]
    fn __exit__(&mut self, _exc: &Bound<'_, pyo3::types::PyTuple>) {
        self.close();
    }
}

impl Drop for Eval {
    fn drop(&mut self) {
        self.close();
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(eval_load_file, m)?)?;
    m.add_function(wrap_pyfunction!(eval_load_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(eval_load_default, m)?)?;
    m.add_function(wrap_pyfunction!(default_weights, m)?)?;
    m.add_function(wrap_pyfunction!(eval_features_batch, m)?)?;
    m.add_function(wrap_pyfunction!(eval_loaded, m)?)?;
    m.add_function(wrap_pyfunction!(eval_unload, m)?)?;
    m.add_class::<Eval>()
}
