//! # edax-kernels
//!
//! The hot kernels of the Edax 4.6 Othello engine (flips, move generation, mobility,
//! stability, last-move scores, hashing, symmetries, perft), re-implemented with SIMD,
//! bit-exact with Edax, and exported through a C ABI (`include/edax_kernels.h`).
//!
//! Bit numbering: A1 = bit 0 ... H8 = bit 63; square index `x` = 0..=63, 64 = PASS,
//! 65 = NOMOVE. `P`/`player` is the side to move, `O`/`opponent` the other side.
//!
//! Each kernel exists per instruction-set level ([`Isa`]); the free functions of this crate
//! call the active level, chosen once at run time from the CPU (and `EDAX_KERNELS_ISA`).
//! [`Isa::kernels`] gives direct access to any level the CPU supports.
//!
//! Defined behaviour on any input: a square outside 0..=63 flips nothing; overlapping
//! bitboards get the result each kernel documents (the same on every level).

// The layers, bottom to top (ARCHITECTURE.md; tests/layers.rs checks that each module only
// uses the layers below it): types <- kernels <- eval, hash_table, bases (game databases) <- endgame <- solver <-
// engine <- dispatch <- games (many games stepped at once) <- ffi and api (the Rust API: this
// file and api.rs).
mod api;
/// cbindgen:ignore
pub mod bases;
pub mod book;
/// cbindgen:ignore
mod dispatch;
mod endgame;
pub mod engine;
pub mod eval;
pub mod ffi;
/// cbindgen:ignore
pub mod games;
mod hash_table;
/// cbindgen:ignore
mod kernels;
pub mod solver;
mod types;

pub use book::EkBook;
pub use dispatch::dispatch::*;
pub use dispatch::{
    active as active_isa, active_table, env_choice, set_active as set_active_isa, EnvChoice, Isa, Kernels, ISA_ENV,
    VARIANT_ENV,
};
pub use endgame::midgame::{EkEdaxResult, EkEdaxTables, EkMidgameSearch, EK_PV_SIZE};
pub use hash_table::{
    EkHash, EkHashData, EkHashDraft, EkHashDraftBytes, EkHashDraftPairs, EkHashStore, EkHashTable, EkSpinLock,
    HASH_N_WAY,
};
pub use solver::EkSolver;
pub use types::batch::{BatchIn, BatchOut};
pub use types::board::{square_bit, EkBoard, UniqueBoard, NOMOVE, PASS};
pub use types::results::{EkPerftStats, EkSolveResult, SolveError, EK_SOLVER_MAX_THREADS};

/// Edax's `board_flip`: the discs flipped by playing `x` on `board`.
#[inline]
pub fn board_flip(board: &EkBoard, x: i32) -> u64 {
    flip(x, board.player, board.opponent)
}

/// The examples of README.md, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
