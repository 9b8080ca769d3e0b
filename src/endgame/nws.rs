//! Edax 4.6's `NWS_endgame` (endgame.c), node for node: the null-window endgame search above
//! the leaf search, on Edax's own transposition table. The same stability and transposition
//! cut-offs, the same move order (`movelist_evaluate_fast`, then best first), the same table
//! probes and stores and the same node counts, so that an Edax calling it searches the same tree.

use super::edax::{
    fast_score, final_score, parity_weight, stability_cutoff, DEPTH_TO_SHALLOW_SEARCH, SCORE_INF, W_HASH_MOVE_0,
    W_HASH_MOVE_1, W_WIPEOUT,
};
use super::empties::Empties;
use super::search_shallow;
use super::StopFlag;
use crate::hash_table::{self, Data, EkHashTable, Store};
use crate::kernels::Prims;
use crate::types::board::EkBoard;
use core::mem::MaybeUninit;

/// Edax's `NO_SELECTIVITY`: the selectivity of an exact search, stored with every result.
const NO_SELECTIVITY: u8 = 5;

/// A level's `NWS_endgame` node as a function of its own, compiled with the level's target
/// features (`level_entries!`, src/dispatch/entries/searches.rs): the recursion's entry point. (A closure run
/// through `Prims::outline` is not enough here: LLVM does not inline a recursive closure into
/// the outlined function, and the closure alone has no target features.)
pub(crate) trait NwsLevel: Prims {
    /// [`Search::nws`] compiled for the level.
    fn nws(s: &mut Search, p: u64, o: u64, alpha: i32, e: Empties) -> i32;
}

/// A search in progress: Edax's table, its stop flag, and the nodes counted so far.
pub(crate) struct Search<'a> {
    /// Valid as [`hash_table::get`] requires (the invariant of [`Search::new`]).
    table: &'a EkHashTable,
    stop: Option<StopFlag<'a>>,
    pub nodes: u64,
}

impl<'a> Search<'a> {
    /// # Safety
    /// `table` is a valid Edax table (as [`hash_table::get`] requires) for the search's length.
    pub unsafe fn new(table: &'a EkHashTable, stop: Option<StopFlag<'a>>) -> Self {
        Search { table, stop, nodes: 0 }
    }

    /// Whether the caller asked the search to stop (Edax's `search->stop`).
    #[inline(always)]
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.raised())
    }

    /// `NWS_endgame`: the fail-soft score of `p` (to move, empties `e`) on the null window
    /// (alpha, alpha + 1); `alpha` itself when the search is stopped.
    #[inline(always)]
    pub fn nws<K: NwsLevel>(&mut self, p: u64, o: u64, alpha: i32, e: Empties) -> i32 {
        if self.stopped() {
            return alpha;
        }
        self.nodes += 1;
        let n = K::popcount(e.squares);
        let code = K::hash_code(p, o);
        hash_table::prefetch(self.table, code);
        if let Some(score) = stability_cutoff::<K>(p, o, alpha, n) {
            return score;
        }
        let moves = K::get_moves(p, o);
        if moves & moves.wrapping_sub(1) != 0 {
            self.search_moves::<K>(EkBoard::new(p, o), alpha, e, moves, code)
        } else if moves != 0 {
            let x = moves.trailing_zeros() as usize & 63;
            let f = K::flip(x, p, o);
            -self.child::<K>(o ^ f, p ^ f ^ (1 << x), -alpha - 1, e.without(x))
        } else if K::can_move(o, p) {
            -K::nws(self, o, p, -alpha - 1, e)
        } else {
            final_score(K::popcount(p), n as i32)
        }
    }

    /// The part of `NWS_endgame` for two moves or more: the table's cut-off, the moves best
    /// first, the store of the result.
    #[inline(always)]
    fn search_moves<K: NwsLevel>(&mut self, b: EkBoard, alpha: i32, e: Empties, moves: u64, code: u64) -> i32 {
        let n = K::popcount(e.squares);
        // SAFETY: the table is valid (the invariant of `Search::new`).
        let found = unsafe { hash_table::get(self.table, b, code) };
        if let Some(d) = found {
            if d.selectivity >= NO_SELECTIVITY && u32::from(d.depth) >= n {
                if alpha < i32::from(d.lower) {
                    return i32::from(d.lower);
                }
                if alpha >= i32::from(d.upper) {
                    return i32::from(d.upper);
                }
            }
        }
        let start = self.nodes;
        // Children that will probe the table have their buckets fetched while the moves are
        // ordered, well before their own probe.
        let children_probe = n - 1 > DEPTH_TO_SHALLOW_SEARCH;
        let prefetch = children_probe.then_some(self.table);
        let list = MoveList::new::<K>(b, moves, e, found.unwrap_or(Data::INIT).moves, prefetch, &mut self.nodes);
        let (mut best, mut best_move) = (-SCORE_INF, 0);
        let mut left = moves;
        while left != 0 {
            let x = list.take_best(&mut left);
            let f = list.flipped(x);
            let score = -self.child::<K>(b.opponent ^ f, b.player ^ f ^ (1 << x), -alpha - 1, e.without(x));
            if score > best {
                (best, best_move) = (score, x);
                if best > alpha {
                    break;
                }
            }
        }
        if !self.stopped() {
            let cost = self.nodes - start;
            let store = Store {
                depth: n as u8,
                selectivity: NO_SELECTIVITY,
                // Edax's `last_bit(cost)`; every child counts a node, so the cost is not 0.
                cost: cost.checked_ilog2().unwrap_or(0) as u8,
                date: self.table.date,
                alpha: alpha as i8,
                beta: (alpha + 1) as i8,
                score: best as i8,
                mv: best_move as i8,
            };
            // SAFETY: the table is valid (the invariant of `Search::new`).
            unsafe { hash_table::store(self.table, b, code, &store) };
        }
        best
    }

    /// The score of a child (`p` to move), from its side: the leaf search at
    /// [`DEPTH_TO_SHALLOW_SEARCH`] empty squares or fewer, else `NWS_endgame` again.
    #[inline(always)]
    fn child<K: NwsLevel>(&mut self, p: u64, o: u64, alpha: i32, e: Empties) -> i32 {
        if K::popcount(e.squares) <= DEPTH_TO_SHALLOW_SEARCH {
            search_shallow::<K>(p, o, alpha, e, &mut self.nodes)
        } else {
            K::nws(self, p, o, alpha, e)
        }
    }
}

