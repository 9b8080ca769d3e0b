//! Instruction-set levels, their kernel tables, and the run-time dispatch between them.
//!
//! Each level is one module exposing one [`Kernels`] table; the compiler checks that every
//! table fills every entry with the right signature. The active table is chosen once, on the
//! first kernel call (or by [`set_active`]), and copied into one atomic function pointer per
//! kernel: a call costs one load and one indirect jump. Entries use the C calling convention,
//! so that an `extern "C"` export can jump straight to them.

use crate::board::{EkBoard, UniqueBoard};
use crate::eval::weights::INDEX_LEN;
use crate::eval::{EkEval, EkEvalFeature, EkMove};
use crate::generic::perft::EkPerftStats;
use crate::hash_table::EkHashTable;
use crate::solver::{EkSolveResult, EkSolver};
use batch::{BatchIn, BatchOut};
use core::cell::Cell;
use core::ffi::c_int;
use std::sync::atomic::{AtomicPtr, AtomicU8, Ordering::Relaxed};
use std::sync::{Mutex, Once, OnceLock};

#[macro_use]
mod entries;
pub(crate) mod batch;
mod portable;
#[cfg(test)]
pub(crate) use portable::PortablePrims;
cfg_if::cfg_if! {
    if #[cfg(target_arch = "x86_64")] {
        mod avx2;
        mod avx512;
        mod sse2;
        mod x86;
    }
}

/// An instruction-set level, from the lowest to the highest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Isa {
    /// Plain `u64` code for any target.
    Portable = 0,
    /// x86-64 baseline: SSE2.
    Sse2 = 1,
    /// x86-64-v3: AVX2, BMI1/2, LZCNT, POPCNT, SSE4.2 (CRC32).
    Avx2 = 2,
    /// x86-64-v4 plus AVX-512 CD: AVX-512 F/VL/BW/DQ/CD on top of the AVX2 level.
    Avx512 = 3,
}

impl Isa {
    /// Every level, lowest first.
    pub const ALL: [Isa; 4] = [Isa::Portable, Isa::Sse2, Isa::Avx2, Isa::Avx512];

    /// The level's name, as accepted by `EDAX_KERNELS_ISA`.
    pub const fn name(self) -> &'static str {
        match self {
            Isa::Portable => "portable",
            Isa::Sse2 => "sse2",
            Isa::Avx2 => "avx2",
            Isa::Avx512 => "avx512",
        }
    }

    /// The level with that name.
    pub fn from_name(name: &str) -> Option<Isa> {
        Isa::ALL.into_iter().find(|isa| isa.name() == name)
    }

    /// Whether this CPU can run the level.
    pub fn is_available(self) -> bool {
        self.kernels().is_some()
    }

    /// The highest level this CPU can run.
    pub fn best() -> Isa {
        Isa::ALL.into_iter().rev().find(|isa| isa.is_available()).unwrap_or(Isa::Portable)
    }

    /// The level's kernels, or `None` when this CPU cannot run them.
    pub fn kernels(self) -> Option<&'static Kernels> {
        cfg_if::cfg_if! {
            if #[cfg(target_arch = "x86_64")] {
                match self {
                    Isa::Portable => Some(&portable::KERNELS),
                    Isa::Sse2 => Some(&sse2::KERNELS),
                    Isa::Avx2 => avx2::supported().then_some(&avx2::KERNELS),
                    Isa::Avx512 => avx512::supported().then_some(&avx512::KERNELS),
                }
            } else {
                match self {
                    Isa::Portable => Some(&portable::KERNELS),
                    _ => None,
                }
            }
        }
    }

    fn from_u8(v: u8) -> Isa {
        Isa::ALL[(v & 3) as usize]
    }
}

