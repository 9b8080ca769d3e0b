//! The split points of YBWC ([`super::split`]): the slots that hold them, and the protocol by
//! which a master opens a slot and helpers join it.
//!
//! Everything a split point holds is an atomic: the master writes it before opening the slot
//! (a release store of the slot's word), the helpers read it after seeing the slot open.
//! A slot is reused only once no helper is in it: a helper counts itself in, then checks the
//! slot is still the one it saw open (state and generation); the master closes the slot, then
//! waits for that count to fall to zero (sequentially consistent, so one of the two sees the
//! other).

use super::order::MAX_MOVES;
use core::sync::atomic::{AtomicBool, AtomicI32, AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering::*};

/// Nodes with at least this many empty squares may become split points (below, a move costs
/// too little for the bookkeeping). Chosen by measurement (BENCHMARKS.md, "The solver on
/// every core").
pub(crate) const SPLIT_MIN_EMPTIES: u32 = 14;

/// The most split points a search can be under at once (deeper nodes do not split).
pub(crate) const MAX_CHAIN: usize = 16;

const FREE: u64 = 0;
const FILLING: u64 = 1;
const OPEN: u64 = 2;
const CLOSED: u64 = 3;

/// The split points a search is under, outermost first: slot indices.
#[derive(Clone, Copy, Default)]
pub(crate) struct Chain {
    slots: [u16; MAX_CHAIN],
    len: u8,
}

impl Chain {
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The chain with `slot` at the end (`None`: too deep).
    #[inline(always)]
    pub fn pushed(mut self, slot: u16) -> Option<Chain> {
        let room = self.slots.get_mut(self.len as usize)?;
        *room = slot;
        self.len += 1;
        Some(self)
    }

    #[inline(always)]
    fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.slots.iter().take(self.len as usize).copied()
    }
}

/// One split point: a node's remaining moves and what its searches found.
pub(crate) struct Slot {
    /// State (low 32 bits: FREE, FILLING, OPEN, CLOSED) and generation (high 32 bits).
    word: AtomicU64,
    /// Threads in the slot besides its master.
    helpers: AtomicU32,
    /// The node.
    p: AtomicU64,
    o: AtomicU64,
    empties: AtomicU32,
    /// Its remaining moves (squares), best first, and how many there are.
    moves: [AtomicU8; MAX_MOVES],
    len: AtomicU32,
    /// The next move to give out (may run past `len`).
    next: AtomicU32,
    /// The window: alpha rises with the scores found (a principal-variation node's), beta
    /// stays.
    alpha: AtomicI32,
    beta: AtomicI32,
    pv: AtomicBool,
    /// The best score and move so far, packed by [`pack`].
    best: AtomicU32,
    /// Set when a score reached beta: every search under the slot stops.
    cut: AtomicBool,
    /// Set when a move was taken and its search stopped before it ended: unless the slot was
    /// cut, its best score is no bound (the solve is being stopped).
    lost: AtomicBool,
    /// The split points above this one (the master's chain when it split).
    chain: [AtomicU16; MAX_CHAIN],
    chain_len: AtomicU8,
}

/// What a thread joining a split point searches: the node (p, o), its beta, whether it is a
/// principal-variation node, and how many moves it has.
pub(crate) struct SplitNode {
    pub node: (u64, u64),
    pub beta: i32,
    pub pv: bool,
    pub len: u32,
}

impl Slot {
    fn new() -> Slot {
        Slot {
            word: AtomicU64::new(FREE),
            helpers: AtomicU32::new(0),
            p: AtomicU64::new(0),
            o: AtomicU64::new(0),
            empties: AtomicU32::new(0),
            moves: [const { AtomicU8::new(0) }; MAX_MOVES],
            len: AtomicU32::new(0),
            next: AtomicU32::new(0),
            alpha: AtomicI32::new(0),
            beta: AtomicI32::new(0),
            pv: AtomicBool::new(false),
            best: AtomicU32::new(0),
            cut: AtomicBool::new(false),
            lost: AtomicBool::new(false),
            chain: [const { AtomicU16::new(0) }; MAX_CHAIN],
            chain_len: AtomicU8::new(0),
        }
    }

