//! Edax's book building (book.c): its searches, node for node, and its books, byte for byte.
//!
//! tests/data/book-build/book_search.txt: Edax 4.6's `position_search` (a position's links
//! excluded from the root's moves, at the book's level, time unlimited) on one search whose tables
//! live from one search to the next, as the book's searches share the play's tables (made by
//! scripts/golden/driver.c, kind book_search). The engine's `search_excluding` on one engine,
//! cleared where Edax's `search_cleanup` ran, gives Edax's score, move, depth, selectivity, nodes
//! and principal variation for every search, in order.
//!
//! tests/data/book-build/commands*.txt: scripts of Edax's book commands, run by stock Edax
//! (scripts/golden/book-build.sh), and run here on `EkBook`'s building commands
//! (src/book/build.rs) with `EngineBookSearch`: every book saved is Edax's, byte for byte, and
//! every search the book ran is Edax's (board, score, move, nodes), in order.

mod common;

use edax_kernels::book::{book_depth_for_level, BookDate, BookOptions, BookSearch, EkBook, EngineBookSearch};
use edax_kernels::engine::{EkEngine, EkEngineLimits, EkWeights};
use edax_kernels::{EkBoard, SolveError, NOMOVE, PASS};
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

/// A move in Edax's text ("f5", "F5"; "ps" a pass) as a square (A1 = 0).
fn square(s: &str) -> u8 {
    let b = s.to_ascii_lowercase().into_bytes();
    if b == b"ps" || b == b"pa" {
        return PASS as u8;
    }
    assert!(b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]), "move {s}");
    (b[1] - b'1') * 8 + (b[0] - b'a')
}

/// A game in Edax's text: moves of two characters, one after the other.
fn moves(s: &str) -> Vec<u8> {
    s.as_bytes().chunks(2).map(|c| square(std::str::from_utf8(c).expect("ascii"))).collect()
}

/// The board after `x` (a legal move or a pass).
fn after(b: EkBoard, x: u8) -> EkBoard {
    if u32::from(x) == PASS as u32 {
        EkBoard::new(b.opponent, b.player)
    } else {
        b.next(i32::from(x), edax_kernels::flip(i32::from(x), b.player, b.opponent))
    }
}

/// tests/data/book-build/NAME.txt run on the library as Edax ran it
/// (scripts/golden/book-build.sh: `lEdax -n 1 -l 4 -h 16`, one process per script): every book
/// saved is Edax's byte for byte (the date fixed as the script fixes Edax's clock), and every
/// search the book ran is Edax's, in order: board, score, move and nodes
/// (tests/data/book-build/edax/NAME/searches.txt).
fn replay_commands(name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/book-build");
    let read = |file: &str| std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let engine = EkEngine::new(weights(), 16).expect("an engine");
    let mut search = EngineBookSearch::new(&engine, true);
    // Edax's start-up: book_load of the missing -book-file runs book_new at -l's level.
    let startup = BookOptions { level: 4, n_empties: 61 - book_depth_for_level(4), ..BookOptions::default() };
    let mut book = EkBook::new_book(startup, &mut search);
    let date = BookDate { year: 2026, month: 1, day: 1, ..BookDate::default() };
    let (mut board, mut game) = (EkBoard::START, Vec::new());
    let mut saved = 0;
    let compare = |book: &mut EkBook, file: &str| {
        let path = dir.join("edax").join(name).join(file);
        let want = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let got = book.to_bytes(Some(date));
        if got != want {
            let at = got.iter().zip(&want).position(|(a, b)| a != b).unwrap_or(got.len().min(want.len()));
            panic!("{name}/{file}: {} bytes, Edax's {}; first difference at byte {at}", got.len(), want.len());
        }
    };
    for line in read(&format!("{name}.txt")).lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        let int = |i: usize| -> i32 { w[i].parse().expect("a number") };
        match (w[0], w.get(1).copied()) {
            ("book", Some("verbose")) => book.options.verbosity = int(2),
            ("book", Some("new")) => {
                let options = BookOptions {
                    level: int(2),
                    n_empties: 61 - int(3),
                    verbosity: book.options.verbosity,
                    ..BookOptions::default()
                };
                book = EkBook::new_book(options, &mut search);
            }
            ("book", Some("save")) => {
                compare(&mut book, w[2]);
                saved += 1;
            }
            ("play", _) => {
                for x in moves(w[1]) {
                    board = after(board, x);
                    game.push(x);
                }
            }
            ("init", _) => {
                (board, game) = (EkBoard::START, Vec::new());
                search.cleanup();
            }
            ("book", Some("store")) => {
                book.store_game(&game, &mut search);
            }
            ("book", Some("deviate")) => book.deviate(&board, int(2), int(3), &mut search),
            ("book", Some("enhance")) => book.enhance(&board, int(2), int(3), &mut search),
            ("book", Some("add")) => {
                let games: Vec<Vec<u8>> = read(w[2]).lines().filter(|l| !l.is_empty()).map(moves).collect();
                book.add_games(&games, &mut search);
            }
            ("book", Some("negamax")) => book.negamax(),
            ("book", Some("fix")) => book.fix(&mut search),
            ("book", Some("play")) => book.play(&board, &mut search),
            ("book", Some("extend")) => book.extend(&board, &mut search),
            ("book", Some("deepen")) => book.deepen(&mut search),
            ("book", Some("fill")) => book.fill(int(2), &mut search),
            ("book", Some("prune")) => book.prune(&mut search),
            ("book", Some("subtree")) => book.subtree(&board, &mut search),
            ("book", Some("correct")) => {
                book.correct_solved(&mut search);
            }
            _ => panic!("{name}.txt: {line}"),
        }
    }
    // Edax saves the book on exit (need_saving).
    compare(&mut book, "final.dat");
    assert!(saved >= 4, "{name}: {saved} books");

    let want = read(&format!("edax/{name}/searches.txt"));
    let want: Vec<&str> = want.lines().collect();
    for (i, (s, line)) in search.searches.iter().zip(&want).enumerate() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let r = s.result.as_ref().expect("a result");
        let score: i32 = f[3].trim_start_matches(['<', '>', '?', '=']).parse().expect("a score");
        let mv = if f[5] == "--" { NOMOVE } else { i32::from(square(f[5])) };
        let got = (s.board.player, s.board.opponent, r.score, r.best_move, r.n_nodes);
        let nodes = f[4].parse::<i64>().expect("nodes");
        assert_eq!(got, (hex(f[0]), hex(f[1]), score, mv, nodes), "{name}: search {}: {line}", i + 1);
    }
    assert_eq!(search.searches.len(), want.len(), "{name}: searches");
}

/// `book new`, `store`, `deviate`, `enhance`, `add`, `negamax`, `fix`.
#[test]
fn building_commands_give_edax_s_books() {
    replay_commands("commands");
}

/// `book play`, `store`, `extend`, `deepen`, `correct`, `fill`, `prune`, `subtree` on a book of
/// 4 plies.
#[test]
fn more_building_commands_give_edax_s_books() {
    replay_commands("commands-extra");
}
