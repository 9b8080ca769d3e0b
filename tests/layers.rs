//! The layers of src/ (ARCHITECTURE.md) point one way: a module may use only the layers below
//! its own, never one beside or above it. This test reads every source file as the compiler
//! reads its paths: comments and literals left out, each `use` declaration as one tree (over
//! several lines, with nested groups, `self`, `super` and `as`), and every path in the code
//! (`crate::x::y`, `super::x`, a child module's `x::y`), each resolved from the module it is
//! written in (inline modules such as `mod tests` included) to a path from the crate root.
//!
//! The files of some directories are ordered too ([`ACYCLIC`]): no file uses another that uses
//! it back, directly or around a circle, so that the directory reads top-down.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top-level modules of src/, bottom layer first; modules in the same inner list are
/// beside each other (neither may use the other).
const LAYERS: &[&[&str]] = &[
    &["types"],
    &["kernels"],
    &["eval", "hash_table", "bases"],
    &["endgame"],
    &["solver"],
    &["engine"],
    &["dispatch"],
    &["games", "book"],
    &["ffi", "api"],
];

/// The directories of src/ whose files use each other in no cycle (ARCHITECTURE.md: the
/// solver's files are in order, each using only those below it).
const ACYCLIC: &[&str] = &["solver"];

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

/// One source file of src/: its name below src/ (`solver/mod.rs`), module path and text.
struct SourceFile {
    label: String,
    module: Vec<String>,
    text: String,
}

/// Every source file of the library, in order of name.
fn source_files() -> Vec<SourceFile> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let label = |f: &Path| f.strip_prefix(&src).unwrap().to_string_lossy().into_owned();
    files
        .iter()
        .map(|f| SourceFile {
            label: label(f),
            module: module_path(&src, f),
            text: std::fs::read_to_string(f).unwrap(),
        })
        .collect()
}

/// A token of Rust source: an identifier or keyword, `::`, or any other one character; with
/// its line (from 1).
#[derive(Debug)]
struct Token<'a> {
    text: &'a str,
    line: usize,
}

fn ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn is_ident(s: &str) -> bool {
    s.chars().next().is_some_and(ident_start) && s.chars().all(ident_char)
}

/// Splits source text into tokens, leaving out what names no path: comments (nested block
/// comments too), string, character and number literals, lifetimes and labels.
struct Lexer<'a> {
    source: &'a str,
    chars: Vec<(usize, char)>,
    i: usize,
    line: usize,
}

impl<'a> Lexer<'a> {
    fn at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).map(|c| c.1)
    }

    /// Moves past one character, counting lines.
    fn bump(&mut self) {
        if self.at(0) == Some('\n') {
            self.line += 1;
        }
        self.i += 1;
    }

    /// Moves past a string's body, from after its opening quote to after its closing one.
    fn skip_string(&mut self) {
        while let Some(c) = self.at(0) {
            self.bump();
            match c {
                '\\' => self.bump(),
                '"' => return,
                _ => {}
            }
        }
    }

    /// Moves past a raw string, from its first `#` or its quote.
    fn skip_raw_string(&mut self) {
        let mut hashes = 0;
        while self.at(0) == Some('#') {
            hashes += 1;
            self.bump();
        }
        self.bump(); // the opening quote
        while let Some(c) = self.at(0) {
            self.bump();
            if c == '"' && (0..hashes).all(|k| self.at(k) == Some('#')) {
                (0..hashes).for_each(|_| self.bump());
                return;
            }
        }
    }

    /// Moves past a comment, from its `/`.
    fn skip_comment(&mut self) {
        if self.at(1) == Some('/') {
            while self.at(0).is_some_and(|c| c != '\n') {
                self.bump();
            }
            return;
        }
        // Block comments nest.
        let mut depth = 0;
        while let Some(c) = self.at(0) {
            match (c, self.at(1)) {
                ('/', Some('*')) => depth += 1,
                ('*', Some('/')) => depth -= 1,
                _ => {
                    self.bump();
                    continue;
                }
            }
            self.bump();
            self.bump();
            if depth == 0 {
                return;
            }
        }
    }

    /// Moves past a character literal (`'a'`, `'\n'`, `'\u{1F600}'`) or a lifetime or label
    /// (`'a`, `'static`), from its quote.
    fn skip_quote(&mut self) {
        if self.at(1) == Some('\\') {
            (0..3).for_each(|_| self.bump());
            while self.at(0).is_some_and(|c| c != '\'') {
                self.bump();
            }
            self.bump();
        } else if self.at(2) == Some('\'') {
            (0..3).for_each(|_| self.bump());
        } else {
            self.bump();
            while self.at(0).is_some_and(ident_char) {
                self.bump();
            }
        }
    }

    fn word(&mut self) -> &'a str {
        let start = self.chars[self.i].0;
        while self.at(0).is_some_and(ident_char) {
            self.bump();
        }
        let end = self.chars.get(self.i).map_or(self.source.len(), |c| c.0);
        &self.source[start..end]
    }

    fn tokens(mut self) -> Vec<Token<'a>> {
        let mut out = Vec::new();
        while let Some(c) = self.at(0) {
            let next = self.at(1);
            if c.is_whitespace() {
                self.bump();
            } else if c == '/' && matches!(next, Some('/' | '*')) {
                self.skip_comment();
            } else if c == '"' {
                self.bump();
                self.skip_string();
            } else if c == '\'' {
                self.skip_quote();
            } else if c.is_ascii_digit() {
                self.word();
            } else if ident_start(c) {
                let line = self.line;
                let word = self.word();
                let raw_ident = word == "r" && self.at(0) == Some('#') && self.at(1).is_some_and(ident_start);
                match (word, self.at(0)) {
                    _ if raw_ident => {
                        self.bump();
                        let text = self.word();
                        out.push(Token { text, line });
                    }
                    ("r" | "br" | "cr", Some('"' | '#')) => self.skip_raw_string(),
                    ("b" | "c", Some('"')) => {
                        self.bump();
                        self.skip_string();
                    }
                    _ => out.push(Token { text: word, line }),
                }
            } else {
                let start = self.chars[self.i].0;
                let len = if c == ':' && next == Some(':') { 2 } else { 1 };
                let line = self.line;
                (0..len).for_each(|_| self.bump());
                let end = self.chars.get(self.i).map_or(self.source.len(), |c| c.0);
                out.push(Token { text: &self.source[start..end], line });
            }
        }
        out
    }
}

