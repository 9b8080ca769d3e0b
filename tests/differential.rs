//! Every level equals the portable level, kernel by kernel, on 1,000,000 random reachable
//! positions (random legal games from the start, fixed seed, every empties count) and on
//! 1,000,000 arbitrary bit patterns (overlapping bitboards included).

mod common;

use common::{random_positions, supported_levels, SplitMix64};
use edax_kernels::{EkBoard, Isa, Kernels};
use std::sync::OnceLock;

/// Random positions checked: a million (fewer under emulation, `common::scaled`).
fn n() -> usize {
    common::scaled(1_000_000)
}

fn positions() -> &'static [EkBoard] {
    static P: OnceLock<Vec<EkBoard>> = OnceLock::new();
    P.get_or_init(|| random_positions(0xEDA5_0001, n()))
}

/// Arbitrary pairs: independent random words, sparse and dense masks of them, and pairs
/// with a few shared bits.
fn raw_boards() -> &'static [EkBoard] {
    static R: OnceLock<Vec<EkBoard>> = OnceLock::new();
    R.get_or_init(|| {
        let mut rng = SplitMix64(0xEDA5_0002);
        (0..n())
            .map(|i| {
                let (a, b, c) = (rng.next_u64(), rng.next_u64(), rng.next_u64());
                match i % 4 {
                    0 => EkBoard::new(a, b),
                    1 => EkBoard::new(a & c, b & !c),
                    2 => EkBoard::new(a & b, c & !a),
                    _ => EkBoard::new(a | (b & c), c),
                }
            })
            .collect()
    })
}

fn portable() -> &'static Kernels {
    Isa::Portable.kernels().expect("portable is always supported")
}

/// Compares `f(level)` with `f(portable)` on every board of both sets, for every other level.
fn compare<T: PartialEq + std::fmt::Debug>(name: &str, f: impl Fn(&Kernels, EkBoard, usize) -> T) {
    let others: Vec<&Kernels> = supported_levels().into_iter().filter(|k| k.isa() != Isa::Portable).collect();
    for k in others {
        for (set, boards) in [("reachable", positions()), ("raw", raw_boards())] {
            for (i, &b) in boards.iter().enumerate() {
                let (got, want) = (f(k, b, i), f(portable(), b, i));
                assert!(got == want, "{name}: {:?} gives {got:?}, portable {want:?}, on {set} {b:?} (#{i})", k.isa());
            }
        }
    }
}

#[test]
fn position_sets_cover_every_empties_count() {
    let mut seen = [false; 61];
    for b in positions() {
        seen[64 - (b.player | b.opponent).count_ones() as usize] = true;
    }
    assert!(seen.iter().all(|&s| s), "some empties count never occurs");
    assert_eq!(positions().len(), n());
}

#[test]
fn flip_every_square() {
    // All 64 squares (empty or not) plus PASS, NOMOVE and out-of-range values.
    compare("flip", |k, b, _| {
        let mut acc = [0u64; 4];
        for x in -2..68 {
            acc[(x & 3) as usize] ^= k.flip(x, b.player, b.opponent).rotate_left(x as u32 & 63);
        }
        acc
    });
    compare("flip (per square)", |k, b, i| {
        let x = (i % 70) as i32 - 2;
        k.flip(x, b.player, b.opponent)
    });
}

#[test]
fn last_flip_every_square() {
    compare("count_last_flip", |k, b, _| {
        (-2..68).map(|x| k.count_last_flip(x, b.player) + 100 * k.count_last_flip(x, b.opponent)).collect::<Vec<_>>()
    });
}

#[test]
fn board_score_1() {
    compare("board_score_1", |k, b, i| {
        let x = (i % 66) as i32;
        let beta = (i % 131) as i32 - 65;
        (k.board_score_1(b.player, b.opponent, beta, x), k.board_score_1_exact(b.player, b.opponent, x))
    });
}

#[test]
fn moves_and_mobility() {
    compare("moves", |k, b, _| {
        let (p, o) = (b.player, b.opponent);
        (
            k.get_moves(p, o),
            k.can_move(p, o),
            k.get_mobility(p, o),
            k.get_weighted_mobility(p, o),
            k.get_potential_mobility(p, o),
        )
    });
}

#[test]
fn stability() {
    compare("stability", |k, b, _| {
        let (p, o) = (b.player, b.opponent);
        (k.get_stability(p, o), k.get_edge_stability(p, o), k.get_corner_stability(p), k.get_stability(o, p))
    });
}

#[test]
fn hash_and_bit_count() {
    compare("hash/bit_count", |k, b, _| (k.hash_code(&b), k.bit_count(b.player), k.bit_count(b.opponent)));
    let corners = 0x8100_0000_0000_0081u64;
    compare("bit_weighted_count", |k, b, _| {
        let w = k.bit_weighted_count(b.player);
        assert_eq!(w as u32, b.player.count_ones() + (b.player & corners).count_ones());
        (w, k.bit_weighted_count(b.opponent), k.bit_weighted_count(b.player | b.opponent))
    });
}

#[test]
fn symmetry_and_unique() {
    compare("symmetry/unique", |k, b, i| (k.symmetry(b, (i % 8) as i32), k.unique(b)));
}

#[test]
fn perft_from_random_positions() {
    let others: Vec<&Kernels> = supported_levels().into_iter().filter(|k| k.isa() != Isa::Portable).collect();
    for k in others {
        for (i, &b) in positions().iter().step_by(997).enumerate() {
            let depth = 1 + (i % 4) as i32;
            assert_eq!(k.perft(b, depth), portable().perft(b, depth), "{:?} perft {b:?} depth {depth}", k.isa());
        }
    }
}
