//! Trains evaluation weights of our own in Edax's eval.dat format from exactly solved positions
//! (data/README.md has the data, the timings and the held-out errors of the committed file).
//!
//! 1. Positions: random games from the start (a seeded xorshift64* RNG, moves chosen uniformly,
//!    passes played), each giving its position at several empties counts (the side to move
//!    having a move: after a pass when the side to move has none; a finished game gives none).
//!    A training set (`--seed`, `--train`) and a held-out set (`--holdout-seed`, `--holdout`).
//! 2. Labels: the exact score of each position for its side to move, by `EkSolver`, one solver
//!    per thread. They are cached in `target/train/labels-<key>.txt` (hex player, hex
//!    opponent, score), `<key>` a hash of the generation parameters (written on the file's
//!    first line and checked), appended chunk by chunk so that an interrupted run resumes.
//! 3. Training: Edax's evaluation is linear in one ply's 114,364 packed weights
//!    (`eval::packed_indexes`), in Edax's units (128 per disc). First one shared model on every
//!    training position, then one per training empties count `e` on the positions with empties
//!    in `e - window ..= e + window`, fitted as a correction to the shared model. Each is a
//!    ridge least-squares problem (squared error plus `l2` times the squared size of the weights,
//!    or of the correction: `l2` acts as a pseudo-count), solved by conjugate gradients (CGLS)
//!    with a fixed iteration limit and tolerance, in one thread and a fixed order, so that the
//!    same arguments and labels give the same file byte for byte. Weights are rounded and
//!    clamped to i16. The plies of empties counts below the trained range copy the lowest
//!    trained count's weights, those above it the highest's.
//! 4. Output: an eval.dat (the 28-byte header, 61 plies of 114,364 int16 little-endian), loaded
//!    back through the library (`eval::load_file`) to report the held-out mean absolute error
//!    per empties count, in discs, of the evaluation rounded as Edax's `search_eval_0` does,
//!    beside two trivial baselines (the disc difference, and 0).
//!
//! Self-play positions (`--selfplay`, `--selfplay-holdout`; none by default: data/README.md
//! has the experiment, whose weights ordered the solver's moves worse on FFO 40-49) come from
//! games played by `--play-weights` (the first `--random-plies` plies random, then the move
//! maximising the one-ply evaluation, or a random one with probability `--epsilon`), with their
//! own generator version and a cache key holding the playing weights' hash. They are labelled
//! as above, the solvers ordering their moves with the playing weights (the scores are exact,
//! so they do not depend on it; the training set by the engine with `--search-labels`), and
//! join the random-game training set; the per-count corrections then cover every count of
//! either set. `--evaluate PATH` reports the errors of an existing eval.dat on the held-out sets
//! and on Edax's fforum positions instead of training.
//!
//! `--extend PATH` keeps the eval.dat PATH's plies of the `--keep` counts (default 12-18) and fits
//! each trained count as a correction to PATH's ply of that count, with no shared model: plies
//! for other stages, added to a file without retraining the kept ones (data/README.md has the
//! trial at 19 and 20 empties). `--label-weights PATH` orders the random-game sets' labelling
//! solvers' moves with PATH (the `--extend` file by default); the labels stay exact.
//!
//! `--search-labels D/S` labels the training sets (random-game and self-play) with the engine's
//! search of depth D and selectivity S on the `--label-weights` file (each search from an empty
//! table) instead of exact solves: estimates at a cost the lent machines are not needed for
//! (data/README.md has the trials at 19 to 30 empties); the held-out sets stay exact.
//!
//! `--validate` instead splits the training positions (one in ten held back), fits with each
//! combination of the `--l2` and `--l2-ply` lists, and prints the errors on the held-back tenth:
//! how the defaults were chosen, without looking at the held-out set.
//!
//! With its defaults the program makes stage 0 of data/ek-eval.dat (12 to 18 empties);
//! scripts/train-weights.sh then runs it with `--extend` and `--search-labels` for stages 1 to 5
//! (19 to 58 empties, each labelled on the stage before's file).
//!
//! Usage: `cargo run --release --example train_weights -- [options]` (scripts/train-weights.sh).

use edax_kernels::engine::{EkEngine, EkEngineLimits, EkWeights};
use edax_kernels::eval::{self, packed_indexes, Weights, EVAL_FILE_SIZE, EVAL_PLIES, PACKED_WEIGHTS};
use edax_kernels::{flip, get_moves, EkBoard, EkSolver, Kernels};
use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Version of the position generator, part of the cache key: bump it when the generation
/// changes.
const GENERATOR: u32 = 1;
/// Version of the self-play generator, part of its cache key (with the playing weights' hash).
const SELFPLAY_GENERATOR: u32 = 1;
/// The header's version fields (version, release, build).
const VERSION: [u32; 3] = [1, 0, 0];
const N_FEATURES: usize = 47;

/// Positions per empties count.
type Counts = BTreeMap<u32, usize>;

struct Options {
    seed: u64,
    holdout_seed: u64,
    train: Counts,
    holdout: Counts,
    out: PathBuf,
    cache: PathBuf,
    threads: usize,
    hash_bits: i32,
    l2: Vec<f64>,
    l2_ply: Vec<f64>,
    window: u32,
    iterations: usize,
    validate: bool,
    selfplay_seed: u64,
    selfplay_holdout_seed: u64,
    selfplay: Counts,
    selfplay_holdout: Counts,
    play_weights: PathBuf,
    epsilon: f64,
    random_plies: u32,
    unordered: bool,
    evaluate: Option<PathBuf>,
    extend: Option<PathBuf>,
    keep: (u32, u32),
    label_weights: Option<PathBuf>,
    search_labels: Option<(i32, i32)>,
}

