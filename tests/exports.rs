//! The C artifacts as a C program links them (`scripts/build-capi.sh`, run here; a no-op when
//! they are current), checked in the machine code:
//!
//! - Symbols: the dynamic symbol table of `libedax_kernels.so` (`nm -D --defined-only`) holds
//!   exactly the functions `include/edax_kernels.h` declares: the `ek_` names, plus Edax's names
//!   (declared under `EK_EDAX_ABI`) in the `edax-abi` build, plus those of Edax's `eval.h`
//!   (under `EK_EDAX_ABI_EVAL`) in the `edax-abi-eval` build.
//! - Export shapes, in the sources (src/ffi/mod.rs's rule, tests/export_sources): every export
//!   is one jump to an `extern "C"` function (an entry through its dispatch slot, or another
//!   export), or its whole body is one `guard(plain value, closure)`, or it is named in
//!   `ffi::UNGUARDED`; a self-test feeds the check bodies where code runs outside the guard.
//! - Panic paths (src/ffi/mod.rs claims the unguarded exports have none): from every export
//!   whose body is not wholly behind `guard()`, every kernel entry of every level (the function
//!   pointers of each `Kernels` table) and every first-call trampoline (the initial values of
//!   the dispatch slots), no direct call or jump reaches a panicking function (`objdump -d`).
//!   Indirect calls are covered by those roots: an export jumps through a slot, which holds a
//!   trampoline or a table entry. The trampolines' one exception is the level selection, which
//!   runs behind `catch_unwind` in `ensure_selected_from_c`; that it does is checked too. The
//!   solver's thread start (`solver::threads::cold`, once per solve with several threads; a
//!   waiting split point's yield of the core goes through it too) is the other boundary,
//!   checked the same way.
//! - Vendor-specific costs, by encoding: no legacy SSE reachable from a hot export on the
//!   avx2/avx512 levels (Intel's AVX-SSE transition; the walk stops at the solver's thread start,
//!   which runs the standard library's thread code once per solve), no PEXT/PDEP reachable from any
//!   export through the tables AMD Zen 1/2 run (portable, sse2, the avx2 level's own), where they
//!   are microcoded.

mod export_sources;
mod machine_code;

use export_sources::Boundary;
use machine_code::{dynamic_symbols, Code};
use std::collections::BTreeSet;
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
    match build {
        Build::Default => {}
        Build::EdaxAbi => {
            cmd.arg("--edax-abi");
        }
        Build::EdaxAbiEval => {
            cmd.arg("--edax-abi-eval");
        }
    }
    let out = cmd.current_dir(root()).output().expect("cannot run scripts/build-capi.sh");
    assert!(out.status.success(), "build-capi.sh failed:\n{}", String::from_utf8_lossy(&out.stderr));
    // Its last line is the directory (relative to the root unless CARGO_TARGET_DIR is absolute).
    let dir = String::from_utf8(out.stdout).expect("UTF-8").lines().last().expect("a directory").to_owned();
    root().join(dir).join("libedax_kernels.so")
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

/// The path to a panicking function reachable from `start` by direct calls, if any; functions
/// in `boundaries` (which catch panics) are not entered.
fn panic_path(code: &Code, start: u64, boundaries: &BTreeSet<u64>) -> Option<Vec<String>> {
    let reached = code.reachable(start, boundaries, |_| Vec::new());
    let f = reached.keys().copied().find(|&f| panics(code.name(f)))?;
    Some(code.path(&reached, f))
}

