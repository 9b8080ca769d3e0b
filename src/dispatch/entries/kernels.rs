//! The kernels' entries: one `extern "C"` function per kernel of the table (the single-board
//! kernels, perft, the leaf search, and the batch loops over the single-board entries).

/// Defines the kernels' entries for `$P`, compiled with `$feat`.
macro_rules! kernel_entries {
    ($feat:ident, $P:ty) => {
        last_flip_entries!($feat, $P);
        // SAFETY (every `unsafe` entry below): the table's contract.
        $feat! {
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
        }
    };
}

/// Defines the entries of the last-move flip count and of what is made of it for `$P`, compiled
/// with `$feat`: part of every level's entries, and all that a variant of a level that only
/// changes the count needs (levels.rs).
macro_rules! last_flip_entries {
    ($feat:ident, $P:ty) => {
        // SAFETY (every `unsafe` entry below): the table's contract.
        $feat! {
            pub(in crate::dispatch) unsafe extern "C" fn count_last_flip(x: i32, p: u64) -> i32 {
                if (x as u32) < 64 { <$P as Prims>::last_flip_count(x as usize, p) } else { 0 }
            }
            pub(in crate::dispatch) unsafe extern "C" fn board_score_1(p: u64, o: u64, beta: i32, x: i32) -> i32 {
                crate::kernels::score::board_score_1::<$P>(p, o, beta, x)
            }
            pub(in crate::dispatch) unsafe extern "C" fn board_score_1_exact(p: u64, o: u64, x: i32) -> i32 {
                crate::kernels::score::board_score_1_exact::<$P>(p, o, x)
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
        }
    };
}
