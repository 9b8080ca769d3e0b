//! Edax 4.6's root (root.c and the levels of search.c), node for node: `search_run`,
//! `iterative_deepening` (the depths, then the selectivities, before a solve), `aspiration_search`,
//! `PVS_root`, `record_best_move` (the result and its principal variation, read from the tables),
//! `is_pv_ok`, `get_last_level`, and Edax's `LEVEL` table. One thread, no time limit (Edax's
//! `-l LEVEL` play), Edax's default options (`multipv_depth` 10, no PV guessing, the tables'
//! date moved on at each search): the score, move, depth, selectivity, nodes and principal
//! variation `lEdax -solve FILE -l LEVEL -n 1` finds, and the tables as it leaves them.
//!
//! The root keeps what Edax's `Search` keeps between its iterations: the root's moves in their
//! current order with each one's score and cost, the result, and the bounds of each move's score.
//!
//! The parts: `level.rs` (Edax's `LEVEL` table and what the deepening asks of a depth),
//! `pvs_root.rs` (`PVS_root` and `record_best_move`), `deepening.rs` (the iterative deepening
//! and the aspiration windows), `run.rs` (`search_run`); here, the root's state and the pieces
//! they share.

mod deepening;
mod level;
mod pvs_root;
mod run;

pub(crate) use level::level_depth;
pub(crate) use run::{search_run, RunControls};

use super::moves::MAX_MOVES;
use super::search_eval::{search_eval_0, search_eval_1, search_eval_2};
use super::EK_PV_SIZE;
use super::{Midgame, MidgameLevel, Ply, Position, NOMOVE, PASS};
use crate::endgame::edax::{SCORE_INF, SCORE_MAX};
use crate::hash_table::{Data, EkHashTable};
use crate::types::board::EkBoard;

const SCORE_MIN: i32 = -SCORE_MAX;
/// Edax's `MULTIPV_DEPTH` (search->options.multipv_depth): up to this depth every root move is
/// searched with the whole window.
const MULTIPV_DEPTH: i32 = 10;
/// Edax's `ITERATIVE_MIN_EMPTIES`.
const ITERATIVE_MIN_EMPTIES: i32 = 10;

/// The bounds Edax keeps of a root move's score (`Bound`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bound {
    pub lower: i32,
    pub upper: i32,
}

/// What Edax's search reports (`Result`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RootResult {
    pub score: i32,
    /// 0..63, PASS (64) or NOMOVE (65).
    pub best_move: i32,
    pub depth: i32,
    pub selectivity: i32,
    pub nodes: u64,
    /// The principal variation, passes included (PASS): its first `pv_length` moves.
    pub pv: [u8; EK_PV_SIZE],
    pub pv_length: usize,
}

impl RootResult {
    /// Edax's result before a search (`iterative_deepening`'s).
    const NONE: RootResult = RootResult {
        score: -SCORE_INF,
        best_move: NOMOVE,
        depth: -1,
        selectivity: 0,
        nodes: 0,
        pv: [0; EK_PV_SIZE],
        pv_length: 0,
    };

    /// The principal variation.
    pub fn pv(&self) -> &[u8] {
        &self.pv[..self.pv_length.min(EK_PV_SIZE)]
    }
}

/// A root move (Edax's `Move` in `search->movelist`).
#[derive(Clone, Copy, Debug, Default)]
struct RootMove {
    x: i32,
    flipped: u64,
    score: i32,
    cost: i32,
}

/// Edax's root search: the root's state between iterations.
pub(crate) struct Root<'s, 'a> {
    mg: &'s mut Midgame<'a>,
    pos: Position,
    board: EkBoard,
    n_empties: i32,
    /// `search->movelist`, in its current order: its first `n_moves`.
    moves: [RootMove; MAX_MOVES],
    n_moves: usize,
    /// `search->stability_bound`.
    stability: Bound,
    /// `search->options.depth` and `search->options.selectivity`.
    options: (i32, i32),
    /// `search->depth`.
    depth: i32,
    result: RootResult,
    /// `result->bound`, by move (0..=65).
    bounds: [Bound; 66],
    /// [`RunControls::until_decided`].
    until_decided: bool,
    /// [`RunControls::soft_stop`].
    soft_stop: Option<crate::endgame::StopFlag<'a>>,
}

