//! The `#[no_mangle]` functions of src/ffi as their sources write them, and how each keeps a
//! panic from its caller (the rule of src/ffi/mod.rs). Used by tests/exports.rs: the exports
//! behind `guard()` are left out of its machine-code walk, so what counts as guarded is decided
//! here, strictly, from the text.

use std::collections::BTreeSet;
use std::path::Path;

/// How an export keeps panics from its caller (src/ffi/mod.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boundary {
    /// The body is one call of an `extern "C"` function, which cannot unwind: an entry through
    /// its dispatch slot (`dispatch::` or `c_dispatch::`) or another export. The arguments are
    /// passed as they are or through operators (`s & 7`, `b as u64`): no call, block, method or
    /// index, and nothing is done with the result.
    Jump,
    /// The body is one call `guard(FALLBACK, BODY)` and nothing else: the fallback a plain
    /// value (a literal, `()`, a constant's path, `core::ptr::null()` or `null_mut()`), which
    /// runs no code, and everything else in `BODY`, a closure or a function's path (which may be
    /// wrapped in `AssertUnwindSafe`).
    Guarded,
    /// Named in `edax_kernels::ffi::UNGUARDED`, with its reason.
    Listed,
}

/// One export: its name, the file that defines it and its body (comments removed, whitespace
/// collapsed to single spaces, the outer braces dropped).
#[derive(Debug)]
pub struct Export {
    pub name: String,
    pub file: String,
    pub body: String,
}

/// Every `#[no_mangle]` function of the `.rs` files in `dir`.
pub fn exports_in(dir: &Path) -> Vec<Export> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|f| f.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let src = std::fs::read_to_string(&path).expect("source file");
        let file = path.file_name().expect("a file name").to_string_lossy().into_owned();
        out.extend(bodies(&src).into_iter().map(|(name, body)| Export { name, file: file.clone(), body }));
    }
    out
}

/// The `#[no_mangle]` functions of one source file: (name, body).
pub fn bodies(src: &str) -> Vec<(String, String)> {
    let src = without_comments(src);
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(k) = src[at..].find("#[no_mangle]") {
        let start = at + k;
        let fn_at = start + src[start..].find("fn ").expect("an exported fn") + 3;
        let open_args = fn_at + src[fn_at..].find('(').expect("its arguments");
        let name = src[fn_at..open_args].trim().to_owned();
        let after_args = closing(&src, open_args);
        let open_body = after_args + src[after_args..].find('{').expect("its body");
        let end = closing(&src, open_body);
        let body = src[open_body + 1..end - 1].split_whitespace().collect::<Vec<_>>().join(" ");
        out.push((name, body));
        at = end;
    }
    out
}

/// `src` without its `//` comments (those outside string literals), doc comments included.
fn without_comments(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut chars = src.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                '\\' => out.extend(chars.next()),
                '"' => in_string = false,
                _ => {}
            }
        } else if c == '/' && chars.peek() == Some(&'/') {
            while chars.peek().is_some_and(|&n| n != '\n') {
                chars.next();
            }
        } else {
            in_string = c == '"';
            out.push(c);
        }
    }
    out
}

/// The index just past the bracket that closes the one at `open` (string literals skipped).
fn closing(s: &str, open: usize) -> usize {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, c) in s[open..].char_indices() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                if depth == 0 {
                    return open + i + 1;
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced brackets from {:?}", &s[open..(open + 60).min(s.len())]);
}

/// `CALLEE(ARGS)` as the whole of `expr`: the callee's path and the arguments' text.
fn whole_call(expr: &str) -> Option<(&str, &str)> {
    let open = expr.find('(')?;
    let callee = expr[..open].trim();
    (is_path(callee) && closing(expr, open) == expr.len()).then(|| (callee, &expr[open + 1..expr.len() - 1]))
}

