//! Young brothers wait (YBWC): the other way the threads of one solve can share the work.
//!
//! One thread (the master) searches from the root. A node with at least
//! [`SPLIT_MIN_EMPTIES`] empty squares whose first move did not cut, while some thread is
//! idle, becomes a split point: its remaining moves go into a slot of the [`Pool`], and the
//! idle threads join it, each taking the next move, searching it with its own [`Search`] on
//! the shared table, and merging its score. A score at or above the node's beta cuts: the
//! slot's `cut` flag stops every search under it (each node looks at the flags of the split
//! points above it, its chain). The master waits for the threads under its split point
//! before it returns, helping them meanwhile (it joins split points below its own).
//!
//! Everything a split point holds is an atomic: the master writes it before opening the slot
//! (a release store of the slot's word), the helpers read it after seeing the slot open.
//! A slot is reused only once no helper is in it: a helper counts itself in, then checks the
//! slot is still the one it saw open (state and generation); the master closes the slot, then
//! waits for that count to fall to zero (sequentially consistent, so one of the two sees the
//! other).

use super::order::{MoveList, MAX_MOVES};
use super::search::{Level, Search};
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

    #[inline(always)]
    fn pushed(mut self, slot: u16) -> Option<Chain> {
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

    /// Whether it still has moves to give out.
    #[inline(always)]
    fn has_work(&self) -> bool {
        self.next.load(Relaxed) < self.len.load(Relaxed) && !self.cut.load(Relaxed)
    }

    /// Its chain with itself at the end (`None`: too deep).
    #[inline(always)]
    fn chain_below(&self, me: u16) -> Option<Chain> {
        let mut c = Chain::default();
        let len = (self.chain_len.load(Relaxed) as usize).min(MAX_CHAIN);
        for (dst, src) in c.slots.iter_mut().zip(self.chain.iter()).take(len) {
            *dst = src.load(Relaxed);
        }
        c.len = len as u8;
        c.pushed(me)
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

    /// The open split point with work nearest the root that `filter` accepts, and its word.
    #[inline(always)]
    fn find(&self, filter: impl Fn(&Slot) -> bool) -> Option<(u16, u64)> {
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

/// Searches the remaining moves of the node (p, o) (`n` empty squares, window (alpha, beta),
/// a principal-variation node if `pv`) with the idle threads, once its first move gave
/// `best`: returns the node's best score and move, or `None` when no split point could be
/// made (nothing taken from `list`: the caller goes on alone).
#[inline(always)]
pub(crate) fn split<K: Level>(
    s: &mut Search,
    (p, o): (u64, u64),
    list: &mut MoveList,
    (alpha, beta, pv): (i32, i32, bool),
    n: u32,
    best: (i32, u8),
) -> Option<(i32, u8)> {
    let pool = s.pool()?;
    if pool.idle.load(Relaxed) == 0 || list.is_empty() {
        return None;
    }
    let own = s.chain;
    // A free slot, taken.
    let (me, slot, gen) = pool.slots.iter().enumerate().find_map(|(i, slot)| {
        let w = slot.word.load(Relaxed);
        let taken = w as u32 as u64 == FREE
            && slot.word.compare_exchange(w, (w & !0xFFFF_FFFF) | FILLING, Acquire, Relaxed).is_ok();
        taken.then_some((i as u16, slot, w >> 32))
    })?;
    let Some(chain) = own.pushed(me) else {
        slot.word.store(gen << 32 | FREE, Release);
        return None;
    };
    slot.p.store(p, Relaxed);
    slot.o.store(o, Relaxed);
    slot.empties.store(n, Relaxed);
    let mut len = 0;
    while let Some(m) = list.next_best() {
        if let Some(room) = slot.moves.get(len) {
            room.store(m.x, Relaxed);
            len += 1;
        }
    }
    slot.len.store(len as u32, Relaxed);
    slot.next.store(0, Relaxed);
    slot.alpha.store(alpha.max(best.0), Relaxed);
    slot.beta.store(beta, Relaxed);
    slot.pv.store(pv, Relaxed);
    slot.best.store(pack(best.0, best.1), Relaxed);
    slot.cut.store(false, Relaxed);
    slot.lost.store(false, Relaxed);
    for (dst, src) in slot.chain.iter().zip(own.slots.iter()) {
        dst.store(*src, Relaxed);
    }
    slot.chain_len.store(own.len, Relaxed);
    slot.word.store(gen << 32 | OPEN, Release);

    s.chain = chain;
    s.recheck();
    work::<K>(s, slot);
    slot.word.store(gen << 32 | CLOSED, SeqCst);
    // Help the threads still under this split point until they are done (counted idle, so
    // that they split their nodes for it).
    if slot.helpers.load(SeqCst) != 0 {
        help_until::<K>(s, pool, |below| in_chain(below, me), || slot.helpers.load(SeqCst) == 0);
    }
    let found = unpack(slot.best.load(Acquire));
    // A move whose search was stopped, under a split point not cut: by a cut above this one
    // (seen here: this search stops too), or else by the solve's stop.
    let lost = slot.lost.load(Relaxed) && !slot.cut.load(Relaxed) && !pool.cut_above(&own);
    slot.word.store((gen + 1) << 32 | FREE, Release);
    s.chain = own;
    s.halt_if(lost);
    s.recheck();
    Some(found)
}

/// A helper thread's work: joins split points until `done` is set (the root is searched).
#[inline(always)]
pub(crate) fn help<K: Level>(s: &mut Search, done: &AtomicBool) {
    if let Some(pool) = s.pool() {
        help_until::<K>(s, pool, |_| true, || done.load(Relaxed));
    }
}

/// Joins the open split points `joinable` accepts, one after the other, until `finished()`;
/// counted idle meanwhile (but while in one), so that threads split their nodes for it.
#[inline(always)]
fn help_until<K: Level>(s: &mut Search, pool: &Pool, joinable: impl Fn(&Slot) -> bool, finished: impl Fn() -> bool) {
    pool.idle.fetch_add(1, Relaxed);
    let mut waits = 0u32;
    while !finished() {
        match pool.find(&joinable) {
            Some((i, w)) => {
                pool.idle.fetch_sub(1, Relaxed);
                join::<K>(s, i, w);
                pool.idle.fetch_add(1, Relaxed);
                waits = 0;
            }
            None if waits < 1 << 10 => {
                waits += 1;
                core::hint::spin_loop();
            }
            // More threads than cores: let the thread waited for run.
            None => yield_cpu(),
        }
    }
    pool.idle.fetch_sub(1, Relaxed);
}

/// Gives the core to another thread: the standard library's code, behind the threads' boundary
/// ([`super::threads::cold`], where the checks of the machine code stop; reached only after a
/// thousand waits, when there are more threads than cores).
#[inline(always)]
fn yield_cpu() {
    super::threads::cold(&mut std::thread::yield_now);
}

/// Whether the split point `below` is under the split point `me`.
#[inline(always)]
fn in_chain(below: &Slot, me: u16) -> bool {
    let len = (below.chain_len.load(Relaxed) as usize).min(MAX_CHAIN);
    below.chain.iter().take(len).any(|c| c.load(Relaxed) == me)
}

/// Joins the split point in slot `i` if it is still the one whose word was `w`, and works on
/// it.
#[inline(always)]
fn join<K: Level>(s: &mut Search, i: u16, w: u64) {
    let Some(slot) = s.pool().and_then(|pool| pool.slots.get(i as usize)) else {
        return;
    };
    slot.helpers.fetch_add(1, SeqCst);
    if slot.word.load(SeqCst) != w {
        slot.helpers.fetch_sub(1, SeqCst);
        return;
    }
    let own = s.chain;
    if let Some(chain) = slot.chain_below(i) {
        s.chain = chain;
        s.recheck();
        work::<K>(s, slot);
        s.chain = own;
        s.recheck();
    }
    slot.helpers.fetch_sub(1, Release);
}

/// Takes the split point's moves one at a time and searches them, until none is left, a score
/// cuts, or the search is stopped.
#[inline(always)]
fn work<K: Level>(s: &mut Search, slot: &Slot) {
    let (p, o) = (slot.p.load(Relaxed), slot.o.load(Relaxed));
    let (beta, pv) = (slot.beta.load(Relaxed), slot.pv.load(Relaxed));
    let len = slot.len.load(Relaxed);
    while !s.stopped && !slot.cut.load(Relaxed) {
        let i = slot.next.fetch_add(1, Relaxed);
        let Some(x) = slot.moves.get(i as usize).filter(|_| i < len).map(|x| x.load(Relaxed)) else {
            return;
        };
        let f = K::flip(x as usize, p, o);
        let (np, no) = (o ^ f, p ^ f ^ (1 << x));
        let alpha = slot.alpha.load(Relaxed);
        let mut score = -K::nws(s, np, no, -alpha - 1);
        if pv && score > alpha && score < beta && !s.stopped {
            score = -K::pvs(s, np, no, -beta, -score);
        }
        if s.stopped {
            slot.lost.store(true, Relaxed);
            return;
        }
        // Only a higher score replaces the best: a move failing low on alpha can return a
        // bound equal to the best score, and is not a best move.
        let _ = slot.best.fetch_update(Relaxed, Relaxed, |b| (unpack(b).0 < score).then_some(pack(score, x)));
        if score >= beta {
            slot.cut.store(true, Relaxed);
            return;
        }
        slot.alpha.fetch_max(score, Relaxed);
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
