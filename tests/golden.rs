//! Known answers from the real Edax 4.6 code (tests/data/golden), on every supported level.

mod common;

use common::{dec, golden, hex, supported_levels};
use edax_kernels::{EkBoard, Isa};

/// The levels this CPU can run by its own flags (scripts/cpu-levels.sh reads /proc/cpuinfo),
/// not by the library's detection, which could leave a level out and skip its tests unseen.
/// Under Wine or qemu the test cannot run the script: scripts/test-cross.sh runs it (or names the
/// emulated CPU's levels) outside and passes its answer in `EK_CPU_LEVELS`.
fn levels_of_the_cpu() -> Vec<Isa> {
    let names = match std::env::var("EK_CPU_LEVELS") {
        Ok(names) => names,
        Err(_) => {
            let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/cpu-levels.sh");
            let out = std::process::Command::new(&script).output().expect("cannot run scripts/cpu-levels.sh");
            assert!(out.status.success(), "scripts/cpu-levels.sh failed");
            String::from_utf8(out.stdout).expect("level names")
        }
    };
    names.split_whitespace().map(|n| Isa::from_name(n).unwrap_or_else(|| panic!("unknown level {n}"))).collect()
}

#[test]
fn every_level_this_cpu_has_is_tested() {
    let cpu = levels_of_the_cpu();
    let tables = supported_levels();
    let mut tested: Vec<Isa> = tables.iter().map(|k| k.isa()).collect();
    tested.dedup(); // a level's tables are adjacent
    let names = |v: &[Isa]| v.iter().map(|i| i.name()).collect::<Vec<_>>().join(" ");
    // The levels of the other architecture (neon on x86-64, the x86 levels on AArch64) are
    // named apart from those this CPU lacks.
    let foreign = |i: &Isa| match i {
        Isa::Portable => false,
        Isa::Neon => !cfg!(target_arch = "aarch64"),
        _ => !cfg!(target_arch = "x86_64"),
    };
    let absent: Vec<Isa> = Isa::ALL.into_iter().filter(|i| !tested.contains(i) && !foreign(i)).collect();
    let other: Vec<Isa> = Isa::ALL.into_iter().filter(foreign).collect();
    // The test command shows this line (cargo test -- --nocapture) and repeats it at the end.
    println!(
        "golden: levels run: {} ({} tables); not on this CPU: {}; other architectures': {}",
        names(&tested),
        tables.len(),
        if absent.is_empty() { "none".into() } else { names(&absent) },
        names(&other)
    );
    assert_eq!(tested, cpu, "the library's levels differ from those the CPU's flags allow");
    if std::env::var_os("EK_REQUIRE_AVX512").is_some() {
        assert!(tested.contains(&Isa::Avx512), "EK_REQUIRE_AVX512 set but AVX-512 is unavailable");
    }
}

#[test]
fn flip() {
    let recs = golden("flip.txt");
    for k in supported_levels() {
        for r in &recs {
            let (p, o, x, want) = (hex(&r[0]), hex(&r[1]), dec::<i32>(&r[2]), hex(&r[3]));
            assert_eq!(k.flip(x, p, o), want, "{:?} flip({x}, {p:016x}, {o:016x})", k.isa());
        }
    }
}

#[test]
fn moves_and_mobility() {
    let recs = golden("moves.txt");
    for k in supported_levels() {
        for r in &recs {
            let (p, o) = (hex(&r[0]), hex(&r[1]));
            let ctx = format!("{:?} P={p:016x} O={o:016x}", k.isa());
            assert_eq!(k.get_moves(p, o), hex(&r[2]), "get_moves {ctx}");
            assert_eq!(k.get_mobility(p, o), dec::<i32>(&r[3]), "get_mobility {ctx}");
            assert_eq!(k.get_weighted_mobility(p, o), dec::<i32>(&r[4]), "get_weighted_mobility {ctx}");
            assert_eq!(k.get_potential_mobility(p, o), dec::<i32>(&r[5]), "get_potential_mobility {ctx}");
            assert_eq!(k.can_move(p, o) as i32, dec::<i32>(&r[6]), "can_move {ctx}");
        }
    }
}

