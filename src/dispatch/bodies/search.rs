//! The bodies of the search exports: the leaf search, Edax's `NWS_endgame` and the solver, each
//! instantiated for the level (`K`) whose entry holds it.

use crate::dispatch::Kernels;
use crate::endgame::midgame::{EkEdaxResult, EkEdaxTables, EkMidgameSearch, MidgameLevel, NodeType, Ply, Tables};
use crate::endgame::StopFlag;
use crate::hash_table::EkHashTable;
use crate::solver::search_state::Level;
use crate::solver::EkSolver;
use crate::types::board::{EkBoard, NOMOVE};
use crate::types::results::{EkSolveResult, SolveError};
use crate::types::status::{EK_ERR_EVAL_NONE, EK_ERR_NULL, EK_ERR_RANGE, EK_ERR_STOPPED, EK_OK, EK_SCORE_NONE};
use core::ffi::c_int;
use std::sync::atomic::AtomicI32;

/// `ek_solve_shallow` on the kernels `k` (the body of each level's entry).
///
/// # Safety
/// As `ek_solve_shallow`.
#[inline(always)]
pub(crate) unsafe fn solve_shallow_body(k: &Kernels, board: *const EkBoard, alpha: c_int, n_nodes: *mut i64) -> c_int {
    // SAFETY: NULL or valid by contract.
    let Some(b) = (unsafe { board.as_ref() }) else { return EK_SCORE_NONE };
    let mut nodes = 0;
    let score = k.solve_shallow(b, alpha, &mut nodes);
    // SAFETY: NULL or writable by contract.
    if let Some(n) = unsafe { n_nodes.as_mut() } {
        *n = n.wrapping_add(nodes);
    }
    score
}

/// `ek_nws_endgame` on the level of `K` (the body of each level's entry).
///
/// # Safety
/// As `ek_nws_endgame`.
#[inline(always)]
pub(crate) unsafe fn nws_endgame_body<K: crate::endgame::NwsLevel>(
    board: *const EkBoard,
    alpha: c_int,
    table: *mut EkHashTable,
    stop: *const c_int,
    n_nodes: *mut i64,
) -> c_int {
    // SAFETY (both): NULL or valid by contract.
    let (Some(b), Some(t)) = (unsafe { board.as_ref() }, unsafe { table.as_ref() }) else {
        return EK_SCORE_NONE;
    };
    // Overlapping bitboards are refused: a flip can empty a square both sides hold, so moves
    // land outside the root's empty squares and the tree has no bound the empties give (a
    // 12-empties board found by fuzzing took 17.7 G nodes, 230 s).
    if t.hash.is_null() || t.spin.is_null() || b.player & b.opponent != 0 {
        return EK_SCORE_NONE;
    }
    // SAFETY: NULL or a readable, aligned int by contract, only ever read here.
    let stop = (!stop.is_null()).then(|| StopFlag::any(unsafe { AtomicI32::from_ptr(stop.cast_mut()) }));
    // SAFETY: a valid table by contract.
    let (score, nodes) = unsafe { crate::endgame::nws_endgame::<K>(t, stop, b.player, b.opponent, alpha) };
    // SAFETY: NULL or writable by contract.
    if let Some(n) = unsafe { n_nodes.as_mut() } {
        *n = n.wrapping_add(nodes as i64);
    }
    score
}

/// The checked arguments of `ek_nws_midgame` and `ek_pvs_midgame`.
struct MidgameArgs<'a> {
    board: &'a EkBoard,
    search: &'a EkMidgameSearch,
    score: &'a mut c_int,
    tables: Tables<'a>,
    at: Ply,
    n_empties: c_int,
}

/// The checks both midgame exports share: `Err` with the status of bad input.
///
/// # Safety
/// As `ek_nws_midgame`.
#[inline(always)]
unsafe fn midgame_args<'a>(
    board: *const EkBoard,
    search: *const EkMidgameSearch,
    score: *mut c_int,
) -> Result<MidgameArgs<'a>, c_int> {
    // SAFETY (all three): NULL or valid by contract.
    let (Some(b), Some(s), Some(out)) =
        (unsafe { board.as_ref() }, unsafe { search.as_ref() }, unsafe { score.as_mut() })
    else {
        return Err(EK_ERR_NULL);
    };
    // SAFETY: NULL or valid tables by contract.
    let table = |t: *mut EkHashTable| unsafe { t.as_ref() }.filter(|t| !t.hash.is_null() && !t.spin.is_null());
    let (Some(main), Some(pv), Some(shallow)) = (table(s.hash_table), table(s.pv_table), table(s.shallow_table)) else {
        return Err(EK_ERR_NULL);
    };
    let node_type = match s.node_type {
        0 => NodeType::Pv,
        1 => NodeType::Cut,
        2 => NodeType::All,
        _ => return Err(EK_ERR_RANGE),
    };
    if b.player & b.opponent != 0 || !(0..=5).contains(&s.selectivity) || s.height < 1 || s.probcut_level < 0 {
        return Err(EK_ERR_RANGE);
    }
    Ok(MidgameArgs {
        board: b,
        search: s,
        score: out,
        tables: Tables { main, pv, shallow },
        at: Ply { height: s.height as u32, node_type, probcut_level: s.probcut_level as u32 },
        n_empties: (!(b.player | b.opponent)).count_ones() as c_int,
    })
}

