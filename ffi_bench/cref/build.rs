//! Compiles the C reference (../ref/edax_ref.c) and generates its Rust declarations from
//! ../ref/edax_api.h with bindgen.

use std::{env, path::PathBuf};

fn main() {
    let dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo")).join("../ref");
    println!("cargo:rerun-if-changed={}", dir.join("edax_ref.c").display());
    println!("cargo:rerun-if-changed={}", dir.join("edax_api.h").display());
    println!("cargo:rerun-if-changed={}", dir.join("edax_ref_eval.c").display());
    cc::Build::new()
        .file(dir.join("edax_ref.c"))
        .file(dir.join("edax_ref_eval.c"))
        .std("c11")
        .opt_level(2)
        .flag_if_supported("-march=native")
        .compile("edax_ref");
    let bindings = bindgen::Builder::default()
        .header(dir.join("edax_api.h").to_string_lossy())
        .allowlist_function(".*")
        .allowlist_type("Board|Eval|Feature|Move")
        .generate()
        .expect("bindgen could not parse edax_api.h");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo"));
    bindings.write_to_file(out.join("edax_api.rs")).expect("cannot write the bindings");
}
