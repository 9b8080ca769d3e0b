//! The exact solver: Edax's fforum test positions (every position's best score, and a move the
//! file lists with that score), a differential test against a naive negamax on random
//! positions with random windows (fail-soft bounds) on every level, the batch call, and the
//! controls (stop, node limit, busy, bad input).

mod common;

use common::{naive_score, random_positions_where, SplitMix64};
use edax_kernels::eval::Weights;
use edax_kernels::ffi::api::*;
use edax_kernels::ffi::solver_api::*;
use edax_kernels::solver::ParallelScheme;
use edax_kernels::{EkBoard, EkSolveResult, EkSolver, Isa, SolveError};
use std::path::Path;
use std::sync::Mutex;

/// The tests that switch the active level hold this lock.
static LEVEL: Mutex<()> = Mutex::new(());

/// One fforum position: the board, its best score and each listed move's score.
struct Problem {
    board: EkBoard,
    empties: u32,
    best: i32,
    moves: Vec<(i32, i32)>,
}

fn square(name: &str) -> i32 {
    let b = name.as_bytes();
    (b[0] - b'a') as i32 + 8 * (b[1] - b'1') as i32
}

fn problems(file: &str) -> Vec<Problem> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fforum").join(file))
        .expect("fforum data");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let board = EkBoard::new(common::hex(f[0]), common::hex(f[1]));
            let moves = f[4..]
                .iter()
                .map(|m| {
                    let (x, s) = m.split_once(':').expect("move:score");
                    (square(x), s.parse().expect("a score"))
                })
                .collect();
            Problem { board, empties: f[2].parse().expect("empties"), best: f[3].parse().expect("best"), moves }
        })
        .collect()
}

/// The exact score of the move `x` of `b` (a square, or EK_PASS / EK_NOMOVE), for b's player.
fn move_score(b: &EkBoard, x: i32) -> i32 {
    if x == EK_NOMOVE {
        return naive_score(b.player, b.opponent);
    }
    if x == EK_PASS {
        return -naive_score(b.opponent, b.player);
    }
    let f = ek_flip(x, b.player, b.opponent);
    assert!(f != 0, "{b:?}: {x} is not a legal move");
    -naive_score(b.opponent ^ f, b.player ^ f ^ (1 << x))
}

/// Solves the first `count` problems of `file` exactly and checks the score and the move.
fn check_fforum(file: &str, levels: &[Isa], count: usize) {
    check_fforum_with(file, levels, count, 64, None);
}

/// The most empty squares of the problems a test solves on every level: natively all; under
/// emulation ([`common::sampled`]: qemu, where the solver runs about 30 times slower) 19, which
/// keeps 6 of fforum-20-39's problems and every one of fforum-1-19.
fn sampled_empties() -> u32 {
    if common::sampled() {
        19
    } else {
        64
    }
}

/// The project's weights, data/ek-eval.dat.
fn project_weights() -> &'static Weights {
    edax_kernels::eval::load_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("data/ek-eval.dat"))
        .expect("data/ek-eval.dat")
}

/// [`check_fforum`] on the problems of at most `max_empties` empty squares, with the move order
/// of `eval`; returns each level's total nodes.
fn check_fforum_with(
    file: &str,
    levels: &[Isa],
    count: usize,
    max_empties: u32,
    eval: Option<&'static Weights>,
) -> Vec<u64> {
    let mut totals = Vec::new();
    let _level = LEVEL.lock().unwrap_or_else(|e| e.into_inner());
    let mut problems = problems(file);
    assert!(problems.len() >= 19, "{file}: {} problems", problems.len());
    problems.truncate(count);
    problems.retain(|pb| pb.empties <= max_empties);
    assert!(!problems.is_empty());
    for &isa in levels {
        edax_kernels::set_active_isa(isa).expect("supported");
        let solver = EkSolver::new(22).expect("a 128 MiB table");
        solver.set_eval(eval);
        let mut total = 0;
        for (i, pb) in problems.iter().enumerate() {
            assert_eq!((pb.board.player | pb.board.opponent).count_zeros(), pb.empties);
            let r = solver.solve(&pb.board, -64, 64).expect("solved");
            assert_eq!(r.score, pb.best, "{file} #{}: {isa:?}", i + 1);
            let listed = pb.moves.iter().find(|(x, _)| *x == r.best_move);
            assert_eq!(
                listed.map(|m| m.1),
                Some(pb.best),
                "{file} #{}: {isa:?} move {} not listed with the score",
                i + 1,
                r.best_move
            );
            total += r.nodes;
        }
        println!("{file} on {isa:?}: {total} nodes");
        totals.push(total);
    }
    edax_kernels::set_active_isa(Isa::best()).expect("best");
    totals
}