/// Declares the kernel table: the [`Kernels`] type with one safe method per kernel, the active
/// slots with their first-call trampolines, and the dispatched free functions. The entries of
/// the `c_abi` group have the exact signature of the C export named after them and hold its
/// whole body (NULL checks, writes through pointers): the export is one jump to them. They get
/// crate-internal unsafe methods and dispatch functions (`c_dispatch`).
macro_rules! kernel_table {
    (
        $( $(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty; )*
        c_abi {
            $( $(#[$cdoc:meta])* fn $cname:ident($($carg:ident: $cty:ty),*) -> $cret:ty; )*
        }
    ) => {
        /// The kernels of one instruction-set level; obtained from [`Isa::kernels`].
        #[repr(C)]
        pub struct Kernels {
            $( $name: unsafe extern "C" fn($($ty),*) -> $ret, )*
            $( $cname: unsafe extern "C" fn($($cty),*) -> $cret, )*
            isa: Isa,
        }

        impl Kernels {
            /// The entries' names, in the order of this `#[repr(C)]` table's fields: for the
            /// tests that read the tables in the machine code (tests/exports.rs).
            #[doc(hidden)]
            pub const ENTRY_NAMES: &'static [&'static str] = &[$(stringify!($name),)* $(stringify!($cname)),*];

            /// The level these kernels belong to.
            pub fn isa(&self) -> Isa {
                self.isa
            }
            $(
                $(#[$doc])*
                #[inline(always)]
                pub fn $name(&self, $($arg: $ty),*) -> $ret {
                    // SAFETY: a `Kernels` reference is only handed out by `Isa::kernels`, after
                    // checking that the CPU supports its level.
                    unsafe { (self.$name)($($arg),*) }
                }
            )*
            $(
                $(#[$cdoc])*
                ///
                /// # Safety
                /// The C export's contract (its pointer arguments).
                #[inline(always)]
                #[allow(dead_code)]
                pub(crate) unsafe fn $cname(&self, $($carg: $cty),*) -> $cret {
                    // SAFETY: the CPU supports the level (as above); the caller keeps the
                    // export's contract.
                    unsafe { (self.$cname)($($carg),*) }
                }
            )*
        }

        /// One atomic function pointer per kernel, pointing at the active level's entry (or,
        /// before the first call, at a trampoline that selects the level first).
        mod slot {
            use super::*;
            $(
                #[allow(non_upper_case_globals)]
                pub(super) static $name: AtomicPtr<()> = AtomicPtr::new(trampoline::$name as *mut ());
            )*
            $(
                #[allow(non_upper_case_globals)]
                pub(super) static $cname: AtomicPtr<()> = AtomicPtr::new(trampoline::$cname as *mut ());
            )*

            pub(super) fn install(k: &'static Kernels) {
                $( $name.store(k.$name as *mut (), Relaxed); )*
                $( $cname.store(k.$cname as *mut (), Relaxed); )*
            }

            mod trampoline {
                use super::super::*;
                $(
                    pub(super) unsafe extern "C" fn $name($($arg: $ty),*) -> $ret {
                        ensure_selected_from_c();
                        dispatch::$name($($arg),*)
                    }
                )*
                $(
                    pub(super) unsafe extern "C" fn $cname($($carg: $cty),*) -> $cret {
                        ensure_selected_from_c();
                        // SAFETY: the caller keeps the export's contract.
                        unsafe { c_dispatch::$cname($($carg),*) }
                    }
                )*
            }
        }

        /// The kernels of the active level (see [`active`]).
        pub mod dispatch {
            use super::*;
            $(
                $(#[$doc])*
                #[inline(always)]
                pub fn $name($($arg: $ty),*) -> $ret {
                    let ptr = slot::$name.load(Relaxed);
                    // SAFETY: the slot only ever holds a trampoline or an entry of a table
                    // whose level this CPU supports, both of exactly this signature.
                    let f: unsafe extern "C" fn($($ty),*) -> $ret = unsafe { core::mem::transmute(ptr) };
                    // SAFETY: as above, the CPU supports the entry's target features.
                    unsafe { f($($arg),*) }
                }
            )*
        }

        /// The C-shaped entries of the active level, for the exports.
        pub(crate) mod c_dispatch {
            use super::*;
            $(
                $(#[$cdoc])*
                ///
                /// # Safety
                /// The C export's contract (its pointer arguments).
                #[inline(always)]
                pub(crate) unsafe fn $cname($($carg: $cty),*) -> $cret {
                    let ptr = slot::$cname.load(Relaxed);
                    // SAFETY: as in `dispatch`: a trampoline or a supported entry of this type.
                    let f: unsafe extern "C" fn($($cty),*) -> $cret = unsafe { core::mem::transmute(ptr) };
                    // SAFETY: supported level; the caller keeps the export's contract.
                    unsafe { f($($carg),*) }
                }
            )*
        }
    };
}

// The encoding rule. On the avx2 and avx512 levels, nothing a hot export executes may be a
// legacy (non-VEX) SSE instruction: not the export, not a wrapper, kernel, helper or std
// routine it reaches. On Intel cores, a legacy SSE instruction run while the caller has left
// the upper halves of the YMM registers dirty pays a state-transition penalty, and Edax 4.6 built
// for x86-64-v3 calls `bit_weighted_count` right after its AVX2 `get_moves_and_potential` (what
// that cost: BENCHMARKS.md, "The AVX-SSE transition (issue 11)"). AMD cores have no such
// penalty, so no timing on AMD shows it. Hence: an export is one jump through its slot to an
// entry compiled with the level's features, or a few integer instructions around one; any
// body that touches a vector register (a float, a 16-byte struct copy, a vectorised NULL
// check) goes into the entries, the `c_abi` group below for exports with pointer arguments.
// tests/exports.rs walks the machine code from every hot export through the avx2 and avx512
// tables and fails on any legacy SSE instruction, call out of the library or unresolved
// indirect branch, on any CPU.
kernel_table! {
    /// Discs flipped when the side to move plays `x` (0 when `x` is not 0..=63).
    fn flip(x: i32, p: u64, o: u64) -> u64;
    /// Writes to `next` the position after the side to move of `board` plays `x` (a pass when
    /// `x` is not 0..=63) and returns the flipped discs. Cells, because `next` may be `board`
    /// (as in the C API, which jumps straight here).
    fn board_next(board: &Cell<EkBoard>, x: i32, next: &Cell<EkBoard>) -> u64;
    /// Twice the number of discs flipped by `p` playing `x`, every other square being the
    /// opponent's (0 when `x` is not 0..=63).
    fn count_last_flip(x: i32, p: u64) -> i32;
    /// Edax 4.4's `board_score_1` on the board (p, o) with its single empty square `x`.
    fn board_score_1(p: u64, o: u64, beta: i32, x: i32) -> i32;
    /// The exact score of `board_score_1`, without cut-off, branch-free.
    fn board_score_1_exact(p: u64, o: u64, x: i32) -> i32;
    /// Bitboard of the legal moves.
    fn get_moves(p: u64, o: u64) -> u64;
    /// Whether the side to move has a legal move.
    fn can_move(p: u64, o: u64) -> bool;
    /// Number of legal moves.
    fn get_mobility(p: u64, o: u64) -> i32;
    /// Number of legal moves, corners counted twice.
    fn get_weighted_mobility(p: u64, o: u64) -> i32;
    /// Empty squares next to a flippable opponent disc, corners counted twice.
    fn get_potential_mobility(p: u64, o: u64) -> i32;
    /// Edax's estimate (a lower bound) of the number of stable discs of `p`.
    fn get_stability(p: u64, o: u64) -> i32;
    /// Number of discs of `p` on the edges that no move on their edge can flip.
    fn get_edge_stability(p: u64, o: u64) -> i32;
    /// Owned corners plus owned edge squares next to an owned corner.
    fn get_corner_stability(p: u64) -> i32;
    /// Edax 4.6's `board_get_hash_code` (CRC-32C of both bitboards). By reference, so that the
    /// CRC instruction reads the board from memory.
    fn hash_code(b: &EkBoard) -> u64;
    /// The board under symmetry `s` (bits 0..=2 of `s` used).
    fn symmetry(b: EkBoard, s: i32) -> EkBoard;
    /// The smallest symmetric board and the symmetry giving it.
    fn unique(b: EkBoard) -> UniqueBoard;
    /// Number of set bits.
    fn bit_count(b: u64) -> i32;
    /// Number of set bits, the four corners counted twice (Edax's `bit_weighted_count`).
    fn bit_weighted_count(b: u64) -> i32;
    /// `eval_update`: the features after the side to move plays `x` (0..=63) flipping
    /// `flipped`, `player` being `EkEval::player`.
    fn eval_update(from: &EkEvalFeature, to: &mut EkEvalFeature, x: i32, flipped: u64, player: i32) -> ();
    /// `eval_accumulate`: the sum of the weights of the 47 features, given the weights of the
    /// ply and colour (one per unpacked feature).
    fn eval_accumulate(f: &EkEvalFeature, weights: &[i16; INDEX_LEN]) -> i32;
    /// Perft counters of the tree of `depth` plies below `b`.
    fn perft(b: EkBoard, depth: i32) -> EkPerftStats;
    /// Edax 4.6's endgame leaf search `search_shallow(search, alpha)` on `board` (at most 10
    /// empty squares): the fail-soft score for the side to move on the null window
    /// (alpha, alpha + 1); adds Edax's node count to `n_nodes`. More empty squares: returns
    /// `EK_SCORE_NONE` (32767) and adds nothing. Alpha outside -65..=64 acts as the nearest of
    /// them.
    fn solve_shallow(board: &EkBoard, alpha: i32, n_nodes: &mut i64) -> i32;
    /// `out[i] = flip(xs[i], ps[i], os[i])` for each board; returns the number of boards (the
    /// length of the shortest array).
    fn flip_batch(xs: BatchIn<i32>, ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<u64>) -> usize;
    /// `board_next` of each board (player `ps[i]`, opponent `os[i]`, move `xs[i]`) into
    /// `(next_ps[i], next_os[i])`; returns the number of boards. The outputs may be the inputs.
    fn board_next_batch(
        xs: BatchIn<i32>,
        ps: BatchIn<u64>,
        os: BatchIn<u64>,
        next_ps: BatchOut<u64>,
        next_os: BatchOut<u64>
    ) -> usize;
    /// `out[i] = count_last_flip(xs[i], ps[i])` for each board; returns the number of boards.
    fn count_last_flip_batch(xs: BatchIn<i32>, ps: BatchIn<u64>, out: BatchOut<i32>) -> usize;
    /// `out[i] = get_moves(ps[i], os[i])` for each board; returns the number of boards.
    fn get_moves_batch(ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<u64>) -> usize;
    /// `out[i] = get_mobility(ps[i], os[i])` for each board; returns the number of boards.
    fn get_mobility_batch(ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<i32>) -> usize;
    /// `out[i] = get_stability(ps[i], os[i])` for each board; returns the number of boards.
    fn get_stability_batch(ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<i32>) -> usize;
    /// `out[i]` = the hash code of board (ps[i], os[i]); returns the number of boards.
    fn hash_code_batch(ps: BatchIn<u64>, os: BatchIn<u64>, out: BatchOut<u64>) -> usize;
    /// Edax's `eval_sigma`: the error model of a search at `depth` (probcut at
    /// `probcut_depth`) on `n_empty` squares; 0 until Edax's `eval_open` has set its
    /// coefficients (see `eval::sigma`).
    fn eval_sigma(n_empty: i32, depth: i32, probcut_depth: i32) -> f64;

    c_abi {
        /// `ek_board_symetry`.
        fn ek_board_symetry(board: *const EkBoard, s: c_int, sym: *mut EkBoard) -> c_int;
        /// `ek_board_unique`.
        fn ek_board_unique(board: *const EkBoard, unique: *mut EkBoard) -> c_int;
        /// `ek_perft_stats`.
        fn ek_perft_stats(p: u64, o: u64, depth: c_int, out: *mut EkPerftStats) -> c_int;
        /// `ek_eval_set`.
        fn ek_eval_set(eval: *mut EkEval, board: *const EkBoard) -> c_int;
        /// `ek_eval_update`.
        fn ek_eval_update(eval: *mut EkEval, mv: *const EkMove) -> c_int;
        /// `ek_eval_accumulate`.
        fn ek_eval_accumulate(eval: *const EkEval) -> c_int;
        /// `ek_eval_accumulate_checked`.
        fn ek_eval_accumulate_checked(eval: *const EkEval, sum: *mut c_int) -> c_int;
        /// `ek_flip_batch`.
        fn ek_flip_batch(n: usize, xs: *const c_int, ps: *const u64, os: *const u64, out: *mut u64) -> c_int;
        /// `ek_board_next_batch`.
        fn ek_board_next_batch(
            n: usize,
            xs: *const c_int,
            ps: *const u64,
            os: *const u64,
            next_ps: *mut u64,
            next_os: *mut u64
        ) -> c_int;
        /// `ek_count_last_flip_batch`.
        fn ek_count_last_flip_batch(n: usize, xs: *const c_int, ps: *const u64, out: *mut c_int) -> c_int;
        /// `ek_get_moves_batch`.
        fn ek_get_moves_batch(n: usize, ps: *const u64, os: *const u64, out: *mut u64) -> c_int;
        /// `ek_get_mobility_batch`.
        fn ek_get_mobility_batch(n: usize, ps: *const u64, os: *const u64, out: *mut c_int) -> c_int;
        /// `ek_get_stability_batch`.
        fn ek_get_stability_batch(n: usize, ps: *const u64, os: *const u64, out: *mut c_int) -> c_int;
        /// `ek_solve_shallow`.
        fn ek_solve_shallow(board: *const EkBoard, alpha: c_int, n_nodes: *mut i64) -> c_int;
        /// `ek_nws_endgame`.
        fn ek_nws_endgame(
            board: *const EkBoard,
            alpha: c_int,
            table: *mut EkHashTable,
            stop: *const c_int,
            n_nodes: *mut i64
        ) -> c_int;
        /// `ek_solver_solve`.
        fn ek_solver_solve(
            solver: *mut EkSolver,
            board: *const EkBoard,
            alpha: c_int,
            beta: c_int,
            out: *mut EkSolveResult
        ) -> c_int;
        /// `ek_solver_solve_batch`.
        fn ek_solver_solve_batch(
            solver: *mut EkSolver,
            n: usize,
            players: *const u64,
            opponents: *const u64,
            scores: *mut i32,
            best_moves: *mut i32
        ) -> c_int;
        /// `ek_board_get_hash_code_batch`.
        fn ek_board_get_hash_code_batch(n: usize, ps: *const u64, os: *const u64, out: *mut u64) -> c_int;
    }
}

/// How the `EDAX_KERNELS_ISA` environment variable was handled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnvChoice {
    /// Unset: the best level is used.
    Unset,
    /// A level this CPU supports: it is used.
    Accepted(Isa),
    /// A known level above what this CPU supports: the best supported level is used.
    Unsupported(Isa),
    /// Not a level name: the best level is used.
    Unknown(String),
}

/// The environment variable that forces a lower level.
pub const ISA_ENV: &str = "EDAX_KERNELS_ISA";

struct Selection {
    isa: Isa,
    env: EnvChoice,
}

fn selection() -> &'static Selection {
    static SELECTION: OnceLock<Selection> = OnceLock::new();
    SELECTION.get_or_init(|| {
        let best = Isa::best();
        let env = match std::env::var_os(ISA_ENV) {
            None => EnvChoice::Unset,
            Some(v) => match v.to_str().and_then(Isa::from_name) {
                Some(isa) if isa <= best => EnvChoice::Accepted(isa),
                Some(isa) => EnvChoice::Unsupported(isa),
                None => EnvChoice::Unknown(v.to_string_lossy().into_owned()),
            },
        };
        let isa = match env {
            EnvChoice::Accepted(isa) => isa,
            _ => best,
        };
        if let Some(msg) = env_message(&env, isa) {
            use std::io::Write;
            // Reported once per process; a closed stderr is not an error for the host.
            let _ = writeln!(std::io::stderr(), "edax-kernels: {msg}");
        }
        Selection { isa, env }
    })
}

fn env_message(env: &EnvChoice, used: Isa) -> Option<String> {
    let names = Isa::ALL.map(Isa::name).join("|");
    match env {
        EnvChoice::Unset | EnvChoice::Accepted(_) => None,
        EnvChoice::Unsupported(isa) => {
            Some(format!("{ISA_ENV}={} is not supported by this CPU; using {}", isa.name(), used.name()))
        }
        EnvChoice::Unknown(v) => Some(format!("{ISA_ENV}={v:?} is not one of {names}; using {}", used.name())),
    }
}

/// How `EDAX_KERNELS_ISA` was handled (read once, on the first kernel call).
pub fn env_choice() -> EnvChoice {
    selection().env.clone()
}

static ACTIVE: AtomicU8 = AtomicU8::new(0);
static INSTALL: Mutex<()> = Mutex::new(());
static SELECTED: Once = Once::new();

fn install(isa: Isa, k: &'static Kernels) {
    let _guard = INSTALL.lock().unwrap_or_else(|e| e.into_inner());
    slot::install(k);
    ACTIVE.store(isa as u8, Relaxed);
}

fn ensure_selected() {
    SELECTED.call_once(|| {
        // The selected level is always supported; portable is the fallback that cannot fail.
        let isa = selection().isa;
        match isa.kernels() {
            Some(k) => install(isa, k),
            None => install(Isa::Portable, &portable::KERNELS),
        }
    });
}

/// `ensure_selected` for the first-call trampolines, which C calls straight from an `ek_`
/// export: a panic there (none is expected: the selection reads the environment and the CPU)
/// would abort the host, so it is caught and the portable level installed. The payload is
/// leaked rather than dropped, since a payload's destructor could panic again.
#[cold]
#[inline(never)]
fn ensure_selected_from_c() {
    if let Err(payload) = std::panic::catch_unwind(ensure_selected) {
        core::mem::forget(payload);
        install(Isa::Portable, &portable::KERNELS);
    }
}

/// The level the dispatched kernels use.
pub fn active() -> Isa {
    ensure_selected();
    Isa::from_u8(ACTIVE.load(Relaxed))
}

/// Makes `isa` the level of the dispatched kernels; fails when this CPU cannot run it.
pub fn set_active(isa: Isa) -> Result<(), Isa> {
    let k = isa.kernels().ok_or(isa)?;
    ensure_selected();
    install(isa, k);
    Ok(())
}
