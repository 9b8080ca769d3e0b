//! Times the engine's search on a list of positions with 1..N threads, each position on a new
//! engine (tables of 2^BITS entries), as issue 37's thread target counts: the time to finish
//! a level. Prints, per thread count, the searches' total wall time (the engines' creation left out) and nodes, and how many scores and
//! best moves differ from one thread's.
//!
//! Usage: cargo run --release --example engine_threads_bench -- WEIGHTS LEVEL THREADS... < POSITIONS
//! POSITIONS: one "P O" per line (16 hex digits each, P to move); issue 37's 100 positions of
//! 30-40 empty squares are scripts/engine-threads-positions.txt. EK_BENCH_BITS: tables (21).

use edax_kernels::engine::{EkEngine, EkEngineLimits, EkWeights};
use edax_kernels::EkBoard;
use std::io::BufRead;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let weights = EkWeights::from_file(std::path::Path::new(&args[1])).expect("weights");
    let level: i32 = args[2].parse().expect("level");
    let threads: Vec<i32> = args[3..].iter().map(|t| t.parse().expect("threads")).collect();
    let bits = std::env::var("EK_BENCH_BITS").map_or(21, |b| b.parse().expect("bits"));
    let boards: Vec<EkBoard> = std::io::stdin()
        .lock()
        .lines()
        .map(|l| {
            let l = l.unwrap();
            let f: Vec<&str> = l.split_whitespace().collect();
            EkBoard::new(u64::from_str_radix(f[0], 16).unwrap(), u64::from_str_radix(f[1], 16).unwrap())
        })
        .collect();
    let mut first: Option<Vec<(i32, i32)>> = None;
    for &t in &threads {
        let (mut nodes, mut out, mut secs) = (0i64, Vec::new(), 0.0);
        for b in &boards {
            let engine = EkEngine::new(weights.clone(), bits).unwrap();
            engine.set_threads(t).unwrap();
            let start = Instant::now();
            let r = engine.search(b, &EkEngineLimits::level(level)).unwrap();
            secs += start.elapsed().as_secs_f64();
            nodes += r.n_nodes;
            out.push((r.score, r.best_move));
        }
        let (scores, moves) = first.as_ref().map_or((0, 0), |f| {
            (
                f.iter().zip(&out).filter(|(a, b)| a.0 != b.0).count(),
                f.iter().zip(&out).filter(|(a, b)| a.1 != b.1).count(),
            )
        });
        println!(
            "threads {t}: {} positions, level {level}: {secs:.2} s wall, {nodes} nodes; vs the first: {scores} scores, {moves} moves differ",
            boards.len()
        );
        first.get_or_insert(out);
    }
}
