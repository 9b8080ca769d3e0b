//! Edax 4.6's pattern evaluation: the `Eval` state (features per ply), its operations, and the
//! eval.dat weights.
//!
//! Layouts are Edax's: [`EkEval`] is `Eval` (features pointer, player, ply), [`EkEvalFeature`]
//! is `Feature` (48 x u16, 96 bytes, 32-byte aligned as in Edax's AVX2 build), [`EkMove`] is
//! `Move`. A feature is the base-3 number of its pattern squares (0 = the features' player,
//! 1 = the other colour, 2 = empty) plus its offset; `player` says which colour the features'
//! player is (toggled by every move and pass), `ply` which slot of the feature array is current.

pub mod bundled;
pub(crate) mod patterns;
pub(crate) mod sigma;
mod table;
pub(crate) mod weights;
#[cfg(target_arch = "x86_64")]
mod x86;

use crate::kernels::{portable::PortablePrims, Prims};
use crate::types::board::EkBoard;
use patterns::{FEATURE_DELTA, FEATURE_OFFSET, FEATURE_SQUARES, N_FEATURES, N_PLIES};
pub use weights::{packed_indexes, LoadError, Weights, EVAL_FILE_SIZE, INDEX_LEN, PACKED_WEIGHTS};

/// Edax's `Feature`: the 47 features of a position (and one padding feature).
#[repr(C, align(32))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EkEvalFeature {
    /// The features.
    pub v: [u16; 48],
}

/// Edax's `Eval`: the features of every ply of the current line, and who is to move in them.
#[repr(C)]
#[derive(Debug)]
pub struct EkEval {
    /// 61 features, one per ply (allocated by `ek_eval_init`, 64-byte aligned).
    pub feature: *mut EkEvalFeature,
    /// 0 when the side to move is the features' player, 1 otherwise.
    pub player: i32,
    /// Current ply (60 - empty squares), indexing `feature`.
    pub ply: i32,
}

/// Edax's `Move` (move.h): `x` and `flipped` are what `eval_update` reads.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EkMove {
    /// Next move of an Edax move list.
    pub next: *mut EkMove,
    /// Discs flipped by the move.
    pub flipped: u64,
    /// Square played.
    pub x: i32,
    /// Move score.
    pub score: i32,
    /// Move cost.
    pub cost: u32,
}

/// Edax's `eval_set`: the features of `board` (side to move = the features' player). As in
/// Edax, a square in both bitboards has the digit -1 and the 16-bit features wrap around.
/// Inlined, so that each level's `ek_eval_set` entry computes it with its own instructions.
#[inline(always)]
pub(crate) fn features_of(board: &EkBoard) -> EkEvalFeature {
    let mut v = [0u16; 48];
    for (i, squares) in FEATURE_SQUARES.iter().enumerate() {
        let digits = squares.iter().fold(0u16, |f, &x| {
            let digit = 2 - 2 * ((board.player >> x) & 1) as i32 - ((board.opponent >> x) & 1) as i32;
            f.wrapping_mul(3).wrapping_add(digit as u16)
        });
        v[i] = digits.wrapping_add(FEATURE_OFFSET[i]);
    }
    v[N_FEATURES] = FEATURE_OFFSET[N_FEATURES];
    EkEvalFeature { v }
}

/// `eval_update` on plain integers: the features after the side to move plays `x` and flips
/// `flipped`. Player 0 moves: the new disc goes from digit 2 to 0, flipped discs from 1 to 0;
/// player 1: new disc 2 to 1, flipped discs 0 to 1.
#[inline(always)]
pub(crate) fn update_scalar(from: &EkEvalFeature, x: usize, flipped: u64, player: i32) -> EkEvalFeature {
    let mut v = from.v;
    let (placed, flip_sign) = if player == 0 { (2u16, 0u16.wrapping_sub(1)) } else { (1, 1) };
    for (f, d) in v.iter_mut().zip(FEATURE_DELTA.0[x & 63].iter()) {
        *f = f.wrapping_sub(placed.wrapping_mul(*d));
    }
    let mut b = flipped;
    while b != 0 {
        let y = b.trailing_zeros() as usize;
        b &= b - 1;
        for (f, d) in v.iter_mut().zip(FEATURE_DELTA.0[y].iter()) {
            *f = f.wrapping_add(flip_sign.wrapping_mul(*d));
        }
    }
    EkEvalFeature { v }
}

/// `eval_accumulate` on plain integers: the sum of the weights of the 47 features, given the
/// weights of the ply and colour (one per unpacked feature).
#[inline(always)]
pub(crate) fn accumulate_scalar(f: &EkEvalFeature, weights: &[i16; INDEX_LEN]) -> i32 {
    let mut sum = 0;
    for (&f, &base) in f.v[..N_FEATURES].iter().zip(patterns::FEATURE_BASE.0.iter()) {
        let u = base as usize + f as usize;
        // SAFETY: bases are at most GROUP_BASE[4], so u < GROUP_BASE[4] + 65536 = INDEX_LEN:
        // any feature value is in bounds.
        sum += unsafe { *weights.get_unchecked(u) } as i32;
    }
    sum
}

/// Number of feature slots of an `EkEval` (one per ply).
///
/// cbindgen:ignore
pub const EVAL_PLIES: usize = N_PLIES;

/// The features of `board`, its side to move being the features' player (Edax's `eval_set`).
pub fn features(board: &EkBoard) -> EkEvalFeature {
    features_of(board)
}

/// The evaluation's two kernels on one level: scalar unless the level has vector forms
/// (x86.rs). The dispatch layer compiles them into each level's `eval_update` and
/// `eval_accumulate` entries.
pub(crate) trait EvalPrims: Prims {
    /// `eval_update`: the features after the side to move plays `x` (0..=63) flipping
    /// `flipped`, `player` being `EkEval::player`.
    #[inline(always)]
    fn update(from: &EkEvalFeature, to: &mut EkEvalFeature, x: i32, flipped: u64, player: i32) {
        *to = update_scalar(from, x as usize, flipped, player);
    }
    /// `eval_accumulate`: the sum of the weights of the 47 features.
    #[inline(always)]
    fn accumulate(f: &EkEvalFeature, weights: &[i16; INDEX_LEN]) -> i32 {
        accumulate_scalar(f, weights)
    }
}

impl EvalPrims for PortablePrims {}
// The scalar forms on AArch64, where NEON is baseline: the compiler already turns
// `update_scalar`'s loops into the 6 x 128-bit form of x86.rs's SSE2 one.
#[cfg(target_arch = "aarch64")]
impl EvalPrims for crate::kernels::neon::NeonPrims {}
#[cfg(target_arch = "aarch64")]
impl EvalPrims for crate::kernels::neon::crc::NeonCrcPrims {}

/// Loads an eval.dat file and makes it the weights in use (see `ek_eval_load_file`).
pub fn load_file(path: &std::path::Path) -> Result<&'static Weights, LoadError> {
    weights::publish_file(path)
}

/// Loads an eval.dat image and makes it the weights in use (see `ek_eval_load_buffer`).
pub fn load_buffer(data: &[u8]) -> Result<&'static Weights, LoadError> {
    weights::publish(data)
}

/// Loads the project's own weights, built into the library, and makes them the weights in use
/// (see `ek_eval_load_default`).
pub fn load_default() -> Result<&'static Weights, LoadError> {
    bundled::load()
}

/// The weights in use, if any.
pub fn loaded() -> Option<&'static Weights> {
    weights::active()
}
