//! `ek-nboard`: the library's engine (Edax 4.6's whole search, `EkEngine`) as a command-line
//! engine speaking the NBoard protocol (version 2) on stdin and stdout, as Edax does with
//! `-nboard`, so that it plays in Othello GUIs (NBoard) and in matches.
//!
//! Usage: ek-nboard [--eval EVAL_DAT] [--hash BITS] [--level L] [--move-time MS] [--threads N] [--clock]
//!   [--book FILE [--book-usage on|off] [--book-randomness N] [--book-seed N]]
//!   --eval: Edax-format weights (default: the project's own, built into the library);
//!   --hash: the main table's 2^BITS entries (default 21, Edax's default);
//!   --level: Edax's level until a `set depth` (default 10);
//!   --move-time: each search also ends after MS milliseconds (with the deepest result it
//!     completed; 0, the default: none), as Edax's `-move-time`;
//!   --threads: the threads of each search (default 1: Edax's search node for node);
//!   --clock: a game's time (its GGF's `TI`, less the times of its moves and of the `move`s
//!     after it) limits each search, shared out over the moves as Edax's time per game is
//!     (`engine::clock`); Edax's NBoard engine, and ek-nboard without it, ignore the time;
//!   --book: an Edax book.dat played from (`book::play`) as Edax's `-book-file`, with Edax's
//!     `-book-usage` and `-book-randomness`; `--book-seed`: its generator's seed (default: the
//!     clock, as Edax's).
//!
//! Commands: `nboard N`, `set depth N` (Edax's level, 1..60), `set game GGF`, `move MOVE[/EVAL/TIME]`,
//! `go` (answers `=== MOVE/EVAL/TIME`), `hint N` (answers `search PV EVAL 0 DEPTH` for the best
//! move; for N > 1, one `search MOVE EVAL 0 LEVEL` line for each of the N best moves of an
//! analysis, `ek_engine_analyze`; with a book, its moves first as `book PV SCORE N_LINES
//! LEVEL` lines, Edax's `play_hint`), `ping N` (stops a running search, answers `pong N`),
//! `learn` (with a book, stores the game into it and saves it to the `--book` file, Edax's
//! `play_store`; answers `learned`), `quit`. Other lines are ignored, as the protocol asks. docs/nboard.md
//! has an example session.

#[path = "shared/book.rs"]
mod book;
#[path = "shared/engine.rs"]
mod engine;
#[path = "shared/position.rs"]
mod position;

use edax_kernels::book::{EkBookUse, EkPlayResult, EngineBookSearch};
use edax_kernels::engine::clock::{Clock, TimeControl};
use edax_kernels::engine::{EkEngine, EkEngineLimits};
use edax_kernels::{NOMOVE, PASS};
use position::{parse_ggf_clock, parse_ggf_game, parse_move, square_name, Position};
use std::io::Write;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// An analysis's score of a move whose search completed no depth (the C API's `EK_SCORE_NONE`).
const SCORE_NONE: i32 = 32767;

/// The command-line engine's state.
struct Nboard<W: Write> {
    engine: EkEngine,
    level: i32,
    /// Each search's time limit in milliseconds (0: none).
    move_time_ms: u64,
    /// With `--clock`: the game's clock (from its GGF's `TI`); `None`: the time is not used.
    clock: Option<Clock>,
    use_clock: bool,
    position: Position,
    /// The moves from the standard start to the position (`learn` stores them into the
    /// book); `None` when the game started from another position.
    game: Option<Vec<i32>>,
    /// The opening book (`--book`).
    book: Option<book::Book>,
    out: W,
}

impl<W: Write> Nboard<W> {
    fn say(&mut self, line: &str) {
        // A GUI that closed its end ends the session: nothing more to say.
        let _ = writeln!(self.out, "{line}").and_then(|()| self.out.flush());
    }

