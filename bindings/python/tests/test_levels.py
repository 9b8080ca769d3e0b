"""The levels the per-level tests run on are those the CPU's flags allow: the library's own
detection (``isa_supported``) against scripts/cpu-levels.sh, which reads /proc/cpuinfo (see
conftest.py for where the expected levels come from), as tests/golden.rs checks it for Rust. A
level the library leaves out, or claims without the CPU's flags, fails here rather than being
skipped (or run) unseen."""

import pytest

import edax_kernels as ek
from conftest import EXPECTED_LEVELS, LEVELS


def test_the_library_s_levels_are_those_the_cpu_s_flags_allow():
    if EXPECTED_LEVELS is None:
        pytest.skip("no EDAX_KERNELS_EXPECTED_LEVELS, and no scripts/cpu-levels.sh or /proc/cpuinfo to run it on")
    have = [level for level in LEVELS if ek.isa_supported(level)]
    print(f"levels run: {' '.join(have)}; the CPU's flags allow: {' '.join(EXPECTED_LEVELS)}")
    assert set(EXPECTED_LEVELS) <= set(LEVELS), "scripts/cpu-levels.sh names a level the tests do not know"
    assert have == EXPECTED_LEVELS, "the library's levels differ from those the CPU's flags allow"
