//! The `ek_book_` exports: Edax 4.6's opening book (book.dat) as an object: made, loaded,
//! saved, imported, exported, merged, negamaxed (what it answers of a position:
//! `book_query_api.rs`). The book's code is
//! the same on every level (portable kernels only, nothing hot), so these exports are guarded
//! bodies here, like the engine's, not dispatched. Their doc comments are the C header's.

use super::guard;
use crate::book::{BookDate, BookError, EkBook};
use crate::types::status::{EK_ERR_BOOK_FORMAT, EK_ERR_INTERNAL, EK_ERR_IO, EK_ERR_NULL, EK_ERR_RANGE, EK_OK};
use core::ffi::{c_char, c_int, CStr};
use std::path::{Path, PathBuf};

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
pub(super) unsafe fn copy_text(text: &str, buf: *mut c_char, size: usize) -> usize {
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

/// The body of a loader's export: `NULL path` for a NULL `path`, else `load` run on it (a
/// panic leaves `EK_ERR_INTERNAL`), and the book or the error handed to the caller.
/// Called inside each export's own `guard()`: tests/exports.rs wants every export wholly behind one.
///
/// # Safety
/// `path` NULL or a NUL-terminated string; `status` NULL or writable; `message` NULL or
/// `message_size` writable bytes.
unsafe fn load_book(
    path: *const c_char,
    status: *mut c_int,
    message: *mut c_char,
    message_size: usize,
    load: impl FnOnce(&Path) -> Result<EkBook, BookError>,
) -> *mut EkBook {
    let (code, text, book) = if path.is_null() {
        (EK_ERR_NULL, "NULL path".to_string(), core::ptr::null_mut())
    } else {
        // SAFETY: NULL or writable (contract). Written first: what a panic leaves.
        unsafe { set_status(status, EK_ERR_INTERNAL) };
        // SAFETY: a NUL-terminated string (contract).
        match load(&unsafe { path_of(path) }) {
            Ok(b) => (EK_OK, String::new(), Box::into_raw(Box::new(b))),
            Err(e) => (if e.io { EK_ERR_IO } else { EK_ERR_BOOK_FORMAT }, e.to_string(), core::ptr::null_mut()),
        }
    };
    // SAFETY: the caller's pointers (contract).
    unsafe {
        set_status(status, code);
        copy_text(&text, message, message_size);
    }
    book
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
        // SAFETY: the caller's pointers (contract).
        unsafe { load_book(path, status, message, message_size, EkBook::load) }
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

/// Loads Egaroucid's `.egbk3` book as an Edax book (docs/book-and-bases.md, "Egaroucid's
/// .egbk3": boards put on Edax's unique board, value, level, n_lines and leaf kept, links
/// rebuilt from the children in the book as Edax's `book link`; no bounds or win/draw/loss
/// counts). Returns the book, or NULL with `*status` `EK_ERR_NULL` (NULL path), `EK_ERR_IO`
/// (cannot read) or `EK_ERR_BOOK_FORMAT` (not `DICUORAGE` version 3, truncated, a count that is
/// not the number of records, a record with overlapping discs), the reason, naming the file
/// and the byte offset, in `message` (cut to `message_size` bytes, NUL-terminated; may be
/// NULL). Records Egaroucid skips (a value outside -64..=64) are skipped.
///
/// # Safety
/// `path` NULL or a NUL-terminated string; `status` NULL or writable; `message` NULL or
/// `message_size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn ek_book_load_egbk3(
    path: *const c_char,
    status: *mut c_int,
    message: *mut c_char,
    message_size: usize,
) -> *mut EkBook {
    guard(core::ptr::null_mut(), || {
        // SAFETY: the caller's pointers (contract).
        unsafe { load_book(path, status, message, message_size, EkBook::load_egbk3) }
    })
}

/// Saves `book` as Egaroucid's `.egbk3` (a record per position with a value in -64..=64: the
/// board, value, level, n_lines and leaf; links, bounds, counts, date and options are not
/// carried). Returns `EK_OK`, `EK_ERR_NULL` (NULL book or path) or `EK_ERR_IO`.
///
/// # Safety
/// `book` NULL or a live book; `path` NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn ek_book_save_egbk3(book: *const EkBook, path: *const c_char) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or a live book (contract).
        let Some(book) = (unsafe { book.as_ref() }) else { return EK_ERR_NULL };
        if path.is_null() {
            return EK_ERR_NULL;
        }
        // SAFETY: a NUL-terminated string (contract).
        let path = unsafe { path_of(path) };
        match book.save_egbk3(&path) {
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
        // SAFETY: the caller's pointers (contract).
        unsafe { load_book(path, status, message, message_size, EkBook::import_file) }
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
