//! SSE2 level (the x86-64 baseline: no POPCNT, LZCNT, BMI or PSHUFB).
//!
//! Without per-lane shifts or a leading-zero count, the rays towards smaller bits are handled
//! as rays towards larger bits of the rank-mirrored board: lane 0 of a vector holds the board,
//! lane 1 its byte swap. That covers the vertical and both diagonal directions both ways; the
//! horizontal ones stay scalar. SSE2 also computes the symmetries, the unique board and the
//! stable-edge table indexes; the rest is the generic code.

use super::masks::LINE_MASKS;
use super::x86::{edge_stability_sse2, stable_edge_sse2, symmetry_sse2, unique_sse2};
use super::{stability::stable_discs_from, Prims};
use crate::types::board::{EkBoard, UniqueBoard};
use core::arch::x86_64::*;

/// Compiles each item with this level's target features, stated here once for every kernel
/// of the level (the batch kernels and the dispatch layer's entries use it too).
macro_rules! sse2_features {
    ($($item:item)*) => { $( #[target_feature(enable = "sse2")] $item )* };
}
pub(crate) use sse2_features as features;

/// Per square: for the vertical, diagonal (9) and anti-diagonal (7) lines, the ray towards
/// larger bits and, in lane 1, the opposite ray seen in the rank-mirrored board (square
/// `x ^ 56`, where the opposite vertical ray is vertical, and the diagonals swap); then both
/// horizontal rays.
#[repr(C, align(64))]
struct MirrorMasks {
    pairs: [[u64; 2]; 3],
    h_up: u64,
    h_down: u64,
}

const fn build_mirror_masks() -> [MirrorMasks; 64] {
    let mut t = [const { MirrorMasks { pairs: [[0; 2]; 3], h_up: 0, h_down: 0 } }; 64];
    let mut x = 0;
    while x < 64 {
        let (m, mirrored) = (&LINE_MASKS[x], &LINE_MASKS[x ^ 56]);
        t[x].pairs =
            [[m.upper[1], mirrored.upper[1]], [m.upper[2], mirrored.upper[3]], [m.upper[3], mirrored.upper[2]]];
        t[x].h_up = m.upper[0];
        t[x].h_down = m.lower[0];
        x += 1;
    }
    t
}

static MIRROR_MASKS: [MirrorMasks; 64] = build_mirror_masks();

/// Discs flipped on two rays towards larger bits (one per lane), given the player discs and
/// the non-opponent squares: the squares up to the first non-opponent one (a BLSMSK), when
/// that square holds a player disc.
#[inline(always)]
unsafe fn flips_up_sse2(ray: __m128i, pp: __m128i, non_o: __m128i) -> __m128i {
    let non_o = _mm_and_si128(ray, non_o);
    let run = _mm_and_si128(_mm_xor_si128(_mm_add_epi64(non_o, _mm_set1_epi64x(-1)), non_o), ray);
    // 64-bit "run has no player disc" from the 32-bit compare of both halves.
    let none = _mm_cmpeq_epi32(_mm_and_si128(run, pp), _mm_setzero_si128());
    let none = _mm_and_si128(none, _mm_shuffle_epi32::<0xB1>(none));
    _mm_andnot_si128(none, _mm_andnot_si128(pp, run))
}

features! {
    /// `flip` for x in 0..=63.
    #[inline]
    unsafe fn flip_sq(x: usize, p: u64, o: u64) -> u64 {
        let m = &MIRROR_MASKS[x & 63];
        let (p, non_o) = (p & !o, !o);
        let pp = _mm_set_epi64x(p.swap_bytes() as i64, p as i64);
        let nn = _mm_set_epi64x(non_o.swap_bytes() as i64, non_o as i64);
        let ray = |i: usize| _mm_load_si128(m.pairs[i].as_ptr() as *const __m128i);
        let f = _mm_or_si128(
            _mm_or_si128(flips_up_sse2(ray(0), pp, nn), flips_up_sse2(ray(1), pp, nn)),
            flips_up_sse2(ray(2), pp, nn),
        );
        let up = _mm_cvtsi128_si64(f) as u64;
        let down = (_mm_cvtsi128_si64(_mm_unpackhi_epi64(f, f)) as u64).swap_bytes();
        up | down
            | super::flip::flips_up(m.h_up, m.h_up & non_o, p)
            | super::flip::flips_down(m.h_down, m.h_down & non_o, p)
    }
}

/// Squares reached from the player discs through a run of `o` towards larger bits, step `d`,
/// in both lanes (parallel prefix, as in `super::moves`).
#[inline(always)]
unsafe fn moves_up_sse2(pp: __m128i, o: __m128i, d: i32) -> __m128i {
    let (d1, d2) = (_mm_cvtsi32_si128(d), _mm_cvtsi32_si128(2 * d));
    let mut f = _mm_and_si128(o, _mm_sll_epi64(pp, d1));
    f = _mm_or_si128(f, _mm_and_si128(o, _mm_sll_epi64(f, d1)));
    let pre = _mm_and_si128(o, _mm_sll_epi64(o, d1));
    f = _mm_or_si128(f, _mm_and_si128(pre, _mm_sll_epi64(f, d2)));
    f = _mm_or_si128(f, _mm_and_si128(pre, _mm_sll_epi64(f, d2)));
    _mm_sll_epi64(f, d1)
}

features! {
    /// `get_moves`: vertical and diagonal directions with SSE2 on (board, mirrored board),
    /// horizontal ones scalar.
    #[inline]
    unsafe fn moves(p: u64, o: u64) -> u64 {
        let pp = _mm_set_epi64x(p.swap_bytes() as i64, p as i64);
        let oo = _mm_set_epi64x(o.swap_bytes() as i64, o as i64);
        let v = _mm_and_si128(oo, _mm_set1_epi64x(super::moves::V_INNER as i64));
        let d = _mm_and_si128(oo, _mm_set1_epi64x(super::moves::D_INNER as i64));
        let m = _mm_or_si128(_mm_or_si128(moves_up_sse2(pp, v, 8), moves_up_sse2(pp, d, 9)), moves_up_sse2(pp, d, 7));
        let up = _mm_cvtsi128_si64(m) as u64;
        let down = (_mm_cvtsi128_si64(_mm_unpackhi_epi64(m, m)) as u64).swap_bytes();
        (up | down | super::moves::moves_dir(p, o & super::moves::H_INNER, 1)) & !(p | o)
    }
}

/// This level's primitives.
pub(crate) struct Sse2Prims;

impl Prims for Sse2Prims {
    super::level_outline!();
    #[inline(always)]
    fn flip(x: usize, p: u64, o: u64) -> u64 {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        unsafe { flip_sq(x, p, o) }
    }
    #[inline(always)]
    fn get_moves(p: u64, o: u64) -> u64 {
        // SAFETY: as above.
        unsafe { moves(p, o) }
    }
    #[inline(always)]
    fn get_stability(p: u64, o: u64) -> i32 {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        let edge = unsafe { stable_edge_sse2(p, o) };
        stable_discs_from(p & !o, edge, &super::stability::full_lines(p | o)).count_ones() as i32
    }
    #[inline(always)]
    fn last_flip_count(x: usize, p: u64) -> i32 {
        // The last flip is the flip against every other square.
        2 * Self::flip(x, p, !p).count_ones() as i32
    }
    #[inline(always)]
    fn edge_stability(p: u64, o: u64) -> i32 {
        // SAFETY: as above.
        unsafe { edge_stability_sse2(p, o) as i32 }
    }
    #[inline(always)]
    fn symmetry(b: EkBoard, s: i32) -> EkBoard {
        // SAFETY: as above.
        unsafe { symmetry_sse2(b, s) }
    }
    #[inline(always)]
    fn unique(b: EkBoard) -> UniqueBoard {
        // SAFETY: as above.
        unsafe { unique_sse2(b) }
    }
}
