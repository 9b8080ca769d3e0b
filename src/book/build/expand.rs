//! Edax's expansions (book.c): `book_expand` and `position_expand` (a leaf's child added and
//! searched, the position searched again), and the commands that mark the leaves to expand:
//! `book deviate` (`position_deviate`), `book enhance` (`position_enhance`), `book extend`
//! (`position_extend`) and `book play` (`position_play`).

use super::{empties, game_over, leaf_bounds, BookSearch, Todo};
use crate::book::negamax::position_search;
use crate::book::{board_next, neg_score, BookPosition, EkBook, BOOK_SCORE_INF};
use crate::types::board::{EkBoard, NOMOVE};

impl EkBook {
    /// Edax's `position_expand` of the position at `at`: its leaf's child made (the position's
    /// level, its links), `search_cleanup`, the child searched, the leaf's score set from it and
    /// the position searched again (the leaf is now a link: the next best move becomes the
    /// leaf), then the child added.
    fn expand_at<S: BookSearch>(&mut self, at: (usize, usize), search: &mut S) {
        let mut p = core::mem::replace(&mut self.buckets[at.0][at.1], BookPosition::new(EkBoard::new(0, 0)));
        if i32::from(p.leaf.mv) != NOMOVE {
            let mut child = BookPosition::new(board_next(p.board, p.leaf.mv));
            child.level = p.level;
            self.link_position(&mut child);
            search.cleanup();
            position_search(&mut child, search);
            p.leaf.score = neg_score(child.value);
            position_search(&mut p, search);
            self.buckets[at.0][at.1] = p;
            self.add(child);
        } else {
            self.buckets[at.0][at.1] = p;
        }
    }

    /// Edax's `book_expand`: each `todo` position expanded, in table order, the positions
    /// added meanwhile visited too (they are never `todo`). Returns how many positions and
    /// links were added.
    fn expand<S: BookSearch>(&mut self, todo: &Todo, search: &mut S) -> usize {
        let before = self.size_with_links();
        let mut i = 0;
        while i < self.n_buckets() {
            let mut k = 0;
            while k < self.buckets[i].len() {
                if todo.contains(&(i, k)) {
                    self.expand_at((i, k), search);
                }
                k += 1;
            }
            i += 1;
        }
        self.size_with_links() - before
    }

    /// Edax's `position_deviate`.
    fn deviate_at(
        &mut self,
        at: (usize, usize),
        todo: &mut Todo,
        (player, opponent): (i32, i32),
        (lower, upper): (i32, i32),
    ) {
        let p = &mut self.buckets[at.0][at.1];
        let value = i32::from(p.value);
        if p.done
            || !(lower <= value && value <= upper)
            || empties(&p.board) < self.options.n_empties
            || game_over(&p.board)
        {
            return;
        }
        p.done = true;
        let links = p.links.clone();
        for l in links {
            let s = i32::from(l.score);
            if value - s <= player && lower <= s && s <= upper {
                if let Some(c) = self.child_at(at, l.mv) {
                    self.deviate_at(c, todo, (opponent, player), (-upper, -lower));
                }
            }
        }
        let leaf = i32::from(self.buckets[at.0][at.1].leaf.score);
        if value - leaf <= player && lower <= leaf && leaf <= upper {
            todo.insert(at);
        }
    }

    /// Edax's `book deviate RELATIVE ABSOLUTE` from `board` (`book_deviate`; Edax's defaults 2
    /// and 4): negamax from the root; then, until nothing is added, the leaves within RELATIVE
    /// of their position's best and within ABSOLUTE of the root's score, along the lines where
    /// the player deviates by at most RELATIVE and the opponent not at all, expanded; then the
    /// same with the sides' roles swapped; negamax again. Nothing when `board` is not in the
    /// book.
    pub fn deviate<S: BookSearch>(&mut self, board: &EkBoard, relative: i32, absolute: i32, search: &mut S) {
        let mut todo = Todo::new();
        let Some(mut root) = self.locate(board) else { return };
        self.negamax_from(board, &mut todo);
        loop {
            let score = i32::from(self.buckets[root.0][root.1].value);
            let window = (score - absolute, score + absolute);
            self.clean(&mut todo);
            self.deviate_at(root, &mut todo, (relative, 0), window);
            let mut n_diffs = self.expand(&todo, search);
            self.clean(&mut todo);
            self.deviate_at(root, &mut todo, (0, relative), window);
            n_diffs += self.expand(&todo, search);
            match self.locate(board) {
                Some(r) => root = r,
                None => return,
            }
            self.negamax_from(board, &mut todo);
            if n_diffs == 0 {
                break;
            }
        }
    }

