//! The dispatch layer: the instruction-set levels, the tables that compile every kernel and
//! search for each level, and the run-time choice between them.
//!
//! Each level's table (levels.rs) fills every entry of [`Kernels`] (table.rs) with a function
//! compiled with that level's target features (entries/); the compiler checks each entry's
//! signature. The active table is chosen once, on the first kernel call (or by
//! [`set_active`]), and copied into one atomic function pointer per kernel: a call costs one
//! load and one indirect jump. Entries use the C calling convention, so that an `extern "C"`
//! export can jump straight to them. See ARCHITECTURE.md for the layers around this one.

use std::sync::atomic::{AtomicPtr, AtomicU8, Ordering::Relaxed};
use std::sync::{Mutex, Once, OnceLock};

pub(crate) mod bodies;
#[macro_use]
mod table_macro;
#[macro_use]
mod entries;
mod levels;
mod table;

pub(crate) use table::c_dispatch;
pub use table::{dispatch, Kernels};

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
    /// AArch64 Advanced SIMD (baseline there), with the CRC32 instructions when the CPU has them.
    Neon = 4,
}

impl Isa {
    /// Every level, lowest first (the x86-64 levels, then AArch64's).
    pub const ALL: [Isa; 5] = [Isa::Portable, Isa::Sse2, Isa::Avx2, Isa::Avx512, Isa::Neon];

    /// The level's name, as accepted by `EDAX_KERNELS_ISA`.
    pub const fn name(self) -> &'static str {
        match self {
            Isa::Portable => "portable",
            Isa::Sse2 => "sse2",
            Isa::Avx2 => "avx2",
            Isa::Avx512 => "avx512",
            Isa::Neon => "neon",
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
                use crate::kernels::{avx2, avx512};
                match self {
                    Isa::Portable => Some(&levels::portable::KERNELS),
                    Isa::Sse2 => Some(&levels::sse2::KERNELS),
                    Isa::Avx2 => avx2::supported().then(avx2_table),
                    Isa::Avx512 => avx512::supported().then_some(&levels::avx512::KERNELS),
                    Isa::Neon => None,
                }
            } else if #[cfg(target_arch = "aarch64")] {
                use crate::kernels::neon;
                match self {
                    Isa::Portable => Some(&levels::portable::KERNELS),
                    // One level, two tables: the hash by the CRC32 instruction when the CPU has it.
                    Isa::Neon if neon::supported() && neon::crc_supported() => Some(&levels::neon_crc::KERNELS),
                    Isa::Neon if neon::supported() => Some(&levels::neon::KERNELS),
                    _ => None,
                }
            } else {
                match self {
                    Isa::Portable => Some(&levels::portable::KERNELS),
                    _ => None,
                }
            }
        }
    }

    /// Every table of the level this CPU can run, the one [`Isa::kernels`] returns first, so
    /// that the tests run them all: on a CPU with the CRC32 instructions the neon level also has
    /// its table without them, which only a CPU lacking them would otherwise run (no qemu CPU
    /// model lacks them); the avx2 level has its table for the cores with a fast PEXT and
    /// its own, whichever this CPU runs. For tests.
    #[doc(hidden)]
    pub fn tables(self) -> Vec<&'static Kernels> {
        #[allow(unused_mut)]
        let mut tables: Vec<&'static Kernels> = self.kernels().into_iter().collect();
        #[cfg(target_arch = "aarch64")]
        if self == Isa::Neon && tables.first().is_some_and(|k| core::ptr::eq(*k, &levels::neon_crc::KERNELS)) {
            tables.push(&levels::neon::KERNELS);
        }
        // Both AVX2 tables run on any AVX2 CPU (PEXT is BMI2, part of the level); only one is
        // the fastest there.
        #[cfg(target_arch = "x86_64")]
        if let Some(&k) = tables.first().filter(|_| self == Isa::Avx2) {
            let other: &'static Kernels = if core::ptr::eq(k, &levels::avx2::KERNELS) {
                &levels::avx2_pext::KERNELS
            } else {
                &levels::avx2::KERNELS
            };
            tables.push(other);
        }
        tables
    }

    fn from_u8(v: u8) -> Isa {
        match v {
            1 => Isa::Sse2,
            2 => Isa::Avx2,
            3 => Isa::Avx512,
            4 => Isa::Neon,
            _ => Isa::Portable,
        }
    }
}

