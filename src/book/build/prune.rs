//! Edax's `book prune` and `book subtree` (`position_prune`, `position_remove_links`) and `book
//! fill` (`board_fill`).

use super::{empties, BookSearch, Todo};
use crate::book::{board_next, BookLink, EkBook, BOOK_SCORE_INF};
use crate::kernels::moves::get_moves;
use crate::types::board::EkBoard;

impl EkBook {
    /// Edax's `position_prune`: the position kept (`done`) when its value is within the window
    /// and it has at least `n_empties - 1` empty squares; then each link within the player's
    /// deviation of the value and within the window followed, the sides' deviations and the
    /// window swapped. As in Edax, a position reached twice is visited twice.
    fn prune_at(&mut self, at: (usize, usize), (player, opponent): (i32, i32), (lower, upper): (i32, i32)) {
        let p = &mut self.buckets[at.0][at.1];
        let value = i32::from(p.value);
        if !(lower <= value && value <= upper) || empties(&p.board) < self.options.n_empties.wrapping_sub(1) {
            return;
        }
        p.done = true;
        for l in p.links.clone() {
            let s = i32::from(l.score);
            if value - s <= player && lower <= s && s <= upper {
                if let Some(c) = self.child_at(at, l.mv) {
                    self.prune_at(c, (opponent, player), (-upper, -lower));
                }
            }
        }
    }

    /// The end of Edax's `book_prune` and `book_subtree`: the positions not kept removed (each
    /// bucket's later positions moving down), then every link to a removed child dropped
    /// (`position_remove_links`: one better than the leaf becomes the leaf).
    fn remove_unkept(&mut self) {
        for i in 0..self.n_buckets() {
            let before = self.buckets[i].len();
            self.buckets[i].retain(|p| p.done);
            self.n_nodes -= before - self.buckets[i].len();
        }
        for i in 0..self.n_buckets() {
            for j in 0..self.buckets[i].len() {
                let board = self.buckets[i][j].board;
                let links = self.buckets[i][j].links.clone();
                let kept: Vec<BookLink> =
                    links.iter().copied().filter(|l| self.probe(&board_next(board, l.mv)).is_some()).collect();
                if kept.len() != links.len() {
                    let p = &mut self.buckets[i][j];
                    for l in links.iter().filter(|l| !kept.contains(l)) {
                        if l.score > p.leaf.score {
                            p.leaf = *l;
                        }
                    }
                    p.links = kept;
                }
            }
        }
    }

    /// Edax's `book prune` (`book_prune`, then fix, link, negamax and sort): from the start
    /// position, the positions reached when one side plays only its best moves and the other any
    /// move kept (both ways), the others removed.
    pub fn prune<S: BookSearch>(&mut self, search: &mut S) {
        if let Some(root) = self.locate(&EkBoard::START) {
            let inf = i32::from(BOOK_SCORE_INF);
            self.negamax_from(&EkBoard::START, &mut Todo::new());
            self.clean(&mut Todo::new());
            self.prune_at(root, (2 * inf, 0), (-inf, inf));
            self.prune_at(root, (0, 2 * inf), (-inf, inf));
            self.remove_unkept();
        }
        self.fix(search);
    }

    /// Edax's `book subtree` from `board` (`book_subtree`, then fix, link, negamax and sort):
    /// only the positions reachable from `board` kept.
    pub fn subtree<S: BookSearch>(&mut self, board: &EkBoard, search: &mut S) {
        if let Some(root) = self.locate(board) {
            let inf = i32::from(BOOK_SCORE_INF);
            self.negamax_from(board, &mut Todo::new());
            self.clean(&mut Todo::new());
            self.prune_at(root, (2 * inf, 2 * inf), (-inf, inf));
            self.remove_unkept();
        }
        self.fix(search);
    }

    /// Edax's `board_fill`: whether a position `depth` plies below `board` is in the book; each
    /// position on the way to one added (`book_add_board`), the moves in square order.
    fn board_fill<S: BookSearch>(&mut self, board: EkBoard, depth: i32, search: &mut S) -> bool {
        if depth <= 0 {
            return self.probe(&board).is_some();
        }
        let moves = get_moves(board.player, board.opponent);
        let mut filled = false;
        if moves == 0 && get_moves(board.opponent, board.player) != 0 {
            let next = board.swapped();
            if self.board_fill(next, depth - 1, search) {
                self.add_board(&next, search);
                filled = true;
            }
        } else {
            let mut m = moves;
            while m != 0 {
                let x = m.trailing_zeros() as u8;
                m &= m - 1;
                let next = board_next(board, x);
                if self.board_fill(next, depth - 1, search) {
                    self.add_board(&next, search);
                    filled = true;
                }
            }
        }
        filled
    }

    /// Edax's `book fill DEPTH` (`book_fill`; default 1): from each position (table order, those
    /// added meanwhile too) with at least `n_empties` empty squares, every position within
    /// DEPTH plies that leads back into the book added; `book_negamax` (no sort); again until
    /// nothing is added.
    pub fn fill<S: BookSearch>(&mut self, depth: i32, search: &mut S) {
        loop {
            let before = self.size_with_links();
            let mut i = 0;
            while i < self.n_buckets() {
                let mut k = 0;
                while k < self.buckets[i].len() {
                    let b = self.buckets[i][k].board;
                    if empties(&b) >= self.options.n_empties {
                        self.board_fill(b, depth, search);
                    }
                    k += 1;
                }
                i += 1;
            }
            if self.size_with_links() == before {
                break;
            }
            self.negamax_unsorted();
        }
    }
}
