//! `Games`: many Othello games stepped at once (the library's `games` module), for learners.
//! The object owns its output arrays (owned.rs: observations, masks, rewards, ...), which NumPy
//! sees without copying through `arrays()`; each step or reset is one native call that writes
//! all of them, with the GIL released while the games step. The Python layer
//! (`edax_kernels/learn.py`) checks the settings first (the library checks them again: a
//! ValueError either way).

use crate::array::Array;
use crate::owned::{views, Outputs};
use edax_kernels::games::{AgentSide, EkGames, Layout, Opponent, SearchSetupError, N_ACTIONS};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The n elements of an output array as a slice, checked (length, writable).
fn out_slice<'a, T: crate::array::Element>(a: &'a mut Array<'_, T>, n: usize, what: &str) -> PyResult<&'a mut [T]> {
    let ptr = a.output_ptr(n).map_err(|e| PyValueError::new_err(format!("{what}: {e}")))?;
    // SAFETY: n contiguous, aligned, writable elements (checked by `Array`), held by `a` for the
    // borrow (mutably: one slice per array); nothing else of this call reads or writes them.
    Ok(unsafe { core::slice::from_raw_parts_mut(ptr, n) })
}

/// Many Othello games stepped together: `Games(n, seed, auto_reset, threads, layout,
/// disc_difference)`. Low level: `edax_kernels.VecOthello` names its arrays.
// `weakref`: tests check that NumPy arrays on its memory keep it alive.
#[pyclass(module = "edax_kernels", weakref)]
pub(crate) struct Games {
    games: EkGames,
    out: Outputs,
    /// Whether the opponent searches (engine or solver): `step_one` then releases the GIL.
    searches: bool,
}

fn illegal(e: edax_kernels::games::IllegalAction) -> PyErr {
    PyValueError::new_err(e.to_string())
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
    #[pyo3(signature = (n, seed, auto_reset, threads, layout_name, disc_difference))]
    fn new(
        n: usize,
        seed: u64,
        auto_reset: bool,
        threads: usize,
        layout_name: &str,
        disc_difference: bool,
    ) -> PyResult<Self> {
        if threads == 0 {
            return Err(PyValueError::new_err("threads must be at least 1"));
        }
        let out = Outputs::new(n, layout(layout_name)?, disc_difference);
        let mut games = EkGames::new(n, seed, auto_reset);
        games.set_threads(threads);
        let mut g = Games { games, out, searches: false };
        g.out.write(&g.games, false);
        Ok(g)
    }

    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// The arrays this object writes, by name, each a view NumPy reads without copying
    /// (`np.asarray(view)`; the view keeps this object alive): observation (float32, the
    /// layout's shape), legal_action_mask (bool, n x 65), current_player (uint8), rewards
    /// (float32, n x 2: black's, white's), terminated (bool), final_score (int8, black's),
    /// agent_color (uint8), agent_reward (float32), actions (int32, step_random's).
    fn arrays<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        views(slf.py(), slf.as_any(), &slf.borrow().out)
    }

    /// Plays actions[i] (int32: 0..63 a square, 64 the pass) in game i, then writes every
    /// array; ValueError naming the first game whose action is illegal, before any game moves.
    fn step(&mut self, py: Python<'_>, actions: Array<'_, i32>) -> PyResult<()> {
        let n = self.games.len();
        let ptr = actions.input_ptr(n).map_err(|e| PyValueError::new_err(format!("actions: {e}")))?;
        // SAFETY: n contiguous, aligned elements (checked by `Array`), held for the call and
        // only read; the call writes this object's arrays but `actions` (which may be read).
        let actions = unsafe { core::slice::from_raw_parts(ptr, n) };
        let Games { games, out, .. } = self;
        py.detach(|| {
            games.step(actions).map_err(illegal)?;
            out.write(games, true);
            Ok(())
        })
    }

    /// `step([action])` for a batch of one game, the action a Python int (no array to read).
    fn step_one(&mut self, py: Python<'_>, action: i64) -> PyResult<()> {
        if self.games.len() != 1 {
            return Err(PyValueError::new_err(format!("step_one: a batch of 1 game, not {}", self.games.len())));
        }
        let a = i32::try_from(action).map_err(|_| {
            PyValueError::new_err(format!("game 0: action {action} is not legal (a square 0..63 the player to move can play, or 64 when it has none)"))
        })?;
        let Games { games, out, searches } = self;
        let mut step = || {
            games.step(&[a]).map_err(illegal)?;
            out.write(games, true);
            Ok(())
        };
        // One game: releasing the GIL would cost a good part of the step, unless an opponent
        // searches (a search may be long: other threads may run meanwhile).
        if *searches {
            py.detach(step)
        } else {
            step()
        }
    }

    /// Plays a random legal action in each game that has not ended (written to the `actions`
    /// array, -1 for an ended game), then writes every array.
    fn step_random(&mut self, py: Python<'_>) {
        let Games { games, out, .. } = self;
        py.detach(|| {
            games.step_random(&mut out.actions);
            out.write(games, true);
        });
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
    /// Every array is written then (the ends and rewards cleared).
    fn reset(&mut self, py: Python<'_>) {
        let Games { games, out, .. } = self;
        py.detach(|| {
            games.reset();
            out.write(games, false);
        });
    }

    /// Starts again every game that has ended (the opponent, if any, playing its first moves).
    /// Every array is written then (the ends and rewards cleared).
    fn reset_ended(&mut self, py: Python<'_>) {
        let Games { games, out, .. } = self;
        py.detach(|| {
            games.reset_ended();
            out.write(games, false);
        });
    }

    /// Seeds every game's random generator as `Games(n, seed, ...)` seeds them.
    fn seed(&mut self, seed: u64) {
        self.games.seed(seed);
    }

    /// Sets the opponent (`kind`: None, 'random', 'engine' at `level`, or 'solver' under
    /// `empties` empty squares, the engine at `level` above), the agent's side ('black',
    /// 'white', 'alternate') and the size of the searchers' tables (log2 of their entries), then
    /// starts every game again (every array written). ValueError, with nothing changed, for a setting out of range.
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
        let Games { games, out, searches } = self;
        py.detach(|| {
            games.set_search_hash_bits(hash_bits)?;
            games.set_opponent(opponent, side)?;
            out.write(games, false);
            Ok(())
        })
        .map_err(setup_error)?;
        *searches = matches!(opponent, Some(Opponent::Engine { .. } | Opponent::Solver { .. }));
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
