//! Criterion benchmark of the endgame leaf search (`solve_shallow`, Edax's `search_shallow`) on
//! every level this CPU supports, and of the bundled C reference's `ref_solve_shallow`, on
//! positions with 5, 6 and 7 empty squares.
//!
//! Each group searches the same 256 positions of random legal games (the first position of each
//! game with that many empty squares), with alpha the exact score minus one (a fail-high) on
//! even positions and the exact score (a fail-low) on odd ones; the time per element is one call.
//! Run: `cargo bench --bench shallow`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use edax_kernels::{EkBoard, Isa, Kernels};
use std::hint::black_box;
use std::time::Duration;

const N: usize = 256;

fn portable() -> &'static Kernels {
    Isa::Portable.kernels().expect("portable is always supported")
}

/// splitmix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let z = (self.0 ^ (self.0 >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        let z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The exact score, by null-window searches that narrow the bounds.
fn exact(b: &EkBoard) -> i32 {
    let (mut lower, mut upper) = (-64i32, 64);
    while lower < upper {
        let alpha = (lower + upper).div_euclid(2);
        let score = portable().solve_shallow(b, alpha, &mut 0);
        if score <= alpha {
            upper = score;
        } else {
            lower = score;
        }
    }
    lower
}

/// (board, alpha) pairs with `empties` empty squares.
fn inputs(empties: u32) -> Vec<(EkBoard, i32)> {
    let k = portable();
    let mut rng = Rng(0x5A11_0000 + empties as u64);
    let mut out = Vec::with_capacity(N);
    while out.len() < N {
        let mut b = EkBoard::START;
        loop {
            if (b.player | b.opponent).count_zeros() == empties {
                let alpha = exact(&b) - (out.len() % 2 == 0) as i32;
                out.push((b, alpha));
                break;
            }
            let moves = k.get_moves(b.player, b.opponent);
            if moves == 0 {
                if !k.can_move(b.opponent, b.player) {
                    break;
                }
                b = b.swapped();
                continue;
            }
            let mut m = moves;
            for _ in 0..rng.next() % moves.count_ones() as u64 {
                m &= m - 1;
            }
            let x = m.trailing_zeros() as i32;
            b = b.next(x, k.flip(x, b.player, b.opponent));
        }
    }
    out
}

fn shallow(c: &mut Criterion) {
    for empties in [5, 6, 7] {
        let inputs = inputs(empties);
        let mut g = c.benchmark_group(format!("solve_shallow/{empties}"));
        g.throughput(Throughput::Elements(N as u64));
        for k in Isa::ALL.into_iter().filter_map(Isa::kernels) {
            g.bench_function(BenchmarkId::new("direct", k.isa().name()), |bench| {
                bench.iter(|| {
                    let mut nodes = 0;
                    let sum = inputs.iter().fold(0i32, |acc, (b, alpha)| acc + k.solve_shallow(b, *alpha, &mut nodes));
                    black_box((sum, nodes))
                })
            });
        }
        // SAFETY: plain C functions; the table init has no precondition, and the search only
        // reads the boards and adds to the counter, all live.
        unsafe { edax_cref::edge_stability_init() };
        let cboards: Vec<_> =
            inputs.iter().map(|(b, a)| (edax_cref::Board { player: b.player, opponent: b.opponent }, *a)).collect();
        g.bench_function("c_reference", |bench| {
            bench.iter(|| {
                let mut nodes = 0;
                // SAFETY: as above.
                let sum = cboards
                    .iter()
                    .fold(0i32, |acc, (b, a)| acc + unsafe { edax_cref::ref_solve_shallow(b, *a, &mut nodes) });
                black_box((sum, nodes))
            })
        });
        g.finish();
    }
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20)
}

criterion_group! { name = benches; config = config(); targets = shallow }
criterion_main!(benches);
