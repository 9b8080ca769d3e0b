//! Table entries built from the generic algorithms.
//!
//! `generic_entries!([attributes] Prims; names...)` defines, in the calling ISA module, one
//! entry function per listed kernel, compiled with that ISA's `#[target_feature]` attributes
//! and composed from its [`Prims`](crate::generic::Prims) implementation. Every entry takes the
//! raw arguments of the C ABI and gives out-of-range squares their defined result.

macro_rules! generic_entry {
    (flip, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn flip(x: i32, p: u64, o: u64) -> u64 {
            if (x as u32) < 64 { <$P as Prims>::flip(x as usize, p, o) } else { 0 }
        }
    };
    (board_next, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn board_next(
            board: &core::cell::Cell<EkBoard>,
            x: i32,
            next: &core::cell::Cell<EkBoard>,
        ) -> u64 {
            // Two 8-byte loads, never one 16-byte load: a caller that just stored the board field
            // by field would stall on store forwarding.
            let b = board.as_ptr();
            // SAFETY: `board` is a valid reference; volatile reads are plain loads that the
            // compiler does not merge.
            let b = unsafe { EkBoard::new(core::ptr::addr_of!((*b).player).read_volatile(), core::ptr::addr_of!((*b).opponent).read_volatile()) };
            let flipped = if (x as u32) < 64 { <$P as Prims>::flip(x as usize, b.player, b.opponent) } else { 0 };
            next.set(b.next(x, flipped));
            flipped
        }
    };
    (count_last_flip, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn count_last_flip(x: i32, p: u64) -> i32 {
            if (x as u32) < 64 { <$P as Prims>::last_flip_count(x as usize, p) } else { 0 }
        }
    };
    (board_score_1, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn board_score_1(p: u64, o: u64, beta: i32, x: i32) -> i32 {
            crate::generic::score::board_score_1::<$P>(p, o, beta, x)
        }
    };
    (board_score_1_exact, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn board_score_1_exact(p: u64, o: u64, x: i32) -> i32 {
            crate::generic::score::board_score_1_exact::<$P>(p, o, x)
        }
    };
    (get_moves, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn get_moves(p: u64, o: u64) -> u64 {
            <$P as Prims>::get_moves(p, o)
        }
    };
    (can_move, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn can_move(p: u64, o: u64) -> bool {
            <$P as Prims>::can_move(p, o)
        }
    };
    (get_mobility, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn get_mobility(p: u64, o: u64) -> i32 {
            <$P as Prims>::popcount(<$P as Prims>::get_moves(p, o)) as i32
        }
    };
    (get_weighted_mobility, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn get_weighted_mobility(p: u64, o: u64) -> i32 {
            let m = <$P as Prims>::get_moves(p, o);
            (<$P as Prims>::popcount(m) + <$P as Prims>::popcount(m & crate::generic::masks::CORNERS)) as i32
        }
    };
    (get_potential_mobility, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn get_potential_mobility(p: u64, o: u64) -> i32 {
            let m = crate::generic::moves::potential_moves(p, o);
            (<$P as Prims>::popcount(m) + <$P as Prims>::popcount(m & crate::generic::masks::CORNERS)) as i32
        }
    };
    (get_stability, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn get_stability(p: u64, o: u64) -> i32 {
            <$P as Prims>::popcount(crate::generic::stability::stable_discs(p, o)) as i32
        }
    };
    (get_edge_stability, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn get_edge_stability(p: u64, o: u64) -> i32 {
            <$P as Prims>::popcount(crate::generic::stability::stable_edge(p, o)) as i32
        }
    };
    (get_corner_stability, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn get_corner_stability(p: u64) -> i32 {
            <$P as Prims>::popcount(crate::generic::stability::corner_stable(p)) as i32
        }
    };
    (hash_code, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn hash_code(b: &EkBoard) -> u64 {
            crate::generic::crc32c::hash_code(b.player, b.opponent)
        }
    };
    (symmetry, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn symmetry(b: EkBoard, s: i32) -> EkBoard {
            crate::generic::symmetry::symmetry(b, s as u32)
        }
    };
    (unique, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn unique(b: EkBoard) -> UniqueBoard {
            let (board, s) = crate::generic::symmetry::unique(b);
            UniqueBoard { board, symmetry: s as i32 }
        }
    };
    (bit_count, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn bit_count(b: u64) -> i32 {
            <$P as Prims>::popcount(b) as i32
        }
    };
    (bit_weighted_count, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn bit_weighted_count(b: u64) -> i32 {
            (<$P as Prims>::popcount(b) + <$P as Prims>::popcount(b & crate::generic::masks::CORNERS)) as i32
        }
    };
    (eval_sigma, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn eval_sigma(n_empty: i32, depth: i32, probcut_depth: i32) -> f64 {
            crate::eval::sigma::sigma(n_empty, depth, probcut_depth)
        }
    };
    (eval_update, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn eval_update(
            from: &EkEvalFeature,
            to: &mut EkEvalFeature,
            x: i32,
            flipped: u64,
            player: i32,
        ) {
            *to = crate::eval::update_scalar(from, x as usize, flipped, player);
        }
    };
    (eval_accumulate, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn eval_accumulate(
            f: &EkEvalFeature,
            weights: &[i16; INDEX_LEN],
        ) -> i32 {
            crate::eval::accumulate_scalar(f, weights)
        }
    };
    (solve_shallow, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn solve_shallow(board: &EkBoard, alpha: i32, n_nodes: &mut i64) -> i32 {
            match crate::endgame::solve_shallow::<$P>(board.player, board.opponent, alpha) {
                Some((score, nodes)) => {
                    *n_nodes = n_nodes.wrapping_add(nodes as i64);
                    score
                }
                None => crate::endgame::NOT_SEARCHED,
            }
        }
    };
    (perft, [$($a:tt)*] $P:ty) => {
        $($a)* pub(in crate::isa) unsafe extern "C" fn perft(b: EkBoard, depth: i32) -> EkPerftStats {
            crate::generic::perft::perft::<$P>(b, depth)
        }
    };
}

