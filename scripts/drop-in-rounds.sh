#!/usr/bin/env bash
# Interleaved timing rounds of Edax builds (docs/edax-drop-in.md "Speed"):
#   scripts/drop-in-rounds.sh ROUNDS "EDAX ARGS" OUT_DIR...
# OUT_DIR: an output of scripts/edax-drop-in.sh (its bin/lEdax-x86-64-v3 runs from OUT_DIR, with
# its data/eval.dat). Each round runs every build once, in the order given; one line per run:
#   round build nodes user+sys-seconds wall-seconds
# then, per build, the median user+sys seconds and its ratio to the first build's median, the
# per-round ratios' range, and whether every run of every build reported the same node count.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 ROUNDS \"EDAX ARGS\" OUT_DIR..." >&2; exit 2; }
rounds=$1 args=$2
shift 2
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for ((r = 1; r <= rounds; r++)); do
    for dir in "$@"; do
        # shellcheck disable=SC2086
        out=$(cd "$dir" && { /usr/bin/time -f "time %U %S %e" bin/lEdax-x86-64-v3 $args; } 2>&1)
        nodes=$(echo "$out" | grep -oE '[0-9]+ nodes in' | tail -n 1 | awk '{print $1}')
        read -r user sys wall < <(echo "$out" | awk '/^time /{print $2, $3, $4}' | tail -n 1)
        cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN{printf "%.2f", u + s}')
        echo "$r $(basename "$dir") ${nodes:-?} $cpu $wall" | tee -a "$log"
    done
done
python3 - "$log" "$@" <<'PY'
import statistics, sys
log, dirs = sys.argv[1], [d.rstrip("/").split("/")[-1] for d in sys.argv[2:]]
runs = [l.split() for l in open(log)]
cpu = {d: [float(r[3]) for r in runs if r[1] == d] for d in dirs}
base = statistics.median(cpu[dirs[0]])
print(f"{'build':<24} {'median CPU s':>12} {'/ ' + dirs[0]:>14} {'per-round ratios':>18}")
for d in dirs:
    ratios = [a / b for a, b in zip(cpu[d], cpu[dirs[0]])]
    print(f"{d:<24} {statistics.median(cpu[d]):>12.2f} {statistics.median(cpu[d]) / base:>14.3f} "
          f"{min(ratios):>8.3f}-{max(ratios):.3f}")
nodes = {r[2] for r in runs}
print("nodes:", "identical in every run," if len(nodes) == 1 else "DIFFER:", ", ".join(sorted(nodes)))
PY
