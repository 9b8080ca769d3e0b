//! Portable level: the generic algorithms on plain `u64`, for any target.

use super::Prims;

/// The generic primitives, compiled without any target feature.
pub(crate) struct PortablePrims;

impl Prims for PortablePrims {
    super::level_outline!();
    #[inline(always)]
    fn flip(x: usize, p: u64, o: u64) -> u64 {
        super::flip::flip(x, p, o)
    }
    #[inline(always)]
    fn get_moves(p: u64, o: u64) -> u64 {
        super::moves::get_moves(p, o)
    }
    #[inline(always)]
    fn get_stability(p: u64, o: u64) -> i32 {
        super::stability::stable_discs(p, o).count_ones() as i32
    }
    #[inline(always)]
    fn last_flip_count(x: usize, p: u64) -> i32 {
        2 * super::flip::last_flip(x, p).count_ones() as i32
    }
}

/// The portable level has no target feature: its items are compiled as they are (the
/// counterpart of the other levels' `features!`, for the dispatch layer's entries).
macro_rules! portable_features {
    ($($item:item)*) => { $( $item )* };
}
pub(crate) use portable_features as features;
