//! NEON level (AArch64: Advanced SIMD is part of the baseline, and the CRC32 extension is
//! detected at run time).
//!
//! The rays towards smaller bits are handled as rays towards larger bits of the bit-reversed
//! board (RBIT, one instruction): square `x` becomes `63 - x` and every lower ray of `x`
//! becomes the upper ray of the same line through `63 - x`. Lane 0 of a vector holds the board,
//! lane 1 its bit reversal, so the four lines of a square are four vectors, each one line both
//! ways, and every ray is found with the `x & -x` of the towards-larger-bits form (NEON has no
//! 64-bit leading-zero count). The same pair of lanes serves `get_moves` and the diagonal
//! full lines of `get_stability`. The symmetries use the byte-wise RBIT and REV64.
//!
//! Edax's own fastest ARM flip scans the lower rays with a scalar CLZ each; that form executes
//! more instructions per call than this one (scripts/cross/kernel-insns.sh counts them under
//! qemu, where nothing can be timed).

use super::masks::LINE_MASKS;
use super::symmetry::first_minimum;
use super::Prims;
use crate::types::board::{EkBoard, UniqueBoard};
use core::arch::aarch64::*;

/// Compiles each item with this level's target features, stated here once for every kernel
/// of the level (the dispatch layer's entries use it too).
macro_rules! neon_features {
    ($($item:item)*) => { $( #[target_feature(enable = "neon")] $item )* };
}
pub(crate) use neon_features as features;

/// Whether this CPU supports the level (always on AArch64, where NEON is baseline).
pub(crate) fn supported() -> bool {
    std::arch::is_aarch64_feature_detected!("neon")
}

/// Whether this CPU has the CRC32 instructions (the hash of the level's `crc` table).
pub(crate) fn crc_supported() -> bool {
    std::arch::is_aarch64_feature_detected!("crc")
}

/// Per square `x`, for each of the four lines (horizontal, vertical, diagonal, anti-diagonal):
/// the ray of `x` towards larger bits and, in lane 1, the ray of `63 - x` towards larger bits
/// (the bit reversal of the ray of `x` towards smaller bits).
#[repr(C, align(64))]
struct RayPairs([[u64; 2]; 4]);

static RAY_PAIRS: [RayPairs; 64] = {
    let mut t = [const { RayPairs([[0; 2]; 4]) }; 64];
    let mut x = 0;
    while x < 64 {
        let mut i = 0;
        while i < 4 {
            t[x].0[i] = [LINE_MASKS[x].upper[i], LINE_MASKS[63 - x].upper[i]];
            i += 1;
        }
        x += 1;
    }
    t
};

/// `[v, v.reverse_bits()]`.
#[inline(always)]
unsafe fn with_reversed(v: u64) -> uint64x2_t {
    vcombine_u64(vcreate_u64(v), vcreate_u64(v.reverse_bits()))
}

/// Lane 0 OR the bit reversal of lane 1: the board's bits from a (board, reversed board) pair.
#[inline(always)]
unsafe fn merge_reversed(v: uint64x2_t) -> u64 {
    vgetq_lane_u64::<0>(v) | vgetq_lane_u64::<1>(v).reverse_bits()
}

/// Discs flipped on two rays towards larger bits (one per lane): the squares below the first
/// non-opponent one, when that square holds a player disc. The saturating decrement keeps a
/// lane without an outflank disc at 0.
#[inline(always)]
unsafe fn flips_up(ray: uint64x2_t, pp: uint64x2_t, oo: uint64x2_t) -> uint64x2_t {
    let one = vdupq_n_u64(1);
    let non_o = vbicq_u64(ray, oo);
    let outflank = vandq_u64(vbicq_u64(non_o, vsubq_u64(non_o, one)), pp);
    vandq_u64(vqsubq_u64(outflank, one), ray)
}

features! {
    /// `flip` for x in 0..=63: the four lines both ways on (board, reversed board).
    #[inline]
    unsafe fn flip_sq(x: usize, p: u64, o: u64) -> u64 {
        let m = &RAY_PAIRS[x & 63];
        let (pp, oo) = (with_reversed(p), with_reversed(o));
        let ray = |i: usize| vld1q_u64(m.0[i].as_ptr());
        let f = vorrq_u64(
            vorrq_u64(flips_up(ray(0), pp, oo), flips_up(ray(1), pp, oo)),
            vorrq_u64(flips_up(ray(2), pp, oo), flips_up(ray(3), pp, oo)),
        );
        merge_reversed(f)
    }
}

/// Squares reached from the player discs through a run of `o` towards larger bits, step `D`
/// (`D2 = 2 * D`), in both lanes (parallel prefix, as in `super::moves`).
#[inline(always)]
unsafe fn moves_up<const D: i32, const D2: i32>(pp: uint64x2_t, o: uint64x2_t) -> uint64x2_t {
    let mut f = vandq_u64(o, vshlq_n_u64::<D>(pp));
    f = vorrq_u64(f, vandq_u64(o, vshlq_n_u64::<D>(f)));
    let pre = vandq_u64(o, vshlq_n_u64::<D>(o));
    f = vorrq_u64(f, vandq_u64(pre, vshlq_n_u64::<D2>(f)));
    f = vorrq_u64(f, vandq_u64(pre, vshlq_n_u64::<D2>(f)));
    vshlq_n_u64::<D>(f)
}

features! {
    /// `get_moves`: the four directions towards larger bits on (board, reversed board), whose
    /// inner-square masks are their own bit reversals.
    #[inline]
    unsafe fn moves(p: u64, o: u64) -> u64 {
        use super::moves::{D_INNER, H_INNER, V_INNER};
        let (pp, oo) = (with_reversed(p), with_reversed(o));
        let h = vandq_u64(oo, vdupq_n_u64(H_INNER));
        let v = vandq_u64(oo, vdupq_n_u64(V_INNER));
        let d = vandq_u64(oo, vdupq_n_u64(D_INNER));
        let m = vorrq_u64(
            vorrq_u64(moves_up::<1, 2>(pp, h), moves_up::<8, 16>(pp, v)),
            vorrq_u64(moves_up::<7, 14>(pp, d), moves_up::<9, 18>(pp, d)),
        );
        merge_reversed(m) & !(p | o)
    }

    /// `stability::full_lines`: ranks by a byte compare, files by rotations, and the diagonals
    /// by fills towards smaller bits on (discs, reversed discs): a fill towards larger bits is
    /// one towards smaller bits of the reversed board, and the edge masks are their own
    /// reversals.
    #[inline]
    unsafe fn full_lines(disc: u64) -> [u64; 4] {
        let h = vget_lane_u64::<0>(vreinterpret_u64_u8(vceq_u8(vcreate_u8(disc), vdup_n_u8(0xFF))));
        let mut v = disc;
        v &= v.rotate_right(8);
        v &= v.rotate_right(16);
        v &= v.rotate_right(32);
        let dd = with_reversed(disc);
        let mut l7 = vandq_u64(dd, vorrq_u64(vdupq_n_u64(0xFF01_0101_0101_0101), vshrq_n_u64::<7>(dd)));
        let mut l9 = vandq_u64(dd, vorrq_u64(vdupq_n_u64(0xFF80_8080_8080_8080), vshrq_n_u64::<9>(dd)));
        l7 = vandq_u64(l7, vorrq_u64(vdupq_n_u64(0xFFFF_0303_0303_0303), vshrq_n_u64::<14>(l7)));
        l9 = vandq_u64(l9, vorrq_u64(vdupq_n_u64(0xFFFF_C0C0_C0C0_C0C0), vshrq_n_u64::<18>(l9)));
        l7 = vandq_u64(l7, vorrq_u64(vdupq_n_u64(0xFFFF_FFFF_0F0F_0F0F), vshrq_n_u64::<28>(l7)));
        l9 = vandq_u64(l9, vorrq_u64(vdupq_n_u64(0xFFFF_FFFF_F0F0_F0F0), vshrq_n_u64::<36>(l9)));
        // (l7, l9) AND the bit reversal of the reversed-board fills.
        let down = vzip1q_u64(l7, l9);
        let up = vreinterpretq_u64_u8(vrev64q_u8(vrbitq_u8(vreinterpretq_u8_u64(vzip2q_u64(l7, l9)))));
        let d = vandq_u64(down, up);
        [h, v, vgetq_lane_u64::<0>(d), vgetq_lane_u64::<1>(d)]
    }
}

/// The board as one vector: player in lane 0, opponent in lane 1.
#[inline(always)]
unsafe fn board_vec(b: EkBoard) -> uint64x2_t {
    vcombine_u64(vcreate_u64(b.player), vcreate_u64(b.opponent))
}

/// The board of a vector (see `board_vec`).
#[inline(always)]
unsafe fn vec_board(v: uint64x2_t) -> EkBoard {
    EkBoard { player: vgetq_lane_u64::<0>(v), opponent: vgetq_lane_u64::<1>(v) }
}

/// Mirrors the files: reverses the bits of each byte.
#[inline(always)]
unsafe fn mirror_files(v: uint64x2_t) -> uint64x2_t {
    vreinterpretq_u64_u8(vrbitq_u8(vreinterpretq_u8_u64(v)))
}

/// Mirrors the ranks: reverses the bytes of each lane.
#[inline(always)]
unsafe fn mirror_ranks(v: uint64x2_t) -> uint64x2_t {
    vreinterpretq_u64_u8(vrev64q_u8(vreinterpretq_u8_u64(v)))
}

/// Transposes each lane across the A1-H8 diagonal (three delta swaps).
#[inline(always)]
unsafe fn transpose(v: uint64x2_t) -> uint64x2_t {
    #[inline(always)]
    unsafe fn swap<const K: i32>(v: uint64x2_t, mask: u64) -> uint64x2_t {
        let t = vandq_u64(veorq_u64(v, vshrq_n_u64::<K>(v)), vdupq_n_u64(mask));
        veorq_u64(veorq_u64(v, t), vshlq_n_u64::<K>(t))
    }
    swap::<28>(swap::<14>(swap::<7>(v, 0x00AA_00AA_00AA_00AA), 0x0000_CCCC_0000_CCCC), 0x0000_0000_F0F0_F0F0)
}

features! {
    /// `board_symetry`, both bitboards at once, branch-free (a symmetry index that varies from
    /// call to call would mispredict): each stage is computed and selected by a mask.
    #[inline]
    unsafe fn symmetry_neon(b: EkBoard, s: i32) -> EkBoard {
        let stage = |k: i32| vdupq_n_u64(0u64.wrapping_sub((s >> k) as u64 & 1));
        let v = board_vec(b);
        let v = vbslq_u64(stage(0), mirror_files(v), v);
        let v = vbslq_u64(stage(1), mirror_ranks(v), v);
        vec_board(vbslq_u64(stage(2), transpose(v), v))
    }

    /// `board_unique`: one transposition, the other three transposed boards by
    /// T(F(b)) = R(T(b)), T(R(b)) = F(T(b)), T(R(F(b))) = F(R(T(b))) (F, R: the file and rank
    /// mirrors, one instruction each).
    #[inline]
    unsafe fn unique_neon(b: EkBoard) -> UniqueBoard {
        let s0 = board_vec(b);
        let s1 = mirror_files(s0);
        let s2 = mirror_ranks(s0);
        let s3 = mirror_ranks(s1);
        let s4 = transpose(s0);
        let s5 = mirror_ranks(s4);
        let s6 = mirror_files(s4);
        let syms = [s0, s1, s2, s3, s4, s5, s6, mirror_files(s5)];
        first_minimum(&syms.map(|v| vec_board(v)))
    }
}

/// The [`Prims`] methods of both NEON tables (with and without the CRC32 hash).
macro_rules! neon_prims {
    () => {
        #[inline(always)]
        fn flip(x: usize, p: u64, o: u64) -> u64 {
            // SAFETY: a level's primitives run only inside its entries, on a CPU that has it.
            unsafe { $crate::kernels::neon::flip_sq(x, p, o) }
        }
        #[inline(always)]
        fn get_moves(p: u64, o: u64) -> u64 {
            // SAFETY: as above.
            unsafe { $crate::kernels::neon::moves(p, o) }
        }
        #[inline(always)]
        fn last_flip_count(x: usize, p: u64) -> i32 {
            // Kindergarten gathering and a table of counts (fewer instructions than the NEON
            // flip against every other square: BENCHMARKS.md, "Windows and ARM64").
            $crate::kernels::last_flip::last_flip_count(x, p)
        }
        #[inline(always)]
        fn get_stability(p: u64, o: u64) -> i32 {
            use $crate::kernels::{neon, stability};
            // SAFETY: as above.
            let full = unsafe { neon::full_lines(p | o) };
            stability::stable_discs_from(p & !o, stability::stable_edge(p, o), &full).count_ones() as i32
        }
        #[inline(always)]
        fn symmetry(b: EkBoard, s: i32) -> EkBoard {
            // SAFETY: as above.
            unsafe { $crate::kernels::neon::symmetry_neon(b, s) }
        }
        #[inline(always)]
        fn unique(b: EkBoard) -> UniqueBoard {
            // SAFETY: as above.
            unsafe { $crate::kernels::neon::unique_neon(b) }
        }
    };
}

/// This level's primitives, with the table-driven CRC-32C hash.
pub(crate) struct NeonPrims;

impl Prims for NeonPrims {
    super::level_outline!();
    neon_prims!();
}

/// The NEON level on a CPU with the CRC32 instructions: the same primitives, with the hash by
/// `crc32cx` (`Isa::Neon` uses this table when the CPU has them).
pub(crate) mod crc {
    use super::super::Prims;
    use crate::types::board::{EkBoard, UniqueBoard};
    use core::arch::aarch64::__crc32cd;

    /// Compiles each item with the NEON level's features and the CRC32 instructions.
    macro_rules! neon_crc_features {
        ($($item:item)*) => { $( #[target_feature(enable = "neon,crc")] $item )* };
    }
    pub(crate) use neon_crc_features as features;

    features! {
        /// Edax's hash code with the CRC32C instruction (`x86::hash_code_crc32`'s definition).
        #[inline]
        unsafe fn hash_code_crc(p: u64, o: u64) -> u64 {
            let c = __crc32cd(0, p);
            ((c as u64) << 32) | __crc32cd(c, o) as u64
        }
    }

    /// The NEON primitives with the CRC32C instruction's hash.
    pub(crate) struct NeonCrcPrims;

    impl Prims for NeonCrcPrims {
        super::super::level_outline!();
        neon_prims!();
        #[inline(always)]
        fn hash_code(p: u64, o: u64) -> u64 {
            // SAFETY: this table is chosen only on a CPU with the CRC32 instructions.
            unsafe { hash_code_crc(p, o) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_lines_equal_the_generic_ones() {
        let mut r = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..200_000u64 {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            // Dense boards too, where lines are full.
            let disc = if i & 1 == 0 { r } else { r | r.rotate_left(17) | r.rotate_left(29) };
            // SAFETY: NEON is baseline on AArch64.
            assert_eq!(unsafe { full_lines(disc) }, super::super::stability::full_lines(disc), "{disc:016x}");
        }
        for disc in [0, u64::MAX, !1, !(1 << 63), !(1 << 27)] {
            // SAFETY: as above.
            assert_eq!(unsafe { full_lines(disc) }, super::super::stability::full_lines(disc), "{disc:016x}");
        }
    }

    #[test]
    fn hash_codes_equal_the_table_ones() {
        let mut r = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..10_000 {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            let (p, o) = (r, r.rotate_left(23) ^ 0x5555);
            assert_eq!(NeonPrims::hash_code(p, o), super::super::crc32c::hash_code(p, o));
            if crc_supported() {
                assert_eq!(crc::NeonCrcPrims::hash_code(p, o), super::super::crc32c::hash_code(p, o));
            }
        }
    }
}
