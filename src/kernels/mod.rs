//! The kernels layer: the bit-board algorithms, written once on plain `u64`, and one module
//! per instruction-set level with that level's SIMD versions of some of them.
//!
//! Everything here is `#[inline(always)]` or compiled with a level's features: the dispatch
//! layer (src/dispatch) wraps each kernel in an entry compiled with the level's
//! `#[target_feature]`s, so the same source gets that level's instructions (popcnt, lzcnt,
//! BMI, ...). A level is a type implementing [`Prims`], the one primitive trait; the composite
//! algorithms (score of the last move, perft, the searches above this layer) are generic over
//! it. Each level module states its target features once, in its `features!` macro: `portable`
//! on any target, `sse2`, `avx2`, `avx512` (with `x86` helpers and `batch/` kernels) on x86-64,
//! `neon` on AArch64.

pub(crate) mod crc32c;
pub(crate) mod flip;
pub(crate) mod last_flip;
pub(crate) mod masks;
pub(crate) mod moves;
pub(crate) mod perft;
pub(crate) mod score;
pub(crate) mod stability;
pub(crate) mod symmetry;

pub(crate) mod portable;
cfg_if::cfg_if! {
    if #[cfg(target_arch = "x86_64")] {
        pub(crate) mod avx2;
        pub(crate) mod avx512;
        pub(crate) mod batch;
        pub(crate) mod last_flip_x86;
        pub(crate) mod sse2;
        pub(crate) mod x86;
    } else if #[cfg(target_arch = "aarch64")] {
        pub(crate) mod neon;
    }
}

use crate::types::board::{EkBoard, UniqueBoard};

/// The primitives the composite algorithms are built on.
///
/// Implementations are zero-sized types, one per level module, whose methods call that level's
/// `#[target_feature]` functions; they are only used inside that level's own
/// `#[target_feature]` entries (src/dispatch), where those calls inline. The provided methods
/// are the generic algorithms, for the levels that have nothing better.
pub(crate) trait Prims {
    /// Discs flipped by playing `x` (0..=63).
    fn flip(x: usize, p: u64, o: u64) -> u64;
    /// Legal moves.
    fn get_moves(p: u64, o: u64) -> u64;
    /// Whether there is a legal move.
    #[inline(always)]
    fn can_move(p: u64, o: u64) -> bool {
        Self::get_moves(p, o) != 0
    }
    /// Number of set bits (POPCNT where the level's features have it).
    #[inline(always)]
    fn popcount(b: u64) -> u32 {
        b.count_ones()
    }
    /// Twice the number of discs `p` flips by playing `x` (0..=63) when every other square is
    /// the opponent's.
    fn last_flip_count(x: usize, p: u64) -> i32;
    /// Edax's `get_stability`: the number of discs of `p` proven stable.
    fn get_stability(p: u64, o: u64) -> i32;
    /// Calls `f` in a function of its own (never inlined) compiled with the level's target
    /// features: a boundary that keeps a deep recursion of inlined code small.
    fn outline<R>(f: impl FnOnce() -> R) -> R;
    /// `(last_flip_count(x, p), last_flip_count(x, !p))` by the method fastest in the endgame
    /// search, where the counts feed branches and their latency shows (kindergarten gathering
    /// unless the level has better); the opponent's is needed when `p` cannot move.
    fn last_flip_count_endgame_both(x: usize, p: u64) -> (i32, i32) {
        (last_flip::last_flip_count(x, p), last_flip::last_flip_count(x, !p))
    }
    /// Edax's `board_get_hash_code` (CRC-32C), by table unless the level has the instruction.
    fn hash_code(p: u64, o: u64) -> u64 {
        crc32c::hash_code(p, o)
    }
    /// `(last_flip_count(x, p), last_flip_count(x, o))`, computed together.
    fn last_flip_count_both(x: usize, p: u64, o: u64) -> (i32, i32) {
        (Self::last_flip_count(x, p), Self::last_flip_count(x, o))
    }
    /// Edax's `get_edge_stability`: the discs of `p` on the edges that no move on their edge can
    /// flip.
    #[inline(always)]
    fn edge_stability(p: u64, o: u64) -> i32 {
        stability::stable_edge_count(p, o) as i32
    }
    /// The board under symmetry `s` (bits 0..=2 used).
    #[inline(always)]
    fn symmetry(b: EkBoard, s: i32) -> EkBoard {
        symmetry::symmetry(b, s as u32)
    }
    /// The smallest symmetric board and the symmetry giving it.
    #[inline(always)]
    fn unique(b: EkBoard) -> UniqueBoard {
        let (board, s) = symmetry::unique(b);
        UniqueBoard { board, symmetry: s as i32 }
    }
}

/// The [`Prims::outline`] method of a level module, inside its `impl Prims`: the outlined
/// function is compiled with the module's own `features!`.
macro_rules! level_outline {
    () => {
        #[inline(always)]
        fn outline<R>(f: impl FnOnce() -> R) -> R {
            features! {
                #[inline(never)]
                unsafe fn outlined<R>(f: impl FnOnce() -> R) -> R {
                    f()
                }
            }
            // SAFETY: a level's primitives run only inside its entries, on a CPU that has it.
            unsafe { outlined(f) }
        }
    };
}
pub(crate) use level_outline;
