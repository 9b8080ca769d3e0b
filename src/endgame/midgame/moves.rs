//! Edax's move list in the midgame search (move.c): `search_get_movelist`, `movelist_evaluate`
//! (the fast order of the endgame below a depth that grows with the empty squares, above it the
//! mobility, the edge stability and a shallow search of each move) and `movelist_sort`.

use super::search_eval::{search_eval_0, search_eval_1, search_eval_2};
use super::{Midgame, MidgameLevel, Position};
use crate::endgame::edax::{
    fast_score, parity_weight, quadrant, SCORE_MAX, SQUARE_VALUE, W_HASH_MOVE_0, W_HASH_MOVE_1, W_WIPEOUT,
};
use crate::hash_table::Data;
use crate::kernels::{masks::CORNERS, moves::potential_moves, Prims};
use crate::types::board::EkBoard;

/// The most moves a position has (33 is the known maximum).
pub(super) const MAX_MOVES: usize = 36;

/// `movelist_evaluate`'s weights above the fast order (move.c).
const W_HASH: i32 = 1 << 15;
const W_EVAL: i32 = 1 << 15;
const W_MOBILITY: i32 = 1 << 15;
const W_EDGE_STABILITY: i32 = 1 << 11;
const W_POTENTIAL_MOBILITY: i32 = 1 << 5;
/// Edax's `SORT_ALPHA_DELTA`.
const SORT_ALPHA_DELTA: i32 = 8;

/// `movelist_evaluate`'s `MIN_DEPTH`, by empty squares: below it the moves get the fast order.
const MIN_DEPTH: [u8; 64] = [
    19, 18, 18, 18, 17, 17, 17, 16, //
    16, 16, 15, 15, 15, 14, 14, 14, //
    13, 13, 13, 12, 12, 12, 11, 11, //
    11, 10, 10, 10, 9, 9, 9, 9, //
    9, 9, 9, 9, 9, 9, 9, 9, //
    9, 9, 9, 9, 9, 9, 9, 9, //
    9, 9, 9, 9, 9, 9, 9, 9, //
    9, 9, 9, 9, 9, 9, 9, 9, //
];

/// One move: its square, the discs it flips, its score for the order.
#[derive(Clone, Copy, Default)]
pub(super) struct Move {
    pub x: usize,
    pub flipped: u64,
    pub score: i32,
}

/// A node's moves, in square order until [`MoveList::sort`].
pub(super) struct MoveList {
    moves: [Move; MAX_MOVES],
    n: usize,
}

impl MoveList {
    /// `search_get_movelist`: the moves `moves` of (p, o), in square order.
    #[inline(always)]
    pub fn new<K: Prims>(p: u64, o: u64, moves: u64) -> MoveList {
        let mut list = MoveList { moves: [Move::default(); MAX_MOVES], n: 0 };
        let mut left = moves;
        while left != 0 && list.n < MAX_MOVES {
            let x = left.trailing_zeros() as usize & 63;
            left &= left - 1;
            list.moves[list.n] = Move { x, flipped: K::flip(x, p, o), score: 0 };
            list.n += 1;
        }
        list
    }

    /// A list of the moves `(square, flipped)` given, in their order (the root's list).
    #[inline(always)]
    pub fn from_moves(moves: impl Iterator<Item = (usize, u64)>) -> MoveList {
        let mut list = MoveList { moves: [Move::default(); MAX_MOVES], n: 0 };
        for (x, flipped) in moves {
            if list.n < MAX_MOVES {
                list.moves[list.n] = Move { x, flipped, score: 0 };
                list.n += 1;
            }
        }
        list
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.n
    }

    #[inline(always)]
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves[..self.n.min(MAX_MOVES)].iter().copied()
    }

    /// `movelist_sort`: best score first, equal scores in their order (Edax's selection of the
    /// first best, repeated, is a stable sort).
    #[inline(always)]
    pub fn sort(&mut self) {
        // An insertion sort (a few moves; the library's sort would be compiled without the
        // level's features).
        for i in 1..self.n.min(MAX_MOVES) {
            let m = self.moves[i];
            let mut j = i;
            while j > 0 && self.moves[j - 1].score < m.score {
                self.moves[j] = self.moves[j - 1];
                j -= 1;
            }
            self.moves[j] = m;
        }
    }
}

