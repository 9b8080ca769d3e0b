//! The bottom layer: plain types and constants that every other layer shares, and nothing else
//! (no kernel, no dispatch). See ARCHITECTURE.md.

pub(crate) mod batch;
pub(crate) mod board;
pub(crate) mod memory;
pub(crate) mod results;
pub(crate) mod status;
