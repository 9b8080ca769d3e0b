//! Edax 4.6's endgame search `NWS_endgame` (`ek_nws_endgame`) on Edax's own table layout: its
//! known answers (score, node count and the whole table after each call, from the real Edax),
//! on every level; fail-soft bounds of an exact search on random positions; every level equal
//! to portable, table included; the stop flag; bad input.

mod common;

use common::edax_table::EdaxTable;
use common::{dec, hex, naive_score, random_positions_where, SplitMix64};
use edax_kernels::ffi::solver_api::ek_nws_endgame;
use edax_kernels::{EkBoard, Isa};
use std::path::Path;
use std::sync::Mutex;

/// The tests that switch the active level hold this lock.
static LEVEL: Mutex<()> = Mutex::new(());

/// `ek_nws_endgame` on the active level: (score, nodes).
fn nws(t: &mut EdaxTable, b: &EkBoard, alpha: i32, stop: Option<&i32>) -> (i32, i64) {
    let mut nodes = 0;
    let stop = stop.map_or(core::ptr::null(), |s| s as *const i32);
    // SAFETY: a live board, a valid table (EdaxTable keeps its entries and locks), a live stop
    // flag or NULL, and a live counter.
    let score = unsafe { ek_nws_endgame(b, alpha, &mut t.table, stop, &mut nodes) };
    (score, nodes)
}

/// One call of the known answers: board, alpha, score, nodes, table checksum after it.
struct Call {
    board: EkBoard,
    alpha: i32,
    score: i32,
    nodes: i64,
    checksum: u64,
}

/// What a line of tests/data/nws/nws_endgame.txt does.
enum Line {
    Table { bits: u32, date: u8 },
    Date(u8),
    Call(Call),
}

fn known_answers() -> Vec<Line> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/nws/nws_endgame.txt");
    let text = std::fs::read_to_string(&path).expect("tests/data/nws/nws_endgame.txt");
    let lines: Vec<Line> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            match f[..] {
                ["table", bits, date] => Line::Table { bits: dec(bits), date: dec(date) },
                ["date", date] => Line::Date(dec(date)),
                [p, o, alpha, score, nodes, checksum] => Line::Call(Call {
                    board: EkBoard::new(hex(p), hex(o)),
                    alpha: dec(alpha),
                    score: dec(score),
                    nodes: dec(nodes),
                    checksum: hex(checksum),
                }),
                _ => panic!("bad line {l:?}"),
            }
        })
        .collect();
    assert_eq!(lines.iter().filter(|l| matches!(l, Line::Call(_))).count(), 1486);
    lines
}

/// Edax's own answers, call after call on shared tables: the score, the node count and every
/// byte of the table after each call, on every level.
#[test]
fn known_answers_of_edax_on_every_level() {
    let _level = LEVEL.lock().unwrap_or_else(|e| e.into_inner());
    let lines = known_answers();
    for isa in common::levels() {
        edax_kernels::set_active_isa(isa).expect("supported");
        let mut t = EdaxTable::new(1, 0);
        for (i, line) in lines.iter().enumerate() {
            match line {
                Line::Table { bits, date } => t = EdaxTable::new(*bits, *date),
                Line::Date(date) => t.table.date = *date,
                Line::Call(c) => {
                    let (score, nodes) = nws(&mut t, &c.board, c.alpha, None);
                    assert_eq!(
                        (score, nodes, t.checksum()),
                        (c.score, c.nodes, c.checksum),
                        "{:?}, line {i}: {:?} alpha {}",
                        isa,
                        c.board,
                        c.alpha
                    );
                }
            }
        }
    }
    edax_kernels::set_active_isa(Isa::best()).expect("best");
}