/// The score of a move that takes every disc or that the table remembers, if it is one.
#[inline(always)]
fn special_score(m: &Move, o: u64, hash: &Data) -> Option<i32> {
    if m.flipped == o {
        Some(W_WIPEOUT)
    } else if m.x as i32 == i32::from(hash.moves[0]) {
        Some(W_HASH_MOVE_0)
    } else if m.x as i32 == i32::from(hash.moves[1]) {
        Some(W_HASH_MOVE_1)
    } else {
        None
    }
}

/// Edax's `bit_weighted_count`: the squares, corners twice.
#[inline(always)]
fn weighted<K: Prims>(b: u64) -> i32 {
    (K::popcount(b) + K::popcount(b & CORNERS)) as i32
}

impl Midgame<'_> {
    /// `movelist_evaluate(movelist, search, hash_data, alpha, depth)`: each move's score.
    #[inline(always)]
    pub(super) fn evaluate<K: MidgameLevel>(
        &mut self,
        list: &mut MoveList,
        pos: &Position,
        hash: &Data,
        alpha: i32,
        depth: i32,
    ) {
        let n = pos.n_empties();
        if depth < i32::from(MIN_DEPTH[n as usize & 63]) {
            let w_parity = parity_weight(n);
            for m in &mut list.moves[..list.n.min(MAX_MOVES)] {
                m.score = special_score(m, pos.o, hash).unwrap_or_else(|| {
                    self.nodes += 1;
                    let (p, o) = (pos.o ^ m.flipped, pos.p ^ (m.flipped | 1 << m.x));
                    fast_score::<K>(m.x, p, o, pos.empties.parity, w_parity)
                });
            }
            return;
        }
        let mut sort_depth = (depth - 15) / 3;
        if i32::from(hash.upper) < alpha {
            sort_depth -= 2;
        }
        if n >= 27 {
            sort_depth += 1;
        }
        let sort_depth = sort_depth.clamp(0, 6);
        let sort_alpha = (alpha - SORT_ALPHA_DELTA).max(-SCORE_MAX);
        let w_parity = match n {
            0..=11 => 1 << 3,
            12..=20 => 1 << 2,
            21..=29 => 1 << 1,
            _ => 0,
        };
        for i in 0..list.n.min(MAX_MOVES) {
            let m = list.moves[i];
            list.moves[i].score = match special_score(&m, pos.o, hash) {
                Some(score) => score,
                None => {
                    let mut score = i32::from(SQUARE_VALUE[m.x & 63]);
                    if pos.empties.parity & quadrant(m.x) != 0 {
                        score += w_parity;
                    }
                    let next = pos.play::<K>(m.x, m.flipped);
                    self.nodes += 1;
                    score += (36 - weighted::<K>(potential_moves(next.p, next.o))) * W_POTENTIAL_MOBILITY;
                    score += K::edge_stability(next.o, next.p) * W_EDGE_STABILITY;
                    score += (36 - weighted::<K>(K::get_moves(next.p, next.o))) * W_MOBILITY;
                    let w = self.weights;
                    score += match sort_depth {
                        0 => ((SCORE_MAX - search_eval_0::<K>(w, &next, &mut self.nodes)) >> 2) * W_EVAL,
                        1 => {
                            ((SCORE_MAX - search_eval_1::<K>(w, &next, -SCORE_MAX, -sort_alpha, &mut self.nodes)) >> 1)
                                * W_EVAL
                        }
                        2 => {
                            ((SCORE_MAX - search_eval_2::<K>(w, &next, -SCORE_MAX, -sort_alpha, &mut self.nodes)) >> 1)
                                * W_EVAL
                        }
                        _ => {
                            let b = EkBoard::new(next.p, next.o);
                            let found = Self::get(self.tables.main, b, K::hash_code(next.p, next.o)).is_some();
                            let bonus = if found { W_HASH } else { 0 };
                            bonus
                                + (SCORE_MAX - K::pvs_shallow(self, &next, -SCORE_MAX, -sort_alpha, sort_depth))
                                    * W_EVAL
                        }
                    };
                    score
                }
            };
        }
    }
}
