//! The `ek_book_` exports: Edax 4.6's opening book (book.dat) as an object. The book's code is
//! the same on every level (portable kernels only, nothing hot), so these exports are guarded
//! bodies here, like the engine's, not dispatched. Their doc comments are the C header's.

use super::guard;
use crate::book::{BookDate, BookError, BookMove, EkBook, NoSearch};
use crate::types::board::{EkBoard, NOMOVE};
use crate::types::status::{EK_ERR_BOOK_FORMAT, EK_ERR_INTERNAL, EK_ERR_IO, EK_ERR_NULL, EK_ERR_RANGE, EK_OK};
use core::ffi::{c_char, c_int, CStr};
use std::path::PathBuf;

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

/// The path of a NUL-terminated string.
///
/// # Safety
/// `path` must be a NUL-terminated string.
unsafe fn path_of(path: *const c_char) -> PathBuf {
    // SAFETY: a NUL-terminated string (contract).
    let path = unsafe { CStr::from_ptr(path) };
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        PathBuf::from(std::ffi::OsStr::from_bytes(path.to_bytes()))
    }
    #[cfg(not(unix))]
    PathBuf::from(path.to_string_lossy().into_owned())
}

/// Writes `code` to `status` when not NULL.
///
/// # Safety
/// `status` is NULL or writable.
unsafe fn set_status(status: *mut c_int, code: c_int) {
    // SAFETY: NULL or writable (contract).
    if let Some(s) = unsafe { status.as_mut() } {
        *s = code;
    }
}

/// Copies `text` into `buf` (`size` bytes; NUL-terminated, cut to fit) when `buf` is not NULL
/// and `size` > 0; returns the text's length.
///
/// # Safety
/// `buf` is NULL or `size` writable bytes.
unsafe fn copy_text(text: &str, buf: *mut c_char, size: usize) -> usize {
    if !buf.is_null() && size > 0 {
        let n = text.len().min(size - 1);
        // SAFETY: `size` writable bytes (contract); n + 1 <= size.
        unsafe {
            core::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), n);
            *buf.add(n) = 0;
        }
    }
    text.len()
}

/// Hands a book or an error to the caller.
///
/// # Safety
/// `status` NULL or writable; `message` NULL or `message_size` writable bytes.
unsafe fn hand_over(r: Result<EkBook, BookError>, status: *mut c_int, message: *mut c_char, message_size: usize) -> *mut EkBook {
    match r {
        Ok(b) => {
            // SAFETY: the caller's pointers (contract).
            unsafe {
                set_status(status, EK_OK);
                copy_text("", message, message_size);
            }
            Box::into_raw(Box::new(b))
        }
        Err(e) => {
            // SAFETY: the caller's pointers (contract).
            unsafe {
                set_status(status, if e.io { EK_ERR_IO } else { EK_ERR_BOOK_FORMAT });
                copy_text(&e.to_string(), message, message_size);
            }
            core::ptr::null_mut()
        }
    }
}

/// A new, empty opening book (Edax's `book_init`: 65536 buckets, midgame and endcut errors 2
/// and 1, a zero date) whose positions are searched at `level` and stop at `n_empties` empty
/// squares (Edax's `book new L D` has n_empties = 61 - D). Its generator is seeded with 0.
/// Free it with `ek_book_free`. Never NULL except out of memory.
#[no_mangle]
pub extern "C" fn ek_book_new(level: c_int, n_empties: c_int) -> *mut EkBook {
    guard(core::ptr::null_mut(), || {
        let options = crate::book::BookOptions { level, n_empties, ..Default::default() };
        Box::into_raw(Box::new(EkBook::new(options)))
    })
}

