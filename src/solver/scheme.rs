//! The two ways the threads of one solve can share the work ([`ParallelScheme`]), and the
//! environment variable that chooses one for a new solver ([`SCHEME_ENV`]).

use std::ffi::OsStr;

/// How the threads of one solve share the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParallelScheme {
    /// Every thread searches from the root, deferring the children others search
    /// ([`super::shared`]).
    Abdada,
    /// One thread searches from the root, the others join its split points ([`super::split`]).
    Ybwc,
}

/// The environment variable that chooses a new solver's scheme: `abdada` (the default, also
/// when it is unset or empty) or `ybwc`. Any other value is refused: no solver is made
/// ([`super::EkSolver::new`]), rather than one that silently shares the work another way.
pub const SCHEME_ENV: &str = "EDAX_KERNELS_SOLVER_SPLIT";

impl ParallelScheme {
    /// Every scheme, the default first.
    pub(crate) const ALL: [ParallelScheme; 2] = [ParallelScheme::Abdada, ParallelScheme::Ybwc];

    /// The scheme's name, as [`SCHEME_ENV`] takes it.
    pub fn name(self) -> &'static str {
        match self {
            ParallelScheme::Abdada => "abdada",
            ParallelScheme::Ybwc => "ybwc",
        }
    }

    /// The scheme a value of [`SCHEME_ENV`] names (`None`: unset), or the value refused (lossily
    /// as UTF-8). Names are exact: `YBWC` is refused, as `EDAX_KERNELS_ISA` refuses `AVX2`.
    pub(crate) fn from_env_value(value: Option<&OsStr>) -> Result<ParallelScheme, String> {
        let Some(value) = value.filter(|v| !v.is_empty()) else { return Ok(ParallelScheme::Abdada) };
        let named = ParallelScheme::ALL.into_iter().find(|s| value.to_str() == Some(s.name()));
        named.ok_or_else(|| value.to_string_lossy().into_owned())
    }

    /// The scheme [`SCHEME_ENV`] names now, or the value refused.
    pub(crate) fn from_env() -> Result<ParallelScheme, String> {
        ParallelScheme::from_env_value(std::env::var_os(SCHEME_ENV).as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variable_names_a_scheme_exactly_or_is_refused() {
        let read = |v: &str| ParallelScheme::from_env_value(Some(OsStr::new(v)));
        assert_eq!(ParallelScheme::from_env_value(None), Ok(ParallelScheme::Abdada));
        assert_eq!(read(""), Ok(ParallelScheme::Abdada));
        assert_eq!(read("abdada"), Ok(ParallelScheme::Abdada));
        assert_eq!(read("ybwc"), Ok(ParallelScheme::Ybwc));
        for bad in ["YBWC", "Abdada", " ybwc", "ybwc\n", "split", "0", "1"] {
            assert_eq!(read(bad), Err(bad.to_string()));
        }
    }
}
