//! A large opening book, made and measured (issue 62's targets; BENCHMARKS.md "A large book").
//!
//!   cargo run --release --example book_bench -- make N OUT     # a book.dat of N positions
//!   cargo run --release --example book_bench -- load FILE      # load time, probes, memory
//!
//! `make` plays random games from the start (a fixed seed) and adds every position of 20 or
//! more empty squares that is new, each linked from the position before it when both are in the
//! book, its leaf a legal move not linked with a score from the generator: the shape of a real
//! book (positions, links, leaves), not its values. The file is in Edax's format, so Edax 4.6
//! loads it (`lEdax -book-file OUT`), which is how its load time is compared.
//!
//! `load` prints the load time, the time of a probe of a stored position (on one of its eight
//! boards, as a game meets it), in a random order, and of a position not stored, and the
//! process's peak memory.

use edax_kernels::book::{BookLink, BookOptions, BookPosition};
use edax_kernels::{flip, get_moves, EkBoard, EkBook};
use std::hint::black_box;
use std::time::Instant;

/// splitmix64: the example's only randomness, fixed by its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform square among the bits of `set` (not empty).
    fn pick(&mut self, set: u64) -> u8 {
        let mut i = self.next() % u64::from(set.count_ones());
        let mut s = set;
        while i > 0 {
            s &= s - 1;
            i -= 1;
        }
        s.trailing_zeros() as u8
    }
}

const START: EkBoard = EkBoard { player: 0x0000_0008_1000_0000, opponent: 0x0000_0010_0800_0000 };

fn next(b: EkBoard, x: u8) -> EkBoard {
    let f = flip(i32::from(x), b.player, b.opponent);
    EkBoard { player: b.opponent ^ f, opponent: b.player | f | 1 << x }
}

fn empties(b: &EkBoard) -> u32 {
    (!(b.player | b.opponent)).count_ones()
}

fn make(n: usize, out: &str) {
    let options = BookOptions { level: 10, n_empties: 20, ..Default::default() };
    let mut book = EkBook::new(options);
    let mut rng = Rng(62);
    while book.len() < n {
        let mut b = START;
        let mut parent: Option<(EkBoard, u8)> = None;
        while empties(&b) >= 20 && book.len() < n {
            let moves = get_moves(b.player, b.opponent);
            if moves == 0 {
                break; // a pass: the game's book part ends here
            }
            let x = rng.pick(moves);
            if book.probe(&b).is_none() {
                let mut p = BookPosition::new(b);
                p.level = 10;
                let score = (rng.next() % 41) as i8 - 20;
                p.value = i16::from(score);
                p.lower = p.value;
                p.upper = p.value;
                let free = moves & !(1u64 << x);
                p.leaf = if free == 0 { BookLink::NONE } else { BookLink { score, mv: rng.pick(free) } };
                book.add(p);
                if let Some((pb, px)) = parent {
                    // The parent links to this child, with the child's score negated, unless the
                    // move is its leaf.
                    if let Some(q) = book.probe_mut(&pb) {
                        let s = edax_kernels::book::symmetry_of(q, &pb);
                        let mv = edax_kernels::book::symmetric_move(px, s);
                        if q.leaf.mv != mv && q.links.len() < 255 {
                            q.add_link(BookLink { score: -score, mv });
                        }
                    }
                }
            }
            parent = Some((b, x));
            b = next(b, x);
        }
    }
    book.save(std::path::Path::new(out), None).expect("the book written");
    println!("{out}: {} positions", book.len());
}

fn peak_rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn load(path: &str) {
    let rss0 = peak_rss_kib();
    let t = Instant::now();
    let book = EkBook::load(std::path::Path::new(path)).expect("the book loaded");
    let load_s = t.elapsed().as_secs_f64();
    let rss1 = peak_rss_kib();
    // The boards to probe: every stored one on a symmetry chosen by its index; and as many not
    // stored (a stored board with one disc more, which no game reaches).
    let mut stored: Vec<EkBoard> =
        book.positions().enumerate().map(|(i, p)| edax_kernels::symmetry(p.board, (i % 8) as i32)).collect();
    let absent: Vec<EkBoard> = stored
        .iter()
        .map(|b| EkBoard { player: b.player | (1u64 << (!(b.player | b.opponent)).trailing_zeros()), ..*b })
        .filter(|b| book.probe(b).is_none())
        .collect();
    // In a random order: the file's order would probe each bucket while it is in the cache.
    let mut rng = Rng(1);
    for i in (1..stored.len()).rev() {
        stored.swap(i, (rng.next() % (i as u64 + 1)) as usize);
    }
    let mut found = 0usize;
    let t = Instant::now();
    for b in &stored {
        found += usize::from(book.probe(black_box(b)).is_some());
    }
    let hit_ns = t.elapsed().as_secs_f64() * 1e9 / stored.len() as f64;
    assert_eq!(found, stored.len(), "every stored position found");
    let t = Instant::now();
    let mut wrongly = 0usize;
    for b in &absent {
        wrongly += usize::from(book.probe(black_box(b)).is_some());
    }
    assert_eq!(wrongly, 0, "no absent position found");
    let miss_ns = t.elapsed().as_secs_f64() * 1e9 / absent.len().max(1) as f64;
    println!(
        "{path}: {} positions; load {:.3} s; probe {:.0} ns (stored), {:.0} ns (absent, {}); memory {:.1} MiB (the load's peak), {:.1} MiB (process peak)",
        book.len(),
        load_s,
        hit_ns,
        miss_ns,
        absent.len(),
        (rss1.saturating_sub(rss0)) as f64 / 1024.0,
        rss1 as f64 / 1024.0
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["make", n, out] => make(n.parse().expect("N: a number of positions"), out),
        ["load", path] => load(path),
        _ => {
            eprintln!("usage: book_bench make N OUT | book_bench load FILE");
            std::process::exit(2);
        }
    }
}
