//! `hash_get` and `hash_store` of Edax's endgame search on an [`EkHashTable`], under Edax's
//! locking protocol.

use super::data::{Data, Store};
use super::{EkHash, EkHashTable, HASH_N_WAY};
use crate::types::board::EkBoard;
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};

/// One entry, read and written with relaxed atomic accesses: Edax's threads read entries
/// without their lock.
#[derive(Clone, Copy)]
struct Entry(*mut EkHash);

impl Entry {
    /// # Safety
    /// The entry is valid and 8-byte aligned (as `EkHash` is), for the lifetime of the table.
    unsafe fn word<'a>(p: *mut u64) -> &'a AtomicU64 {
        // SAFETY: valid and aligned by the caller's contract; every access here is atomic.
        unsafe { AtomicU64::from_ptr(p) }
    }

    /// Whether the entry holds board `b` (Edax's `board_equal`).
    unsafe fn holds(self, b: EkBoard) -> bool {
        // SAFETY (both): the entry is valid (the caller's contract).
        let p = unsafe { Self::word(core::ptr::addr_of_mut!((*self.0).board.player)) };
        let o = unsafe { Self::word(core::ptr::addr_of_mut!((*self.0).board.opponent)) };
        p.load(Ordering::Relaxed) == b.player && o.load(Ordering::Relaxed) == b.opponent
    }

    unsafe fn data(self) -> Data {
        // SAFETY: valid entry; `EkHashData` is 8 bytes at offset 16 of an 8-aligned `EkHash`.
        Data::from_bits(unsafe { Self::word(core::ptr::addr_of_mut!((*self.0).data).cast()) }.load(Ordering::Relaxed))
    }

    unsafe fn set_data(self, d: Data) {
        // SAFETY: as in `data`.
        unsafe { Self::word(core::ptr::addr_of_mut!((*self.0).data).cast()) }.store(d.to_bits(), Ordering::Relaxed);
    }

    unsafe fn set_board(self, b: EkBoard) {
        // SAFETY (both): the entry is valid.
        unsafe { Self::word(core::ptr::addr_of_mut!((*self.0).board.player)) }.store(b.player, Ordering::Relaxed);
        unsafe { Self::word(core::ptr::addr_of_mut!((*self.0).board.opponent)) }.store(b.opponent, Ordering::Relaxed);
    }
}

/// The lock of one entry, held (Edax's `spinlock_lock`), released when dropped
/// (`spinlock_unlock`).
///
/// The library locks entries, not buckets: the entry at index `i` has the lock
/// `spin[i & spin_mask]`. Edax takes the lock of the bucket (`spin[hash_code & spin_mask]`),
/// but buckets overlap: the entry at index `i` is way 0 of bucket `i`, way 1 of bucket `i - 1`,
/// and so on. So two of Edax's threads writing one entry through two buckets, or one reading
/// it through one bucket while another writes it through another, hold different locks, and an
/// entry can end up with one store's board and another's bounds: a wrong bound for that board
/// (RELIABILITY.md, "A wrong bound through a shared Edax table"). Under the entry's lock, every
/// access to an entry excludes every other. Edax's own `hash.c` still locks buckets, so a table
/// is shared safely when every access goes through the library: its endgame search and the
/// Edax-named table functions (`hash_get`, `hash_store`, ...), which Edax linked to the library
/// calls instead of its own (docs/edax-drop-in.md).
struct Locked<'a>(&'a AtomicI32);

impl Locked<'_> {
    /// Takes the lock of the entry at `index`.
    ///
    /// # Safety
    /// As [`bucket`].
    #[inline(always)]
    unsafe fn entry(table: &EkHashTable, index: u64) -> Locked<'_> {
        let id = index & u64::from(table.spin_mask);
        // SAFETY: `id <= spin_mask`, so in bounds of `spin` (the caller's contract); Edax
        // accesses the word atomically too.
        let word = unsafe { AtomicI32::from_ptr(core::ptr::addr_of_mut!((*table.spin.add(id as usize)).lock)) };
        while word.swap(1, Ordering::Acquire) != 0 {
            while word.load(Ordering::Relaxed) != 0 {
                core::hint::spin_loop();
            }
        }
        Locked(word)
    }
}

impl Drop for Locked<'_> {
    fn drop(&mut self) {
        self.0.store(0, Ordering::Release);
    }
}

/// The index of the first entry of the bucket of `hash_code`, and that entry.
///
/// # Safety
/// `table` is a valid Edax table: `hash` holds `hash_mask + HASH_N_WAY + 1` entries, `spin`
/// `spin_mask + 1` locks.
unsafe fn bucket(table: &EkHashTable, hash_code: u64) -> (u64, *mut EkHash) {
    let index = hash_code & table.hash_mask;
    // SAFETY: in bounds by the caller's contract.
    (index, unsafe { table.hash.add(index as usize) })
}

/// Edax's `hash_get`: the data of board `b` when one of the ways of its bucket holds it; its
/// date becomes the table's.
///
/// # Safety
/// As [`bucket`].
#[inline(always)]
pub(crate) unsafe fn get(table: &EkHashTable, b: EkBoard, hash_code: u64) -> Option<Data> {
    // SAFETY: the caller's contract.
    let (index, first) = unsafe { bucket(table, hash_code) };
    for i in 0..HASH_N_WAY {
        // SAFETY (block): way i of a bucket in bounds; its locks are valid.
        unsafe {
            let e = Entry(first.add(i));
            if e.holds(b) {
                let _held = Locked::entry(table, index + i as u64);
                if e.holds(b) {
                    let d = e.data();
                    e.set_data(Data { date: table.date, ..d });
                    return Some(d);
                }
            }
        }
    }
    None
}

