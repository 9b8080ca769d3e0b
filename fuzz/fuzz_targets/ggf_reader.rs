//! The GGF and text game-list readers on arbitrary bytes (see `edax_kernels_fuzz::bases`).
#![no_main]

use edax_kernels_fuzz::bases::check_ggf;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| check_ggf(data));
