//! The exports that name, query and choose the instruction-set level.

use super::guard;
use crate::dispatch::{self as isa, EnvChoice, Isa};
use crate::types::status::{EK_ERR_INTERNAL, EK_ERR_ISA_UNKNOWN, EK_ERR_ISA_UNSUPPORTED, EK_ERR_NULL, EK_OK};
use core::ffi::{c_char, c_int, CStr};

/// `ek_isa`'s answer should finding the level panic: the portable level, the one the dispatch
/// installs when its choice fails (`dispatch::ensure_selected_from_c`).
const PORTABLE_NAME: *const c_char = isa_cname(Isa::Portable).as_ptr();

const fn isa_cname(isa: Isa) -> &'static CStr {
    match isa {
        Isa::Portable => c"portable",
        Isa::Sse2 => c"sse2",
        Isa::Avx2 => c"avx2",
        Isa::Avx512 => c"avx512",
        Isa::Neon => c"neon",
    }
}

/// The name of the active instruction-set level: "portable", "sse2", "avx2", "avx512" or
/// "neon" (static, NUL-terminated).
///
/// The level is chosen on the first kernel call: the highest this CPU supports, or the one
/// the environment variable EDAX_KERNELS_ISA names (see `ek_isa_env_status`).
#[no_mangle]
pub extern "C" fn ek_isa() -> *const c_char {
    guard(PORTABLE_NAME, || isa_cname(isa::active()).as_ptr())
}

/// The name of the active kernel table (static, NUL-terminated): the level's name, as `ek_isa`
/// gives it, or, on a level with a table for some kind of core, the level's and the kind's:
/// "avx2_pext" (the avx2 level on a CPU with a fast PEXT: Intel, AMD since Zen 3), "neon_crc"
/// (the neon level on a CPU with the CRC32 instructions). The table is chosen by CPUID within
/// the level; the environment variable EDAX_KERNELS_VARIANT (`auto`, `pext`, `nopext`)
/// overrides the avx2 level's choice, for A/B tests.
#[no_mangle]
pub extern "C" fn ek_isa_table() -> *const c_char {
    guard(PORTABLE_NAME, || {
        let name = match isa::active_table().name() {
            "sse2" => c"sse2",
            "avx2" => c"avx2",
            "avx2_pext" => c"avx2_pext",
            "avx512" => c"avx512",
            "neon" => c"neon",
            "neon_crc" => c"neon_crc",
            _ => c"portable",
        };
        name.as_ptr()
    })
}

/// # Safety
/// `name` must be NULL or a NUL-terminated string.
unsafe fn parse_isa(name: *const c_char) -> Result<Isa, c_int> {
    if name.is_null() {
        return Err(EK_ERR_NULL);
    }
    // SAFETY: non-null, and NUL-terminated by the caller's contract.
    let name = unsafe { CStr::from_ptr(name) };
    name.to_str().ok().and_then(Isa::from_name).ok_or(EK_ERR_ISA_UNKNOWN)
}

/// Whether this CPU can run the named level: 1 if it can, 0 if not, `EK_ERR_ISA_UNKNOWN` for
/// an unknown name, `EK_ERR_NULL` for NULL.
///
/// # Safety
/// `name` must be NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn ek_isa_supported(name: *const c_char) -> c_int {
    // SAFETY: the caller's contract is parse_isa's.
    guard(EK_ERR_INTERNAL, || match unsafe { parse_isa(name) } {
        Ok(isa) => isa.is_available() as c_int,
        Err(e) => e,
    })
}

/// Makes the named level ("portable", "sse2", "avx2", "avx512", "neon") the active one for every
/// kernel, from now on and in every thread. Returns `EK_OK`, `EK_ERR_NULL`,
/// `EK_ERR_ISA_UNKNOWN` or `EK_ERR_ISA_UNSUPPORTED` (then nothing changes).
///
/// Meant for tests and benchmarks: kernels running in other threads at that moment finish
/// on the old level.
///
/// # Safety
/// `name` must be NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn ek_set_isa(name: *const c_char) -> c_int {
    // SAFETY: the caller's contract is parse_isa's.
    guard(EK_ERR_INTERNAL, || match unsafe { parse_isa(name) } {
        Ok(isa) => isa::set_active(isa).map_or(EK_ERR_ISA_UNSUPPORTED, |()| EK_OK),
        Err(e) => e,
    })
}

/// How the environment variable EDAX_KERNELS_ISA was handled (it is read once, on the first
/// kernel call): `EK_OK` when unset or naming a supported level (then used);
/// `EK_ERR_ISA_UNKNOWN` when it is not a level name, `EK_ERR_ISA_UNSUPPORTED` when it names a
/// level this CPU cannot run; in both error cases the highest supported level is used and one line
/// explaining it was written to stderr.
#[no_mangle]
pub extern "C" fn ek_isa_env_status() -> c_int {
    guard(EK_ERR_INTERNAL, || match isa::env_choice() {
        EnvChoice::Unset | EnvChoice::Accepted(_) => EK_OK,
        EnvChoice::Unsupported(_) => EK_ERR_ISA_UNSUPPORTED,
        EnvChoice::Unknown(_) => EK_ERR_ISA_UNKNOWN,
    })
}
