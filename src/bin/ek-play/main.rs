//! `ek-play`: the library's engine (Edax 4.6's whole search, `EkEngine`) as a command-line
//! player speaking GTP or xboard on stdin and stdout, as Edax does with `-gtp` and `-xboard`
//! (NBoard: `ek-nboard`), with a game clock (`engine::clock`, Edax's time allotment) and
//! pondering. docs/protocols.md has example sessions.
//!
//! Usage: ek-play (--gtp | --xboard) [--eval EVAL_DAT] [--hash BITS] [--level L] [--threads N]
//!   [--game-time MS | --move-time MS] [--ponder]
//!   [--book FILE [--book-usage on|off] [--book-randomness N] [--book-seed N]]
//!   --eval: Edax-format weights (default: the project's own, built into the library);
//!   --hash: the main table's 2^BITS entries (default 21, Edax's default);
//!   --level: Edax's level (default 21, Edax's; xboard sets 60 at each `new`, then `sd`);
//!   --game-time, --move-time: a time per game or per move in milliseconds, as Edax's
//!     `-game-time` and `-move-time` (the protocols' time commands change it);
//!   --threads: the threads of each search (default 1: Edax's search node for node);
//!   --ponder: search on the opponent's time (Edax's `-ponder on`; xboard's `hard`/`easy`);
//!   --book: play from an Edax book (`book.dat`) when the position is in it, as Edax's
//!     `-book-file` (`--book-usage off`: never; `--book-randomness N`: among the moves within N
//!     of the best, Edax's; `--book-seed N`: the book's generator, else seeded from the clock).

#[path = "../shared/book.rs"]
mod book;
#[path = "../shared/engine.rs"]
mod engine;
#[path = "../shared/position.rs"]
mod position;

mod game;
mod gtp;
mod xboard;

use edax_kernels::engine::clock::{Clock, TimeControl};
use std::sync::Arc;

fn usage() -> ! {
    eprintln!(
        "usage: ek-play (--gtp | --xboard) [--eval EVAL_DAT] [--hash BITS] [--level L] [--threads N] [--game-time MS | --move-time MS] [--ponder] [--book FILE [--book-usage on|off] [--book-randomness N] [--book-seed N]]"
    );
    std::process::exit(2);
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut protocol, mut eval, mut bits, mut level, mut threads) = (None, None, 21, 21, 1);
    let (mut control, mut ponder, mut book_args) = (TimeControl::None, false, book::BookArgs::default());
    let number = |args: &mut dyn Iterator<Item = String>| -> i64 {
        args.next().and_then(|b| b.parse().ok()).unwrap_or_else(|| usage())
    };
    while let Some(a) = args.next() {
        match a.as_str() {
            a if book_args.take(a, &mut args).unwrap_or_else(|| usage()) => {}
            "--gtp" | "-gtp" => protocol = Some("gtp"),
            "--xboard" | "-xboard" => protocol = Some("xboard"),
            "--eval" => eval = Some(args.next().unwrap_or_else(|| usage())),
            "--hash" => bits = number(&mut args) as i32,
            "--level" => level = number(&mut args).clamp(1, 60) as i32,
            "--threads" => threads = number(&mut args) as i32,
            "--game-time" => control = TimeControl::PerGame { ms: number(&mut args), increment_ms: 0 },
            "--move-time" => control = TimeControl::PerMove { ms: number(&mut args) },
            "--ponder" => ponder = true,
            _ => usage(),
        }
    }
    let Some(protocol) = protocol else { usage() };
    let book = book_args.load("ek-play");
    let engine = engine::make_engine("ek-play", eval.as_deref(), bits, threads);
    // The input is read by a thread of its own, so that a line can stop a search.
    let rx = engine::input_lines();
    let mut input = game::Input { rx, pending: Default::default() };
    let mut g = game::Game::new(Arc::new(engine), position::Position::START, level);
    g.clock = Clock::new(control);
    g.can_ponder = ponder;
    g.book = book;
    let out = std::io::stdout().lock();
    match protocol {
        "gtp" => gtp::run(&mut g, &mut input, out),
        _ => xboard::run(&mut g, &mut input, out),
    }
}
