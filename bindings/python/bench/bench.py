"""Per-call cost of edax_kernels.flip from Python (the installed package's extension module), and
per-board cost of flip_batch (NumPy arrays), on the records of a flip.txt golden file; and, in
the same process with timeit, one call of flip(19, p, o), of the builtin max(19, p, o), and of
the C library's ek_flip through ctypes (the binding's former path).
Prints "python <single ns/call> <batch ns/board> <checksum> <flip ns> <max ns> <ctypes ns>".
Usage: python bench.py FLIP_TXT LIBRARY_PATH   (LIBRARY_PATH: libedax_kernels.so, for ctypes)
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


main()
