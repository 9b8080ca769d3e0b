//! The committed C header must equal a fresh cbindgen generation.
//! Regenerate it with `EK_BLESS_HEADER=1 cargo test --test header`.

use std::path::PathBuf;

fn generate() -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    // Version facts come from Cargo.toml, so the header cannot drift from it.
    config.after_includes = Some(format!(
        "\n#define EK_VERSION_MAJOR {}\n#define EK_VERSION_MINOR {}\n#define EK_VERSION_PATCH {}\n#define EK_VERSION_STRING \"{}\"\n\n\
         #if defined(_MSC_VER)\n#define EK_ALIGNED(n) __declspec(align(n))\n#else\n#define EK_ALIGNED(n) __attribute__((aligned(n)))\n#endif",
        env!("CARGO_PKG_VERSION_MAJOR"),
        env!("CARGO_PKG_VERSION_MINOR"),
        env!("CARGO_PKG_VERSION_PATCH"),
        env!("CARGO_PKG_VERSION"),
    ));
    let bindings = cbindgen::Builder::new()
        .with_crate(&dir)
        .with_config(config)
        .generate()
        .expect("cbindgen could not generate the header");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("the header is UTF-8")
}

#[test]
fn header_is_current() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("include/edax_kernels.h");
    let fresh = generate();
    if std::env::var_os("EK_BLESS_HEADER").is_some() {
        std::fs::write(&path, &fresh).expect("cannot write the header");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "include/edax_kernels.h is stale: run `EK_BLESS_HEADER=1 cargo test --test header` and commit it"
    );
}
