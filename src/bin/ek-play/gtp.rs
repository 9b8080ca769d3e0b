//! The Go Text Protocol as Edax's gtp.c answers it (version 2, its commands for Othello and
//! Quarry), including its quirks: an id, once a command had one, is kept for every later answer;
//! "wrong color" and "cannot undo" answer `? 1` whenever an id was seen (Edax swaps two
//! arguments there); `genmove` when the game is over, and `reg_genmove` always, answer the
//! game's last move.

use crate::game::{Game, Input};
use crate::position::{parse_ggf, square_name};
use edax_kernels::engine::clock::TimeControl;
use edax_kernels::PASS;
use std::io::Write;

const COMMANDS: [&str; 19] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "time_settings",
    "time_left",
    "set_game",
    "list_games",
    "loadsgf",
    "reg_genmove",
    "showboard",
];

/// A colour's word: 0 black, 1 white; `None` for anything else.
fn color(word: Option<&str>) -> Option<usize> {
    match word {
        Some("black" | "b") => Some(0),
        Some("white" | "w") => Some(1),
        _ => None,
    }
}

struct Gtp<'a, W: Write> {
    out: W,
    game: &'a mut Game,
    id: i64,
    has_id: bool,
    /// time_settings' byo-yomi time (seconds) and stones.
    byo_yomi: (i64, i64),
}