    /// Runs `job` (a search or an analysis on the engine) while `lines` keeps coming: a `ping`,
    /// `quit`, `move`, `set`, `go` or `hint` stops it (they are kept in `pending`, to run after
    /// it). Returns its result and its seconds.
    fn think<T: Send>(
        &mut self,
        lines: &mpsc::Receiver<String>,
        pending: &mut Vec<String>,
        job: impl FnOnce(&EkEngine) -> Result<T, edax_kernels::SolveError> + Send,
    ) -> (Result<T, edax_kernels::SolveError>, f64) {
        let start = Instant::now();
        self.say("status ek-nboard is thinking");
        let engine = &self.engine;
        let result = std::thread::scope(|s| {
            let search = s.spawn(|| job(engine));
            while !search.is_finished() {
                // (1 ms: the answer follows the search's end closely, a fast search's time
                // being mostly this wait otherwise.)
                match lines.recv_timeout(Duration::from_millis(1)) {
                    Ok(line) => {
                        let interrupts =
                            ["ping", "quit", "move", "set", "go", "hint"].iter().any(|c| line.starts_with(c));
                        pending.push(line);
                        if interrupts {
                            engine.stop();
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        engine.stop();
                        pending.push("quit".to_owned());
                        break;
                    }
                }
            }
            search.join().unwrap_or(Err(edax_kernels::SolveError::Stopped))
        });
        (result, start.elapsed().as_secs_f64())
    }

    /// The limits of a search of the position.
    fn limits(&self) -> EkEngineLimits {
        let mut max_time_ms = self.move_time_ms;
        self.engine.set_iteration_time(0);
        if let Some(c) = &self.clock {
            let p = &self.position;
            let (t, iteration_ms) = c.engine_times(p.side(), p.empties(), self.engine.threads());
            max_time_ms = if max_time_ms == 0 { t } else { max_time_ms.min(t) };
            self.engine.set_iteration_time(iteration_ms);
        }
        EkEngineLimits { max_time_ms, ..EkEngineLimits::level(self.level) }
    }

    /// Searches the position (`think`), answering `go` (`===`) or `hint 1` (`search`).
    /// With a book, its move when the position is in it (Edax's `play_go`): no search, no
    /// `nodestats`, the book's score and a status saying so.
    fn search(&mut self, lines: &mpsc::Receiver<String>, pending: &mut Vec<String>, go: bool) {
        let (board, limits) = (self.position.board(), self.limits());
        let mut book = self.book.take();
        let (result, seconds) = self.think(lines, pending, |e| {
            let usage = book.as_ref().map_or(EkBookUse { enabled: 0, randomness: 0 }, |b| b.usage);
            edax_kernels::book::play(e, book.as_mut().map(|b| &mut b.book), usage, &board, &limits)
        });
        self.book = book;
        match result {
            Ok(EkPlayResult { result: r, from_book }) => {
                let mv = if r.best_move == NOMOVE { PASS } else { r.best_move };
                if from_book != 0 {
                    self.say(&format!("status ek-nboard plays {} from the book", square_name(mv)));
                } else {
                    self.say(&format!("nodestats {} {seconds:.2}", r.n_nodes));
                }
                if go {
                    self.say(&format!("=== {}/{:.2}/{seconds:.2}", square_name(mv), f64::from(r.score)));
                } else {
                    let pv: Vec<String> =
                        r.pv[..r.pv_length as usize].iter().map(|&x| square_name(i32::from(x))).collect();
                    let pv = if pv.is_empty() { square_name(mv) } else { pv.join("") };
                    self.say(&format!("search {pv} {:.2} 0 {}", f64::from(r.score), r.depth));
                }
            }
            Err(e) => self.say(&format!("status the search gave no move ({e:?})")),
        }
        self.say("status ek-nboard is waiting");
    }

    /// `hint n` for n > 1: an analysis of the position (`think`), its `n` best moves.
    /// Analyses the moves the book did not list (`excluded`).
    fn hints(&mut self, lines: &mpsc::Receiver<String>, pending: &mut Vec<String>, n: usize, excluded: &[i32]) {
        let (board, limits) = (self.position.board(), self.limits());
        let (result, _) = self.think(lines, pending, |e| e.analyze(&board, &limits));
        match result {
            Ok(mut moves) => {
                moves.retain(|m| m.score != SCORE_NONE && !excluded.contains(&m.square));
                moves.sort_by_key(|m| -m.score);
                for m in moves.iter().take(n) {
                    let line = format!("search {} {:.2} 0 {}", square_name(m.square), f64::from(m.score), self.level);
                    self.say(&line);
                }
            }
            Err(e) => self.say(&format!("status the analysis gave no move ({e:?})")),
        }
        self.say("status ek-nboard is waiting");
    }

    /// `hint n`, as Edax's `play_hint` answers NBoard: with a book holding the position, its
    /// moves first (up to `n`), each `book PV SCORE N_LINES LEVEL` (its line's first 4 moves,
    /// the number of the book's lines after it, the book's level), then the search of the
    /// others for the rest.
    fn hint(&mut self, lines: &mpsc::Receiver<String>, pending: &mut Vec<String>, n: usize) {
        let board = self.position.board();
        let (mut listed, mut said) = (Vec::new(), Vec::new());
        if let Some(b) = self.book.as_mut().filter(|b| b.usage.enabled != 0) {
            let level = b.book.options.level;
            for m in b.book.moves(&board).unwrap_or_default().into_iter().take(n) {
                let line = b.book.line(&board, m.mv);
                // Edax's `line_print(&pv, 10, NULL, ...)`: 4 moves, padded to 4.
                let pv: String = (0..4).map(|i| line.get(i).map_or("  ".to_owned(), |&x| square_name(x))).collect();
                let n_lines = self.position.play(m.mv).map_or(0, |p| b.book.game_stats(&p.board()).n_lines);
                listed.push(m.mv);
                said.push(format!("book {pv} {} {n_lines} {level}", m.score));
            }
        }
        for line in said {
            self.say(&line);
        }
        let n_moves = (self.position.moves().count_ones() as usize).max(1);
        let left = n.min(n_moves).saturating_sub(listed.len());
        match left {
            0 => self.say("status ek-nboard is waiting"),
            1 if listed.is_empty() => self.search(lines, pending, false),
            _ => self.hints(lines, pending, left, &listed),
        }
    }

    /// Edax's `learn` (`play_store`): the game stored into the book (its positions searched
    /// at the book's level on the engine, linked and negamaxed), and the book saved to the
    /// `--book` file.
    fn learn(&mut self) {
        self.say("status ek-nboard is learning");
        match (&mut self.book, &self.game) {
            (Some(b), Some(game)) => {
                let moves: Vec<u8> = game.iter().map(|&x| x as u8).collect();
                let mut search = EngineBookSearch::new(&self.engine, false);
                let stored = b.book.store_game(&moves, &mut search);
                let saved = if stored { b.book.save(std::path::Path::new(&b.path), None) } else { Ok(()) };
                let line = match saved {
                    Ok(()) if stored => format!("status ek-nboard learned the game into {}", b.path),
                    Ok(()) => format!("status ek-nboard: the book {} already holds the game", b.path),
                    Err(e) => format!("status ek-nboard cannot save the book {}: {e}", b.path),
                };
                self.say(&line);
            }
            (None, _) => self.say("status ek-nboard has no book (--book) to learn into"),
            (_, None) => self.say("status ek-nboard learns only games from the standard start"),
        }
        self.say("learned");
        self.say("status ek-nboard is waiting");
    }

    /// Runs one command line; false on `quit`.
    fn command(&mut self, line: &str, lines: &mpsc::Receiver<String>, pending: &mut Vec<String>) -> bool {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("quit") => return false,
            Some("ping") => {
                let n = words.next().unwrap_or("0");
                self.say(&format!("pong {n}"));
            }
            Some("set") => match words.next() {
                Some("depth") => {
                    if let Some(d) = words.next().and_then(|d| d.parse::<i32>().ok()) {
                        self.level = d.clamp(1, 60);
                        self.say(&format!("set myname ek-nboard{}", self.level));
                    }
                }
                Some("game") => {
                    let ggf = line.splitn(3, ' ').nth(2).unwrap_or("");
                    match parse_ggf_game(ggf) {
                        Some((initial, moves, p)) => {
                            self.position = p;
                            self.game = (initial == Position::START).then_some(moves);
                            self.clock = parse_ggf_clock(ggf).filter(|_| self.use_clock).map(|(ms, spent)| {
                                let mut c = Clock::new(TimeControl::PerGame { ms, increment_ms: 0 });
                                c.spend(0, spent[0]);
                                c.spend(1, spent[1]);
                                c
                            });
                            // A new game starts on empty tables, as Edax's (`play_new` cleans
                            // its search up): the same games as Edax at the same level.
                            let _ = self.engine.clear();
                        }
                        None => self.say("status ek-nboard cannot read this game: the position is unchanged"),
                    }
                }
                _ => {}
            },
            Some("move") => match words.next().and_then(|m| Some((m, self.position.play(parse_move(m)?)?))) {
                Some((m, p)) => {
                    // The move's time (`MOVE/EVAL/TIME`) off its player's clock.
                    if let Some(c) = &mut self.clock {
                        let t = m.split('/').nth(2).and_then(position::ggf_time_ms).unwrap_or(0);
                        c.spend(self.position.side(), t);
                    }
                    if let (Some(g), Some(x)) = (&mut self.game, parse_move(m)) {
                        g.push(x);
                    }
                    self.position = p
                }
                None => self.say("status ek-nboard: an illegal move, ignored"),
            },
            Some("go") => self.search(lines, pending, true),
            Some("hint") => match words.next().and_then(|n| n.parse::<usize>().ok()) {
                Some(n) => self.hint(lines, pending, n),
                _ => self.hint(lines, pending, 1),
            },
            Some("learn") => self.learn(),
            _ => {}
        }
        true
    }
}