/// The default data: positions per empties count (the committed file's).
macro_rules! default_train {
    () => {
        "12:200000,13:200000,14:150000,15:100000,16:45000,17:9000,18:3500"
    };
}
/// No self-play data by default: the self-play experiment (data/README.md) ordered the solver's
/// moves worse on FFO 40-49. Its counts were
/// `--selfplay 12:20000,14:40000,15:20000,16:30000,17:10000,18:10000,19:5000,20:4000` and
/// `--selfplay-holdout 12:500,14:500,16:500,18:300,19:200,20:200`.
macro_rules! default_selfplay {
    () => {
        ""
    };
}
macro_rules! default_selfplay_holdout {
    () => {
        ""
    };
}
macro_rules! default_holdout {
    () => {
        "12:1000,13:1000,14:1000,15:1000,16:1000,17:1000,18:1000,19:500,20:300"
    };
}

const USAGE: &str = concat!(
    "options:
  --seed N            training games' seed (default 1)
  --holdout-seed N    held-out games' seed (default 2)
  --train E:N,...     training positions per empties count (default ",
    default_train!(),
    ")
  --holdout E:N,...   held-out positions per empties count (default ",
    default_holdout!(),
    ")
  --out PATH          the eval.dat written (default data/ek-eval.dat)
  --cache DIR         the label cache (default target/train)
  --threads N         labelling threads, one solver each (default 2)
  --hash-bits N       each solver's table: 2^N entries (default 20)
  --l2 X              ridge pseudo-count of the shared model (default 8)
  --l2-ply X          ridge pseudo-count of each empties count's correction (default 64)
  --window W          an empties count's model fits empties within +-W (default 1)
  --iterations N      conjugate-gradient iterations at most (default 400)
  --selfplay E:N,...  self-play training positions per empties count, \"\" for none (default \"",
    default_selfplay!(),
    "\")
  --selfplay-holdout E:N,...  self-play held-out positions (default \"",
    default_selfplay_holdout!(),
    "\")
  --selfplay-seed N   self-play training games' seed (default 3)
  --selfplay-holdout-seed N  self-play held-out games' seed (default 4)
  --play-weights PATH the eval.dat that plays the self-play games and orders the labelling
                      solvers' moves (default target/train/play-weights.dat, which
                      scripts/train-weights.sh extracts from git)
  --epsilon X         probability of a random move in self-play (default 0.12)
  --random-plies N    the self-play games' first N plies are random (default 12)
  --unordered         label without the playing weights' move ordering (the solver's fast order;
                      the same scores, slower)
  --evaluate PATH     train nothing, write nothing: report the errors of the eval.dat PATH
  --extend PATH       keep the eval.dat PATH's plies of the --keep counts, and fit each trained
                      empties count as a correction to PATH's ply of that count (no shared
                      model); the other plies copy the nearest trained or kept count
  --keep E-F          with --extend: the counts whose plies stay PATH's (default 12-18, the
                      counts the committed file was trained on)
  --label-weights PATH  order the random-game sets' labelling solvers' moves with the eval.dat
                      PATH (with weights the solver also pre-searches from 20 empties; the same
                      exact scores, faster; default: none, or the --extend file)
  --search-labels D/S label the training sets, random-game and self-play (not the held-out
                      ones), with the engine's search of depth D and selectivity S (0..5, 5:
                      none) on the --label-weights file instead of exact solves: estimates,
                      much cheaper
  --validate          fit on nine tenths of the training set, report the other tenth, for each
                      combination of comma-separated --l2 and --l2-ply values; write nothing"
);

fn parse_counts(s: &str) -> Counts {
    s.split(',')
        .filter(|item| !item.trim().is_empty())
        .map(|item| {
            let (e, n) = item.split_once(':').unwrap_or_else(|| panic!("{item:?}: expected EMPTIES:COUNT"));
            (e.trim().parse().expect("an empties count"), n.trim().parse().expect("a position count"))
        })
        .collect()
}

fn counts_text(c: &Counts) -> String {
    c.iter().map(|(e, n)| format!("{e}:{n}")).collect::<Vec<_>>().join(",")
}

