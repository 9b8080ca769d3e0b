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
            index: &[u32; INDEX_LEN],
            weights: &[i16; PLY_STRIDE],
        ) -> i32 {
            crate::eval::accumulate_scalar(f, index, weights)
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
            use crate::eval::{EkEvalFeature, weights::{INDEX_LEN, PLY_STRIDE}};
            #[allow(unused_imports)]
            use super::*;
            $( generic_entry!($name, $attrs $P); )*
        }
    };
}
