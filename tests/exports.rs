//! The C artifacts as a C program links them (`scripts/build-capi.sh`, run here; a no-op when
//! they are current), checked in the machine code:
//!
//! - Symbols: the dynamic symbol table of `libedax_kernels.so` (`nm -D --defined-only`) holds
//!   exactly the functions `include/edax_kernels.h` declares: the `ek_` names, plus Edax's names
//!   (declared under `EK_EDAX_ABI`) in the `edax-abi` build, plus those of Edax's `eval.h`
//!   (under `EK_EDAX_ABI_EVAL`) in the `edax-abi-eval` build.
//! - Panic paths (src/ffi/mod.rs claims the unguarded exports have none): from every export
//!   whose body does not go through `guard()`, every kernel entry of every level (the function
//!   pointers of each `Kernels` table) and every first-call trampoline (the initial values of
//!   the dispatch slots), no direct call or jump reaches a panicking function (`objdump -d`).
//!   Indirect calls are covered by those roots: an export jumps through a slot, which holds a
//!   trampoline or a table entry. The trampolines' one exception is the level selection, which
//!   runs behind `catch_unwind` in `ensure_selected_from_c`; that it does is checked too.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The three builds of the C artifacts.
#[derive(Clone, Copy, Debug)]
enum Build {
    Default,
    EdaxAbi,
    EdaxAbiEval,
}

/// Builds the C artifacts of `build` and returns the shared library's path.
fn shared_library(build: Build) -> PathBuf {
    static BUILD: Mutex<()> = Mutex::new(());
    let _one_build_at_a_time = BUILD.lock().unwrap_or_else(|e| e.into_inner());
    let mut cmd = Command::new(root().join("scripts/build-capi.sh"));
    let dir = match build {
        Build::Default => "target/capi/release",
        Build::EdaxAbi => {
            cmd.arg("--edax-abi");
            "target/capi-edax-abi/release"
        }
        Build::EdaxAbiEval => {
            cmd.arg("--edax-abi-eval");
            "target/capi-edax-abi-eval/release"
        }
    };
    let out = cmd.current_dir(root()).output().expect("cannot run scripts/build-capi.sh");
    assert!(out.status.success(), "build-capi.sh failed:\n{}", String::from_utf8_lossy(&out.stderr));
    root().join(dir).join("libedax_kernels.so")
}

fn run(program: &str, args: &[&str], file: &Path) -> String {
    let out = Command::new(program)
        .args(args)
        .arg(file)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program} (binutils): {e}"));
    assert!(out.status.success(), "{program} {args:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("tool output is UTF-8")
}

/// The functions the header declares: `ek_` names, Edax names under `EK_EDAX_ABI`, and
/// Edax's eval.h names under `EK_EDAX_ABI_EVAL`.
struct Declared {
    ek: BTreeSet<String>,
    edax: BTreeSet<String>,
    edax_eval: BTreeSet<String>,
}

impl Declared {
    /// What the shared library of `build` must export.
    fn exported_by(&self, build: Build) -> BTreeSet<String> {
        let mut all = self.ek.clone();
        if !matches!(build, Build::Default) {
            all.extend(self.edax.iter().cloned());
        }
        if matches!(build, Build::EdaxAbiEval) {
            all.extend(self.edax_eval.iter().cloned());
        }
        all
    }
}

