//! Shared test helpers: golden-file reading, naive oracles, random reachable positions.
#![allow(dead_code)] // each test binary uses a different subset

use edax_kernels::{EkBoard, Isa, Kernels};
use std::path::PathBuf;
use std::sync::OnceLock;

/// The synthetic eval.dat (its path and bytes), generated once by the golden set's own script
/// (through scripts/synthetic-eval.sh, which checks its sha256 and reuses it across runs). Under
/// Wine or qemu the test cannot run the script: scripts/test-cross.sh runs it and passes the
/// file's path in `EK_SYNTHETIC_EVAL` (its size is checked here, its contents by the known
/// answers).
pub fn synthetic() -> &'static (PathBuf, Vec<u8>) {
    static FILE: OnceLock<(PathBuf, Vec<u8>)> = OnceLock::new();
    FILE.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let out = match std::env::var_os("EK_SYNTHETIC_EVAL") {
            Some(path) => PathBuf::from(path),
            None => {
                let run = std::process::Command::new(root.join("scripts/synthetic-eval.sh"))
                    .output()
                    .expect("scripts/synthetic-eval.sh runs");
                assert!(run.status.success(), "synthetic-eval.sh failed: {}", String::from_utf8_lossy(&run.stderr));
                PathBuf::from(String::from_utf8(run.stdout).expect("a UTF-8 path").trim_end())
            }
        };
        let data = std::fs::read(&out).expect("the generated eval.dat");
        assert_eq!(data.len(), edax_kernels::eval::EVAL_FILE_SIZE);
        (out, data)
    })
}

/// `n`, the number of random positions a test checks natively, divided by `EK_TEST_SCALE` when
/// that is set: the emulated suites (scripts/test-cross.sh, under qemu, where code runs tens of
/// times slower) check that part of the same sequence of positions.
pub fn scaled(n: usize) -> usize {
    match std::env::var("EK_TEST_SCALE") {
        Ok(v) => n / v.parse::<usize>().ok().filter(|&d| d > 0).expect("EK_TEST_SCALE: a positive divisor"),
        Err(_) => n,
    }
}

/// Whether the suite runs emulated or sampled (`EK_TEST_SCALE` set: scripts/test-cross.sh): the
/// tests that solve whole problems then solve the smaller of them.
pub fn sampled() -> bool {
    std::env::var_os("EK_TEST_SCALE").is_some()
}

/// A command that runs this test binary again, for the checks made in a child process. Under
/// qemu-user, which cannot start an AArch64 program from an emulated one (no binfmt_misc here),
/// `EK_CHILD_RUNNER` names the emulator command to start it with (scripts/cross/qemu-env.sh).
pub fn this_test_binary() -> std::process::Command {
    program(std::env::current_exe().expect("test binary"))
}

/// A command that starts the program `exe` of this build (a test binary, or a binary of the
/// crate such as ek-nboard), under `EK_CHILD_RUNNER`'s emulator when that is set.
pub fn program(exe: impl AsRef<std::ffi::OsStr>) -> std::process::Command {
    let exe = exe.as_ref();
    let runner = std::env::var("EK_CHILD_RUNNER").unwrap_or_default();
    let mut words = runner.split_whitespace();
    match words.next() {
        Some(program) => {
            let mut cmd = std::process::Command::new(program);
            cmd.args(words).arg(exe);
            cmd
        }
        None => std::process::Command::new(exe),
    }
}

/// The levels this CPU supports, lowest first: every table of each (`Isa::tables`: the neon
/// level's second table, without the CRC32 instructions, comes right after its first).
pub fn supported_levels() -> Vec<&'static Kernels> {
    Isa::ALL.into_iter().flat_map(Isa::tables).collect()
}

/// The levels this CPU supports, lowest first, each once: for the tests that make a level
/// active (`set_active_isa`), which runs the table this CPU's kind of core gets
/// (`Isa::kernels`), so that a level's second table would only repeat its first's searches (the
/// second table's kernels are checked against portable's by the tests that take a table).
pub fn levels() -> Vec<Isa> {
    let mut isas: Vec<Isa> = supported_levels().iter().map(|k| k.isa()).collect();
    isas.dedup(); // a level's tables are adjacent
    isas
}

/// Records of a golden file: whitespace-separated fields, the `#` header line skipped.
pub fn golden(name: &str) -> Vec<Vec<String>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let records: Vec<Vec<String>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(str::to_owned).collect())
        .collect();
    assert!(!records.is_empty(), "{name} has no records");
    records
}

pub fn hex(s: &str) -> u64 {
    u64::from_str_radix(s, 16).unwrap_or_else(|e| panic!("bad hex {s:?}: {e}"))
}