impl<W: Write> Gtp<'_, W> {
    fn send(&mut self, s: &str) {
        let head = if self.has_id { format!("= {} ", self.id) } else { "= ".to_owned() };
        let _ = write!(self.out, "{head}{s}\n\n").and_then(|()| self.out.flush());
    }

    fn fail(&mut self, s: &str) {
        let head = if self.has_id { format!("? {} ", self.id) } else { "? ".to_owned() };
        let _ = write!(self.out, "{head}{s}\n\n").and_then(|()| self.out.flush());
    }

    /// Edax's `gtp_fail(s, has_id, id)`: its id and flag swapped.
    fn fail_swapped(&mut self, s: &str) {
        let head = if self.id != 0 { format!("? {} ", i32::from(self.has_id)) } else { "? ".to_owned() };
        let _ = write!(self.out, "{head}{s}\n\n").and_then(|()| self.out.flush());
    }

    /// `color` must be the side to move, or the side to move must pass (then it does); else
    /// the answer is an error and false.
    fn check_side(&mut self, c: Option<usize>) -> bool {
        match c {
            None => {
                self.fail("syntax error (wrong or missing color)");
                false
            }
            Some(c) if c != self.game.position.side() => {
                if self.game.position.must_pass() {
                    self.game.play(PASS);
                    true
                } else {
                    self.fail_swapped("wrong color");
                    false
                }
            }
            Some(_) => true,
        }
    }

    /// Answers the last move (Edax's `play_get_last_move`).
    fn send_last_move(&mut self) {
        let m = match self.game.moves.last() {
            Some(&PASS) | None => "pass".to_owned(),
            Some(&x) => square_name(x).to_ascii_lowercase(),
        };
        self.send(&m);
    }

    /// Runs one line; false on `quit`.
    fn command(&mut self, line: &str, input: &mut Input) -> bool {
        // Edax's gtp_preprocess: tabs are spaces, a comment from '#' and control characters go.
        let line: String = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .map(|c| if c == '\t' { ' ' } else { c })
            .filter(|c| !c.is_control())
            .collect();
        let mut line = line.trim();
        let first = line.split_whitespace().next().unwrap_or("");
        if first.starts_with(|c: char| c.is_ascii_digit()) {
            self.has_id = true;
            let digits: String = first.chars().take_while(|c| c.is_ascii_digit()).collect();
            self.id = digits.parse().unwrap_or(0);
            line = line[first.len()..].trim_start();
        }
        let (cmd, param) = match line.split_once(char::is_whitespace) {
            Some((c, p)) => (c, p.trim()),
            None => (line, ""),
        };
        let mut words = param.split_whitespace();
        match cmd {
            "" => {}
            "protocol_version" => self.send("2"),
            "name" => self.send("ek-play"),
            "version" => self.send(env!("CARGO_PKG_VERSION")),
            "known_command" => self.send(if COMMANDS.contains(&param) { "true" } else { "false" }),
            "list_commands" => self.send(&COMMANDS.join("\n")),
            "quit" | "eof" => {
                self.send("");
                return false;
            }
            "boardsize" => {
                if param.parse::<i64>().unwrap_or(0) == 8 {
                    self.send("")
                } else {
                    self.fail("unacceptable size")
                }
            }
            "clear_board" => {
                self.game.new_game();
                self.send("");
            }
            "komi" => self.send(""),
            "play" => {
                if self.check_side(color(words.next())) {
                    if self.game.play_text(words.next().unwrap_or("")) {
                        self.send("")
                    } else {
                        self.fail("illegal move")
                    }
                }
            }
            "genmove" | "reg_genmove" => {
                if self.check_side(color(words.next())) {
                    // `genmove` plays the move; `reg_genmove` searches without playing, and answers,
                    // as Edax's, the game's last move.
                    self.game.go(input, &["quit"], cmd == "genmove");
                    self.send_last_move();
                }
            }
            "undo" => {
                if self.game.undo() {
                    self.send("")
                } else {
                    self.fail_swapped("cannot undo")
                }
            }
            "time_settings" => {
                let mut n = || words.next().and_then(|w| w.parse::<i64>().ok()).unwrap_or(0);
                let (main, byo_time, byo_stones) = (n(), n(), n());
                self.byo_yomi = (byo_time, byo_stones);
                // Edax: byo-yomi stones make it a time per move, else a time per game; the
                // main time is either.
                self.game.clock = edax_kernels::engine::clock::Clock::new(if byo_stones > 0 {
                    TimeControl::PerMove { ms: 1000 * main }
                } else {
                    TimeControl::PerGame { ms: 1000 * main, increment_ms: 0 }
                });
                self.send("");
            }
            "time_left" => {
                let c = color(words.next());
                let t = words.next().and_then(|w| w.parse::<f64>().ok()).unwrap_or(0.0) * 1000.0;
                let n = words.next().and_then(|w| w.parse::<i64>().ok()).unwrap_or(0);
                // Edax plays on time from here: level 60.
                self.game.level = 60;
                let (byo_time, byo_stones) = self.byo_yomi;
                let left = match self.game.clock.control {
                    TimeControl::PerMove { .. } if n == 0 => (t as i64 + byo_time * 1000) / byo_stones.max(1),
                    TimeControl::PerMove { .. } => t as i64 / n,
                    _ => t as i64,
                };
                if let Some(c) = c {
                    self.game.clock.left_ms[c] = left;
                    // The time a move gets under byo-yomi: what the clock says now (Edax
                    // computes it and keeps its main time; here the move's time follows it).
                    if let TimeControl::PerMove { .. } = self.game.clock.control {
                        if c == self.game.position.side() {
                            self.game.clock.control = TimeControl::PerMove { ms: left };
                        }
                    }
                }
                self.send("");
            }
            "set_game" => {
                if param == "Othello" {
                    self.send("")
                } else {
                    self.fail("unsupported game")
                }
            }
            "list_games" => self.send("Othello"),
            "loadsgf" => self.loadsgf(param),
            "showboard" => {
                let head = if self.has_id { format!("= {}\n", self.id) } else { "= ".to_owned() };
                let board = self.game.position.diagram();
                let _ = writeln!(self.out, "{head}{board}").and_then(|()| self.out.flush());
            }
            _ => self.fail("unknown command"),
        }
        true
    }

    /// `loadsgf FILE`: a game file whose moves are replayed (GGF here; Edax also reads its
    /// other formats), as Edax's `play_load`.
    fn loadsgf(&mut self, file: &str) {
        let ext = file.get(file.len().saturating_sub(4)..).unwrap_or("").to_ascii_lowercase();
        if ext != ".ggf" {
            self.fail(&format!("Unknown game format extension: {ext}\n"));
            return;
        }
        let Ok(text) = std::fs::read_to_string(file) else {
            self.fail(&format!("Cannot open file {file}\n"));
            return;
        };
        match parse_ggf(&text) {
            Some(p) => {
                // The game's end position, as a new game (no undo past it here).
                self.game.initial = p;
                self.game.new_game();
                self.send("");
            }
            None => self.fail("Illegal move or unreadable game\n"),
        }
    }
}

/// The GTP loop on `input` until `quit` or its end.
pub fn run(game: &mut Game, input: &mut Input, out: impl Write) {
    let mut gtp = Gtp { out, game, id: 0, has_id: false, byo_yomi: (0, 0) };
    loop {
        let line = input.next().unwrap_or_else(|| "eof".to_owned());
        if !gtp.command(&line, input) {
            break;
        }
    }
    gtp.game.stop_pondering();
}