macro_rules! generic_entries {
    ($attrs:tt $P:ty; $($name:ident),* $(,)?) => {
        /// Entries compiled from the generic algorithms with this level's features.
        pub(super) mod g {
            #[allow(unused_imports)]
            use crate::{board::{EkBoard, UniqueBoard}, generic::{perft::EkPerftStats, Prims}};
            #[allow(unused_imports)]
            use crate::eval::{EkEvalFeature, weights::INDEX_LEN};
            #[allow(unused_imports)]
            use super::*;
            $( generic_entry!($name, $attrs $P); )*
        }
    };
}

/// `c_entries!([attributes] Prims)` defines, in the calling ISA module, the entries of the
/// `c_abi` group of the kernel table (src/isa/mod.rs): each is its export's body (in src/ffi),
/// compiled with that ISA's `#[target_feature]` attributes and calling that ISA's own kernels
/// through its constant `KERNELS` table (direct calls once the compiler folds the load), or, for
/// the solver, the search instantiated for its `Prims`. It also makes the `Prims` type a solver
/// [`Level`](crate::solver::search::Level): the search's recursion as two functions with the
/// ISA's attributes.
macro_rules! c_entries {
    ([$($a:tt)*] $P:ty) => {
        /// The C-shaped entries: whole export bodies compiled with this level's features.
        pub(super) mod c {
            #[allow(unused_imports)]
            use super::*;
            use super::KERNELS as K;
            use crate::board::EkBoard;
            use crate::eval::{EkEval, EkMove};
            use crate::ffi::{api, batch_api as batch, eval_api, solver_api};
            use crate::generic::perft::EkPerftStats;
            use crate::solver::search::{Level, Search};
            use crate::solver::{EkSolveResult, EkSolver};
            use core::ffi::c_int;

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
            }
            impl crate::endgame::NwsLevel for $P {
                #[inline(always)]
                fn nws(s: &mut crate::endgame::NwsSearch, p: u64, o: u64, alpha: i32, e: crate::endgame::Empties) -> i32 {
                    // SAFETY: as in `Level`.
                    unsafe { nws_endgame_node(s, p, o, alpha, e) }
                }
            }
            $($a)* unsafe fn nws_endgame_node(
                s: &mut crate::endgame::NwsSearch, p: u64, o: u64, alpha: i32, e: crate::endgame::Empties,
            ) -> i32 {
                s.nws::<$P>(p, o, alpha, e)
            }
            $($a)* unsafe fn nws(s: &mut Search, p: u64, o: u64, alpha: i32) -> i32 {
                crate::solver::search::nws::<$P>(s, p, o, alpha)
            }
            $($a)* unsafe fn pvs(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
                crate::solver::search::pvs::<$P>(s, p, o, alpha, beta)
            }

            // SAFETY (every entry below): the caller keeps the contract of the export of the
            // same name, which is the body's.
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_board_symetry(b: *const EkBoard, s: c_int, sym: *mut EkBoard) -> c_int {
                unsafe { api::board_symetry_body(&K, b, s, sym) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_board_unique(b: *const EkBoard, unique: *mut EkBoard) -> c_int {
                unsafe { api::board_unique_body(&K, b, unique) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_perft_stats(p: u64, o: u64, depth: c_int, out: *mut EkPerftStats) -> c_int {
                unsafe { api::perft_stats_body(&K, p, o, depth, out) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_eval_set(eval: *mut EkEval, b: *const EkBoard) -> c_int {
                unsafe { eval_api::eval_set_body(eval, b) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_eval_update(eval: *mut EkEval, mv: *const EkMove) -> c_int {
                unsafe { eval_api::eval_update_body(&K, eval, mv) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_eval_accumulate(eval: *const EkEval) -> c_int {
                unsafe { eval_api::eval_accumulate_body(&K, eval) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_eval_accumulate_checked(eval: *const EkEval, sum: *mut c_int) -> c_int {
                unsafe { eval_api::eval_accumulate_checked_body(&K, eval, sum) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_flip_batch(
                n: usize, xs: *const c_int, ps: *const u64, os: *const u64, out: *mut u64,
            ) -> c_int {
                unsafe { batch::flip_batch_body(&K, n, xs, ps, os, out) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_board_next_batch(
                n: usize, xs: *const c_int, ps: *const u64, os: *const u64, next_ps: *mut u64, next_os: *mut u64,
            ) -> c_int {
                unsafe { batch::board_next_batch_body(&K, n, xs, ps, os, next_ps, next_os) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_count_last_flip_batch(
                n: usize, xs: *const c_int, ps: *const u64, out: *mut c_int,
            ) -> c_int {
                unsafe { batch::count_last_flip_batch_body(&K, n, xs, ps, out) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_get_moves_batch(
                n: usize, ps: *const u64, os: *const u64, out: *mut u64,
            ) -> c_int {
                unsafe { batch::pair_batch_body(&K, crate::Kernels::get_moves_batch, n, ps, os, out) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_get_mobility_batch(
                n: usize, ps: *const u64, os: *const u64, out: *mut c_int,
            ) -> c_int {
                unsafe { batch::pair_batch_body(&K, crate::Kernels::get_mobility_batch, n, ps, os, out) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_get_stability_batch(
                n: usize, ps: *const u64, os: *const u64, out: *mut c_int,
            ) -> c_int {
                unsafe { batch::pair_batch_body(&K, crate::Kernels::get_stability_batch, n, ps, os, out) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_solve_shallow(
                b: *const EkBoard, alpha: c_int, n_nodes: *mut i64,
            ) -> c_int {
                unsafe { solver_api::solve_shallow_body(&K, b, alpha, n_nodes) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_nws_endgame(
                b: *const EkBoard, alpha: c_int, table: *mut crate::hash_table::EkHashTable, stop: *const c_int,
                n_nodes: *mut i64,
            ) -> c_int {
                unsafe { solver_api::nws_endgame_body::<$P>(b, alpha, table, stop, n_nodes) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_solver_solve(
                solver: *mut EkSolver, b: *const EkBoard, alpha: c_int, beta: c_int, out: *mut EkSolveResult,
            ) -> c_int {
                unsafe { solver_api::solve_body::<$P>(solver, b, alpha, beta, out) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_solver_solve_batch(
                solver: *mut EkSolver, n: usize, players: *const u64, opponents: *const u64, scores: *mut i32,
                best_moves: *mut i32,
            ) -> c_int {
                unsafe { solver_api::solve_batch_body::<$P>(solver, n, players, opponents, scores, best_moves) }
            }
            $($a)* pub(in crate::isa) unsafe extern "C" fn ek_board_get_hash_code_batch(
                n: usize, ps: *const u64, os: *const u64, out: *mut u64,
            ) -> c_int {
                unsafe { batch::pair_batch_body(&K, crate::Kernels::hash_code_batch, n, ps, os, out) }
            }
        }
    };
}

/// A level's table: the given fields (ending with a comma), then the `c_abi` fields from the
/// `c` module `c_entries!` made.
macro_rules! c_fields {
    ($table:ident { $($fields:tt)* }) => {
        $table {
            $($fields)*
            ek_board_symetry: c::ek_board_symetry,
            ek_board_unique: c::ek_board_unique,
            ek_perft_stats: c::ek_perft_stats,
            ek_eval_set: c::ek_eval_set,
            ek_eval_update: c::ek_eval_update,
            ek_eval_accumulate: c::ek_eval_accumulate,
            ek_eval_accumulate_checked: c::ek_eval_accumulate_checked,
            ek_flip_batch: c::ek_flip_batch,
            ek_board_next_batch: c::ek_board_next_batch,
            ek_count_last_flip_batch: c::ek_count_last_flip_batch,
            ek_get_moves_batch: c::ek_get_moves_batch,
            ek_get_mobility_batch: c::ek_get_mobility_batch,
            ek_get_stability_batch: c::ek_get_stability_batch,
            ek_board_get_hash_code_batch: c::ek_board_get_hash_code_batch,
            ek_solve_shallow: c::ek_solve_shallow,
            ek_nws_endgame: c::ek_nws_endgame,
            ek_solver_solve: c::ek_solver_solve,
            ek_solver_solve_batch: c::ek_solver_solve_batch,
        }
    };
}
