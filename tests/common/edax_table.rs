//! An Edax-layout transposition table owned by Rust, for the tests and the fuzz targets that call
//! `ek_nws_endgame`.

use edax_kernels::{EkBoard, EkHash, EkHashData, EkHashDraft, EkHashTable, EkSpinLock, HASH_N_WAY};

/// An Edax-layout transposition table owned by a test: the `hash_mask + HASH_N_WAY + 1` entries
/// Edax's `hash_cleanup` initialises (hash_mask = 2^bits - 1), each as it leaves them (no board,
/// bounds -127 and 127, no moves, draft 0), and 256 locks (or as many as [`EdaxTable::with_locks`]
/// asks).
pub struct EdaxTable {
    entries: Vec<EkHash>,
    locks: Vec<EkSpinLock>,
    pub table: EkHashTable,
}

impl EdaxTable {
    pub fn new(bits: u32, date: u8) -> Box<EdaxTable> {
        EdaxTable::with_locks(bits, 256, date)
    }

    /// A table of 2^bits entries and `n_locks` locks (`spin_mask` = `n_locks - 1`, as in Edax,
    /// which has 256 per CPU).
    pub fn with_locks(bits: u32, n_locks: u32, date: u8) -> Box<EdaxTable> {
        let size = 1usize << bits;
        let entry = EkHash {
            board: EkBoard::new(0, 0),
            data: EkHashData { draft: EkHashDraft { u4: 0 }, lower: -127, upper: 127, move_: [65, 65] },
        };
        let mut entries = vec![entry; size + HASH_N_WAY];
        let mut locks: Vec<EkSpinLock> = (0..n_locks).map(|_| EkSpinLock::default()).collect();
        let table = EkHashTable {
            hash: entries.as_mut_ptr(),
            spin: locks.as_mut_ptr(),
            n_hash: size as u64,
            hash_mask: size as u64 - 1,
            spin_mask: n_locks - 1,
            n_spin: n_locks,
            date,
        };
        Box::new(EdaxTable { entries, locks, table })
    }

    /// FNV-1a (64-bit) of the raw bytes of every entry, in memory order.
    pub fn checksum(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for e in &self.entries {
            // SAFETY: an EkHash is 24 plain bytes without padding (16 of board, 8 of data).
            let bytes: [u8; 24] = unsafe { core::mem::transmute_copy(e) };
            for b in bytes {
                h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        h
    }

    /// The entries, as the searches left them (no search may be running).
    pub fn entries(&self) -> &[EkHash] {
        &self.entries
    }

    /// Whether no lock is held (every search releases what it takes).
    pub fn unlocked(&self) -> bool {
        self.locks.iter().all(|l| l.lock == 0)
    }
}
