//! Plain-`u64` algorithms, written once and compiled into every ISA's kernel table.
//!
//! Everything here is `#[inline(always)]`: an ISA module wraps what it does not override in a
//! `#[target_feature]` function, so the same source gets that ISA's instructions (popcnt,
//! lzcnt, BMI, ...). The composite algorithms (score of the last move, perft) are generic over
//! [`Prims`], the few primitives an ISA provides.

pub(crate) mod crc32c;
pub(crate) mod flip;
pub(crate) mod last_flip;
pub(crate) mod masks;
pub(crate) mod moves;
pub(crate) mod perft;
pub(crate) mod score;
pub(crate) mod stability;
pub(crate) mod symmetry;

/// The primitives the composite algorithms are built on.
///
/// Implementations are zero-sized types private to an ISA module, whose methods call that
/// ISA's `#[target_feature]` functions; they are only used inside that ISA's own
/// `#[target_feature]` entry points, where those calls inline.
pub(crate) trait Prims {
    /// Discs flipped by playing `x` (0..=63).
    fn flip(x: usize, p: u64, o: u64) -> u64;
    /// Legal moves.
    fn get_moves(p: u64, o: u64) -> u64;
    /// Whether there is a legal move.
    fn can_move(p: u64, o: u64) -> bool;
    /// Number of set bits.
    fn popcount(b: u64) -> u32;
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
}
