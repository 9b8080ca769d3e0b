//! A game as Edax's play.c keeps it, shared by the GTP and xboard loops: the position and its
//! history (for undo), the level, the clock, the forced first move, the search of a move on the
//! engine (interrupted by the input), and pondering.

use crate::position::Position;
use edax_kernels::engine::clock::{Clock, TimeControl};
use edax_kernels::engine::{EkEngine, EkEngineLimits, EkEngineResult};
use edax_kernels::{EkBoard, SolveError, NOMOVE, PASS};
use std::collections::VecDeque;
use std::sync::{mpsc, Arc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The lines of the input, read by a thread of their own (so that a line can stop a search),
/// and those read during a search, kept for after it.
pub struct Input {
    pub rx: mpsc::Receiver<String>,
    pub pending: VecDeque<String>,
}

impl Input {
    /// The next line; `None` at the end of the input.
    pub fn next(&mut self) -> Option<String> {
        self.pending.pop_front().or_else(|| self.rx.recv().ok())
    }

    /// Whether a line waits (Edax's `ui_event_exist`).
    pub fn waiting(&mut self) -> bool {
        while let Ok(l) = self.rx.try_recv() {
            self.pending.push_back(l);
        }
        !self.pending.is_empty()
    }

    /// Waits until `done()` or `deadline`, keeping the lines that come; returns true when a
    /// line starting with one of `interrupts` came (or the input ended).
    fn watch(&mut self, interrupts: &[&str], deadline: Option<Instant>, done: impl Fn() -> bool) -> bool {
        while !done() {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return false;
            }
            // (1 ms: the answer follows the search's end closely.)
            match self.rx.recv_timeout(Duration::from_millis(1)) {
                Ok(line) => {
                    let first = line.split_whitespace().next().unwrap_or("").to_owned();
                    self.pending.push_back(line);
                    if interrupts.contains(&first.as_str()) {
                        return true;
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    self.pending.push_back("eof".to_owned());
                    return true;
                }
            }
        }
        false
    }
}

/// A search on the opponent's time: the position it searches (ours to move, after the
/// opponent's predicted move) and its thread.
struct Ponder {
    board: EkBoard,
    thread: JoinHandle<Result<EkEngineResult, SolveError>>,
}

/// How a move was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Edax's forced first move (play.c's `play_force_init(play, "F5")`): no search.
    Forced,
    /// The book's move (`--book`): no search.
    Book,
    /// A search started for the move.
    Search,
    /// The search pondering the position (the opponent played the predicted move), waited for.
    PonderHit,
}

/// A move the engine played.
#[derive(Clone, Copy, Debug)]
pub struct Played {
    pub x: i32,
    pub result: Option<EkEngineResult>,
    #[cfg_attr(not(test), allow(dead_code))] // read by the tests
    pub source: Source,
}

pub struct Game {
    pub engine: Arc<EkEngine>,
    /// The position a new game starts from (`new`, `clear_board`; changed by `setboard`).
    pub initial: Position,
    pub position: Position,
    /// The positions before each move played, for undo.
    history: Vec<Position>,
    /// The last move played (a square or PASS), as Edax's `play_get_last_move`.
    pub moves: Vec<i32>,
    /// Edax's level (`options.level`).
    pub level: i32,
    pub clock: Clock,
    /// Edax's `-ponder` (xboard's `hard` and `easy`).
    pub can_ponder: bool,
    ponder: Option<Ponder>,
    /// Whether the start position's first move is forced to F5 (Edax's force line; a
    /// `setboard` clears it, as Edax's `play_force_init(play, "")`).
    pub force_f5: bool,
    /// The searches started (by `go` and pondering): what a ponder hit saves (tests).
    pub searches: u32,
    /// The position after the engine's last move and that move's result (its principal
    /// variation predicts the opponent's reply).
    last: Option<(Position, EkEngineResult)>,
    /// The opening book (`--book`).
    pub book: Option<crate::book::Book>,
}

impl Game {
    pub fn new(engine: Arc<EkEngine>, initial: Position, level: i32) -> Game {
        Game {
            engine,
            initial,
            position: initial,
            history: Vec::new(),
            moves: Vec::new(),
            level,
            clock: Clock::new(TimeControl::None),
            can_ponder: false,
            ponder: None,
            force_f5: true,
            searches: 0,
            last: None,
            book: None,
        }
    }

    /// Edax's `play_new`: the initial position, both clocks full, empty tables.
    pub fn new_game(&mut self) {
        self.stop_pondering();
        self.position = self.initial;
        self.history.clear();
        self.moves.clear();
        self.last = None;
        self.clock = Clock::new(self.clock.control);
        // A new game starts on empty tables, as Edax's (`search_cleanup`).
        let _ = self.engine.clear();
    }

