//! The `ek_eval_` exports: Edax 4.6's evaluation (eval.dat weights, `Eval` state, update,
//! accumulate). Their doc comments are the C header's documentation.

use super::guard;
use crate::dispatch::c_dispatch;
use crate::eval::{self, weights, EkEval, EkEvalFeature, EkMove, LoadError, EVAL_PLIES};
use crate::types::board::EkBoard;
use crate::types::status::{
    EK_ERR_EVAL_FORMAT, EK_ERR_EVAL_SIZE, EK_ERR_INTERNAL, EK_ERR_IO, EK_ERR_NO_MEMORY, EK_ERR_NULL, EK_ERR_RANGE,
    EK_OK,
};
use core::ffi::{c_char, c_int, CStr};
use std::alloc::{alloc, dealloc, Layout};

fn load_status(r: Result<&'static eval::Weights, LoadError>) -> c_int {
    match r {
        Ok(_) => EK_OK,
        Err(LoadError::Io(_)) => EK_ERR_IO,
        Err(LoadError::NotEdax) => EK_ERR_EVAL_FORMAT,
        Err(LoadError::Size { .. }) => EK_ERR_EVAL_SIZE,
        Err(LoadError::NoMemory) => EK_ERR_NO_MEMORY,
    }
}

/// Loads Edax evaluation weights from an eval.dat file (Edax's `eval_open`) and makes them the
/// weights every `ek_eval_accumulate` uses. Accepts Edax's format in either byte order: the
/// EDAX/EVAL header, version fields, then 61 plies of 114,364 packed int16 weights, and
/// nothing more (13,952,436 bytes).
///
/// Returns `EK_OK`, `EK_ERR_NULL`, `EK_ERR_IO` (cannot open or read), `EK_ERR_EVAL_FORMAT`
/// (not an Edax eval file), `EK_ERR_EVAL_SIZE` (truncated or too long) or `EK_ERR_NO_MEMORY`.
/// On error nothing changes: the weights in use, if any, stay in use. Thread-safe: concurrent
/// loads are serialised, and loading data already loaded reuses it (weights are never freed
/// while the process runs, so other threads may keep evaluating; each distinct file costs
/// 64 MB, unpacked per ply and colour as Edax does, and 2 MB more while it loads).
///
/// `path` is a file name as the C library takes it on POSIX systems, and UTF-8 on Windows.
///
/// # Safety
/// `path` must be NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn ek_eval_load_file(path: *const c_char) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        if path.is_null() {
            return EK_ERR_NULL;
        }
        // SAFETY: non-null and NUL-terminated by contract.
        let path = unsafe { CStr::from_ptr(path) };
        #[cfg(unix)]
        let p = std::path::Path::new(<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(path.to_bytes()));
        #[cfg(not(unix))]
        let p = &std::path::PathBuf::from(path.to_string_lossy().into_owned());
        load_status(weights::publish_file(p))
    })
}

/// Loads Edax evaluation weights from memory: the `len` bytes at `data` hold an eval.dat image
/// (see `ek_eval_load_file`, same results and guarantees). For callers without a file system.
///
/// # Safety
/// `data` must be NULL or point to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ek_eval_load_buffer(data: *const u8, len: usize) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        if data.is_null() {
            return EK_ERR_NULL;
        }
        // SAFETY: non-null and `len` readable bytes by contract.
        let bytes = unsafe { core::slice::from_raw_parts(data, len) };
        load_status(weights::publish(bytes))
    })
}

/// Loads the project's own evaluation weights, which the library carries (data/ek-eval.dat of
/// the source repository, trained for this library's solver: data/README.md), and makes them
/// the weights every `ek_eval_accumulate` uses, as `ek_eval_load_file` would with that file:
/// no file is needed. The same results and guarantees as `ek_eval_load_file`: `EK_OK`, or
/// `EK_ERR_NO_MEMORY` (the weights in use then stay in use). Takes about 0.1 s (the weights are
/// stored compressed); loading them again reuses them.
#[no_mangle]
pub extern "C" fn ek_eval_load_default() -> c_int {
    guard(EK_ERR_INTERNAL, || load_status(eval::load_default()))
}

/// Whether evaluation weights are loaded: 1 or 0.
#[no_mangle]
pub extern "C" fn ek_eval_loaded() -> c_int {
    guard(0, || weights::active().is_some() as c_int)
}

/// Stops using the loaded weights (Edax's `eval_close`): `ek_eval_accumulate` then returns 0
/// until the next load. The memory is kept (another thread may still be reading it).
#[no_mangle]
pub extern "C" fn ek_eval_unload() {
    guard((), weights::unpublish)
}

fn features_layout() -> Layout {
    // 61 features of 96 bytes, 64-byte aligned (Edax's aligned_alloc(64, ...)).
    match Layout::from_size_align(EVAL_PLIES * core::mem::size_of::<EkEvalFeature>(), 64) {
        Ok(l) => l,
        Err(_) => unreachable!("a constant, valid layout"),
    }
}

