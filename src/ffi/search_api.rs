//! The exports of Edax 4.6's searches, each in one call: the endgame leaf search
//! (`ek_solve_shallow`), `NWS_endgame` (`ek_nws_endgame`), `NWS_midgame` and `PVS_midgame`
//! (`ek_nws_midgame`, `ek_pvs_midgame`) on Edax's own tables, and its whole search from the root
//! (`ek_edax_search`). Their doc comments are the C header's documentation.

use crate::dispatch::c_dispatch;
use crate::endgame::midgame::{EkEdaxResult, EkEdaxTables, EkMidgameSearch};
use crate::hash_table::EkHashTable;
use crate::types::board::EkBoard;
use core::ffi::c_int;

/// Edax 4.6's endgame leaf search, `search_shallow(search, alpha)` (endgame.c), in one call: the
/// fail-soft score for the side to move of `board` on the null window (alpha, alpha + 1) (a
/// result `<= alpha` is an upper bound of the final score, one `> alpha` a lower bound; scores
/// give the empty squares to the winner), with Edax's move order, stability cut-off and quadrant
/// parity, so that it adds to `*n_nodes` exactly what Edax adds to `search->n_nodes`.
///
/// Edax calls it with up to 7 empty squares; it searches up to 10. Bad input: a NULL board, or
/// more than 10 empty squares, returns `EK_SCORE_NONE` and adds nothing; a NULL `n_nodes` is
/// allowed (the nodes are not reported); an alpha outside -64..63 gives the result of the nearest
/// of -65 and 64 (the same comparisons with every score); overlapping bitboards give a defined
/// value, the same on every level, which is no position's score.
///
/// # Safety
/// `board` must be NULL or point to a readable `EkBoard`, `n_nodes` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_solve_shallow(board: *const EkBoard, alpha: c_int, n_nodes: *mut i64) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_solve_shallow(board, alpha, n_nodes) }
}

/// Edax 4.6's endgame search, `NWS_endgame(search, alpha)` (endgame.c), in one call, on Edax's
/// own transposition table: the fail-soft score for the side to move of `board` on the null
/// window (alpha, alpha + 1), searched as Edax does (stability and transposition cut-offs,
/// `movelist_evaluate_fast` move order, the leaf search `ek_solve_shallow` at 7 empty squares or
/// fewer), probing and storing `table` as Edax does, so that it adds to `*n_nodes` exactly what
/// Edax adds to `search->n_nodes` and leaves the table as Edax would. `EkHashTable` has the
/// layout of Edax's `HashTable`: pass `&search->hash_table`. Threads may share the table when
/// every access to it goes through the library: this search, and Edax's table functions as the
/// library exports them (`hash_get`, `hash_store`, `hash_force`, `hash_feed` and
/// `hash_exclude_move`, feature `edax-abi`; Edax built by scripts/edax-drop-in.sh calls them).
/// The library locks each entry (`spin[i & spin_mask]` for the entry at index `i` of `hash`).
/// Edax's own hash.c locks buckets, which overlap (an entry is a way of up to four), so it
/// neither keeps two of its threads from writing one entry at once nor excludes the library:
/// with Edax's own table functions, search on one thread.
///
/// `stop` is polled at every node as Edax polls `search->stop`: once it is not 0, nodes return
/// alpha at once and nothing more is stored (the score is then meaningless, as in Edax); NULL
/// never stops. Edax calls it with up to 14 empty squares; any number is searched (the time
/// grows about fourfold per square).
///
/// Bad input: a NULL board or table, a table whose `hash` or `spin` is NULL, or overlapping
/// bitboards (whose tree has no bound: a flip can empty a square both sides hold) return
/// `EK_SCORE_NONE`, add nothing and leave the table as it was; a NULL `n_nodes` is allowed (the
/// nodes are not reported); an alpha outside -64..63 gives the result of the nearest of -65 and
/// 64 (the same comparisons with every score).
///
/// # Safety
/// `board` must be NULL or point to a readable `EkBoard`; `table` NULL or a valid Edax table
/// (`hash` holds `hash_mask + 6` entries, `spin` holds `spin_mask + 1` locks, none of it freed
/// during the call); `stop` NULL or a readable `int`; `n_nodes` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_nws_endgame(
    board: *const EkBoard,
    alpha: c_int,
    table: *mut EkHashTable,
    stop: *const c_int,
    n_nodes: *mut i64,
) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_nws_endgame(board, alpha, table, stop, n_nodes) }
}

