//! Teachers: the score of every legal action of every game, for learning from a search (a
//! policy's or a value's target) rather than from the games' ends alone.
//!
//! An action's score is the final disc difference for the player to move (the empty squares to
//! the winner) after it: the engine's estimate from its analysis at an Edax level (each move
//! searched one ply less deep than the position), or the exact score from the solver when the
//! position has few enough empty squares. The same searchers as the opponents' (workers.rs),
//! cleared before each game's analysis: the same scores on any number of threads.

use super::opponent::solve;
use super::workers::{check_empties, check_level, on_threads, SearchSetupError, Worker};
use super::{EkGames, Game, N_ACTIONS, PASS_ACTION};
use crate::dispatch::c_dispatch;
use crate::dispatch::dispatch::{flip, get_moves};
use crate::engine::{EkEngineLimits, EkMoveScore, EK_MAX_MOVES};
use crate::types::board::EkBoard;
use crate::types::results::SolveError;
use crate::types::status::EK_SCORE_NONE;

impl EkGames {
    /// Writes the score of every legal action of every game into `scores` (`len() * 65`, game
    /// after game, action after action: NaN for an illegal action, every action NaN in a game
    /// that has ended) and each game's best score into `best` (`len()`; NaN for an ended game):
    /// exact from the solver where the game has at most `exact_empties` (0..=60) empty squares,
    /// else the engine's at `level` (1..=60). An error, with nothing written, for a level or a
    /// number of empty squares outside its range, or searchers that cannot be made.
    pub fn teach(
        &mut self,
        level: i32,
        exact_empties: u32,
        scores: &mut [f32],
        best: &mut [f32],
    ) -> Result<(), SearchSetupError> {
        check_level(level)?;
        check_empties(exact_empties)?;
        let n = self.games.len();
        assert_eq!(scores.len(), n * N_ACTIONS, "len() * 65 scores");
        assert_eq!(best.len(), n, "one best score per game");
        let threads = self.threads.min(n).max(1);
        self.workers.ensure(threads, exact_empties > 0)?;
        let chunk = n.div_ceil(self.workers.list.len().min(threads)).max(1);
        let parts: Vec<_> =
            self.games.chunks(chunk).zip(scores.chunks_mut(chunk * N_ACTIONS)).zip(best.chunks_mut(chunk)).collect();
        let work = |_: usize, ((games, scores), best): ((&[Game], &mut [f32]), &mut [f32]), w: Option<&Worker>| {
            for ((g, s), b) in games.iter().zip(scores.chunks_exact_mut(N_ACTIONS)).zip(best) {
                s.fill(f32::NAN);
                *b = f32::NAN;
                if let (false, Some(w)) = (g.over, w) {
                    score_actions(w, &g.board, level, exact_empties, s);
                    *b = s.iter().copied().filter(|x| !x.is_nan()).reduce(f32::max).unwrap_or(f32::NAN);
                }
            }
        };
        on_threads(parts, &self.workers.list, self.pool.as_ref(), &work);
        Ok(())
    }
}

/// Writes the score of each legal action of `board` (a game that has not ended) into `out`.
fn score_actions(w: &Worker, board: &EkBoard, level: i32, exact_empties: u32, out: &mut [f32]) {
    let empties = (!(board.player | board.opponent)).count_ones();
    if let (true, Some(solver)) = (empties <= exact_empties, &w.solver) {
        let moves = get_moves(board.player, board.opponent);
        let children = (0..64i32).filter(|&x| moves >> x & 1 == 1).map(|x| {
            let flipped = flip(x, board.player, board.opponent);
            (x, EkBoard::new(board.opponent ^ flipped, board.player ^ flipped ^ (1u64 << x)))
        });
        let pass = (moves == 0).then(|| (PASS_ACTION, EkBoard::new(board.opponent, board.player)));
        for (x, child) in children.chain(pass) {
            // The child's score is its player's: the other one's, negated.
            if let Some((score, _)) = solve(solver, &child) {
                out[x as usize] = -score as f32;
            }
        }
        return;
    }
    if w.engine.clear().is_err() {
        return;
    }
    let none = EkMoveScore { square: 0, score: 0, exact: 0, complete: 0, n_nodes: 0 };
    let mut moves = [none; EK_MAX_MOVES as usize];
    let mut n = Err(SolveError::Range);
    // SAFETY: the entry's arguments are references; it has no other contract.
    unsafe { c_dispatch::engine_analyze(&w.engine, board, &EkEngineLimits::level(level), &mut moves, &mut n) };
    for m in &moves[..n.unwrap_or(0)] {
        if (0..N_ACTIONS as i32).contains(&m.square) && m.score != EK_SCORE_NONE {
            out[m.square as usize] = m.score as f32;
        }
    }
}
