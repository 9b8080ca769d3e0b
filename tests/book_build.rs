//! Edax's book building (book.c): its searches, node for node.
//!
//! tests/data/book-build/book_search.txt: Edax 4.6's `position_search` (a position's links
//! excluded from the root's moves, at the book's level, time unlimited) on one search whose tables
//! live from one search to the next, as the book's searches share the play's tables (made by
//! scripts/golden/driver.c, kind book_search). The engine's `search_excluding` on one engine,
//! cleared where Edax's `search_cleanup` ran, gives Edax's score, move, depth, selectivity, nodes
//! and principal variation for every search, in order.

mod common;

use edax_kernels::engine::{EkEngine, EkEngineLimits, EkWeights};
use edax_kernels::{EkBoard, SolveError};
use std::path::Path;
use std::sync::Arc;

fn weights() -> Arc<EkWeights> {
    EkWeights::from_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("data/ek-eval.dat")).expect("data/ek-eval.dat")
}

fn hex(s: &str) -> u64 {
    u64::from_str_radix(s, 16).expect("16 hex digits")
}

#[test]
fn position_searches_are_edax_s() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/book-build/book_search.txt"))
            .expect("tests/data/book-build/book_search.txt");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    // The searches depend on those before them (the tables): under emulation a prefix.
    let n_lines = common::scaled(lines.len()).max(lines.len().min(24));
    let w = weights();
    let mut engine = None;
    let (mut searches, mut excluding_best) = (0, 0);
    for (i, line) in lines[..n_lines].iter().enumerate() {
        let f: Vec<&str> = line.split_whitespace().collect();
        match f[0] {
            "table" => engine = Some(EkEngine::new(w.clone(), f[1].parse().expect("bits")).expect("an engine")),
            "clear" => engine.as_ref().expect("a table line first").clear().expect("clear"),
            _ => {
                let e = engine.as_ref().expect("a table line first");
                let board = EkBoard::new(hex(f[0]), hex(f[1]));
                let level: i32 = f[2].parse().expect("level");
                let excluded = hex(f[3]);
                let want: Vec<i64> = f[4..9].iter().map(|x| x.parse().expect("a number")).collect();
                let r = e.search_excluding(&board, &EkEngineLimits::level(level), excluded).expect("a result");
                let got = [r.score as i64, r.best_move as i64, r.depth as i64, r.selectivity as i64, r.n_nodes];
                assert_eq!(&got[..], &want[..], "line {} ({line}): score, move, depth, selectivity, nodes", i + 1);
                let pv: Vec<String> = r.pv[..r.pv_length as usize].iter().map(|x| x.to_string()).collect();
                let pv = if pv.is_empty() { "-".to_string() } else { pv.join(",") };
                assert_eq!(pv, f[9], "line {} ({line}): principal variation", i + 1);
                assert_eq!(excluded >> r.best_move.clamp(0, 63) & 1, 0, "line {}: an excluded move played", i + 1);
                // A search after one of the same position whose best move it now excludes.
                if i > 0 && lines[i - 1].split_whitespace().take(2).eq(f.iter().take(2).copied()) {
                    excluding_best += 1;
                }
                searches += 1;
            }
        }
    }
    assert!(searches >= 20, "{searches} searches");
    if n_lines == lines.len() {
        assert!(excluding_best >= 6, "{excluding_best} searches again of a position, its best move excluded");
    }
}

/// The excluded moves reach the search: without them the first search of the file plays a move
/// it excludes, and a mask holding every legal move is refused (Edax's book never searches a
/// position whose every move is linked).
#[test]
fn exclusion_changes_the_search_and_all_excluded_is_refused() {
    let e = EkEngine::new(weights(), 16).expect("an engine");
    let b = EkBoard::START;
    let all = edax_kernels::get_moves(b.player, b.opponent);
    let r = e.search_excluding(&b, &EkEngineLimits::level(4), 0).expect("a result");
    let best = 1u64 << r.best_move;
    let r2 = e.search_excluding(&b, &EkEngineLimits::level(4), best).expect("a result");
    assert_ne!(r2.best_move, r.best_move);
    assert_eq!(all >> r2.best_move & 1, 1);
    assert_eq!(e.search_excluding(&b, &EkEngineLimits::level(4), all).err(), Some(SolveError::Range));
    // Squares that are no move are ignored.
    let r3 = e.search_excluding(&b, &EkEngineLimits::level(4), !all).expect("a result");
    assert!(all >> r3.best_move & 1 == 1);
}
