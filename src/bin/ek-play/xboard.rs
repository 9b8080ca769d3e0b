//! The xboard (CECP) protocol as Edax's xboard.c answers it, for xboard's `reversi` variant:
//! white moves first from the colour-reversed start (Edax's FEN
//! `8/8/8/3Pp3/3pP3/8/8/8 w - - 0 1`), moves are written `P@d3` (`@@@@` a pass), the engine
//! plays the colour `go` gave it whenever that colour is to move and no command waits.
//!
//! Not as Edax: `analyze` (Edax's analysis mode; refused here, and `analyze=0` in the features),
//! `hint` (the reply our last search predicted, where Edax reads its table), `memory` (ignored:
//! the table's size is the command line's), `playother` (the engine takes the colour not to
//! move, where Edax takes the one to move), `level` with 0 moves and an increment (a time per
//! game with that increment, where Edax divides by zero).

use crate::game::{Game, Input, Played};
use crate::position::{square_name, Position};
use edax_kernels::engine::clock::TimeControl;
use edax_kernels::PASS;
use std::io::Write;

/// Edax's start for xboard's reversi.
pub const START_FEN: &str = "8/8/8/3Pp3/3pP3/8/8/8 w - - 0 1";

/// Edax's selectivities in percent (`selectivity_table`).
const SELECTIVITY_PERCENT: [i32; 6] = [73, 87, 95, 98, 99, 100];

/// Edax's `string_to_time`: `[[[D:]HH:]MM:]SS[.frac]` seconds, in milliseconds.
fn string_to_time(s: &str) -> i64 {
    let (whole, frac) = match s.trim().split_once('.') {
        Some((w, f)) => (w, format!("0.{f}").parse::<f64>().unwrap_or(0.0)),
        None => (s.trim(), 0.0),
    };
    let mut t = 0i64;
    for (i, part) in whole.split(':').enumerate() {
        let n: i64 = part.trim().parse().unwrap_or(0);
        t = if i == 0 { n } else { t * if i == 3 { 24 } else { 60 } + n };
    }
    ((t as f64 + frac) * 1000.0) as i64
}

/// xboard's `time`/`otim` (centiseconds) as Edax keeps it: less a margin, in milliseconds.
fn clock_time(param: &str) -> i64 {
    let mut t: i64 = param.trim().parse().unwrap_or(100);
    if t > 6000 {
        t -= 1000;
    } else if t > 1000 {
        t -= 100;
    }
    t * 10
}

struct Xboard<'a, W: Write> {
    out: W,
    game: &'a mut Game,
    /// The colour the engine plays (Edax's `edax_turn`; `None`: force mode).
    engine_side: Option<usize>,
    last_engine_side: usize,
    alien: bool,
    /// Edax's `options.verbosity` >= 1: a search's result is written (`post`).
    post: bool,
    /// Games, milliseconds and nodes, written at `quit`.
    stats: (u32, u64, u64),
}

