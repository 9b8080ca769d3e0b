//! The bad-input table of README.md, checked: every `ek_` function declared in
//! include/edax_kernels.h has a row, every row names a declared function, and every row has
//! exactly one check here, keyed by the row's text (function, bad input, result), which runs
//! the functions on such input and requires the stated result. Editing a row's text without its
//! check, or adding a function without rows, fails this test.
//!
//! The two `EDAX_KERNELS_ISA` rows run a child process (the environment is read once per
//! process); a level "this CPU cannot run" exists only on CPUs without AVX-512, and under Miri
//! (scripts/miri.sh), which reports no AVX2 or AVX-512.

mod common;

use common::{naive_moves, SplitMix64};
use edax_kernels::ffi::api::*;
use edax_kernels::{EkBoard, EkHashTable, EkPerftStats, Isa};
use std::collections::BTreeSet;
use std::ffi::{CStr, CString};
use std::path::Path;

const BEGIN: &str = "<!-- bad-input table begin -->";
const END: &str = "<!-- bad-input table end -->";

/// (function, bad input, result) of every row of README.md's table.
fn rows() -> Vec<(String, String, String)> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).expect("README.md");
    let start = readme.find(BEGIN).expect("table begin marker") + BEGIN.len();
    let end = readme.find(END).expect("table end marker");
    readme[start..end]
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            assert_eq!(cells.len(), 3, "a row needs 3 cells: {l}");
            (cells[0].trim_matches('`').to_owned(), cells[1].to_owned(), cells[2].to_owned())
        })
        .collect()
}

/// The `ek_` functions the header declares.
fn declared() -> BTreeSet<String> {
    let header =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("include/edax_kernels.h")).expect("header");
    // A declaration starts in column 0: `type name(args...`.
    header
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()) && l.contains('('))
        .filter_map(|l| l[..l.find('(')?].rsplit(|c: char| !c.is_ascii_alphanumeric() && c != '_').next())
        .filter(|name| name.starts_with("ek_"))
        .map(str::to_owned)
        .collect()
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

fn level_names() -> [&'static str; 4] {
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
    let out = std::process::Command::new(std::env::current_exe().expect("test binary"))
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

type Check = fn();

/// One check per row: (function, bad input, result, check).
const CHECKS: &[(&str, &str, &str, Check)] = &[
    ("ek_status_message", "code that is no `EkStatus`", "\"unknown status code\" (static string)", || {
        for code in [1, -6, 100, i32::MIN, i32::MAX] {
            assert_eq!(name_of(ek_status_message(code)), "unknown status code");
        }
    }),
    ("ek_version", "none (no argument)", "static string \"MAJOR.MINOR.PATCH\"", || {
        assert_eq!(name_of(ek_version()), env!("CARGO_PKG_VERSION"));
    }),
    ("ek_isa", "none (no argument)", "static name of the active level", || {
        assert!(level_names().contains(&name_of(ek_isa()).as_str()));
    }),
    ("ek_isa_supported", "NULL name", "`EK_ERR_NULL`", || {
        // SAFETY: NULL is allowed.
        assert_eq!(unsafe { ek_isa_supported(core::ptr::null()) }, EK_ERR_NULL);
    }),
    ("ek_isa_supported", "unknown or non-UTF-8 name", "`EK_ERR_ISA_UNKNOWN`", || {
        for name in [c"", c"neon", c"AVX2", c"avx2 ", c"\xC3\x28"] {
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
        "`EDAX_KERNELS_ISA` above the CPU",
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
];

#[test]
fn every_function_has_rows_and_every_row_a_check() {
    let rows = rows();
    let functions = declared();
    assert!(functions.len() >= 20, "header parse: {functions:?}");
    let covered: BTreeSet<String> = rows.iter().map(|r| r.0.clone()).collect();
    let missing: Vec<_> = functions.difference(&covered).collect();
    let unknown: Vec<_> = covered.difference(&functions).collect();
    assert!(missing.is_empty(), "functions without a row in README.md's bad-input table: {missing:?}");
    assert!(unknown.is_empty(), "rows naming no function of the header: {unknown:?}");

    let key = |f: &str, i: &str, r: &str| format!("{f} | {i} | {r}");
    let checks: BTreeSet<String> = CHECKS.iter().map(|(f, i, r, _)| key(f, i, r)).collect();
    assert_eq!(checks.len(), CHECKS.len(), "two checks for one row");
    let rows: BTreeSet<String> = rows.iter().map(|(f, i, r)| key(f, i, r)).collect();
    let unchecked: Vec<_> = rows.difference(&checks).collect();
    let orphans: Vec<_> = checks.difference(&rows).collect();
    assert!(unchecked.is_empty(), "rows without a check in tests/bad_input.rs:\n{unchecked:#?}");
    assert!(orphans.is_empty(), "checks whose row is not in README.md:\n{orphans:#?}");
}

#[test]
fn every_row_holds() {
    for (function, input, result, check) in CHECKS {
        eprintln!("{function}: {input} -> {result}");
        check();
    }
}
