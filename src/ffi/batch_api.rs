//! The `ek_*_batch` exports: one call runs a kernel on `n` boards. Their doc comments are the
//! C header's documentation.
//!
//! Each export is one jump to its level's C-shaped entry (the encoding rule, src/dispatch/table.rs);
//! the `*_body` functions below are those entries' bodies, compiled into every level.

use crate::dispatch::c_dispatch;
use core::ffi::c_int;

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
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_flip_batch(n, xs, ps, os, out) }
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
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_board_next_batch(n, xs, ps, os, next_ps, next_os) }
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
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_count_last_flip_batch(n, xs, ps, out) }
}

/// Batch `ek_get_moves`: out[i] = ek_get_moves(ps[i], os[i]) for i in 0..n. Statuses and
/// array rules as `ek_flip_batch`.
///
/// # Safety
/// As `ek_flip_batch`.
#[no_mangle]
pub unsafe extern "C" fn ek_get_moves_batch(n: usize, ps: *const u64, os: *const u64, out: *mut u64) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_get_moves_batch(n, ps, os, out) }
}

/// Batch `ek_get_mobility`: out[i] = ek_get_mobility(ps[i], os[i]) for i in 0..n. Statuses
/// and array rules as `ek_flip_batch`.
///
/// # Safety
/// As `ek_flip_batch`.
#[no_mangle]
pub unsafe extern "C" fn ek_get_mobility_batch(n: usize, ps: *const u64, os: *const u64, out: *mut c_int) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_get_mobility_batch(n, ps, os, out) }
}

/// Batch `ek_get_stability`: out[i] = ek_get_stability(ps[i], os[i]) for i in 0..n. Statuses
/// and array rules as `ek_flip_batch`.
///
/// # Safety
/// As `ek_flip_batch`.
#[no_mangle]
pub unsafe extern "C" fn ek_get_stability_batch(n: usize, ps: *const u64, os: *const u64, out: *mut c_int) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_get_stability_batch(n, ps, os, out) }
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
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_board_get_hash_code_batch(n, ps, os, out) }
}
