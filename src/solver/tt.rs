//! The solver's transposition table: exact bounds of positions already searched.
//!
//! Buckets of two 32-byte entries, one cache line each: the first entry keeps the position that
//! cost the most to search (most empty squares), the second is replaced on every store that
//! does not update an entry. An entry holds the whole position, so a probe never mistakes one
//! position for another, and bounds from earlier solves stay valid (an exact search has no
//! depth or selectivity): the table is kept across solves.

/// One position and what is known of its final score for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(32))]
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

/// `Entry::mv` when no move is known.
pub(crate) const NO_MOVE: u8 = 255;

/// A table of `2^bits` entries.
pub(crate) struct Table {
    entries: Box<[Entry]>,
    /// Bucket mask: an index & mask is the first entry of a bucket.
    mask: usize,
}

/// The smallest and largest table sizes, as `hash_bits`.
pub(crate) const MIN_BITS: i32 = 1;
pub(crate) const MAX_BITS: i32 = 32;

impl Table {
    /// A table of `2^bits` zeroed entries, or `None` when `bits` is out of range or the memory
    /// cannot be allocated.
    pub fn new(bits: i32) -> Option<Table> {
        if !(MIN_BITS..=MAX_BITS).contains(&bits) {
            return None;
        }
        let len = 1usize.checked_shl(bits as u32)?.max(2);
        let mut v = Vec::new();
        v.try_reserve_exact(len).ok()?;
        v.resize(len, Entry::default());
        Some(Table { entries: v.into_boxed_slice(), mask: len - 2 })
    }

    /// The bucket of a position.
    #[inline(always)]
    fn bucket(&self, p: u64, o: u64) -> usize {
        // A multiply-xor mix: the table needs no particular hash, only a spread of the bits.
        let h = (p.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ o.rotate_left(29).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)) >> 20;
        h as usize & self.mask
    }

    /// Hints the processor to load the bucket of (p, o).
    #[inline(always)]
    pub fn prefetch(&self, p: u64, o: u64) {
        let ptr = self.entries.as_ptr().wrapping_add(self.bucket(p, o));
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch never faults; `ptr` points into the table.
        unsafe {
            core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(ptr.cast())
        };
        #[cfg(not(target_arch = "x86_64"))]
        let _ = ptr;
    }

    /// The entry of (p, o), if stored.
    #[inline(always)]
    pub fn probe(&self, p: u64, o: u64) -> Option<Entry> {
        let b = self.bucket(p, o);
        // A bucket is always inside the table (`mask` keeps b + 2 <= len); `get` spares a panic path.
        let bucket = self.entries.get(b..b + 2)?;
        bucket.iter().find(|e| e.p == p && e.o == o && e.empties != 0).copied()
    }

    /// Records the result `score` of a search of (p, o) with `empties` empty squares on the
    /// window `(alpha, beta)`, and its best move.
    #[inline(always)]
    pub fn store(&mut self, p: u64, o: u64, empties: u32, (alpha, beta): (i32, i32), score: i32, mv: u8) {
        let b = self.bucket(p, o);
        let Some(bucket) = self.entries.get_mut(b..b + 2) else { return };
        let slot = match bucket.iter().position(|e| e.p == p && e.o == o && e.empties != 0) {
            Some(i) => i,
            None => {
                let new = Entry { p, o, lower: -64, upper: 64, mv: NO_MOVE, empties: empties as u8 };
                let [first, second] = bucket else { return };
                if first.empties as u32 <= empties {
                    *second = *first;
                    *first = new;
                    0
                } else {
                    *second = new;
                    1
                }
            }
        };
        let Some(e) = bucket.get_mut(slot) else { return };
        let score = score as i8;
        if score < beta as i8 {
            e.upper = e.upper.min(score);
        }
        // The move is the one that gave the best lower bound: a move known to reach `lower`.
        if score > alpha as i8 && (score >= e.lower || e.mv == NO_MOVE) {
            e.lower = score;
            e.mv = mv;
        } else if e.mv == NO_MOVE {
            e.mv = mv;
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }
}
