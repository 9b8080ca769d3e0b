//! The moves of a position, scored for the order in which the solver tries them.
//!
//! The score is Edax's "fast" endgame ordering (`movelist_evaluate_fast`, move.c): a move that
//! wipes the opponent out first, then the transposition table's move, then, for the others, the
//! fewest moves left to the opponent (corners counted twice) weigh most, then the discs it makes
//! stable in the corners, then the opponent's potential mobility, then the quadrant parity and
//! the square's type.

use super::eval_order::{eval_0, eval_2};
use super::tt::Table;
use crate::endgame::edax::{fast_score, SCORE_MAX, W_HASH_MOVE_0, W_WIPEOUT};
use crate::eval::{features_of, EkEvalFeature, EvalPrims, Weights};
use crate::kernels::Prims;
use crate::types::board::EkBoard;
use core::mem::MaybeUninit;

/// A legal move and the position after it (the opponent to move).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Move {
    pub x: u8,
    pub score: i32,
    /// The next position: the opponent's discs, then the mover's.
    pub p: u64,
    pub o: u64,
}

/// The score of a move put back by [`MoveList::defer`]: below every other.
pub(crate) const DEFERRED: i32 = i32::MIN;

/// Room for every move of any position the solver accepts: a move is an empty square, and at
/// least two squares hold a disc when any move exists (legal positions have at most 33 moves,
/// arbitrary non-overlapping boards more).
pub(crate) const MAX_MOVES: usize = 64;
const _: () = assert!(MAX_MOVES >= 62);

/// Room for the moves of a node, in the node's own frame (see [`MoveList::new`]).
pub(crate) type MoveBuffer = [MaybeUninit<Move>; MAX_MOVES];

/// A buffer for [`MoveList::new`], left uninitialised: only what a list writes is read.
#[inline(always)]
pub(crate) const fn move_buffer() -> MoveBuffer {
    [const { MaybeUninit::uninit() }; MAX_MOVES]
}

/// The moves of one position, best first on demand, in a buffer of the caller's frame (a
/// list held by value would be copied, 1.5 KB per node). Only the first `n` entries of the
/// buffer are written, and only they are read.
pub(crate) struct MoveList<'a> {
    moves: &'a mut MoveBuffer,
    n: usize,
}

