//! Edax 4.6's book building (src/book.c, and src/play.c's `play_store`), position for position
//! and search for search: `book new`, `book store`, `book add` (a base's games), `book fix`,
//! `book deviate`, `book enhance`, `book extend`, `book play`, `book deepen` and `book correct`
//! (docs/book-and-bases.md, section 4). Every search is Edax's `position_search` through a
//! [`BookSearch`]: [`EngineBookSearch`] runs the engine's search with the position's links
//! excluded (`search_excluding`), on tables kept from one search to the next, as Edax's book
//! searches keep the play's, cleared where Edax calls `search_cleanup`. On the same weights and
//! table size, with one thread, the books are Edax's byte for byte (tests/book_build.rs).
//!
//! Here: the search hook, `new`, `store`, `add`, `fix`, `deepen`, `correct`; `expand.rs`: the
//! expansions (`deviate`, `enhance`, `extend`, `play`); `prune.rs`: `prune`, `subtree`, `fill`.
//!
//! Edax marks positions with a `todo` flag, kept here beside the book (a set of table places:
//! positions are only appended while a command runs, so a place stays the same position), and
//! counts what each expansion added (`stats.n_nodes + stats.n_links`), read here as the change
//! of the number of positions plus links (each counted addition adds one of them, nothing else
//! does).

use super::negamax::{position_search, LeafSearch, NoSearch};
use super::{board_next, BookLink, BookOptions, BookPosition, EkBook};
use crate::dispatch::c_dispatch;
use crate::endgame::midgame::{level_depth, NO_SELECTIVITY};
use crate::engine::{EkEngine, EkEngineLimits, EkEngineResult};
use crate::kernels::flip::flip;
use crate::kernels::moves::get_moves;
use crate::kernels::symmetry::unique;
use crate::types::board::{EkBoard, NOMOVE, PASS};
use crate::types::results::SolveError;
use std::collections::HashSet;

mod expand;
mod prune;

/// The search of a book being built: Edax's `position_search` ([`LeafSearch`]) and the book's
/// `search_cleanup` (the tables forgotten, as `position_expand` and `book_add_game` do before
/// their searches).
pub trait BookSearch: LeafSearch {
    /// Edax's `search_cleanup`: every entry of the search's tables forgotten.
    fn cleanup(&mut self);
}

/// One search a book ran: the board searched (as Edax searches it: a new position on the board
/// it was reached by, a stored one on its unique board), the level, the excluded moves and the
/// engine's result (its nodes are Edax's).
#[derive(Clone, Debug)]
pub struct BookSearchRecord {
    /// The board searched, the side to move first.
    pub board: EkBoard,
    /// The position's level.
    pub level: i32,
    /// The moves left out of the root (the position's links), a bit per square.
    pub excluded: u64,
    /// The search's result, or why there was none.
    pub result: Result<EkEngineResult, SolveError>,
}

/// [`BookSearch`] on an engine: Edax's `search_run` at the position's level, time unlimited, its
/// links left out of the root's moves ([`EkEngine::search_excluding`]'s entry), on the engine's
/// tables as the earlier searches left them; `cleanup` clears them ([`EkEngine::clear`]).
/// With `record`, every search is kept in `searches`.
pub struct EngineBookSearch<'a> {
    /// The engine (one thread for Edax's nodes and files).
    pub engine: &'a EkEngine,
    /// Whether the searches are recorded.
    pub record: bool,
    /// The searches, in order, when `record`.
    pub searches: Vec<BookSearchRecord>,
}

impl<'a> EngineBookSearch<'a> {
    /// Searches on `engine`, recorded or not.
    pub fn new(engine: &'a EkEngine, record: bool) -> Self {
        EngineBookSearch { engine, record, searches: Vec::new() }
    }
}

