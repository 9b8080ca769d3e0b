//! Edax's table functions as the library exports them under Edax's names (feature `edax-abi`:
//! Edax linked by scripts/edax-drop-in.sh calls them instead of its hash.c's): Edax 4.6's own
//! answers (tests/data/golden/table_ops.txt: what each operation returns and the table's bytes
//! after it), and threads operating on one small table through overlapping buckets, where every
//! bound stored must stay a bound of its position's value. The test command runs it with
//! `--features edax-abi`.
#![cfg(feature = "edax-abi")]

mod common;

use common::edax_table::EdaxTable;
use common::{dec, golden, hex, SplitMix64};
use core::ffi::c_int;
use edax_kernels::{EkBoard, EkHashData, EkHashDraft, EkHashDraftBytes, EkHashStore, EkHashTable};
use std::time::{Duration, Instant};

extern "C" {
    fn hash_get(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, data: *mut EkHashData) -> bool;
    fn hash_store(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, store: *const EkHashStore);
    fn hash_force(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, store: *const EkHashStore);
    fn hash_feed(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, data: *const EkHashData);
    fn hash_exclude_move(table: *mut EkHashTable, board: *const EkBoard, hash_code: u64, mv: c_int);
}

/// The 8 bytes of an `EkHashData`, as one little-endian number (the golden file's DATA).
fn data_bits(d: &EkHashData) -> u64 {
    // SAFETY: an EkHashData is 8 plain bytes.
    u64::from_le_bytes(unsafe { core::mem::transmute_copy(d) })
}

fn data_from_bits(v: u64) -> EkHashData {
    // SAFETY: any 8 bytes are an EkHashData.
    unsafe { core::mem::transmute(v.to_le_bytes()) }
}

fn draft(depth: u8, selectivity: u8, cost: u8, date: u8) -> EkHashDraft {
    EkHashDraft { u1: EkHashDraftBytes { depth, selectivity, cost, date } }
}

/// Every operation of table_ops.txt on a table of the library's, with its answers: hash_get's
/// result and data, and the checksum of the table's bytes after each operation.
#[test]
fn every_operation_gives_edax_answers() {
    let mut table: Option<Box<EdaxTable>> = None;
    let (mut ops, mut found) = (0, 0);
    for r in golden("table_ops.txt") {
        let line = r.join(" ");
        match r[0].as_str() {
            "table" => table = Some(EdaxTable::new(dec(&r[1]), dec(&r[2]))),
            "date" => table.as_mut().expect("a table line first").table.date = dec(&r[1]),
            op => {
                let t = table.as_mut().expect("a table line first");
                let (b, code) = (EkBoard::new(hex(&r[1]), hex(&r[2])), hex(&r[3]));
                let tp: *mut EkHashTable = &mut t.table;
                match op {
                    "get" => {
                        let mut d = data_from_bits(0x5555_5555_5555_5555);
                        // SAFETY: a live table, board and data.
                        let got = unsafe { hash_get(tp, &b, code, &mut d) };
                        assert_eq!((got as i32, data_bits(&d)), (dec::<i32>(&r[4]), hex(&r[5])), "{line}");
                        found += got as usize;
                    }
                    "store" | "force" => {
                        let d: u32 = u32::from_str_radix(&r[4], 16).expect("a draft");
                        let [alpha, beta, score, mv] = [5, 6, 7, 8].map(|i| dec::<i32>(&r[i]) as i8);
                        let s = EkHashStore { draft: EkHashDraft { u4: d }, alpha, beta, score, move_: mv };
                        // SAFETY: a live table, board and store.
                        unsafe {
                            if op == "store" {
                                hash_store(tp, &b, code, &s)
                            } else {
                                hash_force(tp, &b, code, &s)
                            }
                        };
                    }
                    "feed" => {
                        let d = data_from_bits(hex(&r[4]));
                        // SAFETY: a live table, board and data.
                        unsafe { hash_feed(tp, &b, code, &d) };
                    }
                    "exclude" => {
                        // SAFETY: a live table and board.
                        unsafe { hash_exclude_move(tp, &b, code, dec(&r[4])) };
                    }
                    _ => panic!("unknown operation: {line}"),
                }
                assert_eq!(t.checksum(), hex(r.last().expect("a checksum")), "table after {line}");
                assert!(t.unlocked(), "a lock held after {line}");
                ops += 1;
            }
        }
    }
    assert!(ops > 3000 && found > 200, "{ops} operations, {found} found");
}

/// The seconds the threaded test runs (`EK_STRESS_SECONDS`, default 2; scripts/stress.sh sets
/// more).
fn budget() -> Duration {
    let secs =
        std::env::var("EK_STRESS_SECONDS").map_or(2.0, |v| v.parse::<f64>().expect("EK_STRESS_SECONDS: seconds"));
    Duration::from_secs_f64(secs)
}

/// A position of the threaded test: its board, hash code and value (what every operation on it
/// is consistent with).
#[derive(Clone, Copy)]
struct Known {
    board: EkBoard,
    code: u64,
    value: i8,
}

