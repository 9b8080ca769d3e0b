//! Compares the engine's two ways to an exact score on the same positions and weights: Edax's
//! own path (`search_run` at level 60: iterative deepening, then the exact search through its
//! selectivities) and the library's solver (ordered by the same weights), one thread each,
//! each position on a new engine and a new solver.
//!
//! Usage: cargo run --release --example engine_exact_bench -- WEIGHTS FILE [BITS]
//! FILE: the tests/data/fforum format ("P O empties best:score ..."). Prints per position the
//! empties, both scores, both nodes and both CPU times; the totals on the last line.

use edax_kernels::engine::{EkEngine, EkEngineLimits, EkWeights};
use edax_kernels::{EkBoard, EkSolver};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let weights = EkWeights::from_file(std::path::Path::new(&args[1])).expect("weights");
    let text = std::fs::read_to_string(&args[2]).expect("positions");
    let bits: i32 = args.get(3).map_or(21, |b| b.parse().expect("bits"));
    let path = std::ffi::CString::new(args[1].as_str()).unwrap();
    // SAFETY: a NUL-terminated path.
    assert_eq!(unsafe { edax_kernels::ffi::eval_api::ek_eval_load_file(path.as_ptr()) }, 0);
    let (mut t_edax, mut t_solver, mut n_edax, mut n_solver) = (0.0, 0.0, 0u64, 0u64);
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let b = EkBoard::new(u64::from_str_radix(f[0], 16).unwrap(), u64::from_str_radix(f[1], 16).unwrap());
        let engine = EkEngine::new(weights.clone(), bits).unwrap();
        let t = Instant::now();
        let r = engine.search(&b, &EkEngineLimits::level(60)).unwrap();
        let te = t.elapsed().as_secs_f64();
        let solver = EkSolver::new(bits).unwrap();
        // SAFETY: a live solver.
        unsafe { edax_kernels::ffi::solver_api::ek_solver_set_eval(&solver as *const _ as *mut _, 1) };
        let t = Instant::now();
        let s = solver.solve(&b, -64, 64).unwrap();
        let ts = t.elapsed().as_secs_f64();
        println!("{} {} {} {} {} {:.3} {:.3}", f[2], r.score, s.score, r.n_nodes, s.nodes, te, ts);
        assert_eq!(r.score, s.score);
        (t_edax, t_solver, n_edax, n_solver) =
            (t_edax + te, t_solver + ts, n_edax + r.n_nodes as u64, n_solver + s.nodes);
    }
    println!("total: edax path {n_edax} nodes {t_edax:.2} s; solver {n_solver} nodes {t_solver:.2} s; solver/edax time {:.2}", t_solver / t_edax);
}
