//! Edax's eval.dat weights: parsing, and the process-wide published weights.
//!
//! The weights are **unpacked** as Edax's `eval_open` does: one table per ply and colour, indexed
//! by the unpacked feature (the feature plus its group's start), so that an evaluation reads each
//! of its 47 weights with one independent load (61 x 2 x 262,366 int16: 64 MB; Edax: 55 MB). Unpacking goes through two shared
//! index tables (one per colour: 2 MB in all), built from the pattern symmetries exactly as
//! Edax's `unpack`: `table(ply, colour)[feature]` is the value Edax's
//! `EVAL_WEIGHT[ply][colour][feature]` holds.

use super::patterns::{Shape, CONSTANT, FEATURE_BASE, N_FEATURES, N_PACKED, N_PLIES, N_UNPACKED, SHAPES};
use super::table::Table;
use crate::types::board::EkBoard;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::{Mutex, OnceLock};

/// Why a file or buffer is not loadable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// The file cannot be opened or read.
    Io(String),
    /// The EDAX/EVAL header is missing (in both byte orders).
    NotEdax,
    /// The data is not exactly a header and 61 plies of weights.
    Size {
        /// The size found.
        found: usize,
    },
    /// The memory for the weights cannot be allocated.
    NoMemory,
}

/// Size of a valid eval.dat: the 28-byte header and 61 plies of packed int16 weights.
///
/// cbindgen:ignore
pub const EVAL_FILE_SIZE: usize = 28 + N_PLIES * N_PACKED * 2;

const EDAX: u32 = 0x4544_4158;
const EVAL: u32 = 0x4556_414C;

/// Loaded weights, immutable once published.
pub struct Weights {
    /// `INDEX_LEN` weights per ply and colour, ply by ply, colour 0 first.
    unpacked: Table<i16, { N_PLIES * 2 * INDEX_LEN }>,
    /// Version, release and build fields of the header.
    pub version: [u32; 3],
}

impl Weights {
    /// The weights of `ply` (0..=60; larger plies give ply 60's) for `colour` (0: the features'
    /// player is the side to move; only bit 0 is used), one per unpacked feature.
    #[inline(always)]
    pub(crate) fn table(&self, ply: usize, colour: usize) -> &[i16; INDEX_LEN] {
        let start = (ply.min(N_PLIES - 1) * 2 + (colour & 1)) * INDEX_LEN;
        self.unpacked[start..start + INDEX_LEN].try_into().expect("INDEX_LEN weights per table")
    }

    /// Parses an eval.dat image: header EDAX/EVAL in either byte order, version fields, then
    /// 61 plies of 114,364 int16, nothing more.
    pub fn parse(data: &[u8]) -> Result<Weights, LoadError> {
        let word = |i: usize| data.get(4 * i..4 * i + 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        let swap = match (word(0), word(1)) {
            (Some(EDAX), Some(EVAL)) => false,
            (Some(e), Some(v)) if e == EDAX.swap_bytes() && v == EVAL.swap_bytes() => true,
            _ => return Err(LoadError::NotEdax),
        };
        if data.len() != EVAL_FILE_SIZE {
            return Err(LoadError::Size { found: data.len() });
        }
        let field = |i: usize| word(i).map_or(0, |w| if swap { w.swap_bytes() } else { w });
        let index = index_tables().ok_or(LoadError::NoMemory)?;
        let mut unpacked = Table::zeroed().ok_or(LoadError::NoMemory)?;
        // One ply's packed weights, then the zero weight of the indexes no pattern uses.
        let mut packed = vec![0i16; N_PACKED + 1];
        for (ply, out) in unpacked.chunks_exact_mut(2 * INDEX_LEN).enumerate() {
            let record = &data[28 + ply * N_PACKED * 2..28 + (ply + 1) * N_PACKED * 2];
            for (w, b) in packed.iter_mut().zip(record.chunks_exact(2)) {
                let v = i16::from_le_bytes([b[0], b[1]]);
                *w = if swap { v.swap_bytes() } else { v };
            }
            for (colour, table) in out.chunks_exact_mut(INDEX_LEN).enumerate() {
                for (w, &i) in table.iter_mut().zip(index.get(colour).iter()) {
                    *w = packed[i as usize];
                }
            }
        }
        Ok(Weights { unpacked, version: [field(2), field(3), field(4)] })
    }
}

/// Length of an index table and of a weight table: any 16-bit feature value of any group is a
/// valid index, so no lookup needs a bounds check; indexes past the patterns give the zero weight.
///
/// cbindgen:ignore
pub const INDEX_LEN: usize = super::patterns::GROUP_BASE[4] as usize + 65536;

/// `INDEX[colour][u]`: the packed position (at most `N_PACKED`, the zero weight) of the weight
/// of unpacked index `u` for colour `colour` (0: the features' player is the side to move),
/// the two colours one after the other.
struct IndexTables(Table<u32, { 2 * INDEX_LEN }>);

impl IndexTables {
    /// Colour `colour & 1`'s table.
    fn get(&self, colour: usize) -> &[u32; INDEX_LEN] {
        let colour = colour & 1;
        self.0[colour * INDEX_LEN..(colour + 1) * INDEX_LEN].try_into().expect("INDEX_LEN entries")
    }
}

/// Powers of 3 up to the largest pattern (10 squares).
const POW3: [u32; 11] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 59049];

