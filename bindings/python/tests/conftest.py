"""Test set-up: the installed edax_kernels package (bindings/test.sh installs the wheel into a
fresh virtual environment; nothing here puts the source tree on the path), and the known
answers from tests/data/golden."""

from pathlib import Path

import pytest

import edax_kernels as ek

ROOT = Path(__file__).resolve().parents[3]


def records(name):
    """Records of a golden file: fields of each line, the `#` header skipped."""
    lines = (ROOT / "tests" / "data" / "golden" / name).read_text().splitlines()
    recs = [line.split() for line in lines if line.strip() and not line.startswith("#")]
    assert recs, f"{name} has no records"
    return recs


@pytest.fixture(params=["portable", "sse2", "avx2", "avx512", "neon"])
def level(request):
    """Each level this CPU has, made active for one test (then the best one again)."""
    if not ek.isa_supported(request.param):
        pytest.skip(f"this CPU has no {request.param}")
    best = ek.isa()
    ek.set_isa(request.param)
    yield request.param
    ek.set_isa(best)
