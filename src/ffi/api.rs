//! The `ek_` exports. Their doc comments are the C header's documentation.

use super::guard;
pub use super::isa_api::{ek_isa, ek_isa_env_status, ek_isa_supported, ek_isa_table, ek_set_isa};
use crate::dispatch::{c_dispatch, dispatch};
use crate::hash_table::{self, EkHashTable};
use crate::types::board::EkBoard;
use crate::types::results::EkPerftStats;
use crate::types::status;
pub use crate::types::status::{
    EkStatus, EK_ERR_BASE_FORMAT, EK_ERR_BOOK_FORMAT, EK_ERR_BUSY, EK_ERR_EVAL_FORMAT, EK_ERR_EVAL_NONE,
    EK_ERR_EVAL_SIZE, EK_ERR_INTERNAL, EK_ERR_IO, EK_ERR_ISA_UNKNOWN, EK_ERR_ISA_UNSUPPORTED, EK_ERR_NO_MEMORY,
    EK_ERR_NULL, EK_ERR_RANGE, EK_ERR_STOPPED, EK_NOMOVE, EK_OK, EK_PASS, EK_SCORE_NONE,
};
use core::cell::Cell;
use core::ffi::{c_char, c_int, CStr};

/// A readable, static, NUL-terminated description of a status code (any value is accepted;
/// unknown codes get "unknown status code").
#[no_mangle]
pub extern "C" fn ek_status_message(status: c_int) -> *const c_char {
    status::message(status).as_ptr()
}

/// The library version ("MAJOR.MINOR.PATCH"), static and NUL-terminated.
#[no_mangle]
pub extern "C" fn ek_version() -> *const c_char {
    const VERSION: &CStr = match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(v) => v,
        Err(_) => panic!("the package version contains a NUL byte"),
    };
    VERSION.as_ptr()
}

/// Discs flipped when the side to move (P) plays square x against O (Edax's `flip`).
///
/// For each of the 8 directions, the run of O discs starting next to x flips when the first
/// square after it holds a P disc. The content of square x itself is ignored (no legality
/// check: an occupied x gives the discs that would flip were it empty). x outside 0..63
/// (including EK_PASS and EK_NOMOVE) gives 0. A square set in both P and O counts as O's.
#[no_mangle]
pub extern "C" fn ek_flip(x: c_int, p: u64, o: u64) -> u64 {
    dispatch::flip(x, p, o)
}

/// Edax's `board_flip`: `ek_flip(x, board->player, board->opponent)`. NULL board gives 0.
///
/// # Safety
/// `board` must be NULL or point to a readable `EkBoard`.
#[no_mangle]
pub unsafe extern "C" fn ek_board_flip(board: *const EkBoard, x: c_int) -> u64 {
    // SAFETY: the caller passes NULL or a valid board (documented contract).
    guard(0, || match unsafe { board.as_ref() } {
        Some(b) => dispatch::flip(x, b.player, b.opponent),
        None => 0,
    })
}

/// Edax's `board_next`: writes to `next` the position after the side to move plays x (sides
/// swapped: next->player = board->opponent ^ flipped, next->opponent = board->player ^
/// (flipped | bit x)) and returns the flipped discs. x outside 0..63 (such as EK_PASS) flips
/// nothing and places nothing: a pass. No legality check. `next` may equal `board`.
/// A NULL argument returns 0 and writes nothing.
///
/// # Safety
/// `board` must be NULL or point to a readable `EkBoard`, `next` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_board_next(board: *const EkBoard, x: c_int, next: *mut EkBoard) -> u64 {
    guard(0, || {
        if board.is_null() || next.is_null() {
            return 0;
        }
        // SAFETY: both pointers are non-null and, by contract, valid for reads and writes of an
        // EkBoard (Cell<EkBoard> has its layout); Cells may alias, as `board` and `next` may.
        unsafe { dispatch::board_next(&*(board as *const Cell<EkBoard>), x, &*(next as *const Cell<EkBoard>)) }
    })
}

/// Edax's `count_last_flip`: twice the number of discs P flips by playing x when every
/// other square belongs to the opponent (the last empty square of a game). Bit x of P is
/// ignored. x outside 0..63 gives 0.
#[no_mangle]
pub extern "C" fn ek_count_last_flip(x: c_int, p: u64) -> c_int {
    dispatch::count_last_flip(x, p)
}

