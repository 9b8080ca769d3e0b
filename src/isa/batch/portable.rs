//! Portable batch entries: loops over the portable single-board kernels.

use super::{BatchIn, BatchOut};

batch_loops!([] super::super::portable::KERNELS;
    flip_batch, board_next_batch, count_last_flip_batch, get_moves_batch, get_mobility_batch,
    get_stability_batch, hash_code_batch);