/// The exports of src/ffi, each with how it keeps panics from its caller (src/ffi/mod.rs);
/// fails on any export that is neither a jump, guarded nor listed.
fn export_boundaries() -> Vec<(String, Boundary)> {
    let exports = export_sources::exports_in(&root().join("src/ffi"));
    let names: BTreeSet<String> = exports.iter().map(|e| e.name.clone()).collect();
    let listed = edax_kernels::ffi::UNGUARDED;
    let mut out = Vec::new();
    let mut failures = Vec::new();
    for e in &exports {
        match export_sources::boundary(&e.name, &e.body, &names, &listed) {
            Ok(b) => out.push((e.name.clone(), b)),
            Err(why) => failures.push(format!("src/ffi/{}: {}: {why}", e.file, e.name)),
        }
    }
    let stale: Vec<_> = listed.iter().filter(|n| !names.contains(**n)).collect();
    assert!(stale.is_empty(), "ffi::UNGUARDED names functions src/ffi does not export: {stale:?}");
    assert!(
        failures.is_empty(),
        "exports that are neither one jump to an extern \"C\" function, nor wholly behind guard(), \
         nor listed in ffi::UNGUARDED (src/ffi/mod.rs):\n{}",
        failures.join("\n")
    );
    let count = |b| out.iter().filter(|(_, x)| *x == b).count();
    assert!(
        count(Boundary::Jump) >= 40 && count(Boundary::Guarded) >= 20,
        "found {} jumps and {} guarded exports in src/ffi",
        count(Boundary::Jump),
        count(Boundary::Guarded)
    );
    out
}

/// The exports whose whole body runs behind `guard()`.
fn guarded_exports() -> BTreeSet<String> {
    let guarded: BTreeSet<String> =
        export_boundaries().into_iter().filter(|(_, b)| *b == Boundary::Guarded).map(|(n, _)| n).collect();
    assert!(guarded.contains("ek_set_isa"), "guarded exports not found in src/ffi: {guarded:?}");
    guarded
}

/// Every export of src/ffi is one jump to an `extern "C"` function, wholly behind `guard()`, or
/// named in `ffi::UNGUARDED` (src/ffi/mod.rs); from the sources, without the library.
#[test]
fn every_export_is_a_jump_guarded_or_listed() {
    let all = export_boundaries();
    let of = |name: &str| all.iter().find(|(n, _)| n == name).map(|(_, b)| *b);
    assert_eq!(of("ek_flip"), Some(Boundary::Jump));
    assert_eq!(of("ek_solver_solve"), Some(Boundary::Jump));
    assert_eq!(of("ek_set_isa"), Some(Boundary::Guarded));
    println!("{} exports: jumps, guarded or listed", all.len());
}

/// The check of `every_export_is_a_jump_guarded_or_listed` itself: bodies where code runs
/// outside the guard, or a jump does more than jump, are refused.
#[test]
fn the_export_check_refuses_code_outside_the_guard() {
    let exports: BTreeSet<String> = ["ek_a", "ek_b"].map(String::from).into();
    let check = |body: &str| export_sources::boundary("ek_a", body, &exports, &[]);
    let listed = |body: &str| export_sources::boundary("ek_a", body, &exports, &["ek_a"]);
    // What passes.
    assert_eq!(check("guard(EK_ERR_INTERNAL, || unsafe { f(x) })"), Ok(Boundary::Guarded));
    assert_eq!(check("guard(core::ptr::null_mut(), move || { let y = g(x)?; h(y) })"), Ok(Boundary::Guarded));
    assert_eq!(check("unsafe { guard((), || f(x)) }"), Ok(Boundary::Guarded));
    assert_eq!(check("unsafe { c_dispatch::ek_a(x, s & 7, out) }"), Ok(Boundary::Jump));
    assert_eq!(check("dispatch::bit_count(b as u64)"), Ok(Boundary::Jump));
    assert_eq!(check("unsafe { super::api::ek_b(eval) };"), Ok(Boundary::Jump));
    assert_eq!(listed("VERSION.as_ptr()"), Ok(Boundary::Listed));
    // Code before the guard: ek_weights_load_file's shape before issue 60.
    let before = "if path.is_null() { return unsafe { refuse(status, EK_ERR_NULL) }; } \
                  let path = unsafe { CStr::from_ptr(path) }; \
                  guard(core::ptr::null_mut(), || unsafe { load(&path, status) })";
    assert!(check(before).is_err_and(|e| e.contains("outside its guard")), "{:?}", check(before));
    assert!(check("let p = f(x); guard(0, || g(p))").is_err());
    // Code after it, or in its fallback (evaluated before the closure runs).
    assert!(check("let isa = guard(Isa::Portable, isa::active); isa_cname(isa).as_ptr()").is_err());
    assert!(check("guard(0, || f(x)) + 1").is_err());
    assert!(check("guard(unsafe { refuse(status, EK_ERR_INTERNAL) }, || g(x))").is_err());
    assert!(check("guard(f(x), || g(x))").is_err());
    assert!(check("guard(0, g(x))").is_err());
    assert_eq!(check("guard((), weights::unpublish)"), Ok(Boundary::Guarded));
    assert_eq!(check("guard(0, AssertUnwindSafe(|| f(s)))"), Ok(Boundary::Guarded));
    assert_eq!(check("guard( 0, AssertUnwindSafe(|| { f(s) }), )"), Ok(Boundary::Guarded));
    assert!(check("guard(0, AssertUnwindSafe(f(s)))").is_err());
    // A jump that computes its arguments or uses its result, or calls something else.
    assert!(check("unsafe { c_dispatch::ek_a(x, f(y)) }").is_err());
    assert!(check("unsafe { c_dispatch::ek_a(board, unique) }.max(0)").is_err());
    assert!(check("dispatch::flip(x, b.player, b.opponent)").is_err());
    assert!(check("crate::solver::solve(x)").is_err());
    assert!(check("ek_a(x)").is_err(), "an export calling itself is no jump");
    // The list holds only what needs it.
    assert!(listed("guard(0, || f(x))").is_err());
    assert!(check("").is_err() && listed("") == Ok(Boundary::Listed));
}

