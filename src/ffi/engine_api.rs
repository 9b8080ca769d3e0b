//! The `ek_weights_` and `ek_engine_` exports: weights as objects, and an engine that gives a
//! move. Their doc comments are the C header's documentation.

use super::guard;
#[cfg(doc)]
use crate::engine::EK_ENGINE_MAX_THREADS;
use crate::engine::{EkEngine, EkEngineLimits, EkEngineResult, EkMoveScore, EkWeights, EK_MAX_MOVES};
use crate::eval::LoadError;
use crate::types::board::EkBoard;
use crate::types::results::SolveError;
use crate::types::status::{
    EK_ERR_EVAL_FORMAT, EK_ERR_EVAL_SIZE, EK_ERR_INTERNAL, EK_ERR_IO, EK_ERR_NO_MEMORY, EK_ERR_NULL, EK_OK,
};
use core::ffi::{c_char, c_int, c_void, CStr};
use std::sync::Arc;

/// Hands `loaded` to the caller as a weights object, writing its status to `status` (when not
/// NULL).
///
/// # Safety
/// `status` is NULL or writable.
unsafe fn hand_over(loaded: Result<Arc<EkWeights>, LoadError>, status: *mut c_int) -> *mut EkWeights {
    let (ptr, code) = match loaded {
        Ok(w) => (Arc::into_raw(w).cast_mut(), EK_OK),
        Err(LoadError::Io(_)) => (core::ptr::null_mut(), EK_ERR_IO),
        Err(LoadError::NotEdax) => (core::ptr::null_mut(), EK_ERR_EVAL_FORMAT),
        Err(LoadError::Size { .. }) => (core::ptr::null_mut(), EK_ERR_EVAL_SIZE),
        Err(LoadError::NoMemory) => (core::ptr::null_mut(), EK_ERR_NO_MEMORY),
    };
    // SAFETY: NULL or writable (the caller's contract).
    if let Some(s) = unsafe { status.as_mut() } {
        *s = code;
    }
    ptr
}

/// Writes `code` to `status` when it is not NULL, and returns NULL.
///
/// # Safety
/// `status` is NULL or writable.
unsafe fn refuse(status: *mut c_int, code: c_int) -> *mut EkWeights {
    // SAFETY: NULL or writable (the caller's contract).
    if let Some(s) = unsafe { status.as_mut() } {
        *s = code;
    }
    core::ptr::null_mut()
}

/// Loads evaluation weights in Edax's format (eval.dat, either byte order: Edax's own, or the
/// project's data/ek-eval.dat) from a file into a new weights object, which engines share
/// (`ek_engine_new`) and `ek_weights_free` gives back. Unlike `ek_eval_load_file`, nothing
/// process-wide changes, and the memory (about 64 MB) is freed with the last engine or handle
/// that holds it. Returns the object, or NULL with `*status` set: `EK_ERR_NULL` (NULL path),
/// `EK_ERR_IO`, `EK_ERR_EVAL_FORMAT`, `EK_ERR_EVAL_SIZE`, `EK_ERR_NO_MEMORY`; `*status` is
/// `EK_OK` on success. `status` may be NULL.
///
/// # Safety
/// `path` must be NULL or a NUL-terminated string; `status` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_weights_load_file(path: *const c_char, status: *mut c_int) -> *mut EkWeights {
    guard(core::ptr::null_mut(), || {
        if path.is_null() {
            // SAFETY: NULL or writable (contract).
            return unsafe { refuse(status, EK_ERR_NULL) };
        }
        // SAFETY: NULL or writable (contract). Written first: what a panic leaves.
        unsafe { refuse(status, EK_ERR_INTERNAL) };
        // SAFETY: a NUL-terminated string (contract).
        let path = unsafe { CStr::from_ptr(path) };
        #[cfg(unix)]
        let path = {
            use std::os::unix::ffi::OsStrExt;
            std::path::PathBuf::from(std::ffi::OsStr::from_bytes(path.to_bytes()))
        };
        #[cfg(not(unix))]
        let path = std::path::PathBuf::from(path.to_string_lossy().into_owned());
        // SAFETY: NULL or writable (contract).
        unsafe { hand_over(EkWeights::from_file(&path), status) }
    })
}

