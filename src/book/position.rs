//! A position of the book and its moves (Edax's `Position` and `Link`, book.c
//! `position_init`, `position_unique`, `position_add_link`, `position_sort`).

use super::BOOK_SCORE_INF;
use crate::kernels::symmetry::unique;
use crate::types::board::{EkBoard, NOMOVE};

/// A move and its score (Edax's `Link`): a link to a child in the book, or a position's leaf,
/// the best move not among its links. Moves are squares 0..=63, `PASS` (64) or `NOMOVE` (65).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookLink {
    /// The move's score for the side to move.
    pub score: i8,
    /// The square (Edax's numbering: A1 = 0, H8 = 63), `PASS` or `NOMOVE`.
    pub mv: u8,
}

impl BookLink {
    /// Edax's `BAD_LINK`: no leaf (score -127, `NOMOVE`).
    pub const NONE: BookLink = BookLink { score: -(BOOK_SCORE_INF as i8), mv: NOMOVE as u8 };
}

/// A position of the book (Edax's `Position`): the board as stored (the unique board of its
/// symmetry class, `board_unique`), with its moves in the stored board's squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookPosition {
    /// The unique board, the side to move's discs first.
    pub board: EkBoard,
    /// Game counts of the book's lines below (`position_negamax`), saturated at `u32::MAX`.
    pub n_wins: u32,
    /// Drawn lines.
    pub n_draws: u32,
    /// Lost lines.
    pub n_losses: u32,
    /// All lines, finished or not.
    pub n_lines: u32,
    /// The position's value (best of its links and leaf).
    pub value: i16,
    /// Its lower bound (`position_negamax`, from the book's errors).
    pub lower: i16,
    /// Its upper bound.
    pub upper: i16,
    /// The level its leaf was searched at.
    pub level: u8,
    /// The moves whose children are in the book, in stored order (at most 255).
    pub links: Vec<BookLink>,
    /// The best move not among the links, or [`BookLink::NONE`].
    pub leaf: BookLink,
    /// Edax's `done` flag (negamax's "already visited").
    pub(super) done: bool,
}

impl BookPosition {
    /// Edax's `position_init` on `board`: no links, no leaf, value and lower -127, upper +127,
    /// level 0, counts 0.
    pub fn new(board: EkBoard) -> Self {
        BookPosition {
            board,
            n_wins: 0,
            n_draws: 0,
            n_losses: 0,
            n_lines: 0,
            value: -BOOK_SCORE_INF,
            lower: -BOOK_SCORE_INF,
            upper: BOOK_SCORE_INF,
            level: 0,
            links: Vec::new(),
            leaf: BookLink::NONE,
            done: true,
        }
    }

    /// Edax's `position_unique`: the board replaced by its unique board, the links' and the
    /// leaf's moves turned with it.
    pub fn make_unique(&mut self) {
        let (u, s) = unique(self.board);
        if s != 0 {
            self.board = u;
            for l in &mut self.links {
                l.mv = symmetric_move(l.mv, s);
            }
            self.leaf.mv = symmetric_move(self.leaf.mv, s);
        }
    }

    /// Edax's `position_add_link`: a link to a new child (or, when the move is linked already,
    /// its score updated). A new link raises the value to its score, and a link on the leaf's
    /// move removes the leaf. Returns whether a link was added. A position holds at most 255
    /// links (Edax's `n_link` is a byte; a legal position has at most 33 moves).
    pub fn add_link(&mut self, link: BookLink) -> bool {
        if let Some(l) = self.links.iter_mut().find(|l| l.mv == link.mv) {
            l.score = link.score;
            return false;
        }
        if self.links.len() >= 255 {
            return false;
        }
        self.links.push(link);
        if i16::from(link.score) > self.value {
            self.value = i16::from(link.score);
        }
        if link.mv == self.leaf.mv {
            self.leaf = BookLink::NONE;
        }
        true
    }

    /// Edax's `position_sort`: its selection sort of the links, best score first (a swap
    /// sort: equal scores do not always keep their order, exactly as in Edax).
    pub fn sort_links(&mut self) {
        let n = self.links.len();
        for i in 0..n.saturating_sub(1) {
            let mut best = i;
            for j in i + 1..n {
                if self.links[j].score > self.links[best].score {
                    best = j;
                }
            }
            if best > i {
                self.links.swap(best, i);
            }
        }
    }
}

/// Edax's `symetry(x, s)`: square `x` under symmetry `s` (files mirrored if bit 0, ranks if
/// bit 1, then transposed if bit 2); `PASS`, `NOMOVE` and other non-squares are unchanged.
pub fn symmetric_move(x: u8, s: u32) -> u8 {
    if x >= 64 {
        return x;
    }
    let mut x = x;
    if s & 1 != 0 {
        x ^= 7;
    }
    if s & 2 != 0 {
        x ^= 0o70;
    }
    if s & 4 != 0 {
        x = (x >> 3) | ((x & 7) << 3);
    }
    x
}