/// The function catching the first-call level selection's panics (src/dispatch/mod.rs).
const SELECTION_BOUNDARY: &str = "edax_kernels::dispatch::ensure_selected_from_c";
/// The function that starts a solve's threads and catches their panics (src/solver/threads.rs).
const THREADS_BOUNDARY: &str = "edax_kernels::solver::threads::cold";

fn check_panic_free(build: Build) {
    let lib = shared_library(build);
    let code = Code::read(&lib);
    let guarded = guarded_exports();

    let mut boundaries = BTreeSet::new();
    for name in [SELECTION_BOUNDARY, THREADS_BOUNDARY] {
        let boundary = code.function_named(name).unwrap_or_else(|| panic!("{name} not found"));
        let catches = code.callees(boundary).any(|g| code.name(g).contains("catch_unwind"));
        assert!(catches, "{name} does not catch panics (no catch_unwind call)");
        assert!(
            !code.callees(boundary).any(|g| code.name(g).contains("panic_cannot_unwind")),
            "{name} can still abort on a panic"
        );
        boundaries.insert(boundary);
    }

    let exports: Vec<(String, u64)> = dynamic_symbols(&lib)
        .into_iter()
        .filter(|name| !guarded.contains(name))
        .map(|name| {
            let addr = code.function_named(&name).unwrap_or_else(|| panic!("export {name} not in the symbol table"));
            (name, addr)
        })
        .collect();
    let tables =
        code.pointed_functions(|n| n.starts_with("edax_kernels::dispatch::levels::") && n.ends_with("::KERNELS"));
    let slots = code.pointed_functions(|n| n.starts_with("edax_kernels::dispatch::table::slot::"));

    // The tables and the slots were found, with one entry per kernel each.
    let kernels = slots.len();
    assert!(kernels >= 18, "found {kernels} dispatch slots");
    assert!(slots.values().all(|t| t.len() == 1), "a slot without its trampoline: {slots:?}");
    assert_eq!(tables.len(), if cfg!(target_arch = "x86_64") { 5 } else { 1 }, "kernel tables: {:?}", tables.keys());
    for (table, entries) in &tables {
        assert_eq!(entries.len(), kernels, "{table} has {} entries for {kernels} slots", entries.len());
    }

    let mut roots: Vec<(String, u64)> = exports;
    for (object, targets) in tables.iter().chain(&slots) {
        roots.extend(targets.iter().map(|&t| (format!("{} (in {object})", code.name(t)), t)));
    }
    let failures: Vec<String> = roots
        .iter()
        .filter_map(|(what, addr)| panic_path(&code, *addr, &boundaries).map(|p| format!("{what}: {}", p.join(" -> "))))
        .collect();
    assert!(failures.is_empty(), "{}: panic paths:\n{}", lib.display(), failures.join("\n"));

    // The search does find panic paths where they exist: a guarded export has some.
    let set_isa = code.function_named("ek_set_isa").expect("ek_set_isa");
    assert!(panic_path(&code, set_isa, &BTreeSet::new()).is_some(), "the panic search finds nothing in ek_set_isa");
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

/// Exports called once or rarely (loading, set-up and tear-down, version, status and level
/// queries, a solver's or an engine's controls) and the engine's search (`ek_engine_play` too: a
/// book move or the search), a whole search per call (its bookkeeping, a lock and a timer thread, runs baseline code once per call; the search
/// is the level's `search_run` entry, which the walk from `ek_edax_search` checks): they may
/// run baseline x86-64 code; and the opening book's (`ek_book_`: files, and a book probe per
/// move played, on the portable kernels, not per level). The game-database exports read and
/// write files (a database is read once, not per position). Every other export is hot.
const COLD_EXPORTS: [&str; 61] = [
    "ek_base_read_file",
    "ek_base_read_buffer",
    "ek_base_count",
    "ek_base_game",
    "ek_base_write_file",
    "ek_base_free",
    "ek_weights_load_file",
    "ek_weights_load_buffer",
    "ek_weights_load_default",
    "ek_weights_free",
    "ek_engine_new",
    "ek_engine_free",
    "ek_engine_stop",
    "ek_engine_clear",
    "ek_engine_search",
    "ek_engine_search_excluding",
    "ek_engine_play",
    "ek_engine_analyze",
    "ek_solver_new",
    "ek_solver_free",
    "ek_solver_stop",
    "ek_solver_set_node_limit",
    "ek_solver_clear",
    "ek_version",
    "ek_status_message",
    "ek_isa",
    "ek_isa_table",
    "ek_isa_supported",
    "ek_set_isa",
    "ek_isa_env_status",
    "ek_eval_load_file",
    "ek_eval_load_buffer",
    "ek_eval_load_default",
    "ek_eval_loaded",
    "ek_eval_unload",
    "ek_eval_init",
    "ek_eval_free",
    "eval_open",
    "eval_close",
    "eval_init",
    "eval_free",
    "edge_stability_init",
    "ek_book_new",
    "ek_book_load",
    "ek_book_save",
    "ek_book_load_egbk3",
    "ek_book_save_egbk3",
    "ek_book_free",
    "ek_book_size",
    "ek_book_export",
    "ek_book_import",
    "ek_book_merge",
    "ek_book_negamax",
    "ek_book_probe",
    "ek_book_moves",
    "ek_book_seed",
    "ek_book_random_state",
    "ek_book_random_move",
    "ek_book_line",
    "ek_book_game_stats",
    "ek_book_info",
];

/// Names of the dispatch slots: `edax_kernels::dispatch::table::slot::<kernel>`.
const SLOT_PREFIX: &str = "edax_kernels::dispatch::table::slot::";

/// The entries of the level tables named `levels`, per kernel name, read from the tables in
/// static data (`Kernels` is `#[repr(C)]`: its entries in the order of `ENTRY_NAMES`).
fn table_entries(code: &Code, levels: &[&str]) -> std::collections::BTreeMap<&'static str, Vec<u64>> {
    let tables =
        code.pointed_functions(|n| levels.iter().any(|l| n == format!("edax_kernels::dispatch::levels::{l}::KERNELS")));
    assert_eq!(tables.len(), levels.len(), "level tables {levels:?} not all found: {:?}", tables.keys());
    let names = edax_kernels::Kernels::ENTRY_NAMES;
    for (table, entries) in &tables {
        assert_eq!(entries.len(), names.len(), "{table}: {} entries for {} names", entries.len(), names.len());
    }
    names.iter().enumerate().map(|(i, &name)| (name, tables.values().map(|t| t[i]).collect())).collect()
}

