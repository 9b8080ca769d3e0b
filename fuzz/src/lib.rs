//! What the fuzz targets check (`fuzz_targets/`), and how they read their input.
//!
//! [`check`] runs every kernel of every instruction-set level this CPU supports, directly
//! ([`Kernels`]) and through the `ek_` C ABI with that level active, and requires the portable
//! level's results; it also checks the documented properties of those results (naive oracles
//! for flips and moves, the lazy cut-off of `board_score_1`, the unique board, bad arguments
//! of the C ABI), and the batch calls against the single-board ones. [`eval_loader`] checks
//! the eval.dat loader and the evaluation, [`solver`] the endgame leaf search and the solver.
//! Any failure panics, which libFuzzer reports as a crash.

use edax_kernels::ffi::api::*;
use edax_kernels::ffi::batch_api::*;
use edax_kernels::{EkBoard, EkHashTable, EkPerftStats, Isa, Kernels, UniqueBoard};
use std::cell::Cell;
use std::ffi::CString;
use std::sync::OnceLock;

pub mod bases;
pub mod eval_loader;
pub mod solver;

/// The naive oracles of the Rust tests (the module allows its unused parts).
#[path = "../../tests/common/mod.rs"]
mod common;

/// One call of every kernel: a board (any bit patterns) and the other arguments.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// The board; player and opponent may overlap.
    pub board: EkBoard,
    /// A square argument: any value (out-of-range squares have a defined result).
    pub x: i32,
    /// `board_score_1`'s beta: any value.
    pub beta: i32,
    /// A symmetry argument: any value (the C ABI rejects values outside 0..=7).
    pub s: i32,
    /// Perft depth: keep it small on boards with many empty squares.
    pub depth: i32,
}

/// Every kernel's result for one case.
#[derive(Debug, PartialEq)]
struct Outputs {
    /// `flip`, `board_next` and `count_last_flip` (player, opponent) at `x`, then at `x & 63`.
    flip: [u64; 2],
    next: [(u64, EkBoard); 2],
    last_flip: [[i32; 2]; 2],
    /// `board_score_1` and `board_score_1_exact` at `x`, then at `x & 63`.
    score_1: [[i32; 2]; 2],
    moves: u64,
    can_move: bool,
    mobility: [i32; 3],
    stability: [i32; 3],
    hash: u64,
    symmetry: EkBoard,
    unique: UniqueBoard,
    bit_count: [i32; 2],
    perft: EkPerftStats,
}

fn outputs(k: &Kernels, c: &Case) -> Outputs {
    let (b, p, o) = (c.board, c.board.player, c.board.opponent);
    let squares = [c.x, c.x & 63];
    let next = |x: i32| {
        let out = Cell::new(EkBoard::default());
        (k.board_next(&Cell::new(b), x, &out), out.get())
    };
    Outputs {
        flip: squares.map(|x| k.flip(x, p, o)),
        next: squares.map(next),
        last_flip: squares.map(|x| [k.count_last_flip(x, p), k.count_last_flip(x, o)]),
        score_1: squares.map(|x| [k.board_score_1(p, o, c.beta, x), k.board_score_1_exact(p, o, x)]),
        moves: k.get_moves(p, o),
        can_move: k.can_move(p, o),
        mobility: [k.get_mobility(p, o), k.get_weighted_mobility(p, o), k.get_potential_mobility(p, o)],
        stability: [k.get_stability(p, o), k.get_edge_stability(p, o), k.get_corner_stability(p)],
        hash: k.hash_code(&b),
        symmetry: k.symmetry(b, c.s),
        unique: k.unique(b),
        bit_count: [k.bit_count(p), k.bit_count(o)],
        perft: k.perft(b, c.depth),
    }
}