/// Edax 4.6's midgame search `NWS_midgame` (midgame.c) on Edax's own three tables: the
/// fail-soft score (into `*score`) for the side to move of `board` on the null window (alpha,
/// alpha + 1), searched `depth` plies deep, or to the end when `depth` is the number of empty
/// squares, as Edax searches it at the node that `search` describes (selectivity and probcut,
/// stability, transposition and enhanced transposition cut-offs, `movelist_evaluate`'s order with
/// its shallow searches, `NWS_shallow` at depth 3 and below, `NWS_endgame` for an exact search of
/// fewer than 15 empty squares), so that it adds to `*n_nodes` exactly what Edax adds to
/// `search->n_nodes` and leaves the three tables as Edax would. The evaluation uses the weights
/// loaded in the library (`ek_eval_load`, `ek_eval_load_default`, or Edax's `eval_open` from
/// the library). `EkMidgameSearch` names the fields of Edax's `Search` to pass; the tables have
/// the layout of Edax's `HashTable`, and may be shared by threads as `ek_nws_endgame`'s may.
/// Unlike Edax's `NWS_midgame`, one call searches its whole subtree on the calling thread (no
/// split points for Edax's other threads).
///
/// Once `*search->stop` is not 0, the nodes return alpha at once and nothing more is stored:
/// `*score` is then alpha (meaningless, as in Edax) and the call returns `EK_ERR_STOPPED`.
///
/// Returns `EK_OK`. Bad input: a NULL `board`, `search`, `score` or table, or a table whose
/// `hash` or `spin` is NULL, returns `EK_ERR_NULL`; overlapping bitboards, an alpha outside
/// -64..63, a depth that is neither 2..(empty squares - 1) nor the number of empty squares, a
/// selectivity outside 0..5, a height below 1, a node type outside 0..2, or a negative
/// probcut level returns `EK_ERR_RANGE`; no weights loaded returns `EK_ERR_EVAL_NONE`. On an
/// error nothing is searched, `*score` and `*n_nodes` are left as they were. A NULL `n_nodes`
/// is allowed (the nodes are not reported).
///
/// # Safety
/// `board`, `search` and `score` must each be NULL or valid (`score` writable); each table of
/// `search` NULL or a valid Edax table (as for `ek_nws_endgame`) for the whole call;
/// `search->stop` NULL or a readable `int`; `n_nodes` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_nws_midgame(
    board: *const EkBoard,
    alpha: c_int,
    depth: c_int,
    search: *const EkMidgameSearch,
    score: *mut c_int,
    n_nodes: *mut i64,
) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_nws_midgame(board, alpha, depth, search, score, n_nodes) }
}

/// Edax 4.6's `PVS_midgame` (midgame.c) as `ek_nws_midgame` is its `NWS_midgame`: the
/// fail-soft score (into `*score`) in the window (alpha, beta) at a PV node of Edax's search
/// (the first move searched with the window, the others with a null window by `NWS_midgame`
/// and again with the window when they beat the best; the search to the end at a node of at most
/// `search->depth_pv_extension` empty squares; results stored in the main and PV tables), with
/// Edax's node counts and tables. `search->node_type` is the node's as Edax sets it before the
/// call (0, `PV_NODE`); `search->probcut_level` is passed on to the null-window searches.
///
/// Returns `EK_OK`, or `EK_ERR_STOPPED` (score alpha) once `*search->stop` is not 0. Bad input
/// as `ek_nws_midgame`, but for the window and the depth: `EK_ERR_RANGE` unless
/// -64 <= alpha < beta <= 64 and depth is 2..(empty squares), or the number of empty squares.
///
/// # Safety
/// As `ek_nws_midgame`.
#[no_mangle]
pub unsafe extern "C" fn ek_pvs_midgame(
    board: *const EkBoard,
    alpha: c_int,
    beta: c_int,
    depth: c_int,
    search: *const EkMidgameSearch,
    score: *mut c_int,
    n_nodes: *mut i64,
) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_pvs_midgame(board, alpha, beta, depth, search, score, n_nodes) }
}

/// Edax 4.6's whole search of a position, as `lEdax -solve FILE -l LEVEL -n 1` searches each
/// problem, node for node: its root (root.c: `search_run`, the iterative deepening by depth and
/// then by selectivity, the aspiration windows, `PVS_root`) over Edax's midgame and endgame
/// searches (`ek_pvs_midgame`, `ek_nws_midgame`, `ek_nws_endgame`), on Edax's three tables,
/// with the weights loaded (`ek_eval_load*`). The search's depth and selectivity are Edax's
/// `LEVEL[level][empty squares]` (search.c), or `depth` (at most the empty squares) and
/// `selectivity` when they are not -1, as Edax's -d and -s options set them. One thread, no time
/// limit, Edax's default options (`multipv_depth` 10, no PV guessing). The tables' dates move on
/// first, as Edax's `hash_clear` moves them (`lEdax -solve` clears every entry before each
/// problem: give cleared tables, dates 0, for its node counts); what they hold is used (a
/// position searched before is searched from where that search stopped, as in Edax).
///
/// Writes Edax's result into `*result`: the score, the best move (64 a pass, 65 none: the game
/// is over), the depth and selectivity of the search it comes from, the nodes, and the principal
/// variation from the position (read from the tables, as Edax's `record_best_move` reads it).
/// Returns `EK_OK`, or `EK_ERR_STOPPED` once `*tables->stop` is not 0 (`*result` then holds the
/// last result recorded, as Edax's does). Bad input: a NULL `board`, `tables` or `result`, or a
/// NULL table or a table whose `hash` or `spin` is NULL, returns `EK_ERR_NULL`; overlapping
/// bitboards, a level outside 1..60, a depth neither -1 nor 1..60, or a selectivity outside
/// -1..5 returns `EK_ERR_RANGE`; no weights loaded returns `EK_ERR_EVAL_NONE`. On an error
/// nothing is searched and `*result` is left as it was.
///
/// # Safety
/// `board`, `tables` and `result` must each be NULL or valid (`result` writable); each table NULL
/// or a valid Edax table (as for `ek_nws_endgame`) that no other thread uses during the call;
/// `tables->stop` NULL or a readable `int`.
#[no_mangle]
pub unsafe extern "C" fn ek_edax_search(
    board: *const EkBoard,
    level: c_int,
    depth: c_int,
    selectivity: c_int,
    tables: *const EkEdaxTables,
    result: *mut EkEdaxResult,
) -> c_int {
    // SAFETY: the caller keeps this function's contract, which the entry's is.
    unsafe { c_dispatch::ek_edax_search(board, level, depth, selectivity, tables, result) }
}
