//! The moves of a position, scored for the order in which the solver tries them.
//!
//! The score is Edax's "fast" endgame ordering (`movelist_evaluate_fast`, move.c): a move that
//! wipes the opponent out first, then the transposition table's move, then, for the others, the
//! fewest moves left to the opponent (corners counted twice) weigh most, then the discs it makes
//! stable in the corners, then the opponent's potential mobility, then the quadrant parity and
//! the square's type.

use crate::endgame::SQUARE_VALUE;
use crate::generic::masks::CORNERS;
use crate::generic::moves::potential_moves;
use crate::generic::stability::corner_stable;
use crate::generic::Prims;

const W_WIPEOUT: i32 = 1 << 30;
const W_HASH_MOVE: i32 = 1 << 29;
const W_MOBILITY: i32 = 1 << 15;
const W_CORNER_STABILITY: i32 = 1 << 11;
const W_POTENTIAL_MOBILITY: i32 = 1 << 5;

/// Edax's `QUADRANT_ID`: one bit per quadrant (A1, H1, A8, H8).
#[inline(always)]
pub(crate) const fn quadrant(x: usize) -> u32 {
    1 << (((x >> 2) & 1) | ((x >> 4) & 2))
}

/// The parity of the empty squares: bit q set when quadrant q has an odd number of them.
#[inline(always)]
pub(crate) fn parity(empty: u64) -> u32 {
    // The four quadrants' parities, from the popcounts of their masks.
    const Q: [u64; 4] = [0x0000_0000_0F0F_0F0F, 0x0000_0000_F0F0_F0F0, 0x0F0F_0F0F_0000_0000, 0xF0F0_F0F0_0000_0000];
    let mut parity = 0;
    for (q, mask) in Q.iter().enumerate() {
        parity |= ((empty & mask).count_ones() & 1) << q;
    }
    parity
}

/// A legal move and the position after it (the opponent to move).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Move {
    pub x: u8,
    pub score: i32,
    /// The next position: the opponent's discs, then the mover's.
    pub p: u64,
    pub o: u64,
}

/// The moves of one position, best first on demand.
pub(crate) struct MoveList {
    moves: [Move; 32],
    n: usize,
}

impl MoveList {
    /// The moves `moves` of (p, o), scored; `hash_move` (a square, or anything else) first.
    #[inline(always)]
    pub fn new<K: Prims>(p: u64, o: u64, moves: u64, hash_move: u8, parity: u32, w_parity: i32) -> MoveList {
        let mut list = MoveList { moves: [Move::default(); 32], n: 0 };
        let mut b = moves;
        while b != 0 {
            let x = b.trailing_zeros() as usize;
            b &= b - 1;
            let f = K::flip(x, p, o);
            let (np, no) = (o ^ f, p ^ f ^ (1 << x));
            let score = if np == 0 {
                W_WIPEOUT
            } else if x as u8 == hash_move {
                W_HASH_MOVE
            } else {
                let mobility = K::get_moves(np, no);
                let weighted = K::popcount(mobility) + K::popcount(mobility & CORNERS);
                let potential = potential_moves(np, no);
                let potential = K::popcount(potential) + K::popcount(potential & CORNERS);
                let mut s = SQUARE_VALUE[x & 63] as i32;
                if parity & quadrant(x) != 0 {
                    s += w_parity;
                }
                s + (36 - weighted as i32) * W_MOBILITY
                    + K::popcount(corner_stable(no)) as i32 * W_CORNER_STABILITY
                    + (36 - potential as i32) * W_POTENTIAL_MOBILITY
            };
            // At most 32 moves exist in any position (fewer than the empty squares next to a disc).
            if list.n < 32 {
                list.moves[list.n] = Move { x: x as u8, score, p: np, o: no };
                list.n += 1;
            }
        }
        list
    }

    /// The moves left, in no particular order.
    #[inline(always)]
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.n.min(32)]
    }

    /// Takes the best-scored move left (selection, since the first moves often cut).
    #[inline(always)]
    pub fn next_best(&mut self) -> Option<Move> {
        let (last, rest) = self.moves[..self.n.min(32)].split_last_mut()?;
        // The best of the others, the first of equals, goes to the end, which is taken.
        let mut best: Option<&mut Move> = None;
        for m in rest.iter_mut() {
            if best.as_ref().is_none_or(|b| m.score > b.score) {
                best = Some(m);
            }
        }
        if let Some(b) = best.filter(|b| b.score > last.score) {
            core::mem::swap(b, last);
        }
        self.n -= 1;
        Some(*last)
    }
}

/// Edax's parity weight: more for few empty squares.
#[inline(always)]
pub(crate) fn parity_weight(empties: u32) -> i32 {
    if empties < 12 {
        1 << 3
    } else {
        1 << 2
    }
}