/// Edax's `hash_store`: merges the search result `s` into the way holding `b`, or else
/// replaces the way with the smallest draft.
///
/// # Safety
/// As [`bucket`].
#[inline(always)]
pub(crate) unsafe fn store(table: &EkHashTable, b: EkBoard, hash_code: u64, s: &Store) {
    // SAFETY: the caller's contract.
    unsafe { update_or_replace(table, b, hash_code, |d| d.merged(s), Data::new(s)) }
}

/// Edax's `hash_force`: the search result `s` replaces what the way holding `b` knew, or
/// else the way with the smallest draft.
///
/// # Safety
/// As [`bucket`].
pub(crate) unsafe fn force(table: &EkHashTable, b: EkBoard, hash_code: u64, s: &Store) {
    let new = Data::new(s);
    // SAFETY: the caller's contract.
    unsafe { update_or_replace(table, b, hash_code, |_| new, new) }
}

/// Edax's `hash_feed`: the data `d` narrows or replaces what the way holding `b` knew, or else
/// goes into the way with the smallest draft.
///
/// # Safety
/// As [`bucket`].
pub(crate) unsafe fn feed(table: &EkHashTable, b: EkBoard, hash_code: u64, d: Data) {
    // SAFETY: the caller's contract.
    unsafe { update_or_replace(table, b, hash_code, |old| old.fed(d), d) }
}

/// Edax's `hash_exclude_move`: in the first way holding `b`, move `mv` stops being a best
/// move and the lower bound is forgotten.
///
/// # Safety
/// As [`bucket`].
pub(crate) unsafe fn exclude_move(table: &EkHashTable, b: EkBoard, hash_code: u64, mv: i32) {
    // SAFETY: the caller's contract.
    let (index, first) = unsafe { bucket(table, hash_code) };
    for i in 0..HASH_N_WAY {
        // SAFETY (block): way i of a bucket in bounds; its lock is valid.
        unsafe {
            let e = Entry(first.add(i));
            if e.holds(b) {
                let _held = Locked::entry(table, index + i as u64);
                if e.holds(b) {
                    e.set_data(e.data().without_move(mv));
                }
                return;
            }
        }
    }
}

/// The body of Edax's `hash_store`, `hash_force` and `hash_feed`: `update` changes the data of
/// the way holding `b`; when none does, the way with the smallest draft gets `b` and `new`.
///
/// # Safety
/// As [`bucket`].
#[inline(always)]
unsafe fn update_or_replace(table: &EkHashTable, b: EkBoard, hash_code: u64, update: impl Fn(Data) -> Data, new: Data) {
    // SAFETY: the caller's contract.
    let (index, first) = unsafe { bucket(table, hash_code) };
    let mut worst = 0;
    for i in 0..HASH_N_WAY {
        // SAFETY (block): ways i and worst of a bucket in bounds; their locks are valid.
        unsafe {
            let e = Entry(first.add(i));
            if e.holds(b) {
                let _held = Locked::entry(table, index + i as u64);
                if e.holds(b) {
                    e.set_data(update(e.data()));
                    return;
                }
            }
            if Entry(first.add(worst)).data().draft_key() > e.data().draft_key() {
                worst = i;
            }
        }
    }
    // SAFETY: a way of the bucket; its lock is valid.
    unsafe {
        let _held = Locked::entry(table, index + worst as u64);
        let e = Entry(first.add(worst));
        e.set_board(b);
        e.set_data(new);
    }
}

/// Edax's `hash_clear`: the table's date moves on; from 127 every entry is first cleared as
/// `hash_cleanup` clears it (`HASH_INIT`: no board, no bounds, no move) and the date starts
/// again from 0.
///
/// # Safety
/// As [`bucket`], and no other thread uses the table during the call.
#[inline(always)]
pub(crate) unsafe fn clear(table: &mut EkHashTable) {
    if table.date == 127 {
        let init = EkHash { board: EkBoard::new(0, 0), data: Data::INIT.to_edax() };
        for i in 0..=(table.hash_mask as usize + HASH_N_WAY) {
            // SAFETY: the table holds hash_mask + HASH_N_WAY + 1 entries (the caller's contract).
            unsafe { table.hash.add(i).write(init) };
        }
        table.date = 0;
    }
    table.date = table.date.wrapping_add(1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash_table::{EkHashData, EkHashDraft, EkSpinLock};
    use core::mem::{align_of, offset_of, size_of};

    #[test]
    fn layout_matches_edax() {
        assert_eq!(size_of::<EkHashDraft>(), 4);
        assert_eq!(size_of::<EkHashData>(), 8);
        assert_eq!(size_of::<EkHash>(), 24);
        assert_eq!(align_of::<EkHash>(), 8);
        assert_eq!(offset_of!(EkHash, data), 16);
        assert_eq!(offset_of!(EkHashData, lower), 4);
        assert_eq!(offset_of!(EkHashData, move_), 6);
        assert_eq!(offset_of!(EkHashTable, n_hash), 16);
        assert_eq!(offset_of!(EkHashTable, hash_mask), 24);
        assert_eq!(offset_of!(EkHashTable, spin_mask), 32);
        assert_eq!(offset_of!(EkHashTable, n_spin), 36);
        assert_eq!(offset_of!(EkHashTable, date), 40);
        assert_eq!(size_of::<EkHashTable>(), 48);
        assert_eq!(size_of::<EkSpinLock>(), 4);
    }
}
