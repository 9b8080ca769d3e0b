//! The C ABI: `ek_` exports (always) and Edax's own names (feature `edax-abi`).
//!
//! The functions are safe to call from Rust too; `api` also holds the status codes, and
//! `batch_api` has the batch calls (`ek_*_batch`: one call, `n` boards).
//!
//! Conventions (also in docs/reference.md): every symbol has the `ek_` prefix; inputs first, outputs
//! last, written only on success; functions that can fail return an `int` status, 0 or a
//! negative `EK_ERR_*` code, and `ek_status_message` describes every code.
//!
//! Panics: none ever unwinds into the caller, and none aborts the process (a panic that reaches
//! the frame of an `extern "C"` function aborts there). Every export has one of three shapes,
//! which tests/exports.rs checks in these sources:
//!
//! - **A jump**: the body is one call of an `extern "C"` function, the arguments passed on as
//!   they are or through an operator (`s & 7`, `b as u64`), the result returned as it is. The
//!   callee is an entry of the kernel table, through its dispatch slot (`dispatch::`,
//!   `c_dispatch::`: the kernels, and the C-shaped entries that hold the whole body of an export
//!   with pointers), or another export (Edax's names onto the `ek_` ones). The searches Edax
//!   calls at every node, `ek_solve_shallow` and `ek_nws_endgame`, are jumps, and so are the
//!   other searches and the solves (`ek_solver_solve`, `_batch`, `_many`). A jump takes no
//!   guard: a panic cannot unwind out of the `extern "C"` callee (it aborts inside it), so a
//!   guard around the call would catch nothing, and the compiler drops it (`ek_nws_midgame`, one
//!   `jmp` through its slot, compiles to the same `jmp` with a guard around the call). What
//!   keeps a jump from panicking is that nothing it runs can: tests/exports.rs walks the
//!   machine code from every entry of every level, every first-call trampoline and every export
//!   that is not guarded, and fails on any path to a panic (the solver's and the engine's
//!   threads start behind a boundary of their own, `solver::threads::cold`, and the level
//!   selection runs behind `dispatch::ensure_selected_from_c`).
//! - **Guarded**: the body is one call `guard(FALLBACK, BODY)` and nothing else, `BODY` a closure
//!   or a function (which `AssertUnwindSafe` may wrap: `solver_api.rs` says why). The fallback,
//!   the result should the body panic, is evaluated before the guard runs, so it is a plain
//!   value (a literal, a constant, a null pointer); the NULL checks and the conversions of the
//!   arguments are inside the closure. Every export with code of its own is guarded, the hot
//!   ones too (`ek_board_flip`, `ek_eval_restore`): where nothing in the closure can unwind, the
//!   guard compiles to nothing.
//! - **Listed**: the exports named in `UNGUARDED` (below), for the reasons given there; the
//!   machine code walk checks them as it checks the jumps.

pub mod api;
pub mod base_api;
pub mod batch_api;
pub mod book_api;
pub mod book_query_api;
#[cfg(feature = "edax-abi")]
mod edax_abi;
#[cfg(feature = "edax-abi-eval")]
mod edax_abi_eval;
pub mod engine_api;
pub mod eval_api;
pub mod isa_api;
pub mod play_api;
pub mod search_api;
pub mod solver_api;

use std::panic::{catch_unwind, UnwindSafe};

/// Runs `body`, returning `fallback` if it panics.
fn guard<T>(fallback: T, body: impl FnOnce() -> T + UnwindSafe) -> T {
    catch_unwind(body).unwrap_or(fallback)
}

/// The exports that are neither a jump nor guarded (see above), and why:
/// - `ek_version`: returns the address of a constant string, and nothing else;
/// - `ek_status_message`: returns the address of a constant string that a `const fn`'s `match`
///   picks (every value, known or not, has its message), and nothing else;
/// - `edge_stability_init` (Edax's names): an empty body.
///
/// Read by tests/exports.rs, which fails on an export that needs to be here and is not, and on
/// one that is here without needing to be.
#[doc(hidden)]
pub const UNGUARDED: [&str; 3] = ["ek_version", "ek_status_message", "edge_stability_init"];
