//! Edax 4.6's midgame search, `NWS_midgame` (`ek_nws_midgame`) and `PVS_midgame`
//! (`ek_pvs_midgame`), and its whole search from the root (`ek_edax_search`), on Edax's three
//! tables: their known answers (score, node count and every byte of the main, PV and shallow
//! tables after each call, from the real Edax, tests/data/midgame; the root's best move, depth,
//! selectivity and principal variation too), with the project's weights and with the synthetic
//! ones, on every level. (Bad input: tests/bad_input.rs.)

mod common;

use common::edax_table::EdaxTable;
use common::root_answers::root_answers;
use common::{dec, hex, synthetic};
use edax_kernels::ffi::eval_api::{ek_eval_load_buffer, ek_eval_load_default};
use edax_kernels::ffi::solver_api::{ek_edax_search, ek_nws_midgame, ek_pvs_midgame};
use edax_kernels::{EkBoard, EkEdaxResult, EkEdaxTables, EkMidgameSearch, Isa, EK_PV_SIZE};
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

/// Tests that switch the active level or the weights hold this lock.
fn lock() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// Edax's three tables of a search: the main one of 2^bits entries, the PV and shallow ones of
/// 2^(bits - 4), as Edax's `search_resize_hashtable` sizes them.
struct Tables {
    main: Box<EdaxTable>,
    pv: Box<EdaxTable>,
    shallow: Box<EdaxTable>,
}

impl Tables {
    fn new(bits: u32, date: u8) -> Tables {
        Tables {
            main: EdaxTable::new(bits, date),
            pv: EdaxTable::new(bits - 4, date),
            shallow: EdaxTable::new(bits - 4, date),
        }
    }

    fn set_date(&mut self, date: u8) {
        for t in [&mut self.main, &mut self.pv, &mut self.shallow] {
            t.table.date = date;
        }
    }

    fn checksums(&self) -> [u64; 3] {
        [self.main.checksum(), self.pv.checksum(), self.shallow.checksum()]
    }

    /// The `EkMidgameSearch` of the node of a call, on these tables.
    fn search(&mut self, c: &Call) -> EkMidgameSearch {
        EkMidgameSearch {
            hash_table: &mut self.main.table,
            pv_table: &mut self.pv.table,
            shallow_table: &mut self.shallow.table,
            stop: core::ptr::null(),
            selectivity: c.selectivity,
            height: c.height,
            node_type: c.node_type,
            probcut_level: c.probcut_level,
            depth_pv_extension: c.pv_extension,
        }
    }
}

/// One call of the known answers.
struct Call {
    board: EkBoard,
    alpha: i32,
    /// `PVS_midgame`'s beta; `None` for `NWS_midgame`.
    beta: Option<i32>,
    depth: i32,
    selectivity: i32,
    height: i32,
    node_type: i32,
    probcut_level: i32,
    pv_extension: i32,
    score: i32,
    nodes: i64,
    checksums: [u64; 3],
}

/// `ek_nws_midgame` (no beta) or `ek_pvs_midgame` on the active level: (status, score, nodes).
fn search(c: &Call, s: &EkMidgameSearch) -> (i32, i32, i64) {
    let (mut score, mut nodes) = (i32::MIN, 0);
    // SAFETY: a live board, search state (its tables outlive the call) and outputs.
    let status = unsafe {
        match c.beta {
            None => ek_nws_midgame(&c.board, c.alpha, c.depth, s, &mut score, &mut nodes),
            Some(beta) => ek_pvs_midgame(&c.board, c.alpha, beta, c.depth, s, &mut score, &mut nodes),
        }
    };
    (status, score, nodes)
}

enum Line {
    Table { bits: u32, date: u8 },
    Date(u8),
    Call(Call),
}

/// The lines of a file of tests/data/midgame: `nws_*` of `NWS_midgame` (P O ALPHA DEPTH
/// SELECTIVITY HEIGHT TYPE PROBCUT, then the answers), `pvs_*` of `PVS_midgame` (P O ALPHA BETA
/// DEPTH SELECTIVITY HEIGHT PV_EXTENSION, then the answers).
fn known_answers(file: &str) -> Vec<Line> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/midgame").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let pvs = file.starts_with("pvs");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            match f[..] {
                ["table", bits, date] => Line::Table { bits: dec(bits), date: dec(date) },
                ["date", date] => Line::Date(dec(date)),
                [p, o, alpha, a, b, c, d, e, score, nodes, main, pv, shallow] => {
                    let (beta, depth, selectivity, height, node_type, probcut_level, pv_extension) = if pvs {
                        (Some(dec(a)), dec(b), dec(c), dec(d), 0, 0, dec(e))
                    } else {
                        (None, dec(a), dec(b), dec(c), dec(d), dec(e), -1)
                    };
                    Line::Call(Call {
                        board: EkBoard::new(hex(p), hex(o)),
                        alpha: dec(alpha),
                        beta,
                        depth,
                        selectivity,
                        height,
                        node_type,
                        probcut_level,
                        pv_extension,
                        score: dec(score),
                        nodes: dec(nodes),
                        checksums: [hex(main), hex(pv), hex(shallow)],
                    })
                }
                _ => panic!("{file}: bad line {l:?}"),
            }
        })
        .collect()
}