fn parse_options() -> Options {
    let mut o = Options {
        seed: 1,
        holdout_seed: 2,
        train: parse_counts(default_train!()),
        holdout: parse_counts(default_holdout!()),
        out: PathBuf::from("data/ek-eval.dat"),
        cache: PathBuf::from("target/train"),
        threads: 2,
        hash_bits: 20,
        l2: vec![8.0],
        l2_ply: vec![64.0],
        window: 1,
        iterations: 400,
        validate: false,
        selfplay_seed: 3,
        selfplay_holdout_seed: 4,
        selfplay: parse_counts(default_selfplay!()),
        selfplay_holdout: parse_counts(default_selfplay_holdout!()),
        play_weights: PathBuf::from("target/train/play-weights.dat"),
        epsilon: 0.12,
        random_plies: 12,
        unordered: false,
        evaluate: None,
        extend: None,
        keep: (12, 18),
        label_weights: None,
        search_labels: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{a} needs a value\n{USAGE}"));
        let list = |s: String| s.split(',').map(|x| x.parse().expect("a number")).collect::<Vec<f64>>();
        match a.as_str() {
            "--seed" => o.seed = value().parse().expect("a seed"),
            "--holdout-seed" => o.holdout_seed = value().parse().expect("a seed"),
            "--train" => o.train = parse_counts(&value()),
            "--holdout" => o.holdout = parse_counts(&value()),
            "--out" => o.out = PathBuf::from(value()),
            "--cache" => o.cache = PathBuf::from(value()),
            "--threads" => o.threads = value().parse().expect("a thread count"),
            "--hash-bits" => o.hash_bits = value().parse().expect("a number of bits"),
            "--l2" => o.l2 = list(value()),
            "--l2-ply" => o.l2_ply = list(value()),
            "--window" => o.window = value().parse().expect("a window"),
            "--iterations" => o.iterations = value().parse().expect("an iteration count"),
            "--validate" => o.validate = true,
            "--selfplay" => o.selfplay = parse_counts(&value()),
            "--selfplay-holdout" => o.selfplay_holdout = parse_counts(&value()),
            "--selfplay-seed" => o.selfplay_seed = value().parse().expect("a seed"),
            "--selfplay-holdout-seed" => o.selfplay_holdout_seed = value().parse().expect("a seed"),
            "--play-weights" => o.play_weights = PathBuf::from(value()),
            "--epsilon" => o.epsilon = value().parse().expect("a probability"),
            "--random-plies" => o.random_plies = value().parse().expect("a ply count"),
            "--unordered" => o.unordered = true,
            "--evaluate" => o.evaluate = Some(PathBuf::from(value())),
            "--extend" => o.extend = Some(PathBuf::from(value())),
            "--keep" => {
                let v = value();
                let (a, b) = v.split_once('-').unwrap_or_else(|| panic!("--keep {v:?}: expected E-F"));
                o.keep = (a.parse().expect("an empties count"), b.parse().expect("an empties count"));
            }
            "--label-weights" => o.label_weights = Some(PathBuf::from(value())),
            "--search-labels" => {
                let v = value();
                let (d, s) =
                    v.split_once('/').unwrap_or_else(|| panic!("--search-labels {v:?}: expected DEPTH/SELECTIVITY"));
                o.search_labels = Some((d.parse().expect("a depth"), s.parse().expect("a selectivity")));
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            _ => panic!("unknown option {a}\n{USAGE}"),
        }
    }
    assert!(o.validate || (o.l2.len() == 1 && o.l2_ply.len() == 1), "lists of --l2 values need --validate");
    assert!((0.0..=1.0).contains(&o.epsilon), "--epsilon in 0..=1");
    assert!(o.keep.0 <= o.keep.1, "--keep E-F with E <= F");
    if o.label_weights.is_none() {
        o.label_weights = o.extend.clone();
    }
    assert!(
        o.search_labels.is_none() || o.label_weights.is_some(),
        "--search-labels needs --label-weights or --extend (the weights the searches evaluate with)"
    );
    assert!(
        o.train
            .keys()
            .chain(o.holdout.keys())
            .chain(o.selfplay.keys())
            .chain(o.selfplay_holdout.keys())
            .all(|&e| (1..=59).contains(&e)),
        "empties in 1..=59"
    );
    o
}

/// xorshift64* (Vigna), its state never 0.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // splitmix64 of the seed: nearby seeds give unrelated states, and none gives 0.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A uniformly chosen set bit of `b` (non-zero).
    fn pick(&mut self, mut b: u64) -> i32 {
        for _ in 0..((self.next() >> 32) * b.count_ones() as u64) >> 32 {
            b &= b - 1;
        }
        b.trailing_zeros() as i32
    }
}

fn empties(b: &EkBoard) -> u32 {
    (!(b.player | b.opponent)).count_ones()
}

/// The positions of random games: `counts[e]` positions with `e` empty squares each (the side
/// to move having a move), grouped by empties count, in the order the games give them. Each
/// game gives at most one position per count, to every count still short of its total.
fn generate(seed: u64, counts: &Counts) -> Vec<EkBoard> {
    let mut rng = Rng::new(seed);
    let mut found: BTreeMap<u32, Vec<EkBoard>> = counts.keys().map(|&e| (e, Vec::new())).collect();
    while found.iter().any(|(e, v)| v.len() < counts[e]) {
        let mut b = EkBoard::START;
        loop {
            let mut moves = get_moves(b.player, b.opponent);
            if moves == 0 {
                b = b.swapped();
                moves = get_moves(b.player, b.opponent);
                if moves == 0 {
                    break;
                }
            }
            if let Some(v) = found.get_mut(&empties(&b)) {
                if v.len() < counts[&empties(&b)] {
                    v.push(b);
                }
            }
            let x = rng.pick(moves);
            b = b.next(x, flip(x, b.player, b.opponent));
        }
    }
    found.into_values().flatten().collect()
}

/// The weights that play the self-play games, and that order the labelling solvers' moves.
struct Player {
    weights: &'static Weights,
    kernels: &'static Kernels,
    /// FNV-1a of the file, part of the self-play cache key.
    hash: u64,
}

impl Player {
    fn load(path: &Path) -> Player {
        let data = std::fs::read(path).unwrap_or_else(|e| {
            panic!("{}: {e} (scripts/train-weights.sh extracts the default from git)", path.display())
        });
        let weights = eval::load_buffer(&data).expect("the playing weights load");
        let kernels = edax_kernels::active_isa().kernels().expect("the active level");
        Player { weights, kernels, hash: fnv1a(&data) }
    }

