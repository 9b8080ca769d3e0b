//! Why a solver could not be made ([`NewSolverError`]).

use super::scheme::{ParallelScheme, SCHEME_ENV};
use core::fmt;

/// Why [`super::EkSolver::new`] made no solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewSolverError {
    /// `hash_bits` is outside 1..=32.
    HashBits,
    /// [`SCHEME_ENV`] is set to a value that names no scheme (the value, lossily as UTF-8).
    SchemeEnv(String),
    /// The table's memory could not be allocated.
    NoMemory,
}

impl fmt::Display for NewSolverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NewSolverError::HashBits => write!(f, "hash_bits is outside 1..=32"),
            NewSolverError::SchemeEnv(value) => {
                let names = ParallelScheme::ALL.map(ParallelScheme::name).join("|");
                let default = ParallelScheme::ALL[0].name();
                write!(f, "{SCHEME_ENV}={value:?} is not one of {names} (unset or empty: {default})")
            }
            NewSolverError::NoMemory => write!(f, "the solver's table could not be allocated"),
        }
    }
}

impl std::error::Error for NewSolverError {}
