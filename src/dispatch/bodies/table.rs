//! The bodies of Edax's table functions (`hash_get`, `hash_store`, `hash_force`, `hash_feed`,
//! `hash_exclude_move`, exported under Edax's names with the `edax-abi` feature): the NULL
//! checks, then the operation of `hash_table`, under the entry locks that let Edax's threads
//! and the library's endgame search share one table (src/hash_table/probe.rs).

use crate::hash_table::{self, Data, EkHashData, EkHashStore, EkHashTable, Store};
use crate::types::board::EkBoard;
use core::ffi::c_int;

/// The table and the board, unless one is NULL or the table has no entries or locks.
///
/// # Safety
/// `table` and `board` are NULL or valid (Edax's contract), for the call's length.
#[inline(always)]
unsafe fn table_and_board<'a>(table: *mut EkHashTable, board: *const EkBoard) -> Option<(&'a EkHashTable, EkBoard)> {
    // SAFETY (both): NULL or valid by contract.
    let (t, b) = (unsafe { table.as_ref() }?, unsafe { board.as_ref() }?);
    (!t.hash.is_null() && !t.spin.is_null()).then_some((t, *b))
}

/// `hash_get`: writes the data of `board` to `data` and returns true when the table holds it,
/// else writes Edax's `HASH_DATA_INIT` and returns false. A NULL argument returns false and
/// writes nothing.
///
/// # Safety
/// Edax's contract: every pointer NULL or valid.
#[inline(always)]
pub(crate) unsafe fn hash_get_body(
    table: *mut EkHashTable,
    board: *const EkBoard,
    hash_code: u64,
    data: *mut EkHashData,
) -> bool {
    // SAFETY: the caller's contract.
    let Some((t, b)) = (unsafe { table_and_board(table, board) }) else { return false };
    if data.is_null() {
        return false;
    }
    // SAFETY: a valid table (the caller's contract).
    let found = unsafe { hash_table::get(t, b, hash_code) };
    // SAFETY: non-null, so valid and writable by contract.
    unsafe { data.write(found.unwrap_or(Data::INIT).to_edax()) };
    found.is_some()
}

/// `hash_store` (`force` false) or `hash_force` (true); a NULL argument does nothing.
///
/// # Safety
/// Edax's contract: every pointer NULL or valid.
#[inline(always)]
pub(crate) unsafe fn hash_store_body(
    table: *mut EkHashTable,
    board: *const EkBoard,
    hash_code: u64,
    store: *const EkHashStore,
    force: bool,
) {
    // SAFETY (both): the caller's contract.
    let (Some((t, b)), Some(s)) = (unsafe { table_and_board(table, board) }, unsafe { store.as_ref() }) else {
        return;
    };
    let s = Store::from_edax(s);
    // SAFETY: a valid table.
    unsafe {
        if force {
            hash_table::force(t, b, hash_code, &s)
        } else {
            hash_table::store(t, b, hash_code, &s)
        }
    }
}

/// `hash_feed`; a NULL argument does nothing.
///
/// # Safety
/// Edax's contract: every pointer NULL or valid.
#[inline(always)]
pub(crate) unsafe fn hash_feed_body(
    table: *mut EkHashTable,
    board: *const EkBoard,
    hash_code: u64,
    data: *const EkHashData,
) {
    // SAFETY (both): the caller's contract.
    let (Some((t, b)), Some(d)) = (unsafe { table_and_board(table, board) }, unsafe { data.as_ref() }) else {
        return;
    };
    // SAFETY: a valid table.
    unsafe { hash_table::feed(t, b, hash_code, Data::from_edax(d)) }
}

/// `hash_exclude_move`; a NULL argument does nothing.
///
/// # Safety
/// Edax's contract: every pointer NULL or valid.
#[inline(always)]
pub(crate) unsafe fn hash_exclude_move_body(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, mv: c_int) {
    // SAFETY: the caller's contract.
    if let Some((t, b)) = unsafe { table_and_board(table, board) } {
        // SAFETY: a valid table.
        unsafe { hash_table::exclude_move(t, b, hash_code, mv) }
    }
}