/// fforum-20-39 with the project's weights ordering the moves on every level (every score and
/// move right, and the same nodes on every level: the evaluation is the same everywhere), then
/// with the fast order on the best level, which searches more nodes.
#[test]
fn fforum_20_39_with_the_evaluation_on_every_level() {
    let levels = common::levels();
    let totals = check_fforum_with("fforum-20-39.txt", &levels, 20, sampled_empties(), Some(project_weights()));
    assert!(totals.iter().all(|&t| t == totals[0]), "{levels:?}: {totals:?}");
    let fast = check_fforum_with("fforum-20-39.txt", &[Isa::best()], 20, sampled_empties(), None);
    assert!(totals[0] < fast[0], "evaluation {} nodes, fast order {}", totals[0], fast[0]);
}

#[test]
fn fforum_1_19_on_every_level() {
    let levels = common::levels();
    check_fforum("fforum-1-19.txt", &levels, 19);
}

/// FFO 40-59 as Edax publishes them: 20 positions of 20 to 34 empty squares, each listed move
/// legal, its best score the highest listed. FFO #40 (20 empty squares) is solved on every level;
/// the others take the solver from seconds to hours (scripts/bench.sh solves 40-49).
#[test]
fn ffo_40_59_data_and_ffo_40_on_every_level() {
    let problems = problems("fforum-40-59.txt");
    assert_eq!(problems.len(), 20);
    for (i, pb) in problems.iter().enumerate() {
        let (p, o) = (pb.board.player, pb.board.opponent);
        assert_eq!(p & o, 0);
        assert_eq!((p | o).count_zeros(), pb.empties, "FFO #{}", 40 + i);
        assert!((20..=34).contains(&pb.empties), "FFO #{}", 40 + i);
        let moves = ek_get_moves(p, o);
        for &(x, _) in &pb.moves {
            assert!(moves >> x & 1 == 1, "FFO #{}: {x} is not a legal move", 40 + i);
        }
        assert_eq!(pb.moves.iter().map(|m| m.1).max(), Some(pb.best), "FFO #{}", 40 + i);
    }
    let levels = common::levels();
    check_fforum("fforum-40-59.txt", &levels, 1);
}