    /// Plays `x` (a square or PASS) for the side to move; false (nothing played) when illegal.
    pub fn play(&mut self, x: i32) -> bool {
        match self.position.play(x) {
            Some(next) => {
                self.history.push(self.position);
                self.moves.push(x);
                self.position = next;
                true
            }
            None => false,
        }
    }

    /// Edax's `play_user_move`: a move's text, legal for the side to move (a pass only when it
    /// must pass).
    pub fn play_text(&mut self, text: &str) -> bool {
        match crate::position::parse_move(text) {
            Some(PASS) if !self.position.must_pass() => false,
            Some(x) if x != PASS && self.position.moves() >> x & 1 == 0 => false,
            Some(x) => self.play(x),
            None => false,
        }
    }

    /// Takes the last move back (Edax's `play_undo`); false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(p) => {
                self.stop_pondering();
                self.position = p;
                self.moves.pop();
                true
            }
            None => false,
        }
    }

    /// The limits of a search of the position.
    fn limits(&self, time_ms: u64) -> EkEngineLimits {
        EkEngineLimits { max_time_ms: time_ms, ..EkEngineLimits::level(self.level) }
    }

    /// Edax's `play_go`: finds the side to move's move (forced, the book's, a ponder hit or a
    /// search, whose
    /// time the clock gives), plays it when `update`, starts pondering when allowed, and spends
    /// the clock. A line starting with one of `interrupts` stops the search (the deepest result
    /// is played). `None` when the game is over.
    pub fn go(&mut self, input: &mut Input, interrupts: &[&str], update: bool) -> Option<Played> {
        if self.position.is_over() {
            return None;
        }
        let start = Instant::now();
        let (board, side, empties) = (self.position.board(), self.position.side(), self.position.empties());
        let (time_ms, iteration_ms) = self.clock.engine_times(side, empties, self.engine.threads());
        // The book's move (`book::play`'s, at the book's randomness), as Edax's after the forced
        // move and before pondering: pondering stops and the move is played at once.
        let forced = self.force_f5 && self.history_is_start() && board == Position::START.board();
        let from_book = match self.book.as_mut().filter(|b| !forced && b.usage.enabled != 0) {
            Some(b) => edax_kernels::book::book_result(&mut b.book, &board, b.usage.randomness),
            None => None,
        };
        let played = if forced {
            self.stop_pondering();
            Played { x: 37, result: None, source: Source::Forced }
        } else if let Some(r) = from_book {
            self.stop_pondering();
            Played { x: r.best_move, result: Some(r), source: Source::Book }
        } else {
            let (result, source) = match self.ponder.take() {
                Some(p) if p.board == board => {
                    // The opponent played the predicted move: the search goes on, now with the
                    // move's time (Edax's `search_time_reset`), and its result is the move's.
                    let deadline = (time_ms > 0).then(|| start + Duration::from_millis(time_ms));
                    if input.watch(interrupts, deadline, || p.thread.is_finished()) || !p.thread.is_finished() {
                        self.stop_until(&p.thread);
                    }
                    (p.thread.join().unwrap_or(Err(SolveError::Stopped)), Source::PonderHit)
                }
                other => {
                    if let Some(p) = other {
                        self.stop_until(&p.thread);
                        let _ = p.thread.join();
                    }
                    self.searches += 1;
                    let limits = self.limits(time_ms);
                    self.engine.set_iteration_time(iteration_ms);
                    let engine = &*self.engine;
                    let r = std::thread::scope(|s| {
                        let search = s.spawn(|| engine.search(&board, &limits));
                        if input.watch(interrupts, None, || search.is_finished()) {
                            engine.stop();
                        }
                        search.join().unwrap_or(Err(SolveError::Stopped))
                    });
                    (r, Source::Search)
                }
            };
            let r = result.ok();
            let x = match r {
                Some(r) if r.best_move != NOMOVE => r.best_move,
                // No result (stopped before any): the first legal move, or a pass.
                _ => {
                    let m = self.position.moves();
                    if m == 0 {
                        PASS
                    } else {
                        m.trailing_zeros() as i32
                    }
                }
            };
            Played { x, result: r, source }
        };
        self.clock.spend(side, start.elapsed().as_millis() as i64);
        if update {
            self.play(played.x);
            self.last = played.result.map(|r| (self.position, r));
            if self.can_ponder {
                self.start_pondering(played.result.as_ref());
            }
        }
        Some(played)
    }

    /// Whether the game is at its initial position (no move played since `new`).
    fn history_is_start(&self) -> bool {
        self.history.is_empty()
    }

    /// Starts searching, on the opponent's time, the position after the opponent's move that
    /// our search's principal variation predicts (its second move), at our level and without a
    /// time limit (Edax's `play_ponder_run`); nothing without a prediction or when over.
    pub fn start_pondering(&mut self, last: Option<&EkEngineResult>) {
        self.stop_pondering();
        let Some(r) = last else { return };
        if r.pv_length < 2 || self.position.is_over() {
            return;
        }
        let Some(next) = self.position.play(i32::from(r.pv[1])) else { return };
        let (board, limits, engine) = (next.board(), self.limits(0), Arc::clone(&self.engine));
        // Pondering has no time: its deepening goes on until the opponent moves.
        engine.set_iteration_time(0);
        self.searches += 1;
        let thread = std::thread::spawn(move || engine.search(&board, &limits));
        self.ponder = Some(Ponder { board, thread });
    }

    /// The opponent's reply our last search predicts, while the position is the one after
    /// our move.
    pub fn predicted(&self) -> Option<i32> {
        match &self.last {
            Some((p, r)) if *p == self.position && r.pv_length >= 2 => Some(i32::from(r.pv[1])),
            _ => None,
        }
    }

    /// Starts pondering now (xboard's `hard`, `playother`), when the position is the one after
    /// the engine's last move.
    pub fn ponder_now(&mut self) {
        if let Some((p, r)) = self.last {
            if p == self.position && self.can_ponder {
                self.start_pondering(Some(&r));
            }
        }
    }

    /// Stops pondering (Edax's `play_stop_pondering`), its result lost.
    pub fn stop_pondering(&mut self) {
        if let Some(p) = self.ponder.take() {
            self.stop_until(&p.thread);
            let _ = p.thread.join();
        }
    }

    /// Whether a search ponders now.
    #[cfg_attr(not(test), allow(dead_code))] // read by the tests
    pub fn pondering(&self) -> bool {
        self.ponder.as_ref().is_some_and(|p| !p.thread.is_finished())
    }

    /// Stops the engine until `thread` ends: a stop reaches only a search that holds the
    /// tables, so it is repeated until the thread's search has taken them and ended (Edax's
    /// loop in `play_stop_pondering`).
    fn stop_until<T>(&self, thread: &JoinHandle<T>) {
        while !thread.is_finished() {
            self.engine.stop();
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use edax_kernels::engine::EkWeights;

    fn engine() -> Arc<EkEngine> {
        Arc::new(EkEngine::new(EkWeights::bundled().expect("the weights"), 16).expect("an engine"))
    }

    fn input() -> (mpsc::Sender<String>, Input) {
        let (tx, rx) = mpsc::channel();
        (tx, Input { rx, pending: VecDeque::new() })
    }

    /// A game after F5 D6 C3 (black to move... white's reply predicted by our search).
    fn opened(engine: Arc<EkEngine>, level: i32) -> Game {
        let mut g = Game::new(engine, Position::START, level);
        for x in [37, 43, 18] {
            assert!(g.play(x));
        }
        g
    }

    /// A ponder hit reuses the pondering search: no search starts after the opponent's move,
    /// and the move and its nodes are those of the same sequence of searches without
    /// pondering (the tables are in the same state: the ponder search is the move's search).
    #[test]
    fn a_ponder_hit_reuses_the_search() {
        let (_tx, mut inp) = input();
        let mut plain = opened(engine(), 8);
        let first = plain.go(&mut inp, &[], true).unwrap();
        let r = first.result.expect("a search");
        assert!(r.pv_length >= 2);
        let reply = i32::from(r.pv[1]);
        assert!(plain.play(reply));
        let want = plain.go(&mut inp, &[], true).unwrap();
        assert_eq!((want.source, plain.searches), (Source::Search, 2));

        let mut g = opened(engine(), 8);
        g.can_ponder = true;
        let mine = g.go(&mut inp, &[], true).unwrap();
        assert_eq!(mine.x, first.x);
        assert_eq!(g.searches, 2, "our search and the pondering one");
        // Let the pondering finish (a level-8 search), then the opponent plays the prediction.
        while g.pondering() {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(g.play(reply));
        let hit = g.go(&mut inp, &[], false).unwrap();
        assert_eq!(hit.source, Source::PonderHit);
        assert_eq!(g.searches, 2, "no search started for the move");
        let (h, w) = (hit.result.unwrap(), want.result.unwrap());
        assert_eq!((hit.x, h.score, h.n_nodes), (want.x, w.score, w.n_nodes));
    }

    /// A miss stops the pondering search promptly (a level-60 search, minutes long, is
    /// stopped: the test ends) and searches the position played.
    #[test]
    fn a_ponder_miss_stops_and_searches() {
        let (_tx, mut inp) = input();
        let mut g = opened(engine(), 4);
        g.can_ponder = true;
        let mine = g.go(&mut inp, &[], true).unwrap();
        let predicted = i32::from(mine.result.unwrap().pv[1]);
        // Ponder at level 60 instead: the same prediction, a search that would not end.
        g.level = 60;
        g.start_pondering(mine.result.as_ref());
        std::thread::sleep(Duration::from_millis(50));
        assert!(g.pondering());
        g.level = 4;
        let other = (0..64).find(|&x| x != predicted && g.position.moves() >> x & 1 == 1).expect("another move");
        assert!(g.play(other));
        let searches = g.searches;
        g.can_ponder = false;
        let m = g.go(&mut inp, &[], true).unwrap();
        assert_eq!(m.source, Source::Search);
        assert_eq!(g.searches, searches + 1);
        assert!(!g.pondering());
    }

    /// An interrupt line stops a long search; the move is still legal.
    #[test]
    fn an_interrupt_stops_a_search() {
        let (tx, mut inp) = input();
        let mut g = opened(engine(), 60);
        let sender = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            tx.send("?".to_owned()).unwrap();
            tx
        });
        let before = g.position;
        let m = g.go(&mut inp, &["?"], true).unwrap();
        assert!(before.moves() >> m.x & 1 == 1);
        assert_eq!(inp.pending.front().map(String::as_str), Some("?"));
        drop(sender.join());
    }

    /// The forced first move, as Edax's: F5 at the start, without a search; none after a
    /// `setboard` (force_f5 false).
    #[test]
    fn the_forced_first_move() {
        let (_tx, mut inp) = input();
        let mut g = Game::new(engine(), Position::START, 4);
        let m = g.go(&mut inp, &[], true).unwrap();
        assert_eq!((m.x, m.source, g.searches), (37, Source::Forced, 0));
        assert!(g.undo());
        g.force_f5 = false;
        let m = g.go(&mut inp, &[], false).unwrap();
        assert_eq!(m.source, Source::Search);
    }

    /// With a book (tests/data/book/edax.dat, made by Edax): the start's move is one of the
    /// book's best (D3, C4, F5, E6, at the book's score) with no search, pondering stopped; a position
    /// outside the book is searched.
    #[test]
    fn the_book_answers_its_positions_and_the_search_the_others() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/book/edax.dat");
        let args = crate::book::BookArgs { path: Some(path.into()), seed: Some(7), ..Default::default() };
        let (_tx, mut inp) = input();
        let mut g = Game::new(engine(), Position::START, 4);
        g.force_f5 = false;
        g.can_ponder = true;
        g.book = args.load("test");
        let m = g.go(&mut inp, &[], false).unwrap();
        assert_eq!(m.source, Source::Book);
        assert!([19, 26, 37, 44].contains(&m.x), "{m:?}");
        let best = g.book.as_ref().unwrap().book.moves(&Position::START.board()).unwrap()[0];
        assert_eq!((m.result.unwrap().score, g.searches), (best.score, 0));
        // Out of the book: the first legal move each time until the book has no position.
        while g.book.as_ref().unwrap().book.probe(&g.position.board()).is_some() {
            let x = g.position.moves().trailing_zeros() as i32;
            assert!(g.play(x));
        }
        let m = g.go(&mut inp, &[], false).unwrap();
        assert_eq!((m.source, g.searches), (Source::Search, 1));
        // `--book-usage off`: the start is searched.
        let mut g2 = Game::new(engine(), Position::START, 4);
        g2.force_f5 = false;
        g2.book = crate::book::BookArgs { usage: Some(false), ..args }.load("test");
        assert_eq!(g2.go(&mut inp, &[], false).unwrap().source, Source::Search);
    }

    /// The clock runs down by the moves' time under a time per game.
    #[test]
    fn the_clock_runs_down() {
        let (_tx, mut inp) = input();
        let mut g = opened(engine(), 60);
        g.clock = Clock::new(TimeControl::PerGame { ms: 2000, increment_ms: 0 });
        let side = g.position.side();
        let t = Instant::now();
        g.go(&mut inp, &[], true).unwrap();
        let spent = t.elapsed().as_millis() as i64;
        // A level-60 search stopped by the clock's limit: the time left went down, by no more
        // than the move took, and is not exhausted; the other side's clock did not move.
        let used = 2000 - g.clock.left_ms[side];
        assert!(used > 0 && used <= spent, "{:?} {spent}", g.clock);
        assert!(g.clock.left_ms[side] > 0);
        assert_eq!(g.clock.left_ms[1 - side], 2000);
    }
}