fn tokens(source: &str) -> Vec<Token<'_>> {
    Lexer { source, chars: source.char_indices().collect(), i: 0, line: 1 }.tokens()
}

/// A path that source names, and the line of its last segment.
type Named = (usize, Vec<String>);

fn text<'a>(toks: &[Token<'a>], i: usize) -> &'a str {
    toks.get(i).map_or("", |t| t.text)
}

/// Reads the use tree at `toks[*pos]` below `prefix` (`a::b`, `a::{b, c::{self, d}}`, `a as
/// b`, `a::*`), and pushes each path it imports, as written (`self` in a group kept).
fn use_tree(toks: &[Token], pos: &mut usize, mut prefix: Vec<String>, out: &mut Vec<Named>) {
    loop {
        match text(toks, *pos) {
            "::" => *pos += 1,
            "{" => {
                *pos += 1;
                while !matches!(text(toks, *pos), "}" | "") {
                    use_tree(toks, pos, prefix.clone(), out);
                    match text(toks, *pos) {
                        "," => *pos += 1,
                        "}" => {}
                        _ => return, // not a use tree (a macro's `$x`): the rest is skipped
                    }
                }
                *pos += 1;
                return;
            }
            "*" => {
                prefix.push("*".into());
                out.push((toks[*pos].line, prefix));
                *pos += 1;
                return;
            }
            w if is_ident(w) => {
                prefix.push(w.into());
                let line = toks[*pos].line;
                *pos += 1;
                if text(toks, *pos) == "::" {
                    continue;
                }
                if text(toks, *pos) == "as" {
                    *pos += 2;
                }
                out.push((line, prefix));
                return;
            }
            _ => return,
        }
    }
}

/// `path`, written in the module `here`, as a path from the crate root: `crate::`, `self::`
/// and `super::` resolved, a `self` of a group dropped (`a::{self}` is `a`), and a path whose
/// head is a child module of `here` (one of `modules`) continued from it. `None` for the
/// paths that name nothing of the crate (`std::`, `$crate::`, a type's `T::x`, ...).
fn resolve(path: &[String], here: &[String], modules: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    let head = path.first()?.as_str();
    let ups = path.iter().take_while(|s| *s == "super").count();
    let (mut base, rest) = match head {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (here.to_vec(), &path[1..]),
        "super" => (here.get(..here.len().checked_sub(ups)?)?.to_vec(), &path[ups..]),
        _ => {
            let child: Vec<String> = here.iter().cloned().chain([head.to_string()]).collect();
            if !modules.contains(&child) {
                return None;
            }
            (here.to_vec(), path)
        }
    };
    base.extend(rest.iter().filter(|s| *s != "self").cloned());
    Some(base)
}

