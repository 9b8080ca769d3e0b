//! The exact search: principal-variation search at the root and along the principal
//! variation, null-window search elsewhere, down to Edax's leaf search.
//!
//! Every function here is `#[inline(always)]` and generic over [`Level`]: a level's `nws` and
//! `pvs` are its own `#[target_feature]` functions (src/dispatch/entries.rs), which inline these bodies and
//! call each other for the children, so the whole tree runs on the level's instructions.

use super::order::{move_buffer, DEFERRED};
use super::search_state::{Level, Search, ETC_MIN_EMPTIES};
use super::tt::NO_MOVE;
use crate::endgame::edax::{final_score, stability_cutoff, DEPTH_TO_SHALLOW_SEARCH};
use crate::endgame::solve_shallow;
use crate::types::board::{NOMOVE, PASS};

/// The score of (p, o), p to move, on the null window (alpha, alpha + 1), fail-soft: a result
/// `<= alpha` is an upper bound of the exact score, one `> alpha` a lower bound.
#[inline(always)]
pub(crate) fn nws<K: Level>(s: &mut Search, p: u64, o: u64, alpha: i32) -> i32 {
    let empty = !(p | o);
    let n = K::popcount(empty);
    if n <= DEPTH_TO_SHALLOW_SEARCH {
        let (score, nodes) = solve_shallow::<K>(p, o, alpha).unwrap_or((alpha, 0));
        s.nodes += nodes;
        return score;
    }
    s.nodes += 1;
    if s.should_stop() {
        return alpha;
    }
    s.tt.prefetch(p, o);
    if let Some(score) = stability_cutoff::<K>(p, o, alpha, n) {
        return score;
    }
    let moves = K::get_moves(p, o);
    if moves == 0 {
        if K::get_moves(o, p) == 0 {
            return final_score(K::popcount(p), n as i32);
        }
        return -K::nws(s, o, p, -alpha - 1);
    }
    if moves & (moves - 1) == 0 {
        let x = moves.trailing_zeros() as usize;
        let f = K::flip(x, p, o);
        return -K::nws(s, o ^ f, p ^ f ^ (1 << x), -alpha - 1);
    }
    let mut hash_move = NO_MOVE;
    if let Some(e) = s.tt.probe(p, o) {
        if e.lower as i32 > alpha {
            return e.lower as i32;
        }
        if e.upper as i32 <= alpha {
            return e.upper as i32;
        }
        hash_move = e.mv;
    }
    let mut buffer = move_buffer();
    let mut list = s.move_list::<K>(&mut buffer, (p, o), moves, hash_move, n, (n - 2, alpha));
    if n >= ETC_MIN_EMPTIES {
        // Enhanced transposition cut-off: a child already known to fail low for the opponent.
        // Each child probed counts a node, as in Edax's `search_ETC_NWS`.
        for m in list.moves() {
            s.nodes += 1;
            if let Some(e) = s.tt.probe(m.p, m.o) {
                if -(e.upper as i32) > alpha {
                    return -(e.upper as i32);
                }
            }
        }
    }
    let (mut best, mut best_move) = (-65, NO_MOVE);
    let shared = s.sharing(n);
    let mut first = true;
    while let Some(m) = list.next_best() {
        let score = match shared {
            Some(sh) if !first && m.score != DEFERRED => {
                if sh.busy.is_busy(m.p, m.o) {
                    list.defer(m);
                    continue;
                }
                sh.busy.enter(m.p, m.o);
                let score = -K::nws(s, m.p, m.o, -alpha - 1);
                sh.busy.leave(m.p, m.o);
                score
            }
            _ => -K::nws(s, m.p, m.o, -alpha - 1),
        };
        first = false;
        if score > best {
            (best, best_move) = (score, m.x);
            if best > alpha {
                break;
            }
        }
        if let Some(found) = s.try_split::<K>((p, o), &mut list, (alpha, alpha + 1, false), n, (best, best_move)) {
            (best, best_move) = found;
            break;
        }
    }
    if !s.stopped {
        s.tt.store(p, o, n, (alpha, alpha + 1), best, best_move);
    }
    best
}

