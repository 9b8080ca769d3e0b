//! Edax 4.6's transposition table: its layout, `hash_prefetch`, and `hash_get`, `hash_store`,
//! `hash_force`, `hash_feed` and `hash_exclude_move`.
//!
//! The structs match Edax's `HashDraft`, `HashData`, `HashStore`, `Hash`, `SpinLock` and `HashTable` field
//! for field (default build: no collision or statistics counters, little-endian), so a pointer
//! to an Edax `HashTable` can be passed as is. Probes and stores follow Edax's protocol (an
//! entry is compared without a lock, then read or changed under a lock), with one change, so
//! that threads can share the table: the lock is the entry's, not the bucket's (buckets
//! overlap; `probe.rs` says why, RELIABILITY.md how it was found).

mod busy;
mod data;
mod owned;
mod probe;

pub(crate) use busy::BusyTable;

pub(crate) use data::{Data, Store};
pub(crate) use owned::OwnedTable;
pub(crate) use probe::{clear, exclude_move, feed, force, get, store};

use crate::types::board::EkBoard;
use core::ffi::c_int;
use core::mem::size_of;

/// Ways of one bucket (Edax's `HASH_N_WAY`).
///
/// cbindgen:ignore
pub const HASH_N_WAY: usize = 4;

/// The draft fields of Edax's `HashDraft` union, one byte each.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EkHashDraftBytes {
    /// Search depth.
    pub depth: u8,
    /// Search selectivity.
    pub selectivity: u8,
    /// Search cost.
    pub cost: u8,
    /// Entry age.
    pub date: u8,
}

/// The draft fields of Edax's `HashDraft` union, gathered in pairs.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EkHashDraftPairs {
    /// Depth and selectivity.
    pub depth_selectivity: u16,
    /// Cost and date.
    pub cost_date: u16,
}

/// Edax's `HashDraft`: the search setting of an entry, seen three ways.
#[repr(C)]
#[derive(Clone, Copy)]
pub union EkHashDraft {
    /// One byte per field.
    pub u1: EkHashDraftBytes,
    /// Two fields per half-word.
    pub u2: EkHashDraftPairs,
    /// The whole draft as one integer.
    pub u4: u32,
}

/// Edax's `HashData`: what an entry stores about a position.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct EkHashData {
    /// Search setting.
    pub draft: EkHashDraft,
    /// Lower bound of the score.
    pub lower: i8,
    /// Upper bound of the score.
    pub upper: i8,
    /// The two best moves.
    pub move_: [i8; 2],
}

/// Edax's `HashStore`: the result of a search, as `hash_store` and `hash_force` record it.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct EkHashStore {
    /// Search setting (the date is the entry's new date).
    pub draft: EkHashDraft,
    /// Lower end of the search window.
    pub alpha: i8,
    /// Upper end of the search window.
    pub beta: i8,
    /// The score found (fail-soft).
    pub score: i8,
    /// The best move found.
    pub move_: i8,
}

/// Edax's `Hash`: one entry of the table.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct EkHash {
    /// The position.
    pub board: EkBoard,
    /// Its data.
    pub data: EkHashData,
}

/// Edax's `SpinLock`: 0 when free, 1 when held.
#[repr(C)]
#[derive(Debug, Default)]
pub struct EkSpinLock {
    /// The lock word (C11 `atomic_int` in Edax).
    pub lock: c_int,
}

/// Edax's `HashTable`.
#[repr(C)]
pub struct EkHashTable {
    /// The entries: `hash_mask + HASH_N_WAY + 1` of them (Edax allocates that many).
    pub hash: *mut EkHash,
    /// The locks: `spin_mask + 1` of them. The library locks the entry at index `i` of `hash`
    /// with `spin[i & spin_mask]` (Edax's hash.c locks a bucket with `spin[hash_code & spin_mask]`).
    pub spin: *mut EkSpinLock,
    /// Number of entries.
    pub n_hash: u64,
    /// Mask applied to a hash code to get the first entry of its bucket.
    pub hash_mask: u64,
    /// Mask for the lock index.
    pub spin_mask: u32,
    /// Number of locks.
    pub n_spin: u32,
    /// Current date.
    pub date: u8,
}

/// Prefetches the first and the last entry of the bucket of `hash_code` (Edax's
/// `hash_prefetch`). Prefetching never faults, whatever the address.
#[inline]
pub(crate) fn prefetch(table: &EkHashTable, hash_code: u64) {
    let first = table.hash.wrapping_add((hash_code & table.hash_mask) as usize);
    prefetch_lines(first.cast(), [0, (HASH_N_WAY - 1) * size_of::<EkHash>()]);
}

/// Prefetches the lines of the bytes at these offsets from `base`.
#[inline(always)]
fn prefetch_lines<const N: usize>(base: *const u8, offsets: [usize; N]) {
    for off in offsets {
        let at = base.wrapping_add(off);
        cfg_if::cfg_if! {
            if #[cfg(target_arch = "x86_64")] {
                use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                // SAFETY: SSE is part of the x86-64 baseline, and a prefetch of any address,
                // valid or not, has no architectural effect.
                unsafe { _mm_prefetch::<_MM_HINT_T0>(at.cast()) };
            } else {
                let _ = at;
            }
        }
    }
}
