//! The transposition cut-offs of Edax's midgame search (search.c): `search_TC_NWS` on the
//! node's own entry, and `search_ETC_NWS`, which looks at the children's entries and stability
//! before searching any of them.

use super::moves::MoveList;
use super::{Midgame, MidgameLevel, Position};
use crate::endgame::edax::{stability_threshold, SCORE_MAX};
use crate::hash_table::Data;
use crate::types::board::EkBoard;

/// Edax's `ETC_MIN_DEPTH`: the enhanced transposition cut-off is tried deeper than this.
const ETC_MIN_DEPTH: i32 = 5;

/// `search_TC_NWS`: the entry's bound when the entry is deep and exact enough and the bound
/// cuts the null window (alpha, alpha + 1).
#[inline(always)]
pub(super) fn transposition(d: &Data, depth: i32, selectivity: i32, alpha: i32) -> Option<i32> {
    if i32::from(d.selectivity) >= selectivity && i32::from(d.depth) >= depth {
        if alpha < i32::from(d.lower) {
            return Some(i32::from(d.lower));
        }
        if alpha >= i32::from(d.upper) {
            return Some(i32::from(d.upper));
        }
    }
    None
}

impl Midgame<'_> {
    /// `search_ETC_NWS`: a move whose position is known (by its stable discs, or by its entry in
    /// the main table) to score above alpha cuts the node at once; the cut is stored. Each move
    /// looked at counts a node, as in Edax.
    #[inline(always)]
    pub(super) fn etc<K: MidgameLevel>(
        &mut self,
        pos: &Position,
        list: &MoveList,
        code: u64,
        depth: i32,
        alpha: i32,
    ) -> Option<i32> {
        if depth <= ETC_MIN_DEPTH {
            return None;
        }
        let threshold = stability_threshold(pos.n_empties());
        let board = EkBoard::new(pos.p, pos.o);
        let main = self.tables.main;
        for m in list.iter() {
            // The position after the move: the mover's discs, then the other side's.
            let (mover, other) = (pos.p ^ (m.flipped | 1 << m.x), pos.o ^ m.flipped);
            self.nodes += 1;
            let mut cut = None;
            if alpha <= -threshold {
                let score = 2 * K::get_stability(mover, other) - SCORE_MAX;
                if score > alpha {
                    cut = Some(score);
                }
            }
            if cut.is_none() {
                let next = EkBoard::new(other, mover);
                if let Some(d) = Self::get(main, next, K::hash_code(other, mover)) {
                    if i32::from(d.selectivity) >= self.selectivity && i32::from(d.depth) >= depth - 1 {
                        let score = -i32::from(d.upper);
                        if score > alpha {
                            cut = Some(score);
                        }
                    }
                }
            }
            if let Some(score) = cut {
                Self::store(main, board, code, depth, self.selectivity, 0, (alpha, alpha + 1), score, m.x as i32);
                return Some(score);
            }
        }
        None
    }
}