    /// The move maximising the one-ply evaluation (minus the raw evaluation of the child for
    /// its side to move); ties go to the lowest square.
    fn best(&self, b: &EkBoard, mut moves: u64) -> i32 {
        let mut best = (i32::MIN, 64);
        while moves != 0 {
            let x = moves.trailing_zeros() as i32;
            moves &= moves - 1;
            let child = b.next(x, flip(x, b.player, b.opponent));
            let v = -self.weights.accumulate(self.kernels, &eval::features(&child), 60 - empties(&child) as usize, 0);
            if v > best.0 {
                best = (v, x);
            }
        }
        best.1
    }
}

/// The positions of self-play games: the first `random_plies` plies random, then each move the
/// player's best (`Player::best`) but a random one with probability `epsilon`. Positions are
/// taken as in `generate`; a game stops below the lowest wanted empties count.
fn generate_selfplay(seed: u64, counts: &Counts, player: &Player, o: &Options) -> Vec<EkBoard> {
    let mut rng = Rng::new(seed);
    let threshold = (o.epsilon * 2f64.powi(64)).min(u64::MAX as f64) as u64;
    let lowest = counts.keys().next().copied().unwrap_or(0);
    let mut found: BTreeMap<u32, Vec<EkBoard>> = counts.keys().map(|&e| (e, Vec::new())).collect();
    while found.iter().any(|(e, v)| v.len() < counts[e]) {
        let mut b = EkBoard::START;
        let mut ply = 0;
        while empties(&b) >= lowest {
            let mut moves = get_moves(b.player, b.opponent);
            if moves == 0 {
                b = b.swapped();
                moves = get_moves(b.player, b.opponent);
                if moves == 0 {
                    break;
                }
            }
            if let Some(v) = found.get_mut(&empties(&b)) {
                if v.len() < counts[&empties(&b)] {
                    v.push(b);
                }
            }
            let random = ply < o.random_plies || rng.next() < threshold;
            let x = if random { rng.pick(moves) } else { player.best(&b, moves) };
            b = b.next(x, flip(x, b.player, b.opponent));
            ply += 1;
        }
    }
    found.into_values().flatten().collect()
}

