#!/usr/bin/env python3
"""Prints the criterion results of benches/kernels.rs (target/criterion) as a Markdown table of
ns per call: one row per kernel, one column per level and call path, plus the C reference."""
import json
import pathlib
import sys

N = 1024  # calls per iteration in benches/kernels.rs
root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "target/criterion")
levels = ["portable", "sse2", "avx2", "avx512"]
kernels = ["flip", "count_last_flip", "board_score_1", "get_moves", "get_mobility", "get_potential_mobility",
           "get_stability", "get_edge_stability", "board_get_hash_code", "board_symetry", "board_unique"]


def ns(*parts):
    f = root.joinpath(*parts, "new", "estimates.json")
    if not f.exists():
        return "–"
    return "%.2f" % (json.loads(f.read_text())["median"]["point_estimate"] / N)


head = ["kernel"] + ["%s %s" % (l, p) for l in levels for p in ("direct", "C ABI")] + ["C reference"]
print("| " + " | ".join(head) + " |")
print("|" + "---|" * len(head))
for k in kernels:
    row = [k] + [ns(k, p, l) for l in levels for p in ("direct", "c_abi")] + [ns(k, "c_reference")]
    print("| " + " | ".join(row) + " |")
