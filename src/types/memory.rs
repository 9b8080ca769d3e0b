//! Large tables in huge pages.
//!
//! The solver's table, the engine's and pre-search's Edax tables and the evaluation's weights
//! are tens of megabytes read at random places: with 4 KiB pages nearly every probe also misses
//! the TLB and walks the page tables. Linux backs memory with 2 MiB pages when asked
//! (`madvise(MADV_HUGEPAGE)`, honoured when the system's transparent-huge-page mode is
//! `madvise`, Debian's and Ubuntu's default, or `always`). Measured in BENCHMARKS.md ("Huge
//! pages for the tables").

/// The size of a huge page on x86-64 and on ARM64 with 4 KiB base pages.
#[cfg_attr(not(all(target_os = "linux", not(miri))), allow(dead_code))] // only Linux advises
pub(crate) const HUGE_PAGE: usize = 2 << 20;

/// Asks the kernel to back the 2 MiB-aligned part of the `len` bytes at `ptr` with transparent
/// huge pages. Called before the memory is first written, so that the first write of each
/// 2 MiB takes one huge page. A hint only: without it (another system, or a kernel that
/// refuses) the memory works the same.
pub(crate) fn advise_huge_pages(ptr: *const u8, len: usize) {
    #[cfg(all(target_os = "linux", not(miri)))]
    {
        let start = (ptr as usize).next_multiple_of(HUGE_PAGE);
        let end = (ptr as usize).saturating_add(len) & !(HUGE_PAGE - 1);
        if end > start {
            // SAFETY: the range lies inside one live allocation of the caller; the advice
            // changes how its pages are backed, never their contents. Its result is ignored:
            // a refusal leaves ordinary pages.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(all(target_os = "linux", not(miri))))]
    let _ = (ptr, len);
}

/// Whether the mapping that holds `addr` was advised for huge pages (its `hg` flag in
/// /proc/self/smaps); `None` where that cannot be known: not Linux, or a system whose smaps does
/// not show an advice given straight to the kernel (qemu's user-mode emulation takes
/// `madvise` and does nothing).
#[cfg(test)]
pub(crate) fn advised_huge(addr: usize) -> Option<bool> {
    #[cfg(all(target_os = "linux", not(miri)))]
    {
        static SHOWN: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        if !*SHOWN.get_or_init(mapping::advice_is_shown) {
            return None;
        }
        smaps_flag(addr, "hg")
    }
    #[cfg(not(all(target_os = "linux", not(miri))))]
    {
        let _ = addr;
        None
    }
}

/// Whether the flag `flag` is among the VmFlags of the mapping that holds `addr`.
#[cfg(all(test, target_os = "linux", not(miri)))]
fn smaps_flag(addr: usize, flag: &str) -> Option<bool> {
    let smaps = std::fs::read_to_string("/proc/self/smaps").ok()?;
    let mut inside = false;
    for line in smaps.lines() {
        let range = line.split_whitespace().next().and_then(|r| r.split_once('-'));
        let parsed =
            range.and_then(|(lo, hi)| Some((usize::from_str_radix(lo, 16).ok()?, usize::from_str_radix(hi, 16).ok()?)));
        if let Some((lo, hi)) = parsed {
            inside = (lo..hi).contains(&addr);
        } else if inside {
            if let Some(flags) = line.strip_prefix("VmFlags:") {
                return Some(flags.split_whitespace().any(|f| f == flag));
            }
        }
    }
    None
}

/// Fresh anonymous mappings for the tests.
#[cfg(all(test, target_os = "linux", not(miri)))]
mod mapping {
    use super::*;

    /// A fresh anonymous mapping of `len` bytes (never advised), unmapped on drop.
    pub(super) struct Mapping(pub *mut libc::c_void, pub usize);

    impl Mapping {
        pub(super) fn new(len: usize) -> Mapping {
            let (prot, flags) = (libc::PROT_READ | libc::PROT_WRITE, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS);
            // SAFETY: a new private anonymous mapping, no address requested.
            let ptr = unsafe { libc::mmap(core::ptr::null_mut(), len, prot, flags, -1, 0) };
            assert_ne!(ptr, libc::MAP_FAILED);
            Mapping(ptr, len)
        }
    }

    impl Drop for Mapping {
        fn drop(&mut self) {
            // SAFETY: mapped by `new` with this length.
            unsafe { libc::munmap(self.0, self.1) };
        }
    }

    /// Whether an advice given straight to the kernel (not through [`advise_huge_pages`])
    /// shows in /proc/self/smaps.
    pub(super) fn advice_is_shown() -> bool {
        let m = Mapping::new(2 * HUGE_PAGE);
        let Some(at) = first_huge_boundary(m.0.cast(), m.1) else { return false };
        // SAFETY: a whole huge page inside the mapping, which lives until the end of this call.
        let status = unsafe { libc::madvise(at as *mut libc::c_void, HUGE_PAGE, libc::MADV_HUGEPAGE) };
        status == 0 && smaps_flag(at, "hg") == Some(true)
    }
}

/// The first 2 MiB boundary inside `len` bytes at `ptr` (where [`advise_huge_pages`] starts),
/// for the tests of the tables that use it.
#[cfg(test)]
pub(crate) fn first_huge_boundary(ptr: *const u8, len: usize) -> Option<usize> {
    let start = (ptr as usize).next_multiple_of(HUGE_PAGE);
    (start + HUGE_PAGE <= ptr as usize + len).then_some(start)
}

/// Checks that the memory of a table of `len` bytes at `ptr`, made by one of the tables that
/// call [`advise_huge_pages`], is advised (its 64 MiB and more are always a mapping of its own,
/// never memory an earlier table advised). `what` names the check for [`not_checked`].
#[cfg(test)]
pub(crate) fn assert_advised(what: &str, ptr: *const u8, len: usize) {
    let at = first_huge_boundary(ptr, len).expect("a table of several huge pages");
    match advised_huge(at) {
        Some(advised) => assert!(advised, "the table's memory is not advised for huge pages"),
        None => not_checked(what),
    }
}

/// A huge-page check this system cannot make (it does not show which memory is advised): a
/// skip, never a pass. Explained (not Linux; qemu's user mode, which takes `madvise` and does
/// nothing, as scripts/cross/qemu-env.sh says by `EK_EMULATED=qemu-user`; a kernel without
/// transparent huge pages), it is recorded as skipped with its reason: on stderr and, when the
/// test command set `EK_SKIP_LOG`, as a line of that file, which its last line lists. Not
/// explained, it fails the test under `CI=true` and is recorded as an unexplained skip elsewhere.
#[cfg(test)]
pub(crate) fn not_checked(what: &str) {
    let reason = if cfg!(not(target_os = "linux")) {
        Some("not Linux: no madvise to see")
    } else if std::env::var("EK_EMULATED").as_deref() == Ok("qemu-user") {
        Some("qemu's user mode takes madvise and does nothing")
    } else if !std::path::Path::new("/sys/kernel/mm/transparent_hugepage").exists() {
        Some("the kernel has no transparent huge pages")
    } else {
        None
    };
    if reason.is_none() && std::env::var("CI").as_deref() == Ok("true") {
        panic!("{what}: not checked, as this system does not show which memory is advised, and nothing explains why (CI=true)");
    }
    let line =
        format!("{what}: {}", reason.unwrap_or("UNEXPLAINED: this system does not show which memory is advised"));
    eprintln!("skipped: {line}");
    if let Ok(log) = std::env::var("EK_SKIP_LOG") {
        use std::io::Write;
        let file = std::fs::OpenOptions::new().append(true).create(true).open(&log);
        // One write of one line: the test threads' lines do not interleave (O_APPEND).
        file.and_then(|mut f| f.write_all(format!("{line}\n").as_bytes())).expect("EK_SKIP_LOG is writable");
    }
}

#[cfg(all(test, target_os = "linux", not(miri)))]
mod tests {
    use super::mapping::Mapping;
    use super::*;

    #[test]
    fn a_large_block_is_advised_and_a_small_one_is_left_alone() {
        let big = Mapping::new(8 * HUGE_PAGE);
        let at = first_huge_boundary(big.0.cast(), big.1).expect("8 huge pages hold a boundary");
        let Some(before) = advised_huge(at) else {
            return not_checked("types::memory: a large block is advised");
        };
        assert!(!before, "a fresh mapping is advised");
        advise_huge_pages(big.0.cast(), big.1);
        assert_eq!(advised_huge(at), Some(true));
        // Less than 2 MiB: no whole huge page to advise.
        let small = Mapping::new(HUGE_PAGE - 4096);
        assert!(first_huge_boundary(small.0.cast(), small.1).is_none());
        advise_huge_pages(small.0.cast(), small.1);
        assert_eq!(advised_huge(small.0 as usize), Some(false));
    }
}
