//! The portable level against slow, obviously correct oracles and invariants.

mod common;

use common::{naive_flip, naive_moves, random_positions, SplitMix64};
use edax_kernels::{EkBoard, Isa, Kernels};

fn portable() -> &'static Kernels {
    Isa::Portable.kernels().expect("portable is always supported")
}

fn sample() -> Vec<EkBoard> {
    random_positions(0x0A0C_1E00, 100_000)
}

#[test]
fn flip_matches_naive_on_every_square() {
    let k = portable();
    let mut rng = SplitMix64(7);
    for b in sample() {
        for x in 0..64 {
            assert_eq!(k.flip(x, b.player, b.opponent), naive_flip(x as u32, b.player, b.opponent), "{b:?} x={x}");
        }
        // Overlapping bitboards: squares in both count as the opponent's.
        let (p, o) = (b.player | (rng.next_u64() & rng.next_u64()), b.opponent);
        let x = (rng.next_u64() % 64) as i32;
        assert_eq!(k.flip(x, p, o), naive_flip(x as u32, p, o), "overlap P={p:016x} O={o:016x} x={x}");
    }
}

#[test]
fn moves_match_naive() {
    let k = portable();
    let mut rng = SplitMix64(8);
    for b in sample() {
        assert_eq!(k.get_moves(b.player, b.opponent), naive_moves(b.player, b.opponent), "{b:?}");
        let (p, o) = (rng.next_u64(), rng.next_u64());
        assert_eq!(k.get_moves(p, o), naive_moves(p, o), "raw P={p:016x} O={o:016x}");
    }
}

#[test]
fn last_flip_is_twice_the_naive_flip_count() {
    let k = portable();
    for b in sample() {
        for x in 0..64u32 {
            let want = 2 * naive_flip(x, b.player, !b.player & !(1 << x)).count_ones() as i32;
            assert_eq!(k.count_last_flip(x as i32, b.player), want, "{b:?} x={x}");
        }
    }
}

#[test]
fn stability_bounds() {
    let k = portable();
    for b in sample() {
        let (p, o) = (b.player, b.opponent);
        let (c, e, s) = (k.get_corner_stability(p), k.get_edge_stability(p, o), k.get_stability(p, o));
        assert!(c <= e && e <= s && s <= p.count_ones() as i32, "{b:?}: corner {c} edge {e} stability {s}");
    }
}

/// Bit-at-a-time CRC-32C of the 8 little-endian bytes, no inversions.
fn naive_crc(mut crc: u32, v: u64) -> u32 {
    for byte in v.to_le_bytes() {
        crc ^= byte as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0x82F6_3B78 } else { crc >> 1 };
        }
    }
    crc
}

#[test]
fn hash_matches_bitwise_crc32c() {
    let k = portable();
    for b in sample().into_iter().step_by(10) {
        let c = naive_crc(0, b.player);
        assert_eq!(k.hash_code(&b), (c as u64) << 32 | naive_crc(c, b.opponent) as u64);
    }
}

/// Symmetry by coordinates: mirror files, then ranks, then transpose.
fn naive_symmetry(b: u64, s: i32) -> u64 {
    (0..64).filter(|&x| b >> x & 1 == 1).fold(0, |acc, x| {
        let (mut r, mut c) = (x / 8, x % 8);
        if s & 1 != 0 {
            c = 7 - c;
        }
        if s & 2 != 0 {
            r = 7 - r;
        }
        if s & 4 != 0 {
            (r, c) = (c, r);
        }
        acc | 1 << (r * 8 + c)
    })
}

#[test]
fn symmetries_and_unique_match_naive() {
    let k = portable();
    for b in sample().into_iter().step_by(10) {
        let syms: Vec<EkBoard> =
            (0..8).map(|s| EkBoard::new(naive_symmetry(b.player, s), naive_symmetry(b.opponent, s))).collect();
        for (s, want) in syms.iter().enumerate() {
            assert_eq!(k.symmetry(b, s as i32), *want);
        }
        let edax_kernels::UniqueBoard { board: u, symmetry: s } = k.unique(b);
        assert_eq!(u, *syms.iter().min().expect("8 boards"), "{b:?}");
        assert_eq!(syms[s as usize], u);
    }
}