/// Edax's `eval_init`: allocates the 61 feature slots of `eval` (64-byte aligned) and sets
/// `player` and `ply` to 0. Returns `EK_OK`, `EK_ERR_NULL` or `EK_ERR_NO_MEMORY`. Free it with
/// `ek_eval_free`.
///
/// # Safety
/// `eval` must be NULL or point to a writable `EkEval`.
#[no_mangle]
pub unsafe extern "C" fn ek_eval_init(eval: *mut EkEval) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or valid by contract.
        let Some(eval) = (unsafe { eval.as_mut() }) else { return EK_ERR_NULL };
        // SAFETY: the layout has a non-zero size.
        let feature = unsafe { alloc(features_layout()) } as *mut EkEvalFeature;
        if feature.is_null() {
            return EK_ERR_NO_MEMORY;
        }
        // SAFETY: freshly allocated for EVAL_PLIES features; zeroed so that it is initialised.
        unsafe { core::ptr::write_bytes(feature, 0, EVAL_PLIES) };
        *eval = EkEval { feature, player: 0, ply: 0 };
        EK_OK
    })
}

/// Edax's `eval_free`: frees what `ek_eval_init` allocated and sets `feature` to NULL. A NULL
/// `eval` or a NULL `feature` does nothing.
///
/// # Safety
/// `eval` must be NULL or point to an `EkEval` whose `feature` is NULL or comes from
/// `ek_eval_init` (and was not freed yet).
#[no_mangle]
pub unsafe extern "C" fn ek_eval_free(eval: *mut EkEval) {
    guard((), || {
        // SAFETY: NULL or valid by contract.
        if let Some(eval) = unsafe { eval.as_mut() } {
            if !eval.feature.is_null() {
                // SAFETY: allocated by ek_eval_init with this layout (contract).
                unsafe { dealloc(eval.feature as *mut u8, features_layout()) };
                eval.feature = core::ptr::null_mut();
            }
        }
    })
}

/// Edax's `eval_set`: sets the features of `board` (the side to move is the features'
/// player: `player` = 0) at `ply` = 60 - empty squares. Returns `EK_OK`, `EK_ERR_NULL` (NULL
/// argument or `feature`), or `EK_ERR_RANGE` when the board has more than 60 empty squares (no
/// ply slot; nothing written). Overlapping bitboards: as in Edax, such a square's digit is -1
/// and the 16-bit features wrap around (every feature value indexes a weight).
///
/// # Safety
/// `eval` must be NULL or point to an `EkEval` initialised by `ek_eval_init`; `board` NULL
/// or a readable `EkBoard`.
#[no_mangle]
pub unsafe extern "C" fn ek_eval_set(eval: *mut EkEval, board: *const EkBoard) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_eval_set(eval, board) }
}

/// Edax's `eval_update`: the features after the side to move plays `move->x` flipping
/// `move->flipped` (any bits; only what the move changes is meant), written to slot `ply + 1`;
/// then `ply` is incremented and `player` toggled. Returns `EK_OK`, `EK_ERR_NULL` (NULL
/// argument or `feature`), or `EK_ERR_RANGE` (`move->x` not 0..63, or `ply` not 0..59):
/// nothing changes then.
///
/// # Safety
/// `eval` must be NULL or point to an `EkEval` initialised by `ek_eval_init`; `move` NULL or a
/// readable `EkMove`.
#[no_mangle]
pub unsafe extern "C" fn ek_eval_update(eval: *mut EkEval, r#move: *const EkMove) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_eval_update(eval, r#move) }
}

/// Edax's `eval_restore`: back to the features before the last `ek_eval_update` (`ply`
/// decremented, `player` toggled). Returns `EK_OK`, `EK_ERR_NULL`, or `EK_ERR_RANGE` when
/// `ply` is not 1..60 (nothing changes).
///
/// # Safety
/// `eval` must be NULL or point to a writable `EkEval`.
#[no_mangle]
pub unsafe extern "C" fn ek_eval_restore(eval: *mut EkEval) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or valid by contract.
        let Some(eval) = (unsafe { eval.as_mut() }) else { return EK_ERR_NULL };
        if !(1..=60).contains(&eval.ply) {
            return EK_ERR_RANGE;
        }
        eval.ply -= 1;
        eval.player ^= 1;
        EK_OK
    })
}

/// Edax's `eval_pass`: after (or to undo) a pass, toggles `player`. Returns `EK_OK` or
/// `EK_ERR_NULL`.
///
/// # Safety
/// `eval` must be NULL or point to a writable `EkEval`.
#[no_mangle]
pub unsafe extern "C" fn ek_eval_pass(eval: *mut EkEval) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or valid by contract.
        let Some(eval) = (unsafe { eval.as_mut() }) else { return EK_ERR_NULL };
        eval.player ^= 1;
        EK_OK
    })
}

/// Edax's `eval_accumulate`: the raw sum of the weights of the 47 features at `ply` for
/// `player` (no scaling). Returns 0 when it cannot evaluate (NULL argument or `feature`, `ply`
/// not 0..60, no weights loaded): `ek_eval_accumulate_checked` tells why.
///
/// # Safety
/// `eval` must be NULL or point to an `EkEval` initialised by `ek_eval_init`.
#[no_mangle]
pub unsafe extern "C" fn ek_eval_accumulate(eval: *const EkEval) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_eval_accumulate(eval) }
}

/// `ek_eval_accumulate` with a status: writes the sum to `*sum` and returns `EK_OK`, or returns
/// `EK_ERR_NULL`, `EK_ERR_RANGE` (`ply` not 0..60) or `EK_ERR_EVAL_NONE` (no weights loaded).
///
/// # Safety
/// `eval` as for `ek_eval_accumulate`; `sum` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_eval_accumulate_checked(eval: *const EkEval, sum: *mut c_int) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_eval_accumulate_checked(eval, sum) }
}
