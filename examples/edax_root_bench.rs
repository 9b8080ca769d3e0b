//! Times Edax's whole search in the library (`ek_edax_search`) on a list of positions, as
//! `lEdax -solve` searches problems: each position on tables cleared before it, one thread.
//! The C side of the comparison is Edax's own code on the same positions, tables and weights
//! (scripts/golden/driver.c, kind root; scripts/bench-edax-root.sh runs both and checks that
//! every search counts the same nodes).
//!
//! Usage: cargo run --release --example edax_root_bench -- WEIGHTS LEVEL BITS < POSITIONS
//! POSITIONS: one "P O" per line (16 hex digits each, P to move). BITS: the main table has
//! 2^BITS entries, the PV and shallow tables 2^(BITS-4), as Edax's `search_resize_hashtable`
//! sizes them. Prints one line per position (P O score move depth selectivity nodes) and, on
//! stderr, the total nodes and the CPU time of the searches.

use edax_kernels::ffi::eval_api::ek_eval_load_file;
use edax_kernels::ffi::solver_api::ek_edax_search;
use edax_kernels::{EkBoard, EkEdaxResult, EkEdaxTables, EkHash, EkHashTable, EkSpinLock};
use std::ffi::CString;
use std::io::BufRead;

/// An Edax table of 2^bits entries, every entry cleared (`hash_cleanup`), date 0.
struct Table {
    entries: Vec<EkHash>,
    locks: Vec<EkSpinLock>,
    table: EkHashTable,
}

impl Table {
    fn new(bits: u32) -> Box<Table> {
        let size = 1usize << bits;
        let mut t = Box::new(Table {
            entries: Vec::new(),
            locks: (0..256).map(|_| EkSpinLock::default()).collect(),
            table: EkHashTable {
                hash: core::ptr::null_mut(),
                spin: core::ptr::null_mut(),
                n_hash: size as u64,
                hash_mask: size as u64 - 1,
                spin_mask: 255,
                n_spin: 256,
                date: 0,
            },
        });
        t.clear();
        t.table.spin = t.locks.as_mut_ptr();
        t
    }

    /// Edax's `hash_cleanup`: every entry as `HASH_INIT`, date 0.
    fn clear(&mut self) {
        let init = EkHash {
            board: EkBoard::new(0, 0),
            data: edax_kernels::EkHashData {
                draft: edax_kernels::EkHashDraft { u4: 0 },
                lower: -127,
                upper: 127,
                move_: [65, 65],
            },
        };
        self.entries = vec![init; self.table.n_hash as usize + 4];
        self.table.hash = self.entries.as_mut_ptr();
        self.table.date = 0;
    }
}

/// CPU time of this process (user + system), in seconds.
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage writes the struct it is given.
    let mut u: libc::rusage = unsafe { core::mem::zeroed() };
    // SAFETY: a valid pointer to a rusage.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) };
    let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 * 1e-6;
    t(u.ru_utime) + t(u.ru_stime)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        eprintln!("usage: edax_root_bench WEIGHTS LEVEL BITS < POSITIONS");
        std::process::exit(2);
    }
    let path = CString::new(args[1].as_str()).expect("a path");
    // SAFETY: a NUL-terminated path.
    assert_eq!(unsafe { ek_eval_load_file(path.as_ptr()) }, 0, "cannot load {}", args[1]);
    let level: i32 = args[2].parse().expect("LEVEL");
    let bits: u32 = args[3].parse().expect("BITS");
    let (mut main, mut pv, mut shallow) = (Table::new(bits), Table::new(bits - 4), Table::new(bits - 4));
    let (mut nodes, mut seconds) = (0i64, 0.0);
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 2 || line.starts_with('#') {
            continue;
        }
        let p = u64::from_str_radix(f[0], 16).expect("P");
        let o = u64::from_str_radix(f[1], 16).expect("O");
        for t in [&mut main, &mut pv, &mut shallow] {
            t.clear();
        }
        let tables = EkEdaxTables {
            hash_table: &mut main.table,
            pv_table: &mut pv.table,
            shallow_table: &mut shallow.table,
            stop: core::ptr::null(),
        };
        // SAFETY: zeroed is a valid EkEdaxResult (plain integers).
        let mut r: EkEdaxResult = unsafe { core::mem::zeroed() };
        let start = cpu_seconds();
        // SAFETY: a live board, tables used by this call only, and a result.
        let status = unsafe { ek_edax_search(&EkBoard::new(p, o), level, -1, -1, &tables, &mut r) };
        seconds += cpu_seconds() - start;
        assert_eq!(status, 0, "{line}");
        nodes += r.n_nodes;
        println!("{p:016x} {o:016x} {} {} {} {} {}", r.score, r.best_move, r.depth, r.selectivity, r.n_nodes);
    }
    eprintln!("library: {nodes} nodes in {seconds:.3} s CPU");
}
