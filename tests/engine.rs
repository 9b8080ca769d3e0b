//! The engine (`EkEngine`): Edax's whole search on tables and weights of its own. Its searches
//! are Edax's, node for node (the root's known answers, tests/data/midgame/root-ek.txt, made by
//! Edax 4.6 with data/ek-eval.dat); its limits, stop, refusals and shared weights do what the
//! header says.

mod common;

use common::root_answers::root_answers;
use edax_kernels::engine::{EkEngine, EkEngineLimits, EkWeights};
use edax_kernels::EkSolver;
use edax_kernels::{EkBoard, SolveError, NOMOVE, PASS};
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// data/ek-eval.dat, as a weights object (loaded once for the whole test binary).
fn weights() -> Arc<EkWeights> {
    static W: OnceLock<Arc<EkWeights>> = OnceLock::new();
    W.get_or_init(|| {
        EkWeights::from_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("data/ek-eval.dat")).expect("data/ek-eval.dat")
    })
    .clone()
}

/// Whether `x` is a legal move of `b` (a pass when it has none and the opponent has one).
fn legal(b: &EkBoard, x: i32) -> bool {
    let moves = edax_kernels::get_moves(b.player, b.opponent);
    match x {
        0..=63 => moves >> x & 1 == 1,
        PASS => moves == 0 && edax_kernels::get_moves(b.opponent, b.player) != 0,
        NOMOVE => moves == 0 && edax_kernels::get_moves(b.opponent, b.player) == 0,
        _ => false,
    }
}

/// Every search of the root's known answers with data/ek-eval.dat, each on a new engine of the
/// file's table size (Edax's tables cleared before each problem): Edax's score, move, depth,
/// selectivity, nodes and principal variation (every eighth search; scaled under emulation).
#[test]
fn searches_are_edax_s() {
    let (bits, searches) = root_answers("root-ek.txt");
    // At least four searches however small the scale.
    let step = (8 * searches.len() / common::scaled(searches.len()).max(1)).min(searches.len() / 4).max(1);
    let mut n = 0;
    for c in searches.iter().step_by(step) {
        let engine = EkEngine::new(weights(), bits as i32).expect("an engine");
        let limits =
            EkEngineLimits { level: c.level, depth: c.depth, selectivity: c.selectivity, max_nodes: 0, max_time_ms: 0 };
        let r = engine.search(&c.board, &limits).expect("a result");
        let at = format!("{:?} level {} ({}, {})", c.board, c.level, c.depth, c.selectivity);
        assert_eq!((r.score, r.best_move, r.depth, r.selectivity, r.n_nodes), c.result, "{at}");
        assert_eq!(&r.pv[..r.pv_length as usize], &c.pv[..], "{at}: principal variation");
        assert_eq!(r.complete, 1, "{at}");
        let n_empties = (!(c.board.player | c.board.opponent)).count_ones() as i32;
        assert_eq!(r.exact, i32::from(r.depth >= n_empties && r.selectivity == 5), "{at}");
        assert!(legal(&c.board, r.best_move), "{at}: move {}", r.best_move);
        n += 1;
    }
    assert!(n >= 4, "{n} searches");
}

/// A position of 40 empty squares (after 20 plies of a fixed game) and the start.
fn middle() -> EkBoard {
    let mut b = EkBoard::START;
    let mut s = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..20 {
        let moves = edax_kernels::get_moves(b.player, b.opponent);
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let mut m = moves;
        for _ in 0..s % u64::from(moves.count_ones()) {
            m &= m - 1;
        }
        let x = m.trailing_zeros() as i32;
        b = b.next(x, edax_kernels::flip(x, b.player, b.opponent));
    }
    b
}

