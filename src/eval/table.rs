//! Zero-initialised buffers for the evaluation tables, allocated fallibly (a failed load reports
//! `EK_ERR_NO_MEMORY` instead of aborting the host), in ordinary pages as Edax's `malloc` gives.
//! No transparent huge pages (`MADV_HUGEPAGE`): inside Edax 4.6 they made the evaluation build
//! slower, not faster (BENCHMARKS.md, "The whole engine", its Zen 4 set).

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

/// `LEN` values of `T` (plain integers) in their own cache-line-aligned allocation. The length
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
        Layout::from_size_align(LEN.max(1) * size_of::<T>(), 64).expect("table size fits in memory")
    }

    /// `LEN` zero values, or `None` when the memory is not available. `T` must be a type for
    /// which all-zero bytes are a valid value (the integer types used here).
    pub(crate) fn zeroed() -> Option<Self> {
        // SAFETY: the layout has a non-zero size. Large blocks come zeroed from the kernel, so
        // the pages are touched only when the weights are written.
        let ptr = NonNull::new(unsafe { alloc_zeroed(Self::layout()) } as *mut T)?;
        crate::types::memory::advise_huge_pages(ptr.as_ptr().cast(), Self::layout().size());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_advised_for_huge_pages() {
        const LEN: usize = 32 << 20;
        let t = Table::<i16, LEN>::zeroed().expect("64 MiB");
        crate::types::memory::assert_advised(
            "eval::table: the weights are advised for huge pages",
            t.ptr.as_ptr().cast(),
            LEN * 2,
        );
    }
}