/// Loads an Edax book.dat (byte for byte: `ek_book_save` writes the same file back). Returns
/// the book, or NULL with `*status` `EK_ERR_NULL` (NULL path), `EK_ERR_IO` (cannot read) or
/// `EK_ERR_BOOK_FORMAT` (wrong header or version, truncated, a header count that is not the
/// number of records, a record with overlapping discs or a move that is no square, pass or
/// no move), and the reason, naming the file and the byte offset, in `message` (cut to
/// `message_size` bytes, NUL-terminated; may be NULL). Unlike Edax, which keeps what precedes a
/// short read, a damaged file loads nothing. The generator is seeded with 0 (Edax: the clock).
///
/// # Safety
/// `path` NULL or a NUL-terminated string; `status` NULL or writable; `message` NULL or
/// `message_size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn ek_book_load(
    path: *const c_char,
    status: *mut c_int,
    message: *mut c_char,
    message_size: usize,
) -> *mut EkBook {
    guard(core::ptr::null_mut(), || {
        if path.is_null() {
            // SAFETY: the caller's pointers (contract).
            unsafe {
                set_status(status, EK_ERR_NULL);
                copy_text("NULL path", message, message_size);
            }
            return core::ptr::null_mut();
        }
        // SAFETY: NULL or writable (contract). Written first: what a panic leaves.
        unsafe { set_status(status, EK_ERR_INTERNAL) };
        // SAFETY: a NUL-terminated string (contract).
        let path = unsafe { path_of(path) };
        // SAFETY: the caller's pointers (contract).
        unsafe { hand_over(EkBook::load(&path), status, message, message_size) }
    })
}

/// Saves `book` as Edax's `book_save` writes it. The date written is year/month/day
/// hour:minute:second (Edax stamps its local time), or, when `year` < 0, the book's own (a
/// loaded book's: saving it gives back the loaded file). Returns `EK_OK`, `EK_ERR_NULL`,
/// `EK_ERR_RANGE` (a date field outside a byte, or the year outside a 16-bit integer) or
/// `EK_ERR_IO`.
///
/// # Safety
/// `book` NULL or from `ek_book_new`/`_load`/`_import`; `path` NULL or a NUL-terminated
/// string.
#[no_mangle]
pub unsafe extern "C" fn ek_book_save(
    book: *mut EkBook,
    path: *const c_char,
    year: c_int,
    month: c_int,
    day: c_int,
    hour: c_int,
    minute: c_int,
    second: c_int,
) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or a live book, not used elsewhere during the call (contract).
        let Some(book) = (unsafe { book.as_mut() }) else { return EK_ERR_NULL };
        if path.is_null() {
            return EK_ERR_NULL;
        }
        let date = if year < 0 {
            None
        } else {
            let byte = |v: c_int| u8::try_from(v).ok();
            let (Ok(y), Some(mo), Some(d), Some(h), Some(mi), Some(s)) =
                (i16::try_from(year), byte(month), byte(day), byte(hour), byte(minute), byte(second))
            else {
                return EK_ERR_RANGE;
            };
            let padding = book.date.padding;
            Some(BookDate { year: y, month: mo, day: d, hour: h, minute: mi, second: s, padding })
        };
        // SAFETY: a NUL-terminated string (contract).
        let path = unsafe { path_of(path) };
        match book.save(&path, date) {
            Ok(()) => EK_OK,
            Err(_) => EK_ERR_IO,
        }
    })
}

/// Frees a book. NULL does nothing.
///
/// # Safety
/// `book` NULL or from `ek_book_new`/`_load`/`_import`, not freed before.
#[no_mangle]
pub unsafe extern "C" fn ek_book_free(book: *mut EkBook) {
    guard((), || {
        if !book.is_null() {
            // SAFETY: from Box::into_raw, freed once (contract).
            drop(unsafe { Box::from_raw(book) });
        }
    })
}

