//! Edax 4.6's opening book (src/book.c; the format and Edax's choices are in
//! docs/book-and-bases.md, sections 1-3): the positions, in Edax's hash table so that a saved
//! file has Edax's record order byte for byte.
//!
//! - `mod.rs`: the table ([`EkBook`]): Edax's
//!   bucket count, bucket index and insertion order; add, probe and remove by the unique board.
//! - `position.rs`: a position and its moves (Edax's `Position`, `Link`, `position_unique`,
//!   `position_add_link`, `position_sort`).
//! - `file.rs`: book.dat, read and written byte for byte ([`BookError`] for bad files).
//! - `query.rs`: a position's moves in Edax's order, the random book move, the line, the game
//!   statistics, `book info`.
//! - `play.rs`: the engine's move with a book, as Edax's `play_go` (a book move, else the
//!   search).
//! - `random.rs`: Edax's generator (`random_get`).
//! - `text.rs`: `book export` / `book import`.
//! - `egbk3.rs`: Egaroucid's `.egbk3` books, read and written, converted to and from Edax's.
//! - `build/`: Edax's book-building commands (`book new`, `store`, `add`, `fix`, `deviate`,
//!   `enhance`, `play`, `extend`, `fill`, `prune`, `subtree`, `deepen`, `correct`), their
//!   searches through [`BookSearch`] ([`EngineBookSearch`]: the engine's search with the links
//!   excluded, on tables kept between searches as Edax's book keeps the play's).
//! - `negamax.rs`: `book negamax`, `book sort`, `book merge`, `book link` (its searches through
//!   the [`LeafSearch`] hook).
//!
//! Only the portable kernels are used: nothing here is hot, so the book is the same code on
//! every level (like the engine's exports, its C functions are guarded, not dispatched).

mod build;
mod egbk3;
mod file;
mod negamax;
mod play;
mod position;
mod query;
mod random;
mod text;

pub use build::{book_depth_for_level, BookSearch, BookSearchRecord, EngineBookSearch};
pub use egbk3::{EGBK3_HEADER_SIZE, EGBK3_RECORD_SIZE};
pub use file::BookError;
pub use negamax::{LeafSearch, NoSearch};
pub use play::{book_result, play, EkBookUse, EkPlayResult};
pub use position::{symmetric_move, BookLink, BookPosition};
pub use query::{BookGameStats, BookInfo, BookMove};
pub use random::EdaxRandom;

use crate::kernels::crc32c::hash_code;
use crate::kernels::flip::flip;
use crate::kernels::symmetry::{symmetry, unique};
use crate::types::board::{EkBoard, NOMOVE, PASS};

/// Edax's `SCORE_INF`: the "no score" of a position's value and bounds.
pub const BOOK_SCORE_INF: i16 = 127;

/// Edax's bucket count after `book_init` (and the smallest after a load).
pub const BOOK_MIN_BUCKETS: usize = 65536;

/// Edax's `board_next`: the board after the side to move plays `x` (a pass for `PASS`; a
/// non-square or an occupied square places no disc and flips nothing, so that hostile data
/// gives some board, never a panic).
pub(crate) fn board_next(b: EkBoard, x: u8) -> EkBoard {
    let empty = !(b.player | b.opponent);
    if x < 64 && empty >> x & 1 != 0 {
        b.next(i32::from(x), flip(x as usize, b.player, b.opponent))
    } else {
        b.swapped()
    }
}

/// The book's date (Edax's 8-byte `date` struct, its padding byte kept: a loaded book writes
/// back the padding it read, as Edax does).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BookDate {
    /// Year.
    pub year: i16,
    /// Month, 1..=12.
    pub month: u8,
    /// Day of the month.
    pub day: u8,
    /// Hour.
    pub hour: u8,
    /// Minute.
    pub minute: u8,
    /// Second.
    pub second: u8,
    /// The struct's padding byte (byte 17 of the file), which Edax never sets.
    pub padding: u8,
}

