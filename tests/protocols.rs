//! `ek-play` against Edax 4.6 in the scripted GTP and xboard sessions of tests/data/protocols/
//! (`*.in`; Edax's answers in `*.out`, recorded by scripts/golden/protocols.sh with `lEdax -gtp`
//! and `-xboard`, one thread, the project's weights, `-h 16`, level 6). Each line is written once
//! the answers to the one before have come, as Edax's were recorded; every answer must equal
//! Edax's, the moves of two whole games at level 6 included (the engine is Edax's search node for
//! node, its tables kept between the moves as Edax's are). Normalised, and only these: the
//! answers to GTP's `name` and `version` (any `= ...`); in xboard's `feature` line, `myname` and
//! `analyze` (ek-play has no analysis mode); at xboard's `quit`, the seconds and the nodes of
//! "N games played in T s. M nodes searched" (Edax adds uninitialised fields there for its forced
//! first move).

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

/// The session's steps: each line sent and Edax's answer lines to it.
fn transcript(name: &str) -> Vec<(String, Vec<String>)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/protocols").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut steps: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines() {
        match line.strip_prefix("> ") {
            Some(cmd) => steps.push((cmd.to_owned(), Vec::new())),
            None => steps.last_mut().expect("a command first").1.push(line.to_owned()),
        }
    }
    steps
}

/// An answer line as compared: what may differ, taken out (the module's doc).
fn normalise(cmd: &str, line: &str) -> String {
    let words: Vec<&str> = cmd.split_whitespace().collect();
    let gtp_cmd = words.iter().find(|w| !w.starts_with(|c: char| c.is_ascii_digit())).copied().unwrap_or("");
    if (gtp_cmd == "name" || gtp_cmd == "version") && line.starts_with('=') {
        return "= <name or version>".to_owned();
    }
    if line.starts_with("feature ") {
        let mut s = line.replace("analyze=0", "analyze=<0 or 1>").replace("analyze=1", "analyze=<0 or 1>");
        if let Some(i) = s.find("myname=\"") {
            let end = s[i + 8..].find('"').map_or(s.len(), |j| i + 8 + j + 1);
            s.replace_range(i..end, "myname=<name>");
        }
        return s;
    }
    if let Some((games, _)) = line.split_once(" games played in ") {
        return format!("{games} games played in <time> s. <nodes> nodes searched");
    }
    line.to_owned()
}

