//! `Games`: many Othello games stepped at once (the library's `games` module), for learners: the
//! actions and what they see go through NumPy arrays (array.rs) without copying, each call one
//! native call for the whole batch, with the GIL released while the games step and the arrays
//! are written. The Python layer (`edax_kernels/learn.py`) gives them their shapes and checks
//! the opponents' settings first (the library checks them again: a ValueError either way).

use crate::array::Array;
use edax_kernels::games::{AgentSide, EkGames, Layout, Opponent, SearchSetupError, N_ACTIONS};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The n elements of an output array as a slice, checked (length, writable).
fn out_slice<'a, T: crate::array::Element>(a: &'a mut Array<'_, T>, n: usize, what: &str) -> PyResult<&'a mut [T]> {
    let ptr = a.output_ptr(n).map_err(|e| PyValueError::new_err(format!("{what}: {e}")))?;
    // SAFETY: n contiguous, aligned, writable elements (checked by `Array`), held by `a` for the
    // borrow (mutably: one slice per array); nothing else of this call reads or writes them.
    Ok(unsafe { core::slice::from_raw_parts_mut(ptr, n) })
}

/// Many Othello games stepped together: `Games(n, seed, auto_reset, threads)`. Low level: the
/// arrays are flat (`edax_kernels.VecOthello` gives them their shapes).
#[pyclass(module = "edax_kernels")]
pub(crate) struct Games {
    games: EkGames,
}

fn layout(name: &str) -> PyResult<Layout> {
    match name {
        "pgx" => Ok(Layout::Pgx),
        "openspiel" => Ok(Layout::OpenSpiel),
        _ => Err(PyValueError::new_err(format!("layout {name:?}: not 'pgx' or 'openspiel'"))),
    }
}

