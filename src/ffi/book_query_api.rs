//! The `ek_book_` exports that answer for a position: its entry, its book moves, a random book
//! move on the book's generator (Edax's), the line, the game counts, `book info`. Guarded
//! bodies, like those of book_api.rs.

use super::book_api::copy_text;
use super::guard;
use crate::book::{BookMove, EkBook};
use crate::types::board::{EkBoard, NOMOVE};
use crate::types::status::{EK_ERR_INTERNAL, EK_ERR_NULL, EK_ERR_RANGE, EK_OK};
use core::ffi::{c_char, c_int};

/// A position of the book as `ek_book_probe` gives it: its value and bounds, level, counts,
/// and its leaf (the best move not linked) turned onto the asked board.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EkBookEntry {
    /// The position's value (best of its links and leaf).
    pub value: c_int,
    /// Its lower bound.
    pub lower: c_int,
    /// Its upper bound.
    pub upper: c_int,
    /// The level its leaf was searched at.
    pub level: c_int,
    /// The number of links (moves to positions in the book).
    pub n_links: c_int,
    /// The leaf's move on the asked board (EK_NOMOVE: none).
    pub leaf_move: c_int,
    /// The leaf's score.
    pub leaf_score: c_int,
    /// Won lines below (Edax's stored counts; `ek_book_game_stats` recounts saturated ones).
    pub n_wins: u32,
    /// Drawn lines.
    pub n_draws: u32,
    /// Lost lines.
    pub n_losses: u32,
    /// All lines.
    pub n_lines: u32,
}

/// Looks `board` (any of its 8 symmetries) up in the book: 1 and `*out` filled when found, 0
/// when not, `EK_ERR_NULL` for a NULL pointer.
///
/// # Safety
/// `book` NULL or a live book; `board` NULL or readable; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_book_probe(book: *const EkBook, board: *const EkBoard, out: *mut EkBookEntry) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or valid (contract).
        let (Some(book), Some(board), Some(out)) =
            (unsafe { book.as_ref() }, unsafe { board.as_ref() }, unsafe { out.as_mut() })
        else {
            return EK_ERR_NULL;
        };
        let Some(p) = book.probe(board) else { return 0 };
        let s = crate::book::symmetry_of(p, board);
        *out = EkBookEntry {
            value: p.value.into(),
            lower: p.lower.into(),
            upper: p.upper.into(),
            level: p.level.into(),
            n_links: p.links.len() as c_int,
            leaf_move: crate::book::symmetric_move(p.leaf.mv, s).into(),
            leaf_score: p.leaf.score.into(),
            n_wins: p.n_wins,
            n_draws: p.n_draws,
            n_losses: p.n_losses,
            n_lines: p.n_lines,
        };
        1
    })
}

/// Edax's `book_get_moves`: the book moves of `board` (links and leaf, turned onto `board`) in
/// Edax's order, best first, into `moves` and `scores` (at most `capacity` each). Returns the
/// number of moves when `board` (any symmetry) is in the book (it may exceed `capacity`: only
/// `capacity` are written), `EK_ERR_RANGE` when it is not, `EK_ERR_NULL` for a NULL pointer
/// (`moves` and `scores` may be NULL when `capacity` is 0 or less).
///
/// # Safety
/// `book` NULL or a live book; `board` NULL or readable; `moves`, `scores` NULL or `capacity`
/// writable ints.
#[no_mangle]
pub unsafe extern "C" fn ek_book_moves(
    book: *const EkBook,
    board: *const EkBoard,
    moves: *mut c_int,
    scores: *mut c_int,
    capacity: c_int,
) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or valid (contract).
        let (Some(book), Some(board)) = (unsafe { book.as_ref() }, unsafe { board.as_ref() }) else {
            return EK_ERR_NULL;
        };
        let cap = capacity.max(0) as usize;
        if cap > 0 && (moves.is_null() || scores.is_null()) {
            return EK_ERR_NULL;
        }
        let Some(list) = book.moves(board) else { return EK_ERR_RANGE };
        for (i, m) in list.iter().take(cap).enumerate() {
            // SAFETY: i < capacity writable ints each (contract).
            unsafe {
                *moves.add(i) = m.mv;
                *scores.add(i) = m.score;
            }
        }
        list.len() as c_int
    })
}

/// Seeds the book's generator (Edax's `random_seed`: the state is `seed` mod 2^48). Edax
/// seeds it with its clock in milliseconds when a book is made or loaded.
///
/// # Safety
/// `book` NULL (nothing done) or a live book.
#[no_mangle]
pub unsafe extern "C" fn ek_book_seed(book: *mut EkBook, seed: u64) {
    guard((), || {
        // SAFETY: NULL or a live book (contract).
        if let Some(b) = unsafe { book.as_mut() } {
            b.random.seed(seed);
        }
    })
}

