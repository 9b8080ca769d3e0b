//! The book commands that need no search, and the hook for those that do: Edax's
//! `book_negamax` (`position_negamax`), `book_sort`, `book_merge` (`position_merge`),
//! `book_link` and `position_search` (its search through [`LeafSearch`]).

use super::{board_next, neg_score, BookLink, BookPosition, EkBook, BOOK_SCORE_INF};
use crate::endgame::midgame::{level_depth, NO_SELECTIVITY};
use crate::kernels::moves::get_moves;
use crate::types::board::{EkBoard, NOMOVE};

/// The search Edax's `position_search` runs: `search_run` on `board` at `level`, without a
/// time limit, the moves in `excluded` (the position's links) left out of the root. Returns
/// the best remaining move and its score (Edax's `search->result`). A later branch plugs in
/// the engine; the book calls it where Edax searches (a position without a leaf, a leaf that
/// became a link).
pub trait LeafSearch {
    /// The best move of `board` other than `excluded`, and its score.
    fn search(&mut self, board: &EkBoard, level: i32, excluded: &[u8]) -> BookLink;
}

/// A `LeafSearch` for callers with no engine: never called by the search-free operations,
/// and answering "no move" where a search would be needed.
pub struct NoSearch;

impl LeafSearch for NoSearch {
    fn search(&mut self, _: &EkBoard, _: i32, _: &[u8]) -> BookLink {
        BookLink::NONE
    }
}

/// Edax's `position_search`: the leaf becomes a link if it is not one; then, when some move is
/// neither linked nor (for a position without moves) scored, the best other move is searched
/// and becomes the leaf, raising the value.
pub(crate) fn position_search(p: &mut BookPosition, search: &mut dyn LeafSearch) {
    if i32::from(p.leaf.mv) != NOMOVE {
        let leaf = p.leaf;
        p.add_link(leaf);
    }
    let n_moves = get_moves(p.board.player, p.board.opponent).count_ones() as usize;
    if p.links.len() < n_moves || (p.links.is_empty() && n_moves == 0 && p.value == -BOOK_SCORE_INF) {
        let excluded: Vec<u8> = p.links.iter().map(|l| l.mv).collect();
        p.leaf = search.search(&p.board, i32::from(p.level), &excluded);
        if i16::from(p.leaf.score) > p.value {
            p.value = p.leaf.score.into();
        }
    }
}

/// Recursion cap (see query.rs): a hostile file's links may lead anywhere.
const MAX_PLIES: usize = 128;

/// Clamps an `int` into Edax's `short` fields as C converts (the low 16 bits).
fn short(v: i32) -> i16 {
    v as i16
}

