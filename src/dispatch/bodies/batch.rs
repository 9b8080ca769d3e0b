//! The bodies of the batch exports (`ek_*_batch`): the NULL checks, then the level's batch
//! kernel on the arrays.

use crate::dispatch::Kernels;
use crate::types::batch::{BatchIn, BatchOut};
use crate::types::status::{EK_ERR_NULL, EK_OK};
use core::ffi::c_int;

/// `ek_flip_batch` on the kernels `k`.
///
/// # Safety
/// As `ek_flip_batch`.
#[inline(always)]
pub(crate) unsafe fn flip_batch_body(
    k: &Kernels,
    n: usize,
    xs: *const c_int,
    ps: *const u64,
    os: *const u64,
    out: *mut u64,
) -> c_int {
    if n == 0 {
        return EK_OK;
    }
    if xs.is_null() || ps.is_null() || os.is_null() || out.is_null() {
        return EK_ERR_NULL;
    }
    // SAFETY: non-NULL and, by contract, valid for n elements; in-place use is what BatchIn
    // and BatchOut allow.
    unsafe {
        k.flip_batch(
            BatchIn::from_raw(xs, n),
            BatchIn::from_raw(ps, n),
            BatchIn::from_raw(os, n),
            BatchOut::from_raw(out, n),
        )
    };
    EK_OK
}

/// `ek_board_next_batch` on the kernels `k`.
///
/// # Safety
/// As `ek_flip_batch`.
#[inline(always)]
pub(crate) unsafe fn board_next_batch_body(
    k: &Kernels,
    n: usize,
    xs: *const c_int,
    ps: *const u64,
    os: *const u64,
    next_ps: *mut u64,
    next_os: *mut u64,
) -> c_int {
    if n == 0 {
        return EK_OK;
    }
    if xs.is_null() || ps.is_null() || os.is_null() || next_ps.is_null() || next_os.is_null() {
        return EK_ERR_NULL;
    }
    // SAFETY: as in `flip_batch_body`.
    unsafe {
        k.board_next_batch(
            BatchIn::from_raw(xs, n),
            BatchIn::from_raw(ps, n),
            BatchIn::from_raw(os, n),
            BatchOut::from_raw(next_ps, n),
            BatchOut::from_raw(next_os, n),
        )
    };
    EK_OK
}

/// `ek_count_last_flip_batch` on the kernels `k`.
///
/// # Safety
/// As `ek_flip_batch`.
#[inline(always)]
pub(crate) unsafe fn count_last_flip_batch_body(
    k: &Kernels,
    n: usize,
    xs: *const c_int,
    ps: *const u64,
    out: *mut c_int,
) -> c_int {
    if n == 0 {
        return EK_OK;
    }
    if xs.is_null() || ps.is_null() || out.is_null() {
        return EK_ERR_NULL;
    }
    // SAFETY: as in `flip_batch_body`.
    unsafe { k.count_last_flip_batch(BatchIn::from_raw(xs, n), BatchIn::from_raw(ps, n), BatchOut::from_raw(out, n)) };
    EK_OK
}

/// The body of a batch export over (P, O) pairs on the kernels `k`: checks the pointers, runs
/// `kernel`.
///
/// # Safety
/// As `ek_flip_batch`.
#[inline(always)]
pub(crate) unsafe fn pair_batch_body<T: Copy>(
    k: &Kernels,
    kernel: fn(&Kernels, BatchIn<u64>, BatchIn<u64>, BatchOut<T>) -> usize,
    n: usize,
    ps: *const u64,
    os: *const u64,
    out: *mut T,
) -> c_int {
    if n == 0 {
        return EK_OK;
    }
    if ps.is_null() || os.is_null() || out.is_null() {
        return EK_ERR_NULL;
    }
    // SAFETY: as in `flip_batch_body`.
    unsafe { kernel(k, BatchIn::from_raw(ps, n), BatchIn::from_raw(os, n), BatchOut::from_raw(out, n)) };
    EK_OK
}
