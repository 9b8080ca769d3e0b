//! Every package of the bindings carries the crate's version (Cargo.toml's
//! `[workspace.package]` version, one source of truth): the Python wheel through maturin (the
//! extension crate inherits the version), the jar and the NuGet package through
//! `scripts/version.sh` (their build scripts), and the Maven pom.xml, which states it. The
//! built packages' versions are checked by each binding's tests (bindings/test.sh).

use std::path::Path;
use std::process::Command;

const VERSION: &str = env!("CARGO_PKG_VERSION");

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

#[test]
fn version_script_prints_the_crate_version() {
    let out = Command::new("bash").arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/version.sh")).output();
    let out = out.expect("bash runs scripts/version.sh");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), VERSION);
}

#[test]
fn python_package_takes_the_workspace_version() {
    let cargo = read("bindings/python/Cargo.toml");
    assert!(cargo.lines().any(|l| l.trim() == "version.workspace = true"), "bindings/python/Cargo.toml");
    let pyproject = read("bindings/python/pyproject.toml");
    assert!(pyproject.lines().any(|l| l.trim() == r#"dynamic = ["version"]"#), "pyproject.toml: version from Cargo");
    assert!(!pyproject.lines().any(|l| l.trim_start().starts_with("version =")), "pyproject.toml states a version");
}

#[test]
fn maven_pom_states_the_crate_version() {
    let pom = read("bindings/java/pom.xml");
    let project = &pom[pom.find("<artifactId>edax-kernels</artifactId>").expect("the pom's artifactId")..];
    let version = project.split("<version>").nth(1).and_then(|v| v.split("</version>").next());
    assert_eq!(version, Some(VERSION), "bindings/java/pom.xml's project version");
}

#[test]
fn nuspec_takes_the_version_from_pack_sh() {
    assert!(read("bindings/csharp/EdaxKernels.nuspec").contains("<version>$version$</version>"));
    assert!(read("bindings/csharp/pack.sh").contains("version=$(scripts/version.sh)"));
    assert!(read("bindings/java/build-jar.sh").contains("version=$(scripts/version.sh)"));
}
