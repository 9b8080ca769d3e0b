//! The level tables: each level's entries (entries/) compiled with its features, and the
//! kernels it overrides with its own batch kernels (src/kernels/batch) or another level's entry.
//! tests/exports.rs reads these tables (`...::levels::<level>::KERNELS`) in the machine code.

/// The portable level: the generic algorithms on plain `u64`.
pub(super) mod portable {
    use crate::kernels::portable::{features, PortablePrims};
    level_entries!(Isa::Portable, features, PortablePrims);

    pub(in crate::dispatch) static KERNELS: Kernels = ENTRIES;
}

cfg_if::cfg_if! {
    if #[cfg(target_arch = "x86_64")] {
        /// The SSE2 level (two 64-bit lanes per vector leave nothing to gain from running
        /// boards side by side: its batch entries loop over its single-board ones).
        pub(super) mod sse2 {
            use crate::kernels::sse2::{features, Sse2Prims};
            level_entries!(Isa::Sse2, features, Sse2Prims);

            pub(in crate::dispatch) static KERNELS: Kernels = ENTRIES;
        }

        /// The AVX2 level, with four boards per vector in some batch kernels.
        pub(super) mod avx2 {
            use crate::kernels::avx2::{features, Avx2Prims};
            use crate::kernels::batch::avx2 as batch;
            level_entries!(Isa::Avx2, features, Avx2Prims);

            pub(in crate::dispatch) static KERNELS: Kernels = Kernels {
                flip_batch: batch::flip_batch,
                board_next_batch: batch::board_next_batch,
                get_moves_batch: batch::get_moves_batch,
                get_mobility_batch: batch::get_mobility_batch,
                ..ENTRIES
            };
        }

        /// The AVX2 level's table for the cores with a fast PEXT (Intel since Haswell, AMD since
        /// Zen 3; chosen by cpuid, `super::avx2_table`): the level's entries but the last-move flip
        /// count and the entries made of it, by PEXT (BENCHMARKS.md, "Kernels by
        /// microarchitecture"). The searches keep the level's code.
        pub(super) mod avx2_pext {
            use crate::dispatch::bodies::batch as batch_body;
            use crate::dispatch::Kernels;
            use crate::kernels::avx2::{features, Avx2PextPrims};
            use crate::kernels::Prims;
            use crate::types::batch::{BatchIn, BatchOut};
            use core::ffi::c_int;

            last_flip_entries!(features, Avx2PextPrims);

            features! {
                // SAFETY: the export's contract, which is the body's.
                pub(in crate::dispatch) unsafe extern "C" fn ek_count_last_flip_batch(
                    n: usize, xs: *const c_int, ps: *const u64, out: *mut c_int,
                ) -> c_int {
                    unsafe { batch_body::count_last_flip_batch_body(&KERNELS, n, xs, ps, out) }
                }
            }

            pub(in crate::dispatch) static KERNELS: Kernels = Kernels {
                module: module_path!(),
                count_last_flip,
                board_score_1,
                board_score_1_exact,
                count_last_flip_batch,
                ek_count_last_flip_batch,
                ..super::avx2::KERNELS
            };
        }

        /// The AVX-512 level.
        pub(super) mod avx512 {
            use crate::kernels::avx512::{features, Avx512Prims};
            use crate::kernels::batch::avx512 as batch;
            level_entries!(Isa::Avx512, features, Avx512Prims);

            pub(in crate::dispatch) static KERNELS: Kernels = Kernels {
                // The generic code compiled for AVX2 measured faster than for AVX-512 here (BENCHMARKS.md,
                // "Kernel variants").
                get_potential_mobility: super::avx2::get_potential_mobility,
                flip_batch: batch::flip_batch,
                board_next_batch: batch::board_next_batch,
                count_last_flip_batch: batch::count_last_flip_batch,
                get_moves_batch: batch::get_moves_batch,
                get_mobility_batch: batch::get_mobility_batch,
                ..ENTRIES
            };
        }
    } else if #[cfg(target_arch = "aarch64")] {
        /// The NEON level without the CRC32 instructions (two 64-bit lanes per vector: its
        /// batch entries loop over its single-board ones).
        pub(super) mod neon {
            use crate::kernels::neon::{features, NeonPrims};
            level_entries!(Isa::Neon, features, NeonPrims);

            pub(in crate::dispatch) static KERNELS: Kernels = ENTRIES;
        }

        /// The NEON level on a CPU with the CRC32 instructions: the same entries, compiled with
        /// them, and the hash by `crc32cx`.
        pub(super) mod neon_crc {
            use crate::kernels::neon::crc::{features, NeonCrcPrims};
            level_entries!(Isa::Neon, features, NeonCrcPrims);

            pub(in crate::dispatch) static KERNELS: Kernels = ENTRIES;
        }
    }
}
