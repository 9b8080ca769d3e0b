//! The solver's transposition table: exact bounds of positions already searched, shared by the
//! threads of a solve.
//!
//! Buckets of two entries, one cache line each: the first entry keeps the position that cost
//! the most to search (most empty squares), the second is replaced on every store that does not
//! update an entry. An entry holds the whole position, so a probe never mistakes one position
//! for another, and bounds from earlier solves stay valid (an exact search has no depth or
//! selectivity): the table is kept across solves.
//!
//! Each bucket is a sequence lock: a store takes it (odd count) or, when another thread holds
//! it, gives up (a lost store only loses knowledge); a probe reads the bucket between two reads
//! of the count and trusts it only when they are equal and even. So a probe never sees half of
//! one store, and every bound read is one that a search proved.

use core::sync::atomic::{fence, AtomicU64, Ordering::*};

/// One position and what is known of its final score for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    pub p: u64,
    pub o: u64,
    /// The score is at least `lower` and at most `upper`.
    pub lower: i8,
    pub upper: i8,
    /// The best move found (a square), or `NO_MOVE`.
    pub mv: u8,
    /// Empty squares of the position (0 marks an unused entry: such positions are not stored).
    pub empties: u8,
}

impl Entry {
    #[inline(always)]
    fn data(&self) -> u64 {
        u64::from_le_bytes([self.lower as u8, self.upper as u8, self.mv, self.empties, 0, 0, 0, 0])
    }

    #[inline(always)]
    fn from_words(p: u64, o: u64, d: u64) -> Entry {
        let [lower, upper, mv, empties, ..] = d.to_le_bytes();
        Entry { p, o, lower: lower as i8, upper: upper as i8, mv, empties }
    }
}

/// `Entry::mv` when no move is known.
pub(crate) const NO_MOVE: u8 = 255;

/// Two entries (position and packed bounds) under one sequence count: one cache line.
#[derive(Default)]
#[repr(C, align(64))]
struct Bucket {
    seq: AtomicU64,
    /// Per entry: player, opponent, [`Entry::data`].
    words: [[AtomicU64; 3]; 2],
}

/// What [`Table::bucket`] would give for an index outside the table, which it never computes.
static UNREACHED: Bucket = Bucket { seq: AtomicU64::new(1), words: [const { [const { AtomicU64::new(0) }; 3] }; 2] };

/// A table of `2^bits` entries.
pub(crate) struct Table {
    buckets: Box<[Bucket]>,
    mask: usize,
}

/// The smallest and largest table sizes, as `hash_bits`.
pub(crate) const MIN_BITS: i32 = 1;
pub(crate) const MAX_BITS: i32 = 32;

impl Table {
    /// A table of `2^bits` empty entries (32 bytes each), or `None` when `bits` is out of range
    /// or the memory cannot be allocated.
    pub fn new(bits: i32) -> Option<Table> {
        if !(MIN_BITS..=MAX_BITS).contains(&bits) {
            return None;
        }
        let len = 1usize.checked_shl(bits as u32 - 1)?;
        let mut v: Vec<Bucket> = Vec::new();
        v.try_reserve_exact(len).ok()?;
        crate::types::memory::advise_huge_pages(v.as_ptr().cast(), len * core::mem::size_of::<Bucket>());
        v.resize_with(len, Bucket::default);
        Some(Table { buckets: v.into_boxed_slice(), mask: len - 1 })
    }

