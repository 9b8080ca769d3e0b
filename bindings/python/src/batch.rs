//! The batch kernels on NumPy arrays (any buffer of the right element type), without copying:
//! each reads its inputs and writes its outputs where the buffers hold them. Buffers must be
//! 1-D, C-contiguous, of the kernel's element type and of one length (the Python layer
//! converts other inputs); an output may be an input itself (results replace the inputs).

use edax_kernels::{BatchIn, BatchOut};
use pyo3::buffer::{Element, PyBuffer};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The number of elements of `b` when it is 1-D and C-contiguous, else a ValueError.
pub(crate) fn length<T: Element>(b: &PyBuffer<T>) -> PyResult<usize> {
    if b.dimensions() != 1 || !b.is_c_contiguous() {
        return Err(PyValueError::new_err("batch arrays must be 1-D and C-contiguous"));
    }
    Ok(b.item_count())
}

/// Checks that `b` is 1-D, contiguous and `n` long.
fn check_len<T: Element>(b: &PyBuffer<T>, n: usize) -> PyResult<()> {
    if length(b)? != n {
        return Err(PyValueError::new_err("batch arrays must be 1-D and of equal lengths"));
    }
    Ok(())
}

/// The address of the `n` elements of an input buffer (checked: 1-D, contiguous, `n` long).
pub(crate) fn input_ptr<T: Element>(b: &PyBuffer<T>, n: usize) -> PyResult<*const T> {
    check_len(b, n)?;
    Ok(b.buf_ptr() as *const T)
}

/// The address of the `n` elements of an output buffer (checked as inputs are, and writable).
pub(crate) fn output_ptr<T: Element>(b: &PyBuffer<T>, n: usize) -> PyResult<*mut T> {
    check_len(b, n)?;
    if b.readonly() {
        return Err(PyValueError::new_err("out must be writable"));
    }
    Ok(b.buf_ptr() as *mut T)
}

/// An input buffer of `n` elements, read during the call.
fn input<T: Element + Copy>(b: &PyBuffer<T>, n: usize) -> PyResult<BatchIn<'_, T>> {
    let ptr = input_ptr(b, n)?;
    // SAFETY: n contiguous, aligned elements (PyBuffer<T> checks the alignment), held by `b`
    // for the borrow; read through raw pointers while the GIL is held, so no Python code
    // changes them meanwhile.
    Ok(unsafe { BatchIn::from_raw(ptr, n) })
}

/// A writable output buffer of `n` elements, written in place.
fn output<T: Element + Copy>(b: &PyBuffer<T>, n: usize) -> PyResult<BatchOut<'_, T>> {
    let ptr = output_ptr(b, n)?;
    // SAFETY: as in `input`, and writable; the batch kernels read and write through raw
    // pointers only, so an output that is also an input is allowed.
    Ok(unsafe { BatchOut::from_raw(ptr, n) })
}

type Squares = PyBuffer<i32>;
type Bitboards = PyBuffer<u64>;
type Counts = PyBuffer<i32>;

/// out[i] = flip(xs[i], ps[i], os[i]).
#[pyfunction]
fn flip_batch(xs: Squares, ps: Bitboards, os: Bitboards, out: Bitboards) -> PyResult<()> {
    let n = length(&xs)?;
    edax_kernels::flip_batch(input(&xs, n)?, input(&ps, n)?, input(&os, n)?, output(&out, n)?);
    Ok(())
}

/// Plays xs[i] on (ps[i], os[i]) and writes the next position to (next_ps[i], next_os[i]).
#[pyfunction]
fn board_next_batch(xs: Squares, ps: Bitboards, os: Bitboards, next_ps: Bitboards, next_os: Bitboards) -> PyResult<()> {
    let n = length(&xs)?;
    edax_kernels::board_next_batch(
        input(&xs, n)?,
        input(&ps, n)?,
        input(&os, n)?,
        output(&next_ps, n)?,
        output(&next_os, n)?,
    );
    Ok(())
}

/// out[i] = count_last_flip(xs[i], ps[i]).
#[pyfunction]
fn count_last_flip_batch(xs: Squares, ps: Bitboards, out: Counts) -> PyResult<()> {
    let n = length(&xs)?;
    edax_kernels::count_last_flip_batch(input(&xs, n)?, input(&ps, n)?, output(&out, n)?);
    Ok(())
}

/// out[i] = get_moves(ps[i], os[i]).
#[pyfunction]
fn get_moves_batch(ps: Bitboards, os: Bitboards, out: Bitboards) -> PyResult<()> {
    let n = length(&ps)?;
    edax_kernels::get_moves_batch(input(&ps, n)?, input(&os, n)?, output(&out, n)?);
    Ok(())
}

/// out[i] = get_mobility(ps[i], os[i]).
#[pyfunction]
fn get_mobility_batch(ps: Bitboards, os: Bitboards, out: Counts) -> PyResult<()> {
    let n = length(&ps)?;
    edax_kernels::get_mobility_batch(input(&ps, n)?, input(&os, n)?, output(&out, n)?);
    Ok(())
}

/// out[i] = get_stability(ps[i], os[i]).
#[pyfunction]
fn get_stability_batch(ps: Bitboards, os: Bitboards, out: Counts) -> PyResult<()> {
    let n = length(&ps)?;
    edax_kernels::get_stability_batch(input(&ps, n)?, input(&os, n)?, output(&out, n)?);
    Ok(())
}

/// out[i] = hash_code((ps[i], os[i])).
#[pyfunction]
fn hash_code_batch(ps: Bitboards, os: Bitboards, out: Bitboards) -> PyResult<()> {
    let n = length(&ps)?;
    edax_kernels::hash_code_batch(input(&ps, n)?, input(&os, n)?, output(&out, n)?);
    Ok(())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(flip_batch, m)?)?;
    m.add_function(wrap_pyfunction!(board_next_batch, m)?)?;
    m.add_function(wrap_pyfunction!(count_last_flip_batch, m)?)?;
    m.add_function(wrap_pyfunction!(get_moves_batch, m)?)?;
    m.add_function(wrap_pyfunction!(get_mobility_batch, m)?)?;
    m.add_function(wrap_pyfunction!(get_stability_batch, m)?)?;
    m.add_function(wrap_pyfunction!(hash_code_batch, m)?)
}
