//! The 8 board symmetries and the unique (minimal) board, on plain `u64`.
//!
//! Symmetry `s`: bit 0 mirrors the files (A<->H), bit 1 mirrors the ranks (1<->8), bit 2
//! transposes across the A1-H8 diagonal; applied in that order (Edax's `board_symetry`).

use crate::types::board::{EkBoard, UniqueBoard};

/// Mirrors the files: reverses the bits of each byte.
#[inline(always)]
pub(crate) fn mirror_files(b: u64) -> u64 {
    let b = ((b >> 1) & 0x5555_5555_5555_5555) | ((b & 0x5555_5555_5555_5555) << 1);
    let b = ((b >> 2) & 0x3333_3333_3333_3333) | ((b & 0x3333_3333_3333_3333) << 2);
    ((b >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((b & 0x0F0F_0F0F_0F0F_0F0F) << 4)
}

/// Mirrors the ranks: reverses the bytes.
#[inline(always)]
pub(crate) fn mirror_ranks(b: u64) -> u64 {
    b.swap_bytes()
}

/// Transposes across the A1-H8 diagonal: square (rank, file) goes to (file, rank).
#[inline(always)]
pub(crate) fn transpose(b: u64) -> u64 {
    let t = (b ^ (b >> 7)) & 0x00AA_00AA_00AA_00AA;
    let b = b ^ t ^ (t << 7);
    let t = (b ^ (b >> 14)) & 0x0000_CCCC_0000_CCCC;
    let b = b ^ t ^ (t << 14);
    let t = (b ^ (b >> 28)) & 0x0000_0000_F0F0_F0F0;
    b ^ t ^ (t << 28)
}

/// One bitboard under symmetry `s` (only bits 0..=2 of `s` are used).
#[inline(always)]
pub(crate) fn symmetry_u64(mut b: u64, s: u32) -> u64 {
    if s & 1 != 0 {
        b = mirror_files(b);
    }
    if s & 2 != 0 {
        b = mirror_ranks(b);
    }
    if s & 4 != 0 {
        b = transpose(b);
    }
    b
}

/// A board under symmetry `s` (only bits 0..=2 of `s` are used).
#[inline(always)]
pub(crate) fn symmetry(b: EkBoard, s: u32) -> EkBoard {
    EkBoard { player: symmetry_u64(b.player, s), opponent: symmetry_u64(b.opponent, s) }
}

/// The order in which Edax's AVX2 `board_unique` visits the symmetries; on ties the first
/// minimum in this order wins, which fixes the returned index for symmetric positions.
pub(crate) const UNIQUE_ORDER: [u32; 8] = [0, 4, 1, 6, 2, 5, 3, 7];

/// The smallest of the 8 symmetric boards (player first, then opponent, as unsigned numbers)
/// and the symmetry that gives it.
#[inline(always)]
pub(crate) fn unique(b: EkBoard) -> (EkBoard, u32) {
    let mut best = (b, 0);
    for &s in &UNIQUE_ORDER[1..] {
        let t = symmetry(b, s);
        if t < best.0 {
            best = (t, s);
        }
    }
    best
}

/// The first minimum of the 8 symmetric boards `syms[s]` in Edax's order (see
/// `UNIQUE_ORDER`), found by a tree of branch-free 128-bit compares in
/// which the earlier board wins ties.
#[inline(always)]
pub(crate) fn first_minimum(syms: &[EkBoard; 8]) -> UniqueBoard {
    let key = |s: usize| ((syms[s].player as u128) << 64 | syms[s].opponent as u128, s as i32);
    let pick = |a: (u128, i32), b: (u128, i32)| if b.0 < a.0 { b } else { a };
    let [a, b, c, d, e, f, g, h] = UNIQUE_ORDER.map(|s| key(s as usize));
    let (k, s) = pick(pick(pick(a, b), pick(c, d)), pick(pick(e, f), pick(g, h)));
    UniqueBoard { board: EkBoard { player: (k >> 64) as u64, opponent: k as u64 }, symmetry: s }
}
