//! Edax 4.6's own names and signatures (feature `edax-abi`), for linking into an Edax build
//! in place of its definitions. Same kernels and defined behaviour as the `ek_` exports; where
//! Edax's signature has no status (void functions), a NULL argument does nothing.
//!
//! These are declared by Edax's headers (board.h, bit.h, hash.h), not by edax_kernels.h.

use super::guard;
use crate::dispatch::{c_dispatch, dispatch};
use crate::hash_table::{self, EkHashData, EkHashStore, EkHashTable};
use crate::types::board::EkBoard;
use core::ffi::c_int;

/// `uint64_t flip(const int x, const uint64_t P, const uint64_t O)`.
#[no_mangle]
pub extern "C" fn flip(x: c_int, p: u64, o: u64) -> u64 {
    dispatch::flip(x, p, o)
}

/// `uint64_t board_flip(const Board*, const int x)`.
///
/// # Safety
/// Pointers are NULL or valid, as in Edax.
#[no_mangle]
pub unsafe extern "C" fn board_flip(board: *const EkBoard, x: c_int) -> u64 {
    // SAFETY: same contract as ek_board_flip.
    unsafe { super::api::ek_board_flip(board, x) }
}

/// `uint64_t board_next(const Board*, const int x, Board *next)`.
///
/// # Safety
/// Pointers are NULL or valid, as in Edax.
#[no_mangle]
pub unsafe extern "C" fn board_next(board: *const EkBoard, x: c_int, next: *mut EkBoard) -> u64 {
    // SAFETY: same contract as ek_board_next.
    unsafe { super::api::ek_board_next(board, x, next) }
}

/// `int count_last_flip(const int x, const uint64_t P)`.
#[no_mangle]
pub extern "C" fn count_last_flip(x: c_int, p: u64) -> c_int {
    dispatch::count_last_flip(x, p)
}

/// `int board_score_1(const Board *board, const int beta, const int x)`: Edax 4.4's score of
/// the last empty square x (endgame.c; Edax 4.6 has no such function). Same as
/// `ek_board_score_1`: a NULL board gives EK_SCORE_NONE (32767).
///
/// # Safety
/// `board` is NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn board_score_1(board: *const EkBoard, beta: c_int, x: c_int) -> c_int {
    // SAFETY: same contract as ek_board_score_1.
    unsafe { super::api::ek_board_score_1(board, beta, x) }
}

/// `uint64_t get_moves(const uint64_t P, const uint64_t O)`: a plain function (Edax's AVX2
/// builds map `get_moves` to `get_moves_avx2` with a macro in board.h; see docs/edax-drop-in.md, step 3).
#[no_mangle]
pub extern "C" fn get_moves(p: u64, o: u64) -> u64 {
    dispatch::get_moves(p, o)
}

/// `bool can_move(const uint64_t P, const uint64_t O)`.
#[no_mangle]
pub extern "C" fn can_move(p: u64, o: u64) -> bool {
    dispatch::can_move(p, o)
}

/// `int get_mobility(const uint64_t P, const uint64_t O)`.
#[no_mangle]
pub extern "C" fn get_mobility(p: u64, o: u64) -> c_int {
    dispatch::get_mobility(p, o)
}

/// `int get_weighted_mobility(const uint64_t P, const uint64_t O)`.
#[no_mangle]
pub extern "C" fn get_weighted_mobility(p: u64, o: u64) -> c_int {
    dispatch::get_weighted_mobility(p, o)
}

/// `int get_potential_mobility(const uint64_t P, const uint64_t O)`.
#[no_mangle]
pub extern "C" fn get_potential_mobility(p: u64, o: u64) -> c_int {
    dispatch::get_potential_mobility(p, o)
}

/// `void edge_stability_init(void)`: the table is built at compile time, so this does
/// nothing; it exists because Edax calls it before `get_stability`.
#[no_mangle]
pub extern "C" fn edge_stability_init() {}

/// `int get_stability(const uint64_t P, const uint64_t O)`.
#[no_mangle]
pub extern "C" fn get_stability(p: u64, o: u64) -> c_int {
    dispatch::get_stability(p, o)
}

/// `int get_edge_stability(const uint64_t P, const uint64_t O)`.
#[no_mangle]
pub extern "C" fn get_edge_stability(p: u64, o: u64) -> c_int {
    dispatch::get_edge_stability(p, o)
}

/// `int get_corner_stability(const uint64_t P)`.
#[no_mangle]
pub extern "C" fn get_corner_stability(p: u64) -> c_int {
    dispatch::get_corner_stability(p)
}

/// `uint64_t board_get_hash_code(const Board*)`.
///
/// # Safety
/// Pointers are NULL or valid, as in Edax.
#[no_mangle]
pub unsafe extern "C" fn board_get_hash_code(board: *const EkBoard) -> u64 {
    // SAFETY: same contract as ek_board_get_hash_code.
    unsafe { super::api::ek_board_get_hash_code(board) }
}

