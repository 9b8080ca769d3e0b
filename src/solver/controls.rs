//! What the searches of one solve read of their solver ([`Controls`]), and the bits of the
//! solver's state word that they look at.

use super::scheme::ParallelScheme;
use crate::eval::Weights;
use core::sync::atomic::AtomicI32;

/// The solver's state (`EkSolver::state`): a solve (or a clear) holds the table.
pub(crate) const BUSY: i32 = 1;
/// The solver's state: the solve holding the table was asked to stop (set only with [`BUSY`]).
pub(crate) const STOP: i32 = 2;

/// What a solve's searches read of their solver: its state word (whose [`STOP`] bit asks them
/// to stop), the node limit (`u64::MAX`: none) and the ordering weights.
#[derive(Clone, Copy)]
pub(crate) struct Controls<'a> {
    pub state: &'a AtomicI32,
    pub limit: u64,
    pub eval: Option<&'a Weights>,
    /// How a solve's threads share the work.
    pub scheme: ParallelScheme,
}