/// Edax 4.4's `board_score_1(board, beta, x)`: the final disc difference *for the opponent*
/// (the side not to move) of a board whose single empty square is x, the side to move playing
/// first: if it can play x it does; else the opponent plays x if it can; else the empty square
/// goes to the winner. With Edax's lazy cut-offs: a result < beta is exact, a result >= beta is
/// only a lower bound (between beta and the exact score).
///
/// Meant for boards with exactly one empty square x; on other boards it returns what the same
/// formula gives (2 * popcount(O) - 64 adjusted by the two last-flip counts). x outside 0..63
/// plays as a square nobody can take. NULL board gives EK_SCORE_NONE.
///
/// # Safety
/// `board` must be NULL or point to a readable `EkBoard`.
#[no_mangle]
pub unsafe extern "C" fn ek_board_score_1(board: *const EkBoard, beta: c_int, x: c_int) -> c_int {
    // SAFETY: the caller passes NULL or a valid board (documented contract).
    guard(EK_SCORE_NONE, || match unsafe { board.as_ref() } {
        Some(b) => dispatch::board_score_1(b.player, b.opponent, beta, x),
        None => EK_SCORE_NONE,
    })
}

/// The exact score `ek_board_score_1` gives with no cut-off (beta > 64), computed branch-free
/// from both sides' last flips at once. Same conventions and bad-input behaviour as
/// `ek_board_score_1`.
///
/// # Safety
/// `board` must be NULL or point to a readable `EkBoard`.
#[no_mangle]
pub unsafe extern "C" fn ek_board_score_1_exact(board: *const EkBoard, x: c_int) -> c_int {
    // SAFETY: the caller passes NULL or a valid board (documented contract).
    guard(EK_SCORE_NONE, || match unsafe { board.as_ref() } {
        Some(b) => dispatch::board_score_1_exact(b.player, b.opponent, x),
        None => EK_SCORE_NONE,
    })
}

/// Edax's `get_moves`: bitboard of the legal moves of P against O (empty squares from which
/// a run of O discs ends on a P disc, in any of the 8 directions). Overlapping bitboards are
/// taken as they are: a square set in both P and O can be inside a run, end one, and is not
/// empty.
#[no_mangle]
pub extern "C" fn ek_get_moves(p: u64, o: u64) -> u64 {
    dispatch::get_moves(p, o)
}

/// Edax's `can_move`: whether `ek_get_moves(P, O)` is non-zero.
#[no_mangle]
pub extern "C" fn ek_can_move(p: u64, o: u64) -> bool {
    dispatch::can_move(p, o)
}

/// Edax's `get_mobility`: the number of legal moves, popcount(ek_get_moves(P, O)).
#[no_mangle]
pub extern "C" fn ek_get_mobility(p: u64, o: u64) -> c_int {
    dispatch::get_mobility(p, o)
}

/// Edax's `get_weighted_mobility`: the number of legal moves, corners (A1, H1, A8, H8)
/// counted twice.
#[no_mangle]
pub extern "C" fn ek_get_weighted_mobility(p: u64, o: u64) -> c_int {
    dispatch::get_weighted_mobility(p, o)
}

/// Edax's `get_potential_mobility`: the empty squares next to an O disc that could be flipped
/// in that direction (O discs on the A/H files do not count horizontally, on ranks 1/8 not
/// vertically, on any edge not diagonally), corners counted twice. A square set in both P and
/// O counts as O's.
#[no_mangle]
pub extern "C" fn ek_get_potential_mobility(p: u64, o: u64) -> c_int {
    dispatch::get_potential_mobility(p, o)
}

/// Edax's `get_stability`: the number of P discs Edax proves stable (a lower bound of the
/// truly stable ones): the stable edge discs, inner discs on a full line in all four
/// directions, then, iterated, inner discs that in each direction have a stable neighbour or
/// lie on a full line. A square set in both P and O counts as O's. No set-up call is needed.
#[no_mangle]
pub extern "C" fn ek_get_stability(p: u64, o: u64) -> c_int {
    dispatch::get_stability(p, o)
}

/// Edax's `get_edge_stability`: the number of P discs on the four edges that no sequence of
/// moves on their edge line can flip (exact per line). A square set in both P and O counts
/// as O's. No set-up call is needed.
#[no_mangle]
pub extern "C" fn ek_get_edge_stability(p: u64, o: u64) -> c_int {
    dispatch::get_edge_stability(p, o)
}

/// Edax's `get_corner_stability`: owned corners plus owned edge squares next to an owned
/// corner (B1/A2, G1/H2, A7/B8, H7/G8).
#[no_mangle]
pub extern "C" fn ek_get_corner_stability(p: u64) -> c_int {
    dispatch::get_corner_stability(p)
}