/// Random positions with 0..=10 empty squares, the exact score by naive negamax, and random
/// windows: every level returns a correct fail-soft bound, and the same answer. Those with 8 to
/// 10 empty squares (counted: over a quarter) run the solver's own search above the leaf search.
#[test]
fn random_windows_against_naive_negamax_on_every_level() {
    let _level = LEVEL.lock().unwrap_or_else(|e| e.into_inner());
    // Under qemu (EK_TEST_SCALE) the first 1/20 of the same positions.
    let n = common::scaled(100_000);
    let positions = random_positions_where(0x501E, n, |b| (b.player | b.opponent).count_zeros() <= 10);
    assert_eq!(positions.len(), n);
    let above_leaf = positions.iter().filter(|b| (b.player | b.opponent).count_zeros() >= 8).count();
    assert!(above_leaf >= n / 4, "{above_leaf} positions of 8 to 10 empty squares");
    let mut rng = SplitMix64(0x5EED);
    // One solver per level, all given the same solves: their tables evolve alike, so every
    // answer (bound, move and node count) must be the same.
    let levels = common::levels();
    let solvers: Vec<EkSolver> = levels.iter().map(|_| EkSolver::new(16).expect("a table")).collect();
    let mut checked = 0;
    for (i, b) in positions.iter().enumerate() {
        let exact = naive_score(b.player, b.opponent);
        let (alpha, beta) = match i % 3 {
            0 => (-64, 64),
            _ => {
                let a = (rng.next_u64() % 128) as i32 - 64;
                let c = (rng.next_u64() % 128) as i32 - 63;
                (a.min(c), a.max(c).max(a.min(c) + 1))
            }
        };
        let mut first: Option<EkSolveResult> = None;
        for (&isa, solver) in levels.iter().zip(&solvers) {
            edax_kernels::set_active_isa(isa).expect("supported");
            let r = solver.solve(b, alpha, beta).expect("solved");
            if alpha < r.score && r.score < beta {
                assert_eq!(r.score, exact, "{b:?} ({alpha}, {beta}) {isa:?}");
                assert_eq!(move_score(b, r.best_move), exact, "{b:?}: move {} does not give {exact}", r.best_move);
            } else if r.score <= alpha {
                assert!(exact <= r.score, "{b:?} ({alpha}, {beta}): {} but exact {exact}", r.score);
            } else {
                assert!(exact >= r.score, "{b:?} ({alpha}, {beta}): {} but exact {exact}", r.score);
                assert!(move_score(b, r.best_move) >= r.score, "{b:?}: move {} is below {}", r.best_move, r.score);
            }
            if let Some(f) = first {
                assert_eq!(r, f, "{b:?} ({alpha}, {beta}): {isa:?} differs from the first level");
            }
            first = Some(r);
            checked += 1;
        }
        // The tables keep their bounds between solves: clear them now and then for cold solves.
        if i % 97 == 0 {
            solvers.iter().for_each(|s| s.clear().expect("not busy"));
        }
    }
    edax_kernels::set_active_isa(Isa::best()).expect("best");
    println!("{checked} solves of {} positions", positions.len());
}

/// `ek_solver_solve_batch` gives exactly the answers of one `ek_solver_solve` per position (on
/// two solvers given the same sequence of positions, whose tables evolve alike).
#[test]
fn batch_equals_single_calls() {
    let boards = random_positions_where(0xBA7C, 2_000, |b| (b.player | b.opponent).count_zeros() <= 14);
    let (ps, os): (Vec<u64>, Vec<u64>) = boards.iter().map(|b| (b.player, b.opponent)).unzip();
    let (mut scores, mut moves) = (vec![0; boards.len()], vec![0; boards.len()]);
    let batch = ek_solver_new(16);
    let single = EkSolver::new(16).expect("a table");
    // SAFETY: a live solver and arrays of boards.len() elements.
    let status = unsafe {
        ek_solver_solve_batch(batch, boards.len(), ps.as_ptr(), os.as_ptr(), scores.as_mut_ptr(), moves.as_mut_ptr())
    };
    assert_eq!(status, EK_OK);
    for (i, b) in boards.iter().enumerate() {
        let r = single.solve(b, -64, 64).expect("solved");
        assert_eq!((scores[i], moves[i]), (r.score, r.best_move), "{b:?}");
    }
    // SAFETY: made by ek_solver_new, not in use.
    unsafe { ek_solver_free(batch) };
}

