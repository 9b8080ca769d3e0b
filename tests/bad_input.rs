//! The bad-input table of docs/reference.md, checked: every `ek_` function declared in
//! include/edax_kernels.h has a row, every row names a declared function, and every row has
//! exactly one check here, keyed by the row's text (function, bad input, result), which runs
//! the functions on such input and requires the stated result. Editing a row's text without its
//! check, or adding a function without rows, fails this test.
//!
//! The two `EDAX_KERNELS_ISA` rows and the `EDAX_KERNELS_VARIANT` row run child processes (the
//! environment is read once per process), and so does the `EDAX_KERNELS_SOLVER_SPLIT` row (the environment is the
//! process's, and the other checks make solvers); a level "this CPU cannot run" exists only on CPUs without AVX-512, and under Miri
//! (scripts/miri.sh), which reports no AVX2 or AVX-512.

mod common;

use common::{naive_moves, SplitMix64};
use edax_kernels::book::{EkBookUse, EkPlayResult};
#[cfg(not(miri))]
use edax_kernels::engine::{EkEngine, EkWeights, EK_ENGINE_MAX_THREADS};
use edax_kernels::engine::{EkEngineLimits, EkEngineResult, EkMoveScore, EK_MAX_MOVES};
use edax_kernels::eval::{EkEval, EkMove, EVAL_FILE_SIZE};
use edax_kernels::ffi::api::*;
use edax_kernels::ffi::base_api::*;
use edax_kernels::ffi::batch_api::*;
use edax_kernels::ffi::book_api::*;
use edax_kernels::ffi::book_query_api::*;
use edax_kernels::ffi::engine_api::*;
use edax_kernels::ffi::eval_api::*;
use edax_kernels::ffi::play_api::ek_engine_play;
use edax_kernels::ffi::solver_api::*;
use edax_kernels::{
    EkBoard, EkBook, EkEdaxResult, EkEdaxTables, EkHashTable, EkMidgameSearch, EkPerftStats, EkSolveResult, EkSolver,
    Isa, EK_PV_SIZE, EK_SOLVER_MAX_THREADS,
};
#[cfg(feature = "edax-abi-eval")]
use edax_kernels::{EkHashData, EkHashDraft, EkHashDraftBytes, EkHashStore};
use std::collections::BTreeSet;
use std::ffi::{CStr, CString};
use std::path::Path;
use std::sync::OnceLock;

/// The markers of docs/reference.md's two tables: the `ek_` functions, and Edax's names.
const EK_TABLE: (&str, &str) = ("<!-- bad-input table begin -->", "<!-- bad-input table end -->");
const EDAX_TABLE: (&str, &str) =
    ("<!-- Edax names bad-input table begin -->", "<!-- Edax names bad-input table end -->");

/// (function, bad input, result) of every row of one of docs/reference.md's tables.
fn rows((begin, end): (&str, &str)) -> Vec<(String, String, String)> {
    let reference = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/reference.md"))
        .expect("docs/reference.md");
    let start = reference.find(begin).expect("table begin marker") + begin.len();
    let end = reference.find(end).expect("table end marker");
    reference[start..end]
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            assert_eq!(cells.len(), 3, "a row needs 3 cells: {l}");
            (cells[0].trim_matches('`').to_owned(), cells[1].to_owned(), cells[2].to_owned())
        })
        .collect()
}

/// The functions the header declares: (the `ek_` ones, Edax's names).
fn declared() -> (BTreeSet<String>, BTreeSet<String>) {
    let header =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("include/edax_kernels.h")).expect("header");
    // A declaration starts in column 0: `type name(args...`.
    let names: BTreeSet<String> = header
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()) && l.contains('(') && !l.starts_with("typedef"))
        .filter_map(|l| l[..l.find('(')?].rsplit(|c: char| !c.is_ascii_alphanumeric() && c != '_').next())
        .map(str::to_owned)
        .collect();
    names.into_iter().partition(|name| name.starts_with("ek_"))
}

/// Boards with overlapping bitboards (and a few without), from a fixed seed.
fn overlapping() -> Vec<EkBoard> {
    let mut rng = SplitMix64(0xBAD1);
    let n = if cfg!(miri) { 4 } else { 2000 };
    (0..n)
        .map(|i| {
            let (a, b, c) = (rng.next_u64(), rng.next_u64(), rng.next_u64());
            match i % 4 {
                0 => EkBoard::new(a, b),
                1 => EkBoard::new(a | (b & c), b),
                2 => EkBoard::new(a & c, (b & c) | (a & b)),
                _ => EkBoard::new(a | 0x0000_0018_1800_0000, b | 0x0000_0018_1800_0000),
            }
        })
        .collect()
}

const BAD_SQUARES: [i32; 8] = [-1, -64, 64, 65, 66, 1000, i32::MIN, i32::MAX];

fn start() -> EkBoard {
    EkBoard::START
}

fn name_of(p: *const core::ffi::c_char) -> String {
    // SAFETY: the library returns static NUL-terminated strings.
    unsafe { CStr::from_ptr(p) }.to_str().expect("UTF-8").to_owned()
}

fn level_names() -> [&'static str; Isa::ALL.len()] {
    Isa::ALL.map(Isa::name)
}

/// A position of a real game with 8 empty squares (4 under Miri) and a move: its tree ends
/// within 16 plies.
fn near_the_end() -> EkBoard {
    let empties = if cfg!(miri) { 4 } else { 8 };
    common::random_positions(0xBAD2, 400)
        .into_iter()
        .find(|b| (b.player | b.opponent).count_zeros() == empties && ek_can_move(b.player, b.opponent))
        .expect("a game reaches 8 empty squares")
}

/// A position of a real game with 8 empty squares and a move (4 under Miri): for the leaf
/// search and the solver.
fn shallow_position() -> EkBoard {
    near_the_end()
}

/// An Edax-layout table for `ek_nws_endgame` (tiny under Miri, where every byte costs).
fn small_table() -> Box<common::edax_table::EdaxTable> {
    common::edax_table::EdaxTable::new(if cfg!(miri) { 2 } else { 8 }, 1)
}

/// Edax's three tables of a midgame search for `ek_nws_midgame` (tiny under Miri).
struct MidgameTables([Box<common::edax_table::EdaxTable>; 3]);

impl MidgameTables {
    fn new() -> MidgameTables {
        MidgameTables([small_table(), small_table(), small_table()])
    }

    /// The state of a CUT node at height 1 of a search without selectivity.
    fn search(&mut self, stop: Option<&i32>) -> EkMidgameSearch {
        let [main, pv, shallow] = &mut self.0;
        EkMidgameSearch {
            hash_table: &mut main.table,
            pv_table: &mut pv.table,
            shallow_table: &mut shallow.table,
            stop: stop.map_or(core::ptr::null(), |s| s as *const i32),
            selectivity: 5,
            height: 1,
            node_type: 1,
            probcut_level: 0,
            depth_pv_extension: -1,
        }
    }

    fn checksums(&self) -> [u64; 3] {
        [self.0[0].checksum(), self.0[1].checksum(), self.0[2].checksum()]
    }

    /// The tables of `ek_edax_search`.
    fn edax(&mut self, stop: Option<&i32>) -> EkEdaxTables {
        let s = self.search(stop);
        EkEdaxTables { hash_table: s.hash_table, pv_table: s.pv_table, shallow_table: s.shallow_table, stop: s.stop }
    }

    /// Calls `check` with each bad table: for each of the three, a NULL table, and a table
    /// whose `hash` or whose `spin` is NULL.
    fn each_bad_table(mut check: impl FnMut(&EkMidgameSearch)) {
        for table in 0..3 {
            for field in 0..3 {
                let mut m = MidgameTables::new();
                let mut s = m.search(None);
                let t = [s.hash_table, s.pv_table, s.shallow_table][table];
                match field {
                    // SAFETY (both): `t` is one of `m`'s live tables.
                    0 => unsafe { (*t).hash = core::ptr::null_mut() },
                    1 => unsafe { (*t).spin = core::ptr::null_mut() },
                    _ => *[&mut s.hash_table, &mut s.pv_table, &mut s.shallow_table][table] = core::ptr::null_mut(),
                }
                check(&s);
            }
        }
    }
}

/// An `EkEdaxResult` no search writes (to see that one was left unchanged).
fn untouched_result() -> EkEdaxResult {
    EkEdaxResult {
        score: 99,
        best_move: 99,
        depth: 99,
        selectivity: 99,
        n_nodes: 99,
        pv_length: 99,
        pv: [99; edax_kernels::EK_PV_SIZE],
    }
}

/// The node limit the stop rows set: `slow_position` reaches it, `shallow_position` does not
/// (534 nodes at its 8 empty squares; lower under Miri, where the latter has 4 and each node of
/// the slow search costs milliseconds).
const NODE_LIMIT: u64 = if cfg!(miri) { 100 } else { 1000 };

/// A position that takes the solver millions of nodes (fforum #38, 24 empty squares); under
/// Miri fforum #1 (14 empty squares, far more nodes than the limit), which reaches the limit as
/// surely in less of Miri's time (the three rows that use it took 53 of the 136 s of all rows
/// under Miri with #38, 30 with #1).
fn slow_position() -> EkBoard {
    if cfg!(miri) {
        EkBoard::new(0x000e_d4ee_d4b0_307c, 0x3e70_2811_2a4e_8e00)
    } else {
        EkBoard::new(0x0014_f9c0_849a_0000, 0x0000_063e_7b64_3c3c)
    }
}

/// A weights object of `eval_image` (given back by the caller).
#[cfg(not(miri))]
fn weights_object() -> *mut EkWeights {
    let image = eval_image();
    let mut status = 99;
    // SAFETY: a readable image and a writable status.
    let w = unsafe { ek_weights_load_buffer(image.as_ptr().cast(), image.len(), &mut status) };
    assert!(!w.is_null() && status == EK_OK, "{status}");
    w
}

/// An engine of small tables on `eval_image`'s weights (its own hold on them).
#[cfg(not(miri))]
fn new_engine() -> *mut EkEngine {
    let w = weights_object();
    // SAFETY: a live weights object; the engine holds it after the handle is given back.
    let e = unsafe { ek_engine_new(w, 12) };
    // SAFETY: given back once.
    unsafe { ek_weights_free(w) };
    assert!(!e.is_null());
    e
}

/// A result no search writes.
fn untouched_engine_result() -> EkEngineResult {
    EkEngineResult {
        score: 99,
        best_move: 99,
        depth: 99,
        selectivity: 99,
        exact: 99,
        complete: 99,
        n_nodes: -1,
        pv_length: -1,
        pv: [7; EK_PV_SIZE],
    }
}

/// Runs a long search (level 60 of `slow_position`) on a new engine in a thread and `probe`s the
/// engine until it returns true (the probe saw the search running), then stops the search.
#[cfg(not(miri))]
fn while_searching(probe: impl Fn(*const EkEngine) -> bool) {
    struct Shared(*mut EkEngine);
    impl Shared {
        fn get(&self) -> *mut EkEngine {
            self.0
        }
    }
    // SAFETY: the engine is Sync (its tables are behind its busy flag); it outlives the thread.
    unsafe impl Send for Shared {}
    // SAFETY: as above.
    unsafe impl Sync for Shared {}
    let e = Shared(new_engine());
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| loop {
            let mut r = untouched_engine_result();
            // SAFETY: a live engine, board, limits and result.
            let status = unsafe { ek_engine_search(e.get(), &middle_position(), &EkEngineLimits::level(60), &mut r) };
            // The probe may hold the engine for a moment: try again until this search runs.
            if status != EK_ERR_BUSY {
                break status;
            }
        });
        let mut seen = false;
        while !seen && !worker.is_finished() {
            seen = probe(e.get());
        }
        while !worker.is_finished() {
            // SAFETY: a live engine.
            unsafe { ek_engine_stop(e.get()) };
        }
        let status = worker.join().expect("the searching thread");
        assert!(status == EK_OK || status == EK_ERR_STOPPED, "{status}");
        assert!(seen, "the probe never saw the search running");
    });
    // SAFETY: freed once, no search running.
    unsafe { ek_engine_free(e.get()) };
}

/// A position of 44 empty squares (a level-60 search of it takes minutes).
#[cfg(not(miri))]
fn middle_position() -> EkBoard {
    EkBoard::new(0x0000_0018_3C08_0000, 0x0000_2024_0010_0000)
}

fn new_solver() -> *mut EkSolver {
    // 2^12 entries, 2^5 under Miri, which takes seconds to make and clear a table of 128 KiB for
    // each row that makes one (the rows' positions solve in any table).
    let s = ek_solver_new(if cfg!(miri) { 5 } else { 12 });
    assert!(!s.is_null());
    s
}

/// Runs `probe` on a solver while another thread solves `slow_position` on it, until `probe`
/// returns true (it saw the solve running); then stops that solve.
#[cfg(not(miri))]
fn while_solving(probe: impl Fn(*mut EkSolver) -> bool) {
    struct Shared(*mut EkSolver);
    impl Shared {
        fn get(&self) -> *mut EkSolver {
            self.0
        }
    }
    // SAFETY: the solver is Sync (its table is behind the busy flag); the pointer outlives the thread.
    unsafe impl Send for Shared {}
    // SAFETY: as above.
    unsafe impl Sync for Shared {}
    let s = Shared(new_solver());
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| loop {
            let mut out = EkSolveResult::default();
            // SAFETY: a live solver and result.
            let status = unsafe { ek_solver_solve(s.get(), &slow_position(), -64, 64, &mut out) };
            // The probe may hold the solver for a moment: try again until this solve runs.
            if status != EK_ERR_BUSY {
                break status;
            }
        });
        let mut seen = false;
        while !seen && !worker.is_finished() {
            seen = probe(s.get());
        }
        while !worker.is_finished() {
            // SAFETY: a live solver.
            unsafe { ek_solver_stop(s.get()) };
        }
        let status = worker.join().expect("the solving thread");
        assert!(seen, "the probe never saw the solve running (it ended with {status})");
        assert_eq!(status, EK_ERR_STOPPED);
    });
    // SAFETY: no solve runs any more.
    unsafe { ek_solver_free(s.0) };
}

/// The score of a board whose square nobody can take (`board_score_1`'s formula).
fn score_nobody_plays(b: &EkBoard) -> i32 {
    let s = 2 * b.opponent.count_ones() as i32 - 64;
    if s >= 0 {
        s + 2
    } else {
        s
    }
}

/// Runs this test binary's `env_status_child` with `EDAX_KERNELS_ISA=value`, expecting
/// `ek_isa_env_status() == status` and the best level in use, and returns its stderr.
#[cfg(not(miri))]
fn env_child(value: &str, status: i32) -> String {
    let out = common::this_test_binary()
        .args(["--ignored", "--exact", "env_status_child", "--nocapture", "--test-threads=1"])
        .env("EDAX_KERNELS_ISA", value)
        .env("EK_EXPECT_ENV_STATUS", status.to_string())
        .output()
        .expect("cannot run the child");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "child with EDAX_KERNELS_ISA={value} failed:\n{stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("1 passed"), "the child test did not run");
    stderr
}

/// The child of the `EDAX_KERNELS_ISA` rows (run by `env_child`, ignored otherwise).
#[test]
#[ignore = "run by the EDAX_KERNELS_ISA checks in a child process"]
fn env_status_child() {
    let want: i32 = std::env::var("EK_EXPECT_ENV_STATUS").expect("run by env_child").parse().expect("a number");
    assert_eq!(ek_isa_env_status(), want);
    assert_eq!(name_of(ek_isa()), Isa::best().name(), "the best level is used");
}

/// Runs this test binary's `variant_child_table` with `EDAX_KERNELS_ISA=avx2` and
/// `EDAX_KERNELS_VARIANT=value`: the table it used and its stderr.
#[cfg(not(miri))]
fn variant_child(value: &str) -> (String, String) {
    let out = common::this_test_binary()
        .args(["--ignored", "--exact", "variant_child_table", "--nocapture", "--test-threads=1"])
        .env("EDAX_KERNELS_ISA", "avx2")
        .env("EDAX_KERNELS_VARIANT", value)
        .output()
        .expect("cannot run the child");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "child with EDAX_KERNELS_VARIANT={value} failed:\n{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    // The harness may print the test's name on the same line.
    let table =
        stdout.lines().find_map(|l| Some(l.split_once("ek-table=")?.1.trim())).expect("the child names its table");
    (table.to_string(), stderr)
}

/// The child of the `EDAX_KERNELS_VARIANT` row (run by `variant_child`, ignored otherwise).
#[test]
#[ignore = "run by the EDAX_KERNELS_VARIANT check in a child process"]
fn variant_child_table() {
    assert_eq!(name_of(ek_isa()), "avx2");
    println!("ek-table={}", name_of(ek_isa_table()));
}

/// Runs this test binary's `solver_split_child` with `EDAX_KERNELS_SOLVER_SPLIT=value`
/// (expecting `ek_solver_new` to return NULL), and returns its stderr.
#[cfg(not(miri))]
fn solver_split_child_stderr(value: &str) -> String {
    let out = common::this_test_binary()
        .args(["--ignored", "--exact", "solver_split_child", "--nocapture", "--test-threads=1"])
        .env("EDAX_KERNELS_SOLVER_SPLIT", value)
        .output()
        .expect("cannot run the child");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "child with EDAX_KERNELS_SOLVER_SPLIT={value} failed:\n{stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("1 passed"), "the child test did not run");
    stderr
}

/// The child of the `EDAX_KERNELS_SOLVER_SPLIT` row (run by `solver_split_child_stderr`,
/// ignored otherwise).
#[test]
#[ignore = "run by the EDAX_KERNELS_SOLVER_SPLIT check in a child process"]
fn solver_split_child() {
    assert!(ek_solver_new(12).is_null(), "a solver made with EDAX_KERNELS_SOLVER_SPLIT refused");
}

/// A base of one GGF game: f5 d6, black "edax".
fn small_base() -> *mut EkBase {
    let name = CString::new("small.ggf").unwrap();
    let bytes = b"(;GM[othello]PB[Edax]B[f5]W[d6];)";
    // SAFETY: NUL-terminated name, readable data, NULL status and message.
    let base = unsafe {
        ek_base_read_buffer(name.as_ptr(), bytes.as_ptr(), bytes.len(), core::ptr::null_mut(), core::ptr::null_mut(), 0)
    };
    assert!(!base.is_null());
    base
}

type Check = fn();

