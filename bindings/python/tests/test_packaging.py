"""Tests of the Python package as installed: it is the wheel's copy (not the source tree), it
needs no environment variable, it carries Cargo.toml's version and its type hints, the batch
calls hand the caller's arrays to the native code without copying, and one call costs at most
twice a builtin call of the same arity (five times from CPython 3.12, see that test)."""

import os
import subprocess
import sys
import sysconfig
import re
import timeit
from pathlib import Path

import numpy as np

import edax_kernels as ek
from conftest import ROOT


def cargo_version():
    """[workspace.package]'s version in Cargo.toml (read without tomllib, which CPython 3.9 and
    3.10 lack: the wheel is tested there too)."""
    text = (ROOT / "Cargo.toml").read_text()
    section = text.split("[workspace.package]", 1)[1].split("\n[", 1)[0]
    return re.search(r'^version = "([^"]+)"', section, re.M).group(1)


def test_installed_not_the_source_tree():
    package = Path(ek.__file__).resolve().parent
    assert package == Path(sysconfig.get_paths()["platlib"]).resolve() / "edax_kernels"
    assert not package.is_relative_to(ROOT / "bindings"), package
    native = Path(ek.loaded_from())
    assert native.parent == package and native.name.startswith("_native.") and native.suffix == ".so"
    assert (package / "py.typed").is_file() and (package / "_native.pyi").is_file()


def test_versions_are_cargo_toml_s():
    assert ek.__version__ == ek.version() == cargo_version()


def test_no_environment_variable_needed(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("EDAX_KERNELS_LIB", "LD_LIBRARY_PATH", "PYTHONPATH")}
    code = "import edax_kernels as ek; print(ek.flip(19, *ek.START), ek.isa())"
    # Under qemu (bindings/python/test-cross.sh) an emulated interpreter starts through qemu.
    runner = os.environ.get("EK_CHILD_RUNNER", "").split()
    r = subprocess.run(runner + [sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[0] == str(0x0000000008000000)


def test_batch_calls_do_not_copy(monkeypatch):
    xs = np.array([19, 26, 37, 44], dtype=np.int32)
    ps = np.full(4, ek.START.player, dtype=np.uint64)
    os_ = np.full(4, ek.START.opponent, dtype=np.uint64)
    seen = []
    native = ek._native.flip_batch

    def spy(*arrays):
        seen.extend(arrays)
        native(*arrays)

    monkeypatch.setattr(ek._native, "flip_batch", spy)
    out = np.zeros(4, dtype=np.uint64)
    assert ek.flip_batch(xs, ps, os_, out=out) is out
    assert seen[0] is xs and seen[1] is ps and seen[2] is os_ and seen[3] is out
    assert out.tolist() == [ek.flip(int(x), *ek.START) for x in xs]
    # In place: the results replace an input array.
    ek.get_moves_batch(ps, os_, out=ps)
    assert ps.tolist() == [ek.get_moves(*ek.START)] * 4


def test_native_batch_calls_refuse_what_they_would_have_to_copy():
    ps = np.zeros(4, dtype=np.uint64)
    for bad in (np.zeros(8, dtype=np.uint64)[::2], np.zeros(4, dtype=np.int64)):
        try:
            ek._native.get_moves_batch(bad, ps, ps)
        except (ValueError, BufferError, TypeError):
            pass
        else:
            raise AssertionError(f"accepted {bad.dtype} strides {bad.strides}")
    readonly = np.zeros(4, dtype=np.uint64)
    readonly.flags.writeable = False
    try:
        ek._native.get_moves_batch(ps, ps, readonly)
    except (ValueError, BufferError):
        pass
    else:
        raise AssertionError("wrote to a read-only array")


def test_flip_costs_about_a_builtin_call():
    p, o = ek.START
    n = 200_000
    flip = ek.flip
    g = {"flip": flip, "p": p, "o": o}
    # Best of several rounds, the two timed in turn: the machine's noise slows both alike.
    rounds = [(timeit.timeit("flip(19, p, o)", globals=g, number=n), timeit.timeit("max(19, p, o)", globals=g, number=n))
              for _ in range(7)]
    flip_ns, max_ns = (min(r[i] for r in rounds) / n * 1e9 for i in (0, 1))
    print(f"flip {flip_ns:.0f} ns, max {max_ns:.0f} ns, ratio {flip_ns / max_ns:.2f}")
    # The wheel is built for the stable ABI of CPython 3.9 (one wheel for every CPython from
    # 3.9), which has no fast calling convention for functions of several arguments (it came to
    # the stable ABI in 3.10): each call builds a tuple. Until 3.11 builtins pay much the same;
    # from 3.12 on, CPython's own calls got cheaper, and the same call measured 3.0x and 3.5x
    # max's on 3.13 (BENCHMARKS.md, "Python: the game object and the stable ABI"). The bound is
    # 2x before 3.12 and 5x from it.
    bound = 2 if sys.version_info < (3, 12) else 5
    assert flip_ns <= bound * max_ns, (flip_ns, max_ns, bound)