/// `ek_solver_solve_many` on windows (full, the proof windows (-1, 1) and (-3, 3), and one
/// null window) gives, on one thread, exactly the answers of one `ek_solver_solve` per position
/// on the same window (two solvers given the same sequence, whose tables evolve alike), and on
/// two threads the same exact scores with a move reaching each, and bounds on the same side;
/// positions whose bitboards overlap are reported and skipped, the others still solved.
#[test]
fn solve_many_on_windows_equals_single_calls() {
    // Scaled: under qemu and Wine these 24,000 solves of up to 14 empties took 8 minutes.
    let mut boards =
        random_positions_where(0x3A17, common::scaled(1_500), |b| (b.player | b.opponent).count_zeros() <= 14);
    let bad = boards.len() / 2;
    boards[bad] = EkBoard::new(3, 1); // overlap
    let (ps, os): (Vec<u64>, Vec<u64>) = boards.iter().map(|b| (b.player, b.opponent)).unzip();
    for threads in [1, 2] {
        for (alpha, beta) in [(-64, 64), (-1, 1), (-3, 3), (0, 1)] {
            let n = boards.len();
            let (mut scores, mut moves, mut nodes, mut status) =
                (vec![99; n], vec![99; n], vec![99u64; n], vec![99; n]);
            let many = ek_solver_new(16);
            let single = EkSolver::new(16).expect("a table");
            // SAFETY: a live solver and arrays of n elements.
            let r = unsafe {
                assert_eq!(ek_solver_set_threads(many, threads), EK_OK);
                ek_solver_solve_many(
                    many,
                    n,
                    ps.as_ptr(),
                    os.as_ptr(),
                    alpha,
                    beta,
                    scores.as_mut_ptr(),
                    moves.as_mut_ptr(),
                    nodes.as_mut_ptr(),
                    status.as_mut_ptr(),
                )
            };
            assert_eq!(r, EK_ERR_RANGE, "the overlapping position is reported");
            for (i, b) in boards.iter().enumerate() {
                if i == bad {
                    assert_eq!((status[i], scores[i], moves[i], nodes[i]), (EK_ERR_RANGE, EK_SCORE_NONE, EK_NOMOVE, 0));
                    continue;
                }
                assert_eq!(status[i], EK_OK, "{b:?}");
                let one = single.solve(b, alpha, beta).expect("solved");
                if threads == 1 {
                    assert_eq!(
                        (scores[i], moves[i], nodes[i]),
                        (one.score, one.best_move, one.nodes),
                        "{b:?} ({alpha}, {beta})"
                    );
                } else if alpha < one.score && one.score < beta {
                    assert_eq!(scores[i], one.score, "{b:?} ({alpha}, {beta})");
                    assert_eq!(move_score(b, moves[i]), one.score, "{b:?}: move {}", moves[i]);
                } else {
                    // Fail-soft bounds depend on the table: the same side of the window.
                    let side = |s: i32| (s <= alpha, s >= beta);
                    assert_eq!(
                        side(scores[i]),
                        side(one.score),
                        "{b:?} ({alpha}, {beta}): {} and {}",
                        scores[i],
                        one.score
                    );
                }
            }
            // SAFETY: made by ek_solver_new, not in use.
            unsafe { ek_solver_free(many) };
        }
    }
}

/// Solves `board` on a thread of its own while this one calls `stop()` until that solve ends: it
/// must end stopped.
fn stopped_from_another_thread(solver: &EkSolver, board: &EkBoard) {
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| solver.solve(board, -64, 64));
        while !worker.is_finished() {
            solver.stop();
        }
        assert_eq!(worker.join().expect("the solving thread"), Err(SolveError::Stopped));
    });
}

/// A solve stopped from another thread returns `SolveError::Stopped` (and the solver works
/// again afterwards); a second solve while one runs is refused with `SolveError::Busy`.
#[test]
fn stop_and_busy_from_other_threads() {
    let slow = EkBoard::new(0x0014_f9c0_849a_0000, 0x0000_063e_7b64_3c3c); // fforum #38, 24 empties
    let solver = EkSolver::new(20).expect("a table");
    std::thread::scope(|scope| {
        // The probe below may hold the solver for a moment: the worker retries until it runs.
        let worker = scope.spawn(|| loop {
            match solver.solve(&slow, -64, 64) {
                Err(SolveError::Busy) => continue,
                r => break r,
            }
        });
        let mut busy_seen = false;
        while !busy_seen && !worker.is_finished() {
            // A finished game (A1 against H8: no move for either side), solved at once when free.
            busy_seen = solver.solve(&EkBoard::new(1, 1 << 63), -64, 64) == Err(SolveError::Busy);
        }
        while !worker.is_finished() {
            solver.stop();
        }
        assert_eq!(worker.join().expect("the solving thread"), Err(SolveError::Stopped));
        assert!(busy_seen, "a second solve was never refused while the first ran");
    });
    // With weights, from the pre-search on (24 empty squares: pre-searched).
    solver.set_eval(Some(project_weights()));
    stopped_from_another_thread(&solver, &slow);
    solver.set_eval(None);
    // A bad window is refused as such.
    assert_eq!(solver.solve(&slow, 10, 10), Err(SolveError::Range));
    assert_eq!(solver.solve(&EkBoard::new(3, 1), -64, 64), Err(SolveError::Range));
    // After a stop the solver works again; a node limit stops a solve too.
    solver.set_node_limit(10_000);
    assert_eq!(solver.solve(&EkBoard::START, -64, 64), Err(SolveError::Stopped));
    solver.set_node_limit(0);
    let near_end = random_positions_where(0x57, 1, |b| (b.player | b.opponent).count_zeros() == 12);
    assert_eq!(
        solver.solve(&near_end[0], -64, 64).map(|r| r.score),
        Ok(naive_score(near_end[0].player, near_end[0].opponent))
    );
}

