//! Portable level: the generic algorithms on plain `u64`, for any target.

use super::{Isa, Kernels};
use crate::generic::{self, Prims};

/// The generic primitives, compiled without any target feature.
pub(crate) struct PortablePrims;

impl Prims for PortablePrims {
    #[inline(always)]
    fn flip(x: usize, p: u64, o: u64) -> u64 {
        generic::flip::flip(x, p, o)
    }
    #[inline(always)]
    fn get_moves(p: u64, o: u64) -> u64 {
        generic::moves::get_moves(p, o)
    }
    #[inline(always)]
    fn can_move(p: u64, o: u64) -> bool {
        generic::moves::get_moves(p, o) != 0
    }
    #[inline(always)]
    fn popcount(b: u64) -> u32 {
        b.count_ones()
    }
    #[inline(always)]
    fn get_stability(p: u64, o: u64) -> i32 {
        generic::stability::stable_discs(p, o).count_ones() as i32
    }
    #[inline(always)]
    fn outline<R>(f: impl FnOnce() -> R) -> R {
        #[inline(never)]
        fn outlined<R>(f: impl FnOnce() -> R) -> R {
            f()
        }
        outlined(f)
    }
    #[inline(always)]
    fn last_flip_count(x: usize, p: u64) -> i32 {
        2 * generic::flip::last_flip(x, p).count_ones() as i32
    }
}

generic_entries!([] PortablePrims;
    flip, board_next, count_last_flip, board_score_1, board_score_1_exact, get_moves, can_move, get_mobility,
    get_weighted_mobility, get_potential_mobility, get_stability, get_edge_stability,
    get_corner_stability, hash_code, symmetry, unique, bit_count, eval_update, eval_accumulate, perft, bit_weighted_count, eval_sigma, solve_shallow);
c_entries!([] PortablePrims);

pub(super) static KERNELS: Kernels = c_fields!(Kernels {
    isa: Isa::Portable,
    flip: g::flip,
    board_next: g::board_next,
    count_last_flip: g::count_last_flip,
    board_score_1: g::board_score_1,
    board_score_1_exact: g::board_score_1_exact,
    get_moves: g::get_moves,
    can_move: g::can_move,
    get_mobility: g::get_mobility,
    get_weighted_mobility: g::get_weighted_mobility,
    get_potential_mobility: g::get_potential_mobility,
    get_stability: g::get_stability,
    get_edge_stability: g::get_edge_stability,
    get_corner_stability: g::get_corner_stability,
    hash_code: g::hash_code,
    symmetry: g::symmetry,
    unique: g::unique,
    bit_count: g::bit_count,
    eval_update: g::eval_update,
    eval_accumulate: g::eval_accumulate,
    perft: g::perft,
    solve_shallow: g::solve_shallow,
    flip_batch: super::batch::portable::flip_batch,
    board_next_batch: super::batch::portable::board_next_batch,
    count_last_flip_batch: super::batch::portable::count_last_flip_batch,
    get_moves_batch: super::batch::portable::get_moves_batch,
    get_mobility_batch: super::batch::portable::get_mobility_batch,
    get_stability_batch: super::batch::portable::get_stability_batch,
    hash_code_batch: super::batch::portable::hash_code_batch,
    bit_weighted_count: g::bit_weighted_count,
    eval_sigma: g::eval_sigma,
});
