//! The array types of the batch kernels (`*_batch`: one call, `n` boards), for callers whose
//! per-call cost (a managed runtime's native call, a Python call) dwarfs the kernel's.
//!
//! Arrays are structures of arrays: the players in one array, the opponents in another, the
//! squares in a third. A batch kernel processes as many boards as its shortest array holds
//! and returns that number.
//!
//! The array types are pointers with a length, built safely from slices or, in the C API,
//! from raw parts; they are read and written through raw pointers only, so that an output
//! may be exactly an input array (`ek_board_next_batch` in place): each board's inputs are
//! read before its outputs are written.

use core::marker::PhantomData;

/// An input array of a batch kernel: `len` elements borrowed for `'a`.
#[repr(C)]
#[derive(Debug)]
pub struct BatchIn<'a, T> {
    ptr: *const T,
    len: usize,
    _borrow: PhantomData<&'a [T]>,
}

impl<T> Clone for BatchIn<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for BatchIn<'_, T> {}

impl<'a, T> From<&'a [T]> for BatchIn<'a, T> {
    fn from(s: &'a [T]) -> Self {
        BatchIn { ptr: s.as_ptr(), len: s.len(), _borrow: PhantomData }
    }
}

impl<'a, T: Copy> BatchIn<'a, T> {
    /// An array from raw parts.
    ///
    /// # Safety
    /// `ptr` must be valid for reads of `len` elements during `'a`; no `&mut` to them may
    /// exist then (a [`BatchOut`] over the same elements may).
    pub unsafe fn from_raw(ptr: *const T, len: usize) -> Self {
        BatchIn { ptr, len, _borrow: PhantomData }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no element.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Element `i`.
    ///
    /// # Safety
    /// `i < self.len()`.
    #[inline(always)]
    pub(crate) unsafe fn get(&self, i: usize) -> T {
        // SAFETY: in bounds (caller) and readable (construction).
        unsafe { self.ptr.add(i).read() }
    }

    /// Pointer to element `i`, for vector loads.
    ///
    /// # Safety
    /// `i <= self.len()`.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // the x86-64 batch kernels' only
    pub(crate) unsafe fn at(&self, i: usize) -> *const T {
        // SAFETY: in bounds or one past the end (caller).
        unsafe { self.ptr.add(i) }
    }
}

/// An output array of a batch kernel: `len` elements borrowed mutably for `'a`.
#[repr(C)]
#[derive(Debug)]
pub struct BatchOut<'a, T> {
    ptr: *mut T,
    len: usize,
    _borrow: PhantomData<&'a mut [T]>,
}

impl<'a, T> From<&'a mut [T]> for BatchOut<'a, T> {
    fn from(s: &'a mut [T]) -> Self {
        BatchOut { ptr: s.as_mut_ptr(), len: s.len(), _borrow: PhantomData }
    }
}

impl<'a, T: Copy> BatchOut<'a, T> {
    /// An array from raw parts.
    ///
    /// # Safety
    /// `ptr` must be valid for reads and writes of `len` elements during `'a`, and no other
    /// reference to them may exist then (a [`BatchIn`] over exactly the same elements may).
    pub unsafe fn from_raw(ptr: *mut T, len: usize) -> Self {
        BatchOut { ptr, len, _borrow: PhantomData }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no element.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Writes element `i`.
    ///
    /// # Safety
    /// `i < self.len()`.
    #[inline(always)]
    pub(crate) unsafe fn set(&self, i: usize, v: T) {
        // SAFETY: in bounds (caller) and writable (construction).
        unsafe { self.ptr.add(i).write(v) }
    }

    /// Pointer to element `i`, for vector stores.
    ///
    /// # Safety
    /// `i <= self.len()`.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // the x86-64 batch kernels' only
    pub(crate) unsafe fn at(&self, i: usize) -> *mut T {
        // SAFETY: in bounds or one past the end (caller).
        unsafe { self.ptr.add(i) }
    }
}