/// The moves of a node by square, with their flips and their `movelist_evaluate_fast` scores.
/// Only the squares of the node's moves are written, and only they are read.
struct MoveList {
    flipped: [MaybeUninit<u64>; 64],
    score: [MaybeUninit<i32>; 64],
}

impl MoveList {
    /// Edax's `search_get_movelist` then `movelist_evaluate_fast` for `moves` (those of `b`):
    /// a wipe-out first, then the table's two moves, then the others by square value,
    /// parity, the opponent's potential and real mobility and the corner stability after the
    /// move. Each move scored the last way counts a node, as in Edax.
    #[inline(always)]
    fn new<K: Prims>(
        b: EkBoard,
        moves: u64,
        e: Empties,
        hash_moves: [i8; 2],
        prefetch: Option<&EkHashTable>,
        nodes: &mut u64,
    ) -> MoveList {
        let w_parity = parity_weight(K::popcount(e.squares));
        let mut list = MoveList { flipped: [MaybeUninit::uninit(); 64], score: [MaybeUninit::uninit(); 64] };
        let mut left = moves;
        while left != 0 {
            let x = left.trailing_zeros() as usize & 63;
            left &= left - 1;
            let f = K::flip(x, b.player, b.opponent);
            if let Some(table) = prefetch {
                hash_table::prefetch(table, K::hash_code(b.opponent ^ f, b.player ^ f ^ (1 << x)));
            }
            list.flipped[x] = MaybeUninit::new(f);
        }
        let mut left = moves;
        while left != 0 {
            let x = left.trailing_zeros() as usize & 63;
            left &= left - 1;
            let f = list.flipped(x);
            let score = if f == b.opponent {
                W_WIPEOUT
            } else if x as i32 == i32::from(hash_moves[0]) {
                W_HASH_MOVE_0
            } else if x as i32 == i32::from(hash_moves[1]) {
                W_HASH_MOVE_1
            } else {
                *nodes += 1;
                fast_score::<K>(x, b.opponent ^ f, b.player ^ f ^ (1 << x), e.parity, w_parity)
            };
            list.score[x] = MaybeUninit::new(score);
        }
        list
    }

    /// The discs flipped by move `x` (a square of the node's moves).
    #[inline(always)]
    fn flipped(&self, x: usize) -> u64 {
        // SAFETY: `new` wrote every square of the node's moves, and `x` is one of them.
        unsafe { self.flipped[x & 63].assume_init() }
    }

    /// The move of `left` (some of the node's moves, not empty) with the highest score, the
    /// first in square order among equals, taken out of `left`: Edax's `move_next_best`, whose
    /// list keeps the moves not yet taken in square order.
    #[inline(always)]
    fn take_best(&self, left: &mut u64) -> usize {
        // SAFETY (the reads): `new` wrote every square of the node's moves; `left` holds some.
        let score = |x: usize| unsafe { self.score[x & 63].assume_init() };
        let mut rest = *left;
        let mut best = rest.trailing_zeros() as usize & 63;
        let mut best_score = score(best);
        rest &= rest.wrapping_sub(1);
        while rest != 0 {
            let x = rest.trailing_zeros() as usize & 63;
            rest &= rest - 1;
            let s = score(x);
            if s > best_score {
                (best, best_score) = (x, s);
            }
        }
        *left &= !(1 << best);
        best
    }
}