/// `ek_weights_load_file` from an eval.dat image in memory (`size` bytes at `data`; the bytes
/// are copied: the caller may free them after the call). NULL `data` with any size:
/// `EK_ERR_NULL`.
///
/// # Safety
/// `data` must be NULL or point to `size` readable bytes; `status` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_weights_load_buffer(
    data: *const c_void,
    size: usize,
    status: *mut c_int,
) -> *mut EkWeights {
    guard(core::ptr::null_mut(), || {
        if data.is_null() {
            // SAFETY: NULL or writable (contract).
            return unsafe { refuse(status, EK_ERR_NULL) };
        }
        // SAFETY: NULL or writable (contract). Written first: what a panic leaves.
        unsafe { refuse(status, EK_ERR_INTERNAL) };
        // SAFETY: `size` readable bytes (contract).
        let bytes = unsafe { core::slice::from_raw_parts(data.cast::<u8>(), size) };
        // SAFETY: NULL or writable (contract).
        unsafe { hand_over(EkWeights::from_bytes(bytes), status) }
    })
}

/// `ek_weights_load_file` of the project's own weights (data/ek-eval.dat), built into the
/// library: no file needed.
///
/// # Safety
/// `status` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_weights_load_default(status: *mut c_int) -> *mut EkWeights {
    guard(core::ptr::null_mut(), || {
        // SAFETY: NULL or writable (contract). Written first: what a panic leaves.
        unsafe { refuse(status, EK_ERR_INTERNAL) };
        // SAFETY: NULL or writable (contract).
        unsafe { hand_over(EkWeights::bundled(), status) }
    })
}

/// Gives back the caller's hold on a weights object. Engines made with it keep their own hold:
/// the memory is freed when the last of them is freed too. NULL does nothing.
///
/// # Safety
/// `weights` must be NULL or come from an `ek_weights_load_` function, and not be given back
/// twice.
#[no_mangle]
pub unsafe extern "C" fn ek_weights_free(weights: *mut EkWeights) {
    guard((), || {
        if !weights.is_null() {
            // SAFETY: from Arc::into_raw (an ek_weights_load_ function), released once (contract).
            drop(unsafe { Arc::from_raw(weights.cast_const()) });
        }
    })
}

/// A new engine: Edax's whole search on `weights` (which it holds until it is freed: the caller
/// may free its own handle at once) and three tables of its own, a main table of
/// `2^hash_bits` entries (24 bytes each) and PV and shallow tables of `2^(hash_bits - 4)`
/// (Edax's sizes; Edax's default is 2^21 for the main table, as its `-h 21`), kept between
/// searches as Edax keeps them between the moves of a game. Returns NULL when `weights` is NULL,
/// `hash_bits` is outside `EK_ENGINE_MIN_HASH_BITS..=EK_ENGINE_MAX_HASH_BITS` (8..=32), or the
/// memory cannot be allocated. Free it with `ek_engine_free`. One search at a time per engine
/// (a second concurrent one returns `EK_ERR_BUSY`): give each thread its own.
///
/// # Safety
/// `weights` must be NULL or a live weights object.
#[no_mangle]
pub unsafe extern "C" fn ek_engine_new(weights: *const EkWeights, hash_bits: c_int) -> *mut EkEngine {
    guard(core::ptr::null_mut(), || {
        if weights.is_null() {
            return core::ptr::null_mut();
        }
        // SAFETY: a live object made by Arc::into_raw (contract): the engine takes a hold of its own.
        let weights = unsafe {
            Arc::increment_strong_count(weights);
            Arc::from_raw(weights)
        };
        match EkEngine::new(weights, hash_bits) {
            Some(e) => Box::into_raw(Box::new(e)),
            None => core::ptr::null_mut(),
        }
    })
}

/// Frees an engine made by `ek_engine_new` (and its hold on its weights). NULL does nothing. No
/// search may be running on it.
///
/// # Safety
/// `engine` must be NULL or come from `ek_engine_new`, not freed yet, and not in use.
#[no_mangle]
pub unsafe extern "C" fn ek_engine_free(engine: *mut EkEngine) {
    guard((), || {
        if !engine.is_null() {
            // SAFETY: made by Box::into_raw in ek_engine_new, freed once (contract).
            drop(unsafe { Box::from_raw(engine) });
        }
    })
}

/// Makes the search running on `engine` (from any thread) end soon: `ek_engine_search` then
/// returns the deepest result it completed, with `complete` = 0 (or `EK_ERR_STOPPED` when it had
/// completed none). A search that starts later is not affected. NULL does nothing.
///
/// # Safety
/// `engine` must be NULL or a live engine.
#[no_mangle]
pub unsafe extern "C" fn ek_engine_stop(engine: *const EkEngine) {
    guard((), || {
        // SAFETY: NULL or live (contract).
        if let Some(e) = unsafe { engine.as_ref() } {
            e.stop();
        }
    })
}

