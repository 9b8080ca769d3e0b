//! The pre-search: before the exact search of a position with many empty squares, Edax's
//! selective midgame search (`search_run`, node for node Edax's, iterative deepening included)
//! a few plies short of the end, on three Edax tables of the solver's own. It gives the exact
//! search two things:
//! - moves: the best move of every position its main and PV tables hold goes into the
//!   solver's table as a hint ([`Table::hint`]: the move to try first, the bounds untouched, a
//!   selective score proving nothing);
//! - a score: the exact search starts on a window around it, widened when the score falls
//!   outside ([`Aspiration`]).
//!
//! It stops deepening once a search scores +-63 or more ([`RunControls::until_decided`]), as
//! Edax's does before its exact search: a won or lost position needs no deeper estimate, and the
//! deeper selective searches of such a position cost more than its exact search (fforum #39, +64
//! at 26 empty squares: 5.06 M nodes of pre-search without the stop, 1.25 M in all with it).
//!
//! Only with weights (`EkSolver::set_eval`): the midgame search evaluates with them. The
//! settings below were chosen by nodes and time on FFO 40-49 and fforum-20-39 (BENCHMARKS.md,
//! "The pre-search").

use super::controls::{Controls, STOP};
use super::search_state::Level;
use super::threads::{cold, midgame_on_threads};
use super::tt::Table;
use crate::endgame::midgame::RunControls;
use crate::endgame::StopFlag;
use crate::eval::Weights;
use crate::hash_table::OwnedTable;
use crate::types::results::{EkSolveResult, SolveError};

/// Positions with at least this many empty squares are pre-searched.
pub(crate) const MIN_EMPTIES: u32 = 20;

/// The pre-search stops this many plies short of the end ...
const SHORT: i32 = 6;

/// ... at this selectivity (Edax's 0..=5: 1.1 to 2.6 standard deviations of its probcut).
const SELECTIVITY: i32 = 2;

/// Positions with fewer empty squares get no hint: the solver's table would keep them in place
/// of what the exact search stores, and they cost too little to order better.
const HINT_MIN_EMPTIES: u32 = 12;

/// The first window of the exact search: the pre-search's score, this much either side.
const WINDOW: i32 = 1;

/// The pre-search's three tables (main, PV, shallow), kept by the solver from one solve to
/// the next as Edax keeps its own (each search moves their date on).
pub(crate) struct Tables([OwnedTable; 3]);

impl Tables {
    /// Tables for a solver whose own table has `2^hash_bits` entries: half as many entries
    /// in the main table (between 2^12 and 2^20), 16 times fewer in the other two (as Edax's).
    /// `None` when the memory cannot be allocated.
    pub(crate) fn new(hash_bits: i32) -> Option<Tables> {
        let bits = (hash_bits - 1).clamp(12, 20) as u32;
        Some(Tables([OwnedTable::new(bits)?, OwnedTable::new(bits - 4)?, OwnedTable::new(bits - 4)?]))
    }

    /// Forgets every position (Edax's `hash_cleanup`).
    pub(crate) fn clear(&mut self) {
        self.0.iter_mut().for_each(OwnedTable::cleanup);
    }
}

/// The pre-search of (p, o), p to move, with `empties` empty squares, on `threads` threads:
/// its nodes go into the hints in `tt`; returns its score and its nodes, or `Err(Stopped)` when
/// the solver was asked to stop or the node limit of `controls` was reached (with several
/// threads, by this thread's share: `threads::midgame_on_threads`).
#[inline(always)]
pub(crate) fn run<K: Level>(
    tables: &mut Tables,
    tt: &Table,
    (controls, threads): (&Controls, u32),
    w: &Weights,
    (p, o): (u64, u64),
    empties: u32,
) -> Result<(i32, u64), SolveError> {
    let stop = StopFlag::bits(controls.state, STOP);
    let [main, pv, shallow] = &mut tables.0;
    let raw = [main.table(), pv.table(), shallow.table()];
    let level = (empties as i32 - SHORT, SELECTIVITY);
    let r = if threads <= 1 {
        let c = RunControls { until_decided: true, ..RunControls::alone(Some(stop), controls.limit) };
        // SAFETY: the solver's own tables, valid while it lives and reached only by the solve
        // holding the solver (this one), on this thread.
        unsafe { K::midgame_run(raw, c, w, (p, o), level) }
    } else {
        let mut found = None;
        // SAFETY: as above, shared only by the threads `midgame_on_threads` starts.
        let run = |tables, c: RunControls<'_>| unsafe {
            K::midgame_run(tables, RunControls { until_decided: true, ..c }, w, (p, o), level)
        };
        // Behind the threads' panic boundary (a panic counts as a stop).
        // SAFETY: as above.
        cold(&mut || found = Some(unsafe { midgame_on_threads(raw, threads, (stop, None, controls.limit), &run) }));
        found.ok_or(SolveError::Stopped)?
    };
    if stop.raised() || r.nodes >= controls.limit {
        return Err(SolveError::Stopped);
    }
    for table in [&*main, &*pv] {
        let (entries, date) = table.entries();
        for e in entries {
            let (p, o) = (e.board.player, e.board.opponent);
            // SAFETY: every view of the draft is plain bytes.
            let written = unsafe { e.data.draft.u1 }.date == date;
            let n = (!(p | o)).count_ones();
            let mv = e.data.move_[0];
            if written && (HINT_MIN_EMPTIES..64).contains(&n) && (0..64).contains(&mv) {
                tt.hint(p, o, n, mv as u8);
            }
        }
    }
    Ok((r.score, r.nodes))
}

