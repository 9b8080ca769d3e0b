//! The macro that declares the kernel table (table.rs): the [`Kernels`](super::Kernels) type, the
//! active level's slots with their first-call trampolines, and the dispatched functions.
//!
//! One macro, kept whole: every entry must appear in the struct, the slots, the trampolines
//! and both dispatch modules with the same signature, and a macro is what guarantees it.

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
            $( pub(in crate::dispatch) $name: unsafe extern "C" fn($($ty),*) -> $ret, )*
            $( pub(in crate::dispatch) $cname: unsafe extern "C" fn($($cty),*) -> $cret, )*
            pub(in crate::dispatch) isa: Isa,
            /// The path of the module that defines the table (levels.rs).
            pub(in crate::dispatch) module: &'static str,
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

            /// The table's name: its level's, or, for a level's other tables, the level's
            /// and what the table is for (`avx2_pext`, `neon_crc`).
            pub fn name(&self) -> &'static str {
                self.module.rsplit("::").next().unwrap_or(self.module)
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
                #[allow(dead_code, clippy::too_many_arguments)]
                pub(crate) unsafe fn $cname(&self, $($carg: $cty),*) -> $cret {
                    // SAFETY: the CPU supports the level (as above); the caller keeps the
                    // export's contract.
                    unsafe { (self.$cname)($($carg),*) }
                }
            )*
        }

        /// One atomic function pointer per kernel, pointing at the active level's entry (or,
        /// before the first call, at a trampoline that selects the level first).
        pub(super) mod slot {
            use super::*;
            $(
                #[allow(non_upper_case_globals)]
                pub(super) static $name: AtomicPtr<()> = AtomicPtr::new(trampoline::$name as *mut ());
            )*
            $(
                #[allow(non_upper_case_globals)]
                pub(super) static $cname: AtomicPtr<()> = AtomicPtr::new(trampoline::$cname as *mut ());
            )*

            pub(in crate::dispatch) fn install(k: &'static Kernels) {
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
                    // The C signature decides the arguments.
                    #[allow(clippy::too_many_arguments)]
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
                #[allow(clippy::too_many_arguments)]
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