    /// Fills the slot its master took (generation `gen`) with the node (p, o) of `n` empty
    /// squares, its remaining `moves`, its window (alpha, beta, a principal-variation node if
    /// `pv`), the best score and move of its first move, and the master's chain `own`; then
    /// opens it to the helpers.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn open(
        &self,
        gen: u64,
        (p, o): (u64, u64),
        n: u32,
        moves: impl Iterator<Item = u8>,
        (alpha, beta, pv): (i32, i32, bool),
        best: (i32, u8),
        own: &Chain,
    ) {
        self.p.store(p, Relaxed);
        self.o.store(o, Relaxed);
        self.empties.store(n, Relaxed);
        let mut len = 0;
        for x in moves {
            if let Some(room) = self.moves.get(len) {
                room.store(x, Relaxed);
                len += 1;
            }
        }
        self.len.store(len as u32, Relaxed);
        self.next.store(0, Relaxed);
        self.alpha.store(alpha.max(best.0), Relaxed);
        self.beta.store(beta, Relaxed);
        self.pv.store(pv, Relaxed);
        self.best.store(pack(best.0, best.1), Relaxed);
        self.cut.store(false, Relaxed);
        self.lost.store(false, Relaxed);
        for (dst, src) in self.chain.iter().zip(own.slots.iter()) {
            dst.store(*src, Relaxed);
        }
        self.chain_len.store(own.len, Relaxed);
        self.word.store(gen << 32 | OPEN, Release);
    }

    /// Gives back the slot its master took but did not open.
    #[inline(always)]
    pub fn give_back(&self, gen: u64) {
        self.word.store(gen << 32 | FREE, Release);
    }

    /// Closes the slot: no helper joins it any more.
    #[inline(always)]
    pub fn close(&self, gen: u64) {
        self.word.store(gen << 32 | CLOSED, SeqCst);
    }

    /// Whether helpers are still in the closed slot.
    #[inline(always)]
    pub fn has_helpers(&self) -> bool {
        self.helpers.load(SeqCst) != 0
    }

    /// The best score and move found, once no helper is in the slot.
    #[inline(always)]
    pub fn found(&self) -> (i32, u8) {
        unpack(self.best.load(Acquire))
    }

    /// Whether a move's search was stopped while the slot was not cut.
    #[inline(always)]
    pub fn lost_uncut(&self) -> bool {
        self.lost.load(Relaxed) && !self.cut.load(Relaxed)
    }

    /// Frees the slot for the next split point (the next generation).
    #[inline(always)]
    pub fn free(&self, gen: u64) {
        self.word.store((gen + 1) << 32 | FREE, Release);
    }

    /// Counts a helper in if the slot is still the one whose word was `w`: whether it is.
    #[inline(always)]
    pub fn enter(&self, w: u64) -> bool {
        self.helpers.fetch_add(1, SeqCst);
        if self.word.load(SeqCst) != w {
            self.helpers.fetch_sub(1, SeqCst);
            return false;
        }
        true
    }

    /// Counts a helper out.
    #[inline(always)]
    pub fn leave(&self) {
        self.helpers.fetch_sub(1, Release);
    }

    /// What a thread in the slot searches.
    #[inline(always)]
    pub fn node(&self) -> SplitNode {
        let node = (self.p.load(Relaxed), self.o.load(Relaxed));
        let (beta, pv) = (self.beta.load(Relaxed), self.pv.load(Relaxed));
        SplitNode { node, beta, pv, len: self.len.load(Relaxed) }
    }

    /// Whether a score reached beta.
    #[inline(always)]
    pub fn is_cut(&self) -> bool {
        self.cut.load(Relaxed)
    }

    /// The next move to search, if any is left of the `len` moves.
    #[inline(always)]
    pub fn next_move(&self, len: u32) -> Option<u8> {
        let i = self.next.fetch_add(1, Relaxed);
        self.moves.get(i as usize).filter(|_| i < len).map(|x| x.load(Relaxed))
    }

    /// The alpha to search the next move with.
    #[inline(always)]
    pub fn alpha(&self) -> i32 {
        self.alpha.load(Relaxed)
    }

    /// Records that a move's search was stopped before it ended.
    #[inline(always)]
    pub fn lose(&self) {
        self.lost.store(true, Relaxed);
    }

    /// Merges the score of the move `x`: whether it reached `beta` (the slot is then cut).
    #[inline(always)]
    pub fn merge(&self, score: i32, x: u8, beta: i32) -> bool {
        // Only a higher score replaces the best: a move failing low on alpha can return a
        // bound equal to the best score, and is not a best move.
        let _ = self.best.fetch_update(Relaxed, Relaxed, |b| (unpack(b).0 < score).then_some(pack(score, x)));
        if score >= beta {
            self.cut.store(true, Relaxed);
            return true;
        }
        self.alpha.fetch_max(score, Relaxed);
        false
    }

    /// Whether it still has moves to give out.
    #[inline(always)]
    fn has_work(&self) -> bool {
        self.next.load(Relaxed) < self.len.load(Relaxed) && !self.cut.load(Relaxed)
    }

    /// Its chain with itself at the end (`None`: too deep).
    #[inline(always)]
    pub fn chain_below(&self, me: u16) -> Option<Chain> {
        let mut c = Chain::default();
        let len = (self.chain_len.load(Relaxed) as usize).min(MAX_CHAIN);
        for (dst, src) in c.slots.iter_mut().zip(self.chain.iter()).take(len) {
            *dst = src.load(Relaxed);
        }
        c.len = len as u8;
        c.pushed(me)
    }

    /// Whether this split point is under the split point in slot `me`.
    #[inline(always)]
    pub fn is_under(&self, me: u16) -> bool {
        let len = (self.chain_len.load(Relaxed) as usize).min(MAX_CHAIN);
        self.chain.iter().take(len).any(|c| c.load(Relaxed) == me)
    }
}

