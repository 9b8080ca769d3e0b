//! `hash_get` and `hash_store` of Edax's endgame search on an [`EkHashTable`], under Edax's
//! locking protocol.

use super::{EkHash, EkHashData, EkHashDraft, EkHashDraftBytes, EkHashStore, EkHashTable, HASH_N_WAY};
use crate::types::board::EkBoard;
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};

/// Edax's `SCORE_MAX`, the bound an entry gets on the side its store did not bound.
const SCORE_MAX: i8 = 64;
/// Edax's `NOMOVE`, as an entry's move.
const NO_MOVE: i8 = 65;

/// An entry's `EkHashData`, unpacked.
///
/// cbindgen:ignore
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Data {
    pub depth: u8,
    pub selectivity: u8,
    pub cost: u8,
    pub date: u8,
    pub lower: i8,
    pub upper: i8,
    pub moves: [i8; 2],
}

impl Data {
    /// Edax's `HASH_DATA_INIT`: what `hash_get` reports when the position is not there.
    ///
    /// cbindgen:ignore
    pub const INIT: Data =
        Data { depth: 0, selectivity: 0, cost: 0, date: 0, lower: -127, upper: 127, moves: [NO_MOVE, NO_MOVE] };

    /// The data from the 8 bytes of an `EkHashData`, read as one word.
    fn from_bits(v: u64) -> Data {
        let [depth, selectivity, cost, date, lower, upper, m0, m1] = v.to_ne_bytes();
        let s = |b: u8| b as i8;
        Data { depth, selectivity, cost, date, lower: s(lower), upper: s(upper), moves: [s(m0), s(m1)] }
    }

    /// The 8 bytes of the `EkHashData`, as one word.
    fn to_bits(self) -> u64 {
        let u = |b: i8| b as u8;
        let [m0, m1] = self.moves;
        u64::from_ne_bytes([
            self.depth,
            self.selectivity,
            self.cost,
            self.date,
            u(self.lower),
            u(self.upper),
            u(m0),
            u(m1),
        ])
    }

    /// Edax's `draft.u4` (little-endian): entries with the smallest are replaced first, so the
    /// oldest date, then the cheapest search, then the lowest selectivity and depth.
    pub(crate) fn draft_key(self) -> u32 {
        u32::from_le_bytes([self.depth, self.selectivity, self.cost, self.date])
    }

    /// Edax's `data_add_move`.
    fn add_move(&mut self, s: &Store) {
        if (s.score > s.alpha || s.score == -SCORE_MAX) && self.moves[0] != s.mv {
            self.moves = [s.mv, self.moves[0]];
        }
    }

    /// Edax's `data_new`: the entry of one store.
    fn new(s: &Store) -> Data {
        let mut d = Data {
            depth: s.depth,
            selectivity: s.selectivity,
            cost: s.cost,
            date: s.date,
            lower: if s.score > s.alpha { s.score } else { -SCORE_MAX },
            upper: if s.score < s.beta { s.score } else { SCORE_MAX },
            moves: [NO_MOVE, NO_MOVE],
        };
        d.add_move(s);
        d
    }

    /// Edax's `hash_reset` of an entry by the data `f` of `hash_feed`: the bounds narrow when
    /// the depth and selectivity are the same (the cost and date become `f`'s), else `f`
    /// replaces the data.
    fn fed(self, f: Data) -> Data {
        if (self.depth, self.selectivity) == (f.depth, f.selectivity) {
            Data { cost: f.cost, date: f.date, lower: self.lower.max(f.lower), upper: self.upper.min(f.upper), ..self }
        } else {
            f
        }
    }

    /// Edax's `hash_exclude_move`: move `mv` leaves the best moves, and the lower bound goes.
    fn without_move(mut self, mv: i32) -> Data {
        if i32::from(self.moves[0]) == mv {
            self.moves = [self.moves[1], NO_MOVE];
        } else if i32::from(self.moves[1]) == mv {
            self.moves[1] = NO_MOVE;
        }
        self.lower = -SCORE_MAX;
        self
    }

    /// The data of Edax's `HashData`.
    pub fn from_edax(d: &EkHashData) -> Data {
        // SAFETY: every field of the draft union is plain bytes.
        let u1 = unsafe { d.draft.u1 };
        let [m0, m1] = d.move_;
        Data {
            depth: u1.depth,
            selectivity: u1.selectivity,
            cost: u1.cost,
            date: u1.date,
            lower: d.lower,
            upper: d.upper,
            moves: [m0, m1],
        }
    }

    /// Edax's `HashData` of the data.
    pub fn to_edax(self) -> EkHashData {
        let u1 =
            EkHashDraftBytes { depth: self.depth, selectivity: self.selectivity, cost: self.cost, date: self.date };
        EkHashData { draft: EkHashDraft { u1 }, lower: self.lower, upper: self.upper, move_: self.moves }
    }

    /// Edax's `data_update` (same depth and selectivity: the bounds narrow) or `data_upgrade`
    /// (another search setting: the store's bounds replace them), then `data_new` when the
    /// bounds cross.
    fn merged(mut self, s: &Store) -> Data {
        if (self.depth, self.selectivity) == (s.depth, s.selectivity) {
            if s.score < s.beta && s.score < self.upper {
                self.upper = s.score;
            }
            if s.score > s.alpha && s.score > self.lower {
                self.lower = s.score;
            }
        } else {
            self.upper = if s.score < s.beta { s.score } else { SCORE_MAX };
            self.lower = if s.score > s.alpha { s.score } else { -SCORE_MAX };
            (self.depth, self.selectivity) = (s.depth, s.selectivity);
        }
        self.add_move(s);
        self.cost = self.cost.max(s.cost);
        self.date = s.date;
        if self.lower > self.upper {
            Data::new(s)
        } else {
            self
        }
    }
}

/// Edax's `HashStore`: the result of a search, with its draft.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Store {
    pub depth: u8,
    pub selectivity: u8,
    pub cost: u8,
    pub date: u8,
    pub alpha: i8,
    pub beta: i8,
    pub score: i8,
    pub mv: i8,
}

impl Store {
    /// The store of Edax's `HashStore`.
    pub fn from_edax(s: &EkHashStore) -> Store {
        // SAFETY: every field of the draft union is plain bytes.
        let u1 = unsafe { s.draft.u1 };
        Store {
            depth: u1.depth,
            selectivity: u1.selectivity,
            cost: u1.cost,
            date: u1.date,
            alpha: s.alpha,
            beta: s.beta,
            score: s.score,
            mv: s.move_,
        }
    }
}

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

    #[test]
    fn data_bits_are_the_struct_bytes() {
        let d = Data { depth: 12, selectivity: 5, cost: 9, date: 3, lower: -20, upper: 64, moves: [19, 65] };
        let mut raw = EkHashData { draft: EkHashDraft { u4: 0 }, lower: 0, upper: 0, move_: [0; 2] };
        // SAFETY: EkHashData is 8 plain bytes.
        unsafe { core::ptr::write(core::ptr::addr_of_mut!(raw).cast::<u64>(), d.to_bits()) };
        // SAFETY: every field of the union is plain bytes.
        let (bytes, u4) = unsafe { (raw.draft.u1, raw.draft.u4) };
        assert_eq!((bytes.depth, bytes.selectivity, bytes.cost, bytes.date), (12, 5, 9, 3));
        assert_eq!((raw.lower, raw.upper, raw.move_), (-20, 64, [19, 65]));
        assert_eq!(u4, d.draft_key());
        assert_eq!(Data::from_bits(d.to_bits()), d);
    }
}
