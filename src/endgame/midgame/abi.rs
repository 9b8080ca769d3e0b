//! The C types of Edax's searches as `ek_nws_midgame`, `ek_pvs_midgame` and `ek_edax_search`
//! take them: the fields of Edax's `Search` they read, its tables, and its `Result`.

use crate::hash_table::EkHashTable;
use core::ffi::c_int;

/// The state of Edax's search that `ek_nws_midgame` reads besides the board and the window:
/// the fields of Edax's `Search` of the same names, as a node inside Edax's search has them.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct EkMidgameSearch {
    /// `&search->hash_table`: the main table.
    pub hash_table: *mut EkHashTable,
    /// `&search->pv_table`: the PV table (results of heights up to 5 go there too).
    pub pv_table: *mut EkHashTable,
    /// `&search->shallow_table`: the shallow searches' table.
    pub shallow_table: *mut EkHashTable,
    /// `&search->stop` (Edax's `Stop`, an int), or NULL: never stops.
    pub stop: *const c_int,
    /// `search->selectivity`: 0..5 (0: Edax's 73 %, 5: none, no probcut).
    pub selectivity: c_int,
    /// `search->height`: 1 or more (the root, height 0, is Edax's `PVS_root`'s).
    pub height: c_int,
    /// `search->node_type[search->height]`: 1 (`CUT_NODE`) or 2 (`ALL_NODE`), as Edax's search
    /// enters `NWS_midgame`; 0 (`PV_NODE`) is searched as Edax would search it (its moves sorted
    /// shallower).
    pub node_type: c_int,
    /// `search->probcut_level`: 0 or more (from 2 on, no probcut).
    pub probcut_level: c_int,
    /// `search->depth_pv_extension` (`ek_pvs_midgame` only): at a PV node of at most this many
    /// empty squares the search goes to the end (Edax's root sets it: -1, 10, 12, 14 or 16).
    pub depth_pv_extension: c_int,
}

/// Edax's three tables and its stop flag, for `ek_edax_search` (the fields of Edax's `Search` of
/// the same names).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct EkEdaxTables {
    /// `&search->hash_table`: the main table.
    pub hash_table: *mut EkHashTable,
    /// `&search->pv_table`: the PV table.
    pub pv_table: *mut EkHashTable,
    /// `&search->shallow_table`: the shallow searches' table.
    pub shallow_table: *mut EkHashTable,
    /// `&search->stop` (Edax's `Stop`, an int), or NULL: never stops.
    pub stop: *const c_int,
}

/// The most moves, passes included, of Edax's principal variation (`GAME_SIZE`).
pub const EK_PV_SIZE: usize = 80;

/// What Edax's whole search found (Edax's `Result`): `ek_edax_search`'s result.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct EkEdaxResult {
    /// The score of the position, for the side to move (a disc difference).
    pub score: c_int,
    /// The best move: a square 0..63, 64 (pass) or 65 (none: the game is over).
    pub best_move: c_int,
    /// The depth and the selectivity (0..5, 5: none) of the last search the result comes from.
    pub depth: c_int,
    /// See `depth`.
    pub selectivity: c_int,
    /// The nodes searched (Edax's `search_count_nodes`).
    pub n_nodes: i64,
    /// The moves of `pv` (0..80).
    pub pv_length: c_int,
    /// The principal variation from the position: squares 0..63 and passes (64).
    pub pv: [u8; EK_PV_SIZE],
}