/// Edax 4.6's `board_get_hash_code`: c = crc32c(0, player); (c << 32) | crc32c(c, opponent),
/// with the raw CRC-32C update of the SSE4.2 `crc32` instruction (no inversions). The CRC
/// instruction is used when the active level has it, a table otherwise; both agree. The
/// bitboards are hashed as they are. NULL board gives 0.
///
/// # Safety
/// `board` must be NULL or point to a readable `EkBoard`.
#[no_mangle]
pub unsafe extern "C" fn ek_board_get_hash_code(board: *const EkBoard) -> u64 {
    // SAFETY: the caller passes NULL or a valid board (documented contract).
    guard(0, || match unsafe { board.as_ref() } {
        Some(b) => dispatch::hash_code(b),
        None => 0,
    })
}

/// Edax's `board_symetry`: writes to `sym` the board under symmetry s (bit 0: mirror the
/// files A<->H; bit 1: mirror the ranks 1<->8; bit 2: transpose across the A1-H8 diagonal;
/// applied in that order). `sym` may equal `board`. Returns `EK_OK`, `EK_ERR_NULL`, or
/// `EK_ERR_RANGE` when s is not 0..7; `sym` is written only on success.
///
/// # Safety
/// `board` must be NULL or point to a readable `EkBoard`, `sym` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_board_symetry(board: *const EkBoard, s: c_int, sym: *mut EkBoard) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_board_symetry(board, s, sym) }
}

/// Edax's `board_unique`: writes to `unique` the smallest of the 8 symmetric boards
/// (comparing player, then opponent, as unsigned 64-bit numbers) and returns the symmetry
/// s (0..7) with ek_board_symetry(board, s) == unique. On ties the first minimum in the order
/// 0, 4, 1, 6, 2, 5, 3, 7 wins, as in Edax's AVX2 build. `unique` may equal `board`.
/// Returns `EK_ERR_NULL` (and writes nothing) for a NULL argument.
///
/// # Safety
/// `board` must be NULL or point to a readable `EkBoard`, `unique` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_board_unique(board: *const EkBoard, unique: *mut EkBoard) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_board_unique(board, unique) }
}

/// Edax's `hash_prefetch`: prefetches the first and the last entry of the 4-way bucket of
/// `hash_code` in `table` (entries table->hash[hash_code & table->hash_mask] and the one 3
/// after it). `EkHashTable` has the layout of Edax 4.6's `HashTable`, so an Edax table can be
/// passed. A prefetch never faults, whatever table->hash holds; a NULL table does nothing.
///
/// # Safety
/// `table` must be NULL or point to a readable `EkHashTable`.
#[no_mangle]
pub unsafe extern "C" fn ek_hash_prefetch(table: *const EkHashTable, hash_code: u64) {
    // SAFETY: the caller passes NULL or a valid table (documented contract).
    guard((), || {
        if let Some(t) = unsafe { table.as_ref() } {
            hash_table::prefetch(t, hash_code);
        }
    })
}

/// The number of set bits of b (Edax's `bit_count`).
#[no_mangle]
pub extern "C" fn ek_bit_count(b: u64) -> c_int {
    dispatch::bit_count(b)
}

/// Perft, Edax's convention (`lEdax -count games`): the number of nodes `depth` plies below
/// (P, O), P to move. A pass is a node when the side to move has no move and the other side
/// has one; a finished game has no children. depth 0 gives 1, a negative depth 0; depths
/// beyond 130 give the same count as 130 (no line of play is longer).
#[no_mangle]
pub extern "C" fn ek_perft(p: u64, o: u64, depth: c_int) -> u64 {
    guard(0, || dispatch::perft(EkBoard::new(p, o), depth).nodes)
}

/// Perft, the published convention (Aart Bik's sequence 4, 12, 56, 244, ...): like `ek_perft`,
/// but a finished game counts as one node at every deeper ply.
#[no_mangle]
pub extern "C" fn ek_perft_terminal(p: u64, o: u64, depth: c_int) -> u64 {
    guard(0, || dispatch::perft(EkBoard::new(p, o), depth).nodes_terminal)
}

/// Perft with all of Edax's counters (see `EkPerftStats`). Writes `*out` and returns `EK_OK`,
/// or returns `EK_ERR_NULL` for a NULL `out`.
///
/// # Safety
/// `out` must be NULL or point to a writable `EkPerftStats`.
#[no_mangle]
pub unsafe extern "C" fn ek_perft_stats(p: u64, o: u64, depth: c_int, out: *mut EkPerftStats) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_perft_stats(p, o, depth, out) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_constants_match_the_board_module() {
        assert_eq!(EK_PASS, crate::types::board::PASS);
        assert_eq!(EK_NOMOVE, crate::types::board::NOMOVE);
    }
}