/// Sets the threads of every later search and analysis on `engine` (1..=`EK_ENGINE_MAX_THREADS`,
/// 256; 1, the default, is Edax's search node for node). With more, the threads search the same
/// tree on the engine's tables and share out the children of the nodes near the root (a
/// simplified ABDADA, as the solver's threads): exact scores are the same as with one thread;
/// the nodes differ, and a selective search's score and move may differ by what the threads'
/// table entries change (the result is that of the first thread, the others' nodes added). The
/// node limit is then about the whole search's: the first thread stops at its share. Returns
/// `EK_OK`, `EK_ERR_NULL`, or `EK_ERR_RANGE` (the setting is unchanged). May be called while a
/// search runs: it applies to the next one.
///
/// # Safety
/// `engine` must be NULL or a live engine.
#[no_mangle]
pub unsafe extern "C" fn ek_engine_set_threads(engine: *const EkEngine, n_threads: c_int) -> c_int {
    // SAFETY: NULL or live (contract); an atomic store.
    guard(EK_ERR_INTERNAL, || match unsafe { engine.as_ref() } {
        Some(e) => match e.set_threads(n_threads) {
            Ok(()) => EK_OK,
            Err(err) => err.status(),
        },
        None => EK_ERR_NULL,
    })
}

/// The threads of a search on `engine` (see `ek_engine_set_threads`), or 0 when `engine` is
/// NULL.
///
/// # Safety
/// `engine` must be NULL or a live engine.
#[no_mangle]
pub unsafe extern "C" fn ek_engine_get_threads(engine: *const EkEngine) -> c_int {
    // SAFETY: NULL or live (contract); an atomic load.
    guard(0, || unsafe { engine.as_ref() }.map_or(0, |e| e.threads()))
}

/// Forgets every position the engine's tables hold (Edax's `hash_cleanup`): the next search
/// finds what a new engine would. Returns `EK_OK`, `EK_ERR_NULL` or `EK_ERR_BUSY` (a search is
/// running on it).
///
/// # Safety
/// `engine` must be NULL or a live engine.
#[no_mangle]
pub unsafe extern "C" fn ek_engine_clear(engine: *const EkEngine) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or live (contract).
        let Some(e) = (unsafe { engine.as_ref() }) else { return EK_ERR_NULL };
        match e.clear() {
            Ok(()) => EK_OK,
            Err(err) => err.status(),
        }
    })
}

/// The body of `ek_engine_search` and `ek_engine_search_excluding`: `EK_ERR_NULL` for a NULL
/// pointer, else `search` run and its result written (`EK_OK`) or its error's status returned.
/// Called inside each export's own `guard()`: tests/exports.rs wants every export wholly behind one.
///
/// # Safety
/// As `ek_engine_search`.
unsafe fn search_into(
    engine: *const EkEngine,
    board: *const EkBoard,
    limits: *const EkEngineLimits,
    result: *mut EkEngineResult,
    search: impl FnOnce(&EkEngine, &EkBoard, &EkEngineLimits) -> Result<EkEngineResult, SolveError>,
) -> c_int {
    // SAFETY: NULL or valid (contract).
    let (Some(e), Some(b), Some(l)) =
        (unsafe { engine.as_ref() }, unsafe { board.as_ref() }, unsafe { limits.as_ref() })
    else {
        return EK_ERR_NULL;
    };
    if result.is_null() {
        return EK_ERR_NULL;
    }
    match search(e, b, l) {
        Ok(r) => {
            // SAFETY: non-NULL and writable (contract).
            unsafe { result.write(r) };
            EK_OK
        }
        Err(err) => err.status(),
    }
}

