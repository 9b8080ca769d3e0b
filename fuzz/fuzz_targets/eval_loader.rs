//! The eval.dat loader on edited valid images and on arbitrary bytes, and the evaluation of
//! what it loads on every level (see `edax_kernels_fuzz::eval_loader`).
#![no_main]

use edax_kernels_fuzz::eval_loader::check_loader;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| check_loader(data));