#[test]
fn stability() {
    let recs = golden("stability.txt");
    for k in supported_levels() {
        for r in &recs {
            let (p, o) = (hex(&r[0]), hex(&r[1]));
            let ctx = format!("{:?} P={p:016x} O={o:016x}", k.isa());
            assert_eq!(k.get_stability(p, o), dec::<i32>(&r[2]), "get_stability {ctx}");
            assert_eq!(k.get_edge_stability(p, o), dec::<i32>(&r[3]), "get_edge_stability {ctx}");
            assert_eq!(k.get_corner_stability(p), dec::<i32>(&r[4]), "get_corner_stability {ctx}");
        }
    }
}

#[test]
fn last_flip() {
    let recs = golden("last_flip.txt");
    for k in supported_levels() {
        for r in &recs {
            let (b, x, want) = (hex(&r[0]), dec::<i32>(&r[1]), dec::<i32>(&r[2]));
            assert_eq!(k.count_last_flip(x, b), want, "{:?} count_last_flip({x}, {b:016x})", k.isa());
        }
    }
}

#[test]
fn board_score_1() {
    let recs = golden("score1.txt");
    for k in supported_levels() {
        for r in &recs {
            let (p, o, x, beta) = (hex(&r[0]), hex(&r[1]), dec::<i32>(&r[2]), dec::<i32>(&r[3]));
            let (score, exact) = (dec::<i32>(&r[4]), dec::<i32>(&r[5]));
            let ctx = format!("{:?} P={p:016x} O={o:016x} x={x} beta={beta}", k.isa());
            assert_eq!(k.board_score_1(p, o, beta, x), score, "board_score_1 {ctx}");
            assert_eq!(k.board_score_1(p, o, 65, x), exact, "board_score_1 uncut {ctx}");
            assert_eq!(k.board_score_1_exact(p, o, x), exact, "board_score_1_exact {ctx}");
        }
    }
}

#[test]
fn hash_code() {
    let recs = golden("hash.txt");
    for k in supported_levels() {
        for r in &recs {
            let (p, o) = (hex(&r[0]), hex(&r[1]));
            assert_eq!(k.hash_code(&EkBoard::new(p, o)), hex(&r[2]), "{:?} hash P={p:016x} O={o:016x}", k.isa());
        }
    }
}

#[test]
fn symmetry() {
    let recs = golden("symmetry.txt");
    for k in supported_levels() {
        for r in &recs {
            let (b, s) = (EkBoard::new(hex(&r[0]), hex(&r[1])), dec::<i32>(&r[2]));
            let want = EkBoard::new(hex(&r[3]), hex(&r[4]));
            assert_eq!(k.symmetry(b, s), want, "{:?} symmetry {b:?} s={s}", k.isa());
        }
    }
}

#[test]
fn unique() {
    let recs = golden("unique.txt");
    for k in supported_levels() {
        for r in &recs {
            let b = EkBoard::new(hex(&r[0]), hex(&r[1]));
            let want = (EkBoard::new(hex(&r[2]), hex(&r[3])), dec::<i32>(&r[4]));
            assert_eq!((k.unique(b).board, k.unique(b).symmetry), want, "{:?} unique {b:?}", k.isa());
        }
    }
}

#[test]
fn perft_to_depth_9_both_conventions() {
    let recs = golden("perft.txt");
    for k in supported_levels() {
        for r in recs.iter().filter(|r| dec::<i32>(&r[0]) <= 9) {
            let depth = dec::<i32>(&r[0]);
            let s = k.perft(EkBoard::START, depth);
            let want: Vec<u64> = r[1..].iter().map(|v| dec(v)).collect();
            assert_eq!(
                [s.nodes, s.passes, s.wins, s.draws, s.losses, s.nodes_terminal],
                want[..],
                "{:?} perft depth {depth}",
                k.isa()
            );
        }
    }
}