/// The dispatch slots function `f` loads, by kernel name.
fn slots_loaded(code: &Code, f: u64) -> Vec<&str> {
    code.insns(f).iter().filter_map(|i| i.symbol.as_deref()?.strip_prefix(SLOT_PREFIX)).collect()
}

/// Every function running `start` can execute, with its parent on the walk: direct calls and
/// jumps and, where a function loads a dispatch slot, the entries `entries` gives for that
/// kernel.
fn reached_on_levels(
    code: &Code,
    start: u64,
    entries: &std::collections::BTreeMap<&'static str, Vec<u64>>,
) -> std::collections::BTreeMap<u64, u64> {
    let through_slots = |f: u64| -> Vec<u64> {
        slots_loaded(code, f)
            .into_iter()
            .flat_map(|s| entries.get(s).unwrap_or_else(|| panic!("slot {s} has no table entry")).iter().copied())
            .collect()
    };
    let boundary = code.function_named(THREADS_BOUNDARY).unwrap_or_else(|| panic!("{THREADS_BOUNDARY} not found"));
    code.reachable(start, &BTreeSet::from([boundary]), through_slots)
}

/// What running `start` can execute on the levels of `entries` (see `reached_on_levels`): the
/// instructions of that code that break the rule (legacy SSE, calls leaving the library,
/// indirect branches that are not through a slot), and how many VEX/EVEX vector instructions
/// it holds.
fn encoding_violations(
    code: &Code,
    start: u64,
    entries: &std::collections::BTreeMap<&'static str, Vec<u64>>,
) -> (Vec<String>, usize) {
    let reached = reached_on_levels(code, start, entries);
    let (mut bad, mut vex) = (Vec::new(), 0);
    for &f in reached.keys() {
        let loads_slot = !slots_loaded(code, f).is_empty();
        let insns = code.insns(f);
        for (k, i) in insns.iter().enumerate() {
            let why = if i.is_legacy_sse() {
                "legacy SSE"
            } else if i.is_branch() && i.symbol.as_deref().is_some_and(|s| s.ends_with("@plt")) {
                "call out of the library"
            } else if i.is_indirect_branch() && !loads_slot && !machine_code::Insn::is_jump_table(insns, k) {
                "indirect branch not through a dispatch slot (nor a jump table)"
            } else {
                vex += (i.mnemonic.starts_with('v') && ["%xmm", "%ymm", "%zmm"].iter().any(|r| i.operands.contains(r)))
                    as usize;
                continue;
            };
            bad.push(format!(
                "{why}: `{} {}` at {:#x} in {}",
                i.mnemonic,
                i.operands,
                i.addr,
                code.path(&reached, f).join(" -> ")
            ));
            break; // one per function is enough to find it
        }
    }
    (bad, vex)
}