/// The levels this CPU supports, with their names for `ek_set_isa`.
fn levels() -> &'static [(&'static Kernels, CString)] {
    static LEVELS: OnceLock<Vec<(&'static Kernels, CString)>> = OnceLock::new();
    LEVELS.get_or_init(|| {
        Isa::ALL.into_iter().filter_map(|isa| Some((isa.kernels()?, CString::new(isa.name()).ok()?))).collect()
    })
}

/// Checks every kernel on `c`, on every level, directly and through the C ABI.
pub fn check(c: &Case) {
    let portable = Isa::Portable.kernels().expect("portable is always supported");
    let want = outputs(portable, c);
    check_properties(portable, c, &want);
    for (k, name) in levels() {
        if k.isa() != Isa::Portable {
            assert_eq!(outputs(k, c), want, "{:?} differs from portable on {c:?}", k.isa());
        }
        // SAFETY: a NUL-terminated level name.
        assert_eq!(unsafe { ek_set_isa(name.as_ptr()) }, EK_OK);
        check_c_abi(c, &want, k.isa());
    }
}

/// The documented properties of the portable results.
fn check_properties(k: &Kernels, c: &Case, out: &Outputs) {
    let (b, p, o) = (c.board, c.board.player, c.board.opponent);
    for (i, x) in [c.x, c.x & 63].into_iter().enumerate() {
        let want = if (0..64).contains(&x) { common::naive_flip(x as u32, p, o) } else { 0 };
        assert_eq!(out.flip[i], want, "flip({x}) against the naive flip on {c:?}");
        let placed = if (0..64).contains(&x) { 1 << x } else { 0 };
        assert_eq!(out.next[i], (want, EkBoard::new(o ^ want, p ^ (want | placed))), "board_next({x}) on {c:?}");
        // Edax's lazy cut-off: below beta the score is exact, else between beta and it.
        let [lazy, exact] = out.score_1[i];
        assert!(lazy == exact || (c.beta <= lazy && lazy <= exact), "board_score_1({x}) {lazy} vs {exact} on {c:?}");
    }
    assert_eq!(out.moves, common::naive_moves(p, o), "moves against the naive moves on {c:?}");
    assert_eq!(out.can_move, out.moves != 0);
    let corners = (out.moves & 0x8100_0000_0000_0081).count_ones() as i32;
    assert_eq!(out.mobility[..2], [out.moves.count_ones() as i32, out.moves.count_ones() as i32 + corners]);
    assert_eq!(out.bit_count, [p.count_ones() as i32, o.count_ones() as i32]);
    assert!((0..8).contains(&out.unique.symmetry));
    assert_eq!(k.symmetry(b, out.unique.symmetry), out.unique.board, "unique's symmetry on {c:?}");
    let smallest = (0..8).map(|s| k.symmetry(b, s)).min().expect("8 symmetries");
    assert_eq!(out.unique.board, smallest, "unique is not the smallest symmetric board on {c:?}");
}

/// The `ek_` functions with the level `isa` active give the kernels' results, and reject bad
/// pointers and symmetries as documented.
fn check_c_abi(c: &Case, want: &Outputs, isa: Isa) {
    let (b, p, o, x) = (c.board, c.board.player, c.board.opponent, c.x);
    let ctx = |what: &str| format!("{what} with {isa:?} active on {c:?}");
    assert_eq!(ek_flip(x, p, o), want.flip[0], "{}", ctx("ek_flip"));
    assert_eq!(ek_count_last_flip(x, p), want.last_flip[0][0], "{}", ctx("ek_count_last_flip"));
    assert_eq!(ek_get_moves(p, o), want.moves, "{}", ctx("ek_get_moves"));
    assert_eq!(ek_can_move(p, o), want.can_move, "{}", ctx("ek_can_move"));
    let mobility = [ek_get_mobility(p, o), ek_get_weighted_mobility(p, o), ek_get_potential_mobility(p, o)];
    assert_eq!(mobility, want.mobility, "{}", ctx("mobility"));
    let stability = [ek_get_stability(p, o), ek_get_edge_stability(p, o), ek_get_corner_stability(p)];
    assert_eq!(stability, want.stability, "{}", ctx("stability"));
    assert_eq!([ek_bit_count(p), ek_bit_count(o)], want.bit_count, "{}", ctx("ek_bit_count"));
    assert_eq!(ek_perft(p, o, c.depth), want.perft.nodes, "{}", ctx("ek_perft"));
    assert_eq!(ek_perft_terminal(p, o, c.depth), want.perft.nodes_terminal, "{}", ctx("ek_perft_terminal"));

    let mut out = EkBoard::new(!p, !o);
    let mut stats = EkPerftStats::default();
    // SAFETY: every pointer is NULL or points to a live local of the right type.
    unsafe {
        assert_eq!(ek_board_flip(&b, x), want.flip[0], "{}", ctx("ek_board_flip"));
        assert_eq!(ek_board_flip(core::ptr::null(), x), 0);
        assert_eq!((ek_board_next(&b, x, &mut out), out), want.next[0], "{}", ctx("ek_board_next"));
        let mut in_place = b;
        let f = ek_board_next(&in_place, x, &mut in_place);
        assert_eq!((f, in_place), want.next[0], "{}", ctx("ek_board_next in place"));
        let before = out;
        assert_eq!(ek_board_next(core::ptr::null(), x, &mut out), 0);
        assert_eq!(ek_board_next(&b, x, core::ptr::null_mut()), 0);
        assert_eq!(out, before, "{}", ctx("ek_board_next wrote with a NULL board"));

        let score = [ek_board_score_1(&b, c.beta, x), ek_board_score_1_exact(&b, x)];
        assert_eq!(score, want.score_1[0], "{}", ctx("ek_board_score_1"));
        assert_eq!(ek_board_score_1(core::ptr::null(), c.beta, x), EK_SCORE_NONE);
        assert_eq!(ek_board_get_hash_code(&b), want.hash, "{}", ctx("ek_board_get_hash_code"));

        let before = out;
        let status = ek_board_symetry(&b, c.s, &mut out);
        if (0..8).contains(&c.s) {
            assert_eq!((status, out), (EK_OK, want.symmetry), "{}", ctx("ek_board_symetry"));
        } else {
            assert_eq!((status, out), (EK_ERR_RANGE, before), "{}", ctx("ek_board_symetry out of range"));
        }
        let s = ek_board_unique(&b, &mut out);
        assert_eq!((s, out), (want.unique.symmetry, want.unique.board), "{}", ctx("ek_board_unique"));

        assert_eq!(ek_perft_stats(p, o, c.depth, &mut stats), EK_OK);
        assert_eq!(stats, want.perft, "{}", ctx("ek_perft_stats"));

        // A prefetch never faults: the table's entries may point anywhere.
        let table = EkHashTable {
            hash: p as usize as *mut _,
            spin: core::ptr::null_mut(),
            n_hash: 0,
            hash_mask: o,
            spin_mask: 0,
            n_spin: 0,
            date: 0,
        };
        ek_hash_prefetch(&table, want.hash);
        ek_hash_prefetch(core::ptr::null(), want.hash);
    }
    check_batches(c, isa);
}

/// The batch calls with the level `isa` active, on 11 boards made from the case's (rotated
/// bitboards, so that the vector loops end with a partial vector), against the single-board
/// calls.
fn check_batches(c: &Case, isa: Isa) {
    const N: usize = 11;
    let (p, o) = (c.board.player, c.board.opponent);
    let xs: [i32; N] = std::array::from_fn(|i| if i % 4 == 0 { c.x } else { c.x.wrapping_add(i as i32 * 9) & 63 });
    let ps: [u64; N] = std::array::from_fn(|i| p.rotate_left(i as u32 * 7));
    let os: [u64; N] = std::array::from_fn(|i| if i % 3 == 2 { o } else { o.rotate_left(i as u32 * 7) });
    let ctx = |what: &str| format!("{what} with {isa:?} active on {c:?}");
    let (mut u1, mut u2, mut i1) = ([0u64; N], [0u64; N], [0i32; N]);
    // SAFETY: every array holds N elements.
    unsafe {
        assert_eq!(ek_flip_batch(N, xs.as_ptr(), ps.as_ptr(), os.as_ptr(), u1.as_mut_ptr()), EK_OK);
        assert_eq!(u1, std::array::from_fn(|i| ek_flip(xs[i], ps[i], os[i])), "{}", ctx("ek_flip_batch"));
        assert_eq!(
            ek_board_next_batch(N, xs.as_ptr(), ps.as_ptr(), os.as_ptr(), u1.as_mut_ptr(), u2.as_mut_ptr()),
            EK_OK
        );
        for i in 0..N {
            let mut next = EkBoard::default();
            ek_board_next(&EkBoard::new(ps[i], os[i]), xs[i], &mut next);
            assert_eq!((u1[i], u2[i]), (next.player, next.opponent), "{}", ctx("ek_board_next_batch"));
        }
        assert_eq!(ek_count_last_flip_batch(N, xs.as_ptr(), ps.as_ptr(), i1.as_mut_ptr()), EK_OK);
        assert_eq!(
            i1,
            std::array::from_fn(|i| ek_count_last_flip(xs[i], ps[i])),
            "{}",
            ctx("ek_count_last_flip_batch")
        );
        assert_eq!(ek_get_moves_batch(N, ps.as_ptr(), os.as_ptr(), u1.as_mut_ptr()), EK_OK);
        assert_eq!(u1, std::array::from_fn(|i| ek_get_moves(ps[i], os[i])), "{}", ctx("ek_get_moves_batch"));
        assert_eq!(ek_get_mobility_batch(N, ps.as_ptr(), os.as_ptr(), i1.as_mut_ptr()), EK_OK);
        assert_eq!(i1, std::array::from_fn(|i| ek_get_mobility(ps[i], os[i])), "{}", ctx("ek_get_mobility_batch"));
        assert_eq!(ek_get_stability_batch(N, ps.as_ptr(), os.as_ptr(), i1.as_mut_ptr()), EK_OK);
        assert_eq!(i1, std::array::from_fn(|i| ek_get_stability(ps[i], os[i])), "{}", ctx("ek_get_stability_batch"));
        assert_eq!(ek_board_get_hash_code_batch(N, ps.as_ptr(), os.as_ptr(), u1.as_mut_ptr()), EK_OK);
        let hashes: [u64; N] = std::array::from_fn(|i| ek_board_get_hash_code(&EkBoard::new(ps[i], os[i])));
        assert_eq!(u1, hashes, "{}", ctx("ek_board_get_hash_code_batch"));
    }
}

/// Reads a fuzz input as little-endian fields; past its end every byte reads as 0.
pub struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    /// A reader of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Reader(data)
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        self.0
    }

    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0; N];
        let n = N.min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        out
    }

    /// The next byte.
    pub fn u8(&mut self) -> u8 {
        self.bytes::<1>()[0]
    }

    /// The next 4 bytes.
    pub fn i32(&mut self) -> i32 {
        i32::from_le_bytes(self.bytes())
    }

    /// The next 8 bytes.
    pub fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.bytes())
    }
}