/// The environment variable that chooses between a level's tables for kinds of cores: the
/// avx2 level's `avx2_pext` (`pext`) or its own (`nopext`); `auto` or unset: by cpuid.
pub const VARIANT_ENV: &str = "EDAX_KERNELS_VARIANT";

/// The avx2 level's table for this CPU: `avx2_pext` on the cores with a fast PEXT
/// (`crate::kernels::x86::fast_pext`), the level's own elsewhere, unless `EDAX_KERNELS_VARIANT`
/// says (read once; another value is reported once on stderr and ignored).
#[cfg(target_arch = "x86_64")]
fn avx2_table() -> &'static Kernels {
    static PEXT: OnceLock<bool> = OnceLock::new();
    let pext = *PEXT.get_or_init(|| {
        let by_cpu = crate::kernels::x86::fast_pext;
        let v = std::env::var_os(VARIANT_ENV);
        match v.as_deref().map(|v| v.to_str()) {
            None | Some(Some("auto")) => by_cpu(),
            Some(Some("pext")) => true,
            Some(Some("nopext")) => false,
            Some(_) => {
                use std::io::Write;
                // As the level's message: a closed stderr is not an error for the host.
                let msg =
                    format!("{VARIANT_ENV}={:?} is not one of auto|pext|nopext; using auto", v.unwrap_or_default());
                let _ = writeln!(std::io::stderr(), "edax-kernels: {msg}");
                by_cpu()
            }
        }
    });
    if pext {
        &levels::avx2_pext::KERNELS
    } else {
        &levels::avx2::KERNELS
    }
}

/// How the `EDAX_KERNELS_ISA` environment variable was handled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnvChoice {
    /// Unset: the best level is used.
    Unset,
    /// A level this CPU supports: it is used.
    Accepted(Isa),
    /// A known level this CPU cannot run (above its best, or of another architecture): the
    /// best supported level is used.
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
                // Not `isa <= best`: on AArch64 the x86-64 levels are below neon but unavailable.
                Some(isa) if isa.is_available() => EnvChoice::Accepted(isa),
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
static ACTIVE_TABLE: AtomicPtr<Kernels> = AtomicPtr::new(core::ptr::null_mut());
static INSTALL: Mutex<()> = Mutex::new(());
static SELECTED: Once = Once::new();

fn install(isa: Isa, k: &'static Kernels) {
    let _guard = INSTALL.lock().unwrap_or_else(|e| e.into_inner());
    table::slot::install(k);
    ACTIVE.store(isa as u8, Relaxed);
    ACTIVE_TABLE.store(core::ptr::from_ref(k).cast_mut(), Relaxed);
}

fn ensure_selected() {
    SELECTED.call_once(|| {
        // The selected level is always supported; portable is the fallback that cannot fail.
        let isa = selection().isa;
        match isa.kernels() {
            Some(k) => install(isa, k),
            None => install(Isa::Portable, &levels::portable::KERNELS),
        }
    });
}

/// `ensure_selected` for the first-call trampolines, which C calls straight from an `ek_`
/// export: a panic there (none is expected: the selection reads the environment and the CPU)
/// would abort the host, so it is caught and the portable level installed. The payload is
/// leaked rather than dropped, since a payload's destructor could panic again.
#[cold]
#[inline(never)]
pub(super) fn ensure_selected_from_c() {
    if let Err(payload) = std::panic::catch_unwind(ensure_selected) {
        core::mem::forget(payload);
        install(Isa::Portable, &levels::portable::KERNELS);
    }
}

/// The level the dispatched kernels use.
pub fn active() -> Isa {
    ensure_selected();
    Isa::from_u8(ACTIVE.load(Relaxed))
}

/// The table of the dispatched kernels: the active level's, for this CPU's kind of core where
/// the level has several ([`Kernels::name`]).
pub fn active_table() -> &'static Kernels {
    ensure_selected();
    let k = ACTIVE_TABLE.load(Relaxed);
    // SAFETY: `install` stores only `&'static Kernels`, and has run (ensure_selected).
    unsafe { k.as_ref() }.unwrap_or(&levels::portable::KERNELS)
}

/// Makes `isa` the level of the dispatched kernels; fails when this CPU cannot run it.
pub fn set_active(isa: Isa) -> Result<(), Isa> {
    let k = isa.kernels().ok_or(isa)?;
    ensure_selected();
    install(isa, k);
    Ok(())
}