/// The score of (p, o), p to move, on the window (alpha, beta), fail-soft: exact when
/// `alpha < score < beta`, else a bound on the side it falls.
#[inline(always)]
pub(crate) fn pvs<K: Level>(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
    if beta - alpha <= 1 {
        return nws::<K>(s, p, o, alpha);
    }
    pvs_with_move::<K>(s, p, o, alpha, beta).0
}

/// [`pvs`], and the move that gives its score (`NO_MOVE` when the side to move must pass or
/// the game is over).
#[inline(always)]
pub(crate) fn pvs_with_move<K: Level>(s: &mut Search, p: u64, o: u64, mut alpha: i32, beta: i32) -> (i32, u8) {
    let empty = !(p | o);
    let n = K::popcount(empty);
    s.nodes += 1;
    if s.should_stop() {
        return (alpha, NO_MOVE);
    }
    let moves = K::get_moves(p, o);
    if moves == 0 {
        if K::get_moves(o, p) == 0 {
            return (final_score(K::popcount(p), n as i32), NO_MOVE);
        }
        return (-K::pvs(s, o, p, -beta, -alpha), NO_MOVE);
    }
    let mut hash_move = NO_MOVE;
    if let Some(e) = s.tt.probe(p, o) {
        let (lower, upper) = (e.lower as i32, e.upper as i32);
        // Exact, or a bound outside the window: known, with the move that gave it.
        if e.mv != NO_MOVE && (lower == upper || lower >= beta || upper <= alpha) {
            return (if lower >= beta || lower == upper { lower } else { upper }, e.mv);
        }
        hash_move = e.mv;
    }
    let alpha0 = alpha;
    let mut buffer = move_buffer();
    let mut list = s.move_list::<K>(&mut buffer, (p, o), moves, hash_move, n, (n, alpha));
    let (mut best, mut best_move) = (-65, NO_MOVE);
    let shared = s.sharing(n);
    let mut first = true;
    while let Some(m) = list.next_best() {
        let score = if first {
            -K::pvs(s, m.p, m.o, -beta, -alpha)
        } else {
            let sh = shared.filter(|_| m.score != DEFERRED);
            if let Some(sh) = sh {
                if sh.busy.is_busy(m.p, m.o) {
                    list.defer(m);
                    continue;
                }
                sh.busy.enter(m.p, m.o);
            }
            let mut score = -K::nws(s, m.p, m.o, -alpha - 1);
            if score > alpha && score < beta && !s.stopped {
                score = -K::pvs(s, m.p, m.o, -beta, -score);
            }
            if let Some(sh) = sh {
                sh.busy.leave(m.p, m.o);
            }
            score
        };
        first = false;
        if s.stopped {
            return (alpha0, NO_MOVE);
        }
        if score > best {
            (best, best_move) = (score, m.x);
            if best >= beta {
                break;
            }
            alpha = alpha.max(best);
        }
        if let Some(found) = s.try_split::<K>((p, o), &mut list, (alpha, beta, true), n, (best, best_move)) {
            (best, best_move) = found;
            if s.stopped {
                return (alpha0, NO_MOVE);
            }
            break;
        }
    }
    s.tt.store(p, o, n, (alpha0, beta), best, best_move);
    (best, best_move)
}

/// The root's move as the API gives it: the square, or PASS or NOMOVE.
#[inline(always)]
pub(crate) fn root_move<K: Level>(mv: u8, p: u64, o: u64) -> i32 {
    if mv != NO_MOVE {
        mv as i32
    } else if K::get_moves(p, o) == 0 && K::get_moves(o, p) != 0 {
        PASS
    } else {
        NOMOVE
    }
}