/// The AVX-SSE transition rule (src/dispatch/mod.rs): on the avx2 (both its tables) and avx512
/// levels, nothing a hot export executes is a legacy-SSE instruction. On Intel cores such an instruction, run while
/// the caller left the upper YMM halves dirty, costs tens of nanoseconds; AMD has no such
/// penalty, so this is checked in the machine code, on any CPU.
fn check_vex_only(build: Build) {
    let lib = shared_library(build);
    let code = Code::read(&lib);
    let exports = dynamic_symbols(&lib);
    let cold: BTreeSet<String> = COLD_EXPORTS.iter().map(|s| s.to_string()).collect();
    if matches!(build, Build::EdaxAbiEval) {
        let unknown: Vec<_> = cold.difference(&exports).collect();
        assert!(unknown.is_empty(), "COLD_EXPORTS names functions that are not exported: {unknown:?}");
    }
    let entries = table_entries(&code, &["avx2", "avx2_pext", "avx512"]);
    let (mut failures, mut vex) = (Vec::new(), 0);
    let hot: Vec<_> = exports.difference(&cold).collect();
    for name in &hot {
        let start = code.function_named(name).unwrap_or_else(|| panic!("export {name} not in the symbol table"));
        let (bad, v) = encoding_violations(&code, start, &entries);
        failures.extend(bad.into_iter().map(|b| format!("{name}: {b}")));
        vex += v;
    }
    assert!(
        failures.is_empty(),
        "{}: {} hot exports can execute code that breaks the encoding rule on the avx2/avx512 levels:\n{}",
        lib.display(),
        failures.iter().filter_map(|f| f.split(':').next()).collect::<BTreeSet<_>>().len(),
        failures.join("\n")
    );
    // The walk did follow the slots into the level tables (their kernels are vector code).
    assert!(vex > 1000, "only {vex} VEX/EVEX vector instructions reached from {} hot exports", hot.len());

    // And the check does see legacy SSE where it is: the sse2 level's flip is SSE2 code.
    let sse2 = table_entries(&code, &["sse2"]);
    let (bad, _) = encoding_violations(&code, sse2["flip"][0], &sse2);
    assert!(bad.iter().any(|b| b.starts_with("legacy SSE")), "no legacy SSE found in the sse2 level's flip");
    println!("{}: {} hot exports, {vex} vector instructions reached, all VEX/EVEX", lib.display(), hot.len());
}