/// The state of the book's generator (48 bits; 0 for NULL).
///
/// # Safety
/// `book` NULL or a live book.
#[no_mangle]
pub unsafe extern "C" fn ek_book_random_state(book: *const EkBook) -> u64 {
    // SAFETY: NULL or a live book (contract).
    guard(0, || unsafe { book.as_ref() }.map_or(0, |b| b.random.x))
}

/// Edax's `book_get_random_move` (what `play_go` plays from the book): among the book moves
/// of `board` whose score + `randomness` reaches the position's value, the one Edax's generator
/// picks (one call when there is one). Returns 1 with `*move` and `*score` set (`*move` is
/// EK_NOMOVE when no move qualifies), 0 when `board` is not in the book, `EK_ERR_NULL`. Edax's
/// `play_go` then calls `ek_book_line` from the chosen move, which uses the generator again:
/// call it too to stay in step with Edax.
///
/// # Safety
/// `book` NULL or a live book; `board` NULL or readable; `move`, `score` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_book_random_move(
    book: *mut EkBook,
    board: *const EkBoard,
    randomness: c_int,
    r#move: *mut c_int,
    score: *mut c_int,
) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or valid (contract).
        let (Some(book), Some(board), Some(mv), Some(sc)) =
            (unsafe { book.as_mut() }, unsafe { board.as_ref() }, unsafe { r#move.as_mut() }, unsafe {
                score.as_mut()
            })
        else {
            return EK_ERR_NULL;
        };
        match book.random_move(board, randomness) {
            Some(BookMove { mv: m, score: s }) => {
                *mv = m;
                *sc = if m == NOMOVE { 0 } else { s };
                1
            }
            None => 0,
        }
    })
}

/// Edax's `book_get_line`: `first` (a move of `board`), then the book's best moves (randomness
/// 0, one generator call each) while the position is in the book and the game not over (at
/// most 128 moves). Writes at most `capacity` moves to `line` and returns the line's length
/// (which may exceed `capacity`), or `EK_ERR_NULL`.
///
/// # Safety
/// `book` NULL or a live book; `board` NULL or readable; `line` NULL (with `capacity` 0) or
/// `capacity` writable ints.
#[no_mangle]
pub unsafe extern "C" fn ek_book_line(
    book: *mut EkBook,
    board: *const EkBoard,
    first: c_int,
    line: *mut c_int,
    capacity: c_int,
) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or valid (contract).
        let (Some(book), Some(board)) = (unsafe { book.as_mut() }, unsafe { board.as_ref() }) else {
            return EK_ERR_NULL;
        };
        let cap = capacity.max(0) as usize;
        if cap > 0 && line.is_null() {
            return EK_ERR_NULL;
        }
        let l = book.line(board, first);
        for (i, &m) in l.iter().take(cap).enumerate() {
            // SAFETY: i < capacity writable ints (contract).
            unsafe { *line.add(i) = m };
        }
        l.len() as c_int
    })
}

/// Edax's `book_get_game_stats` of `board`: `out[0..4]` = wins, draws, losses, lines (all zero
/// when not in the book). Returns `EK_OK` or `EK_ERR_NULL`.
///
/// # Safety
/// `book` NULL or a live book; `board` NULL or readable; `out` NULL or 4 writable u64.
#[no_mangle]
pub unsafe extern "C" fn ek_book_game_stats(book: *const EkBook, board: *const EkBoard, out: *mut u64) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or valid (contract).
        let (Some(book), Some(board)) = (unsafe { book.as_ref() }, unsafe { board.as_ref() }) else {
            return EK_ERR_NULL;
        };
        if out.is_null() {
            return EK_ERR_NULL;
        }
        let s = book.game_stats(board);
        for (i, v) in [s.n_wins, s.n_draws, s.n_losses, s.n_lines].into_iter().enumerate() {
            // SAFETY: 4 writable u64 (contract).
            unsafe { *out.add(i) = v };
        }
        EK_OK
    })
}

/// `book info`'s text as Edax prints it, into `buf` (cut to `size` bytes, NUL-terminated; may
/// be NULL to ask the length). Returns the text's length, or `EK_ERR_NULL` for a NULL book.
///
/// # Safety
/// `book` NULL or a live book; `buf` NULL or `size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn ek_book_info(book: *const EkBook, buf: *mut c_char, size: usize) -> i64 {
    guard(i64::from(EK_ERR_INTERNAL), || {
        // SAFETY: NULL or a live book (contract).
        let Some(book) = (unsafe { book.as_ref() }) else { return i64::from(EK_ERR_NULL) };
        // SAFETY: NULL or `size` writable bytes (contract).
        unsafe { copy_text(&book.info_text(), buf, size) as i64 }
    })
}
