//! Every entry of a level's table, built from the generic algorithms of the layers below.
//!
//! `level_entries!(Isa::X, features, P)` defines, in the calling level module (levels.rs), one
//! `extern "C"` function per kernel of the table, each compiled with the level's target
//! features (its `features!` macro, src/kernels) and composed from its primitives `P`
//! ([`Prims`](crate::kernels::Prims), [`EvalPrims`](crate::eval::EvalPrims)); the C-shaped
//! entries, which run the export bodies of `bodies/` on the level's own constant table `KERNELS`
//! (direct calls once the compiler folds the load); the searches' recursion for `P`
//! (endgame and solver levels); and `ENTRIES`, the table of them all, from which the level's
//! `KERNELS` takes what it does not override. Every entry takes the raw arguments of the C ABI
//! and gives out-of-range squares their defined result.
//!
//! One macro, kept whole: each level gets the same list of entries.

macro_rules! level_entries {
    ($isa:expr, $feat:ident, $P:ty) => {
        #[allow(unused_imports)]
        use crate::dispatch::bodies::{
            batch as batch_body, board as board_body, eval as eval_body, search as search_body, table as table_body,
        };
        #[allow(unused_imports)]
        use crate::dispatch::{Isa, Kernels};
        #[allow(unused_imports)]
        use crate::eval::{weights::INDEX_LEN, EkEval, EkEvalFeature, EkMove, EvalPrims};
        #[allow(unused_imports)]
        use crate::hash_table::{EkHashData, EkHashStore, EkHashTable};
        #[allow(unused_imports)]
        use crate::kernels::{masks::CORNERS, Prims};
        #[allow(unused_imports)]
        use crate::solver::{search_state::{Level, Search}, EkSolver};
        #[allow(unused_imports)]
        use crate::types::batch::{BatchIn, BatchOut};
        #[allow(unused_imports)]
        use crate::types::board::{EkBoard, UniqueBoard};
        #[allow(unused_imports)]
        use crate::types::results::{EkPerftStats, EkSolveResult, SolveError};
        #[allow(unused_imports)]
        use core::ffi::c_int;
        use KERNELS as K;

        /// Every entry of this level, generic; `KERNELS` overrides some of them.
        #[allow(dead_code)]
        const ENTRIES: Kernels = Kernels {
            isa: $isa,
            flip, board_next, count_last_flip, board_score_1, board_score_1_exact, get_moves, can_move,
            get_mobility, get_weighted_mobility, get_potential_mobility, get_stability, get_edge_stability,
            get_corner_stability, hash_code, symmetry, unique, bit_count, bit_weighted_count, eval_update,
            eval_accumulate, perft, solve_shallow, flip_batch, board_next_batch, count_last_flip_batch,
            get_moves_batch, get_mobility_batch, get_stability_batch, hash_code_batch, eval_sigma,
            ek_board_symetry, ek_board_unique, ek_perft_stats, ek_eval_set, ek_eval_update, ek_eval_accumulate,
            ek_eval_accumulate_checked, ek_flip_batch, ek_board_next_batch, ek_count_last_flip_batch,
            ek_get_moves_batch, ek_get_mobility_batch, ek_get_stability_batch, ek_solve_shallow, ek_nws_endgame, ek_nws_midgame, ek_pvs_midgame, ek_edax_search,
            ek_solver_solve, ek_solver_solve_batch, ek_solver_solve_many, ek_board_get_hash_code_batch, hash_get, hash_store, hash_force,
            hash_feed, hash_exclude_move, solver_solve, engine_search, engine_analyze,
        };

        impl Level for $P {
            #[inline(always)]
            fn nws(s: &mut Search, p: u64, o: u64, alpha: i32) -> i32 {
                // SAFETY: only reached from this level's entries, which run on a CPU that has
                // the level's features.
                unsafe { nws(s, p, o, alpha) }
            }
            #[inline(always)]
            fn pvs(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
                // SAFETY: as above.
                unsafe { pvs(s, p, o, alpha, beta) }
            }
            #[inline(always)]
            fn root(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, u8) {
                // SAFETY: as above.
                unsafe { root(s, p, o, alpha, beta) }
            }
            #[inline(always)]
            fn help(s: &mut Search, done: &core::sync::atomic::AtomicBool) {
                // SAFETY: as above.
                unsafe { help(s, done) }
            }
            #[inline(always)]
            fn split(
                s: &mut Search,
                node: (u64, u64),
                list: &mut crate::solver::order::MoveList,
                window: (i32, i32, bool),
                n: u32,
                best: (i32, u8),
            ) -> Option<(i32, u8)> {
                // SAFETY: as above.
                unsafe { split(s, node, list, window, n, best) }
            }
            #[inline(always)]
            unsafe fn midgame_run(
                tables: [*mut crate::hash_table::EkHashTable; 3],
                controls: crate::endgame::midgame::RunControls,
                w: &crate::eval::Weights,
                board: (u64, u64),
                level: (i32, i32),
            ) -> crate::endgame::midgame::RootResult {
                // SAFETY: as above; the tables as the caller's contract says.
                unsafe { search_run_node(tables, controls, w, board, level) }
            }
        }
        impl crate::endgame::NwsLevel for $P {
            #[inline(always)]
            fn nws(s: &mut crate::endgame::NwsSearch, p: u64, o: u64, alpha: i32, e: crate::endgame::Empties) -> i32 {
                // SAFETY: as in `Level`.
                unsafe { nws_endgame_node(s, p, o, alpha, e) }
            }
        }

        impl crate::endgame::midgame::MidgameLevel for $P {
            #[inline(always)]
            fn nws_midgame(
                s: &mut crate::endgame::midgame::Midgame,
                pos: &crate::endgame::midgame::Position,
                alpha: i32,
                depth: i32,
                at: crate::endgame::midgame::Ply,
            ) -> i32 {
                // SAFETY: as in `Level`.
                unsafe { nws_midgame_node(s, pos, alpha, depth, at) }
            }
            #[inline(always)]
            fn pvs_midgame(
                s: &mut crate::endgame::midgame::Midgame,
                pos: &crate::endgame::midgame::Position,
                alpha: i32,
                beta: i32,
                depth: i32,
                at: crate::endgame::midgame::Ply,
            ) -> i32 {
                // SAFETY: as in `Level`.
                unsafe { pvs_midgame_node(s, pos, alpha, beta, depth, at) }
            }
            #[inline(always)]
            fn nws_shallow(
                s: &mut crate::endgame::midgame::Midgame,
                pos: &crate::endgame::midgame::Position,
                alpha: i32,
                depth: i32,
                shallow: bool,
            ) -> i32 {
                // SAFETY: as in `Level`.
                unsafe { nws_shallow_node(s, pos, alpha, depth, shallow) }
            }
            #[inline(always)]
            fn pvs_shallow(
                s: &mut crate::endgame::midgame::Midgame,
                pos: &crate::endgame::midgame::Position,
                alpha: i32,
                beta: i32,
                depth: i32,
            ) -> i32 {
                // SAFETY: as in `Level`.
                unsafe { pvs_shallow_node(s, pos, alpha, beta, depth) }
            }
            #[inline(always)]
            fn route_pvs(
                s: &mut crate::endgame::midgame::Midgame,
                pos: &crate::endgame::midgame::Position,
                alpha: i32,
                beta: i32,
                depth: i32,
                at: crate::endgame::midgame::Ply,
            ) -> i32 {
                // SAFETY: as in `Level`.
                unsafe { route_pvs_node(s, pos, alpha, beta, depth, at) }
            }
            #[inline(always)]
            fn pvs_root(r: &mut crate::endgame::midgame::Root, alpha: i32, beta: i32, depth: i32) -> i32 {
                // SAFETY: as in `Level`.
                unsafe { pvs_root_node(r, alpha, beta, depth) }
            }
            #[inline(always)]
            unsafe fn search_run(
                tables: [*mut crate::hash_table::EkHashTable; 3],
                controls: crate::endgame::midgame::RunControls,
                w: &crate::eval::Weights,
                board: (u64, u64),
                level: (i32, i32),
            ) -> crate::endgame::midgame::RootResult {
                // SAFETY: as in `Level`; the tables as the caller's contract says.
                unsafe { search_run_node(tables, controls, w, board, level) }
            }
        }

        // SAFETY (every `unsafe` entry below): the table's contract, or for the `ek_` ones the
        // contract of the export of the same name, which is the body's.
        $feat! {
            unsafe fn nws_endgame_node(
                s: &mut crate::endgame::NwsSearch, p: u64, o: u64, alpha: i32, e: crate::endgame::Empties,
            ) -> i32 {
                s.nws::<$P>(p, o, alpha, e)
            }
            unsafe fn nws_midgame_node(
                s: &mut crate::endgame::midgame::Midgame,
                pos: &crate::endgame::midgame::Position,
                alpha: i32,
                depth: i32,
                at: crate::endgame::midgame::Ply,
            ) -> i32 {
                s.nws::<$P>(pos, alpha, depth, at)
            }
            unsafe fn pvs_midgame_node(
                s: &mut crate::endgame::midgame::Midgame,
                pos: &crate::endgame::midgame::Position,
                alpha: i32,
                beta: i32,
                depth: i32,
                at: crate::endgame::midgame::Ply,
            ) -> i32 {
                s.pvs::<$P>(pos, alpha, beta, depth, at)
            }
            unsafe fn nws_shallow_node(
                s: &mut crate::endgame::midgame::Midgame,
                pos: &crate::endgame::midgame::Position,
                alpha: i32,
                depth: i32,
                shallow: bool,
            ) -> i32 {
                s.nws_shallow::<$P>(pos, alpha, depth, shallow)
            }
            unsafe fn pvs_shallow_node(
                s: &mut crate::endgame::midgame::Midgame,
                pos: &crate::endgame::midgame::Position,
                alpha: i32,
                beta: i32,
                depth: i32,
            ) -> i32 {
                s.pvs_shallow::<$P>(pos, alpha, beta, depth)
            }
            unsafe fn route_pvs_node(
                s: &mut crate::endgame::midgame::Midgame,
                pos: &crate::endgame::midgame::Position,
                alpha: i32,
                beta: i32,
                depth: i32,
                at: crate::endgame::midgame::Ply,
            ) -> i32 {
                s.route_pvs::<$P>(pos, alpha, beta, depth, at)
            }
            unsafe fn pvs_root_node(r: &mut crate::endgame::midgame::Root, alpha: i32, beta: i32, depth: i32) -> i32 {
                r.pvs_root::<$P>(alpha, beta, depth)
            }
            unsafe fn search_run_node(
                tables: [*mut crate::hash_table::EkHashTable; 3],
                controls: crate::endgame::midgame::RunControls,
                w: &crate::eval::Weights,
                board: (u64, u64),
                level: (i32, i32),
            ) -> crate::endgame::midgame::RootResult {
                unsafe { crate::endgame::midgame::search_run::<$P>(tables, controls, w, board, level) }
            }
            unsafe fn nws(s: &mut Search, p: u64, o: u64, alpha: i32) -> i32 {
                crate::solver::search::nws::<$P>(s, p, o, alpha)
            }
            unsafe fn pvs(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
                crate::solver::search::pvs::<$P>(s, p, o, alpha, beta)
            }
            unsafe fn root(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, u8) {
                crate::solver::search::pvs_with_move::<$P>(s, p, o, alpha, beta)
            }
            unsafe fn help(s: &mut Search, done: &core::sync::atomic::AtomicBool) {
                crate::solver::split::help::<$P>(s, done)
            }
            unsafe fn split(
                s: &mut Search,
                node: (u64, u64),
                list: &mut crate::solver::order::MoveList,
                window: (i32, i32, bool),
                n: u32,
                best: (i32, u8),
            ) -> Option<(i32, u8)> {
                crate::solver::split::split::<$P>(s, node, list, window, n, best)
            }

            pub(in crate::dispatch) unsafe extern "C" fn flip(x: i32, p: u64, o: u64) -> u64 {
                if (x as u32) < 64 { <$P as Prims>::flip(x as usize, p, o) } else { 0 }
            }
            pub(in crate::dispatch) unsafe extern "C" fn board_next(
                board: &core::cell::Cell<EkBoard>,
                x: i32,
                next: &core::cell::Cell<EkBoard>,
            ) -> u64 {
                // Two 8-byte loads, never one 16-byte load: a caller that just stored the board
                // field by field would stall on store forwarding.
                let b = board.as_ptr();
                // SAFETY: `board` is a valid reference; volatile reads are plain loads that the
                // compiler does not merge.
                let b = unsafe {
                    EkBoard::new(
                        core::ptr::addr_of!((*b).player).read_volatile(),
                        core::ptr::addr_of!((*b).opponent).read_volatile(),
                    )
                };
                let flipped = if (x as u32) < 64 { <$P as Prims>::flip(x as usize, b.player, b.opponent) } else { 0 };
                next.set(b.next(x, flipped));
                flipped
            }
            pub(in crate::dispatch) unsafe extern "C" fn count_last_flip(x: i32, p: u64) -> i32 {
                if (x as u32) < 64 { <$P as Prims>::last_flip_count(x as usize, p) } else { 0 }
            }
            pub(in crate::dispatch) unsafe extern "C" fn board_score_1(p: u64, o: u64, beta: i32, x: i32) -> i32 {
                crate::kernels::score::board_score_1::<$P>(p, o, beta, x)
            }
            pub(in crate::dispatch) unsafe extern "C" fn board_score_1_exact(p: u64, o: u64, x: i32) -> i32 {
                crate::kernels::score::board_score_1_exact::<$P>(p, o, x)
            }
            pub(in crate::dispatch) unsafe extern "C" fn get_moves(p: u64, o: u64) -> u64 {
                <$P as Prims>::get_moves(p, o)
            }
            pub(in crate::dispatch) unsafe extern "C" fn can_move(p: u64, o: u64) -> bool {
                <$P as Prims>::can_move(p, o)
            }
            pub(in crate::dispatch) unsafe extern "C" fn get_mobility(p: u64, o: u64) -> i32 {
                <$P as Prims>::popcount(<$P as Prims>::get_moves(p, o)) as i32
            }
            pub(in crate::dispatch) unsafe extern "C" fn get_weighted_mobility(p: u64, o: u64) -> i32 {
                let m = <$P as Prims>::get_moves(p, o);
                (<$P as Prims>::popcount(m) + <$P as Prims>::popcount(m & CORNERS)) as i32
            }
            pub(in crate::dispatch) unsafe extern "C" fn get_potential_mobility(p: u64, o: u64) -> i32 {
                let m = crate::kernels::moves::potential_moves(p, o);
                (<$P as Prims>::popcount(m) + <$P as Prims>::popcount(m & CORNERS)) as i32
            }
            pub(in crate::dispatch) unsafe extern "C" fn get_stability(p: u64, o: u64) -> i32 {
                <$P as Prims>::get_stability(p, o)
            }
            pub(in crate::dispatch) unsafe extern "C" fn get_edge_stability(p: u64, o: u64) -> i32 {
                <$P as Prims>::edge_stability(p, o)
            }
            pub(in crate::dispatch) unsafe extern "C" fn get_corner_stability(p: u64) -> i32 {
                <$P as Prims>::popcount(crate::kernels::stability::corner_stable(p)) as i32
            }
            pub(in crate::dispatch) unsafe extern "C" fn hash_code(b: &EkBoard) -> u64 {
                <$P as Prims>::hash_code(b.player, b.opponent)
            }
            pub(in crate::dispatch) unsafe extern "C" fn symmetry(b: EkBoard, s: i32) -> EkBoard {
                <$P as Prims>::symmetry(b, s)
            }
            pub(in crate::dispatch) unsafe extern "C" fn unique(b: EkBoard) -> UniqueBoard {
                <$P as Prims>::unique(b)
            }
            pub(in crate::dispatch) unsafe extern "C" fn bit_count(b: u64) -> i32 {
                <$P as Prims>::popcount(b) as i32
            }
            pub(in crate::dispatch) unsafe extern "C" fn bit_weighted_count(b: u64) -> i32 {
                (<$P as Prims>::popcount(b) + <$P as Prims>::popcount(b & CORNERS)) as i32
            }
            pub(in crate::dispatch) unsafe extern "C" fn eval_sigma(n_empty: i32, depth: i32, probcut_depth: i32) -> f64 {
                crate::eval::sigma::sigma(n_empty, depth, probcut_depth)
            }
            pub(in crate::dispatch) unsafe extern "C" fn eval_update(
                from: &EkEvalFeature,
                to: &mut EkEvalFeature,
                x: i32,
                flipped: u64,
                player: i32,
            ) {
                <$P as EvalPrims>::update(from, to, x, flipped, player)
            }
            pub(in crate::dispatch) unsafe extern "C" fn eval_accumulate(f: &EkEvalFeature, weights: &[i16; INDEX_LEN]) -> i32 {
                <$P as EvalPrims>::accumulate(f, weights)
            }
            pub(in crate::dispatch) unsafe extern "C" fn solve_shallow(board: &EkBoard, alpha: i32, n_nodes: &mut i64) -> i32 {
                match crate::endgame::solve_shallow::<$P>(board.player, board.opponent, alpha) {
                    Some((score, nodes)) => {
                        *n_nodes = n_nodes.wrapping_add(nodes as i64);
                        score
                    }
                    None => crate::endgame::NOT_SEARCHED,
                }
            }
            pub(in crate::dispatch) unsafe extern "C" fn perft(b: EkBoard, depth: i32) -> EkPerftStats {
                crate::kernels::perft::perft::<$P>(b, depth)
            }

            // Batch entries looping over this level's single-board entries (the SIMD levels
            // override some with their own batch kernels, src/kernels/batch).
            pub(in crate::dispatch) unsafe extern "C" fn flip_batch(
                xs: BatchIn<i32>, ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<u64>,
            ) -> usize {
                let n = xs.len().min(ps.len()).min(os.len()).min(out.len());
                for i in 0..n {
                    // SAFETY: i < n, within every array.
                    unsafe { out.set(i, flip(xs.get(i), ps.get(i), os.get(i))) };
                }
                n
            }
            pub(in crate::dispatch) unsafe extern "C" fn board_next_batch(
                xs: BatchIn<i32>, ps: BatchIn<u64>, os: BatchIn<u64>, next_ps: BatchOut<u64>, next_os: BatchOut<u64>,
            ) -> usize {
                let n = xs.len().min(ps.len()).min(os.len()).min(next_ps.len()).min(next_os.len());
                for i in 0..n {
                    // SAFETY: i < n, within every array; board i is read before it is written.
                    unsafe {
                        let (x, b) = (xs.get(i), EkBoard::new(ps.get(i), os.get(i)));
                        let next = b.next(x, flip(x, b.player, b.opponent));
                        next_ps.set(i, next.player);
                        next_os.set(i, next.opponent);
                    }
                }
                n
            }
            pub(in crate::dispatch) unsafe extern "C" fn count_last_flip_batch(
                xs: BatchIn<i32>, ps: BatchIn<u64>, out: BatchOut<i32>,
            ) -> usize {
                let n = xs.len().min(ps.len()).min(out.len());
                for i in 0..n {
                    // SAFETY: i < n, within every array.
                    unsafe { out.set(i, count_last_flip(xs.get(i), ps.get(i))) };
                }
                n
            }
            pub(in crate::dispatch) unsafe extern "C" fn get_moves_batch(ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<u64>) -> usize {
                let n = ps.len().min(os.len()).min(out.len());
                for i in 0..n {
                    // SAFETY: i < n, within every array.
                    unsafe { out.set(i, get_moves(ps.get(i), os.get(i))) };
                }
                n
            }
            pub(in crate::dispatch) unsafe extern "C" fn get_mobility_batch(ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<i32>) -> usize {
                let n = ps.len().min(os.len()).min(out.len());
                for i in 0..n {
                    // SAFETY: i < n, within every array.
                    unsafe { out.set(i, get_mobility(ps.get(i), os.get(i))) };
                }
                n
            }
            pub(in crate::dispatch) unsafe extern "C" fn get_stability_batch(ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<i32>) -> usize {
                let n = ps.len().min(os.len()).min(out.len());
                for i in 0..n {
                    // SAFETY: i < n, within every array.
                    unsafe { out.set(i, get_stability(ps.get(i), os.get(i))) };
                }
                n
            }
            pub(in crate::dispatch) unsafe extern "C" fn hash_code_batch(ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<u64>) -> usize {
                let n = ps.len().min(os.len()).min(out.len());
                for i in 0..n {
                    // SAFETY: i < n, within every array.
                    unsafe { out.set(i, hash_code(&EkBoard::new(ps.get(i), os.get(i)))) };
                }
                n
            }

            // The C-shaped entries: whole export bodies.
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
                unsafe { search_body::solve_body::<$P>(solver, b, alpha, beta, out) }
            }
            pub(in crate::dispatch) unsafe extern "C" fn ek_solver_solve_batch(
                solver: *mut EkSolver, n: usize, players: *const u64, opponents: *const u64, scores: *mut i32,
                best_moves: *mut i32,
            ) -> c_int {
                unsafe { search_body::solve_batch_body::<$P>(solver, n, players, opponents, scores, best_moves) }
            }
            #[allow(clippy::too_many_arguments)]
            pub(in crate::dispatch) unsafe extern "C" fn ek_solver_solve_many(
                solver: *mut EkSolver, n: usize, players: *const u64, opponents: *const u64, alpha: c_int, beta: c_int,
                scores: *mut i32, best_moves: *mut i32, nodes: *mut u64, status: *mut i32,
            ) -> c_int {
                unsafe {
                    search_body::solve_many_body::<$P>(
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
                out: &mut Result<crate::engine::EkEngineResult, SolveError>,
            ) {
                *out = engine.search_on::<$P>(b, limits);
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
