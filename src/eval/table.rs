//! Zero-initialised, 2 MiB-aligned buffers for the evaluation tables, backed by transparent huge
//! pages where the system allows it: every evaluation reads 47 scattered weights, and with
//! 4 KiB pages most of those reads also miss the TLB.

use std::alloc::{alloc, dealloc, Layout};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

const HUGE_PAGE: usize = 2 << 20;

/// A fixed-length slice of `T` (plain integers) in its own huge-page-aligned allocation.
pub(crate) struct Table<T: Copy> {
    ptr: NonNull<T>,
    len: usize,
}

// SAFETY: a Table owns its memory exactly like a Box<[T]>.
unsafe impl<T: Copy + Send> Send for Table<T> {}
// SAFETY: shared access only reads, as for a Box<[T]>.
unsafe impl<T: Copy + Sync> Sync for Table<T> {}

impl<T: Copy> Table<T> {
    fn layout(len: usize) -> Layout {
        let size = (len.max(1) * size_of::<T>()).next_multiple_of(HUGE_PAGE);
        Layout::from_size_align(size, HUGE_PAGE).expect("table size fits in memory")
    }

    /// `len` zero values, or `None` when the memory is not available. `T` must be a type for
    /// which all-zero bytes are a valid value (the integer types used here).
    pub(crate) fn zeroed(len: usize) -> Option<Self> {
        let layout = Self::layout(len);
        // SAFETY: the layout has a non-zero size.
        let ptr = NonNull::new(unsafe { alloc(layout) } as *mut T)?;
        // The advice comes before the first write, which faults the pages in.
        #[cfg(target_os = "linux")]
        // SAFETY: the range is the allocation just made; the advice only changes its paging.
        unsafe {
            libc::madvise(ptr.as_ptr() as *mut libc::c_void, layout.size(), libc::MADV_HUGEPAGE);
        }
        // SAFETY: the allocation holds layout.size() bytes.
        unsafe { ptr.as_ptr().cast::<u8>().write_bytes(0, layout.size()) };
        Some(Table { ptr, len })
    }
}

impl<T: Copy> Drop for Table<T> {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this same layout.
        unsafe { dealloc(self.ptr.as_ptr() as *mut u8, Self::layout(self.len)) }
    }
}

impl<T: Copy> Deref for Table<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `len` initialised values owned by self.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Copy> DerefMut for Table<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: `len` initialised values owned exclusively by self.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}
