//! The bodies of the board and perft exports that take pointers: the NULL and range checks,
//! then the level's kernels (`k`, the level's own constant table, so the calls are direct).

use crate::dispatch::Kernels;
use crate::types::board::EkBoard;
use crate::types::results::EkPerftStats;
use crate::types::status::{EK_ERR_NULL, EK_ERR_RANGE, EK_OK};
use core::ffi::c_int;

/// `ek_board_symetry` on the kernels `k` (the body of each level's entry).
///
/// # Safety
/// As `ek_board_symetry`.
#[inline(always)]
pub(crate) unsafe fn board_symetry_body(k: &Kernels, board: *const EkBoard, s: c_int, sym: *mut EkBoard) -> c_int {
    if board.is_null() || sym.is_null() {
        return EK_ERR_NULL;
    }
    if !(0..8).contains(&s) {
        return EK_ERR_RANGE;
    }
    // SAFETY: both pointers are non-null and, by contract, valid; `board` is read first.
    unsafe { *sym = k.symmetry(*board, s) };
    EK_OK
}

/// `ek_board_unique` on the kernels `k` (the body of each level's entry).
///
/// # Safety
/// As `ek_board_unique`.
#[inline(always)]
pub(crate) unsafe fn board_unique_body(k: &Kernels, board: *const EkBoard, unique: *mut EkBoard) -> c_int {
    if board.is_null() || unique.is_null() {
        return EK_ERR_NULL;
    }
    // SAFETY: both pointers are non-null and, by contract, valid; `board` is read first.
    unsafe {
        let u = k.unique(*board);
        *unique = u.board;
        u.symmetry
    }
}

/// `ek_perft_stats` on the kernels `k` (the body of each level's entry; perft has no panic
/// path, tests/exports.rs).
///
/// # Safety
/// As `ek_perft_stats`.
#[inline(always)]
pub(crate) unsafe fn perft_stats_body(k: &Kernels, p: u64, o: u64, depth: c_int, out: *mut EkPerftStats) -> c_int {
    if out.is_null() {
        return EK_ERR_NULL;
    }
    // SAFETY: `out` is non-null and, by contract, valid for writes.
    unsafe { out.write(k.perft(EkBoard::new(p, o), depth)) };
    EK_OK
}
