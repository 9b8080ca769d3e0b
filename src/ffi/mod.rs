//! The C ABI: `ek_` exports (always) and Edax's own names (feature `edax-abi`).
//!
//! The functions are safe to call from Rust too; `api` also holds the status codes, and
//! `batch_api` has the batch calls (`ek_*_batch`: one call, `n` boards).
//!
//! Conventions (also in docs/reference.md): every symbol has the `ek_` prefix; inputs first, outputs
//! last, written only on success; functions that can fail return an `int` status, 0 or a
//! negative `EK_ERR_*` code, and `ek_status_message` describes every code.
//!
//! Panics: the bit-manipulation kernels (flip, moves, stability, hash, ...) contain no panic
//! path and are exported as plain calls, so that a call costs what a C call costs. Every other
//! export runs its body through [`guard`], which turns a panic into an error value; no panic
//! ever unwinds into the caller.

pub mod api;
pub mod batch_api;
#[cfg(feature = "edax-abi")]
mod edax_abi;
#[cfg(feature = "edax-abi-eval")]
mod edax_abi_eval;
pub mod engine_api;
pub mod eval_api;
pub mod isa_api;
pub mod solver_api;

use std::panic::{catch_unwind, UnwindSafe};

/// Runs `body`, returning `fallback` if it panics.
fn guard<T>(fallback: T, body: impl FnOnce() -> T + UnwindSafe) -> T {
    catch_unwind(body).unwrap_or(fallback)
}