/// Fills both colours' entries of one pattern shape. Configurations `l` are visited in order
/// with their base-3 digits kept in an odometer (digit i = (l / 3^i) % 3), from which come the
/// configuration seen through the pattern's own symmetry (Edax's `player_feature`: digit
/// `sym[i]` moves to place i) and the one with the colours exchanged (Edax's
/// `opponent_feature`: digits 0 and 1 swap). A configuration and its mirror share one packed
/// weight, ranked in order of first appearance, as Edax's `unpack` does.
fn fill_shape(shape: &Shape, index: &mut [u32]) {
    let n = shape.n as usize;
    let size = POW3[n];
    let mut rank = vec![0u32; size as usize];
    let mut digit = [0u8; 10];
    let mut next = 0;
    for l in 0..size {
        let (mut mirrored, mut opponent) = (0, 0);
        for i in 0..n {
            mirrored += digit[shape.sym[i] as usize] as u32 * POW3[i];
            opponent += [1, 0, 2][digit[i] as usize] * POW3[i];
        }
        rank[l as usize] = if mirrored < l {
            rank[mirrored as usize]
        } else {
            next += 1;
            next - 1
        };
        let packed = shape.packed + rank[l as usize];
        index[(shape.unpacked + l) as usize] = packed;
        index[INDEX_LEN + (shape.unpacked + opponent) as usize] = packed;
        for d in digit[..n].iter_mut() {
            if *d == 2 {
                *d = 0;
            } else {
                *d += 1;
                break;
            }
        }
    }
}

/// The index tables, built for each parse (a few milliseconds, then freed); `None` when their
/// 2 MB cannot be allocated.
fn index_tables() -> Option<IndexTables> {
    let mut index = Table::zeroed()?;
    index.fill(N_PACKED as u32);
    for shape in &SHAPES {
        fill_shape(shape, &mut index[..]);
    }
    for colour in index.chunks_exact_mut(INDEX_LEN) {
        colour[CONSTANT.0 as usize] = CONSTANT.1;
        debug_assert_eq!(colour[N_UNPACKED - 1], N_PACKED as u32);
    }
    Some(IndexTables(index))
}

/// Number of packed int16 weights of one ply in an eval.dat file (the file holds 61 plies).
///
/// cbindgen:ignore
pub const PACKED_WEIGHTS: usize = N_PACKED;

/// Where each of the 47 features of `board` reads its weight in one ply's [`PACKED_WEIGHTS`]
/// packed weights of an eval.dat file, the side to move being the features' player (colour 0).
///
/// For every ply `p` of a file, the evaluation of `board` at that ply for colour 0 (Edax's
/// `eval_accumulate` after `eval_set(board)`: `Weights::accumulate(k, &features(board), p, 0)`)
/// is `packed_indexes(board).iter().map(|&i| w[p][i]).sum()`, `w[p]` being the ply's packed
/// weights as the file stores them: a linear model over these indexes is what the file can
/// hold. Indexes repeat when features share a weight (mirror-image configurations share one);
/// the last feature is the constant one, always at index `PACKED_WEIGHTS - 1`. Every index is
/// below `PACKED_WEIGHTS` unless the bitboards overlap, when a feature may index
/// `PACKED_WEIGHTS` itself, the zero weight no file stores.
///
/// The first call builds the unpacking tables (2 MB, kept for the process) and panics
/// if their memory cannot be allocated.
pub fn packed_indexes(board: &EkBoard) -> [u32; N_FEATURES] {
    static INDEX: OnceLock<IndexTables> = OnceLock::new();
    let index = INDEX.get_or_init(|| index_tables().expect("memory for the index tables")).get(0);
    let f = super::features_of(board);
    core::array::from_fn(|i| index[FEATURE_BASE.0[i] as usize + f.v[i] as usize])
}

