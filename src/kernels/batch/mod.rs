//! The batch kernels that run several boards per vector (one board per 64-bit lane), for the
//! levels where that measured faster than a loop over the single-board kernel; the other batch
//! entries are such loops (src/dispatch/entries/kernels.rs).

pub(crate) mod avx2;
pub(crate) mod avx512;
