//! The board type and square conventions shared by every kernel.
//!
//! Bit numbering: A1 = bit 0, B1 = bit 1, ..., H1 = bit 7, A2 = bit 8, ..., H8 = bit 63.
//! A square index `x` is the bit number; [`PASS`] (64) and [`NOMOVE`] (65) are the two
//! non-square moves Edax uses, and flip nothing.

/// Square index of the "pass" move (Edax's `PASS`).
///
/// cbindgen:ignore
pub const PASS: i32 = 64;
/// Square index of "no move" (Edax's `NOMOVE`).
///
/// cbindgen:ignore
pub const NOMOVE: i32 = 65;

/// An Othello position seen from the side to move (Edax's `Board`, same layout).
///
/// `player` holds the discs of the side to move, `opponent` those of the other side.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EkBoard {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the other side.
    pub opponent: u64,
}

impl EkBoard {
    /// The standard start position, black to move.
    ///
    /// cbindgen:ignore
    pub const START: EkBoard = EkBoard { player: 0x0000_0008_1000_0000, opponent: 0x0000_0010_0800_0000 };

    /// A board from the two bitboards.
    pub const fn new(player: u64, opponent: u64) -> Self {
        EkBoard { player, opponent }
    }

    /// The same position with the sides swapped (a pass).
    pub const fn swapped(self) -> Self {
        EkBoard { player: self.opponent, opponent: self.player }
    }

    /// The position after the side to move plays `x`, given the discs it flips.
    ///
    /// Like Edax's `board_next`: `x` outside 0..=63 places no disc, so `PASS` (with
    /// `flipped == 0`) just swaps the sides.
    #[inline(always)]
    pub const fn next(self, x: i32, flipped: u64) -> Self {
        EkBoard { player: self.opponent ^ flipped, opponent: self.player ^ (flipped | square_bit(x)) }
    }
}

/// The bitboard with square `x` set, or 0 when `x` is not a square (0..=63).
#[inline(always)]
pub const fn square_bit(x: i32) -> u64 {
    if (x as u32) < 64 {
        1u64 << x
    } else {
        0
    }
}

/// cbindgen:ignore
///
/// A board reduced by symmetry: the smallest of its 8 symmetric boards, and the symmetry
/// (0..=7) that gives it.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UniqueBoard {
    /// The smallest symmetric board (player first, then opponent, as unsigned numbers).
    pub board: EkBoard,
    /// The symmetry `s` with `symmetry(board, s) == unique`.
    pub symmetry: i32,
}
