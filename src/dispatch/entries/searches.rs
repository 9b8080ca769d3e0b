//! The searches' per-level recursion: `Level` (the solver), `NwsLevel` (`NWS_endgame`) and
//! `MidgameLevel` (Edax's midgame search and its root) for the level's primitives, each method
//! one function compiled with the level's features, through which every recursive call goes.

/// Implements the searches' level traits for `$P`, their entries compiled with `$feat`.
macro_rules! search_entries {
    ($feat:ident, $P:ty) => {
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
        // SAFETY (every `unsafe` entry below): the contract of the trait method that calls it.
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
        }
    };
}
