//! The `ek_*_batch` exports: one call runs a kernel on `n` boards. Their doc comments are the
//! C header's documentation.

use super::api::{EK_ERR_NULL, EK_OK};
use crate::isa::batch::{BatchIn, BatchOut};
use crate::isa::dispatch;
use core::ffi::c_int;

/// Whether any of the pointers is NULL.
fn any_null(ptrs: &[*const ()]) -> bool {
    ptrs.iter().any(|p| p.is_null())
}

/// Batch `ek_flip`: out[i] = ek_flip(xs[i], ps[i], os[i]) for i in 0..n.
///
/// Batch calls take structures of arrays (n squares, n players, n opponents) and write n
/// results; they run several boards per vector on the AVX2 and AVX-512 levels and give
/// exactly the single-board results. Each returns `EK_OK`; or, when n > 0 and any pointer is
/// NULL, `EK_ERR_NULL` and writes nothing (n == 0 returns `EK_OK` whatever the pointers). An
/// output array may be an input array of the same element type (results replace inputs in
/// place); any other overlap gives unspecified values (but nothing outside the arrays is
/// touched).
///
/// # Safety
/// Each non-NULL pointer must point to n aligned, readable elements (outputs: writable).
#[no_mangle]
pub unsafe extern "C" fn ek_flip_batch(
    n: usize,
    xs: *const c_int,
    ps: *const u64,
    os: *const u64,
    out: *mut u64,
) -> c_int {
    if n == 0 {
        return EK_OK;
    }
    if any_null(&[xs.cast(), ps.cast(), os.cast(), out.cast_const().cast()]) {
        return EK_ERR_NULL;
    }
    // SAFETY: non-NULL and, by contract, valid for n elements; in-place use is what BatchIn
    // and BatchOut allow.
    unsafe {
        dispatch::flip_batch(
            BatchIn::from_raw(xs, n),
            BatchIn::from_raw(ps, n),
            BatchIn::from_raw(os, n),
            BatchOut::from_raw(out, n),
        )
    };
    EK_OK
}

/// Batch `ek_board_next`: plays xs[i] on the board (ps[i], os[i]) and writes the next position
/// to (next_ps[i], next_os[i]) (sides swapped, as `ek_board_next`; xs[i] outside 0..63 is a
/// pass), for i in 0..n. next_ps may be ps and next_os may be os, to advance n games in place.
/// Statuses and array rules as `ek_flip_batch`.
///
/// # Safety
/// As `ek_flip_batch`.
#[no_mangle]
pub unsafe extern "C" fn ek_board_next_batch(
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
    if any_null(&[xs.cast(), ps.cast(), os.cast(), next_ps.cast_const().cast(), next_os.cast_const().cast()]) {
        return EK_ERR_NULL;
    }
    // SAFETY: as in `ek_flip_batch`.
    unsafe {
        dispatch::board_next_batch(
            BatchIn::from_raw(xs, n),
            BatchIn::from_raw(ps, n),
            BatchIn::from_raw(os, n),
            BatchOut::from_raw(next_ps, n),
            BatchOut::from_raw(next_os, n),
        )
    };
    EK_OK
}

/// Batch `ek_count_last_flip`: out[i] = ek_count_last_flip(xs[i], ps[i]) for i in 0..n.
/// Statuses and array rules as `ek_flip_batch`.
///
/// # Safety
/// As `ek_flip_batch`.
#[no_mangle]
pub unsafe extern "C" fn ek_count_last_flip_batch(
    n: usize,
    xs: *const c_int,
    ps: *const u64,
    out: *mut c_int,
) -> c_int {
    if n == 0 {
        return EK_OK;
    }
    if any_null(&[xs.cast(), ps.cast(), out.cast_const().cast()]) {
        return EK_ERR_NULL;
    }
    // SAFETY: as in `ek_flip_batch`.
    unsafe {
        dispatch::count_last_flip_batch(BatchIn::from_raw(xs, n), BatchIn::from_raw(ps, n), BatchOut::from_raw(out, n))
    };
    EK_OK
}

/// The body of a batch export over (P, O) pairs: checks the pointers, runs `kernel`.
///
/// # Safety
/// As `ek_flip_batch`.
unsafe fn pair_batch<T: Copy>(
    n: usize,
    ps: *const u64,
    os: *const u64,
    out: *mut T,
    kernel: fn(BatchIn<u64>, BatchIn<u64>, BatchOut<T>) -> usize,
) -> c_int {
    if n == 0 {
        return EK_OK;
    }
    if any_null(&[ps.cast(), os.cast(), out.cast_const().cast()]) {
        return EK_ERR_NULL;
    }
    // SAFETY: as in `ek_flip_batch`.
    unsafe { kernel(BatchIn::from_raw(ps, n), BatchIn::from_raw(os, n), BatchOut::from_raw(out, n)) };
    EK_OK
}

/// Batch `ek_get_moves`: out[i] = ek_get_moves(ps[i], os[i]) for i in 0..n. Statuses and
/// array rules as `ek_flip_batch`.
///
/// # Safety
/// As `ek_flip_batch`.
#[no_mangle]
pub unsafe extern "C" fn ek_get_moves_batch(n: usize, ps: *const u64, os: *const u64, out: *mut u64) -> c_int {
    // SAFETY: the caller's contract is `pair_batch`'s.
    unsafe { pair_batch(n, ps, os, out, dispatch::get_moves_batch) }
}

/// Batch `ek_get_mobility`: out[i] = ek_get_mobility(ps[i], os[i]) for i in 0..n. Statuses
/// and array rules as `ek_flip_batch`.
///
/// # Safety
/// As `ek_flip_batch`.
#[no_mangle]
pub unsafe extern "C" fn ek_get_mobility_batch(n: usize, ps: *const u64, os: *const u64, out: *mut c_int) -> c_int {
    // SAFETY: the caller's contract is `pair_batch`'s.
    unsafe { pair_batch(n, ps, os, out, dispatch::get_mobility_batch) }
}

/// Batch `ek_get_stability`: out[i] = ek_get_stability(ps[i], os[i]) for i in 0..n. Statuses
/// and array rules as `ek_flip_batch`.
///
/// # Safety
/// As `ek_flip_batch`.
#[no_mangle]
pub unsafe extern "C" fn ek_get_stability_batch(n: usize, ps: *const u64, os: *const u64, out: *mut c_int) -> c_int {
    // SAFETY: the caller's contract is `pair_batch`'s.
    unsafe { pair_batch(n, ps, os, out, dispatch::get_stability_batch) }
}

/// Batch `ek_board_get_hash_code`: out[i] = the hash code of the board (ps[i], os[i]) for
/// i in 0..n. Statuses and array rules as `ek_flip_batch`.
///
/// # Safety
/// As `ek_flip_batch`.
#[no_mangle]
pub unsafe extern "C" fn ek_board_get_hash_code_batch(
    n: usize,
    ps: *const u64,
    os: *const u64,
    out: *mut u64,
) -> c_int {
    // SAFETY: the caller's contract is `pair_batch`'s.
    unsafe { pair_batch(n, ps, os, out, dispatch::hash_code_batch) }
}