/// Writes a midgame search's result: its score and nodes, and the status (stopped or not).
///
/// # Safety
/// `n_nodes` NULL or writable.
#[inline(always)]
unsafe fn midgame_result(
    args: MidgameArgs,
    stop: Option<StopFlag<'_>>,
    (score, nodes): (i32, u64),
    n_nodes: *mut i64,
) -> c_int {
    *args.score = score;
    // SAFETY: NULL or writable by contract.
    if let Some(n) = unsafe { n_nodes.as_mut() } {
        *n = n.wrapping_add(nodes as i64);
    }
    if stop.is_some_and(|s| s.raised()) {
        EK_ERR_STOPPED
    } else {
        EK_OK
    }
}

/// `search->stop` as the search reads it.
///
/// # Safety
/// `stop` NULL or a readable, aligned int for the search's length.
#[inline(always)]
unsafe fn stop_flag<'a>(stop: *const c_int) -> Option<StopFlag<'a>> {
    // SAFETY: NULL or a readable, aligned int by contract, only ever read here.
    (!stop.is_null()).then(|| StopFlag::any(unsafe { AtomicI32::from_ptr(stop.cast_mut()) }))
}

/// What both midgame exports do around their search: the checks (`ok` those of the window and
/// the depth, given the empty squares), the weights, the stop flag, then `search`, and the result.
///
/// # Safety
/// As `ek_nws_midgame`.
#[inline(always)]
unsafe fn midgame_body(
    (board, search, score, n_nodes): (*const EkBoard, *const EkMidgameSearch, *mut c_int, *mut i64),
    ok: impl Fn(c_int) -> bool,
    run: impl FnOnce(&MidgameArgs, Option<StopFlag<'_>>, &crate::eval::Weights) -> (i32, u64),
) -> c_int {
    // SAFETY: the caller's contract.
    let args = match unsafe { midgame_args(board, search, score) } {
        Ok(args) => args,
        Err(status) => return status,
    };
    if !ok(args.n_empties) {
        return EK_ERR_RANGE;
    }
    let Some(w) = crate::eval::loaded() else { return EK_ERR_EVAL_NONE };
    // SAFETY: the caller's contract.
    let stop = unsafe { stop_flag(args.search.stop) };
    let result = run(&args, stop, w);
    // SAFETY: the caller's contract.
    unsafe { midgame_result(args, stop, result, n_nodes) }
}

/// `ek_nws_midgame` on the level of `K` (the body of each level's entry).
///
/// # Safety
/// As `ek_nws_midgame`.
#[inline(always)]
pub(crate) unsafe fn nws_midgame_body<K: MidgameLevel>(
    board: *const EkBoard,
    alpha: c_int,
    depth: c_int,
    search: *const EkMidgameSearch,
    score: *mut c_int,
    n_nodes: *mut i64,
) -> c_int {
    let ok = |n: c_int| (-64..=63).contains(&alpha) && ((2..n).contains(&depth) || depth == n);
    let run = |a: &MidgameArgs, stop: Option<StopFlag<'_>>, w: &crate::eval::Weights| {
        let (b, s) = (a.board, a.search);
        // SAFETY: valid tables by contract.
        unsafe {
            crate::endgame::midgame::nws_midgame::<K>(
                a.tables,
                stop,
                w,
                s.selectivity,
                a.at,
                b.player,
                b.opponent,
                alpha,
                depth,
            )
        }
    };
    // SAFETY: the caller's contract.
    unsafe { midgame_body((board, search, score, n_nodes), ok, run) }
}