/// Searches `board` (the player to move) with Edax 4.6's whole search as `lEdax -l LEVEL -n 1`
/// plays (iterative deepening, aspiration, Edax's midgame and endgame searches, its tables
/// kept between searches), within `limits`: an Edax level (1..60) or a depth and selectivity,
/// and optionally a node and a time limit. On the same weights and a new engine (or one cleared),
/// with one thread (the default), its score, move, depth, selectivity, nodes and principal
/// variation are Edax's; with more (`ek_engine_set_threads`) the search is faster and its nodes
/// are not Edax's. Writes the
/// result to `*result` and returns `EK_OK`: the best move (65 when the game is over, 64 when
/// the player must pass), the score, the depth and selectivity reached, whether the score is
/// exact, whether the search completed (0 when a limit or `ek_engine_stop` ended it: the
/// result is then the deepest one completed), nodes and principal variation.
///
/// Errors (nothing written): `EK_ERR_NULL` (NULL engine, board, limits or result),
/// `EK_ERR_RANGE` (overlapping bitboards; level outside 0..60; depth neither -1 nor 1..60;
/// selectivity outside -1..5; level 0 with depth -1), `EK_ERR_BUSY` (another search is running
/// on the engine), `EK_ERR_STOPPED` (stopped before any depth was completed).
///
/// # Safety
/// `engine` must be NULL or a live engine; `board` and `limits` NULL or readable; `result` NULL
/// or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_engine_search(
    engine: *const EkEngine,
    board: *const EkBoard,
    limits: *const EkEngineLimits,
    result: *mut EkEngineResult,
) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: the caller's pointers (contract).
        unsafe { search_into(engine, board, limits, result, |e, b, l| e.search(b, l)) }
    })
}

/// Searches `board` as `ek_engine_search` does, with the moves in `excluded` (a bit per square,
/// A1 = bit 0) left out of the root's moves: Edax 4.6's book search of a position (book.c
/// `position_search`: the position's links excluded, `-n 1`, no time limit), the best of the
/// other moves and its score. The engine's tables are kept from earlier searches as Edax's book
/// keeps the play's (`ek_engine_clear` is Edax's `search_cleanup`): on the same weights and
/// table size, with one thread, a sequence of such searches and clears gives Edax's results,
/// node for node. A search with moves excluded does not store the root in the tables (Edax's
/// `PVS_root`). Squares that are no legal move are ignored; a position without moves is searched
/// as by `ek_engine_search`.
///
/// Errors (nothing written): `EK_ERR_NULL` (NULL engine, board, limits or result),
/// `EK_ERR_RANGE` (every legal move excluded, or as `ek_engine_search`), `EK_ERR_BUSY`,
/// `EK_ERR_STOPPED`.
///
/// # Safety
/// `engine` must be NULL or a live engine; `board` and `limits` NULL or readable; `result` NULL
/// or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_engine_search_excluding(
    engine: *const EkEngine,
    board: *const EkBoard,
    limits: *const EkEngineLimits,
    excluded: u64,
    result: *mut EkEngineResult,
) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: the caller's pointers (contract).
        unsafe { search_into(engine, board, limits, result, |e, b, l| e.search_excluding(b, l, excluded)) }
    })
}

/// Analyses `board`: every legal move of the player to move (in square order; the pass, 64,
/// when the player has none but the opponent has), each searched as `ek_engine_search` searches
/// (Edax's whole search) one ply less deep than `limits` gives for `board` (at least 1), at the
/// same selectivity: its score for the player to move, whether it is exact, whether its search
/// completed, and its nodes. The scores of the moves, the policy targets of a learner or a GUI's
/// analysis. The node and time limits are the whole call's: the moves searched after they run
/// out, or after `ek_engine_stop`, have `complete` 0 (and the score `EK_SCORE_NONE` when not
/// even one depth completed). `moves` must hold `EK_MAX_MOVES` (60) entries; `*n_moves` gets
/// the number written (0 when the game is over). Returns `EK_OK`; errors (nothing written):
/// `EK_ERR_NULL`, `EK_ERR_RANGE` (as `ek_engine_search`), `EK_ERR_BUSY`.
///
/// # Safety
/// `engine` must be NULL or a live engine; `board` and `limits` NULL or readable; `moves` NULL
/// or writable for `EK_MAX_MOVES` entries; `n_moves` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_engine_analyze(
    engine: *const EkEngine,
    board: *const EkBoard,
    limits: *const EkEngineLimits,
    moves: *mut EkMoveScore,
    n_moves: *mut c_int,
) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or valid (contract).
        let (Some(e), Some(b), Some(l)) =
            (unsafe { engine.as_ref() }, unsafe { board.as_ref() }, unsafe { limits.as_ref() })
        else {
            return EK_ERR_NULL;
        };
        if moves.is_null() || n_moves.is_null() {
            return EK_ERR_NULL;
        }
        match e.analyze(b, l) {
            Ok(found) => {
                let n = found.len().min(EK_MAX_MOVES as usize);
                // SAFETY: `moves` holds EK_MAX_MOVES writable entries, `n_moves` is writable (contract).
                unsafe {
                    core::ptr::copy_nonoverlapping(found.as_ptr(), moves, n);
                    n_moves.write(n as c_int);
                }
                EK_OK
            }
            Err(err) => err.status(),
        }
    })
}