fn declared_functions() -> Declared {
    let header = std::fs::read_to_string(root().join("include/edax_kernels.h")).expect("header");
    let (mut ek, mut edax, mut edax_eval) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    // 0: outside any feature block, 1: under EK_EDAX_ABI, 2: under EK_EDAX_ABI_EVAL.
    let mut block = 0;
    for line in header.lines() {
        if line.starts_with("#if defined(EK_EDAX_ABI)") {
            block = 1;
        } else if line.starts_with("#if defined(EK_EDAX_ABI_EVAL)") {
            block = 2;
        } else if line.starts_with("#endif") {
            block = 0;
        } else if line.starts_with(|c: char| c.is_ascii_alphabetic()) && line.contains('(') {
            // A declaration starts in column 0: `type name(args...`.
            let before = &line[..line.find('(').expect("has a parenthesis")];
            let name = before.rsplit(|c: char| !c.is_ascii_alphanumeric() && c != '_').next().expect("a name");
            if !name.is_empty() && !before.starts_with("typedef") {
                [&mut ek, &mut edax, &mut edax_eval][block].insert(name.to_owned());
            }
        }
    }
    assert!(
        ek.len() >= 40 && edax.len() >= 20 && edax_eval.len() >= 10,
        "header parse found {} ek_, {} Edax and {} Edax eval names",
        ek.len(),
        edax.len(),
        edax_eval.len()
    );
    let stray: Vec<_> = ek.iter().filter(|n| !n.starts_with("ek_")).collect();
    assert!(stray.is_empty(), "non-ek_ functions outside the EK_EDAX_ABI blocks: {stray:?}");
    Declared { ek, edax, edax_eval }
}

fn dynamic_symbols(lib: &Path) -> BTreeSet<String> {
    run("nm", &["-D", "--defined-only"], lib)
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2))
        .map(|s| s.split('@').next().unwrap_or(s).to_owned())
        .collect()
}

#[test]
fn shared_library_exports_only_the_declared_functions() {
    let declared = declared_functions();
    for build in [Build::Default, Build::EdaxAbi, Build::EdaxAbiEval] {
        let want = declared.exported_by(build);
        let lib = shared_library(build);
        let got = dynamic_symbols(&lib);
        let extra: Vec<_> = got.difference(&want).collect();
        let missing: Vec<_> = want.difference(&got).collect();
        assert!(
            extra.is_empty() && missing.is_empty(),
            "{}: exported but not declared: {extra:?}; declared but not exported: {missing:?}",
            lib.display()
        );
    }
}

/// The machine code of a shared library: functions, their direct calls and jumps, and the
/// function pointers stored in its static data.
struct Code {
    /// Start address -> (size, demangled name) of every function (the first of its names:
    /// identical functions may share an address).
    functions: BTreeMap<u64, (u64, String)>,
    /// Name -> start address of every function symbol.
    addresses: BTreeMap<String, u64>,
    /// Function start -> the starts of the functions it calls or jumps to directly.
    calls: BTreeMap<u64, BTreeSet<u64>>,
    /// Name -> (address, size) of every data object.
    objects: BTreeMap<String, (u64, u64)>,
    /// Address -> target of every relative relocation (a pointer in static data).
    pointers: BTreeMap<u64, u64>,
}

