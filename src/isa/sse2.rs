//! SSE2 level (the x86-64 baseline: no POPCNT, LZCNT, BMI or PSHUFB).
//!
//! SSE2 helps where both bitboards, or several lines, fit one 128-bit vector: symmetries,
//! the unique board, the stable-edge table indexes. The rest is the generic code.

use super::x86::{stable_edge_sse2, symmetry_sse2, unique_sse2};
use super::{Isa, Kernels};
use crate::board::{EkBoard, UniqueBoard};
use crate::generic::{self, stability::stable_discs_from, Prims};

/// The generic primitives compiled for SSE2.
pub(super) struct Sse2Prims;

impl Prims for Sse2Prims {
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
    fn last_flip_count(x: usize, p: u64) -> i32 {
        2 * generic::flip::last_flip(x, p).count_ones() as i32
    }
}

generic_entries!([#[target_feature(enable = "sse2")]] Sse2Prims;
    flip, count_last_flip, board_score_1, board_score_1_exact, get_moves, can_move, get_mobility,
    get_weighted_mobility, get_potential_mobility, get_corner_stability, hash_code, bit_count, perft);

#[target_feature(enable = "sse2")]
unsafe extern "C" fn get_stability(p: u64, o: u64) -> i32 {
    stable_discs_from(p, stable_edge_sse2(p, o), &generic::stability::full_lines(p | o)).count_ones() as i32
}

#[target_feature(enable = "sse2")]
unsafe extern "C" fn get_edge_stability(p: u64, o: u64) -> i32 {
    stable_edge_sse2(p, o).count_ones() as i32
}

#[target_feature(enable = "sse2")]
unsafe extern "C" fn symmetry(b: EkBoard, s: i32) -> EkBoard {
    symmetry_sse2(b, s)
}

#[target_feature(enable = "sse2")]
unsafe extern "C" fn unique(b: EkBoard) -> UniqueBoard {
    unique_sse2(b)
}

pub(super) static KERNELS: Kernels = Kernels {
    isa: Isa::Sse2,
    flip: g::flip,
    count_last_flip: g::count_last_flip,
    board_score_1: g::board_score_1,
    board_score_1_exact: g::board_score_1_exact,
    get_moves: g::get_moves,
    can_move: g::can_move,
    get_mobility: g::get_mobility,
    get_weighted_mobility: g::get_weighted_mobility,
    get_potential_mobility: g::get_potential_mobility,
    get_stability,
    get_edge_stability,
    get_corner_stability: g::get_corner_stability,
    hash_code: g::hash_code,
    symmetry,
    unique,
    bit_count: g::bit_count,
    perft: g::perft,
};
