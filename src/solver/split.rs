//! Young brothers wait (YBWC): the other way the threads of one solve can share the work.
//!
//! One thread (the master) searches from the root. A node with at least
//! [`SPLIT_MIN_EMPTIES`](super::pool::SPLIT_MIN_EMPTIES) empty squares whose first move did not
//! cut, while some thread is idle, becomes a split point: its remaining moves go into a slot of
//! the [`Pool`], and the idle threads join it, each taking the next move, searching it with its
//! own [`Search`] on the shared table, and merging its score. A score at or above the node's
//! beta cuts: the slot's cut flag stops every search under it (each node looks at the flags of
//! the split points above it, its chain). The master waits for the threads under its split
//! point before it returns, helping them meanwhile (it joins split points below its own). The
//! slots and how threads share them are [`super::pool`]'s.

use super::order::MoveList;
use super::pool::{Pool, Slot};
use super::search_state::{Level, Search};
use super::threads::cold;
use core::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Searches the remaining moves of the node (p, o) (`n` empty squares, window (alpha, beta),
/// a principal-variation node if `pv`) with the idle threads, once its first move gave
/// `best`: returns the node's best score and move, or `None` when no split point could be
/// made (nothing taken from `list`: the caller goes on alone).
#[inline(always)]
pub(crate) fn split<K: Level>(
    s: &mut Search,
    node: (u64, u64),
    list: &mut MoveList,
    window: (i32, i32, bool),
    n: u32,
    best: (i32, u8),
) -> Option<(i32, u8)> {
    let pool = s.pool()?;
    if pool.idle.load(Relaxed) == 0 || list.is_empty() {
        return None;
    }
    let own = s.chain;
    let (me, slot, gen) = pool.take()?;
    let Some(chain) = own.pushed(me) else {
        slot.give_back(gen);
        return None;
    };
    let moves = core::iter::from_fn(|| list.next_best().map(|m| m.x));
    slot.open(gen, node, n, moves, window, best, &own);

    s.chain = chain;
    s.recheck();
    work::<K>(s, slot);
    slot.close(gen);
    // Help the threads still under this split point until they are done (counted idle, so
    // that they split their nodes for it).
    if slot.has_helpers() {
        help_until::<K>(s, pool, |below| below.is_under(me), || !slot.has_helpers());
    }
    let found = slot.found();
    // A move whose search was stopped, under a split point not cut: by a cut above this one
    // (seen here: this search stops too), or else by the solve's stop.
    let lost = slot.lost_uncut() && !pool.cut_above(&own);
    slot.free(gen);
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
/// ([`cold`], where the checks of the machine code stop; reached only after a thousand waits,
/// when there are more threads than cores).
#[inline(always)]
fn yield_cpu() {
    cold(&mut std::thread::yield_now);
}

/// Joins the split point in slot `i` if it is still the one whose word was `w`, and works on
/// it.
#[inline(always)]
fn join<K: Level>(s: &mut Search, i: u16, w: u64) {
    let Some(slot) = s.pool().and_then(|pool| pool.slot(i)) else {
        return;
    };
    if !slot.enter(w) {
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
    slot.leave();
}

/// Takes the split point's moves one at a time and searches them, until none is left, a score
/// cuts, or the search is stopped.
#[inline(always)]
fn work<K: Level>(s: &mut Search, slot: &Slot) {
    let node = slot.node();
    let ((p, o), beta) = (node.node, node.beta);
    while !s.stopped && !slot.is_cut() {
        let Some(x) = slot.next_move(node.len) else {
            return;
        };
        let f = K::flip(x as usize, p, o);
        let (np, no) = (o ^ f, p ^ f ^ (1 << x));
        let alpha = slot.alpha();
        let mut score = -K::nws(s, np, no, -alpha - 1);
        if node.pv && score > alpha && score < beta && !s.stopped {
            score = -K::pvs(s, np, no, -beta, -score);
        }
        if s.stopped {
            slot.lose();
            return;
        }
        if slot.merge(score, x, beta) {
            return;
        }
    }
}
