//! The C API's status codes and its "no score" and "no move" values, shared by every layer
//! (the exports return them; the Rust API converts its errors from them).

use core::ffi::{c_int, CStr};

/// Status codes of the functions that can fail (returned as `int`: 0 or negative).
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EkStatus {
    /// Success.
    EK_OK = 0,
    /// A required pointer argument was NULL.
    EK_ERR_NULL = -1,
    /// An argument was outside its documented range.
    EK_ERR_RANGE = -2,
    /// Not one of the level names "portable", "sse2", "avx2", "avx512", "neon".
    EK_ERR_ISA_UNKNOWN = -3,
    /// A level this CPU cannot run.
    EK_ERR_ISA_UNSUPPORTED = -4,
    /// An internal error was caught (a bug: please report it).
    EK_ERR_INTERNAL = -5,
    /// A file could not be opened or read.
    EK_ERR_IO = -6,
    /// The data is not an Edax eval.dat: no EDAX/EVAL header in either byte order.
    EK_ERR_EVAL_FORMAT = -7,
    /// The eval.dat data has the wrong size: truncated or followed by extra bytes.
    EK_ERR_EVAL_SIZE = -8,
    /// No evaluation weights are loaded.
    EK_ERR_EVAL_NONE = -9,
    /// Memory could not be allocated.
    EK_ERR_NO_MEMORY = -10,
    /// The solve was stopped (`ek_solver_stop` or the solver's node limit).
    EK_ERR_STOPPED = -11,
    /// Another solve is running on this solver (one solve at a time per solver).
    EK_ERR_BUSY = -12,
    /// The data is not a valid Edax opening book (book.dat or its text export): wrong header,
    /// truncated, or a record the library refuses; the message names the file and byte offset.
    EK_ERR_BOOK_FORMAT = -13,
    /// A game-database file is malformed (the `ek_base_` functions' message names the byte).
    EK_ERR_BASE_FORMAT = -14,
}

macro_rules! status_consts {
    ($($name:ident),*) => {
        $(
            #[doc = concat!("`EkStatus::", stringify!($name), "` as an `int`.")]
            ///
            /// cbindgen:ignore
            pub const $name: c_int = EkStatus::$name as c_int;
        )*
    };
}
status_consts!(
    EK_OK,
    EK_ERR_NULL,
    EK_ERR_RANGE,
    EK_ERR_ISA_UNKNOWN,
    EK_ERR_ISA_UNSUPPORTED,
    EK_ERR_INTERNAL,
    EK_ERR_IO,
    EK_ERR_EVAL_FORMAT,
    EK_ERR_EVAL_SIZE,
    EK_ERR_EVAL_NONE,
    EK_ERR_NO_MEMORY,
    EK_ERR_STOPPED,
    EK_ERR_BUSY,
    EK_ERR_BOOK_FORMAT,
    EK_ERR_BASE_FORMAT
);

/// The value `ek_board_score_1` and `ek_board_score_1_exact` return for a NULL board: outside
/// every possible score (-64..=64).
pub const EK_SCORE_NONE: c_int = 32767;

/// Square index of the pass move (Edax's PASS).
pub const EK_PASS: c_int = 64;
/// Square index of "no move" (Edax's NOMOVE).
pub const EK_NOMOVE: c_int = 65;

/// The description of a status code (`ek_status_message`); unknown codes get
/// "unknown status code".
pub(crate) const fn message(status: c_int) -> &'static CStr {
    match status {
        EK_OK => c"success",
        EK_ERR_NULL => c"a required pointer argument was NULL",
        EK_ERR_RANGE => c"an argument was outside its documented range",
        EK_ERR_ISA_UNKNOWN => c"unknown instruction-set level (expected portable, sse2, avx2, avx512 or neon)",
        EK_ERR_ISA_UNSUPPORTED => c"this CPU cannot run the requested instruction-set level",
        EK_ERR_INTERNAL => c"internal error in edax-kernels (please report it)",
        EK_ERR_IO => c"the file could not be opened or read",
        EK_ERR_EVAL_FORMAT => c"not an Edax eval.dat (no EDAX/EVAL header in either byte order)",
        EK_ERR_EVAL_SIZE => c"the eval.dat data has the wrong size (truncated or extra bytes)",
        EK_ERR_EVAL_NONE => c"no evaluation weights are loaded",
        EK_ERR_NO_MEMORY => c"memory could not be allocated",
        EK_ERR_STOPPED => c"the solve was stopped (ek_solver_stop or the node limit)",
        EK_ERR_BUSY => c"another solve is running on this solver",
        EK_ERR_BOOK_FORMAT => c"not a valid Edax opening book (wrong header, truncated, or a bad record)",
        EK_ERR_BASE_FORMAT => c"the game-database file is malformed or its format unsupported",
        _ => c"unknown status code",
    }
}
