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
//! One macro, whose parts are macros of their own, each in its file: `kernels.rs` (the kernels'
//! entries), `searches.rs` (the searches' per-level recursion), `c_abi.rs` (the C-shaped
//! entries). `level_entries!` invokes every part, so each level gets the same list of entries.

#[macro_use]
mod c_abi;
#[macro_use]
mod kernels;
#[macro_use]
mod searches;

macro_rules! level_entries {
    ($isa:expr, $feat:ident, $P:ty) => {
        #[allow(unused_imports)]
        use crate::dispatch::bodies::{
            batch as batch_body, board as board_body, eval as eval_body, search as search_body, solver as solver_body,
            table as table_body,
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
        use crate::solver::{
            search_state::{Level, Search},
            EkSolver,
        };
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
            module: module_path!(),
            flip,
            board_next,
            count_last_flip,
            board_score_1,
            board_score_1_exact,
            get_moves,
            can_move,
            get_mobility,
            get_weighted_mobility,
            get_potential_mobility,
            get_stability,
            get_edge_stability,
            get_corner_stability,
            hash_code,
            symmetry,
            unique,
            bit_count,
            bit_weighted_count,
            eval_update,
            eval_accumulate,
            perft,
            solve_shallow,
            flip_batch,
            board_next_batch,
            count_last_flip_batch,
            get_moves_batch,
            get_mobility_batch,
            get_stability_batch,
            hash_code_batch,
            eval_sigma,
            ek_board_symetry,
            ek_board_unique,
            ek_perft_stats,
            ek_eval_set,
            ek_eval_update,
            ek_eval_accumulate,
            ek_eval_accumulate_checked,
            ek_flip_batch,
            ek_board_next_batch,
            ek_count_last_flip_batch,
            ek_get_moves_batch,
            ek_get_mobility_batch,
            ek_get_stability_batch,
            ek_solve_shallow,
            ek_nws_endgame,
            ek_nws_midgame,
            ek_pvs_midgame,
            ek_edax_search,
            ek_solver_solve,
            ek_solver_solve_batch,
            ek_solver_solve_many,
            ek_board_get_hash_code_batch,
            hash_get,
            hash_store,
            hash_force,
            hash_feed,
            hash_exclude_move,
            solver_solve,
            engine_search,
            engine_analyze,
        };

        search_entries!($feat, $P);
        kernel_entries!($feat, $P);
        c_abi_entries!($feat, $P);
    };
}
