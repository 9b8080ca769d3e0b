//! Criterion benchmarks: every kernel on every level this CPU supports, called directly
//! (through the level's `Kernels` table) and through the C ABI (`ek_*`, after `ek_set_isa`),
//! beside the bundled C reference (ffi_bench/ref, declared by bindgen in `edax-cref`).
//!
//! Each iteration runs the kernel on the same 1024 random reachable positions (independent
//! calls): the reported time per element is the throughput cost of one call.
//! Run: `cargo bench --bench kernels` (`-- flip` for one kernel).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use edax_kernels::ffi::api;
use edax_kernels::{EkBoard, Isa, Kernels};
use std::hint::black_box;
use std::time::Duration;

const N: usize = 1024;

/// (x, board) pairs from random legal games: x a legal move of the board.
fn inputs() -> Vec<(i32, EkBoard)> {
    let k = Isa::Portable.kernels().expect("portable is always supported");
    let mut state = 0x5EED_u64;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let z = (state ^ (state >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        let z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut out = Vec::with_capacity(N);
    while out.len() < N {
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
            if next() % 4 == 0 && out.len() < N {
                out.push((x, b));
            }
            b = b.next(x, k.flip(x, b.player, b.opponent));
        }
    }
    out
}

fn levels() -> Vec<&'static Kernels> {
    Isa::ALL.into_iter().filter_map(Isa::kernels).collect()
}

/// Benchmarks one kernel: `direct` on each level, `c_abi` on each level, and the C reference
/// when it has the kernel.
macro_rules! kernel_bench {
    ($c:expr, $inputs:expr, $name:literal, |$k:ident, $x:ident, $b:ident| $direct:expr, |$y:ident, $d:ident| $ffi:expr $(, |$z:ident, $e:ident| $cref:expr)?) => {{
        let mut g = $c.benchmark_group($name);
        g.throughput(Throughput::Elements(N as u64));
        for $k in levels() {
            let level = $k.isa().name();
            g.bench_function(BenchmarkId::new("direct", level), |bench| {
                bench.iter(|| $inputs.iter().fold(0u64, |acc, &($x, $b)| acc.wrapping_add(black_box($direct) as u64)))
            });
            edax_kernels::set_active_isa($k.isa()).expect("a supported level");
            g.bench_function(BenchmarkId::new("c_abi", level), |bench| {
                bench.iter(|| $inputs.iter().fold(0u64, |acc, &($y, $d)| acc.wrapping_add(black_box($ffi) as u64)))
            });
        }
        $(g.bench_function("c_reference", |bench| {
            bench.iter(|| $inputs.iter().fold(0u64, |acc, &($z, $e)| acc.wrapping_add(black_box($cref) as u64)))
        });)?
        g.finish();
    }};
}

fn cboard(b: &EkBoard) -> edax_cref::Board {
    edax_cref::Board { player: b.player, opponent: b.opponent }
}

fn kernels(c: &mut Criterion) {
    let inputs = inputs();
    // SAFETY: plain C function with no preconditions; it fills the reference's edge table.
    unsafe { edax_cref::edge_stability_init() };
    // SAFETY (every `unsafe` below): the C reference and the ek_ functions only read their
    // arguments; pointers passed point to live boards.
    kernel_bench!(
        c,
        inputs,
        "flip",
        |k, x, b| k.flip(x, b.player, b.opponent),
        |x, b| api::ek_flip(x, b.player, b.opponent),
        |x, b| unsafe { edax_cref::flip(x, b.player, b.opponent) }
    );
    kernel_bench!(
        c,
        inputs,
        "count_last_flip",
        |k, x, b| k.count_last_flip(x, b.player),
        |x, b| api::ek_count_last_flip(x, b.player),
        |x, b| unsafe { edax_cref::count_last_flip(x, b.player) }
    );
    kernel_bench!(c, inputs, "board_score_1", |k, x, b| k.board_score_1(b.player, b.opponent, 0, x), |x, b| unsafe {
        api::ek_board_score_1(&b, 0, x)
    });
    kernel_bench!(
        c,
        inputs,
        "get_moves",
        |k, _x, b| k.get_moves(b.player, b.opponent),
        |_x, b| api::ek_get_moves(b.player, b.opponent),
        |_x, b| unsafe { edax_cref::get_moves(b.player, b.opponent) }
    );
    kernel_bench!(
        c,
        inputs,
        "get_mobility",
        |k, _x, b| k.get_mobility(b.player, b.opponent),
        |_x, b| api::ek_get_mobility(b.player, b.opponent),
        |_x, b| unsafe { edax_cref::get_mobility(b.player, b.opponent) }
    );
    kernel_bench!(
        c,
        inputs,
        "get_potential_mobility",
        |k, _x, b| k.get_potential_mobility(b.player, b.opponent),
        |_x, b| api::ek_get_potential_mobility(b.player, b.opponent),
        |_x, b| unsafe { edax_cref::get_potential_mobility(b.player, b.opponent) }
    );
    kernel_bench!(
        c,
        inputs,
        "get_stability",
        |k, _x, b| k.get_stability(b.player, b.opponent),
        |_x, b| api::ek_get_stability(b.player, b.opponent),
        |_x, b| unsafe { edax_cref::get_stability(b.player, b.opponent) }
    );
    kernel_bench!(
        c,
        inputs,
        "get_edge_stability",
        |k, _x, b| k.get_edge_stability(b.player, b.opponent),
        |_x, b| api::ek_get_edge_stability(b.player, b.opponent),
        |_x, b| unsafe { edax_cref::get_edge_stability(b.player, b.opponent) }
    );
    kernel_bench!(
        c,
        inputs,
        "board_get_hash_code",
        |k, _x, b| k.hash_code(&b),
        |_x, b| unsafe { api::ek_board_get_hash_code(&b) },
        |_x, b| unsafe { edax_cref::board_get_hash_code(&cboard(&b)) }
    );
    kernel_bench!(
        c,
        inputs,
        "board_symetry",
        |k, x, b| k.symmetry(b, x & 7).player,
        |x, b| {
            let mut s = EkBoard::default();
            unsafe { api::ek_board_symetry(&b, x & 7, &mut s) };
            s.player
        },
        |x, b| {
            let mut s = cboard(&EkBoard::default());
            unsafe { edax_cref::board_symetry(&cboard(&b), x & 7, &mut s) };
            s.player
        }
    );
    kernel_bench!(
        c,
        inputs,
        "board_unique",
        |k, _x, b| k.unique(b).board.player,
        |_x, b| {
            let mut u = EkBoard::default();
            unsafe { api::ek_board_unique(&b, &mut u) };
            u.player
        },
        |_x, b| {
            let mut u = cboard(&EkBoard::default());
            unsafe { edax_cref::board_unique(&cboard(&b), &mut u) };
            u.player
        }
    );
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20)
}

criterion_group! { name = benches; config = config(); targets = kernels }
criterion_main!(benches);