impl Midgame<'_> {
    /// `search_route_PVS(search, alpha, beta, depth, parent)` on `pos`: the midgame search, the
    /// final score, or `search_eval_0/1/2` at depths 0-2. [`MidgameLevel::route_pvs`], compiled
    /// once per level: the root calls it at three places.
    #[inline(always)]
    pub(crate) fn route_pvs<K: MidgameLevel>(
        &mut self,
        pos: &Position,
        alpha: i32,
        beta: i32,
        depth: i32,
        at: Ply,
    ) -> i32 {
        let n = pos.n_empties() as i32;
        let w = self.weights;
        if depth == n && depth == 0 {
            2 * K::popcount(pos.p) as i32 - 64
        } else if depth == n || depth > 2 {
            K::pvs_midgame(self, pos, alpha, beta, depth, at)
        } else if depth == 0 {
            search_eval_0::<K>(w, pos, &mut self.nodes)
        } else if depth == 1 {
            search_eval_1::<K>(w, pos, alpha, beta, &mut self.nodes)
        } else {
            search_eval_2::<K>(w, pos, alpha, beta, &mut self.nodes)
        }
    }
}

/// `board_update` of Edax with the move `x` (a pass, or NOMOVE, swaps the sides).
#[inline(always)]
fn board_after(b: EkBoard, x: i32, flipped: u64) -> EkBoard {
    if (0..64).contains(&x) {
        EkBoard::new(b.opponent ^ flipped, b.player ^ (flipped | 1 << x))
    } else {
        EkBoard::new(b.opponent, b.player)
    }
}

/// `movelist_sort` (by score) or the sort of `movelist_sort_cost` (by cost): the highest first,
/// equal keys in their order (Edax's selection of the first highest, repeated, is a stable sort).
/// An insertion sort: a few moves, and compiled with the level's features (the library's sort
/// would not be).
#[inline(always)]
fn sort_by_key(moves: &mut [RootMove], key: impl Fn(&RootMove) -> i32) {
    // `get`, not indexing: no bounds check (a panic path in an export).
    for i in 1..moves.len() {
        let Some(&m) = moves.get(i) else { break };
        let mut j = i;
        while let Some(&prev) = j.checked_sub(1).and_then(|k| moves.get(k)) {
            if key(&prev) >= key(&m) {
                break;
            }
            if let Some(slot) = moves.get_mut(j) {
                *slot = prev;
            }
            j -= 1;
        }
        if let Some(slot) = moves.get_mut(j) {
            *slot = m;
        }
    }
}

impl<'s, 'a> Root<'s, 'a> {
    /// The root's moves in their current order.
    #[inline(always)]
    fn list(&mut self) -> &mut [RootMove] {
        &mut self.moves[..self.n_moves.min(MAX_MOVES)]
    }

    #[inline(always)]
    fn get<K: MidgameLevel>(table: &EkHashTable, b: EkBoard) -> Option<Data> {
        Midgame::get(table, b, K::hash_code(b.player, b.opponent))
    }

    /// `hash_get` on the PV table, else on the main one.
    #[inline(always)]
    fn get_pv_or_main<K: MidgameLevel>(&self, b: EkBoard) -> Option<Data> {
        Self::get::<K>(self.mg.tables.pv, b).or_else(|| Self::get::<K>(self.mg.tables.main, b))
    }

    /// `search_bound`: `score` within the stability bounds of the root.
    #[inline(always)]
    fn bound(&self, score: i32) -> i32 {
        let score = if score < self.stability.lower { self.stability.lower } else { score };
        if score > self.stability.upper {
            self.stability.upper
        } else {
            score
        }
    }

    /// `search_route_PVS` on the child `pos` (after a root move or a pass), at `at`, within the
    /// root's stability bounds.
    #[inline(always)]
    fn route<K: MidgameLevel>(&mut self, pos: &Position, alpha: i32, beta: i32, depth: i32, at: Ply) -> i32 {
        let score = K::route_pvs(self.mg, pos, alpha, beta, depth, at);
        -self.bound(-score)
    }

    /// `search_get_pv_cost` of the position after a root move: its entry's whole draft.
    #[inline(always)]
    fn pv_cost<K: MidgameLevel>(&self, b: EkBoard) -> i32 {
        self.get_pv_or_main::<K>(b).map_or(0, |d| d.draft_key() as i32)
    }
}

/// Edax's `board_check_move` of the move `x` (a square, or PASS) of `b`, with the discs it
/// flips: a pass when `b` has no move, a square when it is empty (Edax checks no more: the move
/// is one a table gave for `b`).
#[inline(always)]
fn checked_move<K: MidgameLevel>(b: EkBoard, x: i32) -> Option<u64> {
    let (p, o) = (b.player, b.opponent);
    match x {
        PASS => (!K::can_move(p, o)).then_some(0),
        0..64 if (p | o) >> x & 1 == 0 => Some(K::flip(x as usize, p, o)),
        _ => None,
    }
}

/// `board_get_move` of a move that a table gave for `b`: the discs it flips (none for a pass or
/// NOMOVE, which Edax's tables of flips also give none).
#[inline(always)]
fn flips_of<K: MidgameLevel>(b: EkBoard, x: i32) -> u64 {
    if (0..64).contains(&x) {
        K::flip(x as usize, b.player, b.opponent)
    } else {
        0
    }
}