/// `ek_pvs_midgame` on the level of `K` (the body of each level's entry).
///
/// # Safety
/// As `ek_pvs_midgame`.
#[inline(always)]
pub(crate) unsafe fn pvs_midgame_body<K: MidgameLevel>(
    board: *const EkBoard,
    (alpha, beta): (c_int, c_int),
    depth: c_int,
    search: *const EkMidgameSearch,
    score: *mut c_int,
    n_nodes: *mut i64,
) -> c_int {
    let ok = |n: c_int| -64 <= alpha && alpha < beta && beta <= 64 && ((2..=n).contains(&depth) || depth == n);
    let run = |a: &MidgameArgs, stop: Option<StopFlag<'_>>, w: &crate::eval::Weights| {
        let (b, s) = (a.board, a.search);
        let search = (s.selectivity, s.depth_pv_extension);
        // SAFETY: valid tables by contract.
        unsafe {
            crate::endgame::midgame::pvs_midgame::<K>(
                a.tables,
                stop,
                w,
                search,
                a.at,
                (b.player, b.opponent),
                (alpha, beta),
                depth,
            )
        }
    };
    // SAFETY: the caller's contract.
    unsafe { midgame_body((board, search, score, n_nodes), ok, run) }
}

/// `ek_edax_search` on the level of `K` (the body of each level's entry).
///
/// # Safety
/// As `ek_edax_search`.
#[inline(always)]
pub(crate) unsafe fn edax_search_body<K: MidgameLevel>(
    board: *const EkBoard,
    (level, depth, selectivity): (c_int, c_int, c_int),
    tables: *const EkEdaxTables,
    result: *mut EkEdaxResult,
) -> c_int {
    // SAFETY (all three): NULL or valid by contract.
    let (Some(b), Some(t), Some(out)) =
        (unsafe { board.as_ref() }, unsafe { tables.as_ref() }, unsafe { result.as_mut() })
    else {
        return EK_ERR_NULL;
    };
    // SAFETY: NULL or valid tables by contract.
    let valid = |t: *mut EkHashTable| unsafe { t.as_ref() }.is_some_and(|t| !t.hash.is_null() && !t.spin.is_null());
    if !(valid(t.hash_table) && valid(t.pv_table) && valid(t.shallow_table)) {
        return EK_ERR_NULL;
    }
    if b.player & b.opponent != 0
        || !(1..=60).contains(&level)
        || !(depth == -1 || (1..=60).contains(&depth))
        || !(-1..=5).contains(&selectivity)
    {
        return EK_ERR_RANGE;
    }
    let Some(w) = crate::eval::loaded() else { return EK_ERR_EVAL_NONE };
    // SAFETY: the caller's contract.
    let stop = unsafe { stop_flag(t.stop) };
    let n = (!(b.player | b.opponent)).count_ones() as i32;
    let (mut d, mut s) = crate::endgame::midgame::level_depth(level, n);
    if depth >= 0 {
        d = depth.min(n);
    }
    if selectivity >= 0 {
        s = selectivity;
    }
    let tables = [t.hash_table, t.pv_table, t.shallow_table];
    // SAFETY: valid tables, not used elsewhere during the call (the caller's contract).
    let controls = crate::endgame::midgame::RunControls::alone(stop, u64::MAX);
    let r = unsafe { K::search_run(tables, controls, w, (b.player, b.opponent), (d, s)) };
    *out = EkEdaxResult {
        score: r.score,
        best_move: r.best_move,
        depth: r.depth,
        selectivity: r.selectivity,
        n_nodes: r.nodes as i64,
        pv_length: r.pv().len() as c_int,
        pv: r.pv,
    };
    if stop.is_some_and(|s| s.raised()) {
        EK_ERR_STOPPED
    } else {
        EK_OK
    }
}

/// `ek_solver_solve` on the level `K` (the body of each level's entry).
///
/// # Safety
/// As `ek_solver_solve`.
#[inline(always)]
pub(crate) unsafe fn solve_body<K: Level>(
    solver: *mut EkSolver,
    board: *const EkBoard,
    alpha: c_int,
    beta: c_int,
    out: *mut EkSolveResult,
) -> c_int {
    // SAFETY: NULL or valid by contract.
    let (Some(solver), Some(board)) = (unsafe { solver.as_ref() }, unsafe { board.as_ref() }) else {
        return EK_ERR_NULL;
    };
    if out.is_null() {
        return EK_ERR_NULL;
    }
    match solver.solve_on::<K>(board, alpha, beta) {
        Ok(result) => {
            // SAFETY: non-NULL and writable by contract.
            unsafe { out.write(result) };
            EK_OK
        }
        Err(e) => e.status(),
    }
}

