//! `ek-nboard`, the command-line engine, in a scripted NBoard session (docs/nboard.md's): the
//! answers a GUI waits for (`set myname`, `pong`, `=== MOVE/EVAL/TIME`, `search`, `learned`), the
//! move being the engine's at the level, `hint N` giving the analysis's N best moves, a ping
//! stopping a long search, `--move-time` and `--clock` ending one, bad lines ignored; with a
//! book (`--book`), its moves answering `go` and `hint`, and `learn` storing the game into it.

mod common;

use edax_kernels::engine::{EkEngine, EkEngineLimits, EkWeights};
use edax_kernels::EkBoard;
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

const GAME: &str = "(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5];)";

/// ek-nboard started with a small table, its input and output piped.
fn start() -> std::process::Child {
    start_with(&[])
}

/// ek-nboard started with a small table and `args`, its input and output piped.
fn start_with(args: &[&str]) -> std::process::Child {
    common::program(env!("CARGO_BIN_EXE_ek-nboard"))
        .args(["--hash", "16"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("ek-nboard starts")
}

/// The session's output (the engine's stdout, line by line) for `steps`: each step's input is
/// written once the answers to the step before have come, as a GUI waits for them (a command
/// that comes during a search stops it, by design: written all at once, a slow machine's
/// search would be cut short). A step (input, answer, n) waits for `n` lines starting with
/// `answer`, then for the engine's "waiting" status; the last step's output is read to the end.
fn session(steps: &[(&str, &str, usize)]) -> Vec<String> {
    session_with(&[], steps)
}

/// [`session`] of ek-nboard started with `args`.
fn session_with(args: &[&str], steps: &[(&str, &str, usize)]) -> Vec<String> {
    let mut child = start_with(args);
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines().map(|l| l.expect("a line"));
    let mut out = Vec::new();
    for (k, &(input, answer, n)) in steps.iter().enumerate() {
        stdin.write_all(input.as_bytes()).expect("the step written");
        stdin.flush().expect("flushed");
        if k + 1 == steps.len() {
            break;
        }
        let mut seen = 0;
        for l in lines.by_ref() {
            seen += usize::from(l.starts_with(answer));
            let done = seen >= n && l.starts_with("status") && l.ends_with("waiting");
            out.push(l);
            if done {
                break;
            }
        }
    }
    drop(stdin);
    out.extend(lines);
    assert!(child.wait().expect("ek-nboard ends").success());
    out
}

/// The position after the game's moves, black to move, and the engine's move there at `level`.
fn expected(level: i32) -> (EkBoard, i32, i32) {
    let mut b = EkBoard::START;
    for x in [37, 45, 19, 34] {
        b = b.next(x, edax_kernels::flip(x, b.player, b.opponent));
    }
    let engine = EkEngine::new(EkWeights::bundled().expect("the weights"), 16).expect("an engine");
    let r = engine.search(&b, &EkEngineLimits::level(level)).expect("a result");
    (b, r.best_move, r.score)
}

fn name(x: i32) -> String {
    format!("{}{}", (b'A' + (x % 8) as u8) as char, x / 8 + 1)
}

#[test]
fn a_session() {
    let last = format!("bogus line\nmove {}\nping 2\nlearn\nquit\n", name(expected(6).1));
    let first = format!("nboard 2\nset depth 6\nset game {GAME}\nping 1\ngo\n");
    let out = session(&[(&first, "=== ", 1), ("hint 1\n", "search ", 1), ("hint 3\n", "search ", 3), (&last, "", 0)]);
    let text = out.join("\n");
    assert!(out.contains(&"set myname ek-nboard6".to_owned()), "{text}");
    let (board, mv, score) = expected(6);
    let go = out.iter().find(|l| l.starts_with("=== ")).unwrap_or_else(|| panic!("no move: {text}"));
    let fields: Vec<&str> = go[4..].split('/').collect();
    assert_eq!(fields[0], name(mv), "{text}");
    assert_eq!(fields[1], format!("{:.2}", f64::from(score)), "{text}");
    assert!(edax_kernels::get_moves(board.player, board.opponent) >> mv & 1 == 1);
    let search = out.iter().find(|l| l.starts_with("search ")).unwrap_or_else(|| panic!("no hint: {text}"));
    assert!(search[7..].starts_with(&name(mv)), "{text}");
    // hint 3: the analysis's three best moves, each legal, best first.
    let hints: Vec<&String> = out.iter().filter(|l| l.starts_with("search ")).skip(1).collect();
    assert_eq!(hints.len(), 3, "{text}");
    let moves = edax_kernels::get_moves(board.player, board.opponent);
    let evals: Vec<f64> = hints
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let x = (0..64).find(|&x| name(x) == f[1]).unwrap_or_else(|| panic!("{l}"));
            assert!(moves >> x & 1 == 1, "{l}");
            f[2].parse().expect("an eval")
        })
        .collect();
    assert!(evals.windows(2).all(|w| w[0] >= w[1]), "{text}");
    let order: Vec<usize> = ["pong 1", "=== ", "search ", "pong 2", "learned"]
        .iter()
        .map(|p| out.iter().position(|l| l.starts_with(p)).unwrap_or_else(|| panic!("no {p}: {text}")))
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{text}");
}