impl Code {
    fn read(lib: &Path) -> Code {
        let (mut functions, mut addresses, mut objects) = (BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
        for line in run("objdump", &["-t", "-C", "--wide"], lib).lines() {
            // `ADDRESS FLAGS SECTION\tSIZE NAME`; FLAGS holds F for a function, O for an object.
            let Some((head, tail)) = line.split_once('\t') else { continue };
            let mut tail = tail.split_whitespace();
            let (Some(addr), Some(size)) = (head.split_whitespace().next(), tail.next()) else { continue };
            let name = tail.collect::<Vec<_>>().join(" ");
            let name = name.strip_prefix(".hidden ").unwrap_or(&name).to_owned();
            let (Ok(addr), Ok(size)) = (u64::from_str_radix(addr, 16), u64::from_str_radix(size, 16)) else { continue };
            let flags = head.get(17..24).unwrap_or("");
            if flags.contains('F') && addr != 0 {
                addresses.insert(name.clone(), addr);
                functions.entry(addr).or_insert((size, name));
            } else if flags.contains('O') {
                objects.insert(name, (addr, size));
            }
        }
        let mut pointers = BTreeMap::new();
        for line in run("objdump", &["-R"], lib).lines() {
            let f: Vec<_> = line.split_whitespace().collect();
            if let [offset, "R_X86_64_RELATIVE", value] = f[..] {
                let target = value.strip_prefix("*ABS*+0x").and_then(|v| u64::from_str_radix(v, 16).ok());
                if let (Ok(offset), Some(target)) = (u64::from_str_radix(offset, 16), target) {
                    pointers.insert(offset, target);
                }
            }
        }
        let mut code = Code { functions, addresses, calls: BTreeMap::new(), objects, pointers };
        let mut calls: BTreeMap<u64, BTreeSet<u64>> = BTreeMap::new();
        for line in run("objdump", &["-d", "--no-show-raw-insn"], lib).lines() {
            // `  ADDRESS:\tMNEMONIC TARGET <name>` for a direct call or jump.
            let Some((addr, insn)) = line.trim_start().split_once(":\t") else { continue };
            let mut insn = insn.split_whitespace();
            let (Some(mnemonic), Some(target)) = (insn.next(), insn.next()) else { continue };
            if !(mnemonic == "call" || mnemonic.starts_with('j')) {
                continue;
            }
            let (Ok(addr), Ok(target)) = (u64::from_str_radix(addr, 16), u64::from_str_radix(target, 16)) else {
                continue;
            };
            if let (Some(from), Some(to)) = (code.function_at(addr), code.function_at(target)) {
                if from != to {
                    calls.entry(from).or_default().insert(to);
                }
            }
        }
        code.calls = calls;
        code
    }

    /// The start of the function containing `addr`.
    fn function_at(&self, addr: u64) -> Option<u64> {
        let (&start, &(size, _)) = self.functions.range(..=addr).next_back()?;
        (addr < start + size.max(1)).then_some(start)
    }

    fn name(&self, start: u64) -> &str {
        &self.functions[&start].1
    }

    fn function_named(&self, name: &str) -> Option<u64> {
        self.addresses.get(name).copied()
    }

    /// The functions the pointers stored in the objects whose names satisfy `pick` point to.
    fn pointed_functions(&self, pick: impl Fn(&str) -> bool) -> BTreeMap<String, Vec<u64>> {
        let mut out = BTreeMap::new();
        for (name, &(addr, size)) in self.objects.iter().filter(|(n, _)| pick(n)) {
            let targets: Vec<u64> = self
                .pointers
                .range(addr..addr + size)
                .filter_map(|(_, &t)| self.functions.contains_key(&t).then_some(t))
                .collect();
            out.insert(name.clone(), targets);
        }
        out
    }

    /// The first panicking function reachable from `start` by direct calls, with the path to
    /// it; functions in `boundaries` (which catch panics) are not entered.
    fn panic_path(&self, start: u64, boundaries: &BTreeSet<u64>) -> Option<Vec<String>> {
        let mut parent = BTreeMap::from([(start, start)]);
        let mut todo = vec![start];
        while let Some(f) = todo.pop() {
            if panics(self.name(f)) {
                let mut path = vec![self.name(f).to_owned()];
                let mut at = f;
                while at != start {
                    at = parent[&at];
                    path.push(self.name(at).to_owned());
                }
                path.reverse();
                return Some(path);
            }
            for &g in self.calls.get(&f).into_iter().flatten() {
                if !boundaries.contains(&g) && !parent.contains_key(&g) {
                    parent.insert(g, f);
                    todo.push(g);
                }
            }
        }
        None
    }
}

/// Whether a function starts a panic (the panic machinery, or the failure paths of unwrap,
/// expect, slice indexing and allocation, which all panic).
fn panics(name: &str) -> bool {
    let last = name.rsplit("::").next().unwrap_or(name);
    name.contains("panic")
        || last.ends_with("_fail")
        || last.ends_with("failed")
        || name.contains("capacity_overflow")
        || name.contains("handle_alloc_error")
        || name.contains("raw_vec::handle_error")
}

/// The exported functions whose body runs through `guard()`, from the sources.
fn guarded_exports() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for file in std::fs::read_dir(root().join("src/ffi")).expect("src/ffi") {
        let src = std::fs::read_to_string(file.expect("a directory entry").path()).expect("source file");
        for export in src.split("#[no_mangle]").skip(1) {
            let name = export.split("fn ").nth(1).and_then(|s| s.split('(').next()).expect("an exported fn");
            if export.contains("guard(") {
                out.insert(name.trim().to_owned());
            }
        }
    }
    assert!(out.contains("ek_perft_stats"), "guarded exports not found in src/ffi: {out:?}");
    out
}