    /// Edax's `position_enhance`.
    fn enhance_at(&mut self, at: (usize, usize), todo: &mut Todo) {
        let p = &mut self.buckets[at.0][at.1];
        if p.done || empties(&p.board) < self.options.n_empties || game_over(&p.board) {
            return;
        }
        p.done = true;
        let (lower, upper) = (i32::from(p.lower), i32::from(p.upper));
        let links = p.links.clone();
        for l in links {
            if let Some(c) = self.child_at(at, l.mv) {
                let child = &self.buckets[c.0][c.1];
                if -i32::from(child.upper) >= lower || -i32::from(child.lower) >= upper {
                    self.enhance_at(c, todo);
                }
            }
        }
        let p = &self.buckets[at.0][at.1];
        if i16::from(p.leaf.score) > -BOOK_SCORE_INF {
            let (l, u) = leaf_bounds(&self.options, i32::from(p.level), empties(&p.board), i32::from(p.leaf.score));
            if l >= lower || u >= upper {
                todo.insert(at);
            }
        }
    }

    /// Edax's `book enhance MIDGAME ENDCUT` from `board` (`book_enhance`; defaults 2 and 4):
    /// the errors stored in the book's options, negamax from the root, the leaves whose bounds
    /// reach their position's (along the lines whose children's bounds do) expanded, negamax
    /// again. Edax's loop counts what was added before expanding (zero), so it runs once, as
    /// here. Nothing when `board` is not in the book.
    pub fn enhance<S: BookSearch>(&mut self, board: &EkBoard, midgame_error: i32, endcut_error: i32, search: &mut S) {
        let Some(root) = self.locate(board) else { return };
        self.options.midgame_error = midgame_error;
        self.options.endcut_error = endcut_error;
        let mut todo = Todo::new();
        self.negamax_from(board, &mut todo);
        self.clean(&mut todo);
        self.enhance_at(root, &mut todo);
        self.expand(&todo, search);
        self.negamax_from(board, &mut todo);
    }

    /// Edax's `position_extend` (`extend`) and `position_play` (not `extend`): below the
    /// position, the leaves at least as good as their position's value, or the positions
    /// without links, marked.
    fn mark_at(&mut self, at: (usize, usize), todo: &mut Todo, extend: bool) {
        let p = &mut self.buckets[at.0][at.1];
        if p.done || empties(&p.board) < self.options.n_empties || game_over(&p.board) {
            return;
        }
        p.done = true;
        for l in p.links.clone() {
            if let Some(c) = self.child_at(at, l.mv) {
                self.mark_at(c, todo, extend);
            }
        }
        let p = &self.buckets[at.0][at.1];
        if (extend && i16::from(p.leaf.score) >= p.value) || (!extend && p.links.is_empty()) {
            todo.insert(at);
        }
    }

    /// The loop of Edax's `book_extend` and `book_play`: negamax from `board`, then mark,
    /// expand and negamax again until nothing is added.
    fn mark_and_expand<S: BookSearch>(&mut self, board: &EkBoard, extend: bool, search: &mut S) {
        let Some(mut root) = self.locate(board) else { return };
        let mut todo = Todo::new();
        self.negamax_from(board, &mut todo);
        loop {
            self.clean(&mut todo);
            self.mark_at(root, &mut todo, extend);
            let n_diffs = self.expand(&todo, search);
            match self.locate(board) {
                Some(r) => root = r,
                None => return,
            }
            self.negamax_from(board, &mut todo);
            if n_diffs == 0 {
                break;
            }
        }
    }

    /// Edax's `book extend` from `board` (`book_extend`): the leaves at least as good as their
    /// position's value expanded, until nothing is added.
    pub fn extend<S: BookSearch>(&mut self, board: &EkBoard, search: &mut S) {
        self.mark_and_expand(board, true, search);
    }

    /// Edax's `book play` from `board` (`book_play`): the leaf of every position without links
    /// expanded, until nothing is added.
    pub fn play<S: BookSearch>(&mut self, board: &EkBoard, search: &mut S) {
        self.mark_and_expand(board, false, search);
    }
}
