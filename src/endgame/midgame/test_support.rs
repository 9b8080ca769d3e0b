//! What the unit tests of the midgame search share: the two sets of weights of the known
//! answers, and an Edax table owned by a test.

use crate::eval::Weights;
use crate::hash_table::{EkHash, EkHashData, EkHashDraft, EkHashTable, EkSpinLock, HASH_N_WAY};
use crate::types::board::EkBoard;

/// data/ek-eval.dat, as the library bundles it.
pub(crate) fn project_weights() -> Weights {
    Weights::parse(&crate::eval::bundled::image().expect("bundled weights")).expect("weights")
}

/// The synthetic eval.dat of the known answers, as tests/eval.rs finds it: made by
/// scripts/synthetic-eval.sh, or (under Wine and qemu, which cannot run it) the file that
/// scripts/test-cross.sh names in `EK_SYNTHETIC_EVAL`.
pub(crate) fn synthetic_weights() -> Weights {
    let path = match std::env::var_os("EK_SYNTHETIC_EVAL") {
        Some(path) => std::path::PathBuf::from(path),
        None => {
            let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/synthetic-eval.sh");
            let run = std::process::Command::new(script).output().expect("scripts/synthetic-eval.sh runs");
            assert!(run.status.success(), "synthetic-eval.sh: {}", String::from_utf8_lossy(&run.stderr));
            String::from_utf8(run.stdout).expect("a UTF-8 path").trim_end().into()
        }
    };
    Weights::parse(&std::fs::read(path).expect("the synthetic eval.dat")).expect("weights")
}

/// An Edax table of 2^bits entries (and `HASH_N_WAY` more, as Edax allocates it), each as
/// Edax's `hash_cleanup` leaves it, with 256 locks.
pub(crate) struct OwnedTable {
    entries: Vec<EkHash>,
    _locks: Vec<EkSpinLock>,
    pub table: EkHashTable,
}

impl OwnedTable {
    pub fn new(bits: u32, date: u8) -> Box<OwnedTable> {
        let size = 1usize << bits;
        let entry = EkHash {
            board: EkBoard::new(0, 0),
            data: EkHashData { draft: EkHashDraft { u4: 0 }, lower: -127, upper: 127, move_: [65, 65] },
        };
        let mut entries = vec![entry; size + HASH_N_WAY];
        let mut locks: Vec<EkSpinLock> = (0..256).map(|_| EkSpinLock::default()).collect();
        let table = EkHashTable {
            hash: entries.as_mut_ptr(),
            spin: locks.as_mut_ptr(),
            n_hash: size as u64,
            hash_mask: size as u64 - 1,
            spin_mask: 255,
            n_spin: 256,
            date,
        };
        Box::new(OwnedTable { entries, _locks: locks, table })
    }

    /// FNV-1a (64-bit) of the raw bytes of every entry, as the known answers give it.
    pub fn checksum(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for e in &self.entries {
            // SAFETY: an EkHash is 24 plain bytes without padding (16 of board, 8 of data).
            let bytes: [u8; 24] = unsafe { core::mem::transmute_copy(e) };
            for b in bytes {
                h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        h
    }
}