/// The book's options as Edax saves them (bytes 18-37 of the file). A file may hold any values;
/// they are kept as read (a book saves back byte for byte) and the arithmetic on them wraps as
/// Edax's `int` arithmetic does on two's-complement machines, so hostile ones never panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookOptions {
    /// The level new positions are searched at.
    pub level: i32,
    /// Positions with fewer empty squares are not added.
    pub n_empties: i32,
    /// Bound width of midgame leaves (negamax).
    pub midgame_error: i32,
    /// Bound width of selective endgame leaves (negamax).
    pub endcut_error: i32,
    /// The book commands' verbosity, saved with the book.
    pub verbosity: i32,
}

impl Default for BookOptions {
    /// `book_init`'s: level 21, 24 empties, errors 2 and 1, verbosity 0 (Edax leaves it
    /// unset; zero on a fresh heap).
    fn default() -> Self {
        BookOptions { level: 21, n_empties: 24, midgame_error: 2, endcut_error: 1, verbosity: 0 }
    }
}

/// Edax's opening book: positions in Edax's hash table (buckets chosen by
/// `board_get_hash_code(unique board) & (n - 1)`, each in insertion order), the date, the
/// options, and the book's random generator.
#[derive(Clone, Debug)]
pub struct EkBook {
    /// The date written by the next save (a save sets it), and its padding byte.
    pub date: BookDate,
    /// The options saved with the book.
    pub options: BookOptions,
    /// The generator of the random book moves (Edax seeds it from the clock; here it is
    /// seeded with 0 until [`EdaxRandom::seed`] is called).
    pub random: EdaxRandom,
    buckets: Vec<Vec<BookPosition>>,
    n_nodes: usize,
}

impl Default for EkBook {
    fn default() -> Self {
        Self::new(BookOptions::default())
    }
}

impl EkBook {
    /// An empty book (Edax's `book_init`, 65536 buckets) with these options and a zero date.
    /// Edax's `book new` adds the start position too, which needs a search:
    /// [`EkBook::add_board`].
    pub fn new(options: BookOptions) -> Self {
        Self::with_buckets(options, BOOK_MIN_BUCKETS)
    }

    /// An empty book of `n` buckets (a power of two).
    fn with_buckets(options: BookOptions, n: usize) -> Self {
        EkBook {
            date: BookDate::default(),
            options,
            random: EdaxRandom::new(0),
            buckets: (0..n).map(|_| Vec::new()).collect(),
            n_nodes: 0,
        }
    }

    /// The bucket count `book_load` chooses for a header's `n_nodes`: 65536, doubled while 16
    /// times it is below `n_nodes`.
    pub fn buckets_for(n_nodes: i32) -> usize {
        let mut n = BOOK_MIN_BUCKETS;
        while ((n as i64) << 4) < i64::from(n_nodes) {
            n <<= 1;
        }
        n
    }

    /// The number of buckets.
    pub fn n_buckets(&self) -> usize {
        self.buckets.len()
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.n_nodes
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.n_nodes == 0
    }

    /// The bucket of a unique board.
    fn bucket_of(&self, unique_board: &EkBoard) -> usize {
        (hash_code(unique_board.player, unique_board.opponent) as usize) & (self.buckets.len() - 1)
    }

    /// The positions in Edax's order (bucket 0 to n - 1, each in insertion order): the order
    /// of the saved and exported records.
    pub fn positions(&self) -> impl Iterator<Item = &BookPosition> {
        self.buckets.iter().flatten()
    }

    /// The positions, mutable, in the same order.
    pub fn positions_mut(&mut self) -> impl Iterator<Item = &mut BookPosition> {
        self.buckets.iter_mut().flatten()
    }

    /// Edax's `book_add`: stores `p` as it is (its board should be unique: see
    /// [`BookPosition::make_unique`]) at the end of its bucket, unless its board is there
    /// already. Returns whether it was added.
    pub fn add_raw(&mut self, p: BookPosition) -> bool {
        let i = self.bucket_of(&p.board);
        let bucket = &mut self.buckets[i];
        if bucket.iter().any(|q| q.board == p.board) {
            return false;
        }
        let mut p = p;
        p.done = true;
        bucket.push(p);
        self.n_nodes += 1;
        true
    }

    /// Adds a position given on any board of its class: made unique (its moves turned with
    /// it), then [`EkBook::add_raw`].
    pub fn add(&mut self, mut p: BookPosition) -> bool {
        p.make_unique();
        self.add_raw(p)
    }