/// `ek_solver_solve_batch` on the level `K` (the body of each level's entry).
///
/// # Safety
/// As `ek_solver_solve_batch`.
#[inline(always)]
pub(crate) unsafe fn solve_batch_body<K: Level>(
    solver: *mut EkSolver,
    n: usize,
    players: *const u64,
    opponents: *const u64,
    scores: *mut i32,
    best_moves: *mut i32,
) -> c_int {
    // SAFETY: NULL or live by contract.
    let Some(solver) = (unsafe { solver.as_ref() }) else { return EK_ERR_NULL };
    if n == 0 {
        return EK_OK;
    }
    if players.is_null() || opponents.is_null() || scores.is_null() {
        return EK_ERR_NULL;
    }
    let mut held = match solver.hold() {
        Ok(held) => held,
        Err(e) => return e.status(),
    };
    let inputs = Inputs { players, opponents };
    // Positions from the first with overlapping bitboards on are not solved.
    let valid = (0..n).position(|i| {
        let b = inputs.board(i);
        b.player & b.opponent != 0
    });
    let mut write = |i: usize, r: Result<EkSolveResult, SolveError>| {
        // Only valid positions are given: every outcome is a result.
        if let Ok(r) = r {
            // SAFETY: i < n; outputs writable by contract, best_moves only when non-NULL.
            unsafe {
                *scores.add(i) = r.score;
                if !best_moves.is_null() {
                    *best_moves.add(i) = r.best_move;
                }
            }
        }
    };
    if let Err(e) = held.solve_each::<K>(&|i| inputs.board(i), valid.unwrap_or(n), (-64, 64), &mut write) {
        return e.status();
    }
    if valid.is_some() {
        return EK_ERR_RANGE;
    }
    EK_OK
}

/// `ek_solver_solve_many` on the level `K` (the body of each level's entry).
///
/// # Safety
/// As `ek_solver_solve_many`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn solve_many_body<K: Level>(
    solver: *mut EkSolver,
    n: usize,
    players: *const u64,
    opponents: *const u64,
    (alpha, beta): (c_int, c_int),
    scores: *mut i32,
    best_moves: *mut i32,
    nodes: *mut u64,
    status: *mut i32,
) -> c_int {
    // SAFETY: NULL or live by contract.
    let Some(solver) = (unsafe { solver.as_ref() }) else { return EK_ERR_NULL };
    if n > 0 && (players.is_null() || opponents.is_null() || scores.is_null()) {
        return EK_ERR_NULL;
    }
    if !(-64 <= alpha && alpha < beta && beta <= 64) {
        return EK_ERR_RANGE;
    }
    let mut held = match solver.hold() {
        Ok(held) => held,
        Err(e) => return e.status(),
    };
    let write = |i: usize, r: Result<EkSolveResult, SolveError>| {
        let (score, best_move, count, code) = match r {
            Ok(r) => (r.score, r.best_move, r.nodes, EK_OK),
            Err(e) => (EK_SCORE_NONE, NOMOVE, 0, e.status()),
        };
        // SAFETY: i < n; outputs writable by contract, the optional ones only when non-NULL.
        unsafe {
            *scores.add(i) = score;
            if !best_moves.is_null() {
                *best_moves.add(i) = best_move;
            }
            if !nodes.is_null() {
                *nodes.add(i) = count;
            }
            if !status.is_null() {
                *status.add(i) = code;
            }
        }
    };
    // Every position is written: those a stop leaves unsolved as such.
    (0..n).for_each(|i| write(i, Err(SolveError::Stopped)));
    let inputs = Inputs { players, opponents };
    let mut bad = false;
    let mut report = |i: usize, r: Result<EkSolveResult, SolveError>| {
        bad |= r.is_err();
        write(i, r);
    };
    match held.solve_each::<K>(&|i| inputs.board(i), n, (alpha, beta), &mut report) {
        Err(e) => e.status(),
        Ok(()) if bad => EK_ERR_RANGE,
        Ok(()) => EK_OK,
    }
}

/// The input arrays of `ek_solver_solve_batch`, read by the solver's threads.
struct Inputs {
    players: *const u64,
    opponents: *const u64,
}

// SAFETY: the arrays are only read, and outlive the call that reads them from its threads.
unsafe impl Sync for Inputs {}

impl Inputs {
    /// Position `i` (i < the arrays' length).
    fn board(&self, i: usize) -> EkBoard {
        // SAFETY: i < n, the arrays' length (contract of ek_solver_solve_batch).
        unsafe { EkBoard::new(*self.players.add(i), *self.opponents.add(i)) }
    }
}