/// A ping during a search that would take minutes stops it: the answer comes, then the pong.
#[test]
fn a_ping_stops_a_search() {
    let mut child = start();
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    writeln!(stdin, "nboard 2\nset depth 60\nset game {GAME}\ngo").expect("written");
    // Wait until it thinks, then ping.
    loop {
        let l = lines.next().expect("a line").expect("text");
        if l.starts_with("status") {
            break;
        }
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    writeln!(stdin, "ping 7").expect("written");
    let mut seen = Vec::new();
    loop {
        let l = lines.next().expect("a line").expect("text");
        seen.push(l.clone());
        if l == "pong 7" {
            break;
        }
    }
    assert!(seen.iter().any(|l| l.starts_with("=== ")), "{seen:?}");
    writeln!(stdin, "quit").expect("written");
    assert!(child.wait().expect("ends").success());
}

/// `--move-time` ends a search that would take minutes (level 60 from the game's position): the
/// move comes, legal; `--threads 2` is taken (a limit that did not act would leave the test
/// waiting far past any test's time: nothing is timed).
#[test]
fn a_move_time() {
    let mut child = start_with(&["--level", "60", "--move-time", "200", "--threads", "2"]);
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    writeln!(stdin, "nboard 2\nset game {GAME}\ngo").expect("written");
    let go = loop {
        let l = lines.next().expect("a line").expect("text");
        if l.starts_with("=== ") {
            break l;
        }
    };
    let (board, ..) = expected(1);
    let x = (0..64).find(|&x| go[4..].starts_with(&name(x))).unwrap_or_else(|| panic!("{go}"));
    assert!(edax_kernels::get_moves(board.player, board.opponent) >> x & 1 == 1, "{go}");
    writeln!(stdin, "quit").expect("written");
    assert!(child.wait().expect("ek-nboard ends").success());
}

/// `--clock`: the game's time (`TI`, 2 seconds here, less the 1.5 its moves took) ends a search
/// that would take minutes (level 60): the move comes, legal (as in `a_move_time`, nothing is
/// timed: a clock that did not act would leave the test waiting far past any test's time).
#[test]
fn a_game_clock() {
    let mut child = start_with(&["--level", "60", "--clock"]);
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let game = GAME.replace("TI[15:00]", "TI[0:02]").replace("B[F5]", "B[F5//1.5]");
    writeln!(stdin, "nboard 2\nset game {game}\ngo").expect("written");
    let go = loop {
        let l = lines.next().expect("a line").expect("text");
        if l.starts_with("=== ") {
            break l;
        }
    };
    let (board, ..) = expected(1);
    let x = (0..64).find(|&x| go[4..].starts_with(&name(x))).unwrap_or_else(|| panic!("{go}"));
    assert!(edax_kernels::get_moves(board.player, board.opponent) >> x & 1 == 1, "{go}");
    writeln!(stdin, "quit").expect("written");
    assert!(child.wait().expect("ek-nboard ends").success());
}

/// With a book (`--book`, tests/data/book/edax.dat, made by Edax, copied; a fixed seed):
/// `hint 4` at the start lists the book's 4 moves (`book PV SCORE N_LINES LEVEL`, Edax's
/// order and scores); `go` plays one of its best moves (D3, C4, F5, E6) at its score with no
/// search (no `nodestats`); `learn` stores a game outside the book into the `--book` file,
/// which then loads and holds the game's positions; `hint 30` there lists the learned book
/// move, then searches the other moves; a bad book file ends the program, naming the file.
#[test]
fn a_book() {
    use edax_kernels::book::EkBook;
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/book/edax.dat");
    let path = std::env::temp_dir().join(format!("ek-nboard-book-{}.dat", std::process::id()));
    std::fs::copy(data, &path).expect("the book copied");
    let book = EkBook::load(&path).expect("the book");
    let moves = book.moves(&EkBoard::START).expect("the start in the book");
    let args = ["--book", path.to_str().expect("a path"), "--book-seed", "5"];
    let steps = [
        ("nboard 2\nset depth 2\nhint 4\n", "book ", 4),
        ("go\n", "=== ", 1),
        (&format!("set game {GAME}\nlearn\n") as &str, "learned", 1),
        ("hint 30\n", "search ", 6),
        ("quit\n", "", 0),
    ];
    let out = session_with(&args, &steps);
    let text = out.join("\n");
    let books: Vec<&String> = out.iter().filter(|l| l.starts_with("book ")).collect();
    assert_eq!(books.len(), 5, "{text}");
    for (l, m) in books.iter().zip(&moves) {
        let f: Vec<&str> = l.split_whitespace().collect();
        assert!(f[1].starts_with(&name(m.mv)), "{l} {m:?}");
        assert_eq!((f[f.len() - 3], f[f.len() - 1]), (m.score.to_string().as_str(), "2"), "{l}");
    }
    let go = out.iter().find(|l| l.starts_with("=== ")).unwrap_or_else(|| panic!("no move: {text}"));
    let best: Vec<String> = moves.iter().filter(|m| m.score == moves[0].score).map(|m| name(m.mv)).collect();
    assert_eq!(best.len(), 4, "{moves:?}");
    assert!(best.contains(&go[4..6].to_owned()), "{text}");
    assert_eq!(go[6..].split('/').nth(1), Some(format!("{:.2}", f64::from(moves[0].score)).as_str()), "{text}");
    assert!(!out.iter().any(|l| l.starts_with("nodestats")), "a search: {text}");
    assert!(out.iter().any(|l| l.ends_with(&format!("learned the game into {}", path.display()))), "{text}");
    // The learned position: one book move, then the 6 others searched.
    let (board, ..) = expected(1);
    let learned = EkBook::load(&path).expect("the learned book loads");
    assert!(book.probe(&board).is_none() && learned.probe(&board).is_some());
    assert_eq!(learned.moves(&board).map(|m| m.len()), Some(1));
    let after = &out[out.iter().position(|l| l == "learned").expect("learned")..];
    let hint: Vec<&String> = after.iter().filter(|l| l.starts_with("book ") || l.starts_with("search ")).collect();
    assert_eq!(hint.len(), 7, "{text}");
    assert!(hint[0].starts_with("book ") && hint[1..].iter().all(|l| l.starts_with("search ")), "{text}");
    // A file that is no book: the program ends, naming it and the byte.
    let bad = common::program(env!("CARGO_BIN_EXE_ek-nboard"))
        .args(["--book", "Cargo.toml"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(!bad.status.success() && err.contains("Cargo.toml: byte 0"), "{err}");
    let _ = std::fs::remove_file(&path);
}
