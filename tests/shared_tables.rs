//! Threads sharing one transposition table, under stress: Edax's table through `ek_nws_endgame`
//! (Edax's own threads share theirs, and so do the threads of Edax linked to the library), and
//! the solver's table through its threads. Sharing a table may change node counts, never a
//! bound: every score a thread gets must be a fail-soft bound of the exact score, and every entry
//! left in a table must hold bounds of its own position's exact score.
//!
//! Each test runs rounds for `EK_STRESS_SECONDS` seconds (default 2) with more threads than the
//! machine has cores, so that threads are preempted inside a probe or a store, where a race
//! shows. `scripts/stress-tables.sh` runs it for longer with two copies at once. These tests
//! found the wrong bound of RELIABILITY.md's "A wrong bound through a shared Edax table".

mod common;

use common::edax_table::EdaxTable;
use common::{random_positions_where, SplitMix64};
use edax_kernels::ffi::solver_api::ek_nws_endgame;
use edax_kernels::{EkBoard, EkHashTable, EkSolver};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Threads per shared table: more than the cores of the CI machine (2).
const THREADS: usize = 8;

/// Edax's `NO_SELECTIVITY`: what `ek_nws_endgame` stores with every result.
const NO_SELECTIVITY: u8 = 5;

fn budget() -> Duration {
    let secs =
        std::env::var("EK_STRESS_SECONDS").map_or(2.0, |v| v.parse::<f64>().expect("EK_STRESS_SECONDS: seconds"));
    Duration::from_secs_f64(secs)
}

fn empties(b: &EkBoard) -> u32 {
    (b.player | b.opponent).count_zeros()
}

/// Exact scores, by the solver on one thread with a table of its own (tests/solver.rs checks it
/// against a naive negamax).
struct Exact {
    solver: EkSolver,
    known: HashMap<(u64, u64), i32>,
}

impl Exact {
    fn new() -> Exact {
        Exact { solver: EkSolver::new(18).expect("a table"), known: HashMap::new() }
    }

    fn score(&mut self, b: &EkBoard) -> i32 {
        let solver = &self.solver;
        *self.known.entry((b.player, b.opponent)).or_insert_with(|| solver.solve(b, -64, 64).expect("a solve").score)
    }
}

/// Whether `got`, a fail-soft score on the window (alpha, beta), agrees with the exact `v`.
fn bound_holds(got: i32, (alpha, beta): (i32, i32), v: i32) -> bool {
    if got <= alpha {
        v <= got
    } else if got >= beta {
        v >= got
    } else {
        v == got
    }
}

/// Positions of random games with `lo..=hi` empty squares, and their exact scores.
fn positions(seed: u64, n: usize, lo: u32, hi: u32, exact: &mut Exact) -> Vec<(EkBoard, i32)> {
    let boards = random_positions_where(seed, n, |b| (lo..=hi).contains(&empties(b)));
    boards.into_iter().map(|b| (b, exact.score(&b))).collect()
}

/// The null windows each position is searched on: around its exact score (where a wrong bound
/// changes the result) and elsewhere.
fn alphas(v: i32) -> [i32; 5] {
    [v - 1, v, v - 3, v + 2, if v > 0 { -10 } else { 10 }]
}

/// What went wrong in a round, if anything: the first of the threads' messages.
type Failure = Mutex<Option<String>>;

fn fail(failure: &Failure, msg: String) {
    failure.lock().unwrap().get_or_insert(msg);
}

