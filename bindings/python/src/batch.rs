//! The batch kernels on NumPy arrays of the right element type (array.rs), without copying:
//! each reads its inputs and writes its outputs where the arrays hold them. Arrays must be
//! 1-D, C-contiguous, of the kernel's element type and of one length (the Python layer
//! converts other inputs); an output may be an input itself (results replace the inputs).

use crate::array::{Array, Element};
use edax_kernels::{BatchIn, BatchOut};
use pyo3::prelude::*;

/// An input array of `n` elements, read during the call.
fn input<'a, T: Element>(a: &'a Array<'_, T>, n: usize) -> PyResult<BatchIn<'a, T>> {
    let ptr = a.input_ptr(n)?;
    // SAFETY: n contiguous, aligned elements (checked by `Array`), held by `a` for the borrow;
    // read through raw pointers while the GIL is held, so no Python code changes them meanwhile.
    Ok(unsafe { BatchIn::from_raw(ptr, n) })
}

/// A writable output array of `n` elements, written in place.
fn output<'a, T: Element>(a: &'a Array<'_, T>, n: usize) -> PyResult<BatchOut<'a, T>> {
    let ptr = a.output_ptr(n)?;
    // SAFETY: as in `input`, and writable; the batch kernels read and write through raw
    // pointers only, so an output that is also an input is allowed.
    Ok(unsafe { BatchOut::from_raw(ptr, n) })
}

type Squares<'py> = Array<'py, i32>;
type Bitboards<'py> = Array<'py, u64>;
type Counts<'py> = Array<'py, i32>;

/// out[i] = flip(xs[i], ps[i], os[i]).
#[pyfunction]
fn flip_batch(xs: Squares, ps: Bitboards, os: Bitboards, out: Bitboards) -> PyResult<()> {
    let n = xs.len();
    edax_kernels::flip_batch(input(&xs, n)?, input(&ps, n)?, input(&os, n)?, output(&out, n)?);
    Ok(())
}

/// Plays xs[i] on (ps[i], os[i]) and writes the next position to (next_ps[i], next_os[i]).
#[pyfunction]
fn board_next_batch(xs: Squares, ps: Bitboards, os: Bitboards, next_ps: Bitboards, next_os: Bitboards) -> PyResult<()> {
    let n = xs.len();
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
    let n = xs.len();
    edax_kernels::count_last_flip_batch(input(&xs, n)?, input(&ps, n)?, output(&out, n)?);
    Ok(())
}

/// out[i] = get_moves(ps[i], os[i]).
#[pyfunction]
fn get_moves_batch(ps: Bitboards, os: Bitboards, out: Bitboards) -> PyResult<()> {
    let n = ps.len();
    edax_kernels::get_moves_batch(input(&ps, n)?, input(&os, n)?, output(&out, n)?);
    Ok(())
}

/// out[i] = get_mobility(ps[i], os[i]).
#[pyfunction]
fn get_mobility_batch(ps: Bitboards, os: Bitboards, out: Counts) -> PyResult<()> {
    let n = ps.len();
    edax_kernels::get_mobility_batch(input(&ps, n)?, input(&os, n)?, output(&out, n)?);
    Ok(())
}

/// out[i] = get_stability(ps[i], os[i]).
#[pyfunction]
fn get_stability_batch(ps: Bitboards, os: Bitboards, out: Counts) -> PyResult<()> {
    let n = ps.len();
    edax_kernels::get_stability_batch(input(&ps, n)?, input(&os, n)?, output(&out, n)?);
    Ok(())
}

/// out[i] = hash_code((ps[i], os[i])).
#[pyfunction]
fn hash_code_batch(ps: Bitboards, os: Bitboards, out: Bitboards) -> PyResult<()> {
    let n = ps.len();
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