impl LeafSearch for EngineBookSearch<'_> {
    fn search(&mut self, board: &EkBoard, level: i32, excluded: &[u8]) -> BookLink {
        let mask = excluded.iter().filter(|&&x| x < 64).fold(0u64, |m, &x| m | 1 << x);
        let mut out = Err(SolveError::Range);
        // SAFETY: the entry's arguments are references; it has no other contract.
        unsafe { c_dispatch::engine_search(self.engine, board, &EkEngineLimits::level(level), mask, &mut out) };
        if self.record {
            self.searches.push(BookSearchRecord { board: *board, level, excluded: mask, result: out });
        }
        match out {
            // The score of a search is within -64..=64; the move a square, PASS or NOMOVE.
            Ok(r) => BookLink { score: r.score.clamp(-64, 64) as i8, mv: r.best_move.clamp(0, NOMOVE) as u8 },
            Err(_) => BookLink::NONE,
        }
    }
}

/// No tables to forget: building with [`NoSearch`] stores positions with no leaf searched.
impl BookSearch for NoSearch {
    fn cleanup(&mut self) {}
}

impl BookSearch for EngineBookSearch<'_> {
    fn cleanup(&mut self) {
        // Refused only while another search holds the tables, which this one never does.
        let _ = self.engine.clear();
    }
}

/// Edax's `get_book_depth(level)`: the plies a book made at `level` covers (`book_load` makes
/// a missing book with it: `book_new(level, 61 - get_book_depth(level))`).
pub fn book_depth_for_level(level: i32) -> i32 {
    match level {
        ..=10 => 60 - 2 * level,
        11..=18 => 39,
        19..=24 => 36,
        25..=29 => 33,
        30..=35 => 30,
        36..=41 => 66 - level,
        _ => 24,
    }
}

/// The positions marked `todo` (Edax's flag), by table place (bucket, index).
type Todo = HashSet<(usize, usize)>;

/// Edax's `board_check_move`-then-`board_update` of a game's move `x` (a square or `PASS`): the
/// next board, or `None` when the move is not legal there.
fn checked_next(b: EkBoard, x: u8) -> Option<EkBoard> {
    let moves = get_moves(b.player, b.opponent);
    if u32::from(x) == PASS as u32 {
        (moves == 0).then(|| b.swapped())
    } else if x < 64 && moves >> x & 1 != 0 {
        Some(b.next(i32::from(x), flip(x as usize, b.player, b.opponent)))
    } else {
        None
    }
}

/// Edax's `board_is_game_over`.
fn game_over(b: &EkBoard) -> bool {
    get_moves(b.player, b.opponent) == 0 && get_moves(b.opponent, b.player) == 0
}

/// The empty squares of `b`.
fn empties(b: &EkBoard) -> i32 {
    64 - (b.player | b.opponent).count_ones() as i32
}

/// The (lower, upper) bounds Edax's `position_negamax` and `position_enhance` give a leaf's score
/// at `level` on `n_empties` empty squares: exact when the level solves, the endcut error when
/// it solves selectively, the midgame error and the parity bias otherwise.
fn leaf_bounds(options: &BookOptions, level: i32, n_empties: i32, score: i32) -> (i32, i32) {
    let (depth, selectivity) = level_depth(level, n_empties);
    let bias = (depth & 1) - (n_empties & 1);
    if depth == n_empties && selectivity == NO_SELECTIVITY {
        (score, score)
    } else if depth == n_empties {
        (score.wrapping_sub(options.endcut_error), score.wrapping_add(options.endcut_error))
    } else {
        (
            score.wrapping_sub(options.midgame_error).wrapping_sub(bias),
            score.wrapping_add(options.midgame_error).wrapping_sub(bias),
        )
    }
}

/// Edax's `position_is_ok`: a legal board (no overlap, the four centre squares taken), unique,
/// with legal links (a pass only alone and only when the player has no move and the opponent
/// has one), a legal leaf (or none when every move is linked), no move twice.
fn position_is_ok(p: &BookPosition) -> bool {
    let b = p.board;
    if b.player & b.opponent != 0 || (b.player | b.opponent) & 0x0000_0018_1800_0000 != 0x0000_0018_1800_0000 {
        return false;
    }
    if unique(b).0 != b {
        return false;
    }
    let moves = get_moves(b.player, b.opponent);
    let can_pass = moves == 0 && get_moves(b.opponent, b.player) != 0;
    let legal = |x: u8| x < 64 && moves >> x & 1 != 0;
    for l in &p.links {
        if i32::from(l.mv) == PASS {
            if p.links.len() > 1 || !can_pass {
                return false;
            }
        } else if !legal(l.mv) {
            return false;
        }
    }
    let leaf = p.leaf.mv;
    if i32::from(leaf) == PASS {
        if !p.links.is_empty() || !can_pass {
            return false;
        }
    } else if i32::from(leaf) == NOMOVE {
        let only_pass = p.links.len() == 1 && i32::from(p.links[0].mv) == PASS;
        if moves.count_ones() as usize != p.links.len() && !only_pass {
            return false;
        }
    } else if !legal(leaf) {
        return false;
    }
    for (i, l) in p.links.iter().enumerate() {
        if p.links[i + 1..].iter().any(|m| m.mv == l.mv) || p.leaf.mv == l.mv {
            return false;
        }
    }
    true
}