/// Several threads give the scores of one thread, in both ways of sharing the work
/// ([`ParallelScheme`]): the fforum-20-39 positions of 17 to 20 empty squares (each spread over
/// the threads) on every level with 2 threads, and with 3 and (natively) 8 on the best level;
/// the move is one the file lists with the score. The same solver then solves them again on one thread,
/// with what the threads left in its table. Under emulation, those of 17 to 19.
#[test]
fn threads_give_the_scores_of_one_thread_on_every_level() {
    let _level = LEVEL.lock().unwrap_or_else(|e| e.into_inner());
    let problems: Vec<Problem> = problems("fforum-20-39.txt")
        .into_iter()
        .filter(|p| (17..=20.min(sampled_empties())).contains(&p.empties))
        .collect();
    assert_eq!(problems.len(), if common::sampled() { 4 } else { 13 });
    let levels = common::levels();
    // The last run with the project's weights ordering the moves.
    let runs = levels
        .iter()
        .map(|&isa| (isa, 2, None))
        .chain([(Isa::best(), 3, None), (Isa::best(), 2, Some(project_weights()))])
        .chain((!common::sampled()).then_some((Isa::best(), 8, None)));
    let schemes = [ParallelScheme::Abdada, ParallelScheme::Ybwc];
    for ((isa, threads, eval), scheme) in runs.flat_map(|r| schemes.map(|s| (r, s))) {
        edax_kernels::set_active_isa(isa).expect("supported");
        let solver = EkSolver::new(20).expect("a table");
        solver.set_parallel_scheme(scheme);
        assert_eq!(solver.parallel_scheme(), scheme);
        solver.set_eval(eval);
        solver.set_threads(threads).expect("threads");
        assert_eq!(solver.threads(), threads);
        // Then again on one thread with the table the threads left: it holds no false bound
        // (a thread stopped when another finished stores nothing).
        for (round, n) in [(1, threads), (2, 1)] {
            solver.set_threads(n).expect("threads");
            for (i, pb) in problems.iter().enumerate() {
                let r = solver.solve(&pb.board, -64, 64).expect("solved");
                let run = format!("problem {i}: {isa:?}, {threads} threads, {scheme:?}");
                assert_eq!(r.score, pb.best, "{run}, round {round}");
                let listed = pb.moves.iter().find(|(x, _)| *x == r.best_move).map(|m| m.1);
                assert_eq!(listed, Some(pb.best), "{run}, move {}", r.best_move);
            }
        }
    }
    edax_kernels::set_active_isa(Isa::best()).expect("best");
}