pub fn dec<T: std::str::FromStr>(s: &str) -> T
where
    T::Err: std::fmt::Debug,
{
    s.parse().unwrap_or_else(|e| panic!("bad number {s:?}: {e:?}"))
}

/// splitmix64, the generator the golden files were made with.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniformly chosen set bit of `b` (non-zero).
    pub fn pick_bit(&mut self, b: u64) -> u32 {
        let n = (self.next_u64() % b.count_ones() as u64) as u32;
        let mut b = b;
        for _ in 0..n {
            b &= b - 1;
        }
        b.trailing_zeros()
    }
}

/// Naive flip: walks the 8 directions square by square (a square in both sets is O's).
pub fn naive_flip(x: u32, p: u64, o: u64) -> u64 {
    let p = p & !o;
    let (r0, c0) = ((x / 8) as i32, (x % 8) as i32);
    let mut flipped = 0;
    for (dr, dc) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
        let (mut r, mut c, mut run) = (r0 + dr, c0 + dc, 0u64);
        while (0..8).contains(&r) && (0..8).contains(&c) && o >> (r * 8 + c) & 1 == 1 {
            run |= 1 << (r * 8 + c);
            r += dr;
            c += dc;
        }
        if (0..8).contains(&r) && (0..8).contains(&c) && p >> (r * 8 + c) & 1 == 1 {
            flipped |= run;
        }
    }
    flipped
}

/// Naive legal moves: empty squares from which, in some direction, one or more O squares are
/// followed by a P square (bitboards taken as they are: a square in both can do either).
pub fn naive_moves(p: u64, o: u64) -> u64 {
    let empty = !(p | o);
    let is_move = |x: i32| {
        [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)].iter().any(|&(dr, dc)| {
            let (mut r, mut c, mut run) = (x / 8 + dr, x % 8 + dc, 0);
            while (0..8).contains(&r) && (0..8).contains(&c) {
                let s = r * 8 + c;
                if run > 0 && p >> s & 1 == 1 {
                    return true;
                }
                if o >> s & 1 == 0 {
                    return false;
                }
                run += 1;
                r += dr;
                c += dc;
            }
            false
        })
    };
    (0..64).filter(|&x| empty >> x & 1 == 1 && is_move(x)).fold(0, |m, x| m | 1 << x)
}

/// Every position of random legal games from the start (fixed seed), including must-pass
/// and final positions, until `n` positions are collected.
pub fn random_positions(seed: u64, n: usize) -> Vec<EkBoard> {
    random_positions_where(seed, n, |_| true)
}

/// The positions of `random_positions` that `keep` accepts, until `n` are collected.
pub fn random_positions_where(seed: u64, n: usize, keep: impl Fn(&EkBoard) -> bool) -> Vec<EkBoard> {
    let k = Isa::Portable.kernels().expect("portable is always supported");
    let mut rng = SplitMix64(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut b = EkBoard::START;
        loop {
            if keep(&b) {
                out.push(b);
            }
            let moves = k.get_moves(b.player, b.opponent);
            if moves == 0 {
                if !k.can_move(b.opponent, b.player) {
                    break;
                }
                b = b.swapped();
                continue;
            }
            let x = rng.pick_bit(moves) as i32;
            b = b.next(x, k.flip(x, b.player, b.opponent));
        }
    }
    out.truncate(n);
    out
}

/// The final score for `p`, the empty squares going to the winner.
pub fn final_score(p: u64, o: u64) -> i32 {
    let (np, no) = (p.count_ones() as i32, o.count_ones() as i32);
    let empties = 64 - np - no;
    match np.cmp(&no) {
        std::cmp::Ordering::Greater => np - no + empties,
        std::cmp::Ordering::Less => np - no - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The exact final score for `p` (to move): negamax with alpha-beta inside the window
/// (-65, 65), which holds every score and so never cuts an exact value. The last empty square
/// is played by whoever can, `p` first; moves are searched fewest replies first (for speed).
pub fn exact(k: &Kernels, p: u64, o: u64, mut alpha: i32, beta: i32) -> i32 {
    let empty = !(p | o);
    if empty & empty.wrapping_sub(1) == 0 {
        let x = empty.trailing_zeros() as i32;
        return match (k.flip(x, p, o), k.flip(x, o, p)) {
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
        best = best.max(-exact(k, cp, co, -beta, -alpha));
        alpha = alpha.max(best);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Full-width minimax: every move of every line, no cut-off.
pub fn minimax(k: &Kernels, p: u64, o: u64) -> i32 {
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

/// The exact final score of (p, o) for p (to move), by [`exact`] on the portable kernels.
pub fn naive_score(p: u64, o: u64) -> i32 {
    exact(Isa::Portable.kernels().expect("portable"), p, o, -65, 65)
}

pub mod edax_table;
pub mod root_answers;
