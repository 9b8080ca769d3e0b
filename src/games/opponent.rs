//! Opponents inside the step: the library plays the other side, so that a learner acts only at
//! its own turns.
//!
//! With an opponent set, every game has an agent colour ([`AgentSide`], fixed by the game's
//! index, also across automatic resets), and after a reset and after each of the agent's actions
//! the opponent plays its moves, its passes too, until the agent is to move or the game ends. The
//! agent's own pass stays its action (64, the only legal one when it has no square): the agent
//! always acts at its turn. A game that the opponent's move ends is reported by the step like one
//! the agent's move ends.
//!
//! The engine's and the solver's moves come from the batch's searchers (workers.rs), their
//! tables cleared before each search, so that a game's moves do not depend on the threads.

use super::workers::{check_empties, check_level, SearchSetupError, Worker};
use super::{EkGames, Game, PASS_ACTION};
use crate::dispatch::c_dispatch;
use crate::engine::{EkEngine, EkEngineLimits};
use crate::solver::EkSolver;
use crate::types::board::EkBoard;
use crate::types::results::SolveError;

/// Who plays the side of the agent's opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// A legal action drawn uniformly, from the game's own random generator.
    Random,
    /// The move Edax's search (the library's engine) finds at this level (1..=60).
    Engine {
        /// Edax's level.
        level: i32,
    },
    /// The exact solver's best move when the position has at most `empties` empty squares
    /// (0..=60), else the engine's at `level`.
    Solver {
        /// The most empty squares the solver takes.
        empties: u32,
        /// The engine's level above that.
        level: i32,
    },
}

impl Opponent {
    /// Checks the levels and the empty squares.
    pub(super) fn check(self) -> Result<(), SearchSetupError> {
        match self {
            Opponent::Random => Ok(()),
            Opponent::Engine { level } => check_level(level),
            Opponent::Solver { empties, level } => check_empties(empties).and(check_level(level)),
        }
    }

    /// Whether its moves are searched (each thread then needs a searcher).
    pub(super) fn searches(self) -> bool {
        !matches!(self, Opponent::Random)
    }

    /// Whether it needs a solver.
    pub(super) fn solves(self) -> bool {
        matches!(self, Opponent::Solver { .. })
    }

    /// Plays the opponent's moves in `g` until `agent_white` is to move or the game ends;
    /// returns black's final disc difference when it ends.
    pub(super) fn reply(self, g: &mut Game, agent_white: bool, worker: Option<&Worker>) -> Option<i32> {
        while !g.over && g.white_to_move != agent_white {
            let action = self.action(g, worker);
            if let Some(score) = g.play(action) {
                return Some(score);
            }
        }
        None
    }

    /// The opponent's action in `g` (which has not ended).
    fn action(self, g: &mut Game, worker: Option<&Worker>) -> i32 {
        let moves = g.moves;
        if moves == 0 {
            return PASS_ACTION;
        }
        let searched = match (self, worker) {
            (Opponent::Engine { level }, Some(w)) => engine_move(&w.engine, &g.board, level),
            (Opponent::Solver { empties, level }, Some(w)) => {
                let n_empties = (!(g.board.player | g.board.opponent)).count_ones();
                match &w.solver {
                    Some(s) if n_empties <= empties => solver_move(s, &g.board),
                    _ => engine_move(&w.engine, &g.board, level),
                }
            }
            _ => None,
        };
        match searched {
            Some(a) if (0..64).contains(&a) && moves >> a & 1 == 1 => a,
            // Random, or a search without an answer: never expected with a searching opponent
            // (its level is checked, its searchers are its thread's own and nothing stops them),
            // but a legal action all the same.
            _ => {
                debug_assert!(!self.searches(), "{self:?}: no legal move from the search ({searched:?})");
                g.random_action()
            }
        }
    }
}

impl EkGames {
    /// Sets who plays the agent's opponent (`None`: nobody, the caller plays both sides) and
    /// the agent's colour in each game, and starts every game again, the opponent playing its
    /// first moves. An error, with nothing changed, for a level or a number of empty squares
    /// outside its range, or searchers that cannot be made.
    pub fn set_opponent(&mut self, opponent: Option<Opponent>, agent: AgentSide) -> Result<(), SearchSetupError> {
        if let Some(o) = opponent {
            o.check()?;
            if o.searches() {
                self.workers.ensure(self.threads.min(self.games.len()), o.solves())?;
            }
        }
        (self.opponent, self.agent) = (opponent, agent);
        self.reset();
        Ok(())
    }

    /// The opponent and the agent's side.
    pub fn opponent(&self) -> (Option<Opponent>, AgentSide) {
        (self.opponent, self.agent)
    }

    /// Sets the size of the searchers' tables (log2 of the entries of the engines' main tables,
    /// and of the solvers': 8..=32, 16 by default); the searchers are made again. The games go
    /// on. An error, with nothing changed, for a size outside that range or searchers that
    /// cannot be made.
    pub fn set_search_hash_bits(&mut self, bits: i32) -> Result<(), SearchSetupError> {
        let mut workers = self.workers.with_hash_bits(bits)?;
        if let Some(o) = self.opponent.filter(|o| o.searches()) {
            workers.ensure(self.threads.min(self.games.len()), o.solves())?;
        }
        self.workers = workers;
        Ok(())
    }

    /// Writes the agent's colour in every game into `out`: 0 black, 1 white (as set by
    /// [`EkGames::set_opponent`]; alternate by default).
    pub fn agent_color(&self, out: &mut [u8]) {
        assert_eq!(out.len(), self.games.len(), "one per game");
        for (i, c) in out.iter_mut().enumerate() {
            *c = u8::from(self.agent.is_white(i));
        }
    }
}

/// The agent's colour in each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum AgentSide {
    /// Black in every game.
    Black,
    /// White in every game.
    White,
    /// Black in the games of even index, white in the others (whatever resets happen).
    #[default]
    Alternate,
}

impl AgentSide {
    /// Whether the agent plays white in game `i`.
    pub fn is_white(self, i: usize) -> bool {
        match self {
            AgentSide::Black => false,
            AgentSide::White => true,
            AgentSide::Alternate => i % 2 == 1,
        }
    }
}

/// The move the engine's search at `level` finds, from cleared tables (`EkEngine::search`'s
/// path: the dispatch layer's entry for the active level).
pub(super) fn engine_move(engine: &EkEngine, board: &EkBoard, level: i32) -> Option<i32> {
    engine.clear().ok()?;
    let mut out = Err(SolveError::Range);
    // SAFETY: the entry's arguments are references; it has no other contract.
    unsafe { c_dispatch::engine_search(engine, board, &EkEngineLimits::level(level), 0, &mut out) };
    out.ok().map(|r| r.best_move)
}

/// The solver's best move, from a cleared table (of equal moves, the one found first depends on
/// the table).
fn solver_move(solver: &EkSolver, board: &EkBoard) -> Option<i32> {
    solver.clear().ok()?;
    solve(solver, board).map(|(_, best_move)| best_move)
}

/// The exact score of `board` for the player to move, and a move that reaches it.
pub(super) fn solve(solver: &EkSolver, board: &EkBoard) -> Option<(i32, i32)> {
    let mut out = Err(SolveError::Range);
    // SAFETY: the entry's arguments are references; it has no other contract.
    unsafe { c_dispatch::solver_solve(solver, board, -64, 64, &mut out) };
    out.ok().map(|r| (r.score, r.best_move))
}
