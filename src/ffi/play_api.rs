//! `ek_engine_play`: the engine's move with an opening book, as Edax's `play_go` chooses it
//! (`book::play`). Its doc comment is the C header's.

use super::guard;
use crate::book::{play, EkBook, EkBookUse, EkPlayResult};
use crate::engine::{EkEngine, EkEngineLimits};
use crate::types::board::EkBoard;
use crate::types::status::{EK_ERR_INTERNAL, EK_ERR_NULL, EK_OK};
use core::ffi::c_int;

/// The engine's move of `board` as Edax plays it (`play_go`): when `book` is not NULL,
/// `usage->enabled` is 1 and the position (in any of its 8 symmetries) is in the book, a book
/// move chosen as Edax's `book_get_random_move` at `usage->randomness` (the book's generator:
/// `ek_book_seed`), with the book's line as the principal variation; otherwise
/// `ek_engine_search` within `limits`. Writes `*result` (`from_book` 1 for a book move: then
/// depth 0, selectivity 0, no nodes, the move's book score) and returns `EK_OK`.
///
/// Errors (nothing written): `EK_ERR_NULL` (NULL engine, usage, board, limits or result),
/// `EK_ERR_RANGE` (the board or limits `ek_engine_search` refuses, checked even when the book
/// answers), or `ek_engine_search`'s errors when it searches. Unlike Edax, a position in the
/// book with no move within the randomness (a negative one) is searched, not answered with
/// no move. The book is changed only in its generator's state: do not use it from two threads
/// at once.
///
/// # Safety
/// `engine` NULL or a live engine; `book` NULL or a live book; `usage`, `board` and `limits`
/// NULL or readable; `result` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_engine_play(
    engine: *const EkEngine,
    book: *mut EkBook,
    usage: *const EkBookUse,
    board: *const EkBoard,
    limits: *const EkEngineLimits,
    result: *mut EkPlayResult,
) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or valid (contract).
        let (Some(e), Some(u), Some(b), Some(l)) =
            (unsafe { engine.as_ref() }, unsafe { usage.as_ref() }, unsafe { board.as_ref() }, unsafe {
                limits.as_ref()
            })
        else {
            return EK_ERR_NULL;
        };
        if result.is_null() {
            return EK_ERR_NULL;
        }
        // SAFETY: NULL or a live book, not used elsewhere during the call (contract).
        let book = unsafe { book.as_mut() };
        match play(e, book, *u, b, l) {
            Ok(r) => {
                // SAFETY: non-NULL and writable (contract).
                unsafe { result.write(r) };
                EK_OK
            }
            Err(err) => err.status(),
        }
    })
}