    /// Where `board` (any symmetry) is stored: its bucket and index.
    fn locate(&self, board: &EkBoard) -> Option<(usize, usize)> {
        let (u, _) = unique(*board);
        let i = self.bucket_of(&u);
        self.buckets[i].iter().position(|q| q.board == u).map(|j| (i, j))
    }

    /// Edax's `book_probe`: the position of `board` or of any of its symmetric boards.
    pub fn probe(&self, board: &EkBoard) -> Option<&BookPosition> {
        self.locate(board).map(|(i, j)| &self.buckets[i][j])
    }

    /// [`EkBook::probe`], mutable.
    pub fn probe_mut(&mut self, board: &EkBoard) -> Option<&mut BookPosition> {
        self.locate(board).map(|(i, j)| &mut self.buckets[i][j])
    }

    /// Edax's `book_remove`: removes the position of `board` (any symmetry), the later ones of
    /// its bucket moving down. Returns whether it was there.
    pub fn remove(&mut self, board: &EkBoard) -> bool {
        match self.locate(board) {
            Some((i, j)) => {
                self.buckets[i].remove(j);
                self.n_nodes -= 1;
                true
            }
            None => false,
        }
    }

    /// The sizes of the buckets (for `book info`'s hash balance).
    fn bucket_sizes(&self) -> impl Iterator<Item = usize> + '_ {
        self.buckets.iter().map(Vec::len)
    }

    /// Edax's `book_add_board` without its search: when `board` has at least
    /// `n_empties - 1` empty squares, links the position (new, at the book's level, or the
    /// one stored) to its children in the book, and searches its leaf through `search` when it
    /// has none (a new position always). Returns whether a position was added.
    pub fn add_board(&mut self, board: &EkBoard, search: &mut dyn LeafSearch) -> bool {
        let empties = 64 - (board.player | board.opponent).count_ones() as i32;
        if empties < self.options.n_empties.wrapping_sub(1) {
            return false;
        }
        if let Some((i, j)) = self.locate(board) {
            let mut p = core::mem::replace(&mut self.buckets[i][j], BookPosition::new(EkBoard::default()));
            self.link_position(&mut p);
            if p.leaf.mv == NOMOVE as u8 {
                negamax::position_search(&mut p, search);
            }
            self.buckets[i][j] = p;
            false
        } else {
            let mut p = BookPosition::new(*board);
            p.level = self.options.level.clamp(0, 255) as u8;
            self.link_position(&mut p);
            negamax::position_search(&mut p, search);
            self.add(p)
        }
    }

    /// Edax's `position_link`: links `p` to each of its children found in the book (a pass
    /// when it has no move and the opponent has).
    pub fn link_position(&self, p: &mut BookPosition) {
        let b = p.board;
        let moves = crate::kernels::moves::get_moves(b.player, b.opponent);
        if moves != 0 {
            let mut m = moves;
            while m != 0 {
                let x = m.trailing_zeros() as u8;
                m &= m - 1;
                if let Some(child) = self.probe(&board_next(b, x)) {
                    p.add_link(BookLink { score: neg_score(child.value), mv: x });
                }
            }
        } else if crate::kernels::moves::get_moves(b.opponent, b.player) != 0 {
            if let Some(child) = self.probe(&b.swapped()) {
                p.add_link(BookLink { score: neg_score(child.value), mv: PASS as u8 });
            }
        }
    }
}

/// `-value` stored in a link's `signed char`, as C converts it (the low byte).
pub(crate) fn neg_score(value: i16) -> i8 {
    (value.wrapping_neg()) as i8
}

/// The symmetry (0..=7) Edax's `position_get_moves` turns `p`'s moves with to answer for
/// `board`: the first that maps the stored board onto it (0 when none does).
pub fn symmetry_of(p: &BookPosition, board: &EkBoard) -> u32 {
    symmetry_onto(&p.board, board).unwrap_or(0)
}

/// The symmetry `s` (0..=7, the first) with `symmetry(stored, s) == board`, if any.
pub(crate) fn symmetry_onto(stored: &EkBoard, board: &EkBoard) -> Option<u32> {
    (0..8).find(|&s| symmetry(*stored, s) == *board)
}