/// A node limit cuts a deep search short: the result is the deepest iteration completed, a
/// legal move, marked incomplete; the same search without the limit completes.
#[test]
fn a_node_limit_stops_the_search() {
    let engine = EkEngine::new(weights(), 16).expect("an engine");
    let b = middle();
    let limited = EkEngineLimits { max_nodes: 20_000, ..EkEngineLimits::level(30) };
    let r = engine.search(&b, &limited).expect("a result");
    assert_eq!(r.complete, 0);
    assert_eq!(r.exact, 0);
    assert!(r.n_nodes >= 20_000 && r.n_nodes < 2_000_000, "{} nodes", r.n_nodes);
    assert!(legal(&b, r.best_move), "move {}", r.best_move);
    let r = engine.search(&b, &EkEngineLimits::level(4)).expect("a result");
    assert_eq!(r.complete, 1);
    assert!(legal(&b, r.best_move));
}

/// A time limit cuts a search that would take hours (an exact search of 40 empty squares): it
/// returns, incomplete, with a legal move. Nothing is timed: a limit that did not act would
/// leave the search running (and the test with it) far past any test's time.
#[test]
fn a_time_limit_stops_the_search() {
    let engine = EkEngine::new(weights(), 16).expect("an engine");
    let b = middle();
    let r = engine.search(&b, &EkEngineLimits { max_time_ms: 100, ..EkEngineLimits::level(60) }).expect("a result");
    assert_eq!(r.complete, 0);
    assert!(legal(&b, r.best_move), "move {}", r.best_move);
}

/// `set_iteration_time` (Edax's `mini`, engine::clock): after it no new iteration of the
/// deepening starts, and the iteration running completes. A search that would take hours (level
/// 60, no time limit) returns after its first iterations, incomplete, with a legal move (nothing
/// is timed, as above); an iteration time the search does not reach changes nothing: the same
/// nodes as without (Edax's search, node for node).
#[test]
fn an_iteration_time_ends_the_deepening() {
    let engine = EkEngine::new(weights(), 16).expect("an engine");
    let b = middle();
    engine.set_iteration_time(1);
    let r = engine.search(&b, &EkEngineLimits::level(60)).expect("a result");
    assert_eq!(r.complete, 0);
    assert!(r.depth < 40, "depth {}", r.depth);
    assert!(legal(&b, r.best_move), "move {}", r.best_move);
    let fresh = || EkEngine::new(weights(), 16).expect("an engine");
    let plain = fresh().search(&b, &EkEngineLimits::level(8)).expect("a result");
    let e = fresh();
    e.set_iteration_time(600_000);
    let timed = e.search(&b, &EkEngineLimits::level(8)).expect("a result");
    assert_eq!(
        (timed.n_nodes, timed.best_move, timed.score, timed.complete),
        (plain.n_nodes, plain.best_move, plain.score, 1)
    );
}

/// `stop` from another thread ends the search in progress; a second search on the same engine
/// meanwhile is refused; a later search is not affected by the stop.
#[test]
fn stop_and_busy() {
    let engine = EkEngine::new(weights(), 16).expect("an engine");
    let b = middle();
    std::thread::scope(|s| {
        // The probe below may hold the tables when the long search starts, and then that search
        // is the one refused: it retries until it runs, as the solver's test does (without the
        // retry this test failed once under load, 2026-11-29, and always with longer probes).
        let search = s.spawn(|| loop {
            match engine.search(&b, &EkEngineLimits::level(60)) {
                Err(SolveError::Busy) => continue,
                r => break r,
            }
        });
        let mut refused = false;
        while !refused && !search.is_finished() {
            refused = matches!(engine.search(&EkBoard::START, &EkEngineLimits::level(1)), Err(SolveError::Busy));
        }
        assert!(refused, "a second search was never refused");
        while !search.is_finished() {
            engine.stop();
        }
        match search.join().expect("no panic") {
            Ok(r) => {
                assert_eq!(r.complete, 0);
                assert!(legal(&b, r.best_move));
            }
            Err(e) => assert_eq!(e, SolveError::Stopped),
        }
    });
    let r = engine.search(&b, &EkEngineLimits::level(2)).expect("a result");
    assert_eq!(r.complete, 1);
}