/// `void board_symetry(const Board*, const int s, Board *sym)`: like Edax, only bits 0..2 of
/// s are used.
///
/// # Safety
/// Pointers are NULL or valid, as in Edax.
#[no_mangle]
pub unsafe extern "C" fn board_symetry(board: *const EkBoard, s: c_int, sym: *mut EkBoard) {
    // SAFETY: same contract as ek_board_symetry.
    unsafe { c_dispatch::ek_board_symetry(board, s & 7, sym) };
}

/// `int board_unique(const Board*, Board *unique)`; a NULL argument returns 0.
///
/// # Safety
/// Pointers are NULL or valid, as in Edax.
#[no_mangle]
pub unsafe extern "C" fn board_unique(board: *const EkBoard, unique: *mut EkBoard) -> c_int {
    // SAFETY: same contract as ek_board_unique.
    guard(0, || unsafe { c_dispatch::ek_board_unique(board, unique) }.max(0))
}

/// `void hash_prefetch(HashTable*, const uint64_t hashcode)`.
///
/// # Safety
/// Pointers are NULL or valid, as in Edax.
#[no_mangle]
pub unsafe extern "C" fn hash_prefetch(table: *mut EkHashTable, hash_code: u64) {
    // SAFETY: the caller passes NULL or a valid table (Edax's contract).
    guard((), || {
        if let Some(t) = unsafe { table.as_ref() } {
            hash_table::prefetch(t, hash_code);
        }
    })
}

/// `bool hash_get(HashTable*, const Board*, const uint64_t hash_code, HashData*)`: Edax's
/// probe, under the library's entry locks (so that Edax's threads and the library's endgame
/// search share the table safely: ek_nws_endgame). A NULL pointer (or a table without entries
/// or locks) returns false and writes nothing.
///
/// # Safety
/// Pointers are NULL or valid, as in Edax.
#[no_mangle]
pub unsafe extern "C" fn hash_get(
    table: *mut EkHashTable,
    board: *const EkBoard,
    hash_code: u64,
    data: *mut EkHashData,
) -> bool {
    // SAFETY: same contract as the entry's.
    unsafe { c_dispatch::hash_get(table, board, hash_code, data) }
}

/// `void hash_store(HashTable*, const Board*, const uint64_t hash_code, const HashStore*)`:
/// Edax's store, under the library's entry locks. A NULL pointer (or a table without entries
/// or locks) does nothing.
///
/// # Safety
/// Pointers are NULL or valid, as in Edax.
#[no_mangle]
pub unsafe extern "C" fn hash_store(
    table: *mut EkHashTable,
    board: *const EkBoard,
    hash_code: u64,
    store: *const EkHashStore,
) {
    // SAFETY: same contract as the entry's.
    unsafe { c_dispatch::hash_store(table, board, hash_code, store) }
}

/// `void hash_force(HashTable*, const Board*, const uint64_t hash_code, const HashStore*)`:
/// Edax's forced store, under the library's entry locks. A NULL pointer (or a table without
/// entries or locks) does nothing.
///
/// # Safety
/// Pointers are NULL or valid, as in Edax.
#[no_mangle]
pub unsafe extern "C" fn hash_force(
    table: *mut EkHashTable,
    board: *const EkBoard,
    hash_code: u64,
    store: *const EkHashStore,
) {
    // SAFETY: same contract as the entry's.
    unsafe { c_dispatch::hash_force(table, board, hash_code, store) }
}

/// `void hash_feed(HashTable*, const Board*, const uint64_t hash_code, const HashData*)`:
/// Edax's feed, under the library's entry locks. A NULL pointer (or a table without entries or
/// locks) does nothing.
///
/// # Safety
/// Pointers are NULL or valid, as in Edax.
#[no_mangle]
pub unsafe extern "C" fn hash_feed(
    table: *mut EkHashTable,
    board: *const EkBoard,
    hash_code: u64,
    data: *const EkHashData,
) {
    // SAFETY: same contract as the entry's.
    unsafe { c_dispatch::hash_feed(table, board, hash_code, data) }
}

/// `void hash_exclude_move(HashTable*, const Board*, const uint64_t hash_code, const int move)`:
/// Edax's move exclusion, under the library's entry lock (Edax takes none). A NULL pointer (or
/// a table without entries or locks) does nothing.
///
/// # Safety
/// Pointers are NULL or valid, as in Edax.
#[no_mangle]
pub unsafe extern "C" fn hash_exclude_move(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, mv: c_int) {
    // SAFETY: same contract as the entry's.
    unsafe { c_dispatch::hash_exclude_move(table, board, hash_code, mv) }
}

/// `int bit_count_64(const uint64_t)` (bit.h's `bit_count` macro calls it for 64-bit values).
#[no_mangle]
pub extern "C" fn bit_count_64(b: u64) -> c_int {
    dispatch::bit_count(b)
}

/// `int bit_count_32(const uint32_t)`.
#[no_mangle]
pub extern "C" fn bit_count_32(b: u32) -> c_int {
    dispatch::bit_count(b as u64)
}

/// `int bit_weighted_count(const uint64_t)`: corners count twice.
#[no_mangle]
pub extern "C" fn bit_weighted_count(b: u64) -> c_int {
    dispatch::bit_weighted_count(b)
}