/// Random operations on `k`, each consistent with its value: stores and forced stores of
/// fail-soft results (a bound on the side the score falls, the value when inside the window),
/// feeds of bounds around the value, move exclusions, and probes, whose bounds must hold it.
/// Returns a message on the first probe that contradicts the value.
fn operate(t: *mut EkHashTable, k: Known, rng: &mut SplitMix64, date: u8) -> Result<(), String> {
    let v = i32::from(k.value);
    let r = |rng: &mut SplitMix64, lo: i32, hi: i32| lo + (rng.next_u64() % (hi - lo + 1) as u64) as i32;
    let depth = r(rng, 10, 12) as u8;
    let mv = [19, 26, 37, 64][rng.next_u64() as usize % 4];
    match rng.next_u64() % 10 {
        0..=3 | 9 => {
            let alpha = r(rng, -64, 63);
            let beta = if rng.next_u64().is_multiple_of(2) { alpha + 1 } else { r(rng, alpha + 1, 64) };
            let score = if v <= alpha {
                r(rng, v, alpha)
            } else if v >= beta {
                r(rng, beta, v)
            } else {
                v
            };
            let d = draft(depth, 5, r(rng, 0, 20) as u8, date);
            let s = EkHashStore { draft: d, alpha: alpha as i8, beta: beta as i8, score: score as i8, move_: mv };
            // SAFETY: a live table, board and store.
            unsafe {
                if rng.next_u64().is_multiple_of(5) {
                    hash_force(t, &k.board, k.code, &s)
                } else {
                    hash_store(t, &k.board, k.code, &s)
                }
            };
        }
        4 => {
            let (lower, upper) = (r(rng, -64, v) as i8, r(rng, v, 64) as i8);
            let d = EkHashData { draft: draft(depth, 5, 3, date), lower, upper, move_: [mv, 65] };
            // SAFETY: a live table, board and data.
            unsafe { hash_feed(t, &k.board, k.code, &d) };
        }
        5 => {
            // SAFETY: a live table and board.
            unsafe { hash_exclude_move(t, &k.board, k.code, mv.into()) };
        }
        _ => {
            let mut d = data_from_bits(0);
            // SAFETY: a live table, board and data.
            if unsafe { hash_get(t, &k.board, k.code, &mut d) } && !(d.lower <= k.value && k.value <= d.upper) {
                return Err(format!("{:?}: read bounds [{}, {}], value {v}", k.board, d.lower, d.upper));
            }
        }
    }
    Ok(())
}

/// Threads (more than the machine's cores) operate on a table of 8 entries through positions
/// whose hash codes fall in every bucket, so that each entry is a way of several buckets in
/// use, for `EK_STRESS_SECONDS`: no probe may read, and no entry may be left with, bounds that
/// contradict its position's value, or a board that is no position's (half of one store and
/// half of another). With the bucket locks of Edax's hash.c, both happen within a second.
#[test]
fn threads_share_a_table_through_overlapping_buckets() {
    const THREADS: usize = 8;
    let mut rng = SplitMix64(0x0E1D_0039);
    let known: Vec<Known> = (0..12)
        .map(|i| {
            let p = rng.next_u64();
            let o = rng.next_u64() & !p;
            Known {
                board: EkBoard::new(p, o),
                code: i as u64 | rng.next_u64() << 8,
                value: (rng.next_u64() % 129) as i8 - 64,
            }
        })
        .collect();
    let deadline = Instant::now() + budget();
    let mut rounds = 0u64;
    for locks in [256, 4].into_iter().cycle() {
        if rounds > 1 && Instant::now() >= deadline {
            break;
        }
        rounds += 1;
        let mut t = EdaxTable::with_locks(3, locks, 1);
        let table = core::ptr::addr_of_mut!(t.table) as usize;
        let errors: Vec<String> = std::thread::scope(|s| {
            let known = &known;
            let handles: Vec<_> = (0..THREADS)
                .map(|id| {
                    s.spawn(move || {
                        let mut rng = SplitMix64(rounds << 8 | id as u64);
                        for _ in 0..20_000 {
                            let k = known[rng.next_u64() as usize % known.len()];
                            operate(table as *mut EkHashTable, k, &mut rng, 1)?;
                        }
                        Ok::<(), String>(())
                    })
                })
                .collect();
            handles.into_iter().filter_map(|h| h.join().expect("no panic").err()).collect()
        });
        assert!(errors.is_empty(), "round {rounds} ({locks} locks): {errors:?}");
        assert!(t.unlocked(), "round {rounds}: a lock still held");
        for (i, e) in t.entries().iter().enumerate() {
            if e.board == EkBoard::new(0, 0) {
                continue;
            }
            let k = known.iter().find(|k| k.board == e.board);
            let k = k.unwrap_or_else(|| panic!("round {rounds}: entry {i} holds {:?}, no position's board", e.board));
            let (lower, upper) = (e.data.lower, e.data.upper);
            assert!(
                lower <= k.value && k.value <= upper,
                "round {rounds}: entry {i}: {:?} [{lower}, {upper}], value {}",
                e.board,
                k.value
            );
        }
    }
    eprintln!("{rounds} rounds of {THREADS} threads x 20,000 operations");
}