#[test]
fn hot_exports_run_no_legacy_sse_on_avx_levels() {
    check_vex_only(Build::Default);
}

#[test]
fn edax_abi_hot_exports_run_no_legacy_sse_on_avx_levels() {
    check_vex_only(Build::EdaxAbiEval);
}

/// The PEXT/PDEP rule (src/kernels/avx2.rs): AMD Zen 1 and Zen 2 run PEXT and PDEP as microcode
/// (tens to hundreds of cycles, by the mask's bits) and have no AVX-512, so they run the avx2
/// level's own table or below (its `avx2_pext` table is chosen only where PEXT is fast). From
/// every export, through the portable and sse2 tables and the avx2 level's own, no PEXT or PDEP
/// is reachable. Checked in the machine code, on any CPU.
fn check_no_pext_where_zen_1_2_run(build: Build) {
    let lib = shared_library(build);
    let code = Code::read(&lib);
    let is_pext = |f: u64| code.insns(f).iter().find(|i| matches!(i.mnemonic.as_str(), "pext" | "pdep"));
    let entries = table_entries(&code, &["portable", "sse2", "avx2"]);
    let mut failures = Vec::new();
    let exports = dynamic_symbols(&lib);
    for name in &exports {
        let start = code.function_named(name).unwrap_or_else(|| panic!("export {name} not in the symbol table"));
        let reached = reached_on_levels(&code, start, &entries);
        failures.extend(reached.keys().filter_map(|&f| {
            let i = is_pext(f)?;
            Some(format!(
                "{name}: `{} {}` at {:#x} in {}",
                i.mnemonic,
                i.operands,
                i.addr,
                code.path(&reached, f).join(" -> ")
            ))
        }));
    }
    assert!(
        failures.is_empty(),
        "{}: PEXT/PDEP reachable through a table AMD Zen 1/2 run (microcoded there):\n{}",
        lib.display(),
        failures.join("\n")
    );
    // The walk follows the slots into these levels: the export reaches each level's kernel.
    let export = code.function_named("ek_count_last_flip").expect("ek_count_last_flip");
    let reached = reached_on_levels(&code, export, &entries);
    assert!(
        entries["count_last_flip"].iter().all(|k| reached.contains_key(k)),
        "ek_count_last_flip: level kernels not reached"
    );
    // The check does see PEXT where it is: the last-move flip count of the avx512 level and of
    // the avx2 level's table for the cores with a fast PEXT use it.
    for table in ["avx512", "avx2_pext"] {
        let entries = table_entries(&code, &[table]);
        let reached = reached_on_levels(&code, entries["count_last_flip"][0], &entries);
        assert!(reached.keys().any(|&f| is_pext(f).is_some()), "no PEXT found in the {table} table's count_last_flip");
    }
    println!("{}: {} exports, no PEXT/PDEP through the tables AMD Zen 1/2 run", lib.display(), exports.len());
}

#[test]
fn no_pext_or_pdep_through_the_tables_zen_1_2_run() {
    check_no_pext_where_zen_1_2_run(Build::Default);
}

#[test]
fn edax_abi_exports_take_no_pext_or_pdep_through_the_tables_zen_1_2_run() {
    check_no_pext_where_zen_1_2_run(Build::EdaxAbiEval);
}
