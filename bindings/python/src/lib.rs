//! `edax_kernels._native`: the Python extension module of edax-kernels, calling the Rust crate
//! directly. The package's Python layer (`python/edax_kernels/__init__.py`) re-exports these
//! functions and adds what is plainer in Python (the `Board` tuple, NumPy argument handling).
//!
//! Each module below registers its functions and classes; to add one, write it in the module
//! that fits (or a new one registered here), then re-export it from `__init__.py` and declare
//! it in `_native.pyi`.

mod array;
mod bases;
mod batch;
mod board;
mod book;
mod engine;
mod error;
mod eval;
mod game;
mod games;
mod kernels;
mod owned;
mod solver;

use pyo3::prelude::*;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    kernels::register(m)?;
    bases::register(m)?;
    batch::register(m)?;
    eval::register(m)?;
    game::register(m)?;
    games::register(m)?;
    engine::register(m)?;
    book::register(m)?;
    solver::register(m)
}
