"""Tests of the Python binding's solver: every fforum-1-19 position (tests/data/fforum) solved to
its published score with a move the file lists with that score, solve_batch against single
solves, a solve stopped from another thread (the GIL released meanwhile), the node limit, the
thread count, the evaluation ordering (with the synthetic eval.dat named by EK_EVAL_DAT), Edax's
leaf search against its known answers (tests/data/golden/shallow.txt), and the errors."""

import os
import threading

import numpy as np
import pytest

import edax_kernels as ek
from conftest import ROOT, records

EK_ERR_NULL, EK_ERR_RANGE, EK_ERR_EVAL_NONE, EK_ERR_STOPPED, EK_ERR_BUSY = -1, -2, -9, -11, -12
OVER = ek.Board(1, 1 << 63)  # A1 against H8: a finished game (a draw), solved at once


def square(name):
    return ord(name[0]) - ord("a") + 8 * (int(name[1]) - 1)


def fforum(name):
    """The problems of an fforum file: (board, empties, best score, {move: score})."""
    lines = (ROOT / "tests" / "data" / "fforum" / name).read_text().splitlines()
    problems = []
    for f in (line.split() for line in lines if line.strip() and not line.startswith("#")):
        moves = {square(m.split(":")[0]): int(m.split(":")[1]) for m in f[4:]}
        problems.append((ek.Board(int(f[0], 16), int(f[1], 16)), int(f[2]), int(f[3]), moves))
    return problems


def test_fforum_1_19():
    problems = fforum("fforum-1-19.txt")
    assert len(problems) == 19
    with ek.Solver(hash_bits=20) as s:
        for i, (board, empties, best, moves) in enumerate(problems, 1):
            r = s.solve(board)
            assert isinstance(r, ek.SolveResult) and r.nodes > 0
            assert r.score == best, f"#{i}"
            assert moves.get(r.move) == best, f"#{i}: move {r.move} not listed with {best}"


def test_solve_batch_equals_single_solves():
    problems = fforum("fforum-1-19.txt")
    ps = np.array([b.player for b, *_ in problems], dtype=np.uint64)
    os_ = np.array([b.opponent for b, *_ in problems], dtype=np.uint64)
    # Two solvers given the same positions in the same order: their tables evolve alike.
    with ek.Solver(hash_bits=20) as batch, ek.Solver(hash_bits=20) as single:
        scores, moves = batch.solve_batch(ps, os_)
        assert scores.dtype == moves.dtype == np.int32
        want = [single.solve(b)[:2] for b, *_ in problems]
        assert list(zip(scores.tolist(), moves.tolist())) == want
        assert scores.tolist() == [best for _, _, best, _ in problems]
        # Lists are converted; an empty batch is no error.
        assert batch.solve_batch(ps.tolist()[:3], os_.tolist()[:3])[0].tolist() == scores.tolist()[:3]
        assert [len(a) for a in batch.solve_batch([], [])] == [0, 0]


def test_solve_batch_uses_uint64_arrays_in_place():
    seen = []

    class Spy(ek.Solver):
        def _solve_batch(self, *arrays):
            seen.extend(arrays)
            super()._solve_batch(*arrays)

    ps = np.array([ek.START.player], dtype=np.uint64)
    os_ = np.array([ek.START.opponent], dtype=np.uint64)
    with Spy(hash_bits=10) as s:
        s.node_limit = 1000
        with pytest.raises(ek.EdaxKernelsError):
            s.solve_batch(ps, os_)
    assert seen[0] is ps and seen[1] is os_


def test_a_solve_stopped_from_another_thread():
    board = next(p[0] for p in fforum("fforum-20-39.txt") if p[1] == 24)
    outcome = []
    with ek.Solver(hash_bits=20) as s:
        def work():
            # The probe below may hold the solver for a moment: retry until this solve runs.
            while True:
                try:
                    outcome.append(s.solve(board))
                    return
                except ek.EdaxKernelsError as e:
                    if e.status != EK_ERR_BUSY:
                        outcome.append(e)
                        return

        worker = threading.Thread(target=work)
        worker.start()
        busy_seen = False
        while not busy_seen and worker.is_alive():
            try:
                s.solve(OVER)
            except ek.EdaxKernelsError as e:
                busy_seen = e.status == EK_ERR_BUSY
        while worker.is_alive():
            s.stop()
            worker.join(0.001)
        assert busy_seen, "a second solve was never refused while the first ran (the GIL held?)"
        assert isinstance(outcome[0], ek.EdaxKernelsError), outcome
        assert outcome[0].status == EK_ERR_STOPPED
        # The solver works again; the node limit stops a solve too.
        s.node_limit = 10_000
        assert s.node_limit == 10_000
        with pytest.raises(ek.EdaxKernelsError) as e:
            s.solve(ek.START)
        assert e.value.status == EK_ERR_STOPPED
        s.node_limit = 0
        s.clear()
        first = fforum("fforum-1-19.txt")[0]
        assert s.solve(first[0]).score == first[2]