/// Out-of-range limits, overlapping bitboards and table sizes are refused; a finished game and
/// a pass are answered.
#[test]
fn bad_input_and_special_positions() {
    assert!(EkEngine::new(weights(), 7).is_none());
    assert!(EkEngine::new(weights(), 33).is_none());
    let engine = EkEngine::new(weights(), 10).expect("an engine");
    let b = EkBoard::START;
    for limits in [
        EkEngineLimits::level(61),
        EkEngineLimits::level(-1),
        EkEngineLimits::level(0),
        EkEngineLimits { depth: 0, ..EkEngineLimits::level(5) },
        EkEngineLimits { depth: 61, ..EkEngineLimits::level(5) },
        EkEngineLimits { selectivity: 6, ..EkEngineLimits::level(5) },
        EkEngineLimits { selectivity: -2, ..EkEngineLimits::level(5) },
    ] {
        assert_eq!(engine.search(&b, &limits), Err(SolveError::Range), "{limits:?}");
    }
    assert_eq!(engine.search(&EkBoard::new(3, 1), &EkEngineLimits::level(5)), Err(SolveError::Range));
    // Depth and selectivity alone.
    let r = engine
        .search(&b, &EkEngineLimits { level: 0, depth: 6, selectivity: -1, max_nodes: 0, max_time_ms: 0 })
        .unwrap();
    assert_eq!((r.depth, r.selectivity, r.complete), (6, 5, 1));
    // A finished game: no move, the final score, exact.
    let full = EkBoard::new(!0 ^ 0xFF, 0xFF);
    let r = engine.search(&full, &EkEngineLimits::level(10)).expect("a result");
    assert_eq!((r.best_move, r.score, r.exact), (NOMOVE, 48, 1));
    // A pass: the side to move has no move, the opponent has.
    let pass = EkBoard::new(0x2, 0x1);
    assert!(edax_kernels::get_moves(pass.player, pass.opponent) == 0);
    let r = engine.search(&pass, &EkEngineLimits::level(5)).expect("a result");
    assert_eq!(r.best_move, PASS);
}

/// Engines share weights: the object given to an engine outlives the caller's handle, and two
/// engines on one weights object search alike; the bundled weights are data/ek-eval.dat's.
#[test]
fn shared_weights() {
    let bundled = EkWeights::bundled().expect("the bundled weights");
    let a = EkEngine::new(bundled.clone(), 12).expect("an engine");
    let b = EkEngine::new(bundled, 12).expect("an engine");
    let file = EkEngine::new(weights(), 12).expect("an engine");
    let board = middle();
    let limits = EkEngineLimits::level(6);
    let (ra, rb, rf) = (a.search(&board, &limits), b.search(&board, &limits), file.search(&board, &limits));
    assert_eq!(ra, rb);
    assert_eq!(ra, rf);
    assert!(EkWeights::from_bytes(&[0u8; 10]).is_err());
}

/// An analysis lists every legal move in square order; near the end at level 60 each move's
/// score is exact and the solver's (the negated score of the position after it), and the best
/// of them is the position's.
#[test]
fn analysis() {
    let engine = EkEngine::new(weights(), 16).expect("an engine");
    let solver = EkSolver::new(16).expect("a solver");
    let b = middle();
    let moves = engine.analyze(&b, &EkEngineLimits::level(8)).expect("an analysis");
    let legal_moves = edax_kernels::get_moves(b.player, b.opponent);
    assert_eq!(moves.len(), legal_moves.count_ones() as usize);
    assert!(moves.windows(2).all(|w| w[0].square < w[1].square));
    assert!(moves.iter().all(|m| legal_moves >> m.square & 1 == 1 && m.complete == 1 && m.n_nodes > 0));
    // Near the end: play a fixed line to 12 empty squares.
    let mut end = b;
    while (!(end.player | end.opponent)).count_ones() > 12 {
        let m = edax_kernels::get_moves(end.player, end.opponent);
        if m == 0 {
            end = EkBoard::new(end.opponent, end.player);
            continue;
        }
        let x = m.trailing_zeros() as i32;
        end = end.next(x, edax_kernels::flip(x, end.player, end.opponent));
    }
    let moves = engine.analyze(&end, &EkEngineLimits::level(60)).expect("an analysis");
    assert!(!moves.is_empty());
    for m in &moves {
        let child = if m.square == PASS {
            EkBoard::new(end.opponent, end.player)
        } else {
            end.next(m.square, edax_kernels::flip(m.square, end.player, end.opponent))
        };
        let exact = solver.solve(&child, -64, 64).expect("solved").score;
        assert_eq!((m.score, m.exact), (-exact, 1), "move {}", m.square);
    }
    let best = moves.iter().map(|m| m.score).max().unwrap();
    assert_eq!(best, solver.solve(&end, -64, 64).expect("solved").score);
    // A node limit: later moves incomplete.
    let moves =
        engine.analyze(&b, &EkEngineLimits { max_nodes: 3000, ..EkEngineLimits::level(20) }).expect("an analysis");
    assert!(moves.iter().any(|m| m.complete == 0));
    // The end of the game: no move.
    assert!(engine.analyze(&EkBoard::new(!0 ^ 0xFF, 0xFF), &EkEngineLimits::level(5)).unwrap().is_empty());
}