fn usage() -> ! {
    eprintln!(
        "usage: ek-nboard [--eval EVAL_DAT] [--hash BITS] [--level L] [--move-time MS] [--threads N] [--clock] [--book FILE [--book-usage on|off] [--book-randomness N] [--book-seed N]]   (the NBoard protocol on stdin and stdout)"
    );
    std::process::exit(2);
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut eval, mut bits, mut level, mut move_time_ms, mut threads) = (None, 21, 10, 0u64, 1);
    let (mut use_clock, mut book_args) = (false, book::BookArgs::default());
    while let Some(a) = args.next() {
        match a.as_str() {
            a if book_args.take(a, &mut args).unwrap_or_else(|| usage()) => {}
            "--eval" => eval = Some(args.next().unwrap_or_else(|| usage())),
            "--hash" => bits = args.next().and_then(|b| b.parse().ok()).unwrap_or_else(|| usage()),
            "--level" => {
                level =
                    args.next().and_then(|b| b.parse().ok()).filter(|l| (1..=60).contains(l)).unwrap_or_else(|| usage())
            }
            "--move-time" => move_time_ms = args.next().and_then(|b| b.parse().ok()).unwrap_or_else(|| usage()),
            "--threads" => threads = args.next().and_then(|b| b.parse().ok()).unwrap_or_else(|| usage()),
            "--clock" => use_clock = true,
            _ => usage(),
        }
    }
    let book = book_args.load("ek-nboard");
    let engine = engine::make_engine("ek-nboard", eval.as_deref(), bits, threads);
    // The input is read by a thread of its own, so that a ping can stop a search.
    let rx = engine::input_lines();
    let mut nboard = Nboard {
        engine,
        level,
        move_time_ms,
        clock: None,
        use_clock,
        position: Position::START,
        game: Some(Vec::new()),
        book,
        out: std::io::stdout().lock(),
    };
    let mut pending: Vec<String> = Vec::new();
    loop {
        let line = if pending.is_empty() {
            match rx.recv() {
                Ok(line) => line,
                Err(_) => break,
            }
        } else {
            pending.remove(0)
        };
        if !nboard.command(line.trim(), &rx, &mut pending) {
            break;
        }
    }
}
