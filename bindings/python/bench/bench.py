"""Per-call cost of edax_kernels.flip from Python (the installed package's extension module), and
per-board cost of flip_batch (NumPy arrays), on the records of a flip.txt golden file; and, in
the same process with timeit, one call of flip(19, p, o), of the builtin max(19, p, o), and of
the C library's ek_flip through ctypes (the binding's former path); then the cost per position
of Solver.solve_batch on the first 200 positions of eval.txt with at most 14 empty squares, as
bindings/c/bench/bench.c measures it.
Prints "python <single ns/call> <batch ns/board> <checksum> <flip ns> <max ns> <ctypes ns>" and
"python-solve <batch us/position> <checksum>".
Usage: python bench.py FLIP_TXT LIBRARY_PATH EVAL_TXT   (LIBRARY_PATH: libedax_kernels.so, for ctypes)
"""

import ctypes
import statistics
import sys
import time
import timeit
from pathlib import Path

import numpy as np

import edax_kernels as ek

SAMPLES = 11
SOLVES, SOLVE_SAMPLES, SOLVE_PASSES, MAX_EMPTIES = 200, 3, 10, 14


def per_board(f, n):
    """Median over SAMPLES of the time per board of f, each sample repeating f for >= 20 ms."""
    reps = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(reps):
            f()
        if time.perf_counter() - t0 >= 0.02:
            break
        reps *= 2
    times = []
    for _ in range(SAMPLES):
        t0 = time.perf_counter()
        for _ in range(reps):
            f()
        times.append((time.perf_counter() - t0) / reps / n * 1e9)
    return statistics.median(times)


def per_call(stmt, g, n=200_000):
    """Median over SAMPLES of timeit's time per call of stmt, in ns."""
    return statistics.median(timeit.timeit(stmt, globals=g, number=n) / n * 1e9 for _ in range(SAMPLES))


def solve_batch(eval_txt):
    """Median over SOLVE_SAMPLES of the time per position of one solve_batch call on the first
    SOLVES positions of eval.txt with at most MAX_EMPTIES empty squares, each sample SOLVE_PASSES
    calls on a cleared table (the clearing not timed); and the sum of 100 * score + move."""
    recs = [line.split() for line in Path(eval_txt).read_text().splitlines() if not line.startswith("#")]
    boards = [(int(r[0], 16), int(r[1], 16)) for r in recs]
    boards = [b for b in boards if 64 - bin(b[0] | b[1]).count("1") <= MAX_EMPTIES][:SOLVES]
    ps, os_ = (np.array([b[i] for b in boards], dtype=np.uint64) for i in (0, 1))
    times = []
    with ek.Solver(hash_bits=20) as solver:
        for _ in range(SOLVE_SAMPLES):
            t = 0.0
            for _ in range(SOLVE_PASSES):
                solver.clear()
                t0 = time.perf_counter()
                scores, moves = solver.solve_batch(ps, os_)
                t += time.perf_counter() - t0
            times.append(t / SOLVE_PASSES / SOLVES * 1e6)
    return statistics.median(times), int((100 * scores.astype(np.int64) + moves).sum())


def engine_searches(eval_txt):
    """Median over SOLVE_SAMPLES of the time per level-10 search (Engine.search, the built-in
    weights, a table of 2**20 entries cleared before each search, not timed) of the first 40
    positions of eval.txt with at least 24 empty squares; and the sum of 100 * score + move +
    nodes."""
    recs = [line.split() for line in Path(eval_txt).read_text().splitlines() if not line.startswith("#")]
    boards = [(int(r[0], 16), int(r[1], 16)) for r in recs]
    boards = [b for b in boards if 64 - bin(b[0] | b[1]).count("1") >= 24][:40]
    times = []
    with ek.Engine(hash_bits=20) as engine:
        for _ in range(SOLVE_SAMPLES):
            t, check = 0.0, 0
            for b in boards:
                engine.clear()
                t0 = time.perf_counter()
                r = engine.search(b, 10)
                t += time.perf_counter() - t0
                check += 100 * r.score + r.move + r.nodes
            times.append(t / len(boards) * 1e3)
    return statistics.median(times), check


def main():
    recs = [line.split() for line in Path(sys.argv[1]).read_text().splitlines() if not line.startswith("#")]
    xs = [int(r[2]) for r in recs]
    ps = [int(r[0], 16) for r in recs]
    os_ = [int(r[1], 16) for r in recs]
    axs, aps, aos = np.array(xs, dtype=np.int32), np.array(ps, dtype=np.uint64), np.array(os_, dtype=np.uint64)
    out = np.empty(len(xs), dtype=np.uint64)
    sink = [0]
    flip = ek.flip

    def single():
        s = 0
        for x, p, o in zip(xs, ps, os_):
            s += flip(x, p, o)
        sink[0] += s

    def batch():
        ek.flip_batch(axs, aps, aos, out=out)
        sink[0] += int(out[-1])

    a, b = per_board(single, len(xs)), per_board(batch, len(xs))
    lib = ctypes.CDLL(sys.argv[2])
    lib.ek_flip.restype, lib.ek_flip.argtypes = ctypes.c_uint64, [ctypes.c_int, ctypes.c_uint64, ctypes.c_uint64]
    g = {"flip": flip, "ek_flip": lib.ek_flip, "p": ek.START.player, "o": ek.START.opponent}
    calls = [per_call(stmt, g) for stmt in ("flip(19, p, o)", "max(19, p, o)", "ek_flip(19, p, o)")]
    print(f"python {a:.2f} {b:.2f} {sink[0] % 2**64} " + " ".join(f"{c:.1f}" for c in calls))
    t, check = solve_batch(sys.argv[3])
    print(f"python-solve {t:.2f} {check}")
    t, check = engine_searches(sys.argv[3])
    print(f"python-engine {t:.3f} {check}")


main()