/// The published weights (null before the first successful load).
static ACTIVE: AtomicPtr<Weights> = AtomicPtr::new(core::ptr::null_mut());

/// Every weight set ever published. They are never freed: an evaluation running in another
/// thread may still read the previous set. Loading the same data again reuses its set, so
/// only distinct files cost memory.
static LOADED: Mutex<Vec<&'static Weights>> = Mutex::new(Vec::new());

/// The weights in use, if any.
#[inline(always)]
pub fn active() -> Option<&'static Weights> {
    // SAFETY: ACTIVE only ever holds null or a leaked, never freed, immutable Weights.
    unsafe { ACTIVE.load(Ordering::Acquire).as_ref() }
}

/// Parses `data` and makes it the weights in use. Loads are serialised: concurrent callers
/// with the same data load it once. On error nothing changes.
pub fn publish(data: &[u8]) -> Result<&'static Weights, LoadError> {
    let weights = Weights::parse(data)?;
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    let w = match loaded.iter().find(|w| *w.unpacked == *weights.unpacked && w.version == weights.version) {
        Some(w) => *w,
        None => {
            let w: &'static Weights = Box::leak(Box::new(weights));
            loaded.push(w);
            w
        }
    };
    ACTIVE.store(w as *const Weights as *mut Weights, Ordering::Release);
    super::sigma::set();
    Ok(w)
}

/// Reads a file and publishes its weights (see [`publish`]).
pub fn publish_file(path: &std::path::Path) -> Result<&'static Weights, LoadError> {
    let data = std::fs::read(path).map_err(|e| LoadError::Io(format!("{}: {e}", path.display())))?;
    publish(&data)
}

/// Stops using any weights (Edax's `eval_close`); they stay in memory, see [`LOADED`].
pub fn unpublish() {
    ACTIVE.store(core::ptr::null_mut(), Ordering::Release);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::{portable::PortablePrims, Prims};

    /// xorshift64.
    fn next(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    /// Every position of a few random games, passes included, then some random (overlapping)
    /// bitboard pairs.
    fn positions(s: &mut u64) -> Vec<EkBoard> {
        let mut out = Vec::new();
        for _ in 0..40 {
            let mut b = EkBoard::START;
            loop {
                out.push(b);
                let moves = PortablePrims::get_moves(b.player, b.opponent);
                if moves == 0 {
                    if PortablePrims::get_moves(b.opponent, b.player) == 0 {
                        break;
                    }
                    b = b.swapped();
                    continue;
                }
                let mut m = moves;
                for _ in 0..next(s) % moves.count_ones() as u64 {
                    m &= m - 1;
                }
                let x = m.trailing_zeros() as usize;
                b = b.next(x as i32, PortablePrims::flip(x, b.player, b.opponent));
            }
        }
        out.extend((0..200).map(|_| EkBoard::new(next(s), next(s))));
        out
    }

    /// For random weights in an eval.dat image, the sum of the packed weights that
    /// `packed_indexes` names is the evaluation of the loaded file, at every ply.
    #[test]
    fn packed_indexes_sum_to_the_evaluation() {
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let mut file = Vec::with_capacity(EVAL_FILE_SIZE);
        for w in [EDAX, EVAL, 4, 6, 0, 0, 0] {
            file.extend_from_slice(&w.to_le_bytes());
        }
        // Each ply's weights, and the zero weight that overlapping bitboards may index.
        let packed: Vec<Vec<i16>> =
            (0..N_PLIES).map(|_| (0..N_PACKED).map(|_| next(&mut s) as i16 >> 4).chain([0]).collect()).collect();
        for w in packed.iter().flat_map(|p| &p[..N_PACKED]) {
            file.extend_from_slice(&w.to_le_bytes());
        }
        let weights = Weights::parse(&file).expect("a valid image");
        for b in positions(&mut s) {
            let idx = packed_indexes(&b);
            assert_eq!(idx[N_FEATURES - 1], N_PACKED as u32 - 1, "the constant feature");
            let valid = b.player & b.opponent == 0;
            assert!(!valid || idx.iter().all(|&i| (i as usize) < N_PACKED), "{b:?}");
            let f = crate::eval::features_of(&b);
            let empties = (!(b.player | b.opponent)).count_ones() as usize;
            for ply in [60usize.saturating_sub(empties), 0, 30, 60] {
                let sum: i32 = idx.iter().map(|&i| packed[ply][i as usize] as i32).sum();
                assert_eq!(sum, crate::eval::accumulate_scalar(&f, weights.table(ply, 0)), "{b:?} at ply {ply}");
            }
        }
    }
}
