//! Issue 38's first question, measured before building it: how much does a selective search
//! before the exact one save the solver through the window alone? For each position: the
//! solver on the full window; then the engine's selective search (Edax's midgame search, depth
//! `empties - SHORT`, selectivity SEL) for an estimate e, and the solver on (e - D, e + D),
//! widened on a failure (the fail-soft bound found, then twice as far each time) until the
//! score is inside or at the full window's ends. The pre-search's own tables are not given to
//! the solver: what this measures is the window's share of the saving, not the move order's.
//!
//! Usage: cargo run --release --example presearch_bench -- WEIGHTS FILE SHORT SEL D [COUNT]
//! FILE: tests/data/fforum's format. Prints per position the empties, the exact score, the
//! estimate, the nodes (full; pre-search + aspirated, with the number of solves) and CPU times.

use edax_kernels::engine::{EkEngine, EkEngineLimits, EkWeights};
use edax_kernels::{EkBoard, EkSolver};
use std::time::Instant;

fn solver(bits: i32) -> EkSolver {
    let s = EkSolver::new(bits).unwrap();
    // SAFETY: a live solver.
    unsafe { edax_kernels::ffi::solver_api::ek_solver_set_eval(&s as *const _ as *mut _, 1) };
    s
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let weights = EkWeights::from_file(std::path::Path::new(&args[1])).expect("weights");
    let text = std::fs::read_to_string(&args[2]).expect("positions");
    let short: i32 = args[3].parse().expect("SHORT");
    let sel: i32 = args[4].parse().expect("SEL");
    let delta: i32 = args[5].parse().expect("D");
    let count: usize = args.get(6).map_or(usize::MAX, |c| c.parse().expect("COUNT"));
    let bits = 21;
    let path = std::ffi::CString::new(args[1].as_str()).unwrap();
    // SAFETY: a NUL-terminated path.
    assert_eq!(unsafe { edax_kernels::ffi::eval_api::ek_eval_load_file(path.as_ptr()) }, 0);
    let (mut full_n, mut full_t, mut pre_n, mut asp_n, mut asp_t, mut err) = (0u64, 0.0, 0u64, 0u64, 0.0, 0i64);
    let lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).take(count);
    for line in lines {
        let f: Vec<&str> = line.split_whitespace().collect();
        let b = EkBoard::new(u64::from_str_radix(f[0], 16).unwrap(), u64::from_str_radix(f[1], 16).unwrap());
        let empties = (!(b.player | b.opponent)).count_ones() as i32;
        let t = Instant::now();
        let exact = solver(bits).solve(&b, -64, 64).unwrap();
        let tf = t.elapsed().as_secs_f64();

        let t = Instant::now();
        let engine = EkEngine::new(weights.clone(), bits).unwrap();
        let limits = EkEngineLimits {
            level: 0,
            depth: (empties - short).max(1),
            selectivity: sel,
            max_nodes: 0,
            max_time_ms: 0,
        };
        let estimate = engine.search(&b, &limits).unwrap();
        let e = estimate.score.clamp(-63, 63);
        let s = solver(bits);
        let (mut lo, mut hi, mut width, mut solves, mut nodes) =
            ((e - delta).max(-64), (e + delta).min(64), delta, 0, 0u64);
        let r = loop {
            let r = s.solve(&b, lo, hi).unwrap();
            solves += 1;
            nodes += r.nodes;
            if r.score <= lo && lo > -64 {
                width *= 2;
                (lo, hi) = ((r.score - width).max(-64), r.score + 1);
            } else if r.score >= hi && hi < 64 {
                width *= 2;
                (lo, hi) = (r.score - 1, (r.score + width).min(64));
            } else {
                break r;
            }
        };
        let ta = t.elapsed().as_secs_f64();
        assert_eq!(r.score, exact.score, "{line}");
        println!(
            "{empties} {:+} est {:+} full {} {:.3} s; pre {} + aspirated {} ({solves} solves) {:.3} s",
            exact.score, estimate.score, exact.nodes, tf, estimate.n_nodes, nodes, ta
        );
        (full_n, full_t, pre_n, asp_n, asp_t) =
            (full_n + exact.nodes, full_t + tf, pre_n + estimate.n_nodes as u64, asp_n + nodes, asp_t + ta);
        err += (estimate.score - exact.score).abs() as i64;
    }
    println!(
        "total: full {full_n} nodes {full_t:.2} s; pre-search {pre_n} + aspirated {asp_n} nodes {asp_t:.2} s: {:.3}x the nodes, {:.3}x the time; estimates' total error {err} discs",
        (pre_n + asp_n) as f64 / full_n as f64,
        asp_t / full_t
    );
}