impl EkBook {
    /// Edax's `book new LEVEL DEPTH` (`book_new`): an empty book with `options` (Edax's
    /// `book_init` defaults, then the level and `n_empties` = 61 - DEPTH; its verbosity is the
    /// one the book had) and the start position, searched.
    pub fn new_book<S: BookSearch>(options: BookOptions, search: &mut S) -> EkBook {
        let mut book = EkBook::new(options);
        book.add_board(&EkBoard::START, search);
        book
    }

    /// The number of positions plus the number of links: what Edax's `stats.n_nodes +
    /// stats.n_links` count the additions of.
    fn size_with_links(&self) -> usize {
        self.len() + self.positions().map(|p| p.links.len()).sum::<usize>()
    }

    /// Edax's `book_clean` (every position's `done` and `todo` flags cleared).
    fn clean(&mut self, todo: &mut Todo) {
        for p in self.positions_mut() {
            p.done = false;
        }
        todo.clear();
    }

    /// `book_clean` and `position_negamax` from the position of `board`, if in the book.
    fn negamax_from(&mut self, board: &EkBoard, todo: &mut Todo) {
        self.clean(todo);
        if let Some(at) = self.locate(board) {
            self.negamax_at(at, 0);
        }
    }

    /// Edax's `book_negamax` alone (no sort): `book_clean`, `position_negamax` of the start
    /// position; what `book store` runs.
    fn negamax_unsorted(&mut self) {
        self.negamax_from(&EkBoard::START, &mut Todo::new());
    }

    /// Edax's `book store` (src/play.c `play_store`): the game `moves` (squares, `PASS`; the
    /// game stops at the first illegal one) from the start position; each of its positions
    /// added (`book_add_board`: those with at least `n_empties - 1` empty squares), the last
    /// first and the start position last; then, when anything was added, `book_link` and
    /// `book_negamax` (without the sort). Returns whether anything was added.
    pub fn store_game<S: BookSearch>(&mut self, moves: &[u8], search: &mut S) -> bool {
        let mut boards = vec![EkBoard::START];
        for &x in moves {
            match checked_next(*boards.last().unwrap_or(&EkBoard::START), x) {
                Some(b) => boards.push(b),
                None => break,
            }
        }
        let before = self.size_with_links();
        for b in boards.iter().rev() {
            self.add_board(b, search);
        }
        let added = self.size_with_links() != before;
        if added {
            self.link(search);
            self.negamax_unsorted();
        }
        added
    }

    /// Edax's `book_add_game` of a game from the start position (`moves`: its squares, passes
    /// left out as Edax's games store them): its first `60 - n_empties` moves (a pass inserted
    /// where the player has none; the game stops at an illegal move), `search_cleanup`, then
    /// each position after a move added (`book_add_board`), the last first.
    pub fn add_game<S: BookSearch>(&mut self, moves: &[u8], search: &mut S) {
        let mut board = EkBoard::START;
        let mut boards = Vec::new();
        let n = 60i32.wrapping_sub(self.options.n_empties).max(0) as usize;
        for &x in moves.iter().take(n) {
            if u32::from(x) >= PASS as u32 {
                break; // Edax's games end at NOMOVE.
            }
            if get_moves(board.player, board.opponent) == 0 {
                board = board.swapped();
                boards.push(board);
            }
            match checked_next(board, x) {
                Some(b) => {
                    board = b;
                    boards.push(b);
                }
                None => break,
            }
        }
        search.cleanup();
        for b in boards.iter().rev() {
            self.add_board(b, search);
        }
    }

