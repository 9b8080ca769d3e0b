//! Edax's list of empty squares and its quadrant parity.
//!
//! Edax keeps the empty squares in a linked list, built in the fixed order of `presorted_x`
//! (search.c) and kept in that order as moves remove and restore squares. Here a square's place
//! in that order is its *rank*, and the list is the set of the ranks of the empty squares: the
//! list order is the order of the ranks' bits, and removing a square clears one bit.

use super::edax::quadrant;

/// Edax's `presorted_x`: the order of the empties list, rank by rank (corners first, then the
/// A, B, ... square classes, the centre last).
const PRESORTED: [u8; 64] = {
    const fn sq(name: &[u8; 2]) -> u8 {
        (name[0] - b'A') + 8 * (name[1] - b'1')
    }
    let names = [
        b"A1", b"A8", b"H1", b"H8", // corners
        b"C4", b"C5", b"D3", b"D6", b"E3", b"E6", b"F4", b"F5", // E
        b"C3", b"C6", b"F3", b"F6", // D
        b"A3", b"A6", b"C1", b"C8", b"F1", b"F8", b"H3", b"H6", // A
        b"A4", b"A5", b"D1", b"D8", b"E1", b"E8", b"H4", b"H5", // B
        b"B4", b"B5", b"D2", b"D7", b"E2", b"E7", b"G4", b"G5", // G
        b"B3", b"B6", b"C2", b"C7", b"F2", b"F7", b"G3", b"G6", // F
        b"A2", b"A7", b"B1", b"B8", b"G1", b"G8", b"H2", b"H7", // C
        b"B2", b"B7", b"G2", b"G7", // X
        b"D4", b"E4", b"D5", b"E5", // centre
    ];
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = sq(names[i]);
        i += 1;
    }
    t
};

/// The rank of each square in [`PRESORTED`].
const RANK: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut r = 0;
    while r < 64 {
        t[PRESORTED[r] as usize] = r as u8;
        r += 1;
    }
    t
};

/// For each parity (bit q set when quadrant q has an odd number of empties), the ranks of the
/// squares in an odd quadrant.
static ODD_RANKS: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut parity = 0;
    while parity < 16 {
        let mut r = 0;
        while r < 64 {
            if quadrant(PRESORTED[r] as usize) & parity != 0 {
                t[parity as usize] |= 1 << r;
            }
            r += 1;
        }
        parity += 1;
    }
    t
};

/// Edax's list of empty squares: their ranks, the same squares as a bitboard, and the quadrant
/// parity (`search->parity`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Empties {
    ranks: u64,
    pub squares: u64,
    pub parity: u32,
}

impl Empties {
    /// The list `search_setup` builds for the empty squares `squares`.
    #[inline(always)]
    pub fn new(squares: u64) -> Self {
        let (mut ranks, mut parity, mut b) = (0u64, 0u32, squares);
        while b != 0 {
            let x = b.trailing_zeros() as usize;
            ranks |= 1 << RANK[x & 63];
            parity ^= quadrant(x);
            b &= b - 1;
        }
        Empties { ranks, squares, parity }
    }

    /// The list without `x` (a square of it), as after `search_update_endgame`.
    #[inline(always)]
    pub fn without(self, x: usize) -> Self {
        Empties {
            ranks: self.ranks & !(1 << RANK[x & 63]),
            squares: self.squares & !(1 << x),
            parity: self.parity ^ quadrant(x),
        }
    }

    /// The first four squares of the list (it has at least four).
    #[inline(always)]
    pub fn first_four(self) -> [usize; 4] {
        let mut r = self.ranks;
        let mut next = || {
            let x = PRESORTED[(r.trailing_zeros() & 63) as usize] as usize;
            r &= r.wrapping_sub(1);
            x
        };
        [next(), next(), next(), next()]
    }

    /// The squares of the list among `moves`, in list order (Edax's `foreach_empty` keeping the
    /// moves).
    #[inline(always)]
    pub fn in_order(self, moves: u64) -> ParityOrder {
        ParityOrder { first: self.ranks_of(moves), then: 0 }
    }

    /// The ranks of the squares of the list among `moves`.
    #[inline(always)]
    fn ranks_of(self, moves: u64) -> u64 {
        let mut ranks = 0;
        let mut b = moves & self.squares;
        while b != 0 {
            ranks |= 1 << RANK[b.trailing_zeros() as usize & 63];
            b &= b - 1;
        }
        ranks
    }

    /// The squares of the list among `moves`, in Edax's `search_shallow` order: those in an odd
    /// quadrant first, then the others, each in list order.
    #[inline(always)]
    pub fn parity_order(self, moves: u64) -> ParityOrder {
        let odd = ODD_RANKS[self.parity as usize & 15];
        let ranks = self.ranks_of(moves);
        ParityOrder { first: ranks & odd, then: ranks & !odd }
    }
}

/// An iterator over squares in the order of [`Empties::parity_order`].
pub(crate) struct ParityOrder {
    first: u64,
    then: u64,
}

impl Iterator for ParityOrder {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.first == 0 {
            self.first = self.then;
            self.then = 0;
        }
        if self.first == 0 {
            return None;
        }
        let r = self.first.trailing_zeros();
        self.first &= self.first - 1;
        Some(PRESORTED[r as usize & 63] as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presorted_is_a_permutation() {
        let mut seen = 0u64;
        for &x in &PRESORTED {
            seen |= 1 << x;
        }
        assert_eq!(seen, u64::MAX);
        assert_eq!(PRESORTED[..4], [0, 56, 7, 63]);
        assert_eq!(PRESORTED[60..], [27, 28, 35, 36]);
    }

    #[test]
    fn quadrants_match_edax() {
        for x in 0..64 {
            let (row, col) = (x / 8, x % 8);
            let want = 1 << ((col >= 4) as u32 + 2 * (row >= 4) as u32);
            assert_eq!(quadrant(x), want, "square {x}");
        }
    }
}