/// `THREADS` threads search every position on every window of [`alphas`] with `ek_nws_endgame` on
/// one Edax table of 2^bits entries and `locks` locks, each in its own order, round after round
/// (a fresh table each) until the budget is spent. Each score must be a bound of the exact
/// score; after each round, each entry must hold bounds of its board's exact score, and no lock
/// may be held.
fn stress_edax_table(bits: u32, locks: u32) {
    let mut exact = Exact::new();
    let work = positions(0x5EED_0039 ^ u64::from(bits * 1000 + locks), 48, 9, 12, &mut exact);
    let deadline = Instant::now() + budget();
    let mut rounds = 0;
    while rounds == 0 || Instant::now() < deadline {
        rounds += 1;
        let mut t = EdaxTable::with_locks(bits, locks, 1);
        let table = core::ptr::addr_of_mut!(t.table) as usize;
        let failure: Failure = Mutex::new(None);
        std::thread::scope(|s| {
            for id in 0..THREADS {
                let (work, failure) = (&work, &failure);
                s.spawn(move || {
                    let mut rng = SplitMix64(rounds * 31 + id as u64);
                    let start = (rng.next_u64() % work.len() as u64) as usize;
                    for i in 0..work.len() {
                        let (b, v) = work[(start + i * (2 * id + 1)) % work.len()];
                        for alpha in alphas(v) {
                            let mut n = 0;
                            // SAFETY: a live board and counter; the table outlives the scope and
                            // ek_nws_endgame takes its locks for what it reads and changes.
                            let got = unsafe {
                                ek_nws_endgame(&b, alpha, table as *mut EkHashTable, core::ptr::null(), &mut n)
                            };
                            if !bound_holds(got, (alpha, alpha + 1), v) {
                                fail(
                                    failure,
                                    format!("round {rounds}, thread {id}: {b:?} alpha {alpha}: {got}, exact {v}"),
                                );
                                return;
                            }
                        }
                    }
                });
            }
        });
        let tag = format!("2^{bits} entries, {locks} locks, round {rounds}");
        if let Some(msg) = failure.into_inner().unwrap() {
            panic!("{tag}: a thread got a wrong bound: {msg}");
        }
        assert!(t.unlocked(), "{tag}: a lock is still held");
        check_edax_entries(&t, &mut exact, &tag);
    }
    eprintln!("2^{bits} entries, {locks} locks: {rounds} rounds of {THREADS} threads");
}

/// Every entry of `t` that a search wrote holds a position of its depth, and bounds of its exact
/// score.
fn check_edax_entries(t: &EdaxTable, exact: &mut Exact, tag: &str) {
    for (i, e) in t.entries().iter().enumerate() {
        let b = e.board;
        if b.player == 0 && b.opponent == 0 {
            continue;
        }
        // SAFETY: every field of the draft union is plain bytes.
        let draft = unsafe { e.data.draft.u1 };
        let (lower, upper) = (i32::from(e.data.lower), i32::from(e.data.upper));
        let what = format!("{tag}: entry {i}: {b:?}, depth {}, bounds [{lower}, {upper}]", draft.depth);
        assert!(b.player & b.opponent == 0, "{what}: the board is half of one store and half of another");
        assert_eq!(
            (u32::from(draft.depth), draft.selectivity),
            (empties(&b), NO_SELECTIVITY),
            "{what}: not this board's draft"
        );
        let v = exact.score(&b);
        assert!(lower <= v && v <= upper, "{what}: exact score {v}");
    }
}

/// The table of the test that failed first (tests/miri.rs, two threads): 8 entries and 256 locks,
/// so that the positions of one bucket take different locks.
#[test]
fn edax_table_with_more_locks_than_entries() {
    stress_edax_table(3, 256);
}

/// Edax's own proportions (fewer locks than entries, `spin_mask` within `hash_mask`): a bucket
/// always takes one lock, but an entry is a way of four buckets, which take four locks.
#[test]
fn edax_table_with_fewer_locks_than_entries() {
    stress_edax_table(3, 4);
}

/// The solver's threads on a small shared table, kept across solves: every result (on the full
/// window and on null windows near the score) is a bound of the exact score, and an exact
/// result's move gives that score.
#[test]
fn solver_threads_share_a_small_table() {
    let mut exact = Exact::new();
    let work = positions(0x5EED_0027, 24, 14, 16, &mut exact);
    let solver = EkSolver::new(8).expect("a table");
    solver.set_threads(THREADS as i32).expect("threads");
    let deadline = Instant::now() + budget();
    let mut rounds = 0;
    while rounds == 0 || Instant::now() < deadline {
        rounds += 1;
        for &(b, v) in &work {
            for (alpha, beta) in [(-64, 64), (v - 1, v), (v, v + 1), (v - 2, v + 3)] {
                let window = (alpha.max(-64), beta.min(64));
                if window.0 >= window.1 {
                    continue;
                }
                let r = solver.solve(&b, window.0, window.1).expect("a solve");
                assert!(
                    bound_holds(r.score, window, v),
                    "round {rounds}: {b:?} window {window:?}: {}, exact {v}",
                    r.score
                );
                if r.score > window.0 && r.score < window.1 && r.best_move < 64 {
                    let x = r.best_move;
                    let f = edax_kernels::ffi::api::ek_flip(x, b.player, b.opponent);
                    let child = EkBoard::new(b.opponent ^ f, b.player ^ f ^ (1 << x));
                    assert_eq!(-exact.score(&child), v, "round {rounds}: {b:?}: move {x} does not give {v}");
                }
            }
        }
    }
    eprintln!("solver: {rounds} rounds of {} solves on {THREADS} threads", work.len() * 4);
}