    /// The bucket of a position.
    #[inline(always)]
    fn bucket(&self, p: u64, o: u64) -> &Bucket {
        // A multiply-xor mix: the table needs no particular hash, only a spread of the bits.
        let h = (p.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ o.rotate_left(29).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)) >> 21;
        // `mask` < len, so `get` always finds it; it only keeps a panic path out of the C entries.
        self.buckets.get(h as usize & self.mask).unwrap_or(&UNREACHED)
    }

    /// Hints the processor to load the bucket of (p, o).
    #[inline(always)]
    pub fn prefetch(&self, p: u64, o: u64) {
        let ptr: *const Bucket = self.bucket(p, o);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch never faults; `ptr` points into the table.
        unsafe {
            core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(ptr.cast())
        };
        #[cfg(not(target_arch = "x86_64"))]
        let _ = ptr;
    }

    /// The entry of (p, o), if stored (and not being stored by another thread just now).
    #[inline(always)]
    pub fn probe(&self, p: u64, o: u64) -> Option<Entry> {
        let b = self.bucket(p, o);
        let seq = b.seq.load(Acquire);
        let mut found = None;
        for [wp, wo, wd] in &b.words {
            if wp.load(Relaxed) == p && wo.load(Relaxed) == o {
                found = Some(wd.load(Relaxed));
            }
        }
        // The reads above happen before the count is read again.
        fence(Acquire);
        if seq & 1 != 0 || b.seq.load(Relaxed) != seq {
            return None;
        }
        found.map(|d| Entry::from_words(p, o, d)).filter(|e| e.empties != 0)
    }

    /// Records the result `score` of a search of (p, o) with `empties` empty squares on the
    /// window `(alpha, beta)`, and its best move (nothing when another thread holds the bucket).
    #[inline(always)]
    pub fn store(&self, p: u64, o: u64, empties: u32, (alpha, beta): (i32, i32), score: i32, mv: u8) {
        let b = self.bucket(p, o);
        let seq = b.seq.load(Relaxed);
        if seq & 1 != 0 || b.seq.compare_exchange(seq, seq + 1, Acquire, Relaxed).is_err() {
            return;
        }
        // The writes below happen after the odd count is visible.
        fence(Release);
        let [first, second] = &b.words;
        let read = |w: &[AtomicU64; 3]| Entry::from_words(w[0].load(Relaxed), w[1].load(Relaxed), w[2].load(Relaxed));
        let write = |w: &[AtomicU64; 3], e: &Entry| {
            w[0].store(e.p, Relaxed);
            w[1].store(e.o, Relaxed);
            w[2].store(e.data(), Relaxed);
        };
        let (e1, e2) = (read(first), read(second));
        let same = |e: &Entry| e.p == p && e.o == o && e.empties != 0;
        let (slot, mut e) = if same(&e1) {
            (first, e1)
        } else if same(&e2) {
            (second, e2)
        } else {
            let new = Entry { p, o, lower: -64, upper: 64, mv: NO_MOVE, empties: empties as u8 };
            if e1.empties as u32 <= empties {
                write(second, &e1);
                (first, new)
            } else {
                (second, new)
            }
        };
        let score8 = score as i8;
        if score < beta {
            e.upper = e.upper.min(score8);
        }
        // The move is the one that gave the best lower bound: a move known to reach `lower`.
        if score > alpha && (score8 >= e.lower || e.mv == NO_MOVE) {
            e.lower = score8;
            e.mv = mv;
        } else if e.mv == NO_MOVE {
            e.mv = mv;
        }
        write(slot, &e);
        b.seq.store(seq + 2, Release);
    }

    /// Records `mv` as the move to try first at (p, o), with `empties` empty squares, when no
    /// move is known there yet; the bounds stay as they are (a hint proves nothing).
    #[inline(always)]
    pub fn hint(&self, p: u64, o: u64, empties: u32, mv: u8) {
        // An empty window (alpha 64, beta -64) makes `store` change no bound and keep a move
        // already known.
        self.store(p, o, empties, (64, -64), 0, mv);
    }

    /// Forgets every entry (no solve may be running).
    pub fn clear(&mut self) {
        for b in self.buckets.iter_mut() {
            *b = Bucket::default();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_merge_bounds_and_keep_the_costlier_position_first() {
        let t = Table::new(1).unwrap();
        t.store(1, 2, 20, (-64, 64), 10, 5);
        assert_eq!(t.probe(1, 2), Some(Entry { p: 1, o: 2, lower: 10, upper: 10, mv: 5, empties: 20 }));
        t.store(3, 4, 10, (0, 1), 0, 7);
        t.store(5, 6, 12, (0, 1), 1, 8);
        // One bucket: (1, 2) kept (most empties), (5, 6) replaced (3, 4).
        assert!(t.probe(1, 2).is_some() && t.probe(3, 4).is_none());
        assert_eq!(t.probe(5, 6), Some(Entry { p: 5, o: 6, lower: 1, upper: 64, mv: 8, empties: 12 }));
        t.store(5, 6, 12, (2, 3), -3, 9);
        assert_eq!(t.probe(5, 6), Some(Entry { p: 5, o: 6, lower: 1, upper: -3, mv: 8, empties: 12 }));
    }

    #[test]
    fn a_hint_gives_a_move_and_no_bound() {
        let t = Table::new(4).unwrap();
        t.hint(1, 2, 20, 7);
        assert_eq!(t.probe(1, 2), Some(Entry { p: 1, o: 2, lower: -64, upper: 64, mv: 7, empties: 20 }));
        t.store(1, 2, 20, (0, 1), 3, 9);
        t.hint(1, 2, 20, 11);
        assert_eq!(t.probe(1, 2), Some(Entry { p: 1, o: 2, lower: 3, upper: 64, mv: 9, empties: 20 }));
    }

    #[test]
    fn the_memory_is_advised_for_huge_pages() {
        let t = Table::new(21).unwrap();
        crate::types::memory::assert_advised(
            "solver::tt: the table is advised for huge pages",
            t.buckets.as_ptr().cast(),
            t.buckets.len() * 64,
        );
    }

    #[test]
    fn a_held_bucket_is_neither_read_nor_written() {
        let t = Table::new(1).unwrap();
        t.store(1, 2, 20, (-64, 64), 10, 5);
        t.buckets[0].seq.fetch_add(1, Relaxed);
        assert_eq!(t.probe(1, 2), None);
        t.store(1, 2, 20, (-64, 64), 11, 6);
        t.buckets[0].seq.fetch_add(1, Relaxed);
        assert_eq!(t.probe(1, 2).map(|e| e.lower), Some(10));
    }
}