impl<W: Write> Xboard<'_, W> {
    fn send(&mut self, s: &str) {
        let _ = writeln!(self.out, "{s}").and_then(|()| self.out.flush());
    }

    fn error(&self, s: &str) {
        eprintln!("Error {s}");
    }

    fn setup(&mut self) {
        let fen = self.game.position.to_fen();
        self.send(&format!("setup (P.....p.....) {fen}"));
    }

    /// Edax's `xboard_check_game_over`: the result when neither side can move.
    fn check_game_over(&mut self) {
        let p = self.game.position;
        if p.is_over() {
            let (w, b) = (p.white.count_ones(), p.black.count_ones());
            let r = if w > b {
                format!("1-0 {{White wins {w}-{b}}}")
            } else if w < b {
                format!("0-1 {{Black wins {b}-{w}}}")
            } else {
                format!("1/2-1/2 {{Draw {w}-{b}}}")
            };
            self.send(&r);
        }
    }

    /// A move as Edax writes it: `P@d3`, `@@@@` for a pass.
    fn move_text(x: i32) -> String {
        if x == PASS {
            "@@@@".to_owned()
        } else {
            format!("P@{}", square_name(x).to_ascii_lowercase())
        }
    }

    /// Edax's result line (its observer): depth, score in centidiscs, time in centiseconds,
    /// nodes, selectivity, principal variation (white's moves in lower case).
    fn post_line(&mut self, p: &Played, centis: u64, white_first: bool) {
        let Some(r) = p.result else { return };
        let mut s = format!("{:2} {:4} {:6} {:10} ", r.depth, 100 * r.score, centis, r.n_nodes);
        if r.selectivity < 5 {
            s += &format!("@{:2}% ", SELECTIVITY_PERCENT[r.selectivity.clamp(0, 5) as usize]);
        }
        let moves: Vec<String> = r.pv[..r.pv_length as usize]
            .iter()
            .enumerate()
            .map(|(i, &x)| {
                let name = square_name(i32::from(x));
                if (i % 2 == 0) == white_first {
                    name.to_ascii_lowercase()
                } else {
                    name
                }
            })
            .collect();
        s += &moves.join(" ");
        self.send(&s);
    }

    /// Edax's `xboard_go`: the engine's move, written, then the result when the game is over.
    fn go(&mut self, input: &mut Input) {
        let white_first = !self.game.position.black_to_move;
        let start = std::time::Instant::now();
        let Some(p) = self.game.go(input, &["?", "quit", "q", "stop"], true) else {
            // Over: Edax writes the game's last move again, and the result.
            let last = self.game.moves.last().copied().unwrap_or(PASS);
            self.send(&format!("move {}", Self::move_text(last)));
            self.check_game_over();
            return;
        };
        let ms = start.elapsed().as_millis() as u64;
        if self.post {
            self.post_line(&p, ms / 10, white_first);
        }
        self.send(&format!("move {}", Self::move_text(p.x)));
        self.check_game_over();
        self.stats.1 += ms;
        self.stats.2 += p.result.map_or(0, |r| r.n_nodes as u64);
    }

    /// A move of the opponent (`usermove`, or a bare move), as Edax's `play_user_move`.
    fn user_move(&mut self, text: &str, bare_param: Option<&str>) {
        if self.game.play_text(text) {
            self.check_game_over();
            if self.alien {
                self.setup();
            }
        } else if let Some(param) = bare_param {
            if !(self.game.position.is_over() && text == "@@@@") {
                self.send(&format!("Illegal move: {text} {param}"));
            }
        } else {
            self.send(&format!("Illegal move {text}"));
            self.check_game_over();
            if self.alien {
                self.setup();
            }
        }
    }

    /// Runs one line; false on `quit`.
    fn command(&mut self, line: &str, input: &mut Input) -> bool {
        let line = line.trim();
        let (cmd, param) = match line.split_once(char::is_whitespace) {
            Some((c, p)) => (c, p.trim()),
            None => (line, ""),
        };
        match cmd {
            "" | "xboard" | "accepted" | "random" | "?" | "draw" | "rating" | "ics" | "computer" | "nps" => {}
            _ if cmd.starts_with('#') => {}
            "protover" => {
                if param.parse::<i32>().unwrap_or(1) >= 2 {
                    self.send(
                        "feature setboard=1 playother=1 ping=1 draw=0 sigint=0 sigterm=0 analyze=0 \
                         myname=\"ek-play\" variants=\"reversi\" colors=0 nps=1 memory=1 smp=1 done=1",
                    );
                }
            }
            "rejected" => {
                if param == "variants reversi" {
                    self.error("(Reversi only is supported)");
                    return false;
                }
            }
            "new" => {
                self.game.level = 60;
                self.game.initial = Position::from_fen(START_FEN).expect("Edax's start");
                self.game.new_game();
                self.engine_side = Some(1 - self.game.position.side());
                if self.alien {
                    self.setup();
                }
            }
            "variant" => {
                match param.to_ascii_lowercase().as_str() {
                    "alien" => self.alien = true,
                    "reversi" => self.alien = false,
                    _ => self.error(&format!("(Unsupported variant) '{param}'")),
                }
                self.setup();
            }
            "quit" | "eof" | "q" => {
                let (games, ms, nodes) = self.stats;
                self.send(&format!("{games} games played in {:.2} s. {nodes} nodes searched", 0.001 * ms as f64));
                return false;
            }
            "force" => {
                self.game.stop_pondering();
                if let Some(s) = self.engine_side {
                    self.last_engine_side = s;
                }
                self.engine_side = None;
            }
            "go" => {
                self.engine_side = Some(self.game.position.side());
                self.go(input);
            }
            "playother" => {
                self.engine_side = Some(1 - self.game.position.side());
                self.game.ponder_now();
            }
            "level" => {
                // MPS BASE INC, BASE in minutes or MM:SS.
                let mut w = param.split_whitespace();
                let mps: i64 = w.next().and_then(|x| x.parse().ok()).unwrap_or(0);
                let base = w.next().map_or(0, |b| {
                    let (m, s) = b.split_once(':').unwrap_or((b, "0"));
                    60 * m.parse::<i64>().unwrap_or(0) + s.parse::<i64>().unwrap_or(0)
                });
                let inc: i64 = w.next().and_then(|x| x.parse::<f64>().ok()).map_or(0, |x| x as i64);
                self.game.clock.control = if (mps == 0 || mps > 30) && inc == 0 {
                    TimeControl::PerGame { ms: 1000 * base, increment_ms: 0 }
                } else if mps == 0 {
                    TimeControl::PerGame { ms: 1000 * base, increment_ms: 1000 * inc }
                } else {
                    TimeControl::PerMove { ms: (base * 1000 / mps).min((base + inc * mps) * 30) }
                };
                self.fill_clock();
            }
            "st" => {
                self.game.clock.control = TimeControl::PerMove { ms: string_to_time(param) };
                self.fill_clock();
            }
            "sd" => self.game.level = param.parse::<i32>().unwrap_or(60).clamp(1, 60),
            "time" => {
                let side = self.engine_side.unwrap_or(self.last_engine_side);
                self.game.clock.left_ms[side] = clock_time(param);
            }
            "otim" => {
                let side = 1 - self.engine_side.unwrap_or(self.last_engine_side);
                self.game.clock.left_ms[side] = clock_time(param);
            }
            "ping" => self.send(&format!("pong {param}")),
            "result" => self.stats.0 += 1,
            "setboard" => match Position::from_fen(param) {
                Some(p) => {
                    self.game.force_f5 = false;
                    self.game.initial = p;
                    self.game.new_game();
                    self.check_game_over();
                }
                None => self.error(&format!("(bad FEN): {param}\n")),
            },
            "hint" => {
                if let Some(x) = self.game.predicted() {
                    self.send(&format!("Hint:{}", Self::move_text(x)));
                }
            }
            "bk" => {}
            "undo" => {
                self.game.undo();
            }
            "remove" => {
                self.game.undo();
                self.game.undo();
            }
            "hard" => {
                self.game.can_ponder = true;
                if self.engine_side != Some(self.game.position.side()) {
                    self.game.ponder_now();
                }
            }
            "easy" => {
                self.game.can_ponder = false;
                self.game.stop_pondering();
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "name" => self.send(&format!("Hello {param}!")),
            "cores" => {
                self.game.stop_pondering();
                let _ = self.game.engine.set_threads(param.parse().unwrap_or(1));
            }
            "memory" => {}
            "white" | "black" | "edit" | "pause" | "resume" | "egtpath" | "option" | "analyze" => {
                self.error(&format!("(unknown command): {cmd} {param}"))
            }
            "usermove" => self.user_move(param, None),
            _ => self.user_move(cmd, Some(param)),
        }
        true
    }

    /// A new time control: a clock never set takes its time.
    fn fill_clock(&mut self) {
        let ms = match self.game.clock.control {
            TimeControl::PerGame { ms, .. } | TimeControl::PerMove { ms } => ms,
            TimeControl::None => return,
        };
        for left in &mut self.game.clock.left_ms {
            if *left == i64::MAX {
                *left = ms;
            }
        }
    }
}

/// The xboard loop on `input` until `quit` or its end.
pub fn run(game: &mut Game, input: &mut Input, out: impl Write) {
    game.initial = Position::from_fen(START_FEN).expect("Edax's start");
    game.level = 60;
    game.new_game();
    let last_engine_side = 1 - game.position.side();
    let mut x = Xboard { out, game, engine_side: None, last_engine_side, alien: false, post: true, stats: (0, 0, 0) };
    loop {
        let p = x.game.position;
        if !input.waiting() && !p.is_over() && x.engine_side == Some(p.side()) {
            x.go(input);
            continue;
        }
        let line = input.next().unwrap_or_else(|| "eof".to_owned());
        if !x.command(&line, input) {
            break;
        }
    }
    x.game.stop_pondering();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times() {
        assert_eq!(string_to_time("2"), 2000);
        assert_eq!(string_to_time("1:30"), 90_000);
        assert_eq!(string_to_time("0.5"), 500);
        assert_eq!(clock_time("30000"), 290_000);
        assert_eq!(clock_time("3000"), 29_000);
        assert_eq!(clock_time("500"), 5000);
    }
}
