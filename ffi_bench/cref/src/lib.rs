//! Rust declarations (bindgen) of the bundled C reference of the Edax 4.6 kernel API, so that
//! the criterion benchmarks time it beside the Rust kernels. Call `edge_stability_init` first.
#![allow(non_camel_case_types, non_snake_case, non_upper_case_globals)]

include!(concat!(env!("OUT_DIR"), "/edax_api.rs"));