/// The windows of the exact search centred on `guess` (a struct, not a function taking the
/// search as a closure: a closure would be compiled apart, without the level's features). First
/// (guess - WINDOW, guess + WINDOW) within (alpha, beta); then, while the search's fail-soft
/// score falls outside its window and inside (alpha, beta), a window from that score, twice as
/// wide each time.
pub(crate) struct Aspiration {
    window: (i32, i32),
    bounds: (i32, i32),
    delta: i32,
    nodes: u64,
}

impl Aspiration {
    /// The first window around `guess` within `bounds` (alpha < beta), after a pre-search of
    /// `nodes` nodes.
    #[inline(always)]
    pub(crate) fn new(guess: i32, bounds: (i32, i32), nodes: u64) -> Aspiration {
        let (alpha, beta) = bounds;
        // (max and min, not clamp: clamp has a panic path, which the C entries must not have)
        let lo = (guess - WINDOW).max(alpha).min(beta - 1);
        let hi = (guess + WINDOW).max(lo + 1).min(beta);
        Aspiration { window: (lo, hi), bounds, delta: WINDOW, nodes }
    }

    /// The window to search next.
    #[inline(always)]
    pub(crate) fn window(&self) -> (i32, i32) {
        self.window
    }

    /// The nodes so far (the pre-search's and every search's).
    #[inline(always)]
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Takes the result of the search of [`Self::window`]: the solve's result (its score a
    /// fail-soft one for `bounds`, the nodes of them all) or `None`: search the new window.
    #[inline(always)]
    pub(crate) fn next(&mut self, r: EkSolveResult) -> Option<EkSolveResult> {
        let ((alpha, beta), (lo, hi), score) = (self.bounds, self.window, r.score);
        self.nodes = self.nodes.saturating_add(r.nodes);
        if score <= alpha || score >= beta || (lo < score && score < hi) {
            return Some(EkSolveResult { nodes: self.nodes, ..r });
        }
        self.delta *= 2;
        self.window = if score <= lo {
            // alpha < score <= lo: the score is at most `score`.
            ((score - self.delta).max(alpha), score + 1)
        } else {
            // hi <= score < beta: the score is at least `score`.
            (score - 1, (score + self.delta).min(beta))
        };
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::midgame::test_support::project_weights;
    use crate::kernels::portable::PortablePrims as P;
    use crate::kernels::Prims;
    use crate::solver::scheme::ParallelScheme;
    use std::sync::atomic::AtomicI32;

    /// FFO #40: 20 empty squares, +38 by a2.
    const FFO_40: (u64, u64) = (0x0080_80c0_c48c_8080, 0x0010_783f_3b73_7e79);

    /// The pre-search leaves moves in the solver's table and no bound, and stops on the
    /// solver's stop bit (not on the bit held through the solve) and at the node limit.
    #[test]
    fn the_presearch_leaves_moves_not_bounds_and_stops_when_asked() {
        let w = project_weights();
        let busy = AtomicI32::new(1);
        let tt = Table::new(16).expect("a table");
        let mut tables = Tables::new(17).expect("tables");
        let controls = Controls { state: &busy, limit: u64::MAX, eval: Some(&w), scheme: ParallelScheme::Abdada };
        let (score, nodes) = run::<P>(&mut tables, &tt, (&controls, 1), &w, FFO_40, 20).expect("not stopped");
        assert!((score - 38).abs() <= 12 && nodes > 10_000, "score {score}, {nodes} nodes");
        let (p, o) = FFO_40;
        let root = tt.probe(p, o).expect("the root's move");
        assert_eq!((root.lower, root.upper, root.empties), (-64, 64, 20));
        assert!(P::get_moves(p, o) >> root.mv & 1 == 1, "{}", root.mv);
        let f = P::flip(root.mv as usize, p, o);
        let child = tt.probe(o ^ f, p ^ f ^ 1 << root.mv).expect("the next move");
        assert_eq!((child.lower, child.upper, child.empties), (-64, 64, 19));

        // (on cleared tables: what the first search left makes a second one much shorter)
        tables.clear();
        let limited = Controls { limit: nodes / 2, ..controls };
        assert_eq!(run::<P>(&mut tables, &tt, (&limited, 1), &w, FFO_40, 20), Err(SolveError::Stopped));
        let stopped = AtomicI32::new(1 | STOP);
        let asked = Controls { state: &stopped, ..controls };
        assert_eq!(run::<P>(&mut tables, &tt, (&asked, 1), &w, FFO_40, 20), Err(SolveError::Stopped));
    }

    /// fforum #39: 26 empty squares, +64 (a8 and eight other moves).
    const FFORUM_39: (u64, u64) = (0x0000_0216_0e0e_123d, 0x000d_1d29_3171_2d00);

    /// On a won position the pre-search stops deepening at its first +-63, well before its
    /// depth and selectivity; Edax's search (without the stop) goes on to them.
    #[test]
    fn the_presearch_stops_deepening_once_the_position_is_decided() {
        let w = project_weights();
        let level = (26 - SHORT, SELECTIVITY);
        let [edax, decided] = [false, true].map(|until_decided| {
            let mut tables = Tables::new(17).expect("tables");
            let [main, pv, shallow] = &mut tables.0;
            let c = RunControls { until_decided, ..RunControls::alone(None, u64::MAX) };
            // SAFETY: tables of this test's own, on this thread only.
            unsafe { P::midgame_run([main.table(), pv.table(), shallow.table()], c, &w, FFORUM_39, level) }
        });
        assert_eq!((edax.depth, edax.selectivity), level);
        assert!(decided.score >= 63, "{decided:?}");
        assert!((decided.depth, decided.selectivity) < level, "{decided:?}");
        assert!(decided.nodes * 2 < edax.nodes, "{} against {} nodes", decided.nodes, edax.nodes);
    }

    /// [`Aspiration`] with a search whose score is `truth` (fail-soft: the window's bound when
    /// outside) in 10 nodes, after 5 nodes of pre-search: the windows searched, and the result.
    fn windows(guess: i32, bounds: (i32, i32), truth: i32) -> (Vec<(i32, i32)>, i32, u64) {
        let (mut seen, mut asp) = (Vec::new(), Aspiration::new(guess, bounds, 5));
        loop {
            let (lo, hi) = asp.window();
            seen.push((lo, hi));
            assert!(seen.len() < 20, "{seen:?}");
            let r = EkSolveResult { score: truth.clamp(lo, hi), best_move: 0, nodes: 10 };
            if let Some(r) = asp.next(r) {
                return (seen, r.score, r.nodes);
            }
        }
    }

    #[test]
    fn a_right_guess_takes_one_search() {
        assert_eq!(windows(4, (-64, 64), 4), (vec![(3, 5)], 4, 15));
    }

    #[test]
    fn a_wrong_guess_widens_from_the_bound_found() {
        // Fails high at 5, then (4, 7) fails high at 7, then (6, 11) finds 10.
        assert_eq!(windows(4, (-64, 64), 10), (vec![(3, 5), (4, 7), (6, 11)], 10, 35));
        // Fails low at 3, then (1, 4) at 1, then (-3, 2) finds -2.
        assert_eq!(windows(4, (-64, 64), -2), (vec![(3, 5), (1, 4), (-3, 2)], -2, 35));
    }

    #[test]
    fn the_caller_s_window_bounds_every_search() {
        // Outside (alpha, beta): one search at its edge gives the fail-soft bound.
        assert_eq!(windows(20, (-10, 10), 30).0, vec![(9, 10)]);
        assert_eq!(windows(-20, (-10, 10), -30).0, vec![(-10, -9)]);
        // A guess past the edge, a score inside.
        assert_eq!(windows(20, (-10, 10), 0), (vec![(9, 10), (7, 10), (3, 8), (-5, 4)], 0, 45));
        // Every window inside (alpha, beta) and not empty.
        for guess in -66..=66 {
            for truth in -64..=64 {
                let (seen, score, _) = windows(guess, (-6, 8), truth);
                assert!(seen.iter().all(|&(lo, hi)| -6 <= lo && lo < hi && hi <= 8), "{guess} {truth}: {seen:?}");
                assert_eq!(score, truth.clamp(-6, 8), "{guess} {truth}");
            }
        }
    }
}
