//! The two ways the threads of one solve can share the work ([`ParallelScheme`]), and the
//! environment variable that chooses one for a new solver ([`SCHEME_ENV`]).

/// How the threads of one solve share the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParallelScheme {
    /// Every thread searches from the root, deferring the children others search
    /// ([`super::shared`]).
    Abdada,
    /// One thread searches from the root, the others join its split points ([`super::split`]).
    Ybwc,
}

/// The environment variable that chooses a new solver's scheme: `ybwc`, or anything else
/// (unset included) for `abdada`, the default ([`super::EkSolver::set_parallel_scheme`]).
pub const SCHEME_ENV: &str = "EDAX_KERNELS_SOLVER_SPLIT";

impl ParallelScheme {
    /// The scheme [`SCHEME_ENV`] names; ABDADA when it is unset or names none.
    pub(crate) fn from_env() -> ParallelScheme {
        match std::env::var_os(SCHEME_ENV) {
            Some(v) if v.eq_ignore_ascii_case("ybwc") => ParallelScheme::Ybwc,
            _ => ParallelScheme::Abdada,
        }
    }
}
