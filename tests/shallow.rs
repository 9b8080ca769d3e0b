//! Edax 4.6's endgame leaf search `search_shallow`: its known answers (score and node count) on
//! every level, and a differential test against a naive exact search on random positions.

mod common;

use common::{dec, golden, hex, random_positions_where, supported_levels, SplitMix64};
use edax_kernels::{EkBoard, Isa, Kernels};
use std::time::Instant;

/// Positions of the differential test.
const N: usize = 1_000_000;

fn portable() -> &'static Kernels {
    Isa::Portable.kernels().expect("portable is always supported")
}

#[test]
fn golden_scores_and_nodes_on_every_level() {
    let recs = golden("shallow.txt");
    assert_eq!(recs.len(), 24_000);
    for k in supported_levels() {
        for r in &recs {
            let b = EkBoard::new(hex(&r[0]), hex(&r[1]));
            let (alpha, score, nodes) = (dec::<i32>(&r[2]), dec::<i32>(&r[3]), dec::<i64>(&r[4]));
            let mut n = 0;
            let got = k.solve_shallow(&b, alpha, &mut n);
            assert_eq!((got, n), (score, nodes), "{:?} {b:?} alpha {alpha}", k.isa());
        }
    }
}

/// The final score for `p`, the empty squares going to the winner.
fn final_score(p: u64, o: u64) -> i32 {
    let (np, no) = (p.count_ones() as i32, o.count_ones() as i32);
    let empties = 64 - np - no;
    match np.cmp(&no) {
        std::cmp::Ordering::Greater => np - no + empties,
        std::cmp::Ordering::Less => np - no - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The exact final score for `p` (to move): negamax with a full window (alpha-beta inside
/// (-65, 65), which never cuts an exact value), moves in bit order; the last empty square is
/// played by whoever can, `p` first.
fn exact(k: &Kernels, p: u64, o: u64, mut alpha: i32, beta: i32) -> i32 {
    let empty = !(p | o);
    if empty & empty.wrapping_sub(1) == 0 {
        let x = empty.trailing_zeros() as i32;
        let (fp, fo) = (k.flip(x, p, o), k.flip(x, o, p));
        return match (fp, fo) {
            (0, 0) => final_score(p, o),
            (0, f) => final_score(p ^ f, o ^ f ^ empty),
            (f, _) => final_score(p ^ f ^ empty, o ^ f),
        };
    }
    let moves = k.get_moves(p, o);
    if moves == 0 {
        if !k.can_move(o, p) {
            return final_score(p, o);
        }
        return -exact(k, o, p, -beta, -alpha);
    }
    // Fewest replies first, for speed only.
    let mut children = [(0, 0u64, 0u64); 32];
    let (mut n, mut m) = (0, moves);
    while m != 0 {
        let x = m.trailing_zeros() as i32;
        m &= m - 1;
        let f = k.flip(x, p, o);
        let (cp, co) = (o ^ f, p ^ f ^ (1 << x));
        children[n] = (k.get_mobility(cp, co), cp, co);
        n += 1;
    }
    let children = &mut children[..n];
    children.sort_unstable_by_key(|c| c.0);
    let mut best = -65;
    for &(_, cp, co) in children.iter() {
        let score = -exact(k, cp, co, -beta, -alpha);
        best = best.max(score);
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Full-width minimax: every move of every line, no cut-off.
fn minimax(k: &Kernels, p: u64, o: u64) -> i32 {
    let moves = k.get_moves(p, o);
    if moves == 0 {
        return if k.can_move(o, p) { -minimax(k, o, p) } else { final_score(p, o) };
    }
    let mut best = -65;
    let mut m = moves;
    while m != 0 {
        let x = m.trailing_zeros() as i32;
        m &= m - 1;
        let f = k.flip(x, p, o);
        best = best.max(-minimax(k, o ^ f, p ^ f ^ (1 << x)));
    }
    best
}

#[test]
fn oracle_equals_full_width_minimax() {
    let k = portable();
    for b in random_positions_where(0x5A11_0000, 20_000, |b| (b.player | b.opponent).count_zeros() <= 8) {
        assert_eq!(exact(k, b.player, b.opponent, -65, 65), minimax(k, b.player, b.opponent), "{b:?}");
    }
}

#[test]
fn fail_soft_against_the_oracle_and_every_level_equals_portable() {
    let start = Instant::now();
    let positions = random_positions_where(0x5A11_0001, N, |b| (b.player | b.opponent).count_zeros() <= 10);
    let levels = supported_levels();
    let mut rng = SplitMix64(0x5A11_0002);
    let mut by_empties = [0usize; 11];
    let t = Instant::now();
    let mut acc = 0;
    let best = *levels.last().unwrap();
    for b in &positions { acc += exact(best, b.player, b.opponent, -65, 65); }
    eprintln!("gen {:.1} oracle {:.1} {acc}", t.duration_since(start).as_secs_f64(), t.elapsed().as_secs_f64());
    for (i, b) in positions.iter().enumerate() {
        by_empties[(b.player | b.opponent).count_zeros() as usize] += 1;
        let v = exact(portable(), b.player, b.opponent, -65, 65);
        let k = levels[i % levels.len()];
        for alpha in [v - 1, v, (rng.next_u64() % 130) as i32 - 65] {
            let (mut n, mut n_portable) = (0, 0);
            let score = portable().solve_shallow(b, alpha, &mut n_portable);
            let ctx = format!("{b:?} alpha {alpha} exact {v}");
            if score <= alpha {
                assert!(v <= score, "fail-low {score} above the exact score: {ctx}");
            } else {
                assert!(v >= score, "fail-high {score} below the exact score: {ctx}");
            }
            assert_eq!((k.solve_shallow(b, alpha, &mut n), n), (score, n_portable), "{:?} vs portable: {ctx}", k.isa());
        }
    }
    assert!(by_empties.iter().all(|&c| c > N / 20), "empties counts {by_empties:?}");
    eprintln!("{N} positions {by_empties:?} in {:.1} s", start.elapsed().as_secs_f64());
}
