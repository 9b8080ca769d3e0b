//! Edax 4.6's endgame leaf search, node for node: the same moves in the same order, the same
//! cut-offs, the same fail-soft scores and the same node counts as `search_shallow`.
//!
//! The search of each number of empty squares is its own type ([`shallow::Stage`]): no
//! recursion, each `search_shallow` depth a function of its own compiled with the level's
//! features ([`Prims::outline`]), the four-empties search and below inlined into depth 5.
//! Edax's empties list is a set of ranks in its fixed square order ([`empties`]).

mod empties;
mod shallow;

use crate::generic::Prims;
use empties::Empties;
pub(crate) use shallow::SQUARE_VALUE;
use shallow::{Full, Shallow, Solve4};

const SCORE_MAX: i32 = 64;

/// The most empty squares [`solve_shallow`] searches.
pub(crate) const SHALLOW_MAX_EMPTIES: u32 = 10;

/// What the `solve_shallow` kernel returns for a board it does not search: `EK_SCORE_NONE`,
/// outside every score (as the C API's other "no score" results).
pub(crate) const NOT_SEARCHED: i32 = crate::ffi::api::EK_SCORE_NONE;

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
    let e = Empties::new(empty);
    let mut nodes = 0;
    let score = match n {
        0 => Full::search::<K>(p, &mut nodes),
        1 => S1::root::<K>(p, o, alpha, e, &mut nodes),
        2 => S2::root::<K>(p, o, alpha, e, &mut nodes),
        3 => S3::root::<K>(p, o, alpha, e, &mut nodes),
        4 => S4::root::<K>(p, o, alpha, e, &mut nodes),
        5 => S5::root::<K>(p, o, alpha, e, &mut nodes),
        6 => S6::root::<K>(p, o, alpha, e, &mut nodes),
        7 => S7::root::<K>(p, o, alpha, e, &mut nodes),
        8 => S8::root::<K>(p, o, alpha, e, &mut nodes),
        9 => S9::root::<K>(p, o, alpha, e, &mut nodes),
        _ => S10::root::<K>(p, o, alpha, e, &mut nodes),
    };
    Some((score, nodes))
}