/// A score and a move in one word.
#[inline(always)]
fn pack(score: i32, x: u8) -> u32 {
    (((score + 128) as u32) << 8) | u32::from(x)
}

#[inline(always)]
fn unpack(w: u32) -> (i32, u8) {
    ((w >> 8) as i32 - 128, w as u8)
}

/// The split points of one solve, and how many threads wait for work.
pub(crate) struct Pool {
    slots: Box<[Slot]>,
    /// Threads looking for a split point to join.
    pub idle: AtomicU32,
}

impl Pool {
    /// Room for `threads` threads (each can be the master of several nested split points).
    pub fn new(threads: u32) -> Pool {
        let n = (threads as usize * 8).clamp(16, 1024);
        Pool { slots: (0..n).map(|_| Slot::new()).collect(), idle: AtomicU32::new(0) }
    }

    /// Whether a search under `chain` is to stop: a split point of it was cut.
    #[inline(always)]
    pub fn cut_above(&self, chain: &Chain) -> bool {
        chain.iter().any(|i| self.slots.get(i as usize).is_some_and(|s| s.cut.load(Relaxed)))
    }

    /// A free slot, taken for its master to fill: its index, the slot and its generation.
    #[inline(always)]
    pub fn take(&self) -> Option<(u16, &Slot, u64)> {
        self.slots.iter().enumerate().find_map(|(i, slot)| {
            let w = slot.word.load(Relaxed);
            let taken = w as u32 as u64 == FREE
                && slot.word.compare_exchange(w, (w & !0xFFFF_FFFF) | FILLING, Acquire, Relaxed).is_ok();
            taken.then_some((i as u16, slot, w >> 32))
        })
    }

    /// The slot `i`.
    #[inline(always)]
    pub fn slot(&self, i: u16) -> Option<&Slot> {
        self.slots.get(i as usize)
    }

    /// The open split point with work nearest the root that `filter` accepts, and its word.
    #[inline(always)]
    pub fn find(&self, filter: impl Fn(&Slot) -> bool) -> Option<(u16, u64)> {
        let mut found: Option<(u16, u64, u32)> = None;
        for (i, s) in self.slots.iter().enumerate() {
            let w = s.word.load(Acquire);
            if w as u32 as u64 != OPEN || !s.has_work() || !filter(s) {
                continue;
            }
            let e = s.empties.load(Relaxed);
            if found.is_none_or(|f| e > f.2) {
                found = Some((i as u16, w, e));
            }
        }
        found.map(|(i, w, _)| (i, w))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::tt::NO_MOVE;

    #[test]
    fn packed_scores_unpack() {
        for a in -65..=64 {
            for x in [0, 17, 63, NO_MOVE] {
                assert_eq!(unpack(pack(a, x)), (a, x));
            }
        }
    }

    #[test]
    fn a_chain_holds_sixteen_split_points() {
        let mut c = Some(Chain::default());
        for i in 0..MAX_CHAIN as u16 {
            c = c.and_then(|c| c.pushed(i));
        }
        let c = c.expect("sixteen fit");
        assert!(c.iter().any(|s| s == 3) && !c.iter().any(|s| s == 16));
        assert!(c.pushed(16).is_none());
    }
}