/// The engine's threads: the setting's range; exact searches on two, three and four threads give
/// the solver's score and a move that reaches it (fforum-20-39's problems of at most 22 empty
/// squares: their nodes of 15 or more share out their children; a search that dropped the
/// deferred children failed here); a midgame search on two threads completes with a legal move;
/// a node limit and a stop end a threaded search.
#[test]
fn threads() {
    let engine = EkEngine::new(weights(), 18).expect("an engine");
    let solver = EkSolver::new(18).expect("a solver");
    assert_eq!(engine.threads(), 1);
    assert_eq!(engine.set_threads(0), Err(SolveError::Range));
    assert_eq!(engine.set_threads(257), Err(SolveError::Range));
    assert_eq!(engine.threads(), 1, "unchanged by a refused setting");
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fforum/fforum-20-39.txt"))
            .expect("fforum data");
    let boards: Vec<EkBoard> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|f| f[2].parse::<u32>().expect("empties") <= 22)
        .map(|f| EkBoard::new(common::hex(f[0]), common::hex(f[1])))
        .collect();
    let boards = &boards[..common::scaled(boards.len()).max(2)];
    for (i, b) in boards.iter().enumerate() {
        let threads = 2 + i as i32 % 3;
        engine.set_threads(threads).expect("in range");
        let r = engine.search(b, &EkEngineLimits::level(60)).expect("a result");
        let exact = solver.solve(b, -64, 64).expect("solved").score;
        let at = format!("{b:?} on {threads} threads");
        assert_eq!((r.score, r.exact, r.complete), (exact, 1, 1), "{at}");
        let child = b.next(r.best_move, edax_kernels::flip(r.best_move, b.player, b.opponent));
        assert_eq!(-solver.solve(&child, -64, 64).expect("solved").score, exact, "{at}: move {}", r.best_move);
    }
    engine.set_threads(2).expect("in range");
    let b = middle();
    let r = engine.search(&b, &EkEngineLimits::level(12)).expect("a result");
    assert_eq!((r.complete, r.depth), (1, 12));
    assert!(legal(&b, r.best_move), "move {}", r.best_move);
    let limited = EkEngineLimits { max_nodes: 20_000, ..EkEngineLimits::level(30) };
    let r = engine.search(&b, &limited).expect("a result");
    assert_eq!(r.complete, 0);
    assert!(r.n_nodes < 5_000_000, "{} nodes", r.n_nodes);
    std::thread::scope(|s| {
        let search = s.spawn(|| engine.search(&b, &EkEngineLimits::level(60)));
        while !search.is_finished() {
            engine.stop();
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        match search.join().expect("no panic") {
            Ok(r) => assert!(r.complete == 0 && legal(&b, r.best_move)),
            Err(e) => assert_eq!(e, SolveError::Stopped),
        }
    });
}
