//! Edax 4.6's endgame leaf search, node for node: the same moves in the same order, the same
//! cut-offs, the same fail-soft scores and the same node counts as `search_shallow`.
//!
//! The search of each number of empty squares is its own type ([`shallow::Stage`]): no
//! recursion, each `search_shallow` depth a function of its own compiled with the level's
//! features ([`Prims::outline`]), the four-empties search and below inlined into depth 5.
//! Edax's empties list is a set of ranks in its fixed square order ([`empties`]).
//!
//! Above it, [`nws_endgame`] is Edax's `NWS_endgame`, on Edax's own transposition table
//! ([`nws`]).

pub(crate) mod edax;
mod empties;
pub(crate) mod midgame;
mod nws;
mod shallow;

pub(crate) use empties::Empties;
pub(crate) use nws::{NwsLevel, Search as NwsSearch};

use crate::hash_table::EkHashTable;
use crate::kernels::Prims;
use edax::SCORE_MAX;
use shallow::{Full, Shallow, Solve4};
use std::sync::atomic::{AtomicI32, Ordering};

/// What asks a search to stop: a word with one of the bits of `mask` set. Edax's searches stop
/// on any bit (`search->stop` is not 0); the solver's pre-search on the stop bit of the
/// solver's state word, whose other bit is set for the whole solve.
#[derive(Clone, Copy)]
pub(crate) struct StopFlag<'a> {
    word: &'a AtomicI32,
    mask: i32,
}

impl<'a> StopFlag<'a> {
    /// Edax's `search->stop`: raised when not 0.
    pub(crate) const fn any(word: &'a AtomicI32) -> Self {
        StopFlag { word, mask: !0 }
    }

    /// Raised when one of the bits of `mask` is set in `word`.
    pub(crate) const fn bits(word: &'a AtomicI32, mask: i32) -> Self {
        StopFlag { word, mask }
    }

    /// Whether the search was asked to stop.
    #[inline(always)]
    pub(crate) fn raised(&self) -> bool {
        self.word.load(Ordering::Relaxed) & self.mask != 0
    }
}

/// The most empty squares [`solve_shallow`] searches.
pub(crate) const SHALLOW_MAX_EMPTIES: u32 = 10;

/// What the `solve_shallow` kernel returns for a board it does not search: `EK_SCORE_NONE`,
/// outside every score (as the C API's other "no score" results).
pub(crate) const NOT_SEARCHED: i32 = crate::types::status::EK_SCORE_NONE;

type S1 = Shallow<Full>;
type S2 = Shallow<S1>;
type S3 = Shallow<S2>;
type S4 = Shallow<S3>;
type S5 = Shallow<Solve4>;
type S6 = Shallow<S5>;
type S7 = Shallow<S6>;
type S8 = Shallow<S7>;
type S9 = Shallow<S8>;
type S10 = Shallow<S9>;

/// Edax's `search_shallow(search, alpha)` on the board (p, o), p to move, after
/// `search_set_board`: the fail-soft score for p on the null window (alpha, alpha + 1), and the
/// number of nodes Edax counts. `None` with more than [`SHALLOW_MAX_EMPTIES`] empty squares.
///
/// Any alpha gives the result of the nearest one in -65..=64 (the same comparisons with every
/// score). On overlapping bitboards the result is defined (the same on every level) but is no
/// position's score.
#[inline(always)]
pub(crate) fn solve_shallow<K: Prims>(p: u64, o: u64, alpha: i32) -> Option<(i32, u64)> {
    let empty = !(p | o);
    let n = K::popcount(empty);
    if n > SHALLOW_MAX_EMPTIES {
        return None;
    }
    let alpha = alpha.clamp(-SCORE_MAX - 1, SCORE_MAX);
    let mut nodes = 0;
    let score = search_shallow::<K>(p, o, alpha, Empties::new(empty), &mut nodes);
    Some((score, nodes))
}

/// `search_shallow` on (p, o) with its list of empty squares `e` (at most
/// [`SHALLOW_MAX_EMPTIES`]; more are searched as that many).
#[inline(always)]
fn search_shallow<K: Prims>(p: u64, o: u64, alpha: i32, e: Empties, nodes: &mut u64) -> i32 {
    match K::popcount(e.squares) {
        0 => Full::search::<K>(p, nodes),
        1 => S1::root::<K>(p, o, alpha, e, nodes),
        2 => S2::root::<K>(p, o, alpha, e, nodes),
        3 => S3::root::<K>(p, o, alpha, e, nodes),
        4 => S4::root::<K>(p, o, alpha, e, nodes),
        5 => S5::root::<K>(p, o, alpha, e, nodes),
        6 => S6::root::<K>(p, o, alpha, e, nodes),
        7 => S7::root::<K>(p, o, alpha, e, nodes),
        8 => S8::root::<K>(p, o, alpha, e, nodes),
        9 => S9::root::<K>(p, o, alpha, e, nodes),
        _ => S10::root::<K>(p, o, alpha, e, nodes),
    }
}

/// Edax's `NWS_endgame(search, alpha)` on the board (p, o), p to move, searching with Edax's
/// table `table` and stopping when `*stop` is not 0 (Edax's `search->stop`): the fail-soft
/// score for p on the null window (alpha, alpha + 1), and the number of nodes Edax counts.
/// Any alpha gives the result of the nearest one in -65..=64.
///
/// # Safety
/// `table` is a valid Edax table: `hash` holds `hash_mask + HASH_N_WAY + 1` entries and `spin`
/// `spin_mask + 1` locks, for the whole call.
#[inline(always)]
pub(crate) unsafe fn nws_endgame<K: NwsLevel>(
    table: &EkHashTable,
    stop: Option<StopFlag<'_>>,
    p: u64,
    o: u64,
    alpha: i32,
) -> (i32, u64) {
    let alpha = alpha.clamp(-SCORE_MAX - 1, SCORE_MAX);
    // SAFETY: the caller's contract.
    let mut search = unsafe { nws::Search::new(table, stop) };
    let score = K::nws(&mut search, p, o, alpha, Empties::new(!(p | o)));
    (score, search.nodes)
}