/// The positions of the game whose moves the input's bytes choose, from the start: each byte
/// picks one of the legal moves (byte modulo their number); a side without a move passes; the
/// game ends at its end or at the input's. Yields each position with the byte read there.
pub fn game(data: &[u8]) -> impl Iterator<Item = (EkBoard, u8)> + '_ {
    let k = Isa::Portable.kernels().expect("portable is always supported");
    let mut reader = Reader::new(data);
    let mut board = Some(EkBoard::START);
    std::iter::from_fn(move || {
        let b = board.take()?;
        if reader.is_empty() {
            return None;
        }
        let choice = reader.u8();
        let moves = k.get_moves(b.player, b.opponent);
        board = if moves != 0 {
            let x = nth_bit(moves, choice as u32 % moves.count_ones());
            Some(b.next(x, k.flip(x, b.player, b.opponent)))
        } else if k.can_move(b.opponent, b.player) {
            Some(b.swapped())
        } else {
            None
        };
        Some((b, choice))
    })
}

/// The index of the `n`-th set bit of `b` (lowest first); 64 when `b` has fewer bits.
pub fn nth_bit(mut b: u64, n: u32) -> i32 {
    for _ in 0..n {
        b &= b.wrapping_sub(1);
    }
    b.trailing_zeros() as i32
}
