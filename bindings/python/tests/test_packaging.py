"""Tests of the Python package as installed: it is the wheel's copy (not the source tree), it
needs no environment variable, it carries Cargo.toml's version and its type hints, its public
names are those of each module's __all__ (no helper import among them), the batch calls hand the
caller's arrays to the native code without copying, and a single call runs no Python code (what
it costs beside a builtin call is measured by bindings/bench.sh, not tested)."""

import os
import subprocess
import sys
import sysconfig
import re
import types
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


def test_a_single_call_runs_no_python_code():
    # flip is the extension's builtin itself, not a Python wrapper: a call of it is one C call.
    assert ek.flip is ek._native.flip and isinstance(ek.flip, types.BuiltinFunctionType)
    p, o = ek.START
    events = []

    def profile(frame, event, arg):
        events.append((event, getattr(arg, "__name__", None)))

    sys.setprofile(profile)
    try:
        flipped = ek.flip(19, p, o)
    finally:
        sys.setprofile(None)
    assert flipped == 0x0000000008000000
    calls = [e for e in events if e[0] in ("call", "c_call")]
    assert calls == [("c_call", "flip"), ("c_call", "setprofile")], events


#: The public names of the package: those ``from edax_kernels import *`` gives, and no other
#: attribute without a leading underscore but the submodules.
PUBLIC = {
    "Board", "EdaxKernelsError", "NOMOVE", "PASS", "START",
    "loaded_from", "version", "isa", "isa_supported", "set_isa",
    "flip", "board_next", "count_last_flip", "board_score_1", "board_score_1_exact",
    "get_moves", "can_move", "get_mobility", "get_weighted_mobility", "get_potential_mobility",
    "get_stability", "get_edge_stability", "get_corner_stability", "hash_code", "symmetry",
    "unique", "bit_count", "perft", "perft_terminal",
    "flip_batch", "board_next_batch", "count_last_flip_batch", "get_moves_batch",
    "get_mobility_batch", "get_stability_batch", "hash_code_batch",
    "eval_load_file", "eval_load_bytes", "eval_load_default", "default_weights", "eval_loaded", "eval_unload",
    "Eval", "Solver", "SolveResult", "solve_shallow", "solve_many", "SolveManyResult", "random_positions",
    "Game", "square", "square_name", "planes", "squares", "features", "positions",
    "Weights", "Engine", "SearchResult", "MoveScore", "PlayResult", "best_move", "Book", "BookEntry", "BookMove",
    "read_wthor", "read_games", "write_games", "write_wthor",
}
#: The public names of the submodules.
PUBLIC_MANY = {
    "SolveManyResult", "solve_many", "solve_chunk", "random_positions", "as_arrays", "chunk_bounds", "NOT_A_MOVE",
    "DEFAULT_CHUNK_SIZE", "EvalWeights",
}
PUBLIC_SOLVE = {"main", "read_input"}
PUBLIC_BASES = {"Game", "Wthor", "WthorPositions", "read_games", "read_wthor", "write_games", "write_wthor"}
PUBLIC_LEARN_SYMMETRY = {
    "N_SYMMETRIES", "symmetric_observation", "symmetric_mask", "symmetric_action", "inverse_symmetry", "augment",
}
PUBLIC_LEARN = ({"VecOthello", "PASS_ACTION", "N_ACTIONS", "RandomOpponent", "EngineOpponent", "SolverOpponent"}
                | PUBLIC_LEARN_SYMMETRY)
PUBLIC_SELFPLAY = {"self_play", "play_chunk", "parse_opening", "read_openings", "DEFAULT_GAMES_PER_CHUNK", "main"}
#: What the modules import for themselves, which must not be public.
HELPERS = {"np", "NamedTuple", "Optional", "Tuple", "List", "Union", "Path", "os", "sys", "threading", "wait"}


def public_names(module):
    """The attributes of ``module`` without a leading underscore, and those of them that are
    the package's submodules."""
    names = {n for n in dir(module) if not n.startswith("_")}
    subs = {n for n in names if isinstance(getattr(module, n), types.ModuleType)
            and getattr(module, n).__name__.startswith("edax_kernels.")}
    return names - subs, subs


def star(module):
    """The names ``from MODULE import *`` binds."""
    scope = {}
    exec(f"from {module} import *", scope)
    return set(scope) - {"__builtins__"}


def test_public_names_are_those_of_all():
    from edax_kernels import bases, learn, learn_symmetry, many, selfplay, solve

    names, subs = public_names(ek)
    assert names == PUBLIC, (sorted(names - PUBLIC), sorted(PUBLIC - names))
    # gym_env and pettingzoo_env are there once a test has imported them (they need the learn
    # extra: their own tests, test_gym.py and test_pettingzoo.py, check their names).
    assert subs <= {"many", "solve", "learn", "learn_symmetry", "gym_env", "pettingzoo_env", "selfplay",
                    "bases"}, subs
    assert len(ek.__all__) == len(set(ek.__all__)) and set(ek.__all__) == PUBLIC
    assert star("edax_kernels") == PUBLIC
    assert not {"np", "NamedTuple", "Optional", "Tuple"} & star("edax_kernels")
    for module, public in ((many, PUBLIC_MANY), (solve, PUBLIC_SOLVE), (learn, PUBLIC_LEARN),
                           (learn_symmetry, PUBLIC_LEARN_SYMMETRY), (selfplay, PUBLIC_SELFPLAY),
                           (bases, PUBLIC_BASES)):
        names, subs = public_names(module)
        assert names == public and not subs, (module.__name__, sorted(names ^ public), subs)
        assert len(module.__all__) == len(set(module.__all__)) and set(module.__all__) == public
        assert star(module.__name__) == public
    for module in (ek, many, solve, learn, learn_symmetry, selfplay):
        assert not HELPERS & set(dir(module)), (module.__name__, HELPERS & set(dir(module)))
