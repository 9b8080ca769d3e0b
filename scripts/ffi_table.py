#!/usr/bin/env python3
"""Formats an ffi_bench --json file as a Markdown table (throughput and latency side by side)."""
import json
import sys

data = json.load(open(sys.argv[1]))
rows = {}
for r in data["kernels"]:
    rows.setdefault(r["kernel"], {})[r["mode"]] = r
print("| kernel | thr A ns | thr B ns | thr B/A [q1, q3] | lat A ns | lat B ns | lat B/A [q1, q3] |")
print("|---|---|---|---|---|---|---|")
for k, m in rows.items():
    cells = [k]
    for mode in ("throughput", "latency"):
        r = m.get(mode)
        cells += ["%.2f" % r["a_ns"], "%.2f" % r["b_ns"], "**%.3f** [%.3f, %.3f]" % (r["b_over_a"], r["q1"], r["q3"])] if r else ["–"] * 3
    print("| " + " | ".join(cells) + " |")