/// The stop flag. Set before the call: alpha at once, no node, the table untouched. Raised by
/// another thread while a search runs: the search ends before its whole tree (a search that
/// ignored the flag would count all its nodes) and leaves the table consistent (no lock held).
/// Nothing here is timed: the other thread raises the flag as the search starts, and when the
/// machine is so busy that the search ends before that thread ran (all its nodes counted), the
/// search is tried again, up to 10 times.
#[test]
fn stop_flag() {
    let _level = LEVEL.lock().unwrap_or_else(|e| e.into_inner());
    edax_kernels::set_active_isa(Isa::best()).expect("best");
    // A position of 22 empty squares whose search at alpha 2 takes about 40 M nodes (1 s).
    let b = random_positions_where(0x5709, 4, |b| (b.player | b.opponent).count_zeros() == 22)[3];
    let mut t = EdaxTable::new(16, 1);
    let (_, all_nodes) = nws(&mut t, &b, 2, None);
    println!("stop_flag: the whole search: {all_nodes} nodes");
    assert!(all_nodes > 10_000_000, "a search long enough to be stopped: {all_nodes} nodes");

    let mut tries = 0;
    let (nodes, mut t) = loop {
        tries += 1;
        let mut t = EdaxTable::new(16, 1);
        let stop = std::sync::atomic::AtomicI32::new(0);
        let start = std::sync::Barrier::new(2);
        let nodes = std::thread::scope(|s| {
            s.spawn(|| {
                start.wait();
                stop.store(2, std::sync::atomic::Ordering::Relaxed);
            });
            let mut nodes = 0;
            start.wait();
            // SAFETY: a live board, table, flag (an AtomicI32 is an int) and counter.
            let score = unsafe { ek_nws_endgame(&b, 2, &mut t.table, stop.as_ptr(), &mut nodes) };
            assert!((-65..=64).contains(&score));
            nodes
        });
        assert!(nodes <= all_nodes, "{nodes} nodes, more than the whole search's {all_nodes}");
        if nodes < all_nodes || tries == 10 {
            break (nodes, t);
        }
    };
    println!("stop_flag: stopped after {nodes} nodes ({tries} tries)");
    assert!(nodes < all_nodes, "the flag did not stop the search in {tries} tries: {nodes} nodes, all of them");
    assert!(t.unlocked());
    let before = t.checksum();
    let (score, nodes) = nws(&mut t, &b, -7, Some(&1));
    assert_eq!((score, nodes, t.checksum()), (-7, 0, before), "stopped before the first node");
}

/// Fail-soft null-window bounds against the exact score, on positions of 8 to 11 empty squares,
/// each searched on a fresh table and again on a table shared by the whole run.
#[test]
fn fail_soft_bounds_of_the_exact_score() {
    let _level = LEVEL.lock().unwrap_or_else(|e| e.into_inner());
    edax_kernels::set_active_isa(Isa::best()).expect("best");
    let positions =
        random_positions_where(0x6e77_7331, 300, |b| (8..=11).contains(&(b.player | b.opponent).count_zeros()));
    let mut rng = SplitMix64(17);
    let mut shared = EdaxTable::new(12, 1);
    for b in positions {
        let exact = naive_score(b.player, b.opponent);
        for _ in 0..3 {
            let alpha = exact + (rng.next_u64() % 9) as i32 - 4;
            for t in [&mut EdaxTable::new(10, 1), &mut shared] {
                let (score, nodes) = nws(t, &b, alpha, None);
                assert!(nodes > 0);
                if score <= alpha {
                    assert!(exact <= score, "{b:?} alpha {alpha}: {score} but exact {exact}");
                } else {
                    assert!(exact >= score, "{b:?} alpha {alpha}: {score} but exact {exact}");
                }
                assert!(t.unlocked());
            }
        }
    }
}

/// Every level searches the same nodes and leaves the same table as portable, call after call
/// on shared tables of two sizes (positions of 2 to 13 empty squares, random alphas, the table's
/// date changed now and then).
#[test]
fn every_level_equals_portable() {
    let _level = LEVEL.lock().unwrap_or_else(|e| e.into_inner());
    let positions =
        random_positions_where(0x6e77_7332, 1500, |b| (2..=13).contains(&(b.player | b.opponent).count_zeros()));
    let run = |isa: Isa, bits: u32| {
        edax_kernels::set_active_isa(isa).expect("supported");
        let mut t = EdaxTable::new(bits, 1);
        let mut rng = SplitMix64(23);
        let mut out = Vec::with_capacity(positions.len());
        for (i, b) in positions.iter().enumerate() {
            if i % 200 == 199 {
                t.table.date += 1;
            }
            let alpha = (rng.next_u64() % 41) as i32 - 20;
            let (score, nodes) = nws(&mut t, b, alpha, None);
            out.push((score, nodes, t.checksum()));
        }
        out
    };
    for bits in [8, 14] {
        let want = run(Isa::Portable, bits);
        for isa in common::levels() {
            let got = run(isa, bits);
            for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                assert_eq!(g, w, "{isa:?} table 2^{bits} call {i}: {:?}", positions[i]);
            }
        }
    }
    edax_kernels::set_active_isa(Isa::best()).expect("best");
}
