//! `EDAX_KERNELS_SOLVER_SPLIT` (`SCHEME_ENV`), read as each solver is made: `abdada` and `ybwc`
//! choose how its threads share the work, unset or empty means ABDADA, and any other value is
//! refused, from Rust (`EkSolver::new`'s error names the variable and the values it takes) and
//! from C (`ek_solver_new` returns NULL), never taken silently for the default. The environment
//! is the process's, so this binary has this one test, which sets the variable in turn.

use edax_kernels::ffi::solver_api::{ek_solver_free, ek_solver_new};
use edax_kernels::solver::{NewSolverError, ParallelScheme, SCHEME_ENV};
use edax_kernels::EkSolver;
use std::ffi::OsStr;

/// With the variable set to `value` (`None`: unset): the scheme of the solver `EkSolver::new`
/// makes, or its error; and whether `ek_solver_new` makes one.
fn made_with(value: Option<&OsStr>) -> (Result<ParallelScheme, NewSolverError>, bool) {
    match value {
        Some(v) => std::env::set_var(SCHEME_ENV, v),
        None => std::env::remove_var(SCHEME_ENV),
    }
    let rust = EkSolver::new(4).map(|s| s.parallel_scheme());
    let c = ek_solver_new(4);
    // SAFETY: NULL, or the solver just made, used by nothing else.
    unsafe { ek_solver_free(c) };
    (rust, !c.is_null())
}

#[test]
fn the_variable_chooses_the_scheme_or_no_solver_is_made() {
    assert_eq!(SCHEME_ENV, "EDAX_KERNELS_SOLVER_SPLIT");
    let set = |v: &str| made_with(Some(OsStr::new(v)));
    assert_eq!(made_with(None), (Ok(ParallelScheme::Abdada), true));
    assert_eq!(set(""), (Ok(ParallelScheme::Abdada), true));
    assert_eq!(set("abdada"), (Ok(ParallelScheme::Abdada), true));
    assert_eq!(set("ybwc"), (Ok(ParallelScheme::Ybwc), true));

    for bad in ["YBWC", "Abdada", " ybwc", "ybwc\n", "split", "1", "abdada,ybwc"] {
        let (rust, c) = set(bad);
        assert_eq!(rust, Err(NewSolverError::SchemeEnv(bad.to_string())), "{bad:?}");
        assert!(!c, "ek_solver_new made a solver with {SCHEME_ENV}={bad:?}");
        let message = rust.unwrap_err().to_string();
        for word in [SCHEME_ENV, "abdada", "ybwc", &format!("{bad:?}")] {
            assert!(message.contains(word), "{message:?} does not name {word:?}");
        }
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let (rust, c) = made_with(Some(OsStr::from_bytes(b"yb\xffwc")));
        assert_eq!((rust, c), (Err(NewSolverError::SchemeEnv("yb\u{FFFD}wc".into())), false));
    }

    // The other errors are still told apart: hash_bits first, whatever the variable says.
    assert_eq!(set("bogus").0.err(), Some(NewSolverError::SchemeEnv("bogus".into())));
    assert_eq!(EkSolver::new(0).err(), Some(NewSolverError::HashBits));
    std::env::remove_var(SCHEME_ENV);
    assert_eq!(EkSolver::new(33).err(), Some(NewSolverError::HashBits));
}
