//! Edax 4.6's transposition-table layout, for `hash_prefetch`.
//!
//! The structs match Edax's `HashDraft`, `HashData`, `Hash` and `HashTable` field for field
//! (default build: no collision or statistics counters, little-endian), so a pointer to an
//! Edax `HashTable` can be passed as is.

use crate::board::EkBoard;
use core::ffi::c_void;

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

/// Edax's `Hash`: one entry of the table.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct EkHash {
    /// The position.
    pub board: EkBoard,
    /// Its data.
    pub data: EkHashData,
}

/// Edax's `HashTable`.
#[repr(C)]
pub struct EkHashTable {
    /// The entries (`n_hash + HASH_N_WAY + 1` of them in Edax).
    pub hash: *mut EkHash,
    /// Edax's spin locks (`SpinLock *`), not used here.
    pub spin: *mut c_void,
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
    let last = first.wrapping_add(HASH_N_WAY - 1);
    cfg_if::cfg_if! {
        if #[cfg(target_arch = "x86_64")] {
            use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            // SAFETY: SSE is part of the x86-64 baseline, and a prefetch of any address,
            // valid or not, has no architectural effect.
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(first as *const i8);
                _mm_prefetch::<_MM_HINT_T0>(last as *const i8);
            }
        } else {
            let _ = (first, last);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
    }
}
