//! Library status codes raised as `edax_kernels.EdaxKernelsError(message, status)`.

use edax_kernels::ffi::api::ek_status_message;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;
use std::ffi::{c_int, CStr};

/// The package's exception class, defined in `__init__.py` before this module is imported.
fn error_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    static TYPE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    TYPE.import(py, "edax_kernels", "EdaxKernelsError")
}

/// `EdaxKernelsError("edax_kernels: " + message, status)`.
pub(crate) fn error(py: Python<'_>, message: &str, status: c_int) -> PyErr {
    match error_type(py).and_then(|t| t.call1((format!("edax_kernels: {message}"), status))) {
        Ok(e) => PyErr::from_value(e),
        Err(e) => e,
    }
}

/// The error of a status code, with the library's description of it.
pub(crate) fn status_error(py: Python<'_>, status: c_int) -> PyErr {
    // SAFETY: ek_status_message returns a static NUL-terminated string for any code.
    let message = unsafe { CStr::from_ptr(ek_status_message(status)) };
    error(py, &message.to_string_lossy(), status)
}

/// `status` itself when it is not an error (>= 0), else its error.
pub(crate) fn check(py: Python<'_>, status: c_int) -> PyResult<c_int> {
    if status < 0 {
        Err(status_error(py, status))
    } else {
        Ok(status)
    }
}