impl MoveList<'_> {
    /// The moves `moves` of (p, o), scored; `hash_move` (a square, or anything else) first.
    /// Each move scored (not a wipe-out or the table's move) counts a node in `nodes`, as Edax
    /// counts them (`movelist_evaluate_fast`).
    /// With `prefetch`, each next position's bucket in that table is loaded while the moves are
    /// scored (the caller probes them all next: enhanced transposition cut-off).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn new<'b, K: Prims>(
        buffer: &'b mut MoveBuffer,
        p: u64,
        o: u64,
        moves: u64,
        hash_move: u8,
        parity: u32,
        w_parity: i32,
        prefetch: Option<&Table>,
        nodes: &mut u64,
    ) -> MoveList<'b> {
        let mut list = MoveList { moves: buffer, n: 0 };
        let mut b = moves;
        while b != 0 {
            let x = b.trailing_zeros() as usize;
            b &= b - 1;
            let f = K::flip(x, p, o);
            let (np, no) = (o ^ f, p ^ f ^ (1 << x));
            if let Some(tt) = prefetch {
                tt.prefetch(np, no);
            }
            let score = if np == 0 {
                W_WIPEOUT
            } else if x as u8 == hash_move {
                W_HASH_MOVE_0
            } else {
                *nodes += 1;
                fast_score::<K>(x, np, no, parity, w_parity)
            };
            // `moves` has at most 62 squares (two hold discs), so every one fits; `get_mut`
            // only keeps a bounds check (and its panic path) out of the C entries.
            if let Some(slot) = list.moves.get_mut(list.n) {
                *slot = MaybeUninit::new(Move { x: x as u8, score, p: np, o: no });
                list.n += 1;
            }
        }
        list
    }

    /// [`MoveList::new`] with the evaluation: to the fast score of a move, which is not a
    /// wipe-out or the table's move, adds the score by `weights` of the position after it, by
    /// itself or, with `search`, after two more plies searched on (-64, -sort_alpha) (Edax's
    /// bonus in `movelist_evaluate`, sort depths 0 and 2). Each move so scored counts a node in
    /// `nodes`, and each evaluation one, as Edax counts them. `n` is the number of empty squares
    /// of (p, o), at least 1; `prefetch` as for [`MoveList::new`].
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn with_eval<'b, K: Prims + EvalPrims>(
        buffer: &'b mut MoveBuffer,
        p: u64,
        o: u64,
        moves: u64,
        hash_move: u8,
        parity: u32,
        w_parity: i32,
        weights: &Weights,
        n: u32,
        (search, sort_alpha): (bool, i32),
        prefetch: Option<&Table>,
        nodes: &mut u64,
    ) -> MoveList<'b> {
        let mut list = MoveList { moves: buffer, n: 0 };
        let parent = features_of(&EkBoard { player: p, opponent: o });
        // After the move: one empty square less, and the features' opponent to move.
        let mut child = EkEvalFeature { v: [0; 48] };
        let mut b = moves;
        while b != 0 {
            let x = b.trailing_zeros() as usize;
            b &= b - 1;
            let f = K::flip(x, p, o);
            let (np, no) = (o ^ f, p ^ f ^ (1 << x));
            if let Some(tt) = prefetch {
                tt.prefetch(np, no);
            }
            let score = if np == 0 {
                W_WIPEOUT
            } else if x as u8 == hash_move {
                W_HASH_MOVE_0
            } else {
                K::update(&parent, &mut child, x as i32, f, 0);
                let next = (np, no, n - 1);
                *nodes += 1;
                let bonus = if search {
                    let window = (-SCORE_MAX, -sort_alpha);
                    (SCORE_MAX - eval_2::<K>(weights, &child, 1, next, window, nodes)) >> 1
                } else {
                    (SCORE_MAX - eval_0::<K>(weights, &child, 1, n - 1, nodes)) >> 2
                };
                fast_score::<K>(x, np, no, parity, w_parity) + bonus * W_EVAL
            };
            if let Some(slot) = list.moves.get_mut(list.n) {
                *slot = MaybeUninit::new(Move { x: x as u8, score, p: np, o: no });
                list.n += 1;
            }
        }
        list
    }

    /// The moves left, in no particular order.
    #[inline(always)]
    pub fn moves(&self) -> &[Move] {
        // SAFETY: the first n entries are written (new), and n only decreases.
        unsafe { core::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.n) }
    }

    /// Whether every move was taken.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Puts back `m`, just taken, behind every move not deferred (see [`DEFERRED`]).
    #[inline(always)]
    pub fn defer(&mut self, m: Move) {
        // The slot `n` is the one `m` was taken from, so it is inside the buffer.
        if let Some(slot) = self.moves.get_mut(self.n) {
            *slot = MaybeUninit::new(Move { score: DEFERRED, ..m });
            self.n += 1;
        }
    }

    /// Takes the best-scored move left (selection, since the first moves often cut).
    #[inline(always)]
    pub fn next_best(&mut self) -> Option<Move> {
        // SAFETY: the first n entries are written (new), and n only decreases.
        let left = unsafe { core::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.n) };
        let (last, rest) = left.split_last_mut()?;
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

/// The weight of the evaluation in the move order (Edax's `W_EVAL`, as much as one square of
/// the opponent's mobility for four discs).
const W_EVAL: i32 = 1 << 15;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::edax::{parity, parity_weight};
    use crate::kernels::portable::PortablePrims;

    /// Not reachable in a game, but accepted by the solver: 34 legal moves, more than a list of 32
    /// entries would hold.
    const P: u64 = 0x0308_3124_2176_8800;
    const O: u64 = 0x0036_4000_5200_6600;

    #[test]
    fn every_move_of_a_34_move_position_is_listed_and_taken() {
        let moves = PortablePrims::get_moves(P, O);
        assert_eq!(moves.count_ones(), 34);
        let mut buffer = move_buffer();
        let mut list = MoveList::new::<PortablePrims>(
            &mut buffer,
            P,
            O,
            moves,
            0xFF,
            parity(!(P | O)),
            parity_weight(30),
            None,
            &mut 0,
        );
        assert_eq!(list.moves().len(), 34);
        let mut seen = 0u64;
        while let Some(m) = list.next_best() {
            assert_eq!(seen & (1 << m.x), 0, "square {} taken twice", m.x);
            seen |= 1 << m.x;
            let f = PortablePrims::flip(m.x as usize, P, O);
            assert_eq!((m.p, m.o), (O ^ f, P ^ f ^ (1 << m.x)));
        }
        assert_eq!(seen, moves);
    }
}