/// Replays a file of known answers on every level: each call's status, score, nodes and the
/// three tables after it; every session (each starts with a fresh table) on the best level,
/// every fourth on the others. Under emulation or sampling (`EK_TEST_SCALE`), a
/// part of those, evenly spaced.
fn replay(file: &str, calls: usize) {
    let lines = known_answers(file);
    assert_eq!(lines.iter().filter(|l| matches!(l, Line::Call(_))).count(), calls, "{file}");
    let starts: Vec<usize> = (0..lines.len()).filter(|&i| matches!(lines[i], Line::Table { .. })).collect();
    assert_eq!(starts.first(), Some(&0), "{file} starts with a table line");
    let sessions: Vec<&[Line]> = starts
        .iter()
        .enumerate()
        .map(|(i, &start)| &lines[start..starts.get(i + 1).copied().unwrap_or(lines.len())])
        .collect();
    for isa in common::levels() {
        edax_kernels::set_active_isa(isa).expect("supported");
        for (n, session) in sessions.iter().enumerate().step_by(step_on(isa, sessions.len())) {
            let mut tables = Tables::new(8, 0);
            for (i, line) in session.iter().enumerate() {
                match line {
                    Line::Table { bits, date } => tables = Tables::new(*bits, *date),
                    Line::Date(date) => tables.set_date(*date),
                    Line::Call(c) => {
                        let s = tables.search(c);
                        let got = search(c, &s);
                        let want = (0, c.score, c.nodes);
                        let at = format!("{file}, {isa:?}, session {n}, line {i}");
                        assert_eq!(got, want, "{at}: {:?} window {} {:?} depth {}", c.board, c.alpha, c.beta, c.depth);
                        assert_eq!(tables.checksums(), c.checksums, "{at}: tables (main, pv, shallow)");
                    }
                }
            }
        }
    }
}

/// The sessions of a level run: every one on the best level, every fourth on the others, the
/// portable one included (they share their search code with the best and differ in kernels the
/// differential test checks against the portable ones on a million positions); under emulation
/// or sampling (`EK_TEST_SCALE`), a part of those, evenly spaced.
fn step_on(isa: Isa, sessions: usize) -> usize {
    let step = sessions / common::scaled(sessions).max(1);
    if isa == Isa::best() {
        step
    } else {
        step * 4
    }
}

/// Replays a root file on every level: each search on tables cleared as `lEdax -solve` clears
/// them before a problem (every entry, dates 0); every search on the best level, every fourth
/// on the others (the searches below the root, on every level, are the other files'; the root
/// itself is the same code on every level).
fn replay_root(file: &str, calls: usize) {
    let (bits, searches) = root_answers(file);
    assert_eq!(searches.len(), calls, "{file}");
    for isa in common::levels() {
        edax_kernels::set_active_isa(isa).expect("supported");
        let step = step_on(Isa::best(), searches.len()) * if isa == Isa::best() { 1 } else { 4 };
        for (i, c) in searches.iter().enumerate().step_by(step) {
            let mut t = Tables::new(bits, 0);
            let tables = EkEdaxTables {
                hash_table: &mut t.main.table,
                pv_table: &mut t.pv.table,
                shallow_table: &mut t.shallow.table,
                stop: core::ptr::null(),
            };
            let mut r = EkEdaxResult {
                score: 99,
                best_move: 99,
                depth: 99,
                selectivity: 99,
                n_nodes: -1,
                pv_length: -1,
                pv: [0; EK_PV_SIZE],
            };
            // SAFETY: a live board, tables (used by this call only) and result.
            let status = unsafe { ek_edax_search(&c.board, c.level, c.depth, c.selectivity, &tables, &mut r) };
            let at = format!(
                "{file}, {:?}, search {i}: {:?} level {} ({}, {})",
                isa, c.board, c.level, c.depth, c.selectivity
            );
            assert_eq!(status, 0, "{at}");
            assert_eq!((r.score, r.best_move, r.depth, r.selectivity, r.n_nodes), c.result, "{at}");
            assert_eq!(&r.pv[..r.pv_length as usize], &c.pv[..], "{at}: principal variation");
            assert_eq!(t.checksums(), c.checksums, "{at}: tables (main, pv, shallow)");
        }
    }
}

/// Loads the project's weights (`true`) or the synthetic ones.
fn load(project: bool) {
    if project {
        assert_eq!(ek_eval_load_default(), 0);
    } else {
        let data = &synthetic().1;
        // SAFETY: a live buffer of its length.
        assert_eq!(unsafe { ek_eval_load_buffer(data.as_ptr(), data.len()) }, 0);
    }
}

#[test]
fn nws_known_answers_with_the_project_weights_on_every_level() {
    let _lock = lock();
    load(true);
    replay("nws_midgame-ek.txt", 1316);
}

#[test]
fn nws_known_answers_with_the_synthetic_weights_on_every_level() {
    let _lock = lock();
    load(false);
    replay("nws_midgame.txt", 1316);
}

#[test]
fn pvs_known_answers_with_the_project_weights_on_every_level() {
    let _lock = lock();
    load(true);
    replay("pvs_midgame-ek.txt", 688);
}

#[test]
fn pvs_known_answers_with_the_synthetic_weights_on_every_level() {
    let _lock = lock();
    load(false);
    replay("pvs_midgame.txt", 688);
}

#[test]
fn root_known_answers_with_the_project_weights_on_every_level() {
    let _lock = lock();
    load(true);
    replay_root("root-ek.txt", 320);
}

#[test]
fn root_known_answers_with_the_synthetic_weights_on_every_level() {
    let _lock = lock();
    load(false);
    replay_root("root.txt", 234);
}