fn is_ident(s: &str) -> bool {
    let s = s.strip_prefix("r#").unwrap_or(s);
    s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `expr` without what runs no code around it: `unsafe { ... }` blocks holding all of it, and a
/// final `;`.
fn unwrapped(mut expr: &str) -> &str {
    loop {
        let e = expr.trim().trim_end_matches(';').trim();
        let inner = e
            .strip_prefix("unsafe ")
            .map(str::trim_start)
            .filter(|rest| rest.starts_with('{') && closing(rest, 0) == rest.len())
            .map(|rest| &rest[1..rest.len() - 1]);
        match inner {
            Some(inner) => expr = inner,
            None if e.len() == expr.len() => return e,
            None => expr = e,
        }
    }
}

/// The two arguments of a `guard` call: the fallback and the closure.
fn split_guard_args(args: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    let mut in_string = false;
    for (i, c) in args.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '(' | '[' | '{' if !in_string => depth += 1,
            ')' | ']' | '}' if !in_string => depth -= 1,
            // (rustfmt ends arguments laid out one per line with a comma)
            ',' if !in_string && depth == 0 => {
                return Some((args[..i].trim(), args[i + 1..].trim().trim_end_matches(',').trim_end()))
            }
            _ => {}
        }
    }
    None
}

/// A fallback that runs no code: a literal, `()`, a path, or a null pointer.
fn is_plain_value(v: &str) -> bool {
    v == "()"
        || v == "core::ptr::null()"
        || v == "core::ptr::null_mut()"
        || v.trim_start_matches('-').parse::<i64>().is_ok()
        || is_path(v)
}

/// A closure, a function's path, or either in `AssertUnwindSafe(...)`: nothing that runs before
/// the guard does.
fn is_closure(body: &str) -> bool {
    let body = match whole_call(body) {
        Some(("AssertUnwindSafe", inner)) => inner.trim(),
        _ => body,
    };
    body.starts_with("||") || body.starts_with("move ||") || is_path(body)
}

fn is_path(s: &str) -> bool {
    s.split("::").all(is_ident)
}

/// How the body `body` of export `name` keeps panics from its caller; `exports` are the names of
/// every export, `listed` the exceptions named in src/ffi/mod.rs. `Err` says why it is none of
/// the three.
pub fn boundary(name: &str, body: &str, exports: &BTreeSet<String>, listed: &[&str]) -> Result<Boundary, String> {
    let expr = unwrapped(body);
    let shape = match whole_call(expr) {
        Some(("guard", args)) => match split_guard_args(args) {
            Some((fallback, _)) if !is_plain_value(fallback) => {
                Err(format!("its fallback `{fallback}` runs before the guard (a plain value is wanted)"))
            }
            Some((_, body)) if !is_closure(body) => {
                Err(format!("guard's second argument is neither a closure nor a function: `{body}`"))
            }
            Some(_) => Ok(Boundary::Guarded),
            None => Err("guard without its two arguments".to_owned()),
        },
        Some((callee, args)) => {
            let last = callee.rsplit("::").next().unwrap_or(callee);
            let through_slot =
                ["dispatch::", "c_dispatch::", "crate::dispatch::dispatch::", "crate::dispatch::c_dispatch::"]
                    .iter()
                    .any(|p| callee.strip_prefix(p).is_some_and(is_ident));
            let to_export = exports.contains(last) && last != name;
            if !(through_slot || to_export) {
                Err(format!("one call, but of `{callee}`: neither a dispatch slot nor another export"))
            } else if args.contains(['(', '{', '[', '.']) || args.contains("unsafe") {
                Err(format!("a jump whose arguments run code: `{args}`"))
            } else {
                Ok(Boundary::Jump)
            }
        }
        None if expr.contains("guard(") => Err(format!("code runs outside its guard: `{expr}`")),
        None => Err(format!("neither a jump nor a guard: `{expr}`")),
    };
    match (shape, listed.contains(&name)) {
        (Ok(b), true) => Err(format!("listed in ffi::UNGUARDED, but is {b:?}: take it off the list")),
        (Err(_), true) => Ok(Boundary::Listed),
        (shape, false) => shape,
    }
}
