//! Edax 4.6's evaluation names and signatures (eval.h; feature `edax-abi-eval`), for linking into
//! an Edax build in place of its eval.c. Same defined behaviour as the `ek_eval_` exports,
//! except that, as in Edax, `eval_open` and `eval_init` do not return when they fail: they
//! print the reason on stderr and exit the process with EXIT_FAILURE (Edax's `fatal_error`).
//! These are the only functions of the library that can end the process; the `ek_eval_`
//! functions return a status instead.

use super::guard;
use crate::eval::{EkEval, EkMove};
use crate::types::board::EkBoard;
use core::ffi::{c_char, c_int, CStr};

/// `void eval_open(const char *file)`: loads the weights unless weights are loaded already
/// (Edax reads the file once until `eval_close`). Edax's contract on failure (missing,
/// truncated, wrongly-sized or non-Edax file, NULL): it does not return; it writes
/// `edax_kernels: eval_open(<file>): <reason>` to stderr and exits with EXIT_FAILURE.
/// `ek_eval_load_file` is the same load returning a status.
///
/// # Safety
/// `file` must be NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn eval_open(file: *const c_char) {
    guard((), || {
        if super::eval_api::ek_eval_loaded() != 0 {
            return;
        }
        // SAFETY: same contract as ek_eval_load_file.
        let status = unsafe { super::eval_api::ek_eval_load_file(file) };
        if status != super::api::EK_OK {
            let name = if file.is_null() {
                b"(null)".as_slice()
            } else {
                // SAFETY: non-null, NUL-terminated by contract.
                unsafe { CStr::from_ptr(file) }.to_bytes()
            };
            // SAFETY: ek_status_message returns a static NUL-terminated string.
            let why = unsafe { CStr::from_ptr(super::api::ek_status_message(status)) }.to_bytes();
            fatal(&[b"eval_open(", name, b"): ", why]);
        }
    })
}

/// `void eval_close(void)`: stops using the weights (see `ek_eval_unload`).
#[no_mangle]
pub extern "C" fn eval_close() {
    super::eval_api::ek_eval_unload();
}

/// `void eval_init(Eval*)`: see `ek_eval_init`; a NULL `eval` does nothing. Out of memory, as in
/// Edax, it does not return: it writes the reason to stderr and exits with EXIT_FAILURE.
///
/// # Safety
/// `eval` must be NULL or point to a writable `Eval`.
#[no_mangle]
pub unsafe extern "C" fn eval_init(eval: *mut EkEval) {
    // SAFETY: same contract.
    guard((), || {
        if unsafe { super::eval_api::ek_eval_init(eval) } == super::api::EK_ERR_NO_MEMORY {
            fatal(&[b"eval_init: cannot allocate the eval features"]);
        }
    })
}

/// Edax's `fatal_error`: `edax_kernels: ` and the parts of the message on stderr, then
/// `exit(EXIT_FAILURE)`. Only C library calls (no allocation, nothing that can unwind); a failed
/// write is ignored.
fn fatal(message: &[&[u8]]) -> ! {
    for part in [b"edax_kernels: ".as_slice()].iter().chain(message).chain(&[b"\n".as_slice()]) {
        // The count is a size_t on POSIX and an unsigned int on Windows; the parts are short.
        // SAFETY: writes part.len() bytes from a live slice to file descriptor 2.
        unsafe { libc::write(2, part.as_ptr().cast(), part.len() as _) };
    }
    // SAFETY: exit runs the atexit handlers and ends the process, as Edax's fatal_error does.
    unsafe { libc::exit(libc::EXIT_FAILURE) }
}

/// `void eval_free(Eval*)`: see `ek_eval_free`.
///
/// # Safety
/// As for `ek_eval_free`.
#[no_mangle]
pub unsafe extern "C" fn eval_free(eval: *mut EkEval) {
    // SAFETY: same contract.
    unsafe { super::eval_api::ek_eval_free(eval) }
}

/// `void eval_set(Eval*, const Board*)`: see `ek_eval_set`.
///
/// # Safety
/// As for `ek_eval_set`.
#[no_mangle]
pub unsafe extern "C" fn eval_set(eval: *mut EkEval, board: *const EkBoard) {
    // SAFETY: same contract as ek_eval_set.
    unsafe { crate::dispatch::c_dispatch::ek_eval_set(eval, board) };
}

/// `void eval_update(Eval*, const Move*)`: see `ek_eval_update`.
///
/// # Safety
/// As for `ek_eval_update`.
#[no_mangle]
pub unsafe extern "C" fn eval_update(eval: *mut EkEval, mv: *const EkMove) {
    // SAFETY: same contract as ek_eval_update.
    unsafe { crate::dispatch::c_dispatch::ek_eval_update(eval, mv) };
}

/// `void eval_restore(Eval*)`: see `ek_eval_restore`.
///
/// # Safety
/// As for `ek_eval_restore`.
#[no_mangle]
pub unsafe extern "C" fn eval_restore(eval: *mut EkEval) {
    // SAFETY: same contract.
    unsafe { super::eval_api::ek_eval_restore(eval) };
}

/// `void eval_pass(Eval*)`: see `ek_eval_pass`.
///
/// # Safety
/// As for `ek_eval_pass`.
#[no_mangle]
pub unsafe extern "C" fn eval_pass(eval: *mut EkEval) {
    // SAFETY: same contract.
    unsafe { super::eval_api::ek_eval_pass(eval) };
}

/// `int eval_accumulate(const Eval*)`: see `ek_eval_accumulate`.
///
/// # Safety
/// As for `ek_eval_accumulate`.
#[no_mangle]
pub unsafe extern "C" fn eval_accumulate(eval: *const EkEval) -> c_int {
    // SAFETY: same contract as ek_eval_accumulate.
    unsafe { crate::dispatch::c_dispatch::ek_eval_accumulate(eval) }
}

/// `double eval_sigma(int n_empty, int depth, int probcut_depth)`: Edax's error model of a
/// search at `depth` (with probcut at `probcut_depth`) on `n_empty` squares, with the
/// coefficients Edax sets when it loads weights: 0 before the first successful load (by
/// `eval_open` or `ek_eval_load_*`).
#[no_mangle]
pub extern "C" fn eval_sigma(n_empty: c_int, depth: c_int, probcut_depth: c_int) -> f64 {
    crate::dispatch::dispatch::eval_sigma(n_empty, depth, probcut_depth)
}