impl EkBook {
    /// Edax's `position_negamax` on the position at `at`.
    pub(super) fn negamax_at(&mut self, at: (usize, usize), depth: usize) -> i16 {
        let p = &mut self.buckets[at.0][at.1];
        if p.done {
            return p.value;
        }
        p.done = true;
        let board = p.board;
        let n_empties = 64 - (board.player | board.opponent).count_ones() as i32;
        let (search_depth, selectivity) = level_depth(i32::from(p.level), n_empties);
        let bias = (search_depth & 1) - (n_empties & 1);
        let (mid, end) = (self.options.midgame_error, self.options.endcut_error);
        let mut stat = [0u64; 4]; // wins, draws, losses, lines
        let mut value = -BOOK_SCORE_INF;
        let mut lower = -BOOK_SCORE_INF;
        let mut upper = -BOOK_SCORE_INF;
        if i16::from(p.leaf.score) > -BOOK_SCORE_INF {
            value = p.leaf.score.into();
            let v = i32::from(value);
            if search_depth == n_empties && selectivity == NO_SELECTIVITY {
                lower = value;
                upper = value;
                stat[if v > 0 {
                    0
                } else if v < 0 {
                    2
                } else {
                    1
                }] += 1;
            } else if search_depth == n_empties {
                lower = short(v.wrapping_sub(end));
                upper = short(v.wrapping_add(end));
            } else {
                lower = short(v.wrapping_sub(mid).wrapping_sub(bias));
                upper = short(v.wrapping_add(mid).wrapping_sub(bias));
            }
            stat[3] += 1;
        }
        let links = p.links.clone();
        let mut new_links = links.clone();
        for (k, l) in links.iter().enumerate() {
            let target = board_next(board, l.mv);
            // Edax dereferences the child unchecked; a link to a missing child (a hostile or
            // damaged file) is skipped here, keeping its score.
            let Some(child_at) = self.locate(&target) else { continue };
            let (c_value, c_lower, c_upper, c_counts) = if depth < MAX_PLIES {
                self.negamax_at(child_at, depth + 1);
                let c = &self.buckets[child_at.0][child_at.1];
                (c.value, c.lower, c.upper, [c.n_wins, c.n_draws, c.n_losses, c.n_lines])
            } else {
                continue;
            };
            let score = neg_score(c_value);
            new_links[k].score = score;
            if i16::from(score) > value {
                value = score.into();
            }
            // C negates the shorts as ints, then stores the int back in a short.
            if -i32::from(c_upper) > i32::from(lower) {
                lower = short(-i32::from(c_upper));
            }
            if -i32::from(c_lower) > i32::from(upper) {
                upper = short(-i32::from(c_lower));
            }
            stat[0] += u64::from(c_counts[2]);
            stat[1] += u64::from(c_counts[1]);
            stat[2] += u64::from(c_counts[0]);
            stat[3] += u64::from(c_counts[3]);
        }
        let p = &mut self.buckets[at.0][at.1];
        p.links = new_links;
        p.value = value;
        p.lower = lower;
        p.upper = upper;
        let sat = |v: u64| v.min(u64::from(u32::MAX)) as u32;
        p.n_wins = sat(stat[0]);
        p.n_draws = sat(stat[1]);
        p.n_losses = sat(stat[2]);
        p.n_lines = sat(stat[3]);
        value
    }

    /// Edax's `book negamax` (`book_negamax` then `book_sort`): from the start position, each
    /// reachable position's value from its leaf and its children's values, its bounds from
    /// the leaf's kind (exact, `endcut_error`, `midgame_error` and the depth parity) and its
    /// children's, its game counts summed; then every position's links sorted. Nothing when
    /// the start position is not in the book (then no sort either, as in Edax's `book_negamax`;
    /// the sort still runs, as `book negamax` runs it).
    pub fn negamax(&mut self) {
        if let Some(root) = self.locate(&EkBoard::START) {
            for p in self.positions_mut() {
                p.done = false;
            }
            self.negamax_at(root, 0);
        }
        self.sort();
    }

    /// Edax's `book_sort`: every position's links, best first ([`BookPosition::sort_links`]).
    pub fn sort(&mut self) {
        for p in self.positions_mut() {
            p.sort_links();
        }
    }

    /// Edax's `book_merge`: each position of `src` (in its table order) missing here is added
    /// with its board, leaf and level only (`position_merge` on a fresh position: no links,
    /// counts or bounds, value -127). Edax then asks for a `book fix`.
    pub fn merge(&mut self, src: &EkBook) {
        for p in src.positions() {
            if self.probe(&p.board).is_none() {
                let mut q = BookPosition::new(p.board);
                // position_merge on a position_init'ed destination: level 0 < any level > 0
                // takes the leaf and level; at level 0 too (no link holds the leaf's move).
                q.leaf = p.leaf;
                q.level = p.level;
                self.add_raw(q);
            }
        }
    }

    /// Edax's `book_link`: for every position in table order, its links to the children in
    /// the book (`position_link`), and a search of its leaf (through `search`) when it has
    /// none.
    pub fn link(&mut self, search: &mut dyn LeafSearch) {
        for i in 0..self.buckets.len() {
            for j in 0..self.buckets[i].len() {
                let mut p = core::mem::replace(&mut self.buckets[i][j], BookPosition::new(EkBoard::default()));
                self.link_position(&mut p);
                if i32::from(p.leaf.mv) == NOMOVE {
                    position_search(&mut p, search);
                }
                self.buckets[i][j] = p;
            }
        }
    }
}
