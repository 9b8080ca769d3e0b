//! SSE2 batch entries: loops over the SSE2 single-board kernels (two 64-bit lanes per vector
//! leave nothing to gain from running boards side by side).

use super::{BatchIn, BatchOut};

batch_loops!([#[target_feature(enable = "sse2")]] super::super::sse2::KERNELS;
    flip_batch, board_next_batch, count_last_flip_batch, get_moves_batch, get_mobility_batch,
    get_stability_batch, hash_code_batch);
