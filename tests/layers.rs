//! The layers of src/ (ARCHITECTURE.md) point one way: a module may use only the layers below
//! its own, never one beside or above it. This test reads every source file and checks each
//! path that names another top-level module (`crate::x`, or `super::` climbing to the crate
//! root), outside comments.

use std::path::{Path, PathBuf};

/// The top-level modules of src/, bottom layer first; modules in the same inner list are
/// beside each other (neither may use the other).
const LAYERS: &[&[&str]] = &[
    &["types"],
    &["kernels"],
    &["eval", "hash_table"],
    &["endgame"],
    &["solver"],
    &["engine"],
    &["dispatch"],
    &["ffi", "api"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The library's source files. `src/bin/` is left out: its programs are crates of their own,
/// which use the library through its public API only (`edax_kernels::`, never `crate::`).
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.ends_with("src/bin") {
            continue;
        }
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file below src/: `src/eval/x86.rs` is `["eval", "x86"]`, `src/eval/mod.rs`
/// is `["eval"]`, `src/lib.rs` is `[]`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The first identifiers of a path's remainder `rest`: `x` for `x::y`, each item's for a group
/// `{x::y, z}`.
fn heads(rest: &str) -> Vec<String> {
    let ident = |s: &str| s.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    let Some(group) = rest.strip_prefix('{') else { return vec![ident(rest)] };
    let (mut depth, mut items, mut start) = (0, Vec::new(), 0);
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&group[start..i]);
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.into_iter().map(ident).filter(|s| !s.is_empty()).collect()
}

/// The top-level modules that `line` names, given the module path of its file: every
/// `crate::x` (an `x` in no layer, such as a re-export of the crate root, counts as a use
/// against the layers), and every `super::` chain that climbs to the crate root from the
/// file's module and names a top-level module.
fn named_modules(line: &str, path: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    let code = line.split("//").next().unwrap_or("");
    let joined = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == ':');
    for (i, _) in code.match_indices("crate::") {
        if joined(code[..i].chars().next_back()) {
            continue; // `edax_kernels::`-like paths, `$crate::`
        }
        found.extend(heads(&code[i + 7..]));
    }
    let mut rest = code;
    while let Some(i) = rest.find("super::") {
        let before = rest[..i].chars().next_back();
        let (mut j, mut ups) = (i, 0);
        while rest[j..].starts_with("super::") {
            ups += 1;
            j += 7;
        }
        if !joined(before) && !path.is_empty() && ups >= path.len() {
            found.extend(heads(&rest[j..]).into_iter().filter(|m| layer_of(m).is_some()));
        }
        rest = &rest[j..];
    }
    found
}

/// Every use of a module beside or above the user's layer, as "file:line: x uses y".
fn violations(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut bad = Vec::new();
    for file in files {
        let path = module_path(src, &file);
        let Some(top) = path.first() else { continue }; // lib.rs: the crate root sees everything
        let own =
            layer_of(top).unwrap_or_else(|| panic!("{}: module `{top}` is in no layer of LAYERS", file.display()));
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for used in named_modules(line, &path) {
                if used == *top {
                    continue;
                }
                let ok = layer_of(&used).is_some_and(|l| l < own);
                if !ok {
                    bad.push(format!("{}:{}: `{top}` uses `crate::{used}`", file.display(), n + 1));
                }
            }
        }
    }
    bad
}

#[test]
fn modules_use_only_the_layers_below_their_own() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let bad = violations(&src);
    assert!(bad.is_empty(), "uses against the direction of the layers (ARCHITECTURE.md):\n{}", bad.join("\n"));
}

#[test]
fn the_check_finds_uses_against_the_layers() {
    let path = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(named_modules("use crate::ffi::api::EK_OK;", &path(&["solver"])), ["ffi"]);
    assert_eq!(named_modules("    x = crate::dispatch::c_dispatch::f();", &path(&["solver", "search"])), ["dispatch"]);
    assert_eq!(named_modules("use super::super::ffi;", &path(&["endgame", "nws"])), ["ffi"]);
    assert_eq!(named_modules("use crate::Kernels;", &path(&["eval"])), ["Kernels"]);
    assert_eq!(named_modules("use crate::{types::board, ffi};", &path(&["kernels"])), ["types", "ffi"]);
    assert_eq!(named_modules("use super::dispatch;", &path(&["eval"])), ["dispatch"]);
    assert!(named_modules("use super::empties;", &path(&["endgame", "nws"])).is_empty());
    assert!(named_modules("let a = 1; // crate::ffi", &path(&["solver"])).is_empty());
    // A re-export of the crate root is no way around the layers: it is in no layer.
    assert!(layer_of("Kernels").is_none());
    // Every module of src/ is in a layer (else `violations` panics), and the layers are in order.
    assert!(layer_of("types") < layer_of("kernels") && layer_of("dispatch") < layer_of("ffi"));
}