/// The function catching the first-call level selection's panics (src/isa/mod.rs).
const SELECTION_BOUNDARY: &str = "edax_kernels::isa::ensure_selected_from_c";

fn check_panic_free(build: Build) {
    let lib = shared_library(build);
    let code = Code::read(&lib);
    let guarded = guarded_exports();

    let boundary = code.function_named(SELECTION_BOUNDARY).unwrap_or_else(|| panic!("{SELECTION_BOUNDARY} not found"));
    let catches = code.calls[&boundary].iter().any(|&g| code.name(g).contains("catch_unwind"));
    assert!(catches, "{SELECTION_BOUNDARY} does not catch panics (no catch_unwind call)");
    assert!(
        !code.calls[&boundary].iter().any(|&g| code.name(g).contains("panic_cannot_unwind")),
        "{SELECTION_BOUNDARY} can still abort on a panic"
    );
    let boundaries = BTreeSet::from([boundary]);

    let exports: Vec<(String, u64)> = dynamic_symbols(&lib)
        .into_iter()
        .filter(|name| !guarded.contains(name))
        .map(|name| {
            let addr = code.function_named(&name).unwrap_or_else(|| panic!("export {name} not in the symbol table"));
            (name, addr)
        })
        .collect();
    let tables = code.pointed_functions(|n| n.starts_with("edax_kernels::isa::") && n.ends_with("::KERNELS"));
    let slots = code.pointed_functions(|n| n.starts_with("edax_kernels::isa::slot::"));

    // The tables and the slots were found, with one entry per kernel each.
    let kernels = slots.len();
    assert!(kernels >= 18, "found {kernels} dispatch slots");
    assert!(slots.values().all(|t| t.len() == 1), "a slot without its trampoline: {slots:?}");
    assert_eq!(tables.len(), if cfg!(target_arch = "x86_64") { 4 } else { 1 }, "kernel tables: {:?}", tables.keys());
    for (table, entries) in &tables {
        assert_eq!(entries.len(), kernels, "{table} has {} entries for {kernels} slots", entries.len());
    }

    let mut roots: Vec<(String, u64)> = exports;
    for (object, targets) in tables.iter().chain(&slots) {
        roots.extend(targets.iter().map(|&t| (format!("{} (in {object})", code.name(t)), t)));
    }
    let failures: Vec<String> = roots
        .iter()
        .filter_map(|(what, addr)| code.panic_path(*addr, &boundaries).map(|p| format!("{what}: {}", p.join(" -> "))))
        .collect();
    assert!(failures.is_empty(), "{}: panic paths:\n{}", lib.display(), failures.join("\n"));

    // The search does find panic paths where they exist: a guarded export has some.
    let set_isa = code.function_named("ek_set_isa").expect("ek_set_isa");
    assert!(code.panic_path(set_isa, &BTreeSet::new()).is_some(), "the panic search finds nothing in ek_set_isa");
    println!("{}: {} roots, no panic path", lib.display(), roots.len());
}

#[test]
fn unguarded_exports_and_kernel_entries_have_no_panic_path() {
    check_panic_free(Build::Default);
}

/// The edax-abi-eval build holds every export of the edax-abi build.
#[test]
fn edax_abi_exports_have_no_panic_path() {
    check_panic_free(Build::EdaxAbiEval);
}
