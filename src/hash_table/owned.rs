//! An Edax-layout table the library owns (the engine's three tables): Edax's `hash_init` and
//! `hash_cleanup`, and its `hash_free` on drop.

use super::{EkHash, EkHashData, EkHashDraft, EkHashTable, EkSpinLock, HASH_N_WAY};
use crate::types::board::EkBoard;

/// A table of `2^bits` entries as Edax's `hash_init` makes it (`hash_mask + HASH_N_WAY + 1`
/// entries, each as `hash_cleanup` leaves it: no board, bounds -127 and 127, no moves, draft 0;
/// date 0) with 256 locks, owned: its memory lives as long as it does.
pub(crate) struct OwnedTable {
    /// Points into `entries` and `locks`, whose heap memory never moves while they live.
    table: EkHashTable,
    entries: Vec<EkHash>,
    locks: Vec<EkSpinLock>,
}

// SAFETY: the raw pointers of `table` point into the table's own vectors; the table is shared
// between threads only as Edax's table functions share it (each entry under its lock).
unsafe impl Send for OwnedTable {}
// SAFETY: as above.
unsafe impl Sync for OwnedTable {}

impl OwnedTable {
    /// Edax's lock count for one CPU (`hash_init`: 256 per CPU).
    const LOCKS: u32 = 256;

    /// A cleared table of `2^bits` entries (24 bytes each), or `None` when the memory cannot
    /// be allocated or `bits` exceeds 40.
    pub(crate) fn new(bits: u32) -> Option<OwnedTable> {
        if bits > 40 {
            return None;
        }
        let size = 1usize.checked_shl(bits)?;
        let n = size.checked_add(HASH_N_WAY)?;
        let mut entries: Vec<EkHash> = Vec::new();
        entries.try_reserve_exact(n).ok()?;
        crate::types::memory::advise_huge_pages(entries.as_ptr().cast(), n * core::mem::size_of::<EkHash>());
        entries.resize(n, Self::EMPTY);
        let mut locks = Vec::new();
        locks.try_reserve_exact(Self::LOCKS as usize).ok()?;
        locks.resize_with(Self::LOCKS as usize, EkSpinLock::default);
        let table = EkHashTable {
            hash: entries.as_mut_ptr(),
            spin: locks.as_mut_ptr(),
            n_hash: size as u64,
            hash_mask: size as u64 - 1,
            spin_mask: Self::LOCKS - 1,
            n_spin: Self::LOCKS,
            date: 0,
        };
        Some(OwnedTable { table, entries, locks })
    }

    /// An entry as `hash_cleanup` leaves it.
    const EMPTY: EkHash = EkHash {
        board: EkBoard::new(0, 0),
        data: EkHashData { draft: EkHashDraft { u4: 0 }, lower: -127, upper: 127, move_: [65, 65] },
    };

    /// Edax's `hash_cleanup`: every entry cleared, the date 0.
    pub(crate) fn cleanup(&mut self) {
        self.entries.fill(Self::EMPTY);
        self.table.date = 0;
        debug_assert!(self.locks.iter().all(|l| l.lock == 0));
    }

    /// The entries and the table's date, to read between searches (a search's entries carry
    /// the date it ran at).
    pub(crate) fn entries(&self) -> (&[EkHash], u8) {
        (&self.entries, self.table.date)
    }

    /// The table, for the searches (valid as `hash_table::get` requires while `self` lives).
    pub(crate) fn table(&mut self) -> *mut EkHashTable {
        &mut self.table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_entries_are_advised_for_huge_pages() {
        let t = OwnedTable::new(22).expect("96 MiB");
        let (entries, _) = t.entries();
        crate::types::memory::assert_advised(
            "hash_table::owned: the tables are advised for huge pages",
            entries.as_ptr().cast(),
            core::mem::size_of_val(entries),
        );
    }
}
