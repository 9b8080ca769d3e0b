//! Edax 4.6's endgame leaf search `search_shallow` (`solve_shallow`): its known answers, score
//! and node count, on every level and in the bundled C reference; and on 1,000,000 random
//! reachable positions, fail-soft bounds of an exact search and every level equal to portable.

mod common;

use common::{dec, exact, golden, hex, minimax, random_positions_where, supported_levels, SplitMix64};
use edax_kernels::{EkBoard, Isa, Kernels};
use std::time::Instant;

/// Positions of the differential test.
/// Random positions checked: a million (fewer under emulation, `common::scaled`).
fn n() -> usize {
    common::scaled(1_000_000)
}

fn portable() -> &'static Kernels {
    Isa::Portable.kernels().expect("portable is always supported")
}

/// The records of shallow.txt: (board, alpha, score, nodes).
fn records() -> Vec<(EkBoard, i32, i32, i64)> {
    let recs: Vec<_> = golden("shallow.txt")
        .iter()
        .map(|r| (EkBoard::new(hex(&r[0]), hex(&r[1])), dec(&r[2]), dec(&r[3]), dec(&r[4])))
        .collect();
    assert_eq!(recs.len(), 24_000);
    recs
}

#[test]
fn golden_scores_and_nodes_on_every_level() {
    let recs = records();
    for k in supported_levels() {
        for &(b, alpha, score, nodes) in &recs {
            let mut n = 0;
            let got = k.solve_shallow(&b, alpha, &mut n);
            assert_eq!((got, n), (score, nodes), "{:?} {b:?} alpha {alpha}", k.isa());
        }
    }
}

#[test]
fn golden_scores_and_nodes_in_the_c_reference() {
    // SAFETY: plain C functions; the table init has no precondition, and the search only reads
    // the board and adds to the counter, both live.
    unsafe { edax_cref::edge_stability_init() };
    for (b, alpha, score, nodes) in records() {
        let (board, mut n) = (edax_cref::Board { player: b.player, opponent: b.opponent }, 0);
        // SAFETY: as above.
        let got = unsafe { edax_cref::ref_solve_shallow(&board, alpha, &mut n) };
        assert_eq!((got, n), (score, nodes), "C reference {b:?} alpha {alpha}");
    }
}

#[test]
fn more_than_ten_empties_and_any_alpha() {
    let k = portable();
    for k2 in supported_levels() {
        let mut n = 5;
        assert_eq!(k2.solve_shallow(&EkBoard::START, 0, &mut n), 32767, "{:?}", k2.isa());
        assert_eq!(n, 5, "no node added");
    }
    // Alphas beyond the scores act as the nearest of -65..=64.
    for (i, b) in
        random_positions_where(0x5A11_0003, 2000, |b| (b.player | b.opponent).count_zeros() <= 8).iter().enumerate()
    {
        let (low, high) = if i % 2 == 0 { (i32::MIN, -65) } else { (i32::MAX, 64) };
        let (mut n1, mut n2) = (0, 0);
        assert_eq!((k.solve_shallow(b, low, &mut n1), n1), (k.solve_shallow(b, high, &mut n2), n2), "{b:?}");
    }
}

#[test]
fn oracle_equals_full_width_minimax() {
    let k = portable();
    for b in random_positions_where(0x5A11_0000, 20_000, |b| (b.player | b.opponent).count_zeros() <= 8) {
        assert_eq!(exact(k, b.player, b.opponent, -65, 65), minimax(k, b.player, b.opponent), "{b:?}");
    }
}

/// Checks `boards` (the `first`-th onwards of the test's positions): three alphas each (the
/// exact score minus one, the exact score, a random one), the portable result a fail-soft bound
/// of the exact score, and the result and node count of the next other level equal to it.
fn check_fail_soft_and_levels(boards: &[EkBoard], first: usize) {
    let levels = supported_levels();
    let others: Vec<&Kernels> = levels.iter().copied().filter(|k| k.isa() != Isa::Portable).collect();
    let fastest = levels.last().expect("portable at least");
    let mut rng = SplitMix64(0x5A11_0002 + first as u64);
    for (i, b) in boards.iter().enumerate() {
        let v = exact(fastest, b.player, b.opponent, -65, 65);
        let k = if others.is_empty() { portable() } else { others[(first + i) % others.len()] };
        for alpha in [v - 1, v, (rng.next_u64() % 130) as i32 - 65] {
            let (mut n, mut n_portable) = (0, 0);
            let score = portable().solve_shallow(b, alpha, &mut n_portable);
            let ctx = format!("{b:?} alpha {alpha} exact {v}");
            if score <= alpha {
                assert!(v <= score, "fail-low {score} under the exact score: {ctx}");
            } else {
                assert!(v >= score, "fail-high {score} over the exact score: {ctx}");
            }
            let got = k.solve_shallow(b, alpha, &mut n);
            assert_eq!((got, n), (score, n_portable), "{:?} against portable: {ctx}", k.isa());
        }
    }
}

#[test]
fn fail_soft_bounds_and_every_level_equals_portable() {
    let start = Instant::now();
    let positions = random_positions_where(0x5A11_0001, n(), |b| (b.player | b.opponent).count_zeros() <= 10);
    let mut by_empties = [0usize; 11];
    for b in &positions {
        by_empties[(b.player | b.opponent).count_zeros() as usize] += 1;
    }
    assert!(by_empties.iter().all(|&c| c > n() / 20), "positions by empties: {by_empties:?}");
    // Two halves on two threads.
    let (a, b) = positions.split_at(n() / 2);
    std::thread::scope(|s| {
        s.spawn(|| check_fail_soft_and_levels(a, 0));
        check_fail_soft_and_levels(b, n() / 2);
    });
    eprintln!("{} positions (by empties {by_empties:?}) in {:.1} s", n(), start.elapsed().as_secs_f64());
}
