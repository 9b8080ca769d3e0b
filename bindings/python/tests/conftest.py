"""Test set-up: the package from this checkout, the library from EDAX_KERNELS_LIB (else the one
scripts/build-capi.sh builds), and the known answers from tests/data/golden."""

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "bindings" / "python"))

import edax_kernels as ek  # noqa: E402

DEFAULT_LIB = ROOT / "target" / "capi" / "release" / "libedax_kernels.so"


def library_path() -> str:
    return os.environ.get(ek.ENV_VAR) or str(DEFAULT_LIB)


@pytest.fixture(scope="session", autouse=True)
def loaded():
    ek.load(library_path())


def records(name):
    """Records of a golden file: fields of each line, the `#` header skipped."""
    lines = (ROOT / "tests" / "data" / "golden" / name).read_text().splitlines()
    recs = [line.split() for line in lines if line.strip() and not line.startswith("#")]
    assert recs, f"{name} has no records"
    return recs


@pytest.fixture(params=["portable", "sse2", "avx2", "avx512"])
def level(request):
    """Each level this CPU has, made active for one test (then the best one again)."""
    if not ek.isa_supported(request.param):
        pytest.skip(f"this CPU has no {request.param}")
    best = ek.isa()
    ek.set_isa(request.param)
    yield request.param
    ek.set_isa(best)
