//! The bodies of the exports that take pointers, compiled into each level's `c_abi` entries
//! (entries/c_abi.rs): on the avx2 and avx512 levels, even a NULL check must be compiled with the
//! level's features (the AVX-SSE rule, table.rs), so these bodies live here, below the ffi
//! shims that jump to them.

pub(crate) mod batch;
pub(crate) mod board;
pub(crate) mod eval;
pub(crate) mod search;
pub(crate) mod solver;
pub(crate) mod table;