/// The number of positions of `book` (0 for NULL).
///
/// # Safety
/// `book` NULL or a live book.
#[no_mangle]
pub unsafe extern "C" fn ek_book_size(book: *const EkBook) -> i64 {
    // SAFETY: NULL or a live book (contract).
    guard(0, || unsafe { book.as_ref() }.map_or(0, |b| b.len() as i64))
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
        let (Some(book), Some(board), Some(out)) = (unsafe { book.as_ref() }, unsafe { board.as_ref() }, unsafe { out.as_mut() })
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
            (unsafe { book.as_mut() }, unsafe { board.as_ref() }, unsafe { r#move.as_mut() }, unsafe { score.as_mut() })
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

/// Writes Edax's text export of `book` (`book export`: one line per position) to `path`.
/// Returns `EK_OK`, `EK_ERR_NULL` or `EK_ERR_IO`.
///
/// # Safety
/// `book` NULL or a live book; `path` NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn ek_book_export(book: *const EkBook, path: *const c_char) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or a live book (contract).
        let Some(book) = (unsafe { book.as_ref() }) else { return EK_ERR_NULL };
        if path.is_null() {
            return EK_ERR_NULL;
        }
        // SAFETY: a NUL-terminated string (contract).
        let path = unsafe { path_of(path) };
        match std::fs::write(path, book.export_text()) {
            Ok(()) => EK_OK,
            Err(_) => EK_ERR_IO,
        }
    })
}

/// Edax's `book import` of a text export, without searches: the positions read, then linked
/// to the children present, negamaxed and sorted (Edax also searches positions that lack a
/// leaf and runs `book fix`; here they keep no leaf). Errors as `ek_book_load` (a bad line:
/// `EK_ERR_BOOK_FORMAT`, its byte offset and line number in `message`).
///
/// # Safety
/// As `ek_book_load`.
#[no_mangle]
pub unsafe extern "C" fn ek_book_import(
    path: *const c_char,
    status: *mut c_int,
    message: *mut c_char,
    message_size: usize,
) -> *mut EkBook {
    guard(core::ptr::null_mut(), || {
        if path.is_null() {
            // SAFETY: the caller's pointers (contract).
            unsafe {
                set_status(status, EK_ERR_NULL);
                copy_text("NULL path", message, message_size);
            }
            return core::ptr::null_mut();
        }
        // SAFETY: NULL or writable (contract). Written first: what a panic leaves.
        unsafe { set_status(status, EK_ERR_INTERNAL) };
        // SAFETY: a NUL-terminated string (contract).
        let path = unsafe { path_of(path) };
        let name = path.display().to_string();
        let r = match std::fs::read(&path) {
            Err(e) => Err(BookError { file: name, offset: 0, what: e.to_string(), io: true }),
            Ok(bytes) => match String::from_utf8(bytes) {
                Err(e) => Err(BookError {
                    file: name,
                    offset: e.utf8_error().valid_up_to() as u64,
                    what: "not UTF-8 text".into(),
                    io: false,
                }),
                Ok(text) => EkBook::import_text(&text, &name).map(|mut b| {
                    b.link(&mut NoSearch);
                    b.negamax();
                    b
                }),
            },
        };
        // SAFETY: the caller's pointers (contract).
        unsafe { hand_over(r, status, message, message_size) }
    })
}

/// Edax's `book merge`: adds to `dest` each position of `src` it lacks, with its leaf and
/// level only (Edax then asks for `book fix`). Returns `EK_OK` or `EK_ERR_NULL`; `dest` and
/// `src` may not be the same book.
///
/// # Safety
/// `dest`, `src` NULL or live, distinct books.
#[no_mangle]
pub unsafe extern "C" fn ek_book_merge(dest: *mut EkBook, src: *const EkBook) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        if core::ptr::eq(dest, src) {
            return if dest.is_null() { EK_ERR_NULL } else { EK_OK };
        }
        // SAFETY: NULL or live and distinct (contract; checked distinct above).
        let (Some(dest), Some(src)) = (unsafe { dest.as_mut() }, unsafe { src.as_ref() }) else {
            return EK_ERR_NULL;
        };
        dest.merge(src);
        EK_OK
    })
}

/// Edax's `book negamax`: values, bounds and counts from the start position's subtree (no
/// search), then every position's links sorted. Returns `EK_OK` or `EK_ERR_NULL`.
///
/// # Safety
/// `book` NULL or a live book.
#[no_mangle]
pub unsafe extern "C" fn ek_book_negamax(book: *mut EkBook) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or a live book (contract).
        let Some(book) = (unsafe { book.as_mut() }) else { return EK_ERR_NULL };
        book.negamax();
        EK_OK
    })
}
