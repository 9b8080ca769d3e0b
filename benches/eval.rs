//! Criterion benchmarks of the evaluation on every level this CPU supports: `eval_update`
//! (features after a move), `eval_accumulate` (sum of the 47 weights; the 1024 positions'
//! weights stay in cache, so this is the compute cost, not the memory cost that ffi_bench's
//! `--eval` replay measures), and loading an eval.dat image (parse and publish).
//! Run: `cargo bench --bench eval` (needs python3 for the synthetic eval.dat).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use edax_kernels::eval::{self, EkEvalFeature};
use edax_kernels::{EkBoard, Isa, Kernels};
use std::hint::black_box;
use std::time::Duration;

const N: usize = 1024;

/// One child of a position: the parent's features and ply, the move and its flips.
struct Child {
    features: EkEvalFeature,
    ply: usize,
    x: i32,
    flipped: u64,
}

/// Children of positions from random legal games, and the children's own features.
fn inputs() -> (Vec<Child>, Vec<(EkEvalFeature, usize)>) {
    let k = Isa::Portable.kernels().expect("portable is always supported");
    let mut state = 0xE7A1_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut children, mut positions) = (Vec::with_capacity(N), Vec::with_capacity(N));
    while children.len() < N {
        let mut b = EkBoard::START;
        loop {
            let moves = k.get_moves(b.player, b.opponent);
            if moves == 0 {
                if !k.can_move(b.opponent, b.player) {
                    break;
                }
                b = b.swapped();
                continue;
            }
            let mut m = moves;
            for _ in 0..next() % moves.count_ones() as u64 {
                m &= m - 1;
            }
            let x = m.trailing_zeros() as i32;
            let flipped = k.flip(x, b.player, b.opponent);
            let ply = 60 - (!(b.player | b.opponent)).count_ones() as usize;
            if next() % 4 == 0 && children.len() < N {
                children.push(Child { features: eval::features(&b), ply, x, flipped });
                positions.push((eval::features(&b), ply));
            }
            b = b.next(x, flipped);
        }
    }
    (children, positions)
}

fn levels() -> Vec<&'static Kernels> {
    Isa::ALL.into_iter().filter_map(Isa::kernels).collect()
}

fn synthetic_eval() -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let run = std::process::Command::new(root.join("scripts/synthetic-eval.sh")).output().expect("synthetic-eval.sh");
    assert!(run.status.success(), "synthetic-eval.sh failed");
    std::fs::read(String::from_utf8(run.stdout).expect("a path").trim_end()).expect("the synthetic eval.dat")
}

fn evaluation(c: &mut Criterion) {
    let data = synthetic_eval();
    let weights = eval::load_buffer(&data).expect("the synthetic eval.dat loads");
    let (children, positions) = inputs();

    let mut g = c.benchmark_group("eval_update");
    g.throughput(Throughput::Elements(N as u64));
    for k in levels() {
        g.bench_function(BenchmarkId::from_parameter(k.isa().name()), |bench| {
            let mut out = EkEvalFeature { v: [0; 48] };
            bench.iter(|| {
                children.iter().fold(0u64, |acc, ch| {
                    k.eval_update(&ch.features, &mut out, ch.x, ch.flipped, (ch.ply & 1) as i32);
                    acc.wrapping_add(black_box(&out).v[0] as u64)
                })
            })
        });
    }
    g.finish();

    let mut g = c.benchmark_group("eval_accumulate");
    g.throughput(Throughput::Elements(N as u64));
    for k in levels() {
        g.bench_function(BenchmarkId::from_parameter(k.isa().name()), |bench| {
            bench.iter(|| {
                positions.iter().fold(0i64, |acc, (f, ply)| acc + weights.accumulate(k, black_box(f), *ply, 0) as i64)
            })
        });
    }
    g.finish();

    let mut g = c.benchmark_group("eval_load");
    g.sample_size(10);
    g.bench_function("load_buffer", |bench| bench.iter(|| eval::load_buffer(black_box(&data)).is_ok()));
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20)
}

criterion_group! { name = benches; config = config(); targets = evaluation }
criterion_main!(benches);
