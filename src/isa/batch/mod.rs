//! Batch kernels: one call runs a kernel on `n` boards, for callers whose per-call cost
//! (a managed runtime's native call, a Python call) dwarfs the kernel's.
//!
//! Arrays are structures of arrays: the players in one array, the opponents in another, the
//! squares in a third. A batch entry processes as many boards as its shortest array holds
//! and returns that number. Each level's table has every batch entry: the SIMD levels run
//! several boards per vector (one board per 64-bit lane) where that measured faster, and
//! otherwise loop over the level's own single-board kernel.
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
    pub(crate) unsafe fn at(&self, i: usize) -> *mut T {
        // SAFETY: in bounds or one past the end (caller).
        unsafe { self.ptr.add(i) }
    }
}

/// Defines, in the calling module, batch entries that loop over the single-board kernels of
/// one level's table (`$k`, a `static Kernels`), compiled with that level's features: the
/// constant table lets the compiler call, and inline, each entry directly.
///
/// `batch_loops!([attributes] KERNELS; names...)`.
macro_rules! batch_loops {
    ($attrs:tt $k:path; $($name:ident),* $(,)?) => {
        $( batch_loop!($name, $attrs $k); )*
    };
}

macro_rules! batch_loop {
    (flip_batch, [$($a:tt)*] $k:path) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn flip_batch(
            xs: BatchIn<i32>, ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<u64>,
        ) -> usize {
            let n = xs.len().min(ps.len()).min(os.len()).min(out.len());
            for i in 0..n {
                // SAFETY: i < n, within every array.
                unsafe { out.set(i, $k.flip(xs.get(i), ps.get(i), os.get(i))) };
            }
            n
        }
    };
    (board_next_batch, [$($a:tt)*] $k:path) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn board_next_batch(
            xs: BatchIn<i32>, ps: BatchIn<u64>, os: BatchIn<u64>, next_ps: BatchOut<u64>, next_os: BatchOut<u64>,
        ) -> usize {
            let n = xs.len().min(ps.len()).min(os.len()).min(next_ps.len()).min(next_os.len());
            for i in 0..n {
                // SAFETY: i < n, within every array; board i is read before it is written.
                unsafe {
                    let (x, b) = (xs.get(i), crate::board::EkBoard::new(ps.get(i), os.get(i)));
                    let next = b.next(x, $k.flip(x, b.player, b.opponent));
                    next_ps.set(i, next.player);
                    next_os.set(i, next.opponent);
                }
            }
            n
        }
    };
    (count_last_flip_batch, [$($a:tt)*] $k:path) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn count_last_flip_batch(
            xs: BatchIn<i32>, ps: BatchIn<u64>, out: BatchOut<i32>,
        ) -> usize {
            let n = xs.len().min(ps.len()).min(out.len());
            for i in 0..n {
                // SAFETY: i < n, within every array.
                unsafe { out.set(i, $k.count_last_flip(xs.get(i), ps.get(i))) };
            }
            n
        }
    };
    ($name:ident: $single:ident -> $t:ty, [$($a:tt)*] $k:path) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn $name(ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<$t>) -> usize {
            let n = ps.len().min(os.len()).min(out.len());
            for i in 0..n {
                // SAFETY: i < n, within every array.
                unsafe { out.set(i, $k.$single(ps.get(i), os.get(i))) };
            }
            n
        }
    };
    (get_moves_batch, $($rest:tt)*) => { batch_loop!(get_moves_batch: get_moves -> u64, $($rest)*); };
    (get_mobility_batch, $($rest:tt)*) => { batch_loop!(get_mobility_batch: get_mobility -> i32, $($rest)*); };
    (get_stability_batch, $($rest:tt)*) => { batch_loop!(get_stability_batch: get_stability -> i32, $($rest)*); };
    (hash_code_batch, [$($a:tt)*] $k:path) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn hash_code_batch(
            ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<u64>,
        ) -> usize {
            let n = ps.len().min(os.len()).min(out.len());
            for i in 0..n {
                // SAFETY: i < n, within every array.
                unsafe { out.set(i, $k.hash_code(&crate::board::EkBoard::new(ps.get(i), os.get(i)))) };
            }
            n
        }
    };
}

pub(super) mod portable;
cfg_if::cfg_if! {
    if #[cfg(target_arch = "x86_64")] {
        pub(super) mod avx2;
        pub(super) mod avx512;
        pub(super) mod sse2;
    }
}