def test_threads():
    # An fforum-20-39 problem with 18 empty squares: a solve spread over the threads (16+).
    board, empties, best, moves = next(p for p in fforum("fforum-20-39.txt") if p[1] == 18)
    with ek.Solver(hash_bits=20) as one:
        assert one.threads == 1
        r1 = one.solve(board)
    with ek.Solver(hash_bits=20) as s:
        s.threads = 2
        assert s.threads == 2
        r2 = s.solve(board)
        assert r2.score == best == r1.score
        assert moves.get(r2.move) == best, f"move {r2.move} not listed with {best}"
        for bad in (0, 257, -1, 2**32):
            expect_status(EK_ERR_RANGE, setattr, s, "threads", bad)
            assert s.threads == 2, bad
        s.threads = 256
        assert s.threads == 256
        s.threads = 1
        assert s.threads == 1
    with ek.Solver(20, threads=2) as s:
        assert s.threads == 2
        assert s.solve_batch([board.player], [board.opponent])[0].tolist() == [best]
    for bad in (0, 257):
        expect_status(EK_ERR_RANGE, lambda: ek.Solver(8, threads=bad))
    with pytest.raises(TypeError):
        ek.Solver(8, 2)  # threads is keyword-only
    s.close()
    expect_status(EK_ERR_NULL, setattr, s, "threads", 2)


def test_eval():
    # An fforum-20-39 problem with 18 empty squares: the weights order its nodes of 14+.
    board, empties, best, moves = next(p for p in fforum("fforum-20-39.txt") if p[1] == 18)
    path = os.environ.get("EK_EVAL_DAT")
    assert path, "EK_EVAL_DAT must name the synthetic eval.dat (bindings/test.sh sets it)"
    loaded = ek.eval_loaded()
    ek.eval_unload()
    try:
        with ek.Solver(hash_bits=20) as s:
            # No weights loaded: refused, the setting kept.
            assert s.eval is False
            expect_status(EK_ERR_EVAL_NONE, setattr, s, "eval", True)
            assert s.eval is False
            s.eval = False
            assert s.eval is False
            fast = s.solve(board)
        expect_status(EK_ERR_EVAL_NONE, lambda: ek.Solver(8, eval=True))
        ek.eval_load_file(path)
        with ek.Solver(hash_bits=20) as s:
            s.eval = True
            assert s.eval is True
            r = s.solve(board)
            assert r.score == best == fast.score
            assert moves.get(r.move) == best, f"move {r.move} not listed with {best}"
            # The weights ordered the search: another tree than the fast order's.
            assert r.nodes != fast.nodes
            s.eval = False
            assert s.eval is False
            s.clear()
            assert s.solve(board).score == best
        with ek.Solver(20, eval=True) as s:
            assert s.eval is True
            assert s.solve(board).nodes == r.nodes
            assert s.solve_batch([board.player], [board.opponent])[0].tolist() == [best]
        with pytest.raises(TypeError):
            ek.Solver(8, 2, True)  # eval is keyword-only
        s.close()
        expect_status(EK_ERR_NULL, setattr, s, "eval", True)
        expect_status(EK_ERR_NULL, getattr, s, "eval")
    finally:
        if loaded:
            ek.eval_load_file(path)
        else:
            ek.eval_unload()


def test_solve_shallow_known_answers():
    for r in records("shallow.txt"):
        board = ek.Board(int(r[0], 16), int(r[1], 16))
        assert ek.solve_shallow(board, int(r[2])) == (int(r[3]), int(r[4])), r


def expect_status(status, f, *args):
    with pytest.raises(ek.EdaxKernelsError) as e:
        f(*args)
    assert e.value.status == status
    assert str(e.value).startswith("edax_kernels: ")


def test_errors():
    for bits in (0, 33, -1):
        expect_status(EK_ERR_RANGE, ek.Solver, bits)
    s = ek.Solver(hash_bits=8)
    for alpha, beta in ((0, 0), (1, 0), (-65, 64), (-64, 65)):
        expect_status(EK_ERR_RANGE, s.solve, ek.START, alpha, beta)
    expect_status(EK_ERR_RANGE, s.solve, (1, 1))
    expect_status(EK_ERR_RANGE, s.solve_batch, [OVER.player, 1], [OVER.opponent, 1])
    with pytest.raises(ValueError):
        s.solve_batch([1, 2], [3])
    with pytest.raises(OverflowError):
        s.solve((-1, 0))
    expect_status(EK_ERR_RANGE, ek.solve_shallow, ek.START, 0)  # 60 empty squares
    assert s.solve(OVER, -1, 1)[:2] == (0, ek.NOMOVE)
    s.close()
    s.close()
    s.stop()  # nothing to stop
    expect_status(EK_ERR_NULL, s.solve, ek.START)
    expect_status(EK_ERR_NULL, s.clear)