/// Runs ek-play with `args` through the session `name` (`.in`, `.out`), comparing each answer.
fn replay(name: &str, args: &[&str]) {
    let steps = transcript(&format!("{name}.out"));
    let input = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/protocols/{name}.in")),
    )
    .expect("the session");
    assert_eq!(steps.iter().map(|s| s.0.as_str()).collect::<Vec<_>>(), input.lines().collect::<Vec<_>>());
    let mut child = common::program(env!("CARGO_BIN_EXE_ek-play"))
        .args(["--hash", "16"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("ek-play starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    // The answers, read by a thread: a missing answer fails the test instead of blocking it.
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(stdout).lines() {
            if tx.send(l.expect("a line")).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    for (k, (cmd, want)) in steps.iter().enumerate() {
        writeln!(stdin, "{cmd}").expect("written");
        stdin.flush().expect("flushed");
        let mut got = Vec::new();
        while got.len() < want.len() {
            match rx.recv_timeout(Duration::from_secs(60)) {
                Ok(l) => got.push(l),
                Err(_) => break,
            }
        }
        seen.push(format!("> {cmd}"));
        seen.extend(got.iter().cloned());
        let norm = |v: &[String]| v.iter().map(|l| normalise(cmd, l)).collect::<Vec<_>>();
        assert_eq!(
            norm(&got),
            norm(want),
            "{name}: answer to line {} `{cmd}`; the session so far:\n{}",
            k + 1,
            seen.join("\n")
        );
    }
    // Nothing more after the last answer.
    drop(stdin);
    let rest: Vec<String> = rx.iter().collect();
    assert!(rest.is_empty(), "{name}: more lines than Edax's: {rest:?}");
    assert!(child.wait().expect("ek-play ends").success());
}

#[test]
fn gtp_as_edax() {
    replay("gtp", &["--gtp", "--level", "6"]);
}

#[test]
fn xboard_as_edax() {
    replay("xboard", &["--xboard"]);
}

/// The clock through the protocols: at level 60 (a search of hours) a move comes once a time is
/// given, GTP's `time_left` (5 s for the game) and xboard's `st` (0.3 s a move) and `time`
/// (2 s left) with `level` (a game of 2 minutes); `quit` is written only after it, since it
/// would stop the search. Nothing is timed: a clock that did not act would leave the test
/// waiting far past any test's time.
#[test]
fn the_clock_limits_level_60() {
    let sessions = [
        ("--gtp", "clear_board\ngenmove b\nplay w d6\ntime_left b 5 0\ngenmove b\n", "= ", 5),
        ("--xboard", "new\nst 0.3\nusermove P@f5\n", "move P@", 1),
        ("--xboard", "new\nlevel 0 2 0\ntime 200\notim 200\nusermove P@f5\n", "move P@", 1),
    ];
    for (protocol, input, answer, n) in sessions {
        let mut child = common::program(env!("CARGO_BIN_EXE_ek-play"))
            .args(["--hash", "16", protocol])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("ek-play starts");
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(input.as_bytes()).expect("written");
        stdin.flush().expect("flushed");
        let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines().map(|l| l.expect("a line"));
        // The n-th answer is the searched move (GTP's second genmove, xboard's reply to f5).
        let mv = lines.by_ref().filter(|l| l.starts_with(answer)).nth(n - 1).expect("the move");
        let square = &mv.as_bytes()[mv.len() - 2..];
        assert!(square[0].is_ascii_lowercase() && square[1].is_ascii_digit(), "{protocol}: {mv}");
        writeln!(stdin, "quit").expect("written");
        drop(stdin);
        lines.for_each(drop);
        assert!(child.wait().expect("ends").success());
    }
}

/// ek-play's answers to `input` with `args` (small table), read to the end.
fn answers(args: &[&str], input: &str) -> Vec<String> {
    let mut child = common::program(env!("CARGO_BIN_EXE_ek-play"))
        .args(["--hash", "16"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("ek-play starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("written");
    drop(stdin);
    let out = BufReader::new(child.stdout.take().expect("stdout")).lines().map(|l| l.expect("a line")).collect();
    assert!(child.wait().expect("ek-play ends").success());
    out
}

/// With a book (`--book` tests/data/book/edax.dat, made by Edax; a fixed seed): xboard's move
/// from the start (`setboard`, which lifts the forced F5) is one of the book's best, D3, C4,
/// F5 or E6, at level 60 with no search (its thinking line: depth 0, no nodes; a search would
/// take hours, here cut at half a second); a position outside the book (GTP, level 6) gets the move it gets without a
/// book; a file that is no book ends the program, naming it and the byte.
#[test]
fn a_book() {
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/book/edax.dat");
    let xboard = "xboard\nprotover 2\nnew\nforce\nsetboard 8/8/8/3pP3/3Pp3/8/8/8 b - - 0 1\ngo\nping 1\n";
    for seed in ["1", "2", "3"] {
        let out =
            answers(&["--xboard", "--level", "60", "--move-time", "500", "--book", book, "--book-seed", seed], xboard);
        let mv = out.iter().find(|l| l.starts_with("move ")).unwrap_or_else(|| panic!("no move: {out:?}"));
        assert!(["move P@d3", "move P@c4", "move P@f5", "move P@e6"].contains(&mv.as_str()), "{out:?}");
        let post: Vec<&str> =
            out.iter().find(|l| l.starts_with(" 0 ")).expect("a thinking line").split_whitespace().collect();
        assert_eq!((post[0], post[1], post[3]), ("0", "1200", "0"), "{out:?}");
    }
    let gtp = "play b f5\nplay w f6\nplay b d3\nplay w c5\ngenmove b\nquit\n";
    let with = answers(&["--gtp", "--level", "6", "--book", book, "--book-seed", "1"], gtp);
    assert_eq!(with, answers(&["--gtp", "--level", "6"], gtp));
    let bad = common::program(env!("CARGO_BIN_EXE_ek-play"))
        .args(["--gtp", "--book", "Cargo.toml"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(!bad.status.success() && err.contains("Cargo.toml: byte 0"), "{err}");
}