/// A batch over 2 threads gives every position the score one thread gives it, and a move of
/// that score.
#[test]
fn batch_on_threads_equals_single_calls() {
    let boards = random_positions_where(0x7B2, 600, |b| (b.player | b.opponent).count_zeros() <= 14);
    let (ps, os): (Vec<u64>, Vec<u64>) = boards.iter().map(|b| (b.player, b.opponent)).unzip();
    let (mut scores, mut moves) = (vec![99; boards.len()], vec![99; boards.len()]);
    let batch = ek_solver_new(16);
    let single = EkSolver::new(16).expect("a table");
    // SAFETY: a live solver and arrays of boards.len() elements.
    let status = unsafe {
        assert_eq!(ek_solver_set_threads(batch, 2), EK_OK);
        ek_solver_solve_batch(batch, boards.len(), ps.as_ptr(), os.as_ptr(), scores.as_mut_ptr(), moves.as_mut_ptr())
    };
    assert_eq!(status, EK_OK);
    for (i, b) in boards.iter().enumerate() {
        let r = single.solve(b, -64, 64).expect("solved");
        assert_eq!(scores[i], r.score, "{b:?}");
        assert_eq!(move_score(b, moves[i]), r.score, "{b:?}: move {}", moves[i]);
    }
    // SAFETY: made by ek_solver_new, not in use.
    unsafe { ek_solver_free(batch) };
}

/// With 3 threads, in both ways of sharing the work, a stop from another thread (with and
/// without weights) and the node limit (counted over all threads) end the solve with
/// `SolveError::Stopped`, and the solver works again afterwards.
#[test]
fn stop_and_node_limit_with_threads() {
    for scheme in [ParallelScheme::Abdada, ParallelScheme::Ybwc] {
        stop_and_node_limit_with_threads_in(scheme);
    }
}

fn stop_and_node_limit_with_threads_in(scheme: ParallelScheme) {
    let slow = EkBoard::new(0x0014_f9c0_849a_0000, 0x0000_063e_7b64_3c3c); // fforum #38, 24 empties
    let solver = EkSolver::new(20).expect("a table");
    solver.set_parallel_scheme(scheme);
    solver.set_threads(3).expect("threads");
    // With the fast order, then with weights (from the pre-search on, itself on 3 threads).
    for eval in [None, Some(project_weights())] {
        solver.set_eval(eval);
        stopped_from_another_thread(&solver, &slow);
    }
    solver.set_eval(None);
    // The whole solve takes about 260 M nodes: a limit of 2 M stops it.
    solver.set_node_limit(2_000_000);
    assert_eq!(solver.solve(&slow, -64, 64), Err(SolveError::Stopped));
    solver.set_node_limit(0);
    let pb = &problems("fforum-20-39.txt")[2];
    assert_eq!(solver.solve(&pb.board, -64, 64).map(|r| r.score), Ok(pb.best));
}

/// A stopped search leaves no false bound in the table: after solves stopped at many node
/// limits (each stop ends the search in the middle of its tree, as a thread is stopped when
/// another finishes), the same solver still finds every exact score, on one thread and on 2,
/// with the fast order and with the project's weights (whose solves of 20 empty squares are
/// stopped in the pre-search, between it and the exact search, or in one of the exact
/// searches around its score) (fforum-20-39's problems of 19 and 20 empty squares; under
/// emulation, of 19). Two threads share the work both ways ([`ParallelScheme`]).
#[test]
fn stopped_solves_leave_no_false_bound() {
    let problems: Vec<Problem> = problems("fforum-20-39.txt")
        .into_iter()
        .filter(|p| (19..=20.min(sampled_empties())).contains(&p.empties))
        .collect();
    let w = Some(project_weights());
    let (abdada, ybwc) = (ParallelScheme::Abdada, ParallelScheme::Ybwc);
    let runs = [(1, None, abdada), (2, None, abdada), (2, None, ybwc), (1, w, abdada), (2, w, abdada), (2, w, ybwc)];
    for (threads, eval, scheme) in runs {
        for pb in &problems {
            let solver = EkSolver::new(18).expect("a table");
            solver.set_parallel_scheme(scheme);
            solver.set_threads(threads).expect("threads");
            solver.set_eval(eval);
            for k in 1..40 {
                solver.set_node_limit(k * 25_000);
                let _ = solver.solve(&pb.board, -64, 64);
            }
            solver.set_node_limit(0);
            let eval = eval.is_some();
            let r = solver.solve(&pb.board, -64, 64).map(|r| r.score);
            assert_eq!(r, Ok(pb.best), "{threads} threads, {eval}, {scheme:?}");
        }
    }
}
