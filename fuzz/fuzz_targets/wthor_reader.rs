//! The WTHOR game and names readers on arbitrary bytes (see `edax_kernels_fuzz::bases`).
#![no_main]

use edax_kernels_fuzz::bases::check_wthor;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| check_wthor(data));
