//! The bodies of the evaluation exports that read an `EkEval`: the pointer and range checks,
//! then the level's `eval_update` and `eval_accumulate`.

use crate::dispatch::Kernels;
use crate::eval::{self, weights, EkEval, EkMove};
use crate::types::board::EkBoard;
use crate::types::status::{EK_ERR_EVAL_NONE, EK_ERR_NULL, EK_ERR_RANGE, EK_OK};
use core::ffi::c_int;

/// `ek_eval_set` (the body of each level's entry: the features are computed with the level's
/// instructions).
///
/// # Safety
/// As `ek_eval_set`.
#[inline(always)]
pub(crate) unsafe fn eval_set_body(eval: *mut EkEval, board: *const EkBoard) -> c_int {
    // SAFETY: NULL or valid by contract.
    let (Some(eval), Some(board)) = (unsafe { eval.as_mut() }, unsafe { board.as_ref() }) else {
        return EK_ERR_NULL;
    };
    if eval.feature.is_null() {
        return EK_ERR_NULL;
    }
    let ply = 60 - (!(board.player | board.opponent)).count_ones() as i32;
    if ply < 0 {
        return EK_ERR_RANGE;
    }
    // SAFETY: feature holds EVAL_PLIES slots (ek_eval_init) and 0 <= ply <= 60.
    unsafe { *eval.feature.add(ply as usize) = eval::features_of(board) };
    eval.player = 0;
    eval.ply = ply;
    EK_OK
}

/// `ek_eval_update` on the kernels `k` (the body of each level's entry).
///
/// # Safety
/// As `ek_eval_update`.
#[inline(always)]
pub(crate) unsafe fn eval_update_body(k: &Kernels, eval: *mut EkEval, r#move: *const EkMove) -> c_int {
    // SAFETY: NULL or valid by contract.
    let (Some(eval), Some(m)) = (unsafe { eval.as_mut() }, unsafe { r#move.as_ref() }) else {
        return EK_ERR_NULL;
    };
    if eval.feature.is_null() {
        return EK_ERR_NULL;
    }
    if !(0..=59).contains(&eval.ply) || !(0..=63).contains(&m.x) {
        return EK_ERR_RANGE;
    }
    // SAFETY: slots ply and ply + 1 (<= 60) exist and are distinct.
    let (from, to) = unsafe { (&*eval.feature.add(eval.ply as usize), &mut *eval.feature.add(eval.ply as usize + 1)) };
    k.eval_update(from, to, m.x, m.flipped, eval.player);
    let (ply, player) = (eval.ply + 1, eval.player ^ 1);
    // Two 4-byte stores: the compiler would merge the two updates into one 8-byte vector store,
    // which Edax's next 4-byte read of `ply` (in eval_accumulate) waits on (BENCHMARKS.md,
    // "Kernel variants", eval_update).
    // SAFETY: both fields are valid for writes (eval is a &mut).
    unsafe {
        core::ptr::write_volatile(&mut eval.ply, ply);
        core::ptr::write_volatile(&mut eval.player, player);
    }
    EK_OK
}

/// The sum of the current features' weights, or the status to report, on the kernels `k`.
///
/// # Safety
/// `eval` must be NULL or point to an `EkEval` initialised by `ek_eval_init`.
#[inline(always)]
unsafe fn accumulate(k: &Kernels, eval: *const EkEval) -> Result<i32, c_int> {
    // SAFETY: NULL or valid by contract.
    let eval = unsafe { eval.as_ref() }.ok_or(EK_ERR_NULL)?;
    if eval.feature.is_null() {
        return Err(EK_ERR_NULL);
    }
    if !(0..=60).contains(&eval.ply) {
        return Err(EK_ERR_RANGE);
    }
    let w = weights::active().ok_or(EK_ERR_EVAL_NONE)?;
    // SAFETY: slot ply (<= 60) exists.
    let f = unsafe { &*eval.feature.add(eval.ply as usize) };
    Ok(k.eval_accumulate(f, w.table(eval.ply as usize, eval.player as usize)))
}

/// `ek_eval_accumulate` on the kernels `k` (the body of each level's entry).
///
/// # Safety
/// As `ek_eval_accumulate`.
#[inline(always)]
pub(crate) unsafe fn eval_accumulate_body(k: &Kernels, eval: *const EkEval) -> c_int {
    // SAFETY: same contract.
    unsafe { accumulate(k, eval) }.unwrap_or(0)
}

/// `ek_eval_accumulate_checked` on the kernels `k` (the body of each level's entry).
///
/// # Safety
/// As `ek_eval_accumulate_checked`.
#[inline(always)]
pub(crate) unsafe fn eval_accumulate_checked_body(k: &Kernels, eval: *const EkEval, sum: *mut c_int) -> c_int {
    if sum.is_null() {
        return EK_ERR_NULL;
    }
    // SAFETY: same contract.
    match unsafe { accumulate(k, eval) } {
        Ok(s) => {
            // SAFETY: non-null, writable by contract.
            unsafe { *sum = s };
            EK_OK
        }
        Err(e) => e,
    }
}