/// Every path of the crate that `source` names, from the crate root, with its line: the paths
/// of its `use` declarations and those in its code. `module` is the file's module path;
/// `modules`, every module that has a file.
fn named_paths(source: &str, module: &[String], modules: &BTreeSet<Vec<String>>) -> Vec<Named> {
    let toks = tokens(source);
    let t = |i: usize| text(&toks, i);
    let mut found = Vec::new();
    // The inline modules (`mod tests { .. }`) the walk is in: their brace depth and name.
    let mut inline: Vec<(usize, String)> = Vec::new();
    let (mut depth, mut pending, mut i) = (0, None, 0);
    let here = |inline: &[(usize, String)]| -> Vec<String> {
        module.iter().cloned().chain(inline.iter().map(|m| m.1.clone())).collect()
    };
    let mut add = |paths: Vec<Named>, here: &Vec<String>| {
        found.extend(paths.into_iter().filter_map(|(line, p)| Some((line, resolve(&p, here, modules)?))));
    };
    while i < toks.len() {
        let previous = if i == 0 { "" } else { t(i - 1) };
        match t(i) {
            "{" => {
                depth += 1;
                if let Some(name) = pending.take() {
                    inline.push((depth, name));
                }
            }
            "}" => {
                if inline.last().is_some_and(|m| m.0 == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            ";" => pending = None,
            // An inline module, or one a macro names (`mod $name { .. }`).
            "mod" if is_ident(t(i + 1)) => pending = Some(t(i + 1).to_string()),
            "mod" if t(i + 1) == "$" => pending = Some(format!("${}", t(i + 2))),
            // (`use<'a>` is a precise capture, no declaration.)
            "use" if t(i + 1) != "<" => {
                let mut pos = i + 1;
                let mut paths = Vec::new();
                use_tree(&toks, &mut pos, Vec::new(), &mut paths);
                add(paths, &here(&inline));
                while pos < toks.len() && t(pos) != ";" {
                    pos += 1;
                }
                i = pos;
                continue;
            }
            w if is_ident(w) && t(i + 1) == "::" && !matches!(previous, "::" | "$") => {
                let mut path = vec![w.to_string()];
                let mut pos = i + 1;
                while t(pos) == "::" && is_ident(t(pos + 1)) {
                    path.push(t(pos + 1).to_string());
                    pos += 2;
                }
                add(vec![(toks[pos - 1].line, path)], &here(&inline));
                i = pos;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Every module that has a file.
fn modules_of(files: &[SourceFile]) -> BTreeSet<Vec<String>> {
    files.iter().map(|f| f.module.clone()).collect()
}

/// Every use in `source` (the file `label` of module `module`) of a module beside or above its
/// layer, as "file:line: `x` uses `crate::y`".
fn layer_violations(label: &str, module: &[String], source: &str, modules: &BTreeSet<Vec<String>>) -> Vec<String> {
    let Some(top) = module.first() else { return Vec::new() }; // lib.rs: the crate root sees everything
    let own = layer_of(top).unwrap_or_else(|| panic!("{label}: module `{top}` is in no layer of LAYERS"));
    let bad = |used: &String| used != top && layer_of(used).is_none_or(|l| l >= own);
    named_paths(source, module, modules)
        .into_iter()
        .filter_map(|(line, path)| {
            // (an `x` in no layer, such as a re-export of the crate root, counts against the layers)
            let used = path.first().filter(|u| bad(u))?;
            Some(format!("{label}:{line}: `{top}` uses `crate::{used}`"))
        })
        .collect()
}

/// The uses between the files of src/`dir`: for each file (by label), the files it names a
/// path into (the file of the longest module the path names) and the line of the first such
/// path.
fn file_graph(dir: &str, files: &[SourceFile]) -> BTreeMap<String, BTreeMap<String, usize>> {
    let modules = modules_of(files);
    let file_of: BTreeMap<&[String], &str> = files.iter().map(|f| (f.module.as_slice(), f.label.as_str())).collect();
    let mut graph = BTreeMap::new();
    for f in files.iter().filter(|f| f.module.first().is_some_and(|m| m == dir)) {
        let uses: &mut BTreeMap<String, usize> = graph.entry(f.label.clone()).or_default();
        for (line, path) in named_paths(&f.text, &f.module, &modules) {
            if path.first().is_none_or(|m| m != dir) {
                continue;
            }
            let longest = (1..=path.len()).rev().find_map(|n| file_of.get(&path[..n]));
            if let Some(&to) = longest.filter(|to| **to != f.label) {
                uses.entry(to.to_string()).or_insert(line);
            }
        }
    }
    graph
}

/// A cycle of `graph`: its nodes in order, the first repeated at the end.
fn find_cycle(graph: &BTreeMap<String, BTreeMap<String, usize>>) -> Option<Vec<String>> {
    fn visit<'a>(
        node: &'a str,
        graph: &'a BTreeMap<String, BTreeMap<String, usize>>,
        done: &mut BTreeSet<&'a str>,
        path: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| *n == node) {
            return Some(path[at..].iter().chain([&node]).map(|n| n.to_string()).collect());
        }
        if !done.insert(node) {
            return None;
        }
        path.push(node);
        for next in graph.get(node).into_iter().flat_map(|uses| uses.keys()) {
            if let Some(cycle) = visit(next, graph, done, path) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut done, &mut Vec::new()))
}

#[test]
fn modules_use_only_the_layers_below_their_own() {
    let files = source_files();
    let modules = modules_of(&files);
    let bad: Vec<String> =
        files.iter().flat_map(|f| layer_violations(&f.label, &f.module, &f.text, &modules)).collect();
    assert!(bad.is_empty(), "uses against the direction of the layers (ARCHITECTURE.md):\n{}", bad.join("\n"));
}

#[test]
fn the_files_of_an_ordered_directory_use_each_other_in_no_cycle() {
    let files = source_files();
    for dir in ACYCLIC {
        let graph = file_graph(dir, &files);
        assert!(graph.len() > 2, "src/{dir}: no files read");
        if let Some(cycle) = find_cycle(&graph) {
            let steps: Vec<String> =
                cycle.windows(2).map(|w| format!("{} (line {})", w[1], graph[&w[0]][&w[1]])).collect();
            panic!("files of src/{dir} that use each other in a circle: {} -> {}", cycle[0], steps.join(" -> "));
        }
    }
}

fn owned(p: &[&str]) -> Vec<String> {
    p.iter().map(|s| s.to_string()).collect()
}

/// The top-level modules that `source`, in the module `path`, names.
fn tops(source: &str, path: &[&str]) -> Vec<String> {
    named_paths(source, &owned(path), &BTreeSet::new()).into_iter().map(|(_, p)| p[0].clone()).collect()
}

#[test]
fn the_check_finds_uses_against_the_layers() {
    assert_eq!(tops("use crate::ffi::api::EK_OK;", &["solver"]), ["ffi"]);
    assert_eq!(tops("    x = crate::dispatch::c_dispatch::f();", &["solver", "search"]), ["dispatch"]);
    assert_eq!(tops("use super::super::ffi;", &["endgame", "nws"]), ["ffi"]);
    assert_eq!(tops("use crate::Kernels;", &["eval"]), ["Kernels"]);
    assert_eq!(tops("use crate::{types::board, ffi};", &["kernels"]), ["types", "ffi"]);
    assert_eq!(tops("use super::dispatch;", &["eval"]), ["dispatch"]);
    assert_eq!(tops("use super::empties;", &["endgame", "nws"]), ["endgame"]);
    assert!(tops("let a = 1; // crate::ffi", &["solver"]).is_empty());
    assert!(tops("macro_rules! m { () => { $crate::ffi::f(); use $crate::ffi; } }", &["solver"]).is_empty());
    // A re-export of the crate root is no way around the layers: it is in no layer.
    assert!(layer_of("Kernels").is_none());
    // Every module of src/ is in a layer (else `layer_violations` panics), and the layers are in order.
    assert!(layer_of("types") < layer_of("kernels") && layer_of("dispatch") < layer_of("ffi"));
}

#[test]
fn the_parser_reads_whole_use_trees_and_paths_across_lines() {
    let source = r##"pub use crate::{
    types::board::{self, EkBoard},
    kernels::Prims as P,
};
use super::super::{
    eval::{
        EvalPrims,
        x86::{a, b},
    },
    hash_table,
};
fn f() -> u64 {
    let s = "crate::ffi"; /* crate::ffi /* nested */ crate::ffi */ // crate::ffi
    let c = '"'; let l: &'static str = r#"use crate::ffi;"#;
    crate::solver
        ::tt::Table::<u64>::new()
}
mod tests {
    use super::*;
    use super::super::order;
    use nws::search;
}
"##;
    let modules = BTreeSet::from([owned(&["endgame", "x", "nws"])]);
    let found = named_paths(source, &owned(&["endgame", "x"]), &modules);
    let want: Vec<Named> = [
        (2, &["types", "board"][..]),
        (2, &["types", "board", "EkBoard"]),
        (3, &["kernels", "Prims"]),
        (7, &["eval", "EvalPrims"]),
        (8, &["eval", "x86", "a"]),
        (8, &["eval", "x86", "b"]),
        (10, &["hash_table"]),
        (16, &["solver", "tt", "Table"]),
        (19, &["endgame", "x", "*"]),
        (20, &["endgame", "order"]),
    ]
    .iter()
    .map(|(line, p)| (*line, owned(p)))
    .collect();
    assert_eq!(found, want);
    // `nws::search` in `mod tests` would be `endgame::x::tests::nws`, which has no file (left
    // out above); in the file's own module it is a child's.
    let child = named_paths("use nws::search;\nfn f() { nws::search(); }", &owned(&["endgame", "x"]), &modules);
    assert_eq!(child, [(1, owned(&["endgame", "x", "nws", "search"])), (2, owned(&["endgame", "x", "nws", "search"]))]);

    // A module beside the user's, inside a group over several lines, is reported on its line.
    let sideways = "use crate::{\n    kernels::Prims,\n    hash_table::{\n        BusyTable,\n    },\n};\n";
    let bad = layer_violations("eval/x.rs", &owned(&["eval", "x"]), sideways, &BTreeSet::new());
    assert_eq!(bad, ["eval/x.rs:4: `eval` uses `crate::hash_table`"]);
}

#[test]
fn the_cycle_check_finds_cycles() {
    let graph = |edges: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
        for (from, to) in edges {
            g.entry(from.to_string()).or_default().insert(to.to_string(), 1);
            g.entry(to.to_string()).or_default();
        }
        g
    };
    assert_eq!(find_cycle(&graph(&[("a", "b"), ("a", "c"), ("b", "c")])), None);
    let cycle = find_cycle(&graph(&[("a", "b"), ("b", "c"), ("c", "d"), ("d", "b")]));
    assert_eq!(cycle, Some(owned(&["b", "c", "d", "b"])));
    // `super::X` of an item of mod.rs is a use of mod.rs; a child's path is one of the child.
    let files = [
        ("s/mod.rs", &["s"][..], "use a::f;"),
        ("s/a.rs", &["s", "a"], "use super::{b, X};"),
        ("s/b.rs", &["s", "b"], ""),
    ];
    let files: Vec<SourceFile> = files
        .iter()
        .map(|(l, m, t)| SourceFile { label: l.to_string(), module: owned(m), text: t.to_string() })
        .collect();
    let g = file_graph("s", &files);
    assert_eq!(g["s/a.rs"].keys().collect::<Vec<_>>(), ["s/b.rs", "s/mod.rs"]);
    assert_eq!(find_cycle(&g), Some(owned(&["s/a.rs", "s/mod.rs", "s/a.rs"])));
}

/// The most lines a file of src/ has, unless its opening comment says why it is one file.
const MAX_LINES: usize = 400;

/// Whether a file of `text` is short enough, or says in its opening comment (its leading `//!`
/// lines) why it is one file ("One file because ...").
fn long_without_reason(text: &str) -> bool {
    let opening = text.lines().take_while(|l| l.starts_with("//!")).any(|l| l.contains("One file because"));
    text.lines().count() > MAX_LINES && !opening
}

/// Small modules named for what they do: a file of src/ past 400 lines is split where its
/// concepts part, or its opening comment says why it is one file.
#[test]
fn files_are_short_or_say_why_not() {
    let long: Vec<String> = source_files()
        .iter()
        .filter(|f| long_without_reason(&f.text))
        .map(|f| format!("{}: {} lines", f.label, f.text.lines().count()))
        .collect();
    assert!(long.is_empty(), "past {MAX_LINES} lines without a reason in the opening comment: {long:?}");
    // The rule itself, on made-up files.
    let body = "fn f() {}\n".repeat(MAX_LINES + 1);
    assert!(long_without_reason(&body));
    assert!(long_without_reason(&format!("//! A module.\n{body}")));
    assert!(!long_without_reason(&format!("//! A module. One file because its parts share a macro.\n{body}")));
    assert!(!long_without_reason(&"fn f() {}\n".repeat(MAX_LINES)));
}
