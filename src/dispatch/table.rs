//! The kernel table: every kernel of a level, by name and signature (one list, kept whole).
//! Each level's table (levels.rs) fills it; the compiler checks every entry's signature.

use super::{ensure_selected_from_c, Isa};
use crate::endgame::midgame::{EkEdaxResult, EkEdaxTables, EkMidgameSearch};
use crate::engine::{EkEngine, EkEngineLimits, EkEngineResult, EkMoveScore, EK_MAX_MOVES};
use crate::eval::weights::INDEX_LEN;
use crate::eval::{EkEval, EkEvalFeature, EkMove};
use crate::hash_table::{EkHashData, EkHashStore, EkHashTable};
use crate::solver::EkSolver;
use crate::types::batch::{BatchIn, BatchOut};
use crate::types::board::{EkBoard, UniqueBoard};
use crate::types::results::{EkPerftStats, EkSolveResult, SolveError};
use core::cell::Cell;
use core::ffi::c_int;
use std::sync::atomic::{AtomicPtr, Ordering::Relaxed};

// The encoding rule. On the avx2 and avx512 levels, nothing a hot export executes may be a
// legacy (non-VEX) SSE instruction: not the export, not a wrapper, kernel, helper or std
// routine it reaches. On Intel cores, a legacy SSE instruction run while the caller has left
// the upper halves of the YMM registers dirty pays a state-transition penalty, and Edax 4.6 built
// for x86-64-v3 calls `bit_weighted_count` right after its AVX2 `get_moves_and_potential` (what
// that cost: BENCHMARKS.md, "The AVX-SSE transition (issue 11)"). AMD cores have no such
// penalty, so no timing on AMD shows it. Hence: an export is one jump through its slot to an
// entry compiled with the level's features, or a few integer instructions around one; any
// body that touches a vector register (a float, a 16-byte struct copy, a vectorised NULL
// check) goes into the entries, the `c_abi` group below for exports with pointer arguments.
// tests/exports.rs walks the machine code from every hot export through the avx2 and avx512
// tables and fails on any legacy SSE instruction, call out of the library or unresolved
// indirect branch, on any CPU.
kernel_table! {
    /// Discs flipped when the side to move plays `x` (0 when `x` is not 0..=63).
    fn flip(x: i32, p: u64, o: u64) -> u64;
    /// Writes to `next` the position after the side to move of `board` plays `x` (a pass when
    /// `x` is not 0..=63) and returns the flipped discs. Cells, because `next` may be `board`
    /// (as in the C API, which jumps straight here).
    fn board_next(board: &Cell<EkBoard>, x: i32, next: &Cell<EkBoard>) -> u64;
    /// Twice the number of discs flipped by `p` playing `x`, every other square being the
    /// opponent's (0 when `x` is not 0..=63).
    fn count_last_flip(x: i32, p: u64) -> i32;
    /// Edax 4.4's `board_score_1` on the board (p, o) with its single empty square `x`.
    fn board_score_1(p: u64, o: u64, beta: i32, x: i32) -> i32;
    /// The exact score of `board_score_1`, without cut-off, branch-free.
    fn board_score_1_exact(p: u64, o: u64, x: i32) -> i32;
    /// Bitboard of the legal moves.
    fn get_moves(p: u64, o: u64) -> u64;
    /// Whether the side to move has a legal move.
    fn can_move(p: u64, o: u64) -> bool;
    /// Number of legal moves.
    fn get_mobility(p: u64, o: u64) -> i32;
    /// Number of legal moves, corners counted twice.
    fn get_weighted_mobility(p: u64, o: u64) -> i32;
    /// Empty squares next to a flippable opponent disc, corners counted twice.
    fn get_potential_mobility(p: u64, o: u64) -> i32;
    /// Edax's estimate (a lower bound) of the number of stable discs of `p`.
    fn get_stability(p: u64, o: u64) -> i32;
    /// Number of discs of `p` on the edges that no move on their edge can flip.
    fn get_edge_stability(p: u64, o: u64) -> i32;
    /// Owned corners plus owned edge squares next to an owned corner.
    fn get_corner_stability(p: u64) -> i32;
    /// Edax 4.6's `board_get_hash_code` (CRC-32C of both bitboards). By reference, so that the
    /// CRC instruction reads the board from memory.
    fn hash_code(b: &EkBoard) -> u64;
    /// The board under symmetry `s` (bits 0..=2 of `s` used).
    fn symmetry(b: EkBoard, s: i32) -> EkBoard;
    /// The smallest symmetric board and the symmetry giving it.
    fn unique(b: EkBoard) -> UniqueBoard;
    /// Number of set bits.
    fn bit_count(b: u64) -> i32;
    /// Number of set bits, the four corners counted twice (Edax's `bit_weighted_count`).
    fn bit_weighted_count(b: u64) -> i32;
    /// `eval_update`: the features after the side to move plays `x` (0..=63) flipping
    /// `flipped`, `player` being `EkEval::player`.
    fn eval_update(from: &EkEvalFeature, to: &mut EkEvalFeature, x: i32, flipped: u64, player: i32) -> ();
    /// `eval_accumulate`: the sum of the weights of the 47 features, given the weights of the
    /// ply and colour (one per unpacked feature).
    fn eval_accumulate(f: &EkEvalFeature, weights: &[i16; INDEX_LEN]) -> i32;
    /// Perft counters of the tree of `depth` plies below `b`.
    fn perft(b: EkBoard, depth: i32) -> EkPerftStats;
    /// Edax 4.6's endgame leaf search `search_shallow(search, alpha)` on `board` (at most 10
    /// empty squares): the fail-soft score for the side to move on the null window
    /// (alpha, alpha + 1); adds Edax's node count to `n_nodes`. More empty squares: returns
    /// `EK_SCORE_NONE` (32767) and adds nothing. Alpha outside -65..=64 acts as the nearest of
    /// them.
    fn solve_shallow(board: &EkBoard, alpha: i32, n_nodes: &mut i64) -> i32;
    /// `out[i] = flip(xs[i], ps[i], os[i])` for each board; returns the number of boards (the
    /// length of the shortest array).
    fn flip_batch(xs: BatchIn<i32>, ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<u64>) -> usize;
    /// `board_next` of each board (player `ps[i]`, opponent `os[i]`, move `xs[i]`) into
    /// `(next_ps[i], next_os[i])`; returns the number of boards. The outputs may be the inputs.
    fn board_next_batch(
        xs: BatchIn<i32>,
        ps: BatchIn<u64>,
        os: BatchIn<u64>,
        next_ps: BatchOut<u64>,
        next_os: BatchOut<u64>
    ) -> usize;
    /// `out[i] = count_last_flip(xs[i], ps[i])` for each board; returns the number of boards.
    fn count_last_flip_batch(xs: BatchIn<i32>, ps: BatchIn<u64>, out: BatchOut<i32>) -> usize;
    /// `out[i] = get_moves(ps[i], os[i])` for each board; returns the number of boards.
    fn get_moves_batch(ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<u64>) -> usize;
    /// `out[i] = get_mobility(ps[i], os[i])` for each board; returns the number of boards.
    fn get_mobility_batch(ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<i32>) -> usize;
    /// `out[i] = get_stability(ps[i], os[i])` for each board; returns the number of boards.
    fn get_stability_batch(ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<i32>) -> usize;
    /// `out[i]` = the hash code of board (ps[i], os[i]); returns the number of boards.
    fn hash_code_batch(ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<u64>) -> usize;
    /// Edax's `eval_sigma`: the error model of a search at `depth` (probcut at
    /// `probcut_depth`) on `n_empty` squares; 0 until Edax's `eval_open` has set its
    /// coefficients (see `eval::sigma`).
    fn eval_sigma(n_empty: i32, depth: i32, probcut_depth: i32) -> f64;

    c_abi {
        /// `ek_board_symetry`.
        fn ek_board_symetry(board: *const EkBoard, s: c_int, sym: *mut EkBoard) -> c_int;
        /// `ek_board_unique`.
        fn ek_board_unique(board: *const EkBoard, unique: *mut EkBoard) -> c_int;
        /// `ek_perft_stats`.
        fn ek_perft_stats(p: u64, o: u64, depth: c_int, out: *mut EkPerftStats) -> c_int;
        /// `ek_eval_set`.
        fn ek_eval_set(eval: *mut EkEval, board: *const EkBoard) -> c_int;
        /// `ek_eval_update`.
        fn ek_eval_update(eval: *mut EkEval, mv: *const EkMove) -> c_int;
        /// `ek_eval_accumulate`.
        fn ek_eval_accumulate(eval: *const EkEval) -> c_int;
        /// `ek_eval_accumulate_checked`.
        fn ek_eval_accumulate_checked(eval: *const EkEval, sum: *mut c_int) -> c_int;
        /// `ek_flip_batch`.
        fn ek_flip_batch(n: usize, xs: *const c_int, ps: *const u64, os: *const u64, out: *mut u64) -> c_int;
        /// `ek_board_next_batch`.
        fn ek_board_next_batch(
            n: usize,
            xs: *const c_int,
            ps: *const u64,
            os: *const u64,
            next_ps: *mut u64,
            next_os: *mut u64
        ) -> c_int;
        /// `ek_count_last_flip_batch`.
        fn ek_count_last_flip_batch(n: usize, xs: *const c_int, ps: *const u64, out: *mut c_int) -> c_int;
        /// `ek_get_moves_batch`.
        fn ek_get_moves_batch(n: usize, ps: *const u64, os: *const u64, out: *mut u64) -> c_int;
        /// `ek_get_mobility_batch`.
        fn ek_get_mobility_batch(n: usize, ps: *const u64, os: *const u64, out: *mut c_int) -> c_int;
        /// `ek_get_stability_batch`.
        fn ek_get_stability_batch(n: usize, ps: *const u64, os: *const u64, out: *mut c_int) -> c_int;
        /// `ek_solve_shallow`.
        fn ek_solve_shallow(board: *const EkBoard, alpha: c_int, n_nodes: *mut i64) -> c_int;
        /// `ek_nws_endgame`.
        fn ek_nws_endgame(
            board: *const EkBoard,
            alpha: c_int,
            table: *mut EkHashTable,
            stop: *const c_int,
            n_nodes: *mut i64
        ) -> c_int;
        /// `ek_nws_midgame`.
        fn ek_nws_midgame(
            board: *const EkBoard,
            alpha: c_int,
            depth: c_int,
            search: *const EkMidgameSearch,
            score: *mut c_int,
            n_nodes: *mut i64
        ) -> c_int;
        /// `ek_pvs_midgame`.
        fn ek_pvs_midgame(
            board: *const EkBoard,
            alpha: c_int,
            beta: c_int,
            depth: c_int,
            search: *const EkMidgameSearch,
            score: *mut c_int,
            n_nodes: *mut i64
        ) -> c_int;
        /// `ek_edax_search`.
        fn ek_edax_search(
            board: *const EkBoard,
            level: c_int,
            depth: c_int,
            selectivity: c_int,
            tables: *const EkEdaxTables,
            result: *mut EkEdaxResult
        ) -> c_int;
        /// `ek_solver_solve`.
        fn ek_solver_solve(
            solver: *mut EkSolver,
            board: *const EkBoard,
            alpha: c_int,
            beta: c_int,
            out: *mut EkSolveResult
        ) -> c_int;
        /// `ek_solver_solve_batch`.
        fn ek_solver_solve_batch(
            solver: *mut EkSolver,
            n: usize,
            players: *const u64,
            opponents: *const u64,
            scores: *mut i32,
            best_moves: *mut i32
        ) -> c_int;
        /// `ek_solver_solve_many`.
        fn ek_solver_solve_many(
            solver: *mut EkSolver,
            n: usize,
            players: *const u64,
            opponents: *const u64,
            alpha: c_int,
            beta: c_int,
            scores: *mut i32,
            best_moves: *mut i32,
            nodes: *mut u64,
            status: *mut i32
        ) -> c_int;
        /// `ek_board_get_hash_code_batch`.
        fn ek_board_get_hash_code_batch(n: usize, ps: *const u64, os: *const u64, out: *mut u64) -> c_int;
        /// Edax's `hash_get` (src/ffi/edax_abi.rs).
        fn hash_get(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, data: *mut EkHashData) -> bool;
        /// Edax's `hash_store`.
        fn hash_store(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, store: *const EkHashStore) -> ();
        /// Edax's `hash_force`.
        fn hash_force(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, store: *const EkHashStore) -> ();
        /// Edax's `hash_feed`.
        fn hash_feed(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, data: *const EkHashData) -> ();
        /// Edax's `hash_exclude_move`.
        fn hash_exclude_move(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, mv: c_int) -> ();
        /// The Rust API's `EkSolver::solve`: the solver's result or error in `out`.
        fn solver_solve(
            solver: &EkSolver,
            board: &EkBoard,
            alpha: i32,
            beta: i32,
            out: &mut Result<EkSolveResult, SolveError>
        ) -> ();
        /// `EkEngine::search` and `EkEngine::search_excluding` (a whole search, less the root's
        /// moves in `excluded`; the engine's bookkeeping runs here too).
        fn engine_search(
            engine: &EkEngine,
            board: &EkBoard,
            limits: &EkEngineLimits,
            excluded: u64,
            out: &mut Result<EkEngineResult, SolveError>
        ) -> ();
        /// `EkEngine::analyze`: the moves in `moves`, their number (or the error) in `out`.
        fn engine_analyze(
            engine: &EkEngine,
            board: &EkBoard,
            limits: &EkEngineLimits,
            moves: &mut [EkMoveScore; EK_MAX_MOVES as usize],
            out: &mut Result<usize, SolveError>
        ) -> ();
    }
}