/// One check per row: (function, bad input, result, check).
const CHECKS: &[(&str, &str, &str, Check)] = &[
    ("ek_status_message", "code that is no `EkStatus`", "\"unknown status code\" (static string)", || {
        for code in [1, -100, 100, i32::MIN, i32::MAX] {
            assert_eq!(name_of(ek_status_message(code)), "unknown status code");
        }
    }),
    ("ek_version", "none (no argument)", "static string \"MAJOR.MINOR.PATCH\"", || {
        assert_eq!(name_of(ek_version()), env!("CARGO_PKG_VERSION"));
    }),
    ("ek_isa", "none (no argument)", "static name of the active level", || {
        assert!(level_names().contains(&name_of(ek_isa()).as_str()));
    }),
    ("ek_isa_table", "none (no argument)", "static name of the active table: the level's, or `avx2_pext`, `neon_crc`", || {
        let table = name_of(ek_isa_table());
        assert!(level_names().contains(&table.as_str()) || table == "avx2_pext" || table == "neon_crc", "{table}");
        assert!(table.starts_with(&name_of(ek_isa())), "table {table} of level {}", name_of(ek_isa()));
    }),
    ("ek_isa_table", "`EDAX_KERNELS_VARIANT` unknown", "the table CPUID chooses, one line on stderr", || {
        // The avx2 level's two tables, when this CPU runs the level: `pext` and `nopext` choose,
        // any other value is reported and leaves the choice to CPUID (`auto`'s).
        #[cfg(not(miri))]
        if Isa::Avx2.is_available() {
            assert_eq!(variant_child("pext").0, "avx2_pext");
            assert_eq!(variant_child("nopext").0, "avx2");
            let (by_cpu, quiet) = variant_child("auto");
            assert!(!quiet.contains("EDAX_KERNELS_VARIANT"), "{quiet}");
            for value in ["bogus", "PEXT", ""] {
                let (table, stderr) = variant_child(value);
                assert_eq!(table, by_cpu, "EDAX_KERNELS_VARIANT={value:?}");
                assert_eq!(stderr.lines().filter(|l| l.contains("EDAX_KERNELS_VARIANT")).count(), 1, "{stderr}");
            }
        }
    }),
    ("ek_isa_supported", "NULL name", "`EK_ERR_NULL`", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_isa_supported(core::ptr::null()) }, EK_ERR_NULL);
    }),
    ("ek_isa_supported", "unknown or non-UTF-8 name", "`EK_ERR_ISA_UNKNOWN`", || {
        for name in [c"", c"sve2", c"AVX2", c"avx2 ", c"\xC3\x28"] {
            // SAFETY: NUL-terminated strings.
            assert_eq!(unsafe { ek_isa_supported(name.as_ptr()) }, EK_ERR_ISA_UNKNOWN, "{name:?}");
        }
    }),
    ("ek_set_isa", "NULL name", "`EK_ERR_NULL`, level unchanged", || {
        let before = name_of(ek_isa());
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_set_isa(core::ptr::null()) }, EK_ERR_NULL);
        assert_eq!(name_of(ek_isa()), before);
    }),
    ("ek_set_isa", "unknown or non-UTF-8 name", "`EK_ERR_ISA_UNKNOWN`, level unchanged", || {
        let before = name_of(ek_isa());
        for name in [c"", c"avx1024", c"Portable", c"\xFF"] {
            // SAFETY: NUL-terminated strings.
            assert_eq!(unsafe { ek_set_isa(name.as_ptr()) }, EK_ERR_ISA_UNKNOWN, "{name:?}");
        }
        assert_eq!(name_of(ek_isa()), before);
    }),
    ("ek_set_isa", "level this CPU cannot run", "`EK_ERR_ISA_UNSUPPORTED`, level unchanged", || {
        let before = name_of(ek_isa());
        for isa in Isa::ALL.into_iter().filter(|i| !i.is_available()) {
            let name = CString::new(isa.name()).expect("no NUL");
            // SAFETY: a NUL-terminated string.
            assert_eq!(unsafe { ek_set_isa(name.as_ptr()) }, EK_ERR_ISA_UNSUPPORTED, "{isa:?}");
            assert_eq!(name_of(ek_isa()), before);
        }
    }),
    (
        "ek_isa_env_status",
        "`EDAX_KERNELS_ISA` unknown",
        "`EK_ERR_ISA_UNKNOWN`, best level used, one line on stderr",
        || {
            #[cfg(not(miri))]
            for value in ["bogus", "AVX2", ""] {
                let stderr = env_child(value, EK_ERR_ISA_UNKNOWN);
                assert_eq!(stderr.lines().filter(|l| l.contains("EDAX_KERNELS_ISA")).count(), 1, "{stderr}");
            }
        },
    ),
    (
        "ek_isa_env_status",
        "`EDAX_KERNELS_ISA` a level the CPU cannot run",
        "`EK_ERR_ISA_UNSUPPORTED`, best level used, one line on stderr",
        || {
            #[cfg(not(miri))]
            for isa in Isa::ALL.into_iter().filter(|i| !i.is_available()) {
                let stderr = env_child(isa.name(), EK_ERR_ISA_UNSUPPORTED);
                assert_eq!(stderr.lines().filter(|l| l.contains("EDAX_KERNELS_ISA")).count(), 1, "{stderr}");
            }
        },
    ),
    ("ek_flip", "x outside 0..63", "0", || {
        for x in BAD_SQUARES {
            assert_eq!(ek_flip(x, start().player, start().opponent), 0);
            assert_eq!(ek_flip(x, u64::MAX, 0x5555), 0);
        }
    }),
    ("ek_flip", "overlap", "the square counts as O's", || {
        for b in overlapping() {
            for x in [0, 19, 27, 44, 63] {
                assert_eq!(ek_flip(x, b.player, b.opponent), ek_flip(x, b.player & !b.opponent, b.opponent));
            }
        }
    }),
    ("ek_board_flip", "NULL board", "0", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_board_flip(core::ptr::null(), 19) }, 0);
    }),
    ("ek_board_flip", "x outside 0..63", "0", || {
        for x in BAD_SQUARES {
            // SAFETY: a live board.
            assert_eq!(unsafe { ek_board_flip(&start(), x) }, 0);
        }
    }),
    ("ek_board_next", "NULL board or next", "0, nothing written", || {
        let mut out = EkBoard::new(1, 2);
        // SAFETY: NULL or live boards.
        unsafe {
            assert_eq!(ek_board_next(core::ptr::null(), 19, &mut out), 0);
            assert_eq!(ek_board_next(&start(), 19, core::ptr::null_mut()), 0);
            assert_eq!(ek_board_next(core::ptr::null(), 19, core::ptr::null_mut()), 0);
        }
        assert_eq!(out, EkBoard::new(1, 2));
    }),
    ("ek_board_next", "x outside 0..63", "a pass: sides swapped, 0 returned", || {
        for x in BAD_SQUARES {
            let mut out = EkBoard::default();
            // SAFETY: live boards.
            assert_eq!(unsafe { ek_board_next(&start(), x, &mut out) }, 0);
            assert_eq!(out, start().swapped());
        }
    }),
    ("ek_board_next", "next == board", "allowed: done in place", || {
        let mut b = start();
        let p: *mut EkBoard = &mut b;
        // SAFETY: one live board, both arguments.
        assert_eq!(unsafe { ek_board_next(p, 19, p) }, 1 << 27);
        assert_eq!(b, EkBoard::new(start().opponent ^ 1 << 27, start().player | 1 << 27 | 1 << 19));
    }),
    ("ek_count_last_flip", "x outside 0..63", "0", || {
        for x in BAD_SQUARES {
            assert_eq!(ek_count_last_flip(x, 0x00FF_00FF_00FF_00FF), 0);
        }
    }),
    ("ek_board_score_1", "NULL board", "`EK_SCORE_NONE`", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_board_score_1(core::ptr::null(), 0, 3) }, EK_SCORE_NONE);
    }),
    ("ek_board_score_1", "x outside 0..63", "scored as a square nobody can take", || {
        for b in [EkBoard::new(!1, 0xFFFF), EkBoard::new(0xFFFF, !0x1_0000u64 & !0xFFFF)] {
            for x in BAD_SQUARES {
                // SAFETY: a live board.
                assert_eq!(unsafe { ek_board_score_1(&b, 65, x) }, score_nobody_plays(&b));
            }
        }
    }),
    ("ek_board_score_1_exact", "NULL board", "`EK_SCORE_NONE`", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_board_score_1_exact(core::ptr::null(), 3) }, EK_SCORE_NONE);
    }),
    ("ek_board_score_1_exact", "x outside 0..63", "scored as a square nobody can take", || {
        for b in [EkBoard::new(!1, 0xFFFF), EkBoard::new(0xFFFF, !0x1_0000u64 & !0xFFFF)] {
            for x in BAD_SQUARES {
                // SAFETY: a live board.
                assert_eq!(unsafe { ek_board_score_1_exact(&b, x) }, score_nobody_plays(&b));
            }
        }
    }),
    ("ek_get_moves", "overlap", "bitboards taken as they are (the square is not empty)", || {
        for b in overlapping() {
            let moves = ek_get_moves(b.player, b.opponent);
            assert_eq!(moves, naive_moves(b.player, b.opponent), "{b:?}");
            assert_eq!(moves & (b.player | b.opponent), 0);
        }
    }),
    ("ek_can_move", "overlap", "whether `ek_get_moves` is non-zero", || {
        for b in overlapping() {
            assert_eq!(ek_can_move(b.player, b.opponent), ek_get_moves(b.player, b.opponent) != 0);
        }
    }),
    ("ek_get_mobility", "overlap", "popcount of `ek_get_moves`", || {
        for b in overlapping() {
            assert_eq!(ek_get_mobility(b.player, b.opponent), ek_get_moves(b.player, b.opponent).count_ones() as i32);
        }
    }),
    ("ek_get_weighted_mobility", "overlap", "popcount of `ek_get_moves`, corners twice", || {
        for b in overlapping() {
            let m = ek_get_moves(b.player, b.opponent);
            let want = (m.count_ones() + (m & 0x8100_0000_0000_0081).count_ones()) as i32;
            assert_eq!(ek_get_weighted_mobility(b.player, b.opponent), want);
        }
    }),
    ("ek_get_potential_mobility", "overlap", "the square counts as O's", || {
        for b in overlapping() {
            let (p, o) = (b.player, b.opponent);
            assert_eq!(ek_get_potential_mobility(p, o), ek_get_potential_mobility(p & !o, o));
        }
    }),
    ("ek_get_stability", "overlap", "the square counts as O's", || {
        for b in overlapping() {
            let (p, o) = (b.player, b.opponent);
            assert_eq!(ek_get_stability(p, o), ek_get_stability(p & !o, o));
        }
    }),
    ("ek_get_edge_stability", "overlap", "the square counts as O's", || {
        for b in overlapping() {
            let (p, o) = (b.player, b.opponent);
            assert_eq!(ek_get_edge_stability(p, o), ek_get_edge_stability(p & !o, o));
        }
    }),
    ("ek_get_corner_stability", "none (every bitboard is valid)", "defined for every value", || {
        for b in overlapping() {
            assert!((0..=12).contains(&ek_get_corner_stability(b.player)));
        }
        assert_eq!(ek_get_corner_stability(u64::MAX), 12);
        assert_eq!(ek_get_corner_stability(0), 0);
    }),
    ("ek_board_get_hash_code", "NULL board", "0", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_board_get_hash_code(core::ptr::null()) }, 0);
    }),
    ("ek_board_get_hash_code", "overlap", "the bits are hashed as they are", || {
        for b in overlapping() {
            let cleaned = EkBoard::new(b.player & !b.opponent, b.opponent);
            // SAFETY: live boards.
            let (h, hc) = unsafe { (ek_board_get_hash_code(&b), ek_board_get_hash_code(&cleaned)) };
            if b.player & b.opponent != 0 {
                assert_ne!(h, hc, "{b:?}: overlap bits ignored");
            }
        }
    }),
    ("ek_board_symetry", "NULL board or sym", "`EK_ERR_NULL`, nothing written", || {
        let mut out = EkBoard::new(1, 2);
        // SAFETY: NULL or live boards.
        unsafe {
            assert_eq!(ek_board_symetry(core::ptr::null(), 1, &mut out), EK_ERR_NULL);
            assert_eq!(ek_board_symetry(&start(), 1, core::ptr::null_mut()), EK_ERR_NULL);
        }
        assert_eq!(out, EkBoard::new(1, 2));
    }),
    ("ek_board_symetry", "s outside 0..7", "`EK_ERR_RANGE`, nothing written", || {
        let mut out = EkBoard::new(1, 2);
        for s in [-1, 8, 9, 15, i32::MIN, i32::MAX] {
            // SAFETY: live boards.
            assert_eq!(unsafe { ek_board_symetry(&start(), s, &mut out) }, EK_ERR_RANGE);
        }
        assert_eq!(out, EkBoard::new(1, 2));
    }),
    ("ek_board_symetry", "sym == board", "allowed: done in place", || {
        let b = EkBoard::new(0x0000_0000_0000_00FF, 0x0000_0000_0000_FF00);
        let mut out = EkBoard::default();
        let mut same = b;
        let p: *mut EkBoard = &mut same;
        // SAFETY: live boards; `p` is both arguments.
        unsafe {
            assert_eq!(ek_board_symetry(&b, 2, &mut out), EK_OK);
            assert_eq!(ek_board_symetry(p, 2, p), EK_OK);
        }
        assert_eq!((same, out), (EkBoard::new(0xFF00_0000_0000_0000, 0x00FF_0000_0000_0000), same));
    }),
    ("ek_board_unique", "NULL board or unique", "`EK_ERR_NULL`, nothing written", || {
        let mut out = EkBoard::new(1, 2);
        // SAFETY: NULL or live boards.
        unsafe {
            assert_eq!(ek_board_unique(core::ptr::null(), &mut out), EK_ERR_NULL);
            assert_eq!(ek_board_unique(&start(), core::ptr::null_mut()), EK_ERR_NULL);
        }
        assert_eq!(out, EkBoard::new(1, 2));
    }),
    ("ek_board_unique", "unique == board", "allowed: done in place", || {
        for b in overlapping().into_iter().take(50) {
            let mut out = EkBoard::default();
            let mut same = b;
            let p: *mut EkBoard = &mut same;
            // SAFETY: live boards; `p` is both arguments.
            let (s, s_in_place) = unsafe { (ek_board_unique(&b, &mut out), ek_board_unique(p, p)) };
            assert_eq!((s_in_place, same), (s, out));
        }
    }),
    ("ek_hash_prefetch", "NULL table", "nothing done", || {
        // SAFETY: NULL is allowed.
        unsafe { ek_hash_prefetch(core::ptr::null(), 0x1234) };
    }),
    ("ek_hash_prefetch", "table entries pointing anywhere", "no fault (a prefetch never faults)", || {
        for hash in [0usize, 8, 0xDEAD_BEEF, usize::MAX - 64, 1 << 47] {
            let table = EkHashTable {
                hash: core::ptr::without_provenance_mut(hash),
                spin: core::ptr::null_mut(),
                n_hash: 0,
                hash_mask: u64::MAX,
                spin_mask: 0,
                n_spin: 0,
                date: 0,
            };
            for code in [0, 1, u64::MAX, 0x8000_0000_0000_0000] {
                // SAFETY: a live table (its entries are never read).
                unsafe { ek_hash_prefetch(&table, code) };
            }
        }
    }),
    ("ek_bit_count", "none (every bitboard is valid)", "defined for every value", || {
        for b in overlapping() {
            assert_eq!(ek_bit_count(b.player), b.player.count_ones() as i32);
        }
        assert_eq!(ek_bit_count(u64::MAX), 64);
    }),
    ("ek_perft", "depth < 0", "0", || {
        for d in [-1, -130, i32::MIN] {
            assert_eq!(ek_perft(start().player, start().opponent, d), 0);
        }
    }),
    ("ek_perft", "depth > 130", "the count of depth 130", || {
        // Every game below `b` ends within 16 plies: Edax's count is 0 from there on (the
        // terminal convention's is not, see ek_perft_terminal's row).
        let b = near_the_end();
        let at_130 = ek_perft(b.player, b.opponent, 130);
        assert!(ek_perft(b.player, b.opponent, 2) > 0);
        for d in [131, 200, i32::MAX] {
            assert_eq!(ek_perft(b.player, b.opponent, d), at_130, "depth {d}");
        }
    }),
    (
        "ek_perft",
        "overlap",
        "the tree of the kernels' moves and flips (a flip can empty an overlap square, so the tree can be large)",
        || {
            let portable = Isa::Portable.kernels().expect("portable");
            for b in overlapping().into_iter().take(200) {
                assert_eq!(ek_perft(b.player, b.opponent, 2), portable.perft(b, 2).nodes, "{b:?}");
            }
        },
    ),
    ("ek_perft_terminal", "depth < 0", "0", || {
        for d in [-1, -130, i32::MIN] {
            assert_eq!(ek_perft_terminal(start().player, start().opponent, d), 0);
        }
    }),
    ("ek_perft_terminal", "depth > 130", "the count of depth 130", || {
        let b = near_the_end();
        let at_130 = ek_perft_terminal(b.player, b.opponent, 130);
        assert!(at_130 > 0);
        for d in [131, 200, i32::MAX] {
            assert_eq!(ek_perft_terminal(b.player, b.opponent, d), at_130, "depth {d}");
        }
    }),
    ("ek_perft_stats", "NULL out", "`EK_ERR_NULL`", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_perft_stats(start().player, start().opponent, 3, core::ptr::null_mut()) }, EK_ERR_NULL);
    }),
    ("ek_perft_stats", "depth < 0", "`EK_OK`, every counter 0", || {
        let mut s = EkPerftStats { nodes: 7, ..EkPerftStats::default() };
        // SAFETY: a live output.
        assert_eq!(unsafe { ek_perft_stats(start().player, start().opponent, -1, &mut s) }, EK_OK);
        assert_eq!(s, EkPerftStats::default());
    }),
    ("ek_flip_batch", "NULL array with n > 0", "`EK_ERR_NULL`, nothing written", || {
        batch_null(&FLIP_BATCH);
    }),
    ("ek_flip_batch", "n == 0", "`EK_OK` whatever the pointers, nothing read or written", || {
        batch_empty(&FLIP_BATCH);
    }),
    ("ek_flip_batch", "bad squares, overlaps", "each result as `ek_flip`'s, on every level", || {
        batch_as_single(&FLIP_BATCH);
    }),
    ("ek_flip_batch", "out == ps or os", "allowed: results replace the inputs", || {
        batch_in_place(&FLIP_BATCH, 1);
    }),
    ("ek_board_next_batch", "NULL array with n > 0", "`EK_ERR_NULL`, nothing written", || {
        batch_null(&NEXT_BATCH);
    }),
    ("ek_board_next_batch", "n == 0", "`EK_OK` whatever the pointers, nothing read or written", || {
        batch_empty(&NEXT_BATCH);
    }),
    ("ek_board_next_batch", "bad squares, overlaps", "each result as `ek_board_next`'s, on every level", || {
        batch_as_single(&NEXT_BATCH);
    }),
    ("ek_board_next_batch", "next_ps == ps and next_os == os", "allowed: results replace the inputs", || {
        batch_in_place(&NEXT_BATCH, 1);
    }),
    ("ek_count_last_flip_batch", "NULL array with n > 0", "`EK_ERR_NULL`, nothing written", || {
        batch_null(&LAST_FLIP_BATCH);
    }),
    ("ek_count_last_flip_batch", "n == 0", "`EK_OK` whatever the pointers, nothing read or written", || {
        batch_empty(&LAST_FLIP_BATCH);
    }),
    (
        "ek_count_last_flip_batch",
        "bad squares, overlaps",
        "each result as `ek_count_last_flip`'s, on every level",
        || {
            batch_as_single(&LAST_FLIP_BATCH);
        },
    ),
    ("ek_count_last_flip_batch", "out == xs", "allowed: results replace the inputs", || {
        batch_in_place(&LAST_FLIP_BATCH, 0);
    }),
    ("ek_get_moves_batch", "NULL array with n > 0", "`EK_ERR_NULL`, nothing written", || {
        batch_null(&MOVES_BATCH);
    }),
    ("ek_get_moves_batch", "n == 0", "`EK_OK` whatever the pointers, nothing read or written", || {
        batch_empty(&MOVES_BATCH);
    }),
    ("ek_get_moves_batch", "bad squares, overlaps", "each result as `ek_get_moves`'s, on every level", || {
        batch_as_single(&MOVES_BATCH);
    }),
    ("ek_get_moves_batch", "out == ps or os", "allowed: results replace the inputs", || {
        batch_in_place(&MOVES_BATCH, 1);
    }),
    ("ek_get_mobility_batch", "NULL array with n > 0", "`EK_ERR_NULL`, nothing written", || {
        batch_null(&MOBILITY_BATCH);
    }),
    ("ek_get_mobility_batch", "n == 0", "`EK_OK` whatever the pointers, nothing read or written", || {
        batch_empty(&MOBILITY_BATCH);
    }),
    ("ek_get_mobility_batch", "bad squares, overlaps", "each result as `ek_get_mobility`'s, on every level", || {
        batch_as_single(&MOBILITY_BATCH);
    }),
    ("ek_get_stability_batch", "NULL array with n > 0", "`EK_ERR_NULL`, nothing written", || {
        batch_null(&STABILITY_BATCH);
    }),
    ("ek_get_stability_batch", "n == 0", "`EK_OK` whatever the pointers, nothing read or written", || {
        batch_empty(&STABILITY_BATCH);
    }),
    ("ek_get_stability_batch", "bad squares, overlaps", "each result as `ek_get_stability`'s, on every level", || {
        batch_as_single(&STABILITY_BATCH);
    }),
    ("ek_board_get_hash_code_batch", "NULL array with n > 0", "`EK_ERR_NULL`, nothing written", || {
        batch_null(&HASH_BATCH);
    }),
    ("ek_board_get_hash_code_batch", "n == 0", "`EK_OK` whatever the pointers, nothing read or written", || {
        batch_empty(&HASH_BATCH);
    }),
    (
        "ek_board_get_hash_code_batch",
        "bad squares, overlaps",
        "each result as `ek_board_get_hash_code`'s, on every level",
        || {
            batch_as_single(&HASH_BATCH);
        },
    ),
    ("ek_board_get_hash_code_batch", "out == ps or os", "allowed: results replace the inputs", || {
        batch_in_place(&HASH_BATCH, 1);
    }),
    ("ek_eval_load_file", "NULL path", "`EK_ERR_NULL`, weights in use unchanged", || {
        failed_load_keeps_weights(EK_ERR_NULL, || unsafe { ek_eval_load_file(core::ptr::null()) });
    }),
    ("ek_eval_load_file", "missing file or a directory", "`EK_ERR_IO`, weights in use unchanged", || {
        for path in [c"/nonexistent/eval.dat", c"/", c""] {
            // SAFETY: NUL-terminated paths.
            failed_load_keeps_weights(EK_ERR_IO, || unsafe { ek_eval_load_file(path.as_ptr()) });
        }
    }),
    ("ek_eval_load_file", "bad file: not Edax's header", "`EK_ERR_EVAL_FORMAT`, weights in use unchanged", || {
        failed_load_keeps_weights(EK_ERR_EVAL_FORMAT, || load_file_bytes("format", b"EDAXEVAX rest of a file"));
        failed_load_keeps_weights(EK_ERR_EVAL_FORMAT, || load_file_bytes("empty", b""));
    }),
    ("ek_eval_load_file", "bad file: truncated or too long", "`EK_ERR_EVAL_SIZE`, weights in use unchanged", || {
        if !cfg!(miri) {
            let image = eval_image();
            failed_load_keeps_weights(EK_ERR_EVAL_SIZE, || load_file_bytes("short", &image[..image.len() - 1]));
            failed_load_keeps_weights(EK_ERR_EVAL_SIZE, || load_file_bytes("long", &[image, &[0][..]].concat()));
        }
    }),
    ("ek_eval_load_buffer", "NULL data", "`EK_ERR_NULL`, weights in use unchanged", || {
        for len in [0, EVAL_FILE_SIZE] {
            // SAFETY: NULL is allowed.
            failed_load_keeps_weights(EK_ERR_NULL, || unsafe { ek_eval_load_buffer(core::ptr::null(), len) });
        }
    }),
    (
        "ek_eval_load_buffer",
        "bytes without Edax's header (any length)",
        "`EK_ERR_EVAL_FORMAT`, weights in use unchanged",
        || {
            let mut bytes = vec![0u8; if cfg!(miri) { 64 } else { EVAL_FILE_SIZE }];
            bytes[..8].copy_from_slice(b"EDAXEVAl");
            for len in [0, 7, 8, bytes.len()] {
                // SAFETY: len readable bytes.
                failed_load_keeps_weights(EK_ERR_EVAL_FORMAT, || unsafe { ek_eval_load_buffer(bytes.as_ptr(), len) });
            }
        },
    ),
    ("ek_eval_load_buffer", "wrong buffer length", "`EK_ERR_EVAL_SIZE`, weights in use unchanged", || {
        if !cfg!(miri) {
            let image = eval_image();
            for len in [8, 28, image.len() - 2, image.len() - 1] {
                // SAFETY: len readable bytes.
                failed_load_keeps_weights(EK_ERR_EVAL_SIZE, || unsafe { ek_eval_load_buffer(image.as_ptr(), len) });
            }
            let long = [image, &[0, 0][..]].concat();
            // SAFETY: a live buffer.
            failed_load_keeps_weights(EK_ERR_EVAL_SIZE, || unsafe { ek_eval_load_buffer(long.as_ptr(), long.len()) });
        }
    }),
    (
        "ek_eval_load_default",
        "none (no argument)",
        "`EK_OK`, the bundled weights in use (`EK_ERR_NO_MEMORY`: the weights in use unchanged)",
        || {
            if cfg!(miri) {
                return; // 14 MB to decompress: too slow under Miri
            }
            ek_eval_unload();
            assert_eq!(ek_eval_load_default(), EK_OK);
            assert_eq!(ek_eval_loaded(), 1);
            assert_eq!(ek_eval_load_default(), EK_OK, "again");
            ek_eval_unload();
        },
    ),
    ("ek_eval_loaded", "none (no argument)", "1 or 0", || {
        ek_eval_unload();
        assert_eq!(ek_eval_loaded(), 0);
        if !cfg!(miri) {
            load_eval_image();
            assert_eq!(ek_eval_loaded(), 1);
        }
    }),
    ("ek_eval_unload", "no weights loaded", "nothing done", || {
        ek_eval_unload();
        ek_eval_unload();
        assert_eq!(ek_eval_loaded(), 0);
    }),
    ("ek_eval_init", "NULL eval", "`EK_ERR_NULL`", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_eval_init(core::ptr::null_mut()) }, EK_ERR_NULL);
    }),
    (
        "ek_eval_free",
        "NULL eval, NULL feature, or freed twice",
        "nothing done (`feature` is NULL after a free)",
        || {
            let mut eval = new_eval();
            // SAFETY: NULL, then an initialised EkEval, freed twice (feature is NULL the second time).
            unsafe {
                ek_eval_free(core::ptr::null_mut());
                ek_eval_free(&mut eval);
                assert!(eval.feature.is_null());
                ek_eval_free(&mut eval);
                ek_eval_free(&mut null_eval());
            }
        },
    ),
    ("ek_eval_set", "NULL eval, feature or board", "`EK_ERR_NULL`, nothing written", || {
        let mut eval = new_eval();
        // SAFETY: NULL or live arguments.
        unsafe {
            assert_eq!(ek_eval_set(core::ptr::null_mut(), &start()), EK_ERR_NULL);
            assert_eq!(ek_eval_set(&mut eval, core::ptr::null()), EK_ERR_NULL);
            assert_eq!(ek_eval_set(&mut null_eval(), &start()), EK_ERR_NULL);
            assert!(core::slice::from_raw_parts(eval.feature, 61).iter().all(|f| f.v == [0; 48]));
        }
        assert_eq!((eval.player, eval.ply), (0, 0));
        free_eval(eval);
    }),
    ("ek_eval_set", "more than 60 empty squares", "`EK_ERR_RANGE`, nothing written", || {
        let mut eval = new_eval();
        for board in [EkBoard::new(0, 0), EkBoard::new(1, 0), EkBoard::new(1 << 27, 1 << 28)] {
            // SAFETY: live arguments.
            assert_eq!(unsafe { ek_eval_set(&mut eval, &board) }, EK_ERR_RANGE);
        }
        // SAFETY: 61 initialised slots.
        assert!(unsafe { core::slice::from_raw_parts(eval.feature, 61) }.iter().all(|f| f.v == [0; 48]));
        free_eval(eval);
    }),
    ("ek_eval_set", "overlap", "as Edax: the square's digit is -1, features wrap modulo 2^16", || {
        let mut eval = new_eval();
        for b in overlapping() {
            // SAFETY: live arguments.
            if unsafe { ek_eval_set(&mut eval, &b) } != EK_OK {
                continue;
            }
            // Edax's eval_set: feature = feature * 3 + (2 - 2 P - O) in 16 bits, then + offset.
            // The first feature (a corner pattern) checked against that formula.
            let f = unsafe { &*eval.feature.add(eval.ply as usize) };
            let digits = [0, 1, 8, 9, 2, 16, 10, 17, 18].iter().fold(0u16, |f, &x| {
                let digit = 2 - 2 * ((b.player >> x) & 1) as i32 - ((b.opponent >> x) & 1) as i32;
                f.wrapping_mul(3).wrapping_add(digit as u16)
            });
            assert_eq!(f.v[0], digits, "{b:?}");
        }
        free_eval(eval);
    }),
    ("ek_eval_update", "NULL eval, feature or move", "`EK_ERR_NULL`, nothing changes", || {
        let mut eval = new_eval();
        let mv = EkMove { next: core::ptr::null_mut(), flipped: 1 << 28, x: 19, score: 0, cost: 0 };
        // SAFETY: NULL or live arguments.
        unsafe {
            assert_eq!(ek_eval_set(&mut eval, &start()), EK_OK);
            assert_eq!(ek_eval_update(core::ptr::null_mut(), &mv), EK_ERR_NULL);
            assert_eq!(ek_eval_update(&mut eval, core::ptr::null()), EK_ERR_NULL);
            assert_eq!(ek_eval_update(&mut null_eval(), &mv), EK_ERR_NULL);
        }
        assert_eq!((eval.player, eval.ply), (0, 0));
        free_eval(eval);
    }),
    ("ek_eval_update", "x outside 0..63, or ply outside 0..59", "`EK_ERR_RANGE`, nothing changes", || {
        let mut eval = new_eval();
        // SAFETY: live arguments.
        unsafe {
            assert_eq!(ek_eval_set(&mut eval, &start()), EK_OK);
            for x in BAD_SQUARES {
                let mv = EkMove { next: core::ptr::null_mut(), flipped: 1 << 28, x, score: 0, cost: 0 };
                assert_eq!(ek_eval_update(&mut eval, &mv), EK_ERR_RANGE);
                assert_eq!((eval.player, eval.ply), (0, 0));
            }
            let mv = EkMove { next: core::ptr::null_mut(), flipped: 1 << 28, x: 19, score: 0, cost: 0 };
            for ply in [-1, 60, 61, i32::MIN, i32::MAX] {
                eval.ply = ply;
                assert_eq!(ek_eval_update(&mut eval, &mv), EK_ERR_RANGE);
                assert_eq!((eval.player, eval.ply), (0, ply));
            }
        }
        eval.ply = 0;
        free_eval(eval);
    }),
    (
        "ek_eval_update",
        "`flipped` not the move's flips",
        "the features with those discs turned, equal on every level",
        || {
            let mut rng = SplitMix64(0xBAD3);
            let mut eval = new_eval();
            let before = name_of(ek_isa());
            for _ in 0..if cfg!(miri) { 2 } else { 200 } {
                let mv = EkMove {
                    next: core::ptr::null_mut(),
                    flipped: rng.next_u64(),
                    x: (rng.next_u64() % 64) as i32,
                    score: 0,
                    cost: 0,
                };
                let mut results = Vec::new();
                for isa in Isa::ALL.into_iter().filter(|i| i.is_available()) {
                    let name = CString::new(isa.name()).expect("no NUL");
                    // SAFETY: live arguments.
                    unsafe {
                        assert_eq!(ek_set_isa(name.as_ptr()), EK_OK);
                        assert_eq!(ek_eval_set(&mut eval, &start()), EK_OK);
                        assert_eq!(ek_eval_update(&mut eval, &mv), EK_OK);
                        results.push((*eval.feature.add(eval.ply as usize)).v);
                    }
                }
                assert!(results.windows(2).all(|w| w[0] == w[1]), "{mv:?}");
            }
            let name = CString::new(before).expect("no NUL");
            // SAFETY: a NUL-terminated name.
            assert_eq!(unsafe { ek_set_isa(name.as_ptr()) }, EK_OK);
            free_eval(eval);
        },
    ),
    ("ek_eval_restore", "NULL eval", "`EK_ERR_NULL`", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_eval_restore(core::ptr::null_mut()) }, EK_ERR_NULL);
    }),
    ("ek_eval_restore", "ply outside 1..60", "`EK_ERR_RANGE`, nothing changes", || {
        let mut eval = null_eval();
        for ply in [0, -1, 61, i32::MIN, i32::MAX] {
            eval.ply = ply;
            // SAFETY: a live EkEval (restore does not read the features).
            assert_eq!(unsafe { ek_eval_restore(&mut eval) }, EK_ERR_RANGE);
            assert_eq!((eval.player, eval.ply), (0, ply));
        }
    }),
    ("ek_eval_pass", "NULL eval", "`EK_ERR_NULL`", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_eval_pass(core::ptr::null_mut()) }, EK_ERR_NULL);
    }),
    ("ek_eval_accumulate", "NULL eval or feature, or ply outside 0..60", "0", || {
        let mut eval = new_eval();
        // SAFETY: NULL or live arguments.
        unsafe {
            assert_eq!(ek_eval_accumulate(core::ptr::null()), 0);
            assert_eq!(ek_eval_accumulate(&null_eval()), 0);
            for ply in [-1, 61, i32::MIN, i32::MAX] {
                eval.ply = ply;
                assert_eq!(ek_eval_accumulate(&eval), 0);
            }
        }
        eval.ply = 0;
        free_eval(eval);
    }),
    ("ek_eval_accumulate", "no weights loaded", "0", || {
        let mut eval = new_eval();
        ek_eval_unload();
        // SAFETY: live arguments.
        unsafe {
            assert_eq!(ek_eval_set(&mut eval, &start()), EK_OK);
            assert_eq!(ek_eval_accumulate(&eval), 0);
        }
        free_eval(eval);
    }),
    ("ek_eval_accumulate_checked", "NULL sum", "`EK_ERR_NULL`", || {
        let eval = new_eval();
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_eval_accumulate_checked(&eval, core::ptr::null_mut()) }, EK_ERR_NULL);
        free_eval(eval);
    }),
    ("ek_eval_accumulate_checked", "NULL eval or feature", "`EK_ERR_NULL`, nothing written", || {
        let mut sum = 7;
        // SAFETY: NULL or live arguments.
        unsafe {
            assert_eq!(ek_eval_accumulate_checked(core::ptr::null(), &mut sum), EK_ERR_NULL);
            assert_eq!(ek_eval_accumulate_checked(&null_eval(), &mut sum), EK_ERR_NULL);
        }
        assert_eq!(sum, 7);
    }),
    ("ek_eval_accumulate_checked", "ply outside 0..60", "`EK_ERR_RANGE`, nothing written", || {
        let (mut eval, mut sum) = (new_eval(), 7);
        for ply in [-1, 61, i32::MIN, i32::MAX] {
            eval.ply = ply;
            // SAFETY: live arguments.
            assert_eq!(unsafe { ek_eval_accumulate_checked(&eval, &mut sum) }, EK_ERR_RANGE);
        }
        assert_eq!(sum, 7);
        eval.ply = 0;
        free_eval(eval);
    }),
    ("ek_eval_accumulate_checked", "no weights loaded", "`EK_ERR_EVAL_NONE`, nothing written", || {
        let (mut eval, mut sum) = (new_eval(), 7);
        ek_eval_unload();
        // SAFETY: live arguments.
        unsafe {
            assert_eq!(ek_eval_set(&mut eval, &start()), EK_OK);
            assert_eq!(ek_eval_accumulate_checked(&eval, &mut sum), EK_ERR_EVAL_NONE);
        }
        assert_eq!(sum, 7);
        free_eval(eval);
    }),
    ("ek_solve_shallow", "NULL board", "`EK_SCORE_NONE`, nothing added to n_nodes", || {
        let mut n = 7;
        // SAFETY: NULL board, live counter.
        assert_eq!(unsafe { ek_solve_shallow(core::ptr::null(), 0, &mut n) }, EK_SCORE_NONE);
        assert_eq!(n, 7);
    }),
    ("ek_solve_shallow", "NULL n_nodes", "the score; the nodes are not reported", || {
        let b = shallow_position();
        let mut n = 0;
        // SAFETY: live board; NULL or live counter.
        unsafe {
            let with = ek_solve_shallow(&b, 0, &mut n);
            assert_eq!(ek_solve_shallow(&b, 0, core::ptr::null_mut()), with);
        }
        assert!(n > 0);
    }),
    ("ek_solve_shallow", "alpha outside -64..63", "the result of the nearest of -65 and 64", || {
        let b = shallow_position();
        let solve = |alpha: i32| {
            let mut n = 0;
            // SAFETY: live board and counter.
            (unsafe { ek_solve_shallow(&b, alpha, &mut n) }, n)
        };
        for alpha in [-66, -100, i32::MIN] {
            assert_eq!(solve(alpha), solve(-65), "alpha {alpha}");
        }
        for alpha in [65, 100, i32::MAX] {
            assert_eq!(solve(alpha), solve(64), "alpha {alpha}");
        }
    }),
    ("ek_solve_shallow", "more than 10 empty squares", "`EK_SCORE_NONE`, nothing added to n_nodes", || {
        let mut n = 5;
        // SAFETY: live board and counter.
        assert_eq!(unsafe { ek_solve_shallow(&start(), 0, &mut n) }, EK_SCORE_NONE);
        assert_eq!(n, 5);
    }),
    ("ek_solve_shallow", "overlap", "a defined value, the same on every level (no position's score)", || {
        let mut boards: Vec<EkBoard> =
            overlapping()
                .into_iter()
                .filter(|b| (b.player | b.opponent).count_zeros() <= 10)
                .take(if cfg!(miri) { 12 } else { 50 })
                .collect();
        // Found by the shallow_solver fuzz target: its 4-empties search saw moves (get_moves)
        // that flip nothing for either side, and both passed forever (now a double pass ends it).
        boards.push(EkBoard::new(0x7fff_ffff_ffff_7700, 0x7fff_ffff_ffff_ff80));
        let results = |k: &edax_kernels::Kernels| -> Vec<(i32, i64)> {
            boards
                .iter()
                .map(|b| {
                    let mut n = 0;
                    (k.solve_shallow(b, 3, &mut n), n)
                })
                .collect()
        };
        let portable = results(Isa::Portable.kernels().expect("portable"));
        for isa in Isa::ALL.into_iter().filter(|&i| i != Isa::Portable && i.is_available()) {
            assert_eq!(results(isa.kernels().expect("available")), portable, "{isa:?}");
        }
    }),
    ("ek_nws_endgame", "NULL board", "`EK_SCORE_NONE`, nothing added to n_nodes, the table unchanged", || {
        let mut t = small_table();
        let (before, mut n) = (t.checksum(), 7);
        // SAFETY: NULL board; a valid table and a live counter.
        let got = unsafe { ek_nws_endgame(core::ptr::null(), 0, &mut t.table, core::ptr::null(), &mut n) };
        assert_eq!((got, n, t.checksum()), (EK_SCORE_NONE, 7, before));
    }),
    (
        "ek_nws_endgame",
        "NULL table, or a table whose hash or spin is NULL",
        "`EK_SCORE_NONE`, nothing added to n_nodes",
        || {
            let b = shallow_position();
            let mut n = 7;
            // SAFETY: NULL table; live board and counter.
            assert_eq!(
                unsafe { ek_nws_endgame(&b, 0, core::ptr::null_mut(), core::ptr::null(), &mut n) },
                EK_SCORE_NONE
            );
            for which in 0..2 {
                let mut t = small_table();
                if which == 0 {
                    t.table.hash = core::ptr::null_mut();
                } else {
                    t.table.spin = core::ptr::null_mut();
                }
                // SAFETY: live board and counter; the table's NULL pointer is rejected before any use.
                assert_eq!(unsafe { ek_nws_endgame(&b, 0, &mut t.table, core::ptr::null(), &mut n) }, EK_SCORE_NONE);
            }
            assert_eq!(n, 7);
        },
    ),
    ("ek_nws_midgame", "NULL board, search or score", "`EK_ERR_NULL`, nothing searched: score and n_nodes unchanged", || {
        let mut m = MidgameTables::new();
        let (b, s) = (shallow_position(), m.search(None));
        let (mut score, mut n) = (7, 7);
        // SAFETY (each): the NULL is allowed; everything else is live.
        unsafe {
            assert_eq!(ek_nws_midgame(core::ptr::null(), 0, 4, &s, &mut score, &mut n), EK_ERR_NULL);
            assert_eq!(ek_nws_midgame(&b, 0, 4, core::ptr::null(), &mut score, &mut n), EK_ERR_NULL);
            assert_eq!(ek_nws_midgame(&b, 0, 4, &s, core::ptr::null_mut(), &mut n), EK_ERR_NULL);
        }
        assert_eq!((score, n, m.checksums()), (7, 7, MidgameTables::new().checksums()));
    }),
    (
        "ek_nws_midgame",
        "a NULL table, or a table whose hash or spin is NULL",
        "`EK_ERR_NULL`, nothing searched",
        || {
            let b = shallow_position();
            MidgameTables::each_bad_table(|s| {
                let (mut score, mut n) = (7, 7);
                // SAFETY: live arguments; the NULL pointers are rejected before any use.
                assert_eq!(unsafe { ek_nws_midgame(&b, 0, 4, s, &mut score, &mut n) }, EK_ERR_NULL);
                assert_eq!((score, n), (7, 7));
            });
        },
    ),
    ("ek_nws_midgame", "NULL n_nodes", "`EK_OK` and the score; the nodes are not reported", || {
        if cfg!(miri) {
            return; // a search needs weights, 14 MB to parse under Miri; the normal run checks it
        }
        load_eval_image();
        let b = shallow_position();
        let (mut m1, mut m2) = (MidgameTables::new(), MidgameTables::new());
        let (mut s1, mut s2, mut n) = (0, 0, 0);
        // SAFETY (both): live arguments; NULL n_nodes is allowed.
        unsafe {
            assert_eq!(ek_nws_midgame(&b, 0, 4, &m1.search(None), &mut s1, &mut n), EK_OK);
            assert_eq!(ek_nws_midgame(&b, 0, 4, &m2.search(None), &mut s2, core::ptr::null_mut()), EK_OK);
        }
        assert!(n > 0);
        assert_eq!((s1, m1.checksums()), (s2, m2.checksums()));
    }),
    ("ek_nws_midgame", "NULL stop", "never stops: the result of a stop flag left at 0", || {
        if cfg!(miri) {
            return; // as above
        }
        load_eval_image();
        let b = shallow_position();
        let (mut m1, mut m2, zero) = (MidgameTables::new(), MidgameTables::new(), 0);
        let (mut s1, mut s2, mut n1, mut n2) = (0, 0, 0, 0);
        // SAFETY (both): live arguments; NULL stop is allowed.
        unsafe {
            assert_eq!(ek_nws_midgame(&b, 0, 5, &m1.search(Some(&zero)), &mut s1, &mut n1), EK_OK);
            assert_eq!(ek_nws_midgame(&b, 0, 5, &m2.search(None), &mut s2, &mut n2), EK_OK);
        }
        assert_eq!((s1, n1, m1.checksums()), (s2, n2, m2.checksums()));
    }),
    ("ek_nws_midgame", "stop flag not 0", "`EK_ERR_STOPPED`, score alpha: no node counted, nothing stored", || {
        if cfg!(miri) {
            return; // as above
        }
        load_eval_image();
        let b = shallow_position();
        let (mut m, flag) = (MidgameTables::new(), 1);
        let (mut score, mut n) = (0, 0);
        // SAFETY: live arguments.
        assert_eq!(unsafe { ek_nws_midgame(&b, 5, 4, &m.search(Some(&flag)), &mut score, &mut n) }, EK_ERR_STOPPED);
        assert_eq!((score, n, m.checksums()), (5, 0, MidgameTables::new().checksums()));
    }),
    (
        "ek_nws_midgame",
        "overlap, alpha outside -64..63, depth neither 2..empties - 1 nor empties, selectivity outside 0..5, height below 1, node type outside 0..2, probcut level below 0",
        "`EK_ERR_RANGE`, nothing searched",
        || {
            let b = shallow_position(); // 8 empty squares (4 under Miri)
            let empties = (b.player | b.opponent).count_zeros() as i32;
            let mut m = MidgameTables::new();
            let good = m.search(None);
            let mut bad: Vec<(EkBoard, i32, i32, EkMidgameSearch)> = vec![
                (EkBoard::new(b.player, b.opponent | (b.player & b.player.wrapping_neg())), 0, 2, good),
                (b, -65, 2, good),
                (b, 64, 2, good),
                (b, 0, 1, good),
                (b, 0, empties + 1, good),
                (b, 0, -3, good),
            ];
            for (selectivity, height, node_type, probcut_level) in [(-1, 1, 1, 0), (6, 1, 1, 0), (5, 0, 1, 0), (5, -4, 1, 0), (5, 1, -1, 0), (5, 1, 3, 0), (5, 1, 1, -1)] {
                bad.push((b, 0, 2, EkMidgameSearch { selectivity, height, node_type, probcut_level, ..good }));
            }
            for (board, alpha, depth, s) in bad {
                let (mut score, mut n) = (7, 7);
                // SAFETY: live arguments.
                let status = unsafe { ek_nws_midgame(&board, alpha, depth, &s, &mut score, &mut n) };
                assert_eq!((status, score, n), (EK_ERR_RANGE, 7, 7), "{board:?} {alpha} {depth} {s:?}");
            }
            assert_eq!(m.checksums(), MidgameTables::new().checksums());
        },
    ),
    ("ek_nws_midgame", "no weights loaded", "`EK_ERR_EVAL_NONE`, nothing searched", || {
        ek_eval_unload();
        let b = shallow_position();
        let mut m = MidgameTables::new();
        let (mut score, mut n) = (7, 7);
        // SAFETY: live arguments.
        assert_eq!(unsafe { ek_nws_midgame(&b, 0, 4, &m.search(None), &mut score, &mut n) }, EK_ERR_EVAL_NONE);
        assert_eq!((score, n, m.checksums()), (7, 7, MidgameTables::new().checksums()));
    }),
    (
        "ek_pvs_midgame",
        "NULL board, search, score or table, or a table whose hash or spin is NULL",
        "`EK_ERR_NULL`, nothing searched",
        || {
            let b = shallow_position();
            let (mut score, mut n) = (7, 7);
            let mut m = MidgameTables::new();
            let s = m.search(None);
            // SAFETY (each): the NULL is allowed; everything else is live.
            unsafe {
                assert_eq!(ek_pvs_midgame(core::ptr::null(), -64, 64, 4, &s, &mut score, &mut n), EK_ERR_NULL);
                assert_eq!(ek_pvs_midgame(&b, -64, 64, 4, core::ptr::null(), &mut score, &mut n), EK_ERR_NULL);
                assert_eq!(ek_pvs_midgame(&b, -64, 64, 4, &s, core::ptr::null_mut(), &mut n), EK_ERR_NULL);
            }
            MidgameTables::each_bad_table(|s| {
                // SAFETY: live arguments; the NULL pointers are rejected before any use.
                assert_eq!(unsafe { ek_pvs_midgame(&b, -64, 64, 4, s, &mut score, &mut n) }, EK_ERR_NULL);
            });
            assert_eq!((score, n), (7, 7));
        },
    ),
    (
        "ek_pvs_midgame",
        "NULL n_nodes or NULL stop",
        "`EK_OK` and the score of a search that is not stopped; with NULL n_nodes the nodes are not reported",
        || {
            if cfg!(miri) {
                return; // a search needs weights, 14 MB to parse under Miri; the normal run checks it
            }
            load_eval_image();
            let b = shallow_position();
            let (mut m1, mut m2, mut m3, zero) = (MidgameTables::new(), MidgameTables::new(), MidgameTables::new(), 0);
            let (mut s1, mut s2, mut s3, mut n1, mut n2) = (0, 0, 0, 0, 0);
            // SAFETY (each): live arguments; NULL stop and NULL n_nodes are allowed.
            unsafe {
                assert_eq!(ek_pvs_midgame(&b, -10, 10, 5, &m1.search(Some(&zero)), &mut s1, &mut n1), EK_OK);
                assert_eq!(ek_pvs_midgame(&b, -10, 10, 5, &m2.search(None), &mut s2, &mut n2), EK_OK);
                assert_eq!(ek_pvs_midgame(&b, -10, 10, 5, &m3.search(None), &mut s3, core::ptr::null_mut()), EK_OK);
            }
            assert!(n1 > 0);
            assert_eq!((s1, n1, m1.checksums()), (s2, n2, m2.checksums()));
            assert_eq!((s3, m3.checksums()), (s2, m2.checksums()));
        },
    ),
    ("ek_pvs_midgame", "stop flag not 0", "`EK_ERR_STOPPED`, score alpha: no node counted, nothing stored", || {
        if cfg!(miri) {
            return; // as above
        }
        load_eval_image();
        let b = shallow_position();
        let (mut m, flag) = (MidgameTables::new(), 1);
        let (mut score, mut n) = (0, 0);
        // SAFETY: live arguments.
        assert_eq!(unsafe { ek_pvs_midgame(&b, -5, 9, 4, &m.search(Some(&flag)), &mut score, &mut n) }, EK_ERR_STOPPED);
        assert_eq!((score, n, m.checksums()), (-5, 0, MidgameTables::new().checksums()));
    }),
    (
        "ek_pvs_midgame",
        "overlap, not -64 <= alpha < beta <= 64, depth neither 2..empties nor empties, selectivity outside 0..5, height below 1, node type outside 0..2, probcut level below 0",
        "`EK_ERR_RANGE`, nothing searched",
        || {
            let b = shallow_position();
            let empties = (b.player | b.opponent).count_zeros() as i32;
            let mut m = MidgameTables::new();
            let good = m.search(None);
            let overlap = EkBoard::new(b.player, b.opponent | (b.player & b.player.wrapping_neg()));
            let mut bad: Vec<(EkBoard, i32, i32, i32, EkMidgameSearch)> = vec![
                (overlap, -64, 64, 2, good),
                (b, -65, 0, 2, good),
                (b, 0, 65, 2, good),
                (b, 3, 3, 2, good),
                (b, 4, 3, 2, good),
                (b, -64, 64, 1, good),
                (b, -64, 64, empties + 1, good),
            ];
            for (selectivity, height, node_type, probcut_level) in
                [(-1, 1, 1, 0), (6, 1, 1, 0), (5, 0, 1, 0), (5, 1, -1, 0), (5, 1, 3, 0), (5, 1, 1, -1)]
            {
                bad.push((b, -64, 64, 2, EkMidgameSearch { selectivity, height, node_type, probcut_level, ..good }));
            }
            for (board, alpha, beta, depth, s) in bad {
                let (mut score, mut n) = (7, 7);
                // SAFETY: live arguments.
                let status = unsafe { ek_pvs_midgame(&board, alpha, beta, depth, &s, &mut score, &mut n) };
                assert_eq!((status, score, n), (EK_ERR_RANGE, 7, 7), "{board:?} {alpha} {beta} {depth} {s:?}");
            }
            assert_eq!(m.checksums(), MidgameTables::new().checksums());
        },
    ),
    ("ek_pvs_midgame", "no weights loaded", "`EK_ERR_EVAL_NONE`, nothing searched", || {
        ek_eval_unload();
        let b = shallow_position();
        let mut m = MidgameTables::new();
        let (mut score, mut n) = (7, 7);
        // SAFETY: live arguments.
        assert_eq!(unsafe { ek_pvs_midgame(&b, -64, 64, 4, &m.search(None), &mut score, &mut n) }, EK_ERR_EVAL_NONE);
        assert_eq!((score, n, m.checksums()), (7, 7, MidgameTables::new().checksums()));
    }),
    (
        "ek_edax_search",
        "NULL board, tables or result, a NULL table, or a table whose hash or spin is NULL",
        "`EK_ERR_NULL`, nothing searched, `*result` unchanged",
        || {
            let b = shallow_position();
            let mut m = MidgameTables::new();
            let t = m.edax(None);
            let mut r = untouched_result();
            // SAFETY (each): the NULL is allowed; everything else is live.
            unsafe {
                assert_eq!(ek_edax_search(core::ptr::null(), 5, -1, -1, &t, &mut r), EK_ERR_NULL);
                assert_eq!(ek_edax_search(&b, 5, -1, -1, core::ptr::null(), &mut r), EK_ERR_NULL);
                assert_eq!(ek_edax_search(&b, 5, -1, -1, &t, core::ptr::null_mut()), EK_ERR_NULL);
            }
            MidgameTables::each_bad_table(|s| {
                let t = EkEdaxTables {
                    hash_table: s.hash_table,
                    pv_table: s.pv_table,
                    shallow_table: s.shallow_table,
                    stop: core::ptr::null(),
                };
                // SAFETY: live arguments; the NULL pointers are rejected before any use.
                assert_eq!(unsafe { ek_edax_search(&b, 5, -1, -1, &t, &mut r) }, EK_ERR_NULL);
            });
            assert_eq!(format!("{r:?}"), format!("{:?}", untouched_result()));
            assert_eq!(m.checksums(), MidgameTables::new().checksums());
        },
    ),
    ("ek_edax_search", "NULL stop", "never stops: the result of a stop flag left at 0", || {
        if cfg!(miri) {
            return; // a search needs weights, 14 MB to parse under Miri; the normal run checks it
        }
        load_eval_image();
        let b = shallow_position();
        let (mut m1, mut m2, zero) = (MidgameTables::new(), MidgameTables::new(), 0);
        let (mut r1, mut r2) = (untouched_result(), untouched_result());
        // SAFETY (both): live arguments; NULL stop is allowed.
        unsafe {
            assert_eq!(ek_edax_search(&b, 6, -1, -1, &m1.edax(Some(&zero)), &mut r1), EK_OK);
            assert_eq!(ek_edax_search(&b, 6, -1, -1, &m2.edax(None), &mut r2), EK_OK);
        }
        let empties = (b.player | b.opponent).count_zeros() as i32; // level 6 solves up to 12
        assert!(r1.n_nodes > 0 && r1.depth == empties && r1.pv_length > 0, "{r1:?}");
        assert_eq!(format!("{r1:?}"), format!("{r2:?}"));
        assert_eq!(m1.checksums(), m2.checksums());
    }),
    (
        "ek_edax_search",
        "stop flag not 0",
        "`EK_ERR_STOPPED`; `*result` is the last result recorded (here the ordering's first move, at depth 0)",
        || {
            if cfg!(miri) {
                return; // as above
            }
            load_eval_image();
            let b = shallow_position();
            let (mut m, flag) = (MidgameTables::new(), 1);
            let mut r = untouched_result();
            // SAFETY: live arguments.
            assert_eq!(unsafe { ek_edax_search(&b, 6, -1, -1, &m.edax(Some(&flag)), &mut r) }, EK_ERR_STOPPED);
            let moves = ek_get_moves(b.player, b.opponent);
            assert!(r.depth == 0 && (0..64).contains(&r.best_move) && moves >> r.best_move & 1 == 1, "{r:?}");
        },
    ),
    (
        "ek_edax_search",
        "overlap, level outside 1..60, depth neither -1 nor 1..60, selectivity outside -1..5",
        "`EK_ERR_RANGE`, nothing searched, `*result` unchanged",
        || {
            let b = shallow_position();
            let overlap = EkBoard::new(b.player, b.opponent | (b.player & b.player.wrapping_neg()));
            let mut m = MidgameTables::new();
            let t = m.edax(None);
            let mut r = untouched_result();
            for (board, level, depth, selectivity) in [
                (overlap, 5, -1, -1),
                (b, 0, -1, -1),
                (b, 61, -1, -1),
                (b, 5, 0, -1),
                (b, 5, -2, -1),
                (b, 5, 61, -1),
                (b, 5, -1, -2),
                (b, 5, -1, 6),
            ] {
                // SAFETY: live arguments.
                let status = unsafe { ek_edax_search(&board, level, depth, selectivity, &t, &mut r) };
                assert_eq!(status, EK_ERR_RANGE, "{board:?} {level} {depth} {selectivity}");
            }
            assert_eq!(format!("{r:?}"), format!("{:?}", untouched_result()));
            assert_eq!(m.checksums(), MidgameTables::new().checksums());
        },
    ),
    ("ek_edax_search", "no weights loaded", "`EK_ERR_EVAL_NONE`, nothing searched, `*result` unchanged", || {
        ek_eval_unload();
        let b = shallow_position();
        let mut m = MidgameTables::new();
        let mut r = untouched_result();
        // SAFETY: live arguments.
        assert_eq!(unsafe { ek_edax_search(&b, 5, -1, -1, &m.edax(None), &mut r) }, EK_ERR_EVAL_NONE);
        assert_eq!(format!("{r:?}"), format!("{:?}", untouched_result()));
        assert_eq!(m.checksums(), MidgameTables::new().checksums());
    }),
    (
        "ek_edax_search",
        "a position without a move for either side",
        "`EK_OK`, the final score, best move 65 (none), depth the empty squares, no PV",
        || {
            if cfg!(miri) {
                return; // as above
            }
            load_eval_image();
            // Black has every square but two, white none: nobody can move.
            let b = EkBoard::new(!0b11, 0);
            let mut m = MidgameTables::new();
            let mut r = untouched_result();
            // SAFETY: live arguments.
            assert_eq!(unsafe { ek_edax_search(&b, 10, -1, -1, &m.edax(None), &mut r) }, EK_OK);
            assert_eq!((r.score, r.best_move, r.depth, r.selectivity, r.pv_length), (64, 65, 2, 5, 0), "{r:?}");
        },
    ),
    ("ek_nws_endgame", "NULL n_nodes", "the score; the nodes are not reported", || {
        let b = shallow_position();
        let (mut t1, mut t2) = (small_table(), small_table());
        let mut n = 0;
        // SAFETY: live board, valid tables; NULL or live counter.
        unsafe {
            let with = ek_nws_endgame(&b, 0, &mut t1.table, core::ptr::null(), &mut n);
            assert_eq!(ek_nws_endgame(&b, 0, &mut t2.table, core::ptr::null(), core::ptr::null_mut()), with);
        }
        assert!(n > 0);
        assert_eq!(t1.checksum(), t2.checksum());
    }),
    ("ek_nws_endgame", "NULL stop", "never stops: the result of a stop flag left at 0", || {
        let b = shallow_position();
        let (mut t1, mut t2) = (small_table(), small_table());
        let (zero, mut n1, mut n2) = (0, 0, 0);
        // SAFETY: live board, valid tables, live flag or NULL, live counters.
        let (s1, s2) = unsafe {
            (
                ek_nws_endgame(&b, 0, &mut t1.table, &zero, &mut n1),
                ek_nws_endgame(&b, 0, &mut t2.table, core::ptr::null(), &mut n2),
            )
        };
        assert_eq!((s1, n1, t1.checksum()), (s2, n2, t2.checksum()));
    }),
    ("ek_nws_endgame", "stop flag not 0", "alpha (clamped) at once: no node counted, nothing stored", || {
        let b = shallow_position();
        let mut t = small_table();
        let before = t.checksum();
        for flag in [1, -1, 4] {
            let mut n = 0;
            // SAFETY: live board, flag and counter; a valid table.
            let got = unsafe { ek_nws_endgame(&b, 5, &mut t.table, &flag, &mut n) };
            assert_eq!((got, n, t.checksum()), (5, 0, before), "flag {flag}");
            // SAFETY: as above.
            assert_eq!(unsafe { ek_nws_endgame(&b, 99, &mut t.table, &flag, &mut n) }, 64);
        }
    }),
    ("ek_nws_endgame", "alpha outside -64..63", "the result of the nearest of -65 and 64", || {
        let b = shallow_position();
        let search = |alpha: i32| {
            let (mut t, mut n) = (small_table(), 0);
            // SAFETY: live board and counter, a valid table.
            let score = unsafe { ek_nws_endgame(&b, alpha, &mut t.table, core::ptr::null(), &mut n) };
            (score, n, t.checksum())
        };
        for alpha in [-66, -100, i32::MIN] {
            assert_eq!(search(alpha), search(-65), "alpha {alpha}");
        }
        for alpha in [65, 100, i32::MAX] {
            assert_eq!(search(alpha), search(64), "alpha {alpha}");
        }
    }),
    (
        "ek_nws_endgame",
        "overlap",
        "`EK_SCORE_NONE` on every level, nothing added to n_nodes, the table unchanged",
        || {
            // A late position with some discs of each side given to the other too, and the
            // 12-empties board whose search took 17.7 G nodes before overlap was refused.
            let b = near_the_end();
            let mut rng = SplitMix64(0xBAD3);
            let mut boards: Vec<EkBoard> = (0..if cfg!(miri) { 2 } else { 40 })
                .map(|_| {
                    let (m1, m2) = (rng.next_u64() & rng.next_u64(), rng.next_u64() & rng.next_u64());
                    EkBoard::new(b.player | (b.opponent & m1), b.opponent | (b.player & m2))
                })
                .collect();
            boards.push(EkBoard::new(0xdffd_ffdb_fbfe_1e60, 0xcfad_c3db_fbfe_def0));
            assert!(boards.iter().all(|b| b.player & b.opponent != 0));
            // The rows run one at a time (every_row_holds), so switching the level here is safe.
            for isa in Isa::ALL.into_iter().filter(|i| i.is_available()) {
                edax_kernels::set_active_isa(isa).expect("available");
                let mut t = small_table();
                let before = t.checksum();
                for b in &boards {
                    let mut n = 7;
                    // SAFETY: live board and counter, a valid table.
                    let score = unsafe { ek_nws_endgame(b, 3, &mut t.table, core::ptr::null(), &mut n) };
                    assert_eq!((score, n, t.checksum()), (EK_SCORE_NONE, 7, before), "{isa:?} {b:?}");
                }
            }
            edax_kernels::set_active_isa(Isa::best()).expect("best");
        },
    ),
    ("ek_base_read_file", "NULL path", "NULL, `*status` = `EK_ERR_NULL`, message \"NULL path\"", || {
        let (mut status, mut message) = (99, [1 as core::ffi::c_char; 64]);
        // SAFETY: NULL path allowed; writable status and message.
        assert!(unsafe { ek_base_read_file(core::ptr::null(), &mut status, message.as_mut_ptr(), 64) }.is_null());
        assert_eq!(status, EK_ERR_NULL);
        // SAFETY: NUL-terminated by the call.
        assert_eq!(unsafe { CStr::from_ptr(message.as_ptr()) }.to_str().unwrap(), "NULL path");
    }),
    ("ek_base_read_file", "a file that cannot be read", "NULL, `*status` = `EK_ERR_IO`, message naming the file", || {
        let (mut status, mut message) = (99, [0 as core::ffi::c_char; 128]);
        let path = CString::new("/nonexistent/games.ggf").unwrap();
        // SAFETY: a NUL-terminated path; writable status and message.
        assert!(unsafe { ek_base_read_file(path.as_ptr(), &mut status, message.as_mut_ptr(), 128) }.is_null());
        assert_eq!(status, EK_ERR_IO);
        // SAFETY: NUL-terminated by the call.
        assert!(unsafe { CStr::from_ptr(message.as_ptr()) }.to_str().unwrap().starts_with("/nonexistent/games.ggf: "));
    }),
    ("ek_base_read_file", "a name without .txt, .ggf, .wtb or .edx", "NULL, `*status` = `EK_ERR_BASE_FORMAT`, nothing read", || {
        let mut status = 99;
        for name in ["/nonexistent/games.dat", "", "gg", "x.pgn", "x.sgf"] {
            let path = CString::new(name).unwrap();
            // SAFETY: a NUL-terminated path, a writable status, NULL message.
            assert!(unsafe { ek_base_read_file(path.as_ptr(), &mut status, core::ptr::null_mut(), 0) }.is_null());
            assert_eq!(status, EK_ERR_BASE_FORMAT, "{name}");
        }
    }),
    ("ek_base_read_file", "NULL status or message, message_size 0 or short", "as with them, nothing written there; the message cut to message_size - 1 bytes and NUL", || {
        let path = CString::new("/nonexistent/games.ggf").unwrap();
        let mut message = [7 as core::ffi::c_char; 8];
        // SAFETY: NULLs allowed; the message writable for the sizes given.
        unsafe {
            assert!(ek_base_read_file(path.as_ptr(), core::ptr::null_mut(), core::ptr::null_mut(), 100).is_null());
            assert!(ek_base_read_file(path.as_ptr(), core::ptr::null_mut(), message.as_mut_ptr(), 0).is_null());
            assert_eq!(message, [7; 8]);
            assert!(ek_base_read_file(path.as_ptr(), core::ptr::null_mut(), message.as_mut_ptr(), 5).is_null());
            assert_eq!(CStr::from_ptr(message.as_ptr()).to_str().unwrap(), "/non");
            assert_eq!(message[5..], [7; 3]);
        }
    }),
    ("ek_base_read_buffer", "NULL name; NULL data with len > 0", "NULL, `*status` = `EK_ERR_NULL`", || {
        let mut status = 99;
        let name = CString::new("x.ggf").unwrap();
        // SAFETY: NULLs allowed as documented; a writable status.
        unsafe {
            assert!(ek_base_read_buffer(core::ptr::null(), b"".as_ptr(), 0, &mut status, core::ptr::null_mut(), 0).is_null());
            assert_eq!(status, EK_ERR_NULL);
            status = 99;
            assert!(ek_base_read_buffer(name.as_ptr(), core::ptr::null(), 1, &mut status, core::ptr::null_mut(), 0).is_null());
            assert_eq!(status, EK_ERR_NULL);
            // NULL data of length 0 is an empty file: no games.
            let base = ek_base_read_buffer(name.as_ptr(), core::ptr::null(), 0, &mut status, core::ptr::null_mut(), 0);
            assert_eq!((status, ek_base_count(base)), (EK_OK, 0));
            ek_base_free(base);
        }
    }),
    ("ek_base_read_buffer", "a malformed file: truncated, a bad byte, an illegal move, a hostile count", "NULL, `*status` = `EK_ERR_BASE_FORMAT`, message naming the byte offset (line and column in text)", || {
        let mut hostile = vec![20, 26, 1, 1, 0xFF, 0xFF, 0xFF, 0x7F, 0, 0, 0xEA, 7, 8, 0, 1, 0];
        hostile.extend([0; 68]);
        let cases: [(&str, &[u8], &str); 5] = [
            ("a.wtb", &[20, 26, 1], "a.wtb: WTHOR file, byte 3: truncated header"),
            ("a.wtb", &hostile, "a.wtb: WTHOR file, byte 4: the header says 2147483647 games"),
            ("b.ggf", b"(;GM[othello]B[f5]W[f5];)", "b.ggf: GGF file, byte 20 (line 1, column 21): game 0, move 1: f5 is illegal"),
            ("c.txt", b"f5d6\nf5 q9", "c.txt: text game list file, byte 8 (line 2, column 4): game 1: expected a move"),
            ("d.GGF", b"(;GM[othello]B[f5]", "d.GGF: GGF file, byte 0 (line 1, column 1): game 0 has no ';)'"),
        ];
        for (name, bytes, expected) in cases {
            let (mut status, mut message) = (99, [0 as core::ffi::c_char; 256]);
            let name = CString::new(name).unwrap();
            // SAFETY: NUL-terminated name, readable data, writable status and message.
            let base = unsafe { ek_base_read_buffer(name.as_ptr(), bytes.as_ptr(), bytes.len(), &mut status, message.as_mut_ptr(), 256) };
            assert!(base.is_null());
            assert_eq!(status, EK_ERR_BASE_FORMAT);
            // SAFETY: NUL-terminated by the call.
            let text = unsafe { CStr::from_ptr(message.as_ptr()) }.to_str().unwrap().to_owned();
            assert!(text.starts_with(expected), "{text}");
        }
    }),
    ("ek_base_count", "NULL", "0", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_base_count(core::ptr::null()) }, 0);
    }),
    ("ek_base_game", "NULL base or game", "`EK_ERR_NULL`", || {
        let base = small_base();
        let mut game = core::mem::MaybeUninit::<EkBaseGame>::zeroed();
        // SAFETY: NULLs allowed; a live base and a writable game.
        unsafe {
            assert_eq!(ek_base_game(core::ptr::null(), 0, game.as_mut_ptr()), EK_ERR_NULL);
            assert_eq!(ek_base_game(base, 0, core::ptr::null_mut()), EK_ERR_NULL);
            assert_eq!(ek_base_game(base, 0, game.as_mut_ptr()), EK_OK);
            let game = game.assume_init();
            assert_eq!((game.n_moves, game.moves[0], game.moves[1], game.moves[2], game.score), (2, 37, 43, 65, -127));
            assert_eq!(CStr::from_ptr(game.black.as_ptr()).to_str().unwrap(), "edax");
            ek_base_free(base);
        }
    }),
    ("ek_base_game", "index not below the count", "`EK_ERR_RANGE`, nothing written", || {
        let base = small_base();
        // SAFETY: the bytes of an EkBaseGame are plain data: any pattern is a value.
        let mut game: EkBaseGame = unsafe { core::mem::zeroed() };
        game.n_moves = 77;
        // SAFETY: a live base, a writable game.
        unsafe {
            assert_eq!(ek_base_game(base, 1, &mut game), EK_ERR_RANGE);
            assert_eq!(ek_base_game(base, usize::MAX, &mut game), EK_ERR_RANGE);
            ek_base_free(base);
        }
        assert_eq!(game.n_moves, 77);
    }),
    ("ek_base_write_file", "NULL base or path", "`EK_ERR_NULL`", || {
        let base = small_base();
        let path = CString::new("/nonexistent/x.ggf").unwrap();
        // SAFETY: NULLs allowed; a live base.
        unsafe {
            assert_eq!(ek_base_write_file(core::ptr::null(), path.as_ptr(), core::ptr::null_mut(), 0), EK_ERR_NULL);
            assert_eq!(ek_base_write_file(base, core::ptr::null(), core::ptr::null_mut(), 0), EK_ERR_NULL);
            ek_base_free(base);
        }
    }),
    ("ek_base_write_file", "an extension other than .txt, .ggf and .edx; a path that cannot be written", "`EK_ERR_BASE_FORMAT`, nothing written; `EK_ERR_IO`", || {
        let base = small_base();
        let dir = std::env::temp_dir().join(format!("ek-bad-input-base-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let wtb = dir.join("x.wtb");
        let wtb_c = CString::new(wtb.to_str().unwrap()).unwrap();
        let bad = CString::new("/nonexistent/dir/x.txt").unwrap();
        let good = dir.join("x.TXT");
        let good_c = CString::new(good.to_str().unwrap()).unwrap();
        // SAFETY: a live base, NUL-terminated paths.
        unsafe {
            assert_eq!(ek_base_write_file(base, wtb_c.as_ptr(), core::ptr::null_mut(), 0), EK_ERR_BASE_FORMAT);
            assert_eq!(ek_base_write_file(base, bad.as_ptr(), core::ptr::null_mut(), 0), EK_ERR_IO);
            assert_eq!(ek_base_write_file(base, good_c.as_ptr(), core::ptr::null_mut(), 0), EK_OK);
            ek_base_free(base);
        }
        assert!(!wtb.exists());
        assert_eq!(std::fs::read(&good).unwrap(), b"F5D6\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }),
    ("ek_base_free", "NULL", "nothing done", || {
        // SAFETY: NULL is allowed.
        unsafe { ek_base_free(core::ptr::null_mut()) };
    }),
    ("ek_weights_load_file", "NULL path", "NULL, `*status` = `EK_ERR_NULL`", || {
        let mut status = 99;
        // SAFETY: NULL is allowed; a writable status.
        assert!(unsafe { ek_weights_load_file(core::ptr::null(), &mut status) }.is_null());
        assert_eq!(status, EK_ERR_NULL);
    }),
    ("ek_weights_load_file", "a file that cannot be read", "NULL, `*status` = `EK_ERR_IO`", || {
        let mut status = 99;
        let path = CString::new("/nonexistent/eval.dat").unwrap();
        // SAFETY: a NUL-terminated path and a writable status.
        assert!(unsafe { ek_weights_load_file(path.as_ptr(), &mut status) }.is_null());
        assert_eq!(status, EK_ERR_IO);
    }),
    ("ek_weights_load_file", "NULL status", "as with a status, nothing written", || {
        let path = CString::new("/nonexistent/eval.dat").unwrap();
        // SAFETY: NULL status is allowed.
        unsafe {
            assert!(ek_weights_load_file(core::ptr::null(), core::ptr::null_mut()).is_null());
            assert!(ek_weights_load_file(path.as_ptr(), core::ptr::null_mut()).is_null());
        }
        #[cfg(not(miri))]
        {
            let image = eval_image();
            // SAFETY: a readable image, NULL status.
            let w = unsafe { ek_weights_load_buffer(image.as_ptr().cast(), image.len(), core::ptr::null_mut()) };
            assert!(!w.is_null());
            // SAFETY: a weights object, given back once.
            unsafe { ek_weights_free(w) };
        }
    }),
    ("ek_weights_load_buffer", "NULL data", "NULL, `*status` = `EK_ERR_NULL`", || {
        for size in [0, 10, EVAL_FILE_SIZE] {
            let mut status = 99;
            // SAFETY: NULL is allowed.
            assert!(unsafe { ek_weights_load_buffer(core::ptr::null(), size, &mut status) }.is_null());
            assert_eq!(status, EK_ERR_NULL);
        }
    }),
    (
        "ek_weights_load_buffer",
        "not Edax's header; the wrong size",
        "NULL, `*status` = `EK_ERR_EVAL_FORMAT`; `EK_ERR_EVAL_SIZE`",
        || {
            let (mut status, junk) = (99, [0u8; 64]);
            // SAFETY: 64 readable bytes.
            assert!(unsafe { ek_weights_load_buffer(junk.as_ptr().cast(), junk.len(), &mut status) }.is_null());
            assert_eq!(status, EK_ERR_EVAL_FORMAT);
            // Edax's header and no more (not eval_image(): 14 MB made byte by byte under Miri).
            let mut short = Vec::new();
            for word in [0x4544_4158u32, 0x4556_414C, 4, 6, 0, 0, 0] {
                short.extend_from_slice(&word.to_le_bytes());
            }
            // SAFETY: 1000 readable bytes.
            assert!(unsafe { ek_weights_load_buffer(short.as_ptr().cast(), short.len(), &mut status) }.is_null());
            assert_eq!(status, EK_ERR_EVAL_SIZE);
        },
    ),
    ("ek_weights_load_default", "NULL status", "the object of the bundled weights, nothing written", || {
        #[cfg(not(miri))]
        {
            // SAFETY: NULL status is allowed.
            let w = unsafe { ek_weights_load_default(core::ptr::null_mut()) };
            assert!(!w.is_null());
            // SAFETY: given back once.
            unsafe { ek_weights_free(w) };
        }
    }),
    ("ek_weights_free", "NULL", "nothing done", || {
        // SAFETY: NULL is allowed.
        unsafe { ek_weights_free(core::ptr::null_mut()) };
    }),
    ("ek_engine_new", "NULL weights; hash_bits outside 8..32", "NULL", || {
        // SAFETY: NULL is allowed.
        assert!(unsafe { ek_engine_new(core::ptr::null(), 12) }.is_null());
        #[cfg(not(miri))]
        {
            let w = weights_object();
            for bits in [7, 0, -1, 33, i32::MIN, i32::MAX] {
                // SAFETY: a live weights object.
                assert!(unsafe { ek_engine_new(w, bits) }.is_null(), "hash_bits {bits}");
            }
            // SAFETY: given back once.
            unsafe { ek_weights_free(w) };
        }
    }),
    ("ek_engine_free", "NULL", "nothing done", || {
        // SAFETY: NULL is allowed.
        unsafe { ek_engine_free(core::ptr::null_mut()) };
    }),
    ("ek_engine_stop", "NULL", "nothing done", || {
        // SAFETY: NULL is allowed.
        unsafe { ek_engine_stop(core::ptr::null()) };
    }),
    ("ek_engine_stop", "no search running", "nothing done: a later search is not stopped", || {
        #[cfg(not(miri))]
        {
            let e = new_engine();
            let mut r = untouched_engine_result();
            // SAFETY: a live engine, board, limits and result.
            unsafe {
                ek_engine_stop(e);
                assert_eq!(ek_engine_search(e, &EkBoard::START, &EkEngineLimits::level(3), &mut r), EK_OK);
                ek_engine_free(e);
            }
            assert_eq!(r.complete, 1);
        }
    }),
    ("ek_engine_set_threads", "NULL engine", "`EK_ERR_NULL`", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_engine_set_threads(core::ptr::null(), 2) }, EK_ERR_NULL);
    }),
    (
        "ek_engine_set_threads",
        "n_threads < 1 or > `EK_ENGINE_MAX_THREADS`",
        "`EK_ERR_RANGE`, the count unchanged",
        || {
            #[cfg(not(miri))]
            {
                let e = new_engine();
                // SAFETY: a live engine.
                unsafe {
                    assert_eq!(ek_engine_get_threads(e), 1);
                    assert_eq!(ek_engine_set_threads(e, 3), EK_OK);
                    for n in [0, -1, i32::MIN, EK_ENGINE_MAX_THREADS + 1, i32::MAX] {
                        assert_eq!(ek_engine_set_threads(e, n), EK_ERR_RANGE, "{n}");
                    }
                    assert_eq!(ek_engine_get_threads(e), 3);
                    assert_eq!(ek_engine_set_threads(e, EK_ENGINE_MAX_THREADS), EK_OK);
                    assert_eq!(ek_engine_get_threads(e), EK_ENGINE_MAX_THREADS);
                    ek_engine_free(e);
                }
            }
        },
    ),
    ("ek_engine_get_threads", "NULL engine", "0", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_engine_get_threads(core::ptr::null()) }, 0);
    }),
    ("ek_engine_clear", "NULL engine", "`EK_ERR_NULL`", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_engine_clear(core::ptr::null()) }, EK_ERR_NULL);
    }),
    ("ek_engine_clear", "a search running on the engine", "`EK_ERR_BUSY`, nothing cleared", || {
        #[cfg(not(miri))]
        while_searching(|e| {
            // SAFETY: a live engine.
            let status = unsafe { ek_engine_clear(e) };
            assert!(status == EK_ERR_BUSY || status == EK_OK, "{status}");
            status == EK_ERR_BUSY
        });
    }),
    ("ek_engine_search", "NULL engine, board, limits or result", "`EK_ERR_NULL`, nothing written", || {
        let (b, l) = (EkBoard::START, EkEngineLimits::level(3));
        let mut r = untouched_engine_result();
        let nul = core::ptr::null();
        // SAFETY: NULL is allowed; the others live.
        assert_eq!(unsafe { ek_engine_search(nul, &b, &l, &mut r) }, EK_ERR_NULL);
        #[cfg(not(miri))]
        {
            let e = new_engine();
            // SAFETY: a live engine, NULL or live arguments.
            unsafe {
                assert_eq!(ek_engine_search(e, core::ptr::null(), &l, &mut r), EK_ERR_NULL);
                assert_eq!(ek_engine_search(e, &b, core::ptr::null(), &mut r), EK_ERR_NULL);
                assert_eq!(ek_engine_search(e, &b, &l, core::ptr::null_mut()), EK_ERR_NULL);
                ek_engine_free(e);
            }
        }
        assert_eq!(r, untouched_engine_result());
    }),
    (
        "ek_engine_search",
        "overlap, level outside 0..60, depth neither -1 nor 1..60, selectivity outside -1..5, level 0 with depth -1",
        "`EK_ERR_RANGE`, nothing written",
        || {
            #[cfg(not(miri))]
            {
                let e = new_engine();
                let l = EkEngineLimits::level(3);
                let cases = [
                    (EkBoard::new(3, 1), l),
                    (EkBoard::START, EkEngineLimits::level(61)),
                    (EkBoard::START, EkEngineLimits::level(-1)),
                    (EkBoard::START, EkEngineLimits { depth: 0, ..l }),
                    (EkBoard::START, EkEngineLimits { depth: 61, ..l }),
                    (EkBoard::START, EkEngineLimits { depth: -2, ..l }),
                    (EkBoard::START, EkEngineLimits { selectivity: 6, ..l }),
                    (EkBoard::START, EkEngineLimits { selectivity: -2, ..l }),
                    (EkBoard::START, EkEngineLimits { level: 0, ..l }),
                ];
                for (b, limits) in cases {
                    let mut r = untouched_engine_result();
                    // SAFETY: a live engine, board, limits and result.
                    assert_eq!(unsafe { ek_engine_search(e, &b, &limits, &mut r) }, EK_ERR_RANGE, "{b:?} {limits:?}");
                    assert_eq!(r, untouched_engine_result());
                }
                // SAFETY: freed once.
                unsafe { ek_engine_free(e) };
            }
        },
    ),
    ("ek_engine_search_excluding", "NULL engine, board, limits or result", "`EK_ERR_NULL`, nothing written", || {
        let (b, l) = (EkBoard::START, EkEngineLimits::level(3));
        let mut r = untouched_engine_result();
        let nul = core::ptr::null();
        // SAFETY: NULL is allowed; the others live.
        assert_eq!(unsafe { ek_engine_search_excluding(nul, &b, &l, 0, &mut r) }, EK_ERR_NULL);
        #[cfg(not(miri))]
        {
            let e = new_engine();
            // SAFETY: a live engine, NULL or live arguments.
            unsafe {
                assert_eq!(ek_engine_search_excluding(e, core::ptr::null(), &l, 0, &mut r), EK_ERR_NULL);
                assert_eq!(ek_engine_search_excluding(e, &b, core::ptr::null(), 0, &mut r), EK_ERR_NULL);
                assert_eq!(ek_engine_search_excluding(e, &b, &l, 0, core::ptr::null_mut()), EK_ERR_NULL);
                ek_engine_free(e);
            }
        }
        assert_eq!(r, untouched_engine_result());
    }),
    (
        "ek_engine_search_excluding",
        "every legal move excluded; overlap or limits out of range (as `ek_engine_search`)",
        "`EK_ERR_RANGE`, nothing written",
        || {
            #[cfg(not(miri))]
            {
                let e = new_engine();
                let l = EkEngineLimits::level(3);
                let start_moves = 0x0000_1020_0408_0000u64;
                let cases = [
                    (EkBoard::START, l, start_moves),
                    (EkBoard::START, l, u64::MAX),
                    (EkBoard::new(3, 1), l, 0),
                    (EkBoard::START, EkEngineLimits::level(61), 0),
                    (EkBoard::START, EkEngineLimits { level: 0, ..l }, 0),
                ];
                for (b, limits, excluded) in cases {
                    let mut r = untouched_engine_result();
                    // SAFETY: a live engine, board, limits and result.
                    let status = unsafe { ek_engine_search_excluding(e, &b, &limits, excluded, &mut r) };
                    assert_eq!(status, EK_ERR_RANGE, "{b:?} {limits:?} {excluded:x}");
                    assert_eq!(r, untouched_engine_result());
                }
                // SAFETY: freed once.
                unsafe { ek_engine_free(e) };
            }
        },
    ),
    (
        "ek_engine_search_excluding",
        "excluded squares that are no legal move",
        "ignored: the search as `ek_engine_search`",
        || {
            #[cfg(not(miri))]
            {
                let (e, f) = (new_engine(), new_engine());
                let start_moves = 0x0000_1020_0408_0000u64;
                let (mut r, mut s) = (untouched_engine_result(), untouched_engine_result());
                let l = EkEngineLimits::level(3);
                // SAFETY: live engines, board, limits and results; each freed once.
                unsafe {
                    assert_eq!(ek_engine_search_excluding(e, &EkBoard::START, &l, !start_moves, &mut r), EK_OK);
                    assert_eq!(ek_engine_search(f, &EkBoard::START, &l, &mut s), EK_OK);
                    ek_engine_free(e);
                    ek_engine_free(f);
                }
                assert_eq!(r, s);
            }
        },
    ),
    ("ek_engine_search", "a search already running on the engine", "`EK_ERR_BUSY`, nothing written", || {
        #[cfg(not(miri))]
        while_searching(|e| {
            let mut r = untouched_engine_result();
            // SAFETY: a live engine, board, limits and result.
            let status = unsafe { ek_engine_search(e, &EkBoard::START, &EkEngineLimits::level(1), &mut r) };
            assert!(status == EK_ERR_BUSY || status == EK_OK, "{status}");
            if status == EK_ERR_BUSY {
                assert_eq!(r, untouched_engine_result(), "written while busy");
            }
            status == EK_ERR_BUSY
        });
    }),
    (
        "ek_engine_search",
        "a position without a move for either side",
        "`EK_OK`, the final score, best move 65 (none), exact 1",
        || {
            #[cfg(not(miri))]
            {
                let e = new_engine();
                let mut r = untouched_engine_result();
                // Black's 60 discs against white's 4, the board full.
                let b = EkBoard::new(!0x0F, 0x0F);
                // SAFETY: a live engine, board, limits and result.
                assert_eq!(unsafe { ek_engine_search(e, &b, &EkEngineLimits::level(10), &mut r) }, EK_OK);
                assert_eq!((r.score, r.best_move, r.exact, r.pv_length), (56, EK_NOMOVE, 1, 0));
                // SAFETY: freed once.
                unsafe { ek_engine_free(e) };
            }
        },
    ),
    ("ek_engine_play", "NULL engine, usage, board, limits or result (a NULL book is no book)", "`EK_ERR_NULL`, nothing written", || {
        let (b, l, u) = (EkBoard::START, EkEngineLimits::level(3), EkBookUse::default());
        let mut r = EkPlayResult { result: untouched_engine_result(), from_book: 99 };
        let untouched = r;
        let nul = core::ptr::null();
        let no_book = core::ptr::null_mut();
        // SAFETY: NULL is allowed; the others live.
        assert_eq!(unsafe { ek_engine_play(nul, no_book, &u, &b, &l, &mut r) }, EK_ERR_NULL);
        #[cfg(not(miri))]
        {
            let e = new_engine();
            // SAFETY: a live engine, NULL or live arguments.
            unsafe {
                assert_eq!(ek_engine_play(e, no_book, core::ptr::null(), &b, &l, &mut r), EK_ERR_NULL);
                assert_eq!(ek_engine_play(e, no_book, &u, core::ptr::null(), &l, &mut r), EK_ERR_NULL);
                assert_eq!(ek_engine_play(e, no_book, &u, &b, core::ptr::null(), &mut r), EK_ERR_NULL);
                assert_eq!(ek_engine_play(e, no_book, &u, &b, &l, core::ptr::null_mut()), EK_ERR_NULL);
                ek_engine_free(e);
            }
        }
        assert_eq!(r, untouched);
    }),
    (
        "ek_engine_play",
        "limits or a board `ek_engine_search` refuses, even for a position in the book",
        "`EK_ERR_RANGE`, nothing written",
        || {
            #[cfg(not(miri))]
            {
                let e = new_engine();
                // An empty book: the limits and the board are checked before the book is read.
                let book = ek_book_new(1, 50);
                assert!(!book.is_null());
                let u = EkBookUse::default();
                let mut r = EkPlayResult { result: untouched_engine_result(), from_book: 99 };
                let untouched = r;
                // SAFETY: a live engine and book, live arguments.
                unsafe {
                    for (b, limits) in
                        [(EkBoard::START, EkEngineLimits::level(61)), (EkBoard::new(3, 1), EkEngineLimits::level(3))]
                    {
                        assert_eq!(ek_engine_play(e, book, &u, &b, &limits, &mut r), EK_ERR_RANGE, "{b:?} {limits:?}");
                        assert_eq!(r, untouched);
                    }
                    ek_book_free(book);
                    ek_engine_free(e);
                }
            }
        },
    ),
    ("ek_engine_analyze", "NULL engine, board, limits, moves or n_moves", "`EK_ERR_NULL`, nothing written", || {
        let (b, l) = (EkBoard::START, EkEngineLimits::level(3));
        let mut moves = [EkMoveScore { square: 99, score: 99, exact: 99, complete: 99, n_nodes: -1 }; EK_MAX_MOVES as usize];
        let mut n = 99;
        // SAFETY: NULL is allowed; the others live.
        assert_eq!(unsafe { ek_engine_analyze(core::ptr::null(), &b, &l, moves.as_mut_ptr(), &mut n) }, EK_ERR_NULL);
        #[cfg(not(miri))]
        {
            let e = new_engine();
            let m = moves.as_mut_ptr();
            // SAFETY: a live engine, NULL or live arguments.
            unsafe {
                assert_eq!(ek_engine_analyze(e, core::ptr::null(), &l, m, &mut n), EK_ERR_NULL);
                assert_eq!(ek_engine_analyze(e, &b, core::ptr::null(), m, &mut n), EK_ERR_NULL);
                assert_eq!(ek_engine_analyze(e, &b, &l, core::ptr::null_mut(), &mut n), EK_ERR_NULL);
                assert_eq!(ek_engine_analyze(e, &b, &l, m, core::ptr::null_mut()), EK_ERR_NULL);
                ek_engine_free(e);
            }
        }
        assert_eq!((n, moves[0].score), (99, 99), "written");
    }),
    ("ek_engine_analyze", "overlap, limits out of range (as `ek_engine_search`)", "`EK_ERR_RANGE`, nothing written", || {
        #[cfg(not(miri))]
        {
            let e = new_engine();
            let mut moves = [EkMoveScore { square: 99, score: 99, exact: 99, complete: 99, n_nodes: -1 }; EK_MAX_MOVES as usize];
            let mut n = 99;
            // SAFETY: a live engine and arguments.
            unsafe {
                let m = moves.as_mut_ptr();
                assert_eq!(ek_engine_analyze(e, &EkBoard::new(3, 1), &EkEngineLimits::level(3), m, &mut n), EK_ERR_RANGE);
                assert_eq!(ek_engine_analyze(e, &EkBoard::START, &EkEngineLimits::level(61), m, &mut n), EK_ERR_RANGE);
                ek_engine_free(e);
            }
            assert_eq!((n, moves[0].score), (99, 99), "written");
        }
    }),
    ("ek_engine_analyze", "a position without a move for either side", "`EK_OK`, `*n_moves` = 0", || {
        #[cfg(not(miri))]
        {
            let e = new_engine();
            let mut moves = [EkMoveScore { square: 99, score: 99, exact: 99, complete: 99, n_nodes: -1 }; EK_MAX_MOVES as usize];
            let mut n = 99;
            let full = EkBoard::new(!0x0F, 0x0F);
            // SAFETY: a live engine and arguments.
            unsafe {
                assert_eq!(ek_engine_analyze(e, &full, &EkEngineLimits::level(3), moves.as_mut_ptr(), &mut n), EK_OK);
                ek_engine_free(e);
            }
            assert_eq!(n, 0);
        }
    }),
    ("ek_solver_new", "hash_bits outside 1..32", "NULL", || {
        for bits in [0, -1, 33, 64, i32::MIN, i32::MAX] {
            assert!(ek_solver_new(bits).is_null(), "hash_bits {bits}");
        }
    }),
    (
        "ek_solver_new",
        "`EDAX_KERNELS_SOLVER_SPLIT` set to neither `abdada` nor `ybwc` (nor empty)",
        "NULL, one line on stderr",
        || {
            #[cfg(not(miri))]
            for value in ["YBWC", "split", "1"] {
                let stderr = solver_split_child_stderr(value);
                assert_eq!(stderr.lines().filter(|l| l.contains("EDAX_KERNELS_SOLVER_SPLIT")).count(), 1, "{stderr}");
            }
        },
    ),
    ("ek_solver_free", "NULL", "nothing done", || {
        // SAFETY: NULL is allowed.
        unsafe { ek_solver_free(core::ptr::null_mut()) };
    }),
    ("ek_solver_stop", "NULL", "nothing done", || {
        // SAFETY: NULL is allowed.
        unsafe { ek_solver_stop(core::ptr::null_mut()) };
    }),
    ("ek_solver_stop", "no solve running", "nothing done: a later solve is not stopped", || {
        let s = new_solver();
        // SAFETY: a live solver, board and result.
        unsafe {
            ek_solver_stop(s);
            let mut out = EkSolveResult::default();
            assert_eq!(ek_solver_solve(s, &shallow_position(), -64, 64, &mut out), EK_OK);
            ek_solver_free(s);
        }
    }),
    ("ek_solver_set_node_limit", "NULL solver", "`EK_ERR_NULL`", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_solver_set_node_limit(core::ptr::null_mut(), 10) }, EK_ERR_NULL);
    }),
    ("ek_solver_set_threads", "NULL solver", "`EK_ERR_NULL`", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_solver_set_threads(core::ptr::null_mut(), 2) }, EK_ERR_NULL);
    }),
    (
        "ek_solver_set_threads",
        "n_threads < 1 or > `EK_SOLVER_MAX_THREADS`",
        "`EK_ERR_RANGE`, the count unchanged",
        || {
            let s = new_solver();
            // SAFETY: a live solver.
            unsafe {
                assert_eq!(ek_solver_set_threads(s, 3), EK_OK);
                for n in [0, -1, i32::MIN, EK_SOLVER_MAX_THREADS + 1, i32::MAX] {
                    assert_eq!(ek_solver_set_threads(s, n), EK_ERR_RANGE, "{n}");
                }
                assert_eq!(ek_solver_get_threads(s), 3);
                assert_eq!(ek_solver_set_threads(s, EK_SOLVER_MAX_THREADS), EK_OK);
                assert_eq!(ek_solver_get_threads(s), EK_SOLVER_MAX_THREADS);
                ek_solver_free(s);
            }
        },
    ),
    ("ek_solver_get_threads", "NULL solver", "0", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_solver_get_threads(core::ptr::null()) }, 0);
    }),
    ("ek_solver_set_eval", "NULL solver", "`EK_ERR_NULL`", || {
        // SAFETY: NULL is allowed.
        unsafe {
            assert_eq!(ek_solver_set_eval(core::ptr::null_mut(), 0), EK_ERR_NULL);
            assert_eq!(ek_solver_set_eval(core::ptr::null_mut(), 1), EK_ERR_NULL);
        }
    }),
    ("ek_solver_set_eval", "use_eval != 0 and no weights loaded", "`EK_ERR_EVAL_NONE`, the setting unchanged", || {
        let s = new_solver();
        // SAFETY: a live solver.
        unsafe {
            ek_eval_unload();
            for on in [1, -1, i32::MIN] {
                assert_eq!(ek_solver_set_eval(s, on), EK_ERR_EVAL_NONE, "{on}");
            }
            assert_eq!(ek_solver_get_eval(s), 0);
            if !cfg!(miri) {
                load_eval_image();
                assert_eq!(ek_solver_set_eval(s, 1), EK_OK);
                ek_eval_unload();
                assert_eq!(ek_solver_set_eval(s, 1), EK_ERR_EVAL_NONE);
                assert_eq!(ek_solver_get_eval(s), 1, "the weights it had are kept");
                assert_eq!(ek_solver_set_eval(s, 0), EK_OK);
                assert_eq!(ek_solver_get_eval(s), 0);
            }
            ek_solver_free(s);
        }
    }),
    ("ek_solver_get_eval", "NULL solver", "0", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_solver_get_eval(core::ptr::null()) }, 0);
    }),
    ("ek_solver_clear", "NULL solver", "`EK_ERR_NULL`", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_solver_clear(core::ptr::null_mut()) }, EK_ERR_NULL);
    }),
    ("ek_solver_clear", "a solve running on the solver", "`EK_ERR_BUSY`, nothing cleared", || {
        #[cfg(not(miri))]
        while_solving(|s| {
            // SAFETY: a live solver.
            let status = unsafe { ek_solver_clear(s) };
            assert!(status == EK_ERR_BUSY || status == EK_OK, "{status}");
            status == EK_ERR_BUSY
        });
    }),
    ("ek_solver_solve", "NULL solver, board or out", "`EK_ERR_NULL`, nothing written", || {
        let s = new_solver();
        let mut out = EkSolveResult { score: 99, best_move: 99, nodes: 99 };
        let b = shallow_position();
        // SAFETY: NULL or live arguments.
        unsafe {
            assert_eq!(ek_solver_solve(core::ptr::null_mut(), &b, -64, 64, &mut out), EK_ERR_NULL);
            assert_eq!(ek_solver_solve(s, core::ptr::null(), -64, 64, &mut out), EK_ERR_NULL);
            assert_eq!(ek_solver_solve(s, &b, -64, 64, core::ptr::null_mut()), EK_ERR_NULL);
            ek_solver_free(s);
        }
        assert_eq!(out, EkSolveResult { score: 99, best_move: 99, nodes: 99 });
    }),
    ("ek_solver_solve", "alpha >= beta, or either outside -64..64", "`EK_ERR_RANGE`, nothing written", || {
        let s = new_solver();
        let mut out = EkSolveResult { score: 99, best_move: 99, nodes: 99 };
        for (alpha, beta) in [(0, 0), (5, 4), (-65, 0), (0, 65), (-64, -64), (64, 64), (i32::MIN, i32::MAX)] {
            // SAFETY: live arguments.
            assert_eq!(unsafe { ek_solver_solve(s, &shallow_position(), alpha, beta, &mut out) }, EK_ERR_RANGE);
        }
        // SAFETY: a live solver.
        unsafe { ek_solver_free(s) };
        assert_eq!(out, EkSolveResult { score: 99, best_move: 99, nodes: 99 });
    }),
    ("ek_solver_solve", "overlap", "`EK_ERR_RANGE`, nothing written", || {
        let s = new_solver();
        let mut out = EkSolveResult { score: 99, best_move: 99, nodes: 99 };
        for b in overlapping().into_iter().filter(|b| b.player & b.opponent != 0).take(20) {
            // SAFETY: live arguments.
            assert_eq!(unsafe { ek_solver_solve(s, &b, -64, 64, &mut out) }, EK_ERR_RANGE);
        }
        // SAFETY: a live solver.
        unsafe { ek_solver_free(s) };
        assert_eq!(out, EkSolveResult { score: 99, best_move: 99, nodes: 99 });
    }),
    ("ek_solver_solve", "node limit reached", "`EK_ERR_STOPPED`, nothing written", || {
        let s = new_solver();
        let mut out = EkSolveResult { score: 99, best_move: 99, nodes: 99 };
        // SAFETY: live arguments.
        unsafe {
            assert_eq!(ek_solver_set_node_limit(s, NODE_LIMIT), EK_OK);
            assert_eq!(ek_solver_solve(s, &slow_position(), -64, 64, &mut out), EK_ERR_STOPPED);
            assert_eq!(out, EkSolveResult { score: 99, best_move: 99, nodes: 99 });
            assert_eq!(ek_solver_set_node_limit(s, 0), EK_OK);
            assert_eq!(ek_solver_solve(s, &shallow_position(), -64, 64, &mut out), EK_OK);
            ek_solver_free(s);
        }
    }),
    ("ek_solver_solve", "a solve already running on the solver", "`EK_ERR_BUSY`, nothing written", || {
        #[cfg(not(miri))]
        while_solving(|s| {
            let mut out = EkSolveResult { score: 99, best_move: 99, nodes: 99 };
            // SAFETY: live arguments.
            let status = unsafe { ek_solver_solve(s, &shallow_position(), -64, 64, &mut out) };
            assert!(status == EK_ERR_BUSY || status == EK_OK, "{status}");
            if status == EK_ERR_BUSY {
                assert_eq!(out, EkSolveResult { score: 99, best_move: 99, nodes: 99 });
            }
            status == EK_ERR_BUSY
        });
    }),
    (
        "ek_solver_solve_batch",
        "NULL solver, or a NULL array other than best_moves with n > 0",
        "`EK_ERR_NULL`, nothing written",
        || {
            let s = new_solver();
            let b = shallow_position();
            let (mut score, mut mv) = (99, 99);
            // SAFETY: NULL or live arrays of one element.
            unsafe {
                let (p, o) = (&b.player as *const u64, &b.opponent as *const u64);
                assert_eq!(ek_solver_solve_batch(core::ptr::null_mut(), 1, p, o, &mut score, &mut mv), EK_ERR_NULL);
                assert_eq!(ek_solver_solve_batch(s, 1, core::ptr::null(), o, &mut score, &mut mv), EK_ERR_NULL);
                assert_eq!(ek_solver_solve_batch(s, 1, p, core::ptr::null(), &mut score, &mut mv), EK_ERR_NULL);
                assert_eq!(ek_solver_solve_batch(s, 1, p, o, core::ptr::null_mut(), &mut mv), EK_ERR_NULL);
                ek_solver_free(s);
            }
            assert_eq!((score, mv), (99, 99));
        },
    ),
    ("ek_solver_solve_batch", "NULL best_moves", "allowed: only the scores are written", || {
        let s = new_solver();
        let b = shallow_position();
        let mut score = 99;
        let mut out = EkSolveResult::default();
        // SAFETY: live arrays of one element, NULL best_moves.
        unsafe {
            assert_eq!(ek_solver_solve_batch(s, 1, &b.player, &b.opponent, &mut score, core::ptr::null_mut()), EK_OK);
            assert_eq!(ek_solver_solve(s, &b, -64, 64, &mut out), EK_OK);
            ek_solver_free(s);
        }
        assert_eq!(score, out.score);
    }),
    ("ek_solver_solve_batch", "n == 0", "`EK_OK` whatever the arrays (the solver must be live)", || {
        let s = new_solver();
        // SAFETY: n == 0: the arrays are not read.
        unsafe {
            let (none, out) = (core::ptr::null(), core::ptr::null_mut());
            assert_eq!(ek_solver_solve_batch(s, 0, none, none, out, out), EK_OK);
            ek_solver_free(s);
        }
    }),
    (
        "ek_solver_solve_batch",
        "overlap at position i",
        "`EK_ERR_RANGE`; the positions before i are solved and written",
        || {
            let s = new_solver();
            let good = shallow_position();
            let ps = [good.player, good.player, 3];
            let os = [good.opponent, good.opponent, 1];
            let (mut scores, mut moves) = ([99; 3], [99; 3]);
            // SAFETY: live arrays of 3 elements.
            unsafe {
                let status =
                    ek_solver_solve_batch(s, 3, ps.as_ptr(), os.as_ptr(), scores.as_mut_ptr(), moves.as_mut_ptr());
                assert_eq!(status, EK_ERR_RANGE);
                ek_solver_free(s);
            }
            assert_eq!(scores[0], scores[1]);
            assert_ne!(scores[0], 99);
            assert_eq!((scores[2], moves[2]), (99, 99));
        },
    ),
    (
        "ek_solver_solve_batch",
        "stopped (stop or node limit) with several threads",
        "`EK_ERR_STOPPED`; the positions solved before the stop are written, not necessarily a prefix",
        || {
            let s = new_solver();
            let (good, slow) = (shallow_position(), slow_position());
            let mut exact = EkSolveResult::default();
            // The slow position reaches the limit; the shallow ones, by another thread, may not.
            let ps = [slow.player, good.player, good.player, good.player];
            let os = [slow.opponent, good.opponent, good.opponent, good.opponent];
            let (mut scores, mut moves) = ([99; 4], [99; 4]);
            // SAFETY: live arrays of 4 elements.
            unsafe {
                assert_eq!(ek_solver_solve(s, &good, -64, 64, &mut exact), EK_OK);
                assert_eq!(ek_solver_set_threads(s, 2), EK_OK);
                assert_eq!(ek_solver_set_node_limit(s, NODE_LIMIT), EK_OK);
                let status =
                    ek_solver_solve_batch(s, 4, ps.as_ptr(), os.as_ptr(), scores.as_mut_ptr(), moves.as_mut_ptr());
                assert_eq!(status, EK_ERR_STOPPED);
                ek_solver_free(s);
            }
            assert_eq!((scores[0], moves[0]), (99, 99));
            for (i, &score) in scores.iter().enumerate().skip(1) {
                assert!(score == 99 || score == exact.score, "{i}: {score}");
            }
        },
    ),
    ("ek_solver_solve_many", "NULL solver, or n > 0 and NULL players, opponents or scores", "`EK_ERR_NULL`, nothing written", || {
        let s = new_solver();
        let b = shallow_position();
        let (mut score, mut mv, mut nodes, mut status) = (99, 99, 99u64, 99);
        let (p, o, sc): (*const u64, *const u64, *mut i32) = (&b.player, &b.opponent, &mut score);
        let (m, n, st): (*mut i32, *mut u64, *mut i32) = (&mut mv, &mut nodes, &mut status);
        let none = core::ptr::null();
        // SAFETY: live one-element arrays or NULL.
        unsafe {
            assert_eq!(ek_solver_solve_many(core::ptr::null_mut(), 1, p, o, -64, 64, sc, m, n, st), EK_ERR_NULL);
            assert_eq!(ek_solver_solve_many(s, 1, none, o, -64, 64, sc, m, n, st), EK_ERR_NULL);
            assert_eq!(ek_solver_solve_many(s, 1, p, none, -64, 64, sc, m, n, st), EK_ERR_NULL);
            assert_eq!(ek_solver_solve_many(s, 1, p, o, -64, 64, core::ptr::null_mut(), m, n, st), EK_ERR_NULL);
            ek_solver_free(s);
        }
        assert_eq!((score, mv, nodes, status), (99, 99, 99, 99));
    }),
    ("ek_solver_solve_many", "NULL best_moves, nodes or status", "allowed: not written", || {
        let s = new_solver();
        let b = shallow_position();
        let (mut score, mut out) = (99, EkSolveResult::default());
        let nul = core::ptr::null_mut();
        // SAFETY: live one-element arrays, NULL optional outputs.
        unsafe {
            assert_eq!(ek_solver_solve_many(s, 1, &b.player, &b.opponent, -64, 64, &mut score, nul, core::ptr::null_mut(), nul), EK_OK);
            assert_eq!(ek_solver_solve(s, &b, -64, 64, &mut out), EK_OK);
            ek_solver_free(s);
        }
        assert_eq!(score, out.score);
    }),
    ("ek_solver_solve_many", "window not -64 <= alpha < beta <= 64", "`EK_ERR_RANGE`, nothing written", || {
        let s = new_solver();
        let b = shallow_position();
        for (alpha, beta) in [(-65, 64), (-64, 65), (3, 3), (4, 3), (i32::MIN, i32::MAX)] {
            let (mut score, mut mv, mut nodes, mut status) = (99, 99, 99u64, 99);
            // SAFETY: live one-element arrays.
            unsafe {
                let r = ek_solver_solve_many(s, 1, &b.player, &b.opponent, alpha, beta, &mut score, &mut mv, &mut nodes, &mut status);
                assert_eq!(r, EK_ERR_RANGE, "({alpha}, {beta})");
            }
            assert_eq!((score, mv, nodes, status), (99, 99, 99, 99), "({alpha}, {beta})");
        }
        // SAFETY: a live solver, freed once.
        unsafe { ek_solver_free(s) };
    }),
    (
        "ek_solver_solve_many",
        "overlap at position i",
        "`EK_ERR_RANGE`; status[i] `EK_ERR_RANGE`, scores[i] `EK_SCORE_NONE`, best_moves[i] `EK_NOMOVE`; every other position solved",
        || {
            let s = new_solver();
            let good = shallow_position();
            let mut exact = EkSolveResult::default();
            let ps = [good.player, 3, good.player];
            let os = [good.opponent, 1, good.opponent];
            let (mut scores, mut moves, mut nodes, mut status) = ([99; 3], [99; 3], [99u64; 3], [99; 3]);
            // SAFETY: live arrays of 3 elements.
            unsafe {
                assert_eq!(ek_solver_solve(s, &good, -64, 64, &mut exact), EK_OK);
                let r = ek_solver_solve_many(
                    s, 3, ps.as_ptr(), os.as_ptr(), -64, 64, scores.as_mut_ptr(), moves.as_mut_ptr(),
                    nodes.as_mut_ptr(), status.as_mut_ptr(),
                );
                assert_eq!(r, EK_ERR_RANGE);
                ek_solver_free(s);
            }
            assert_eq!(status, [EK_OK, EK_ERR_RANGE, EK_OK]);
            assert_eq!((scores[1], moves[1], nodes[1]), (EK_SCORE_NONE, EK_NOMOVE, 0));
            assert_eq!((scores[0], moves[0]), (exact.score, exact.best_move));
            assert_eq!(scores[2], exact.score);
        },
    ),
    (
        "ek_solver_solve_many",
        "stopped (stop or node limit)",
        "`EK_ERR_STOPPED`; the positions not solved have status `EK_ERR_STOPPED` and scores `EK_SCORE_NONE`",
        || {
            let (good, slow) = (shallow_position(), slow_position());
            let mut exact = EkSolveResult::default();
            for threads in [1, 2] {
                let s = new_solver();
                let ps = [good.player, slow.player, good.player, good.player];
                let os = [good.opponent, slow.opponent, good.opponent, good.opponent];
                let (mut scores, mut moves, mut nodes, mut status) = ([99; 4], [99; 4], [99u64; 4], [99; 4]);
                // SAFETY: live arrays of 4 elements.
                unsafe {
                    assert_eq!(ek_solver_solve(s, &good, -64, 64, &mut exact), EK_OK);
                    assert!(exact.nodes < NODE_LIMIT, "the short position must finish under the limit: {}", exact.nodes);
                    assert_eq!(ek_solver_set_threads(s, threads), EK_OK);
                    assert_eq!(ek_solver_set_node_limit(s, NODE_LIMIT), EK_OK);
                    let r = ek_solver_solve_many(
                        s, 4, ps.as_ptr(), os.as_ptr(), -64, 64, scores.as_mut_ptr(), moves.as_mut_ptr(),
                        nodes.as_mut_ptr(), status.as_mut_ptr(),
                    );
                    assert_eq!(r, EK_ERR_STOPPED);
                    ek_solver_free(s);
                }
                assert_eq!((status[1], scores[1], moves[1], nodes[1]), (EK_ERR_STOPPED, EK_SCORE_NONE, EK_NOMOVE, 0));
                for i in [0, 2, 3] {
                    let solved = (EK_OK, exact.score);
                    let not = (EK_ERR_STOPPED, EK_SCORE_NONE);
                    assert!([solved, not].contains(&(status[i], scores[i])), "{threads} threads, {i}: {} {}", status[i], scores[i]);
                }
                if threads == 1 {
                    // One thread goes in order: the first is solved, the ones after the stop are not.
                    assert_eq!(status, [EK_OK, EK_ERR_STOPPED, EK_ERR_STOPPED, EK_ERR_STOPPED]);
                }
            }
        },
    ),
    ("ek_solver_solve_many", "another solve running on the solver", "`EK_ERR_BUSY`, nothing written", || {
        #[cfg(not(miri))]
        while_solving(|s| {
            let b = shallow_position();
            let (mut score, mut status) = (99, 99);
            let nul = core::ptr::null_mut();
            // SAFETY: live one-element arrays, NULL optional outputs.
            let r = unsafe {
                ek_solver_solve_many(s, 1, &b.player, &b.opponent, -64, 64, &mut score, nul, core::ptr::null_mut(), &mut status)
            };
            assert!(r == EK_ERR_BUSY || r == EK_OK, "{r}");
            if r == EK_ERR_BUSY {
                assert_eq!((score, status), (99, 99), "written while busy");
            }
            r == EK_ERR_BUSY
        });
    }),
    ("ek_book_new", "any level and n_empties", "an empty book with them (not checked: Edax's `book new` takes any)", || {
        // SAFETY: any values; each book freed once.
        unsafe {
            for (l, n) in [(-5, 99), (i32::MAX, i32::MIN), (0, 0)] {
                let b = ek_book_new(l, n);
                assert!(!b.is_null());
                assert_eq!(ek_book_size(b), 0);
                ek_book_free(b);
            }
        }
    }),
    ("ek_book_load", "NULL path", "NULL, `*status` = `EK_ERR_NULL`", || {
        let mut status = 99;
        // SAFETY: NULL is allowed; a writable status.
        assert!(unsafe { ek_book_load(core::ptr::null(), &mut status, core::ptr::null_mut(), 0) }.is_null());
        assert_eq!(status, EK_ERR_NULL);
    }),
    ("ek_book_load", "a file that cannot be read", "NULL, `*status` = `EK_ERR_IO`, the reason in `message`", || {
        let (mut status, mut msg) = (99, [1 as core::ffi::c_char; 100]);
        let path = CString::new("/nonexistent/book.dat").unwrap();
        // SAFETY: a path, a writable status and message.
        assert!(unsafe { ek_book_load(path.as_ptr(), &mut status, msg.as_mut_ptr(), msg.len()) }.is_null());
        assert_eq!(status, EK_ERR_IO);
        // SAFETY: NUL-terminated by the call.
        assert!(unsafe { CStr::from_ptr(msg.as_ptr()) }.to_str().unwrap().contains("/nonexistent/book.dat"));
    }),
    ("ek_book_load", "truncated, wrong magic or version, a count that is not the number of records, overlapping discs, a move > 64 (link) or > 65 (leaf)", "NULL, `*status` = `EK_ERR_BOOK_FORMAT`, `message` names the file and byte offset (Edax keeps what precedes a short read)", || {
        let dir = std::env::temp_dir().join(format!("ek-bad-book-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = book_image();
        let mut cases: Vec<(Vec<u8>, usize)> = vec![(good[..50].to_vec(), 50), (good[..20].to_vec(), 20)];
        let mut magic = good.clone();
        magic[1] ^= 1;
        cases.push((magic, 0));
        let mut version = good.clone();
        version[8] = 3;
        cases.push((version, 8));
        let mut count = good.clone();
        count[38..42].copy_from_slice(&i32::MAX.to_le_bytes());
        cases.push((count, 38));
        let mut overlap = good.clone();
        overlap[42..58].fill(0xFF);
        cases.push((overlap, 42));
        let mut leaf = good.clone();
        let at = leaf.len() - 1;
        leaf[at] = 66;
        cases.push((leaf, at));
        let mut link = good.clone();
        link[42 + 41] = 65;
        cases.push((link, 42 + 41));
        for (i, (bytes, offset)) in cases.iter().enumerate() {
            let file = dir.join(format!("{i}.dat"));
            std::fs::write(&file, bytes).unwrap();
            let path = CString::new(file.to_str().unwrap()).unwrap();
            let (mut status, mut msg) = (99, [0 as core::ffi::c_char; 300]);
            // SAFETY: a path, a writable status and message.
            assert!(unsafe { ek_book_load(path.as_ptr(), &mut status, msg.as_mut_ptr(), msg.len()) }.is_null());
            assert_eq!(status, EK_ERR_BOOK_FORMAT, "{i}");
            // SAFETY: NUL-terminated by the call.
            let text = unsafe { CStr::from_ptr(msg.as_ptr()) }.to_str().unwrap().to_owned();
            assert!(text.contains(&format!("{i}.dat: byte {offset}:")), "{i}: {text}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }),
    ("ek_book_load", "NULL status or message; message_size 0 or too short", "allowed: not written, or the message cut, NUL-terminated", || {
        let path = CString::new("/nonexistent/book.dat").unwrap();
        let mut msg = [7 as core::ffi::c_char; 4];
        // SAFETY: NULL status and message are allowed; a 4-byte message.
        unsafe {
            assert!(ek_book_load(path.as_ptr(), core::ptr::null_mut(), core::ptr::null_mut(), 100).is_null());
            assert!(ek_book_load(path.as_ptr(), core::ptr::null_mut(), msg.as_mut_ptr(), 0).is_null());
            assert_eq!(msg[0], 7);
            assert!(ek_book_load(path.as_ptr(), core::ptr::null_mut(), msg.as_mut_ptr(), 4).is_null());
        }
        assert_eq!(msg[3], 0);
    }),
    ("ek_book_save", "NULL book or path", "`EK_ERR_NULL`", || {
        let b = ek_book_new(1, 50);
        let path = CString::new("/nonexistent/x.dat").unwrap();
        // SAFETY: NULLs allowed; a live book freed once.
        unsafe {
            assert_eq!(ek_book_save(core::ptr::null_mut(), path.as_ptr(), -1, 0, 0, 0, 0, 0), EK_ERR_NULL);
            assert_eq!(ek_book_save(b, core::ptr::null(), -1, 0, 0, 0, 0, 0), EK_ERR_NULL);
            ek_book_free(b);
        }
    }),
    ("ek_book_save", "a date field outside 0..=255, a year outside 16 bits", "`EK_ERR_RANGE`, nothing written", || {
        let b = ek_book_new(1, 50);
        let path = CString::new("/nonexistent/never-written.dat").unwrap();
        // SAFETY: a live book freed once, a path.
        unsafe {
            assert_eq!(ek_book_save(b, path.as_ptr(), 2026, 256, 1, 1, 1, 1), EK_ERR_RANGE);
            assert_eq!(ek_book_save(b, path.as_ptr(), 2026, 1, 1, 1, 1, -1), EK_ERR_RANGE);
            assert_eq!(ek_book_save(b, path.as_ptr(), 40000, 1, 1, 1, 1, 1), EK_ERR_RANGE);
            ek_book_free(b);
        }
    }),
    ("ek_book_save", "a path that cannot be written", "`EK_ERR_IO`", || {
        let b = ek_book_new(1, 50);
        let path = CString::new("/nonexistent/never-written.dat").unwrap();
        // SAFETY: a live book freed once, a path.
        unsafe {
            assert_eq!(ek_book_save(b, path.as_ptr(), -1, 0, 0, 0, 0, 0), EK_ERR_IO);
            ek_book_free(b);
        }
    }),
    ("ek_book_load_egbk3", "NULL path", "NULL, `*status` = `EK_ERR_NULL`", || {
        let mut status = 99;
        // SAFETY: NULL is allowed; a writable status.
        assert!(unsafe { ek_book_load_egbk3(core::ptr::null(), &mut status, core::ptr::null_mut(), 0) }.is_null());
        assert_eq!(status, EK_ERR_NULL);
    }),
    ("ek_book_load_egbk3", "a file that cannot be read", "NULL, `*status` = `EK_ERR_IO`, the reason in `message`", || {
        let (mut status, mut msg) = (99, [1 as core::ffi::c_char; 100]);
        let path = CString::new("/nonexistent/book.egbk3").unwrap();
        // SAFETY: a path, a writable status and message.
        assert!(unsafe { ek_book_load_egbk3(path.as_ptr(), &mut status, msg.as_mut_ptr(), msg.len()) }.is_null());
        assert_eq!(status, EK_ERR_IO);
        // SAFETY: NUL-terminated by the call.
        assert!(unsafe { CStr::from_ptr(msg.as_ptr()) }.to_str().unwrap().contains("/nonexistent/book.egbk3"));
    }),
    ("ek_book_load_egbk3", "truncated, not `DICUORAGE` version 3, a count that is not the number of records, overlapping discs", "NULL, `*status` = `EK_ERR_BOOK_FORMAT`, `message` names the file and byte offset (Egaroucid skips overlapping records and ignores trailing bytes)", || {
        let dir = std::env::temp_dir().join(format!("ek-bad-egbk3-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = EkBook::from_bytes(&book_image(), "image").unwrap().to_egbk3_bytes();
        assert_eq!(good.len(), 14 + 25);
        let mut cases: Vec<(Vec<u8>, usize)> = vec![(good[..30].to_vec(), 30), (good[..5].to_vec(), 5)];
        let mut magic = good.clone();
        magic[2] ^= 1;
        cases.push((magic, 2));
        let mut version = good.clone();
        version[9] = 2;
        cases.push((version, 9));
        let mut count = good.clone();
        count[10..14].copy_from_slice(&i32::MAX.to_le_bytes());
        cases.push((count, 10));
        let mut overlap = good.clone();
        overlap[14..30].fill(0xFF);
        cases.push((overlap, 14));
        for (i, (bytes, offset)) in cases.iter().enumerate() {
            let file = dir.join(format!("{i}.egbk3"));
            std::fs::write(&file, bytes).unwrap();
            let path = CString::new(file.to_str().unwrap()).unwrap();
            let (mut status, mut msg) = (99, [0 as core::ffi::c_char; 300]);
            // SAFETY: a path, a writable status and message.
            assert!(unsafe { ek_book_load_egbk3(path.as_ptr(), &mut status, msg.as_mut_ptr(), msg.len()) }.is_null());
            assert_eq!(status, EK_ERR_BOOK_FORMAT, "{i}");
            // SAFETY: NUL-terminated by the call.
            let text = unsafe { CStr::from_ptr(msg.as_ptr()) }.to_str().unwrap().to_owned();
            assert!(text.contains(&format!("{i}.egbk3: byte {offset}:")), "{i}: {text}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }),
    ("ek_book_load_egbk3", "a record with a value outside -64..=64", "skipped, as Egaroucid skips it", || {
        let file = std::env::temp_dir().join(format!("ek-egbk3-skip-{}.egbk3", std::process::id()));
        let mut bytes = EkBook::from_bytes(&book_image(), "image").unwrap().to_egbk3_bytes();
        bytes[14 + 16] = 65;
        std::fs::write(&file, &bytes).unwrap();
        let path = CString::new(file.to_str().unwrap()).unwrap();
        let mut status = 99;
        // SAFETY: a path, a writable status; the book freed once.
        unsafe {
            let b = ek_book_load_egbk3(path.as_ptr(), &mut status, core::ptr::null_mut(), 0);
            assert!(!b.is_null());
            assert_eq!((status, ek_book_size(b)), (EK_OK, 0));
            ek_book_free(b);
        }
        std::fs::remove_file(&file).ok();
    }),
    ("ek_book_save_egbk3", "NULL book or path", "`EK_ERR_NULL`", || {
        let b = ek_book_new(1, 50);
        let path = CString::new("/nonexistent/x.egbk3").unwrap();
        // SAFETY: NULLs allowed; a live book freed once.
        unsafe {
            assert_eq!(ek_book_save_egbk3(core::ptr::null(), path.as_ptr()), EK_ERR_NULL);
            assert_eq!(ek_book_save_egbk3(b, core::ptr::null()), EK_ERR_NULL);
            ek_book_free(b);
        }
    }),
    ("ek_book_save_egbk3", "a path that cannot be written", "`EK_ERR_IO`", || {
        let b = ek_book_new(1, 50);
        let path = CString::new("/nonexistent/never-written.egbk3").unwrap();
        // SAFETY: a live book freed once, a path.
        unsafe {
            assert_eq!(ek_book_save_egbk3(b, path.as_ptr()), EK_ERR_IO);
            ek_book_free(b);
        }
    }),
    ("ek_book_free", "NULL", "nothing done", || {
        // SAFETY: NULL is allowed.
        unsafe { ek_book_free(core::ptr::null_mut()) };
    }),
    ("ek_book_size", "NULL", "0", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_book_size(core::ptr::null()) }, 0);
    }),
    ("ek_book_probe", "NULL book, board or out", "`EK_ERR_NULL`, nothing written", || {
        with_book(|b| {
            let mut e = EkBookEntry { value: 5, ..Default::default() };
            // SAFETY: NULLs allowed; a live book, board and entry.
            unsafe {
                assert_eq!(ek_book_probe(core::ptr::null(), &EkBoard::START, &mut e), EK_ERR_NULL);
                assert_eq!(ek_book_probe(b, core::ptr::null(), &mut e), EK_ERR_NULL);
                assert_eq!(ek_book_probe(b, &EkBoard::START, core::ptr::null_mut()), EK_ERR_NULL);
            }
            assert_eq!(e.value, 5);
        });
    }),
    ("ek_book_probe", "a board not in the book (overlaps too)", "0, nothing written", || {
        with_book(|b| {
            let mut e = EkBookEntry { value: 5, ..Default::default() };
            // SAFETY: a live book, boards and entry.
            unsafe {
                assert_eq!(ek_book_probe(b, &EkBoard::new(1, 2), &mut e), 0);
                assert_eq!(ek_book_probe(b, &EkBoard::new(!0, !0), &mut e), 0);
                assert_eq!(ek_book_probe(b, &EkBoard::START, &mut e), 1);
            }
            assert_eq!(e.value, 1);
        });
    }),
    ("ek_book_moves", "NULL book or board; NULL moves or scores with capacity > 0", "`EK_ERR_NULL`, nothing written", || {
        with_book(|b| {
            let (mut m, mut s) = ([9; 4], [9; 4]);
            // SAFETY: NULLs allowed; a live book, board, arrays of 4.
            unsafe {
                assert_eq!(ek_book_moves(core::ptr::null(), &EkBoard::START, m.as_mut_ptr(), s.as_mut_ptr(), 4), EK_ERR_NULL);
                assert_eq!(ek_book_moves(b, core::ptr::null(), m.as_mut_ptr(), s.as_mut_ptr(), 4), EK_ERR_NULL);
                assert_eq!(ek_book_moves(b, &EkBoard::START, core::ptr::null_mut(), s.as_mut_ptr(), 4), EK_ERR_NULL);
                assert_eq!(ek_book_moves(b, &EkBoard::START, m.as_mut_ptr(), core::ptr::null_mut(), 4), EK_ERR_NULL);
            }
            assert_eq!((m, s), ([9; 4], [9; 4]));
        });
    }),
    ("ek_book_moves", "a board not in the book", "`EK_ERR_RANGE`, nothing written", || {
        with_book(|b| {
            let (mut m, mut s) = ([9; 4], [9; 4]);
            // SAFETY: a live book and board, arrays of 4.
            assert_eq!(unsafe { ek_book_moves(b, &EkBoard::new(1, 2), m.as_mut_ptr(), s.as_mut_ptr(), 4) }, EK_ERR_RANGE);
            assert_eq!((m, s), ([9; 4], [9; 4]));
        });
    }),
    ("ek_book_moves", "capacity below the number of moves (or negative)", "the number of moves; only `capacity` written", || {
        with_book(|b| {
            let (mut m, mut s) = ([9; 4], [9; 4]);
            // SAFETY: a live book and board, arrays of 4 (1 said); NULL arrays with capacity <= 0.
            unsafe {
                assert_eq!(ek_book_moves(b, &EkBoard::START, m.as_mut_ptr(), s.as_mut_ptr(), 1), 4);
                assert_eq!((m[0], s[0], m[1], s[1]), (19, 1, 9, 9));
                assert_eq!(ek_book_moves(b, &EkBoard::START, core::ptr::null_mut(), core::ptr::null_mut(), -3), 4);
            }
        });
    }),
    ("ek_book_seed", "NULL book", "nothing done", || {
        // SAFETY: NULL is allowed.
        unsafe { ek_book_seed(core::ptr::null_mut(), 5) };
    }),
    ("ek_book_random_state", "NULL book", "0", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_book_random_state(core::ptr::null()) }, 0);
    }),
    ("ek_book_random_move", "NULL book, board, move or score", "`EK_ERR_NULL`, nothing written, the generator unchanged", || {
        with_book(|b| {
            let (mut m, mut s) = (9, 9);
            // SAFETY: NULLs allowed; a live book and board.
            unsafe {
                ek_book_seed(b, 77);
                assert_eq!(ek_book_random_move(core::ptr::null_mut(), &EkBoard::START, 0, &mut m, &mut s), EK_ERR_NULL);
                assert_eq!(ek_book_random_move(b, core::ptr::null(), 0, &mut m, &mut s), EK_ERR_NULL);
                assert_eq!(ek_book_random_move(b, &EkBoard::START, 0, core::ptr::null_mut(), &mut s), EK_ERR_NULL);
                assert_eq!(ek_book_random_move(b, &EkBoard::START, 0, &mut m, core::ptr::null_mut()), EK_ERR_NULL);
                assert_eq!(ek_book_random_state(b), 77);
            }
            assert_eq!((m, s), (9, 9));
        });
    }),
    ("ek_book_random_move", "a board not in the book", "0, nothing written, the generator unchanged", || {
        with_book(|b| {
            let (mut m, mut s) = (9, 9);
            // SAFETY: a live book and board.
            unsafe {
                ek_book_seed(b, 77);
                assert_eq!(ek_book_random_move(b, &EkBoard::new(1, 2), 0, &mut m, &mut s), 0);
                assert_eq!(ek_book_random_state(b), 77);
            }
            assert_eq!((m, s), (9, 9));
        });
    }),
    ("ek_book_line", "NULL book or board; NULL line with capacity > 0", "`EK_ERR_NULL`", || {
        with_book(|b| {
            let mut l = [0; 4];
            // SAFETY: NULLs allowed; a live book and board, an array of 4.
            unsafe {
                assert_eq!(ek_book_line(core::ptr::null_mut(), &EkBoard::START, 19, l.as_mut_ptr(), 4), EK_ERR_NULL);
                assert_eq!(ek_book_line(b, core::ptr::null(), 19, l.as_mut_ptr(), 4), EK_ERR_NULL);
                assert_eq!(ek_book_line(b, &EkBoard::START, 19, core::ptr::null_mut(), 4), EK_ERR_NULL);
            }
        });
    }),
    ("ek_book_line", "a first move that is not legal, or not a square", "a line of 1 to 128 moves, the first that move", || {
        with_book(|b| {
            let mut l = [0; 200];
            // SAFETY: a live book and board, an array of 200.
            unsafe {
                for x in [0, -7, 64, 65, 1000] {
                    let n = ek_book_line(b, &EkBoard::START, x, l.as_mut_ptr(), 200);
                    assert!((1..=128).contains(&n), "{x}: {n}");
                    assert_eq!(l[0], x);
                }
            }
        });
    }),
    ("ek_book_game_stats", "NULL book, board or out", "`EK_ERR_NULL`", || {
        with_book(|b| {
            let mut out = [0u64; 4];
            // SAFETY: NULLs allowed; a live book, board and out.
            unsafe {
                assert_eq!(ek_book_game_stats(core::ptr::null(), &EkBoard::START, out.as_mut_ptr()), EK_ERR_NULL);
                assert_eq!(ek_book_game_stats(b, core::ptr::null(), out.as_mut_ptr()), EK_ERR_NULL);
                assert_eq!(ek_book_game_stats(b, &EkBoard::START, core::ptr::null_mut()), EK_ERR_NULL);
            }
        });
    }),
    ("ek_book_info", "NULL book", "`EK_ERR_NULL`", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_book_info(core::ptr::null(), core::ptr::null_mut(), 0) }, i64::from(EK_ERR_NULL));
    }),
    ("ek_book_info", "NULL buf or size 0", "the text's length, nothing written", || {
        with_book(|b| {
            let mut buf = [7 as core::ffi::c_char; 4];
            // SAFETY: a live book; NULL buf allowed; a 4-byte buffer said 0.
            unsafe {
                let n = ek_book_info(b, core::ptr::null_mut(), 100);
                assert!(n > 20);
                assert_eq!(ek_book_info(b, buf.as_mut_ptr(), 0), n);
            }
            assert_eq!(buf, [7; 4]);
        });
    }),
    ("ek_book_export", "NULL book or path", "`EK_ERR_NULL`", || {
        with_book(|b| {
            let path = CString::new("/nonexistent/x.txt").unwrap();
            // SAFETY: NULLs allowed; a live book.
            unsafe {
                assert_eq!(ek_book_export(core::ptr::null(), path.as_ptr()), EK_ERR_NULL);
                assert_eq!(ek_book_export(b, core::ptr::null()), EK_ERR_NULL);
            }
        });
    }),
    ("ek_book_export", "a path that cannot be written", "`EK_ERR_IO`", || {
        with_book(|b| {
            let path = CString::new("/nonexistent/x.txt").unwrap();
            // SAFETY: a live book, a path.
            assert_eq!(unsafe { ek_book_export(b, path.as_ptr()) }, EK_ERR_IO);
        });
    }),
    ("ek_book_import", "NULL path", "NULL, `*status` = `EK_ERR_NULL`", || {
        let mut status = 99;
        // SAFETY: NULL is allowed; a writable status.
        assert!(unsafe { ek_book_import(core::ptr::null(), &mut status, core::ptr::null_mut(), 0) }.is_null());
        assert_eq!(status, EK_ERR_NULL);
    }),
    ("ek_book_import", "a file that cannot be read", "NULL, `*status` = `EK_ERR_IO`", || {
        let mut status = 99;
        let path = CString::new("/nonexistent/book.txt").unwrap();
        // SAFETY: a path, a writable status.
        assert!(unsafe { ek_book_import(path.as_ptr(), &mut status, core::ptr::null_mut(), 0) }.is_null());
        assert_eq!(status, EK_ERR_IO);
    }),
    ("ek_book_import", "a line without a board, side, level in 0..=60 (Edax stops there), or not UTF-8", "NULL, `*status` = `EK_ERR_BOOK_FORMAT`, `message` names the file, byte offset and line", || {
        let dir = std::env::temp_dir().join(format!("ek-bad-book-txt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let board = "---------------------------OX------XO--------------------------- X";
        let texts: Vec<Vec<u8>> = vec![
            b"nonsense\n".to_vec(),
            b"---- X,2,F5,1\n".to_vec(),
            format!("{board},61,F5,1\n").into_bytes(),
            format!("{board},2\n{board} ,x\n").into_bytes(),
            b"\xff\xfe\n".to_vec(),
        ];
        for (i, text) in texts.iter().enumerate() {
            let file = dir.join(format!("{i}.txt"));
            std::fs::write(&file, text).unwrap();
            let path = CString::new(file.to_str().unwrap()).unwrap();
            let (mut status, mut msg) = (99, [0 as core::ffi::c_char; 300]);
            // SAFETY: a path, a writable status and message.
            assert!(unsafe { ek_book_import(path.as_ptr(), &mut status, msg.as_mut_ptr(), msg.len()) }.is_null(), "{i}");
            assert_eq!(status, EK_ERR_BOOK_FORMAT, "{i}");
            // SAFETY: NUL-terminated by the call.
            let m = unsafe { CStr::from_ptr(msg.as_ptr()) }.to_str().unwrap().to_owned();
            assert!(m.contains(&format!("{i}.txt: byte ")), "{i}: {m}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }),
    ("ek_book_merge", "NULL dest or src", "`EK_ERR_NULL`", || {
        with_book(|b| {
            // SAFETY: NULLs allowed; a live book.
            unsafe {
                assert_eq!(ek_book_merge(core::ptr::null_mut(), b), EK_ERR_NULL);
                assert_eq!(ek_book_merge(b, core::ptr::null()), EK_ERR_NULL);
                assert_eq!(ek_book_merge(core::ptr::null_mut(), core::ptr::null()), EK_ERR_NULL);
            }
        });
    }),
    ("ek_book_merge", "dest == src", "`EK_OK`, nothing changed", || {
        with_book(|b| {
            // SAFETY: a live book, as both.
            unsafe {
                let n = ek_book_size(b);
                assert_eq!(ek_book_merge(b, b), EK_OK);
                assert_eq!(ek_book_size(b), n);
            }
        });
    }),
    ("ek_book_negamax", "NULL book", "`EK_ERR_NULL`", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_book_negamax(core::ptr::null_mut()) }, EK_ERR_NULL);
    }),
    ("ek_book_negamax", "no start position; links to missing children (a damaged file)", "`EK_OK`: nothing done / the link skipped, keeping its score (Edax dereferences NULL)", || {
        let b = ek_book_new(2, 50);
        // SAFETY: a live book freed once.
        unsafe {
            assert_eq!(ek_book_negamax(b), EK_OK);
            ek_book_free(b);
        }
        // The start position linked (D3) to a child that is not in the book.
        let mut image = book_image();
        image.truncate(42);
        image[38..42].copy_from_slice(&1i32.to_le_bytes());
        image.extend_from_slice(&EkBoard::START.player.to_le_bytes());
        image.extend_from_slice(&EkBoard::START.opponent.to_le_bytes());
        image.extend_from_slice(&[0; 16]);
        image.extend_from_slice(&[3, 0, 0, 0, 0, 0, 1, 2, 5, 19, 0x81, 0x41]);
        let mut book = Box::new(EkBook::from_bytes(&image, "m").unwrap());
        // SAFETY: a live book.
        assert_eq!(unsafe { ek_book_negamax(&mut *book) }, EK_OK);
        assert_eq!(book.probe(&EkBoard::START).unwrap().links[0].score, 5);
    }),
];

/// A batch function in one shape: `call(n, xs, ps, os, out0, out1)` (arguments it does not take
/// are ignored; `i32` outputs are written into the `u64` arrays as `i32` arrays), its
/// single-board counterpart, and which arrays it reads.
struct Batch {
    call: unsafe fn(usize, *const i32, *const u64, *const u64, *mut u64, *mut u64) -> i32,
    single: fn(i32, u64, u64) -> [u64; 2],
    reads: [bool; 3],
    outputs: usize,
    out_i32: bool,
}

const FLIP_BATCH: Batch = Batch {
    // SAFETY (all calls): the caller passes n-element arrays or NULL, as the function requires.
    call: |n, x, p, o, out, _| unsafe { ek_flip_batch(n, x, p, o, out) },
    single: |x, p, o| [ek_flip(x, p, o), 0],
    reads: [true, true, true],
    outputs: 1,
    out_i32: false,
};
const NEXT_BATCH: Batch = Batch {
    call: |n, x, p, o, np, no| unsafe { ek_board_next_batch(n, x, p, o, np, no) },
    single: |x, p, o| {
        let mut next = EkBoard::default();
        // SAFETY: live boards.
        unsafe { ek_board_next(&EkBoard::new(p, o), x, &mut next) };
        [next.player, next.opponent]
    },
    reads: [true, true, true],
    outputs: 2,
    out_i32: false,
};
const LAST_FLIP_BATCH: Batch = Batch {
    call: |n, x, p, _, out, _| unsafe { ek_count_last_flip_batch(n, x, p, out.cast()) },
    single: |x, p, _| [ek_count_last_flip(x, p) as u64, 0],
    reads: [true, true, false],
    outputs: 1,
    out_i32: true,
};
const MOVES_BATCH: Batch = Batch {
    call: |n, _, p, o, out, _| unsafe { ek_get_moves_batch(n, p, o, out) },
    single: |_, p, o| [ek_get_moves(p, o), 0],
    reads: [false, true, true],
    outputs: 1,
    out_i32: false,
};
const MOBILITY_BATCH: Batch = Batch {
    call: |n, _, p, o, out, _| unsafe { ek_get_mobility_batch(n, p, o, out.cast()) },
    single: |_, p, o| [ek_get_mobility(p, o) as u64, 0],
    reads: [false, true, true],
    outputs: 1,
    out_i32: true,
};
const STABILITY_BATCH: Batch = Batch {
    call: |n, _, p, o, out, _| unsafe { ek_get_stability_batch(n, p, o, out.cast()) },
    single: |_, p, o| [ek_get_stability(p, o) as u64, 0],
    reads: [false, true, true],
    outputs: 1,
    out_i32: true,
};
const HASH_BATCH: Batch = Batch {
    call: |n, _, p, o, out, _| unsafe { ek_board_get_hash_code_batch(n, p, o, out) },
    // SAFETY: a live board.
    single: |_, p, o| [unsafe { ek_board_get_hash_code(&EkBoard::new(p, o)) }, 0],
    reads: [false, true, true],
    outputs: 1,
    out_i32: false,
};

/// Squares (bad ones among them) and boards (overlapping ones among them) for the batch checks:
/// 37 boards, so that the vector loops also end with a partial vector.
fn batch_inputs() -> (Vec<i32>, Vec<u64>, Vec<u64>) {
    let boards = overlapping();
    let n = boards.len().min(37);
    let xs =
        (0..n).map(|i| if i % 3 == 0 { BAD_SQUARES[i % BAD_SQUARES.len()] } else { (i * 7 % 64) as i32 }).collect();
    (xs, boards[..n].iter().map(|b| b.player).collect(), boards[..n].iter().map(|b| b.opponent).collect())
}

/// The results of `batch` read back from its output arrays.
fn batch_results(batch: &Batch, n: usize, out: &[Vec<u64>; 2]) -> Vec<[u64; 2]> {
    (0..n)
        .map(|i| {
            let get = |a: &Vec<u64>| {
                if batch.out_i32 {
                    // SAFETY: the i32 results fill the first n i32 of a u64 array of n elements.
                    unsafe { *a.as_ptr().cast::<i32>().add(i) as u64 }
                } else {
                    a[i]
                }
            };
            [get(&out[0]), if batch.outputs == 2 { get(&out[1]) } else { 0 }]
        })
        .collect()
}

/// Each NULL array in turn (inputs it reads, then outputs): `EK_ERR_NULL`, outputs unchanged.
fn batch_null(batch: &Batch) {
    let (xs, ps, os) = batch_inputs();
    let n = xs.len();
    for which in 0..3 + batch.outputs {
        if which < 3 && !batch.reads[which] {
            continue;
        }
        let mut out = [vec![0xA5A5_A5A5_A5A5_A5A5; n], vec![0x5A5A_5A5A_5A5A_5A5A; n]];
        let before = out.clone();
        let null_in = |i: usize, p: *const u8| if which == i { core::ptr::null() } else { p };
        let (o0, o1) = (out[0].as_mut_ptr(), out[1].as_mut_ptr());
        // SAFETY: n-element arrays or NULL.
        let status = unsafe {
            (batch.call)(
                n,
                null_in(0, xs.as_ptr().cast()).cast(),
                null_in(1, ps.as_ptr().cast()).cast(),
                null_in(2, os.as_ptr().cast()).cast(),
                if which == 3 { core::ptr::null_mut() } else { o0 },
                if which == 4 { core::ptr::null_mut() } else { o1 },
            )
        };
        assert_eq!(status, EK_ERR_NULL, "array {which} NULL");
        assert_eq!(out, before, "array {which} NULL: something was written");
    }
}

/// n == 0 with NULL and with dangling pointers: `EK_OK`, nothing read or written.
fn batch_empty(batch: &Batch) {
    let dangling = core::ptr::NonNull::<u64>::dangling().as_ptr();
    // SAFETY: n == 0: no pointer is used.
    unsafe {
        let null = core::ptr::null_mut::<u64>();
        assert_eq!((batch.call)(0, null.cast(), null, null, null, null), EK_OK);
        assert_eq!((batch.call)(0, dangling.cast(), dangling, dangling, dangling, dangling), EK_OK);
    }
}

/// Every result equals the single-board call's, bad squares and overlaps included, on every
/// level this CPU runs.
fn batch_as_single(batch: &Batch) {
    let (xs, ps, os) = batch_inputs();
    let n = xs.len();
    let want: Vec<[u64; 2]> = (0..n).map(|i| (batch.single)(xs[i], ps[i], os[i])).collect();
    let before = name_of(ek_isa());
    for isa in Isa::ALL.into_iter().filter(|i| i.is_available()) {
        let name = CString::new(isa.name()).expect("no NUL");
        // SAFETY: a NUL-terminated name.
        assert_eq!(unsafe { ek_set_isa(name.as_ptr()) }, EK_OK);
        let mut out = [vec![0; n], vec![0; n]];
        let (o0, o1) = (out[0].as_mut_ptr(), out[1].as_mut_ptr());
        // SAFETY: n-element arrays.
        assert_eq!(unsafe { (batch.call)(n, xs.as_ptr(), ps.as_ptr(), os.as_ptr(), o0, o1) }, EK_OK);
        assert_eq!(batch_results(batch, n, &out), want, "{isa:?}");
    }
    let name = CString::new(before).expect("no NUL");
    // SAFETY: a NUL-terminated name.
    assert_eq!(unsafe { ek_set_isa(name.as_ptr()) }, EK_OK);
}

/// The output array is the input array `input` (1: ps, and 2: os for a second output; 0: xs):
/// the results replace the inputs.
fn batch_in_place(batch: &Batch, input: usize) {
    let (mut xs, mut ps, mut os) = batch_inputs();
    let n = xs.len();
    let want: Vec<[u64; 2]> = (0..n).map(|i| (batch.single)(xs[i], ps[i], os[i])).collect();
    let (x, p, o) = (xs.as_mut_ptr(), ps.as_mut_ptr(), os.as_mut_ptr());
    let out0: *mut u64 = match input {
        0 => x.cast(),
        _ => p,
    };
    let out1 = if batch.outputs == 2 { o } else { core::ptr::null_mut() };
    // SAFETY: n-element arrays, outputs aliasing inputs of the same element type as allowed.
    assert_eq!(unsafe { (batch.call)(n, x, p, o, out0, out1) }, EK_OK);
    let got: Vec<[u64; 2]> = (0..n)
        .map(|i| match input {
            0 => [xs[i] as u64, 0],
            _ => [ps[i], if batch.outputs == 2 { os[i] } else { 0 }],
        })
        .collect();
    assert_eq!(got, want);
}

/// A valid eval.dat image with non-zero weights that depend on the ply and the position.
fn eval_image() -> &'static [u8] {
    static IMAGE: OnceLock<Vec<u8>> = OnceLock::new();
    IMAGE.get_or_init(|| {
        let mut data = Vec::with_capacity(EVAL_FILE_SIZE);
        for word in [0x4544_4158u32, 0x4556_414C, 4, 6, 0, 0, 0] {
            data.extend_from_slice(&word.to_le_bytes());
        }
        let mut i = 0u32;
        while data.len() < EVAL_FILE_SIZE {
            data.extend_from_slice(&((i.wrapping_mul(2_654_435_761) >> 22) as i16 - 512).to_le_bytes());
            i += 1;
        }
        data
    })
}

/// Loads `eval_image`; returns the sum of the start position at its ply and an `EkEval` there.
fn load_eval_image() -> (i32, EkEval) {
    let image = eval_image();
    // SAFETY: a live buffer.
    assert_eq!(unsafe { ek_eval_load_buffer(image.as_ptr(), image.len()) }, EK_OK);
    let mut eval = new_eval();
    // SAFETY: a live EkEval and board.
    assert_eq!(unsafe { ek_eval_set(&mut eval, &start()) }, EK_OK);
    // SAFETY: an initialised EkEval.
    let sum = unsafe { ek_eval_accumulate(&eval) };
    assert_ne!(sum, 0, "the test weights give the start position a non-zero sum");
    (sum, eval)
}

/// A load that fails with `status` leaves the weights in use in use. (Not under Miri: a valid
/// load parses 14 MB; the normal run checks it.)
fn failed_load_keeps_weights(status: i32, load: impl Fn() -> i32) {
    if cfg!(miri) {
        return;
    }
    let (sum, eval) = load_eval_image();
    assert_eq!(load(), status);
    assert_eq!(ek_eval_loaded(), 1);
    // SAFETY: an initialised EkEval.
    assert_eq!(unsafe { ek_eval_accumulate(&eval) }, sum);
    free_eval(eval);
}

fn new_eval() -> EkEval {
    let mut eval = EkEval { feature: core::ptr::null_mut(), player: 0, ply: 0 };
    // SAFETY: a live EkEval.
    assert_eq!(unsafe { ek_eval_init(&mut eval) }, EK_OK);
    eval
}

fn free_eval(mut eval: EkEval) {
    // SAFETY: initialised by ek_eval_init.
    unsafe { ek_eval_free(&mut eval) };
}

fn null_eval() -> EkEval {
    EkEval { feature: core::ptr::null_mut(), player: 0, ply: 0 }
}

/// Loads `bytes` from a temporary file, `EK_ERR_...` expected.
fn load_file_bytes(name: &str, bytes: &[u8]) -> i32 {
    let path = std::env::temp_dir().join(format!("edax_kernels_bad_input_{}_{name}", std::process::id()));
    std::fs::write(&path, bytes).expect("temporary file");
    let c = CString::new(path.to_str().expect("UTF-8 path")).expect("no NUL");
    // SAFETY: a NUL-terminated path.
    let status = unsafe { ek_eval_load_file(c.as_ptr()) };
    std::fs::remove_file(&path).ok();
    status
}

/// Every function of `functions` has rows in `table`, every row names one, and every row has
/// exactly one of `checks`.
fn rows_cover_and_have_checks(table: (&str, &str), functions: &BTreeSet<String>, checks: &[(&str, &str, &str, Check)]) {
    let rows = rows(table);
    let covered: BTreeSet<String> = rows.iter().map(|r| r.0.clone()).collect();
    let missing: Vec<_> = functions.difference(&covered).collect();
    let unknown: Vec<_> = covered.difference(functions).collect();
    assert!(missing.is_empty(), "functions without a row in docs/reference.md's table {}: {missing:?}", table.0);
    assert!(unknown.is_empty(), "rows of {} naming no function of the header: {unknown:?}", table.0);

    let key = |f: &str, i: &str, r: &str| format!("{f} | {i} | {r}");
    let keys: BTreeSet<String> = checks.iter().map(|(f, i, r, _)| key(f, i, r)).collect();
    assert_eq!(keys.len(), checks.len(), "two checks for one row");
    let rows: BTreeSet<String> = rows.iter().map(|(f, i, r)| key(f, i, r)).collect();
    let unchecked: Vec<_> = rows.difference(&keys).collect();
    let orphans: Vec<_> = keys.difference(&rows).collect();
    assert!(unchecked.is_empty(), "rows without a check in tests/bad_input.rs:\n{unchecked:#?}");
    assert!(orphans.is_empty(), "checks whose row is not in docs/reference.md:\n{orphans:#?}");
}

#[test]
fn every_function_has_rows_and_every_row_a_check() {
    let (ek, _) = declared();
    assert!(ek.len() >= 20, "header parse: {ek:?}");
    rows_cover_and_have_checks(EK_TABLE, &ek, CHECKS);
}

/// Edax's names have their own table; its checks need the library built with their features.
#[test]
fn every_edax_name_has_rows() {
    let (_, edax) = declared();
    assert!(edax.len() >= 30, "header parse: {edax:?}");
    let covered: BTreeSet<String> = rows(EDAX_TABLE).into_iter().map(|r| r.0).collect();
    assert_eq!(covered, edax, "the Edax table's functions are not the header's Edax names");
}

#[cfg(feature = "edax-abi-eval")]
#[test]
fn every_edax_row_has_a_check_and_holds() {
    let (_, edax_names) = declared();
    rows_cover_and_have_checks(EDAX_TABLE, &edax_names, edax::CHECKS);
    let _serial = one_table_at_a_time();
    for (function, input, result, check) in edax::CHECKS {
        eprintln!("{function}: {input} -> {result}");
        check();
    }
}

/// The checks load and unload the process's weights: the tests running them hold this lock.
fn one_table_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// The share of the rows this process checks: EK_BAD_INPUT_SHARE="K/N" checks the rows whose
/// index is K modulo N (scripts/miri.sh runs the shares as processes side by side, Miri
/// interpreting on one host thread); unset, every row.
fn row_share() -> (usize, usize) {
    let Ok(share) = std::env::var("EK_BAD_INPUT_SHARE") else { return (0, 1) };
    let parsed = share.split_once('/').and_then(|(k, n)| Some((k.parse().ok()?, n.parse().ok()?)));
    match parsed {
        Some((k, n)) if k < n => (k, n),
        _ => panic!("EK_BAD_INPUT_SHARE={share}: not K/N with K < N"),
    }
}

#[test]
fn every_row_holds() {
    let _serial = one_table_at_a_time();
    let (k, n) = row_share();
    for (function, input, result, check) in CHECKS.iter().skip(k).step_by(n) {
        // The book's rows run natively only: every book is Edax's table of 65536 buckets, which
        // Miri takes minutes to make, save and load, per row (its code is the portable kernels
        // and safe Rust but for the exports' pointers, which the native run and ASan's fuzzing
        // check).
        if cfg!(miri) && function.starts_with("ek_book_") {
            continue;
        }
        eprintln!("{function}: {input} -> {result}");
        check();
    }
}

/// The checks of the Edax names' table, through Edax's own declarations (as Edax's headers give
/// them), linked from the library built with `edax-abi-eval`.
#[cfg(feature = "edax-abi-eval")]
mod edax {
    use super::*;
    use core::ffi::{c_char, c_int};

    extern "C" {
        fn flip(x: c_int, p: u64, o: u64) -> u64;
        fn board_flip(board: *const EkBoard, x: c_int) -> u64;
        fn board_next(board: *const EkBoard, x: c_int, next: *mut EkBoard) -> u64;
        fn count_last_flip(x: c_int, p: u64) -> c_int;
        fn board_score_1(board: *const EkBoard, beta: c_int, x: c_int) -> c_int;
        fn get_moves(p: u64, o: u64) -> u64;
        fn can_move(p: u64, o: u64) -> bool;
        fn get_mobility(p: u64, o: u64) -> c_int;
        fn get_weighted_mobility(p: u64, o: u64) -> c_int;
        fn get_potential_mobility(p: u64, o: u64) -> c_int;
        fn edge_stability_init();
        fn get_stability(p: u64, o: u64) -> c_int;
        fn get_edge_stability(p: u64, o: u64) -> c_int;
        fn get_corner_stability(p: u64) -> c_int;
        fn board_get_hash_code(board: *const EkBoard) -> u64;
        fn board_symetry(board: *const EkBoard, s: c_int, sym: *mut EkBoard);
        fn board_unique(board: *const EkBoard, unique: *mut EkBoard) -> c_int;
        fn hash_prefetch(table: *mut EkHashTable, hash_code: u64);
        fn hash_get(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, data: *mut EkHashData) -> bool;
        fn hash_store(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, store: *const EkHashStore);
        fn hash_force(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, store: *const EkHashStore);
        fn hash_feed(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, data: *const EkHashData);
        fn hash_exclude_move(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, mv: c_int);
        fn bit_count_64(b: u64) -> c_int;
        fn bit_count_32(b: u32) -> c_int;
        fn bit_weighted_count(b: u64) -> c_int;
        fn eval_open(file: *const c_char);
        fn eval_close();
        fn eval_init(eval: *mut EkEval);
        fn eval_free(eval: *mut EkEval);
        fn eval_set(eval: *mut EkEval, board: *const EkBoard);
        fn eval_update(eval: *mut EkEval, mv: *const EkMove);
        fn eval_restore(eval: *mut EkEval);
        fn eval_pass(eval: *mut EkEval);
        fn eval_accumulate(eval: *const EkEval) -> c_int;
        fn eval_sigma(n_empty: c_int, depth: c_int, probcut_depth: c_int) -> f64;
    }

    /// Runs the ignored test `name` of this binary in a child process with `env` set; returns
    /// its exit code and stderr.
    fn child(name: &str, env: (&str, &str)) -> (Option<i32>, String) {
        let out = super::common::this_test_binary()
            .args(["--ignored", "--exact", name, "--nocapture", "--test-threads=1"])
            .env(env.0, env.1)
            .output()
            .expect("cannot run the child");
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
    }

    /// The child of the `eval_open` failure row: opens the file `EK_EVAL_OPEN`.
    #[test]
    #[ignore = "run by the eval_open check in a child process"]
    fn eval_open_child() {
        let file = std::env::var("EK_EVAL_OPEN").expect("run by the eval_open check");
        let c = CString::new(file).expect("no NUL");
        // SAFETY: a NUL-terminated path (or NULL for the empty name).
        unsafe { eval_open(if c.as_bytes().is_empty() { core::ptr::null() } else { c.as_ptr() }) };
        println!("eval_open returned");
    }

    /// The child of the `eval_sigma` row: no weights loaded in this process.
    #[test]
    #[ignore = "run by the eval_sigma check in a child process"]
    fn eval_sigma_child() {
        assert!(std::env::var_os("EK_SIGMA_CHILD").is_some(), "run by the eval_sigma check");
        // SAFETY: no pointer argument.
        assert_eq!(unsafe { eval_sigma(20, 10, 4) }, 0.0);
        assert_eq!(ek_eval_loaded(), 0);
    }

    /// The hash code the table rows use.
    const CODE: u64 = 0x1234_5678_9ABC_DEF1;

    /// A store of a search on (-3, 4) that failed high at 5 with move 19, depth 12.
    fn some_store() -> EkHashStore {
        let u1 = EkHashDraftBytes { depth: 12, selectivity: 5, cost: 3, date: 1 };
        EkHashStore { draft: EkHashDraft { u1 }, alpha: -3, beta: 4, score: 5, move_: 19 }
    }

    fn some_data() -> EkHashData {
        let u1 = EkHashDraftBytes { depth: 9, selectivity: 2, cost: 7, date: 1 };
        EkHashData { draft: EkHashDraft { u1 }, lower: -10, upper: 20, move_: [37, 44] }
    }

    fn data_bytes(d: &EkHashData) -> [u8; 8] {
        // SAFETY: an EkHashData is 8 plain bytes.
        unsafe { core::mem::transmute_copy(d) }
    }

    /// A table holding one entry: the start position, stored with [`some_store`] at [`CODE`]
    /// (bounds 5 and 64, moves 19 and none).
    fn stored_table() -> (Box<common::edax_table::EdaxTable>, EkBoard) {
        let mut t = common::edax_table::EdaxTable::new(4, 1);
        let b = start();
        // SAFETY: a live table, board and store.
        unsafe { hash_store(&mut t.table, &b, CODE, &some_store()) };
        (t, b)
    }

    /// `t` without its entries and `t` without its locks.
    fn crippled(t: &EkHashTable) -> [EkHashTable; 2] {
        let copy = |hash, spin| EkHashTable {
            hash,
            spin,
            n_hash: t.n_hash,
            hash_mask: t.hash_mask,
            spin_mask: t.spin_mask,
            n_spin: t.n_spin,
            date: t.date,
        };
        [copy(core::ptr::null_mut(), t.spin), copy(t.hash, core::ptr::null_mut())]
    }

    /// The bad (table, board) pairs of the table rows, and a data pointer beside each: NULL
    /// table; NULL board; NULL data; the tables of `crippled`.
    fn bad_table_args(
        t: &mut EkHashTable,
        crippled: &mut [EkHashTable; 2],
        b: &EkBoard,
        data: &mut EkHashData,
    ) -> [(*mut EkHashTable, *const EkBoard, *mut EkHashData); 5] {
        let d: *mut EkHashData = data;
        let [no_entries, no_locks] = crippled;
        [
            (core::ptr::null_mut(), b, d),
            (t, core::ptr::null(), d),
            (t, b, core::ptr::null_mut()),
            (no_entries, b, d),
            (no_locks, b, d),
        ]
    }

    /// `f` called with each bad (table, board) pair of [`bad_table_args`] (not the good pair
    /// given with a NULL data) leaves the table as it was.
    fn table_unchanged(f: impl Fn(*mut EkHashTable, *const EkBoard)) {
        let (mut t, b) = stored_table();
        let before = t.checksum();
        let mut data = some_data();
        let mut bad = crippled(&t.table);
        for (table, board, _) in
            bad_table_args(&mut t.table, &mut bad, &b, &mut data).into_iter().filter(|a| !a.2.is_null())
        {
            f(table, board);
        }
        assert_eq!(t.checksum(), before, "the table changed");
        assert!(t.unlocked());
    }

    /// `f` gives the same result as the `ek_` function `g` on overlapping boards.
    fn as_ek<T: PartialEq + std::fmt::Debug>(f: unsafe extern "C" fn(u64, u64) -> T, g: extern "C" fn(u64, u64) -> T) {
        for b in overlapping() {
            // SAFETY: no pointer argument.
            assert_eq!(unsafe { f(b.player, b.opponent) }, g(b.player, b.opponent), "{b:?}");
        }
    }

    fn some_values() -> Vec<u64> {
        let mut rng = SplitMix64(0xED);
        [0, u64::MAX, 0x8100_0000_0000_0081].into_iter().chain((0..1000).map(|_| rng.next_u64())).collect()
    }

    pub(super) const CHECKS: &[(&str, &str, &str, Check)] = &[
        ("flip", "x outside 0..63", "0", || {
            for x in BAD_SQUARES {
                // SAFETY: no pointer argument.
                assert_eq!(unsafe { flip(x, start().player, start().opponent) }, 0);
            }
        }),
        ("board_flip", "NULL board", "0", || {
            // SAFETY: NULL is allowed.
            assert_eq!(unsafe { board_flip(core::ptr::null(), 19) }, 0);
        }),
        ("board_flip", "x outside 0..63", "0", || {
            for x in BAD_SQUARES {
                // SAFETY: a live board.
                assert_eq!(unsafe { board_flip(&start(), x) }, 0);
            }
        }),
        ("board_next", "NULL board or next", "0, nothing written", || {
            let mut out = EkBoard::new(1, 2);
            // SAFETY: NULL or live boards.
            unsafe {
                assert_eq!(board_next(core::ptr::null(), 19, &mut out), 0);
                assert_eq!(board_next(&start(), 19, core::ptr::null_mut()), 0);
            }
            assert_eq!(out, EkBoard::new(1, 2));
        }),
        ("board_next", "x outside 0..63", "a pass: sides swapped, 0 returned", || {
            for x in BAD_SQUARES {
                let mut out = EkBoard::default();
                // SAFETY: live boards.
                assert_eq!(unsafe { board_next(&start(), x, &mut out) }, 0);
                assert_eq!(out, start().swapped());
            }
        }),
        ("count_last_flip", "x outside 0..63", "0", || {
            for x in BAD_SQUARES {
                // SAFETY: no pointer argument.
                assert_eq!(unsafe { count_last_flip(x, 0x00FF_00FF_00FF_00FF) }, 0);
            }
        }),
        ("board_score_1", "NULL board", "`EK_SCORE_NONE` (32767)", || {
            // SAFETY: NULL is allowed.
            assert_eq!(unsafe { board_score_1(core::ptr::null(), 0, 0) }, 32767);
            assert_eq!(EK_SCORE_NONE, 32767);
        }),
        ("board_score_1", "x outside 0..63", "scored as a square nobody can take", || {
            let b = EkBoard::new(0x7FFF_FFFF_FFFF_FFFE, 0);
            for x in BAD_SQUARES {
                // SAFETY: a live board.
                assert_eq!(unsafe { board_score_1(&b, 64, x) }, score_nobody_plays(&b));
            }
        }),
        ("get_moves", "overlap", "as `ek_get_moves`", || as_ek(get_moves, ek_get_moves)),
        ("can_move", "overlap", "as `ek_can_move`", || as_ek(can_move, ek_can_move)),
        ("get_mobility", "overlap", "as `ek_get_mobility`", || as_ek(get_mobility, ek_get_mobility)),
        ("get_weighted_mobility", "overlap", "as `ek_get_weighted_mobility`", || {
            as_ek(get_weighted_mobility, ek_get_weighted_mobility)
        }),
        ("get_potential_mobility", "overlap", "as `ek_get_potential_mobility`", || {
            as_ek(get_potential_mobility, ek_get_potential_mobility)
        }),
        ("edge_stability_init", "none (no argument)", "nothing done: the table is built at compile time", || {
            let before = ek_get_stability(0xFF, 0xFF00);
            // SAFETY: no argument.
            unsafe { edge_stability_init() };
            assert_eq!(ek_get_stability(0xFF, 0xFF00), before);
        }),
        ("get_stability", "overlap", "as `ek_get_stability`", || as_ek(get_stability, ek_get_stability)),
        ("get_edge_stability", "overlap", "as `ek_get_edge_stability`", || {
            as_ek(get_edge_stability, ek_get_edge_stability)
        }),
        ("get_corner_stability", "any bitboard", "as `ek_get_corner_stability`", || {
            for v in some_values() {
                // SAFETY: no pointer argument.
                assert_eq!(unsafe { get_corner_stability(v) }, ek_get_corner_stability(v));
            }
        }),
        ("board_get_hash_code", "NULL board", "0", || {
            // SAFETY: NULL is allowed.
            assert_eq!(unsafe { board_get_hash_code(core::ptr::null()) }, 0);
        }),
        ("board_symetry", "NULL board or sym", "nothing written", || {
            let mut out = EkBoard::new(1, 2);
            // SAFETY: NULL or live boards.
            unsafe {
                board_symetry(core::ptr::null(), 1, &mut out);
                board_symetry(&start(), 1, core::ptr::null_mut());
            }
            assert_eq!(out, EkBoard::new(1, 2));
        }),
        ("board_symetry", "s outside 0..7", "bits 0..2 of s used, as in Edax", || {
            let b = EkBoard::new(0x0000_0000_0000_00FF, 0x0000_0000_0000_FF02);
            for s in [-1, 8, 9, 15, i32::MIN, i32::MAX] {
                let (mut got, mut want) = (EkBoard::default(), EkBoard::default());
                // SAFETY: live boards.
                unsafe {
                    board_symetry(&b, s, &mut got);
                    assert_eq!(ek_board_symetry(&b, s & 7, &mut want), EK_OK);
                }
                assert_eq!(got, want, "s = {s}");
            }
        }),
        ("board_unique", "NULL board or unique", "0, nothing written", || {
            let mut out = EkBoard::new(1, 2);
            // SAFETY: NULL or live boards.
            unsafe {
                assert_eq!(board_unique(core::ptr::null(), &mut out), 0);
                assert_eq!(board_unique(&start(), core::ptr::null_mut()), 0);
            }
            assert_eq!(out, EkBoard::new(1, 2));
        }),
        ("hash_prefetch", "NULL table", "nothing done", || {
            // SAFETY: NULL is allowed.
            unsafe { hash_prefetch(core::ptr::null_mut(), 0x1234_5678_9ABC_DEF0) };
        }),
        (
            "hash_get",
            "NULL table, board or data, or a table whose `hash` or `spin` is NULL",
            "false, nothing written, the table unchanged",
            || {
                let (mut t, b) = stored_table();
                let before = t.checksum();
                let mut data = some_data();
                let want = data_bytes(&data);
                let mut bad = crippled(&t.table);
                for (table, board, out) in bad_table_args(&mut t.table, &mut bad, &b, &mut data) {
                    // SAFETY: NULL, or a live table (possibly without entries or locks), board and data.
                    assert!(!unsafe { hash_get(table, board, CODE, out) });
                }
                assert_eq!(data_bytes(&data), want, "written");
                assert_eq!(t.checksum(), before, "the table changed");
                // SAFETY: a live table, board and data: the entry is found (the checks above could
                // otherwise pass by missing it).
                assert!(unsafe { hash_get(&mut t.table, &b, CODE, &mut data) });
            },
        ),
        ("hash_store", "NULL table, board or store, or a table whose `hash` or `spin` is NULL", "nothing done", || {
            table_unchanged(|table, board| {
                // SAFETY: NULL, or a live table (possibly without entries or locks) and board.
                unsafe { hash_store(table, board, CODE, &some_store()) };
                // SAFETY: a NULL store.
                unsafe { hash_store(table, board, CODE, core::ptr::null()) };
            });
        }),
        ("hash_force", "NULL table, board or store, or a table whose `hash` or `spin` is NULL", "nothing done", || {
            table_unchanged(|table, board| {
                // SAFETY: as hash_store's row.
                unsafe { hash_force(table, board, CODE, &some_store()) };
                // SAFETY: a NULL store.
                unsafe { hash_force(table, board, CODE, core::ptr::null()) };
            });
        }),
        ("hash_feed", "NULL table, board or data, or a table whose `hash` or `spin` is NULL", "nothing done", || {
            table_unchanged(|table, board| {
                // SAFETY: as hash_store's row.
                unsafe { hash_feed(table, board, CODE, &some_data()) };
                // SAFETY: a NULL data.
                unsafe { hash_feed(table, board, CODE, core::ptr::null()) };
            });
        }),
        ("hash_exclude_move", "NULL table or board, or a table whose `hash` or `spin` is NULL", "nothing done", || {
            table_unchanged(|table, board| {
                // SAFETY: as hash_store's row.
                unsafe { hash_exclude_move(table, board, CODE, 19) };
            });
        }),
        (
            "hash_exclude_move",
            "a move that is not among the entry's moves",
            "the moves unchanged, the lower bound forgotten (as Edax)",
            || {
                let (mut t, b) = stored_table();
                let mut data = some_data();
                for mv in [-1, 0, 300, i32::MIN] {
                    // SAFETY: a live table and board.
                    unsafe { hash_exclude_move(&mut t.table, &b, CODE, mv) };
                    // SAFETY: a live table, board and data.
                    assert!(unsafe { hash_get(&mut t.table, &b, CODE, &mut data) });
                    assert_eq!((data.move_, data.lower, data.upper), ([19, 65], -64, 64), "move {mv}");
                }
            },
        ),
        ("bit_count_64", "any value", "its number of set bits", || {
            for v in some_values() {
                // SAFETY: no pointer argument.
                assert_eq!(unsafe { bit_count_64(v) }, v.count_ones() as i32);
            }
        }),
        ("bit_count_32", "any value", "its number of set bits", || {
            for v in some_values() {
                // SAFETY: no pointer argument.
                assert_eq!(unsafe { bit_count_32(v as u32) }, (v as u32).count_ones() as i32);
            }
        }),
        ("bit_weighted_count", "any value", "its number of set bits, corners twice", || {
            for v in some_values() {
                let want = v.count_ones() + (v & 0x8100_0000_0000_0081).count_ones();
                // SAFETY: no pointer argument.
                assert_eq!(unsafe { bit_weighted_count(v) }, want as i32);
            }
        }),
        ("eval_open", "NULL, missing or bad file", "the reason on stderr, then `exit(EXIT_FAILURE)`, as Edax", || {
            let bad = std::env::temp_dir().join(format!("edax_kernels_bad_eval_{}", std::process::id()));
            std::fs::write(&bad, b"not an eval.dat").expect("temporary file");
            for (file, why) in [
                ("", "(null)"),
                ("/nonexistent/eval.dat", "could not be opened"),
                (bad.to_str().expect("UTF-8"), "not an Edax eval.dat"),
            ] {
                let (code, stderr) = child("edax::eval_open_child", ("EK_EVAL_OPEN", file));
                assert_eq!(code, Some(1), "eval_open({file:?}) returned or crashed: {stderr}");
                assert!(stderr.contains("edax_kernels: eval_open(") && stderr.contains(why), "{stderr}");
            }
            std::fs::remove_file(&bad).ok();
        }),
        ("eval_open", "weights already loaded", "nothing done (the file is not read)", || {
            let (sum, eval) = load_eval_image();
            // SAFETY: a NUL-terminated path; weights are loaded, so it returns.
            unsafe { eval_open(c"/nonexistent/eval.dat".as_ptr()) };
            // SAFETY: an initialised EkEval.
            assert_eq!(unsafe { ek_eval_accumulate(&eval) }, sum);
            free_eval(eval);
        }),
        ("eval_close", "no weights loaded", "nothing done", || {
            let (_, eval) = load_eval_image();
            // SAFETY: no argument.
            unsafe { eval_close() };
            assert_eq!(ek_eval_loaded(), 0);
            // SAFETY: as above.
            unsafe { eval_close() };
            assert_eq!(ek_eval_loaded(), 0);
            free_eval(eval);
        }),
        ("eval_init", "NULL eval", "nothing done", || {
            // SAFETY: NULL is allowed.
            unsafe { eval_init(core::ptr::null_mut()) };
        }),
        ("eval_free", "NULL eval, NULL feature, or freed twice", "nothing done", || {
            let mut eval = null_eval();
            // SAFETY: NULL, a NULL feature, then a live one freed twice.
            unsafe {
                eval_free(core::ptr::null_mut());
                eval_free(&mut eval);
                eval_init(&mut eval);
                assert!(!eval.feature.is_null());
                eval_free(&mut eval);
                eval_free(&mut eval);
            }
            assert!(eval.feature.is_null());
        }),
        ("eval_set", "NULL eval, feature or board", "nothing done", || {
            let mut eval = null_eval();
            // SAFETY: NULL pointers, a NULL feature.
            unsafe {
                eval_set(core::ptr::null_mut(), &start());
                eval_set(&mut eval, &start());
            }
            let mut eval = new_eval();
            eval.ply = 7;
            // SAFETY: an initialised EkEval, a NULL board.
            unsafe { eval_set(&mut eval, core::ptr::null()) };
            assert_eq!((eval.ply, eval.player), (7, 0));
            free_eval(eval);
        }),
        ("eval_set", "more than 60 empty squares", "nothing written", || {
            let mut eval = new_eval();
            eval.ply = 5;
            eval.player = 1;
            // SAFETY: an initialised EkEval, a live board.
            unsafe { eval_set(&mut eval, &EkBoard::new(1, 0)) };
            assert_eq!((eval.ply, eval.player), (5, 1));
            free_eval(eval);
        }),
        ("eval_update", "NULL eval, feature or move", "nothing changes", || {
            let mv = EkMove { next: core::ptr::null_mut(), flipped: 0, x: 19, score: 0, cost: 0 };
            let mut eval = null_eval();
            // SAFETY: NULL pointers, a NULL feature.
            unsafe {
                eval_update(core::ptr::null_mut(), &mv);
                eval_update(&mut eval, &mv);
            }
            let mut eval = new_eval();
            // SAFETY: an initialised EkEval, a NULL move.
            unsafe { eval_update(&mut eval, core::ptr::null()) };
            assert_eq!((eval.ply, eval.player), (0, 0));
            free_eval(eval);
        }),
        ("eval_update", "x outside 0..63, or ply outside 0..59", "nothing changes", || {
            let mut eval = new_eval();
            for (x, ply) in [(64, 0), (-1, 0), (19, 60), (19, -1)] {
                eval.ply = ply;
                let mv = EkMove { next: core::ptr::null_mut(), flipped: 0, x, score: 0, cost: 0 };
                // SAFETY: an initialised EkEval and a live move.
                unsafe { eval_update(&mut eval, &mv) };
                assert_eq!((eval.ply, eval.player), (ply, 0));
            }
            eval.ply = 0;
            free_eval(eval);
        }),
        ("eval_restore", "NULL eval, or ply outside 1..60", "nothing changes", || {
            // SAFETY: NULL is allowed.
            unsafe { eval_restore(core::ptr::null_mut()) };
            let mut eval = new_eval();
            for ply in [0, 61, -1] {
                eval.ply = ply;
                // SAFETY: an initialised EkEval.
                unsafe { eval_restore(&mut eval) };
                assert_eq!((eval.ply, eval.player), (ply, 0));
            }
            eval.ply = 0;
            free_eval(eval);
        }),
        ("eval_pass", "NULL eval", "nothing done", || {
            // SAFETY: NULL is allowed.
            unsafe { eval_pass(core::ptr::null_mut()) };
        }),
        ("eval_accumulate", "NULL eval or feature, ply outside 0..60, or no weights loaded", "0", || {
            // SAFETY: NULL pointers, a NULL feature.
            unsafe {
                assert_eq!(eval_accumulate(core::ptr::null()), 0);
                assert_eq!(eval_accumulate(&null_eval()), 0);
            }
            let (_, mut eval) = load_eval_image();
            for ply in [61, -1] {
                eval.ply = ply;
                // SAFETY: an initialised EkEval.
                assert_eq!(unsafe { eval_accumulate(&eval) }, 0);
            }
            eval.ply = 0;
            ek_eval_unload();
            // SAFETY: as above.
            assert_eq!(unsafe { eval_accumulate(&eval) }, 0);
            free_eval(eval);
        }),
        ("eval_sigma", "no weights loaded yet", "0", || {
            let (code, stderr) = child("edax::eval_sigma_child", ("EK_SIGMA_CHILD", "1"));
            assert_eq!(code, Some(0), "{stderr}");
        }),
    ];
}

/// A small book.dat made here: the start position with three links and a leaf, as Edax's
/// `book_save` writes it.
fn book_image() -> Vec<u8> {
    use edax_kernels::book::{BookLink, BookOptions, BookPosition};
    let mut book = EkBook::new(BookOptions { level: 2, n_empties: 50, ..Default::default() });
    let mut p = BookPosition::new(EkBoard::START);
    p.links = vec![BookLink { score: 1, mv: 19 }, BookLink { score: 1, mv: 26 }, BookLink { score: 0, mv: 37 }];
    p.leaf = BookLink { score: -1, mv: 44 };
    p.value = 1;
    book.add(p);
    book.to_bytes(None)
}

/// Runs `f` on a C book loaded from [`book_image`], then frees it.
fn with_book(f: impl FnOnce(*mut EkBook)) {
    let dir = std::env::temp_dir().join(
        format!("ek-bad-book-img-{}-{:?}", std::process::id(), std::thread::current().id()).replace(['(', ')'], ""),
    );
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("b.dat");
    std::fs::write(&file, book_image()).unwrap();
    let path = CString::new(file.to_str().unwrap()).unwrap();
    let mut status = 99;
    // SAFETY: a path, a writable status.
    let b = unsafe { ek_book_load(path.as_ptr(), &mut status, core::ptr::null_mut(), 0) };
    assert_eq!(status, EK_OK);
    f(b);
    // SAFETY: the loaded book, freed once.
    unsafe { ek_book_free(b) };
    std::fs::remove_dir_all(&dir).ok();
}