/// FNV-1a, for the cache key.
fn fnv1a(s: &[u8]) -> u64 {
    s.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ *b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// The scores of `boards` (exact, or the engine's estimates with `search`), from the cache file
/// of `key` as far as it goes, the rest labelled (and appended to it chunk by chunk). Returns
/// the scores and the labelling time.
fn label(
    boards: &[EkBoard],
    key: &str,
    order: Option<&'static Weights>,
    search: Option<&SearchLabels>,
    o: &Options,
) -> (Vec<i8>, f64) {
    std::fs::create_dir_all(&o.cache).expect("the cache directory");
    let path = o.cache.join(format!("labels-{:016x}.txt", fnv1a(key.as_bytes())));
    let header = format!("# {key}");
    let mut scores = Vec::with_capacity(boards.len());
    if let Ok(text) = std::fs::read_to_string(&path) {
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some(header.as_str()), "{}: another key", path.display());
        for (line, b) in lines.zip(boards) {
            let f: Vec<&str> = line.split_whitespace().collect();
            let parsed = (f.len() == 3)
                .then(|| {
                    Some((u64::from_str_radix(f[0], 16).ok()?, u64::from_str_radix(f[1], 16).ok()?, f[2].parse().ok()?))
                })
                .flatten();
            match parsed {
                Some((p, q, s)) if p == b.player && q == b.opponent => scores.push(s),
                _ => break, // a line cut by an interruption: solved again
            }
        }
    }
    let cached = scores.len();
    if cached == boards.len() {
        println!("   {} positions, all cached in {}", boards.len(), path.display());
        return (scores, 0.0);
    }
    // Rewrite the valid prefix (dropping any cut line), then append.
    let mut file = std::fs::File::create(&path).expect("the cache file");
    writeln!(file, "{header}").expect("write");
    for (b, s) in boards.iter().zip(&scores) {
        writeln!(file, "{:016x} {:016x} {s}", b.player, b.opponent).expect("write");
    }
    println!("   {} positions, {cached} cached; solving the others into {}", boards.len(), path.display());
    let labellers: Vec<Labeller> = (0..o.threads).map(|_| Labeller::new(order, search, o)).collect();
    let start = Instant::now();
    const CHUNK: usize = 2000;
    let mut last_report = 0.0;
    // Per empties count: positions solved, the seconds their solves took (one thread each), and
    // the nodes they searched.
    let mut cost: BTreeMap<u32, (usize, f64, u64)> = BTreeMap::new();
    for chunk in boards[cached..].chunks(CHUNK) {
        let next = AtomicUsize::new(0);
        let mut solved = vec![0i8; chunk.len()];
        let parts: Vec<Vec<(usize, i8, f64, u64)>> = std::thread::scope(|s| {
            let workers: Vec<_> = labellers
                .iter()
                .map(|labeller| {
                    let next = &next;
                    s.spawn(move || {
                        let mut out = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(b) = chunk.get(i) else { break out };
                            let t = Instant::now();
                            let (score, nodes) = labeller.label(b);
                            out.push((i, score as i8, t.elapsed().as_secs_f64(), nodes));
                        }
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().expect("a solver thread")).collect()
        });
        for (i, s, t, nodes) in parts.into_iter().flatten() {
            solved[i] = s;
            let c = cost.entry(empties(&chunk[i])).or_default();
            c.0 += 1;
            c.1 += t;
            c.2 += nodes;
        }
        for (b, s) in chunk.iter().zip(&solved) {
            writeln!(file, "{:016x} {:016x} {s}", b.player, b.opponent).expect("write");
        }
        file.flush().expect("flush");
        scores.extend_from_slice(&solved);
        let t = start.elapsed().as_secs_f64();
        if t - last_report > 30.0 || scores.len() == boards.len() {
            last_report = t;
            let done = scores.len() - cached;
            println!(
                "   {done}/{} solved in {t:.0} s ({} empties now)",
                boards.len() - cached,
                empties(&boards[scores.len() - 1])
            );
        }
    }
    let per: Vec<String> = cost.iter().map(|(e, (n, t, _))| format!("{e}:{:.1}", 1000.0 * t / *n as f64)).collect();
    println!("   mean solve time per empties count (ms, one thread): {}", per.join(" "));
    let per: Vec<String> = cost.iter().map(|(e, (n, _, k))| format!("{e}:{:.0}", *k as f64 / *n as f64)).collect();
    println!("   mean nodes per empties count: {}", per.join(" "));
    (scores, start.elapsed().as_secs_f64())
}

/// One labelling thread's searcher: a solver (exact scores) or an engine (`--search-labels`).
enum Labeller {
    Solver(EkSolver),
    Engine(Box<EkEngine>, EkEngineLimits),
}

impl Labeller {
    fn new(order: Option<&'static Weights>, search: Option<&SearchLabels>, o: &Options) -> Labeller {
        match search {
            Some(s) => Labeller::Engine(
                Box::new(EkEngine::new(s.weights.clone(), o.hash_bits).expect("memory for the engine's tables")),
                s.limits,
            ),
            None => {
                let solver = EkSolver::new(o.hash_bits).expect("memory for the solver's table");
                solver.set_eval(order); // the order only: the scores are exact either way
                Labeller::Solver(solver)
            }
        }
    }

    /// The score of `b` for its side to move, and the nodes searched.
    fn label(&self, b: &EkBoard) -> (i32, u64) {
        match self {
            Labeller::Solver(solver) => {
                let r = solver.solve(b, -64, 64).expect("an exact score");
                (r.score, r.nodes)
            }
            Labeller::Engine(engine, limits) => {
                // Each search from an empty table: the label is the position's alone, whatever
                // the order of the work.
                engine.clear().expect("an idle engine");
                let r = engine.search(b, limits).expect("a search");
                (r.score, r.n_nodes as u64)
            }
        }
    }
}

/// Labels from the engine's searches instead of exact solves (`--search-labels`).
struct SearchLabels {
    weights: std::sync::Arc<EkWeights>,
    limits: EkEngineLimits,
    /// What the cache key adds: the depth, the selectivity and the weights' hash.
    key: String,
}

impl SearchLabels {
    fn new(o: &Options) -> Option<SearchLabels> {
        let (depth, selectivity) = o.search_labels?;
        let path = o.label_weights.as_deref().expect("checked by parse_options");
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let weights = EkWeights::from_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        let limits = EkEngineLimits { level: 0, depth, selectivity, max_nodes: 0, max_time_ms: 0 };
        let key = format!(" search-labels={depth}/{selectivity} weights={:016x}", fnv1a(&bytes));
        Some(SearchLabels { weights, limits, key })
    }
}

/// A labelled set: positions, their empties counts, their scores and their packed indexes.
struct Set {
    boards: Vec<EkBoard>,
    empties: Vec<u32>,
    scores: Vec<i8>,
    index: Vec<[u32; N_FEATURES]>,
}

/// A random-game set (`player` None) or a self-play set, labelled (the player's weights
/// ordering the solvers' moves, when there is one).
fn labelled_set(
    name: &str,
    seed: u64,
    counts: &Counts,
    player: Option<&Player>,
    labeller: Option<&'static Weights>,
    search: Option<&SearchLabels>,
    o: &Options,
) -> (Set, f64, f64) {
    let t = Instant::now();
    let (boards, mut key) = match player {
        None => (generate(seed, counts), format!("generator={GENERATOR} seed={seed} counts={}", counts_text(counts))),
        Some(p) => (
            generate_selfplay(seed, counts, p, o),
            format!(
                "selfplay-generator={SELFPLAY_GENERATOR} seed={seed} counts={} play-weights={:016x} epsilon={} random-plies={}",
                counts_text(counts),
                p.hash,
                o.epsilon,
                o.random_plies
            ),
        ),
    };
    if let Some(s) = search {
        key.push_str(&s.key);
    }
    let gen_time = t.elapsed().as_secs_f64();
    println!("== {name} set: {key}");
    println!("   generated {} positions in {gen_time:.2} s", boards.len());
    let order = match player {
        Some(p) => (!o.unordered).then_some(p.weights),
        None => labeller,
    };
    let (scores, solve_time) = label(&boards, &key, order, search, o);
    let empties = boards.iter().map(empties).collect();
    let index = boards.iter().map(packed_indexes).collect();
    (Set { boards, empties, scores, index }, gen_time, solve_time)
}

/// Minimises `sum over rows (target - x.(prior + d))^2 + l2 |d|^2` over `d` by conjugate
/// gradients on the normal equations (CGLS), `x` being each row's 0/1/2... counts of packed
/// indexes. Returns `prior + d`.
fn ridge(set: &Set, rows: &[usize], prior: &[f64], l2: f64, iterations: usize) -> (Vec<f64>, usize) {
    let n = PACKED_WEIGHTS;
    let apply = |w: &[f64]| -> Vec<f64> {
        rows.iter().map(|&r| set.index[r].iter().map(|&i| w[i as usize]).sum::<f64>()).collect()
    };
    let apply_t = |r: &[f64]| -> Vec<f64> {
        let mut g = vec![0.0; n];
        for (&row, &v) in rows.iter().zip(r) {
            for &i in &set.index[row] {
                g[i as usize] += v;
            }
        }
        g
    };
    let norm2 = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>();
    let base = apply(prior);
    let mut r: Vec<f64> = rows.iter().zip(&base).map(|(&row, b)| set.scores[row] as f64 * 128.0 - b).collect();
    let mut d = vec![0.0; n];
    let mut s = apply_t(&r);
    let mut p = s.clone();
    let mut gamma = norm2(&s);
    let gamma0 = gamma;
    let mut done = 0;
    while done < iterations && gamma > gamma0 * 1e-12 {
        done += 1;
        let q = apply(&p);
        let alpha = gamma / (norm2(&q) + l2 * norm2(&p));
        for (d, p) in d.iter_mut().zip(&p) {
            *d += alpha * p;
        }
        for (r, q) in r.iter_mut().zip(&q) {
            *r -= alpha * q;
        }
        s = apply_t(&r);
        for (s, d) in s.iter_mut().zip(&d) {
            *s -= l2 * d;
        }
        let next = norm2(&s);
        let beta = next / gamma;
        gamma = next;
        for (p, s) in p.iter_mut().zip(&s) {
            *p = s + beta * *p;
        }
    }
    (prior.iter().zip(&d).map(|(a, b)| a + b).collect(), done)
}

/// Rounds to i16.
fn to_i16(w: &[f64]) -> Vec<i16> {
    w.iter().map(|&x| x.round().clamp(i16::MIN as f64, i16::MAX as f64) as i16).collect()
}

/// The eval.dat that `--extend` keeps a part of: its 61 plies' packed weights, and the empties
/// counts whose plies it keeps.
struct Base {
    plies: Vec<Vec<i16>>,
    keep: (u32, u32),
}

impl Base {
    fn read(path: &Path, keep: (u32, u32)) -> Base {
        let data = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        eval::load_buffer(&data).unwrap_or_else(|e| panic!("{}: not an eval.dat ({e:?})", path.display()));
        const HEADER: usize = EVAL_FILE_SIZE - 2 * EVAL_PLIES * PACKED_WEIGHTS;
        let plies = data[HEADER..]
            .chunks_exact(2 * PACKED_WEIGHTS)
            .map(|ply| ply.chunks_exact(2).map(|w| i16::from_le_bytes([w[0], w[1]])).collect())
            .collect();
        Base { plies, keep }
    }

    /// The kept ply nearest to `empties`.
    fn ply(&self, empties: u32) -> &[i16] {
        &self.plies[60 - empties.clamp(self.keep.0, self.keep.1) as usize]
    }

    /// How far `empties` lies from the kept counts.
    fn distance(&self, empties: u32) -> u32 {
        empties.abs_diff(empties.clamp(self.keep.0, self.keep.1))
    }
}

/// The weights of each trained empties count: the shared model, then each count's correction
/// (with `base`, no shared model: each count's correction to the base's ply of that count).
/// Also returns the seconds each part took and the iterations each fit ran.
fn fit(set: &Set, rows: &[usize], trained: &[u32], l2: f64, l2_ply: f64, o: &Options, base: Option<&Base>) -> Fitted {
    let t = Instant::now();
    let (shared, n) = match base {
        Some(_) => (Vec::new(), 0),
        None => ridge(set, rows, &vec![0.0; PACKED_WEIGHTS], l2, o.iterations),
    };
    let mut iterations = vec![n];
    let shared_time = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mut models = BTreeMap::new();
    for &e in trained {
        let near: Vec<usize> = rows.iter().copied().filter(|&r| set.empties[r].abs_diff(e) <= o.window).collect();
        let prior: Vec<f64> = match base {
            Some(base) => base.plies[60 - e as usize].iter().map(|&w| w as f64).collect(),
            None => shared.clone(),
        };
        let (w, n) = ridge(set, &near, &prior, l2_ply, o.iterations);
        iterations.push(n);
        models.insert(e, to_i16(&w));
    }
    Fitted { models, shared_time, ply_time: t.elapsed().as_secs_f64(), iterations }
}

struct Fitted {
    models: BTreeMap<u32, Vec<i16>>,
    shared_time: f64,
    ply_time: f64,
    iterations: Vec<usize>,
}

/// The 61 plies' weights: each trained count's at its ply (60 - empties), the others copied
/// from the nearest trained count, or with `base` from the nearest trained or kept count (a
/// trained count where both are as near).
fn plies<'a>(models: &'a BTreeMap<u32, Vec<i16>>, base: Option<&'a Base>) -> Vec<&'a [i16]> {
    (0..EVAL_PLIES as u32)
        .map(|ply| {
            let e = 60 - ply;
            let nearest = models.keys().min_by_key(|&&k| (k.abs_diff(e), k));
            match (nearest, base) {
                (Some(&k), Some(base)) if k.abs_diff(e) > base.distance(e) => base.ply(e),
                (Some(k), _) => models[k].as_slice(),
                (None, Some(base)) => base.ply(e),
                (None, None) => panic!("no trained count"),
            }
        })
        .collect()
}

fn eval_dat(plies: &[&[i16]]) -> Vec<u8> {
    let mut out = Vec::with_capacity(EVAL_FILE_SIZE);
    // "EDAX", "EVAL" as Edax writes them (little-endian words), then the version fields.
    for w in [0x4544_4158, 0x4556_414C, VERSION[0], VERSION[1], VERSION[2]] {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out.extend_from_slice(&0f64.to_le_bytes()); // the date: none, so that the file is reproducible
    for w in plies.iter().flat_map(|p| p.iter()) {
        out.extend_from_slice(&w.to_le_bytes());
    }
    assert_eq!(out.len(), EVAL_FILE_SIZE);
    out
}

/// Edax's `search_eval_0` rounding of a sum of weights to a score in discs.
fn edax_round(sum: i32) -> i32 {
    let s = if sum > 0 { sum + 64 } else { sum - 64 } / 128;
    s.clamp(-63, 63)
}

/// Mean absolute errors per empties count of the predictions `pred(row)`.
fn mae_by_empties(set: &Set, rows: &[usize], pred: impl Fn(usize) -> i32) -> BTreeMap<u32, (usize, f64)> {
    let mut acc: BTreeMap<u32, (usize, f64)> = BTreeMap::new();
    for &r in rows {
        let a = acc.entry(set.empties[r]).or_default();
        a.0 += 1;
        a.1 += (pred(r) - set.scores[r] as i32).abs() as f64;
    }
    acc.into_iter().map(|(e, (n, s))| (e, (n, s / n as f64))).collect()
}

fn disc_difference(b: &EkBoard) -> i32 {
    b.player.count_ones() as i32 - b.opponent.count_ones() as i32
}

/// Evaluation through the 61 plies' packed weights held in memory ([`plies`]), rounded as Edax.
fn packed_eval(plies: &[&[i16]], set: &Set, r: usize) -> i32 {
    let w = plies[60 - set.empties[r] as usize];
    edax_round(set.index[r].iter().map(|&i| w[i as usize] as i32).sum())
}

fn main() {
    let o = parse_options();
    let total = Instant::now();
    let player = (!o.selfplay.is_empty() || !o.selfplay_holdout.is_empty()).then(|| Player::load(&o.play_weights));
    let base = o.extend.as_deref().map(|p| Base::read(p, o.keep));
    let labeller = o
        .label_weights
        .as_deref()
        .map(|p| eval::load_file(p).unwrap_or_else(|e| panic!("--label-weights {}: {e:?}", p.display())));
    let search = SearchLabels::new(&o);
    let (random_train, train_gen, train_solve) =
        labelled_set("training", o.seed, &o.train, None, labeller, search.as_ref(), &o);
    let (holdout, hold_gen, hold_solve) =
        labelled_set("held-out", o.holdout_seed, &o.holdout, None, labeller, None, &o);
    let (self_train, self_gen, self_solve) =
        labelled_set("self-play training", o.selfplay_seed, &o.selfplay, player.as_ref(), None, search.as_ref(), &o);
    let (self_holdout, self_hold_gen, self_hold_solve) = labelled_set(
        "self-play held-out",
        o.selfplay_holdout_seed,
        &o.selfplay_holdout,
        player.as_ref(),
        None,
        None,
        &o,
    );
    let n_random = random_train.boards.len();
    let train = union(random_train, self_train);
    let seen: HashSet<EkBoard> = train.boards.iter().copied().collect();
    let shared = holdout.boards.iter().chain(&self_holdout.boards).filter(|b| seen.contains(b)).count();
    let distinct = seen.len();
    println!(
        "   held-out positions also in the training set: {shared}; distinct training positions: {distinct} of {}",
        train.boards.len()
    );
    let trained: Vec<u32> = o
        .train
        .keys()
        .chain(o.selfplay.keys())
        .copied()
        .collect::<std::collections::BTreeSet<u32>>()
        .into_iter()
        .collect();
    let all: Vec<usize> = (0..train.boards.len()).collect();

    if o.validate {
        let (fit_rows, check): (Vec<usize>, Vec<usize>) = all.iter().partition(|&&r| r % 10 != 9);
        println!(
            "== validation: fit on {} training positions, errors (discs) on the other {}",
            fit_rows.len(),
            check.len()
        );
        for &l2 in &o.l2 {
            for &l2_ply in &o.l2_ply {
                let models = fit(&train, &fit_rows, &trained, l2, l2_ply, &o, base.as_ref()).models;
                let table = plies(&models, base.as_ref());
                let m = mae_by_empties(&train, &check, |r| packed_eval(&table, &train, r));
                let overall = m.values().map(|(n, e)| *n as f64 * e).sum::<f64>() / check.len() as f64;
                let per_count = m.values().map(|(_, e)| e).sum::<f64>() / m.len() as f64;
                let per: Vec<String> = m.iter().map(|(e, (_, v))| format!("{e}:{v:.3}")).collect();
                println!(
                    "   l2 {l2:>6} l2-ply {l2_ply:>6} window {}: {overall:.3}, mean over the counts {per_count:.3} [{}]",
                    o.window,
                    per.join(" ")
                );
            }
        }
        return;
    }

    let (models, shared_time, ply_time, file) = if let Some(path) = &o.evaluate {
        (None, 0.0, 0.0, path.clone())
    } else {
        println!("== training on {} positions ({} packed weights per ply)", all.len(), PACKED_WEIGHTS);
        let used: HashSet<u32> = train.index.iter().flatten().copied().collect();
        println!("   packed weights the training positions use: {} of {}", used.len(), PACKED_WEIGHTS);
        let Fitted { models, shared_time, ply_time, iterations } =
            fit(&train, &all, &trained, o.l2[0], o.l2_ply[0], &o, base.as_ref());
        println!(
            "   shared model: {shared_time:.1} s; {} empties counts' corrections: {ply_time:.1} s (conjugate-gradient iterations: {iterations:?})",
            trained.len()
        );

        let t = Instant::now();
        let data = eval_dat(&plies(&models, base.as_ref()));
        if let Some(dir) = o.out.parent() {
            std::fs::create_dir_all(dir).expect("the output directory");
        }
        std::fs::write(&o.out, &data).expect("write the eval.dat");
        println!("== wrote {} ({} bytes) in {:.2} s", o.out.display(), data.len(), t.elapsed().as_secs_f64());
        (Some(models), shared_time, ply_time, o.out.clone())
    };

    // The held-out errors, through the library's loader and evaluation.
    let t = Instant::now();
    let weights = eval::load_file(&file).expect("the eval.dat loads");
    let k = edax_kernels::active_isa().kernels().expect("the active level");
    let fitted_plies = models.as_ref().map(|m| plies(m, base.as_ref()));
    let library = |set: &Set, r: usize| {
        let sum = weights.accumulate(k, &eval::features(&set.boards[r]), 60 - set.empties[r] as usize, 0);
        if let Some(table) = &fitted_plies {
            let w = table[60 - set.empties[r] as usize];
            assert_eq!(
                sum,
                set.index[r].iter().map(|&i| w[i as usize] as i32).sum::<i32>(),
                "the file evaluates as the model"
            );
        }
        edax_round(sum)
    };
    for (name, held, train_rows) in [
        ("random-game", &holdout, (0..n_random).collect::<Vec<usize>>()),
        ("self-play", &self_holdout, (n_random..train.boards.len()).collect()),
    ] {
        if held.boards.is_empty() {
            continue;
        }
        let rows: Vec<usize> = (0..held.boards.len()).collect();
        let ours = mae_by_empties(held, &rows, |r| library(held, r));
        let discs = mae_by_empties(held, &rows, |r| disc_difference(&held.boards[r]));
        let zero = mae_by_empties(held, &rows, |_| 0);
        let fitted = mae_by_empties(&train, &train_rows, |r| library(&train, r));
        println!(
            "== {name} held-out mean absolute error (discs), the file evaluated through eval::load_file and Weights::accumulate"
        );
        println!("   | empties | held-out positions | ek-eval.dat | disc difference | 0 | {name} training positions | ek-eval.dat on them |");
        println!("   |---:|---:|---:|---:|---:|---:|---:|");
        for (e, (n, v)) in &ours {
            let (tn, tv) = fitted.get(e).map_or(("-".into(), "-".into()), |(n, v)| (n.to_string(), format!("{v:.2}")));
            println!("   | {e} | {n} | {v:.2} | {:.2} | {:.2} | {tn} | {tv} |", discs[e].1, zero[e].1);
        }
        let all_ours = overall(&ours);
        println!("   all: {all_ours:.2} (disc difference {:.2}, 0 {:.2})", overall(&discs), overall(&zero));
    }
    // Edax's fforum positions (real games), never used for training or tuning.
    for name in ["fforum-1-19.txt", "fforum-20-39.txt", "fforum-40-59.txt"] {
        let path = PathBuf::from("tests/data/fforum").join(name);
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let mut n = 0;
        let mut err = [0i64; 3];
        let (mut lo, mut hi) = (60, 0);
        for l in text.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = l.split_whitespace().collect();
            let b =
                EkBoard::new(u64::from_str_radix(f[0], 16).expect("hex"), u64::from_str_radix(f[1], 16).expect("hex"));
            let score: i32 = f[3].parse().expect("a score");
            let e = empties(&b);
            (lo, hi) = (lo.min(e), hi.max(e));
            let ours = edax_round(weights.accumulate(k, &eval::features(&b), 60 - e as usize, 0));
            for (a, p) in err.iter_mut().zip([ours, disc_difference(&b), 0]) {
                *a += (p - score).abs() as i64;
            }
            n += 1;
        }
        let m = |a: i64| a as f64 / n as f64;
        println!(
            "== {name} ({n} positions, {lo}-{hi} empties): mean absolute error {:.2} discs (disc difference {:.2}, 0 {:.2})",
            m(err[0]),
            m(err[1]),
            m(err[2])
        );
    }
    let eval_time = t.elapsed().as_secs_f64();
    println!("   (evaluation of the sets: {eval_time:.1} s)");
    println!("== times (s): generation {train_gen:.2} + {hold_gen:.2} + {self_gen:.2} + {self_hold_gen:.2}, labelling {train_solve:.0} + {hold_solve:.0} + {self_solve:.0} + {self_hold_solve:.0} (0 when cached), shared model {shared_time:.1}, corrections {ply_time:.1}, total {:.0}",
        total.elapsed().as_secs_f64());
}

/// Mean over all positions of per-count (positions, mean) errors.
fn overall(m: &BTreeMap<u32, (usize, f64)>) -> f64 {
    m.values().map(|(n, e)| *n as f64 * e).sum::<f64>() / m.values().map(|(n, _)| *n as f64).sum::<f64>()
}

/// `a`'s positions, then `b`'s.
fn union(mut a: Set, b: Set) -> Set {
    a.boards.extend(b.boards);
    a.empties.extend(b.empties);
    a.scores.extend(b.scores);
    a.index.extend(b.index);
    a
}
