//! NumPy arrays seen from native code through NumPy's array interface
//! (`obj.__array_interface__`), not the buffer protocol: the stable ABI (abi3), which lets one
//! wheel serve every CPython from 3.9, offers the buffer protocol only from 3.11. The array
//! interface gives the same facts (address, element type, shape, strides, read-only flag), and
//! holding the array object keeps its memory alive for the call (NumPy refuses to resize an
//! array that other references hold).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// An element type a batch array may hold, by NumPy's type string.
pub(crate) trait Element: Copy {
    /// NumPy's `typestr` of the element on a little-endian machine (the only kind built).
    const TYPESTR: &'static str;
    /// The name in messages (NumPy's dtype name).
    const NAME: &'static str;
}

impl Element for u64 {
    const TYPESTR: &'static str = "<u8";
    const NAME: &'static str = "uint64";
}
impl Element for i32 {
    const TYPESTR: &'static str = "<i4";
    const NAME: &'static str = "int32";
}
impl Element for u16 {
    const TYPESTR: &'static str = "<u2";
    const NAME: &'static str = "uint16";
}
impl Element for i8 {
    const TYPESTR: &'static str = "|i1";
    const NAME: &'static str = "int8";
}
impl Element for u8 {
    const TYPESTR: &'static str = "|u1";
    const NAME: &'static str = "uint8";
}
impl Element for f32 {
    const TYPESTR: &'static str = "<f4";
    const NAME: &'static str = "float32";
}
impl Element for bool {
    const TYPESTR: &'static str = "|b1";
    const NAME: &'static str = "bool";
}

/// A 1-D, C-contiguous, aligned NumPy array of `T`, held for the call.
pub(crate) struct Array<'py, T> {
    _obj: Bound<'py, PyAny>,
    ptr: *mut T,
    len: usize,
    readonly: bool,
}

impl<'py, T: Element> FromPyObject<'_, 'py> for Array<'py, T> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        let wrong = || PyTypeError::new_err(format!("expected a 1-D contiguous NumPy array of {}", T::NAME));
        let iface = obj.getattr("__array_interface__").map_err(|_| wrong())?;
        let iface = iface.cast::<PyDict>().map_err(|_| wrong())?;
        let item = |key: &str| iface.get_item(key)?.ok_or_else(wrong);
        if item("typestr")?.extract::<String>()? != T::TYPESTR {
            return Err(wrong());
        }
        let shape = item("shape")?;
        let shape = shape.cast::<PyTuple>().map_err(|_| wrong())?;
        if shape.len() != 1 {
            return Err(PyValueError::new_err("batch arrays must be 1-D"));
        }
        let len: usize = shape.get_item(0)?.extract()?;
        // Strides are absent (or None) for C-contiguous arrays.
        if let Some(strides) = iface.get_item("strides")? {
            if !strides.is_none() && strides.extract::<(isize,)>()? != (size_of::<T>() as isize,) {
                return Err(PyValueError::new_err("batch arrays must be C-contiguous"));
            }
        }
        if iface.get_item("offset")?.is_some_and(|o| o.extract::<usize>().map_or(true, |o| o != 0)) {
            return Err(wrong());
        }
        let (address, readonly): (usize, bool) = item("data")?.extract()?;
        if address % align_of::<T>() != 0 {
            return Err(PyValueError::new_err("batch arrays must be aligned"));
        }
        Ok(Array { _obj: obj.to_owned(), ptr: address as *mut T, len, readonly })
    }
}

impl<T> Array<'_, T> {
    /// The number of elements.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The address of the `n` elements of an input array (checked: `n` long).
    pub(crate) fn input_ptr(&self, n: usize) -> PyResult<*const T> {
        if self.len != n {
            return Err(PyValueError::new_err("batch arrays must be of equal lengths"));
        }
        Ok(self.ptr)
    }

    /// The address of the `n` elements of an output array (checked as inputs are, and writable).
    pub(crate) fn output_ptr(&self, n: usize) -> PyResult<*mut T> {
        self.input_ptr(n)?;
        if self.readonly {
            return Err(PyValueError::new_err("out must be writable"));
        }
        Ok(self.ptr)
    }
}
