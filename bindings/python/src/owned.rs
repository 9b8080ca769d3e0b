//! The arrays a `Games` object owns and writes at each call (observations, masks, rewards, ...),
//! and `View`, which shows one of them to NumPy without copying.
//!
//! Why: reading a caller's NumPy array through `__array_interface__` (array.rs) costs about a
//! microsecond per array per call, more than a step of one game; with the outputs owned here a
//! step is one native call that reads no array.
//!
//! Aliasing: each array is a `Box<[T]>` allocated once in `Outputs::new` and never replaced or
//! resized, so its address is fixed for the life of the `Games` object. `np.asarray(view)` makes
//! a NumPy array on that address whose base is the `View`, which holds a strong reference to the
//! `Games` object: the memory outlives every NumPy array made on it. Native code writes the
//! arrays only inside the `Games` methods, through `&mut self` (PyO3's borrow flag: one call at
//! a time), with the GIL held or released only inside that call; NumPy reads and writes them
//! between calls. A Python thread reading the arrays while another runs a step that released
//! the GIL races as it did when the steps wrote into the caller's arrays (documented: the arrays
//! are overwritten at each step). The address reaches Python as an integer (`as usize`, which
//! exposes the allocation to code outside Rust's view).

use crate::array::Element;
use edax_kernels::games::{EkGames, Layout, N_ACTIONS};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Every array a step writes, `n` games' worth, allocated once.
pub(crate) struct Outputs {
    pub(crate) layout: Layout,
    pub(crate) disc_difference: bool,
    observation: Box<[f32]>,
    mask: Box<[bool]>,
    to_move: Box<[u8]>,
    rewards: Box<[f32]>,
    /// 0 or 1 (shown to NumPy as bool).
    terminated: Box<[u8]>,
    final_score: Box<[i8]>,
    agent_color: Box<[u8]>,
    agent_reward: Box<[f32]>,
    /// The actions `step_random` played (-1 for a game that had ended).
    pub(crate) actions: Box<[i32]>,
}

fn zeros<T: Default + Clone>(n: usize) -> Box<[T]> {
    vec![T::default(); n].into_boxed_slice()
}

impl Outputs {
    pub(crate) fn new(n: usize, layout: Layout, disc_difference: bool) -> Outputs {
        Outputs {
            layout,
            disc_difference,
            observation: zeros(n * layout.size()),
            mask: zeros(n * N_ACTIONS),
            to_move: zeros(n),
            rewards: zeros(n * 2),
            terminated: zeros(n),
            final_score: zeros(n),
            agent_color: zeros(n),
            agent_reward: zeros(n),
            actions: zeros(n),
        }
    }

    /// Writes what the games show now: observations, masks, players to move, and either what
    /// the last step ended (`ended`: rewards, ends, final scores, the agent's rewards) or zeros
    /// there (after a reset). The agent's colours are written here too (they change only with
    /// the opponent's setting, but writing n bytes costs nothing next to the rest).
    pub(crate) fn write(&mut self, games: &EkGames, ended: bool) {
        games.see(self.layout, &mut self.observation, &mut self.mask, &mut self.to_move);
        games.agent_color(&mut self.agent_color);
        if ended {
            games.rewards(self.disc_difference, &mut self.rewards);
            let r = games.report();
            self.terminated.copy_from_slice(&r.terminated);
            self.final_score.copy_from_slice(&r.black_score);
            let pairs = self.rewards.chunks_exact(2).zip(&self.agent_color);
            for (out, (pair, &c)) in self.agent_reward.iter_mut().zip(pairs) {
                *out = pair[usize::from(c)];
            }
        } else {
            self.rewards.fill(0.0);
            self.terminated.fill(0);
            self.final_score.fill(0);
            self.agent_reward.fill(0.0);
        }
    }

    /// Every array as (name, address, NumPy type string, shape), `n` games.
    fn arrays(&self) -> [(&'static str, usize, &'static str, Vec<usize>); 9] {
        let n = self.to_move.len();
        let obs_shape = match self.layout {
            Layout::Pgx => vec![n, 8, 8, 2],
            Layout::OpenSpiel => vec![n, 3, 8, 8],
        };
        fn at<T: Element>(b: &[T]) -> (usize, &'static str) {
            // An integer for NumPy (exposing the allocation: see the module's documentation).
            (b.as_ptr() as usize, T::TYPESTR)
        }
        let entry = |name, (address, typestr): (usize, &'static str), shape| (name, address, typestr, shape);
        [
            entry("observation", at(&self.observation), obs_shape),
            entry("legal_action_mask", at(&self.mask), vec![n, N_ACTIONS]),
            entry("current_player", at(&self.to_move), vec![n]),
            entry("rewards", at(&self.rewards), vec![n, 2]),
            // Only 0 and 1 are written, so the bytes are valid NumPy bools.
            entry("terminated", (self.terminated.as_ptr() as usize, bool::TYPESTR), vec![n]),
            entry("final_score", at(&self.final_score), vec![n]),
            entry("agent_color", at(&self.agent_color), vec![n]),
            entry("agent_reward", at(&self.agent_reward), vec![n]),
            entry("actions", at(&self.actions), vec![n]),
        ]
    }
}

/// One of a `Games` object's arrays as NumPy sees it (`np.asarray(view)`: no copy; the array's
/// base is the view, which keeps the `Games` object, and so the memory, alive).
#[pyclass(module = "edax_kernels", frozen)]
pub(crate) struct View {
    /// Holds the owner of the memory (never read: its reference is the point).
    _owner: Py<PyAny>,
    address: usize,
    typestr: &'static str,
    shape: Vec<usize>,
}

#[pymethods]
impl View {
    /// NumPy's array interface, version 3: the address (writable), the element type, the shape
    /// (C-contiguous: no strides).
    #[getter]
    fn __array_interface__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("data", (self.address, false))?;
        d.set_item("typestr", self.typestr)?;
        d.set_item("shape", pyo3::types::PyTuple::new(py, &self.shape)?)?;
        d.set_item("version", 3)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!("View(typestr={:?}, shape={:?})", self.typestr, self.shape)
    }
}

/// A dict of every array of `outputs` as a `View` holding `owner` (the object that owns them).
pub(crate) fn views<'py>(
    py: Python<'py>,
    owner: &Bound<'py, PyAny>,
    outputs: &Outputs,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (name, address, typestr, shape) in outputs.arrays() {
        d.set_item(name, View { _owner: owner.clone().unbind(), address, typestr, shape })?;
    }
    Ok(d)
}