fn setup_error(e: SearchSetupError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn agent_side(name: &str) -> PyResult<AgentSide> {
    match name {
        "black" => Ok(AgentSide::Black),
        "white" => Ok(AgentSide::White),
        "alternate" => Ok(AgentSide::Alternate),
        _ => Err(PyValueError::new_err(format!("agent {name:?}: not 'black', 'white' or 'alternate'"))),
    }
}

#[pymethods]
impl Games {
    #[new]
    #[pyo3(signature = (n, seed, auto_reset, threads))]
    fn new(n: usize, seed: u64, auto_reset: bool, threads: usize) -> PyResult<Self> {
        if threads == 0 {
            return Err(PyValueError::new_err("threads must be at least 1"));
        }
        let mut games = EkGames::new(n, seed, auto_reset);
        games.set_threads(threads);
        Ok(Games { games })
    }

    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// Plays actions[i] (int32: 0..63 a square, 64 the pass) in game i; ValueError naming the
    /// first game whose action is illegal, before any game moves.
    fn step(&mut self, py: Python<'_>, actions: Array<'_, i32>) -> PyResult<()> {
        let n = self.games.len();
        let ptr = actions.input_ptr(n).map_err(|e| PyValueError::new_err(format!("actions: {e}")))?;
        // SAFETY: n contiguous, aligned elements (checked by `Array`), held for the call.
        let actions = unsafe { core::slice::from_raw_parts(ptr, n) };
        let games = &mut self.games;
        py.detach(|| games.step(actions).map(|_| ())).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// Plays a random legal action in each game that has not ended, writing them to `actions`
    /// (int32; -1 for an ended game).
    fn step_random(&mut self, py: Python<'_>, mut actions: Array<'_, i32>) -> PyResult<()> {
        let out = out_slice(&mut actions, self.games.len(), "actions")?;
        let games = &mut self.games;
        py.detach(|| {
            games.step_random(out);
        });
        Ok(())
    }

    /// Writes the observations (float32, n * 128 for 'pgx', n * 192 for 'openspiel').
    fn observe(&self, py: Python<'_>, layout_name: &str, mut out: Array<'_, f32>) -> PyResult<()> {
        let l = layout(layout_name)?;
        let out = out_slice(&mut out, self.games.len() * l.size(), "observations")?;
        py.detach(|| self.games.observe(l, out));
        Ok(())
    }

    /// Writes the observations, the legal-action masks and the player to move at once (as
    /// observe, legal_actions and to_move do), on the batch's threads.
    fn see(
        &self,
        py: Python<'_>,
        layout_name: &str,
        mut observations: Array<'_, f32>,
        mut masks: Array<'_, bool>,
        mut to_move: Array<'_, u8>,
    ) -> PyResult<()> {
        let (l, n) = (layout(layout_name)?, self.games.len());
        let o = out_slice(&mut observations, n * l.size(), "observations")?;
        let m = out_slice(&mut masks, n * N_ACTIONS, "masks")?;
        let c = out_slice(&mut to_move, n, "to_move")?;
        py.detach(|| self.games.see(l, o, m, c));
        Ok(())
    }

    /// Writes the legal-action masks (bool, n * 65).
    fn legal_actions(&self, py: Python<'_>, mut out: Array<'_, bool>) -> PyResult<()> {
        let out = out_slice(&mut out, self.games.len() * N_ACTIONS, "masks")?;
        py.detach(|| self.games.legal_actions(out));
        Ok(())
    }

    /// Writes the player to move (uint8, n: 0 black, 1 white).
    fn to_move(&self, mut out: Array<'_, u8>) -> PyResult<()> {
        self.games.to_move(out_slice(&mut out, self.games.len(), "to_move")?);
        Ok(())
    }

    /// Writes the last step's rewards (float32, n * 2: black's, white's), +1/0/-1 at a game's
    /// end, or the final disc differences with disc_difference.
    fn rewards(&self, disc_difference: bool, mut out: Array<'_, f32>) -> PyResult<()> {
        self.games.rewards(disc_difference, out_slice(&mut out, self.games.len() * 2, "rewards")?);
        Ok(())
    }

    /// Writes what the last step ended (uint8 flags, n) and black's final disc differences
    /// there (int8, n).
    fn ended(&self, mut terminated: Array<'_, u8>, mut black_score: Array<'_, i8>) -> PyResult<()> {
        let n = self.games.len();
        let r = self.games.report();
        out_slice(&mut terminated, n, "terminated")?.copy_from_slice(&r.terminated);
        out_slice(&mut black_score, n, "black_score")?.copy_from_slice(&r.black_score);
        Ok(())
    }

    /// Writes every game's board (uint64, n each: the player to move's discs, the other's).
    fn boards(&self, mut players: Array<'_, u64>, mut opponents: Array<'_, u64>) -> PyResult<()> {
        let n = self.games.len();
        let (p, o) = (out_slice(&mut players, n, "players")?, out_slice(&mut opponents, n, "opponents")?);
        for i in 0..n {
            let (b, _) = self.games.board(i);
            (p[i], o[i]) = (b.player, b.opponent);
        }
        Ok(())
    }

    /// Starts every game again (the opponent, if any, playing its first moves).
    fn reset(&mut self, py: Python<'_>) {
        let games = &mut self.games;
        py.detach(|| games.reset());
    }

    /// Starts again every game that has ended (the opponent, if any, playing its first moves).
    fn reset_ended(&mut self, py: Python<'_>) {
        let games = &mut self.games;
        py.detach(|| games.reset_ended());
    }

    /// Seeds every game's random generator as `Games(n, seed, ...)` seeds them.
    fn seed(&mut self, seed: u64) {
        self.games.seed(seed);
    }

    /// Sets the opponent (`kind`: None, 'random', 'engine' at `level`, or 'solver' under
    /// `empties` empty squares, the engine at `level` above), the agent's side ('black',
    /// 'white', 'alternate') and the size of the searchers' tables (log2 of their entries), then
    /// starts every game again. ValueError, with nothing changed, for a setting out of range.
    fn set_opponent(
        &mut self,
        py: Python<'_>,
        kind: Option<&str>,
        level: i32,
        empties: u32,
        agent: &str,
        hash_bits: i32,
    ) -> PyResult<()> {
        let opponent = match kind {
            None => None,
            Some("random") => Some(Opponent::Random),
            Some("engine") => Some(Opponent::Engine { level }),
            Some("solver") => Some(Opponent::Solver { empties, level }),
            Some(other) => {
                return Err(PyValueError::new_err(format!("opponent {other:?}: not 'random', 'engine' or 'solver'")))
            }
        };
        let side = agent_side(agent)?;
        let games = &mut self.games;
        py.detach(|| {
            games.set_search_hash_bits(hash_bits)?;
            games.set_opponent(opponent, side)
        })
        .map_err(setup_error)
    }

    /// Writes the agent's colour in every game (uint8, n: 0 black, 1 white).
    fn agent_color(&self, mut out: Array<'_, u8>) -> PyResult<()> {
        self.games.agent_color(out_slice(&mut out, self.games.len(), "agent_color")?);
        Ok(())
    }

    /// Writes the score of every legal action (float32, n * 65, NaN where illegal or the game
    /// has ended) and each game's best (float32, n): exact from the solver under
    /// `exact_empties` empty squares, else the engine's at `level`.
    fn teach(
        &mut self,
        py: Python<'_>,
        level: i32,
        exact_empties: u32,
        mut scores: Array<'_, f32>,
        mut best: Array<'_, f32>,
    ) -> PyResult<()> {
        let n = self.games.len();
        let scores = out_slice(&mut scores, n * N_ACTIONS, "scores")?;
        let best = out_slice(&mut best, n, "best")?;
        let games = &mut self.games;
        py.detach(|| games.teach(level, exact_empties, scores, best)).map_err(setup_error)
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Games>()
}
