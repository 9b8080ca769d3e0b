//! The C-shaped entries: the whole body of each export with pointer arguments (`bodies/`), run
//! on the level's own table `K`, and the Rust API's solver and engine calls.

/// Defines the C-shaped entries for `$P`, compiled with `$feat`.
macro_rules! c_abi_entries {
    ($feat:ident, $P:ty) => {
        // SAFETY (every `unsafe` entry below): the contract of the export of the same name,
        // which is the body's, or the table's.
        $feat! {
            pub(in crate::dispatch) unsafe extern "C" fn ek_board_symetry(b: *const EkBoard, s: c_int, sym: *mut EkBoard) -> c_int {
                unsafe { board_body::board_symetry_body(&K, b, s, sym) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_board_unique(b: *const EkBoard, unique: *mut EkBoard) -> c_int {
                unsafe { board_body::board_unique_body(&K, b, unique) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_perft_stats(p: u64, o: u64, depth: c_int, out: *mut EkPerftStats) -> c_int {
                unsafe { board_body::perft_stats_body(&K, p, o, depth, out) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_eval_set(eval: *mut EkEval, b: *const EkBoard) -> c_int {
                unsafe { eval_body::eval_set_body(eval, b) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_eval_update(eval: *mut EkEval, mv: *const EkMove) -> c_int {
                unsafe { eval_body::eval_update_body(&K, eval, mv) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_eval_accumulate(eval: *const EkEval) -> c_int {
                unsafe { eval_body::eval_accumulate_body(&K, eval) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_eval_accumulate_checked(eval: *const EkEval, sum: *mut c_int) -> c_int {
                unsafe { eval_body::eval_accumulate_checked_body(&K, eval, sum) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_flip_batch(
                n: usize, xs: *const c_int, ps: *const u64, os: *const u64, out: *mut u64,
            ) -> c_int {
                unsafe { batch_body::flip_batch_body(&K, n, xs, ps, os, out) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_board_next_batch(
                n: usize, xs: *const c_int, ps: *const u64, os: *const u64, next_ps: *mut u64, next_os: *mut u64,
            ) -> c_int {
                unsafe { batch_body::board_next_batch_body(&K, n, xs, ps, os, next_ps, next_os) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_count_last_flip_batch(
                n: usize, xs: *const c_int, ps: *const u64, out: *mut c_int,
            ) -> c_int {
                unsafe { batch_body::count_last_flip_batch_body(&K, n, xs, ps, out) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_get_moves_batch(
                n: usize, ps: *const u64, os: *const u64, out: *mut u64,
            ) -> c_int {
                unsafe { batch_body::pair_batch_body(&K, Kernels::get_moves_batch, n, ps, os, out) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_get_mobility_batch(
                n: usize, ps: *const u64, os: *const u64, out: *mut c_int,
            ) -> c_int {
                unsafe { batch_body::pair_batch_body(&K, Kernels::get_mobility_batch, n, ps, os, out) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_get_stability_batch(
                n: usize, ps: *const u64, os: *const u64, out: *mut c_int,
            ) -> c_int {
                unsafe { batch_body::pair_batch_body(&K, Kernels::get_stability_batch, n, ps, os, out) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_board_get_hash_code_batch(
                n: usize, ps: *const u64, os: *const u64, out: *mut u64,
            ) -> c_int {
                unsafe { batch_body::pair_batch_body(&K, Kernels::hash_code_batch, n, ps, os, out) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_solve_shallow(
                b: *const EkBoard, alpha: c_int, n_nodes: *mut i64,
            ) -> c_int {
                unsafe { search_body::solve_shallow_body(&K, b, alpha, n_nodes) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_nws_endgame(
                b: *const EkBoard, alpha: c_int, table: *mut EkHashTable, stop: *const c_int, n_nodes: *mut i64,
            ) -> c_int {
                unsafe { search_body::nws_endgame_body::<$P>(b, alpha, table, stop, n_nodes) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_nws_midgame(
                b: *const EkBoard,
                alpha: c_int,
                depth: c_int,
                search: *const crate::endgame::midgame::EkMidgameSearch,
                score: *mut c_int,
                n_nodes: *mut i64,
            ) -> c_int {
                unsafe { search_body::nws_midgame_body::<$P>(b, alpha, depth, search, score, n_nodes) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_pvs_midgame(
                b: *const EkBoard,
                alpha: c_int,
                beta: c_int,
                depth: c_int,
                search: *const crate::endgame::midgame::EkMidgameSearch,
                score: *mut c_int,
                n_nodes: *mut i64,
            ) -> c_int {
                unsafe { search_body::pvs_midgame_body::<$P>(b, (alpha, beta), depth, search, score, n_nodes) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_edax_search(
                b: *const EkBoard,
                level: c_int,
                depth: c_int,
                selectivity: c_int,
                tables: *const crate::endgame::midgame::EkEdaxTables,
                result: *mut crate::endgame::midgame::EkEdaxResult,
            ) -> c_int {
                unsafe { search_body::edax_search_body::<$P>(b, (level, depth, selectivity), tables, result) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_solver_solve(
                solver: *mut EkSolver, b: *const EkBoard, alpha: c_int, beta: c_int, out: *mut EkSolveResult,
            ) -> c_int {
                unsafe { solver_body::solve_body::<$P>(solver, b, alpha, beta, out) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_solver_solve_batch(
                solver: *mut EkSolver, n: usize, players: *const u64, opponents: *const u64, scores: *mut i32,
                best_moves: *mut i32,
            ) -> c_int {
                unsafe { solver_body::solve_batch_body::<$P>(solver, n, players, opponents, scores, best_moves) }
            }
            #[allow(clippy::too_many_arguments)]
            pub(in crate::dispatch) unsafe extern "C" fn ek_solver_solve_many(
                solver: *mut EkSolver, n: usize, players: *const u64, opponents: *const u64, alpha: c_int, beta: c_int,
                scores: *mut i32, best_moves: *mut i32, nodes: *mut u64, status: *mut i32,
            ) -> c_int {
                unsafe {
                    solver_body::solve_many_body::<$P>(
                        solver, n, players, opponents, (alpha, beta), scores, best_moves, nodes, status,
                    )
                }
            }
            pub(in crate::dispatch) unsafe extern "C" fn hash_get(
                table: *mut EkHashTable, b: *const EkBoard, hash_code: u64, data: *mut EkHashData,
            ) -> bool {
                unsafe { table_body::hash_get_body(table, b, hash_code, data) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn hash_store(
                table: *mut EkHashTable, b: *const EkBoard, hash_code: u64, store: *const EkHashStore,
            ) {
                unsafe { table_body::hash_store_body(table, b, hash_code, store, false) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn hash_force(
                table: *mut EkHashTable, b: *const EkBoard, hash_code: u64, store: *const EkHashStore,
            ) {
                unsafe { table_body::hash_store_body(table, b, hash_code, store, true) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn hash_feed(
                table: *mut EkHashTable, b: *const EkBoard, hash_code: u64, data: *const EkHashData,
            ) {
                unsafe { table_body::hash_feed_body(table, b, hash_code, data) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn hash_exclude_move(
                table: *mut EkHashTable, b: *const EkBoard, hash_code: u64, mv: c_int,
            ) {
                unsafe { table_body::hash_exclude_move_body(table, b, hash_code, mv) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn solver_solve(
                solver: &EkSolver, b: &EkBoard, alpha: i32, beta: i32, out: &mut Result<EkSolveResult, SolveError>,
            ) {
                *out = solver.solve_on::<$P>(b, alpha, beta);
            }
            pub(in crate::dispatch) unsafe extern "C" fn engine_search(
                engine: &crate::engine::EkEngine,
                b: &EkBoard,
                limits: &crate::engine::EkEngineLimits,
                excluded: u64,
                out: &mut Result<crate::engine::EkEngineResult, SolveError>,
            ) {
                *out = engine.search_on::<$P>(b, limits, excluded);
            }
            pub(in crate::dispatch) unsafe extern "C" fn engine_analyze(
                engine: &crate::engine::EkEngine,
                b: &EkBoard,
                limits: &crate::engine::EkEngineLimits,
                moves: &mut [crate::engine::EkMoveScore; crate::engine::EK_MAX_MOVES as usize],
                out: &mut Result<usize, SolveError>,
            ) {
                *out = engine.analyze_on::<$P>(b, limits, moves);
            }
        }
    };
}
