"""Test set-up: the installed edax_kernels package (bindings/test.sh installs the wheel into a
fresh virtual environment; nothing here puts the source tree on the path), the known answers
from tests/data/golden, the levels this machine's CPU has, and the account of the skips.

The levels: the library's own detection (``isa_supported``) decides which levels the per-level
tests run on, so it is checked against the CPU's flags as tests/golden.rs does for Rust
(test_levels.py): against EDAX_KERNELS_EXPECTED_LEVELS when set (bindings/test.sh passes what
scripts/cpu-levels.sh prints; bindings/python/test-cross.sh, under qemu-aarch64, "portable neon",
what the script prints on AArch64), else the script's output when the script and /proc/cpuinfo
are there (not under qemu: EK_CHILD_RUNNER set, the script would read the host's CPU).

The skips: every skip is printed at the end with its test and reason. A skip is explained when
its reason is in EXPLAINED and that entry's condition holds (a level that the CPU's flags do not
allow, the scale extra where EK_REQUIRE_SCALE does not ask for it, the learn extra where
EK_REQUIRE_LEARN does not): it is printed on a line
starting "skipped, explained". Any other skip is printed on a line starting "SKIPPED", which
scripts/test.sh counts as a skipped step, and under CI=true it fails the run."""

import os
import re
import subprocess
from pathlib import Path

import pytest

import edax_kernels as ek

ROOT = Path(__file__).resolve().parents[3]

#: Every level the library knows, lowest first (scripts/cpu-levels.sh's order).
LEVELS = ["portable", "sse2", "avx2", "avx512", "neon"]


def records(name):
    """Records of a golden file: fields of each line, the `#` header skipped."""
    lines = (ROOT / "tests" / "data" / "golden" / name).read_text().splitlines()
    recs = [line.split() for line in lines if line.strip() and not line.startswith("#")]
    assert recs, f"{name} has no records"
    return recs


def _expected_levels():
    """The levels the CPU's flags allow (see the module's doc), or None when nothing says."""
    given = os.environ.get("EDAX_KERNELS_EXPECTED_LEVELS", "").split()
    if given:
        return given
    script = ROOT / "scripts" / "cpu-levels.sh"
    if script.is_file() and Path("/proc/cpuinfo").is_file() and not os.environ.get("EK_CHILD_RUNNER"):
        return subprocess.run(["bash", str(script)], capture_output=True, text=True, check=True).stdout.split()
    return None


EXPECTED_LEVELS = _expected_levels()


@pytest.fixture(params=LEVELS)
def level(request):
    """Each level this CPU has, made active for one test (then the best one again)."""
    if not ek.isa_supported(request.param):
        pytest.skip(f"this CPU has no {request.param}")
    best = ek.isa()
    ek.set_isa(request.param)
    yield request.param
    ek.set_isa(best)


#: The skips that this machine explains: (the reason, as a regular expression; whether a match is
#: explained; what explains it).
EXPLAINED = [
    (r"this CPU has no (\w+)", lambda m: EXPECTED_LEVELS is not None and m.group(1) not in EXPECTED_LEVELS,
     f"the CPU's flags allow {' '.join(EXPECTED_LEVELS or ['?'])}"),
    (r"the scale extra is not installed here \(no module \w+\)", lambda m: not os.environ.get("EK_REQUIRE_SCALE"),
     "EK_REQUIRE_SCALE unset: this run does not install the scale extra"),
    (r"the learn extra is not installed here \(no module \w+\)", lambda m: not os.environ.get("EK_REQUIRE_LEARN"),
     "EK_REQUIRE_LEARN unset: this run does not install the learn extra"),
]


def require_scale_extra():
    """Skips the calling test module, for a reason EXPLAINED names, when a module of the `scale`
    extra (dask, distributed, pyarrow, tqdm) is missing and EK_REQUIRE_SCALE is unset; under
    EK_REQUIRE_SCALE (bindings/test.sh installs the extra) the module's imports fail instead."""
    if os.environ.get("EK_REQUIRE_SCALE"):
        return
    for module in ("dask", "distributed", "pyarrow", "tqdm"):
        try:
            __import__(module)
        except ImportError:
            pytest.skip(f"the scale extra is not installed here (no module {module})", allow_module_level=True)


def require_learn_extra():
    """Skips the calling test module, for a reason EXPLAINED names, when a module of the `learn`
    extra (gymnasium, pettingzoo) is missing; under EK_REQUIRE_LEARN (bindings/test.sh installs
    the extra) a missing module is an error instead, which fails the module's tests."""
    for module in ("gymnasium", "pettingzoo"):
        try:
            __import__(module)
        except ImportError:
            if os.environ.get("EK_REQUIRE_LEARN"):
                raise
            pytest.skip(f"the learn extra is not installed here (no module {module})", allow_module_level=True)

_skips = []  # (test or module, reason)


def _record(report):
    if report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        _skips.append((report.nodeid, reason.removeprefix("Skipped: ")))


def pytest_collectreport(report):
    _record(report)


def pytest_runtest_logreport(report):
    _record(report)


def _explained(reason):
    """What explains a skip's reason, or None."""
    for pattern, holds, why in EXPLAINED:
        m = re.fullmatch(pattern, reason)
        if m and holds(m):
            return why
    return None


def _unexplained():
    return [(test, reason) for test, reason in _skips if _explained(reason) is None]


def _ci():
    return os.environ.get("CI") == "true"


def pytest_sessionfinish(session, exitstatus):
    if _ci() and _unexplained() and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter):
    for test, reason in _skips:
        why = _explained(reason)
        if why is not None:
            terminalreporter.write_line(f"skipped, explained ({why}): {test}: {reason}")
    for test, reason in _unexplained():
        terminalreporter.write_line(f"SKIPPED (not explained by this CPU or system): {test}: {reason}")
    if _ci() and _unexplained():
        terminalreporter.write_line(f"FAILED: {len(_unexplained())} skip(s) not explained, under CI=true")
