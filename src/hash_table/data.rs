//! An entry's data as Edax's table functions read and change it (`Data`: `HashData` unpacked),
//! and a search's result as they store it (`Store`: `HashStore`), with Edax's rules for merging
//! them.

use super::{EkHashData, EkHashDraft, EkHashDraftBytes, EkHashStore};

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
    pub(super) fn from_bits(v: u64) -> Data {
        let [depth, selectivity, cost, date, lower, upper, m0, m1] = v.to_ne_bytes();
        let s = |b: u8| b as i8;
        Data { depth, selectivity, cost, date, lower: s(lower), upper: s(upper), moves: [s(m0), s(m1)] }
    }

    /// The 8 bytes of the `EkHashData`, as one word.
    pub(super) fn to_bits(self) -> u64 {
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
    pub(super) fn new(s: &Store) -> Data {
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
    pub(super) fn fed(self, f: Data) -> Data {
        if (self.depth, self.selectivity) == (f.depth, f.selectivity) {
            Data { cost: f.cost, date: f.date, lower: self.lower.max(f.lower), upper: self.upper.min(f.upper), ..self }
        } else {
            f
        }
    }

    /// Edax's `hash_exclude_move`: move `mv` leaves the best moves, and the lower bound goes.
    pub(super) fn without_move(mut self, mv: i32) -> Data {
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
    pub(super) fn merged(mut self, s: &Store) -> Data {
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

#[cfg(test)]
mod tests {
    use super::*;

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
