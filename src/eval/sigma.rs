//! Edax's `eval_sigma`: the standard deviation of the error of a search's score, a quadratic
//! in a linear mix of the empty squares, the depth and the probcut depth.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Whether the coefficients are set. Edax sets them when its `eval_open` loads weights and
/// never clears them (`eval_close` keeps them); here, the first successful load of weights,
/// through any function, sets them.
static SET: AtomicBool = AtomicBool::new(false);

/// Sets the coefficients (called by every successful load of weights).
pub(crate) fn set() {
    SET.store(true, Relaxed);
}

/// `eval_sigma(n_empty, depth, probcut_depth)`, 0 before the first load of weights.
#[inline(always)]
pub(crate) fn sigma(n_empty: i32, depth: i32, probcut_depth: i32) -> f64 {
    if !SET.load(Relaxed) {
        return 0.0;
    }
    edax_sigma(n_empty, depth, probcut_depth)
}

/// Edax's `eval_sigma` once weights are loaded (the midgame search, which needs weights, reads
/// this one).
#[inline(always)]
pub(crate) fn edax_sigma(n_empty: i32, depth: i32, probcut_depth: i32) -> f64 {
    let s = -0.10026799 * n_empty as f64 + 0.31027733 * depth as f64 - 0.57772603 * probcut_depth as f64;
    0.07585621 * s * s + 1.16492647 * s + 5.4171698
}
