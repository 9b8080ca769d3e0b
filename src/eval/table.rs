//! Zero-initialised, 2 MiB-aligned buffers for the evaluation tables, backed by transparent huge
//! pages where the system allows it: every evaluation reads 47 scattered weights, and with
//! 4 KiB pages most of those reads also miss the TLB.

use std::alloc::{alloc, dealloc, Layout};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

const HUGE_PAGE: usize = 2 << 20;

/// `LEN` values of `T` (plain integers) in their own huge-page-aligned allocation. The length
/// is part of the type, so indexes the code clamps need no bounds check (and no panic path).
pub(crate) struct Table<T: Copy, const LEN: usize> {
    ptr: NonNull<T>,
}

// SAFETY: a Table owns its memory exactly like a Box<[T]>.
unsafe impl<T: Copy + Send, const LEN: usize> Send for Table<T, LEN> {}
// SAFETY: shared access only reads, as for a Box<[T]>.
unsafe impl<T: Copy + Sync, const LEN: usize> Sync for Table<T, LEN> {}

impl<T: Copy, const LEN: usize> Table<T, LEN> {
    fn layout() -> Layout {
        let size = (LEN.max(1) * size_of::<T>()).next_multiple_of(HUGE_PAGE);
        Layout::from_size_align(size, HUGE_PAGE).expect("table size fits in memory")
    }

    /// `LEN` zero values, or `None` when the memory is not available. `T` must be a type for
    /// which all-zero bytes are a valid value (the integer types used here).
    pub(crate) fn zeroed() -> Option<Self> {
        let layout = Self::layout();
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
        Some(Table { ptr })
    }
}

impl<T: Copy, const LEN: usize> Drop for Table<T, LEN> {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this same layout.
        unsafe { dealloc(self.ptr.as_ptr() as *mut u8, Self::layout()) }
    }
}

impl<T: Copy, const LEN: usize> Deref for Table<T, LEN> {
    type Target = [T; LEN];
    fn deref(&self) -> &[T; LEN] {
        // SAFETY: `LEN` initialised values owned by self.
        unsafe { &*self.ptr.as_ptr().cast::<[T; LEN]>() }
    }
}

impl<T: Copy, const LEN: usize> DerefMut for Table<T, LEN> {
    fn deref_mut(&mut self) -> &mut [T; LEN] {
        // SAFETY: `LEN` initialised values owned exclusively by self.
        unsafe { &mut *self.ptr.as_ptr().cast::<[T; LEN]>() }
    }
}
