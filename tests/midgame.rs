//! Edax 4.6's midgame search `NWS_midgame` (`ek_nws_midgame`) on Edax's three tables: its known
//! answers (score, node count and every byte of the main, PV and shallow tables after each call,
//! from the real Edax, tests/data/midgame), with the project's weights and with the synthetic
//! ones, on every level; the stop flag; bad input.

mod common;

use common::edax_table::EdaxTable;
use common::{dec, hex, supported_levels, synthetic};
use edax_kernels::ffi::eval_api::{ek_eval_load_buffer, ek_eval_load_default};
use edax_kernels::ffi::solver_api::ek_nws_midgame;
use edax_kernels::{EkBoard, EkMidgameSearch};
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

    /// The `EkMidgameSearch` of a node of these tables.
    fn search(
        &mut self,
        selectivity: i32,
        height: i32,
        node_type: i32,
        probcut_level: i32,
        stop: Option<&i32>,
    ) -> EkMidgameSearch {
        EkMidgameSearch {
            hash_table: &mut self.main.table,
            pv_table: &mut self.pv.table,
            shallow_table: &mut self.shallow.table,
            stop: stop.map_or(core::ptr::null(), |s| s as *const i32),
            selectivity,
            height,
            node_type,
            probcut_level,
        }
    }
}

/// `ek_nws_midgame` on the active level: (status, score, nodes).
fn nws(b: &EkBoard, alpha: i32, depth: i32, s: &EkMidgameSearch) -> (i32, i32, i64) {
    let (mut score, mut nodes) = (i32::MIN, 0);
    // SAFETY: a live board, search state (its tables outlive the call) and outputs.
    let status = unsafe { ek_nws_midgame(b, alpha, depth, s, &mut score, &mut nodes) };
    (status, score, nodes)
}

/// One call of the known answers.
struct Call {
    board: EkBoard,
    alpha: i32,
    depth: i32,
    selectivity: i32,
    height: i32,
    node_type: i32,
    probcut_level: i32,
    score: i32,
    nodes: i64,
    checksums: [u64; 3],
}

enum Line {
    Table { bits: u32, date: u8 },
    Date(u8),
    Call(Call),
}

fn known_answers(file: &str) -> Vec<Line> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/midgame").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            match f[..] {
                ["table", bits, date] => Line::Table { bits: dec(bits), date: dec(date) },
                ["date", date] => Line::Date(dec(date)),
                [p, o, alpha, depth, sel, height, node_type, probcut, score, nodes, main, pv, shallow] => {
                    Line::Call(Call {
                        board: EkBoard::new(hex(p), hex(o)),
                        alpha: dec(alpha),
                        depth: dec(depth),
                        selectivity: dec(sel),
                        height: dec(height),
                        node_type: dec(node_type),
                        probcut_level: dec(probcut),
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
/// three tables after it. Under emulation (`EK_TEST_SCALE`), a part of the file's sessions
/// (each starts with a fresh table), evenly spaced.
fn replay(file: &str, calls: usize) {
    let lines = known_answers(file);
    assert_eq!(lines.iter().filter(|l| matches!(l, Line::Call(_))).count(), calls, "{file}");
    let mut sessions: Vec<&[Line]> = Vec::new();
    let starts: Vec<usize> = (0..lines.len()).filter(|&i| matches!(lines[i], Line::Table { .. })).collect();
    assert_eq!(starts.first(), Some(&0), "{file} starts with a table line");
    for (i, &start) in starts.iter().enumerate() {
        sessions.push(&lines[start..starts.get(i + 1).copied().unwrap_or(lines.len())]);
    }
    let step = sessions.len() / common::scaled(sessions.len()).max(1);
    for k in supported_levels() {
        edax_kernels::set_active_isa(k.isa()).expect("supported");
        for (n, session) in sessions.iter().enumerate().step_by(step) {
            let mut tables = Tables::new(8, 0);
            for (i, line) in session.iter().enumerate() {
                match line {
                    Line::Table { bits, date } => tables = Tables::new(*bits, *date),
                    Line::Date(date) => tables.set_date(*date),
                    Line::Call(c) => {
                        let s = tables.search(c.selectivity, c.height, c.node_type, c.probcut_level, None);
                        let got = nws(&c.board, c.alpha, c.depth, &s);
                        let want = (0, c.score, c.nodes);
                        let at = format!("{file}, {:?}, session {n}, line {i}", k.isa());
                        assert_eq!(got, want, "{at}: {:?} alpha {} depth {}", c.board, c.alpha, c.depth);
                        assert_eq!(tables.checksums(), c.checksums, "{at}: tables (main, pv, shallow)");
                    }
                }
            }
        }
    }
}

#[test]
fn known_answers_with_the_project_weights_on_every_level() {
    let _lock = lock();
    assert_eq!(ek_eval_load_default(), 0);
    replay("nws_midgame-ek.txt", 1316);
}

#[test]
fn known_answers_with_the_synthetic_weights_on_every_level() {
    let _lock = lock();
    let data = &synthetic().1;
    // SAFETY: a live buffer of its length.
    assert_eq!(unsafe { ek_eval_load_buffer(data.as_ptr(), data.len()) }, 0);
    replay("nws_midgame.txt", 1316);
}