    /// Edax's `book add FILE` (`book_add_base`): `book_clean`, then each game added
    /// ([`EkBook::add_game`]). No link or negamax follows, as in Edax.
    pub fn add_games<S: BookSearch>(&mut self, games: &[Vec<u8>], search: &mut S) {
        self.clean(&mut Todo::new());
        for g in games {
            self.add_game(g, search);
        }
    }

    /// Edax's `book_fix`: every position failing `position_is_ok`, in table order, made again
    /// in its place (`position_fix`): an illegal board becomes an empty record (Edax's
    /// `position_init`: no board); another gets its unique board, the book's level, its links
    /// and a search of its leaf.
    pub fn fix_positions<S: BookSearch>(&mut self, search: &mut S) {
        for i in 0..self.n_buckets() {
            for j in 0..self.buckets[i].len() {
                if position_is_ok(&self.buckets[i][j]) {
                    continue;
                }
                let b = self.buckets[i][j].board;
                let legal = b.player & b.opponent == 0
                    && (b.player | b.opponent) & 0x0000_0018_1800_0000 == 0x0000_0018_1800_0000;
                let mut p = BookPosition::new(if legal { unique(b).0 } else { EkBoard::new(0, 0) });
                if legal {
                    p.level = self.options.level.clamp(0, 255) as u8;
                    self.buckets[i][j] = BookPosition::new(EkBoard::new(0, 0));
                    self.link_position(&mut p);
                    position_search(&mut p, search);
                }
                self.buckets[i][j] = p;
            }
        }
    }

    /// Edax's `book fix` command: `book_fix`, `book_link`, `book_negamax`, `book_sort`.
    pub fn fix<S: BookSearch>(&mut self, search: &mut S) {
        self.fix_positions(search);
        self.link(search);
        self.negamax();
    }

    /// The child of the position at `at` by the link `l`, if in the book (Edax reads it
    /// unchecked; a damaged book's missing child is skipped here).
    fn child_at(&self, at: (usize, usize), mv: u8) -> Option<(usize, usize)> {
        self.locate(&board_next(self.buckets[at.0][at.1].board, mv))
    }

    /// Edax's `book deepen` (`book_deepen`): the leaf of every position whose level's depth or
    /// selectivity at its empty count differs from the book level's searched again. As Edax
    /// does, at the position's own level (its `level` is not changed).
    pub fn deepen<S: BookSearch>(&mut self, search: &mut S) {
        let level = self.options.level;
        for i in 0..self.n_buckets() {
            for j in 0..self.buckets[i].len() {
                let p = &self.buckets[i][j];
                let n = empties(&p.board);
                if level_depth(i32::from(p.level), n) != level_depth(level, n) {
                    let mut p = core::mem::replace(&mut self.buckets[i][j], BookPosition::new(EkBoard::new(0, 0)));
                    p.leaf = BookLink::NONE;
                    position_search(&mut p, search);
                    self.buckets[i][j] = p;
                }
            }
        }
    }

    /// Edax's `book correct` (`book_correct_solved`, then fix, link, negamax and sort): every
    /// position whose level solves exactly at its empty count searched again. Returns the number
    /// whose leaf's score changed.
    pub fn correct_solved<S: BookSearch>(&mut self, search: &mut S) -> usize {
        let mut n_errors = 0;
        for i in 0..self.n_buckets() {
            for j in 0..self.buckets[i].len() {
                let p = &self.buckets[i][j];
                let n = empties(&p.board);
                if level_depth(i32::from(p.level), n) == (n, NO_SELECTIVITY) {
                    let mut p = core::mem::replace(&mut self.buckets[i][j], BookPosition::new(EkBoard::new(0, 0)));
                    let old = p.leaf;
                    p.leaf = BookLink::NONE;
                    position_search(&mut p, search);
                    n_errors += usize::from(p.leaf.score != old.score);
                    self.buckets[i][j] = p;
                }
            }
        }
        self.fix(search);
        n_errors
    }
}
