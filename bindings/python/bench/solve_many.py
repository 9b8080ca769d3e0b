"""Benchmark of solving many positions (BENCHMARKS.md, "Solving many positions"): N random
reachable positions with E empty squares (edax_kernels.random_positions, seed 2026), solved
exactly by

  batch       one Solver.solve_batch call: the C batch call (ek_solver_solve_batch), one core,
              one table kept across the positions;
  one core    solve_many(workers=1): the Python path, chunks of CHUNK, one table cleared per chunk;
  threads     solve_many(workers=CORES): every core, threads (the GIL released in each chunk);
  processes   the same chunks on a ProcessPoolExecutor of CORES processes (the alternative to
              threads);
  dask        solve_many(client=...) on a LocalCluster of CORES single-threaded worker processes
              (started before the timing);

in ROUNDS rounds, the ways interleaved in each round; every way's scores are checked equal.
Prints wall time, positions per second and the ratios the targets name, as Markdown.
Usage: python bindings/python/bench/solve_many.py [--positions N] [--empties E] [--rounds R]
       [--chunk-size CHUNK] [--hash-bits B] [--only WAY,...]   (needs the package's scale extra)
"""

import argparse
import os
import platform
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import edax_kernels as ek
from edax_kernels.many import chunk_bounds, solve_chunk


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            info = dict((k.strip(), v) for k, v in (line.split(":", 1) for line in f if ":" in line))
        return f"{info['model name'].strip()} (family {info['cpu family'].strip()} model {info['model'].strip()})"
    except (OSError, KeyError):
        return platform.processor() or "unknown CPU"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=10_000)
    ap.add_argument("--empties", type=int, default=16)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--chunk-size", type=int, default=ek.many.DEFAULT_CHUNK_SIZE)
    ap.add_argument("--hash-bits", type=int, default=20)
    ap.add_argument("--only", default="batch,one core,threads,processes,dask")
    args = ap.parse_args()
    ways = args.only.split(",")
    cores = os.cpu_count() or 1
    p, o = ek.random_positions(args.positions, empties=args.empties, seed=2026)
    bounds = chunk_bounds(p.size, args.chunk_size)
    client = None
    if "dask" in ways:
        from distributed import Client, LocalCluster

        cluster = LocalCluster(n_workers=cores, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)

    def run(way):
        if way == "batch":
            with ek.Solver(args.hash_bits) as s:
                return s.solve_batch(p, o)[0]
        if way == "one core":
            return ek.solve_many((p, o), workers=1, chunk_size=args.chunk_size, hash_bits=args.hash_bits, progress=False).scores
        if way == "threads":
            return ek.solve_many((p, o), workers=cores, chunk_size=args.chunk_size, hash_bits=args.hash_bits, progress=False).scores
        if way == "processes":
            with ProcessPoolExecutor(cores) as pool:
                parts = pool.map(solve_chunk, [p[a:b] for a, b in bounds], [o[a:b] for a, b in bounds],
                                 [args.hash_bits] * len(bounds))
                return np.concatenate([s for s, _, _ in parts])
        if way == "dask":
            return ek.solve_many((p, o), client=client, chunk_size=args.chunk_size, hash_bits=args.hash_bits, progress=False).scores
        raise SystemExit(f"unknown way {way}")

    times = {w: [] for w in ways}
    reference = None
    for r in range(args.rounds):
        for w in (ways if r % 2 == 0 else ways[::-1]):
            t = time.perf_counter()
            scores = run(w)
            times[w].append(time.perf_counter() - t)
            if reference is None:
                reference = scores
            assert np.array_equal(scores, reference), f"{w}: other scores"
    if client is not None:
        client.close()
        cluster.close()

    med = {w: statistics.median(v) for w, v in times.items()}
    print(f"{args.positions} positions, {args.empties} empties (seed 2026), chunks of {args.chunk_size}, "
          f"hash_bits {args.hash_bits}, {cores} cores, {cpu_name()}, {args.rounds} rounds")
    print()
    print("| way | wall s per round | median s | positions/s |")
    print("|---|---|---|---|")
    for w in ways:
        print(f"| {w} | {' / '.join(f'{t:.1f}' for t in times[w])} | {med[w]:.1f} | {args.positions / med[w]:.0f} |")
    print()
    if "one core" in med and "threads" in med:
        print(f"- every core against one core (threads): {med['one core'] / med['threads']:.2f}x throughput")
    if "processes" in med and "threads" in med:
        print(f"- processes against threads: {med['threads'] / med['processes']:.2f}x throughput")
    if "dask" in med and "threads" in med:
        print(f"- Dask LocalCluster against the direct run: {med['threads'] / med['dask']:.2f}x throughput")
    if "batch" in med and "one core" in med:
        print(f"- the Python path per position against the C batch call, one core: {med['one core'] / med['batch']:.3f}x")


if __name__ == "__main__":
    main()
