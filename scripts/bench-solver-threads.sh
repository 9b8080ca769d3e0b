#!/usr/bin/env bash
# The exact solver's thread scaling, in both ways its threads share the work (ABDADA, YBWC):
# FFO 40-49 (or another set) with data/ek-eval.dat on 1, 2, 4, 8 and 16 threads, every score
# and move checked, the rounds interleaved; prints a table (nodes, wall seconds, speed-up and
# nodes against one thread) and keeps each run's per-problem output.
#
#   scripts/bench-solver-threads.sh [--build] [--solve BIN] [--set 40-49|40-59|20-39]
#                                   [--threads "1 2 4 8 16"] [--schemes "abdada ybwc"]
#                                   [--rounds N] [--out DIR]
#
# --build makes BIN (default ffi_bench/out/solve-static) from the current sources, linked
# statically so that it runs on a lent machine without this one's libraries: build here, carry
# ffi_bench/out to the other machine and run the script there without --build (DEVELOPERS.md).
# One thread runs once per round (it does not depend on the scheme).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bin=ffi_bench/out/solve-static set=40-49 threads="1 2 4 8 16" schemes="abdada ybwc" rounds=1 build=0
out=target/bench-solver-threads
while [ $# -gt 0 ]; do
    case "$1" in
        --build) build=1 ;;
        --solve) bin=$2; shift ;;
        --set) set=$2; shift ;;
        --threads) threads=$2; shift ;;
        --schemes) schemes=$2; shift ;;
        --rounds) rounds=$2; shift ;;
        --out) out=$2; shift ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done
case "$set" in
    40-49) file=tests/data/fforum/fforum-40-59.txt count=(--count 10) ;;
    40-59) file=tests/data/fforum/fforum-40-59.txt count=() ;;
    20-39) file=tests/data/fforum/fforum-20-39.txt count=() ;;
    *) echo "--set: 40-49, 40-59 or 20-39" >&2; exit 2 ;;
esac
if [ "$build" = 1 ]; then
    lib=$(scripts/build-capi.sh | tail -1)
    mkdir -p "$(dirname "$bin")"
    cc -std=c11 -O2 -Wall -Wextra -Werror -Iinclude ffi_bench/solve.c "$lib/libedax_kernels.a" \
        -static -lpthread -lm -ldl -o "$bin"
    echo "built $bin"
fi
[ -x "$bin" ] || { echo "no $bin: run with --build first" >&2; exit 2; }
mkdir -p "$out"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) logical CPUs"
echo "# $file ($set), data/ek-eval.dat, $bin, $rounds round(s)"
printf '%-7s %-7s %5s %15s %9s %8s %7s %s\n' scheme threads round nodes wall_s speedup nodes_x wrong
declare -A one_wall one_nodes
for r in $(seq "$rounds"); do
    for t in $threads; do
        for s in $schemes; do
            [ "$t" = 1 ] && [ "$s" != "${schemes%% *}" ] && continue
            log="$out/$s-$t-$r.txt"
            EDAX_KERNELS_SOLVER_SPLIT=$s "$bin" "$file" "${count[@]}" --eval data/ek-eval.dat --threads "$t" >"$log" 2>&1
            summary=$(tail -1 "$log")
            nodes=$(sed -E 's/.* ([0-9]+) nodes.*/\1/' <<<"$summary")
            wall=$(sed -E 's/.* ([0-9.]+) s wall.*/\1/' <<<"$summary")
            wrong=$(sed -E 's/.* ([0-9]+) wrong.*/\1/' <<<"$summary")
            if [ "$t" = 1 ]; then
                one_wall[$r]=$wall one_nodes[$r]=$nodes
                s=both
            fi
            speedup=$(awk -v a="${one_wall[$r]:-0}" -v b="$wall" 'BEGIN { printf (a > 0 ? "%.2f" : "-"), a / b }')
            ratio=$(awk -v a="${one_nodes[$r]:-0}" -v b="$nodes" 'BEGIN { printf (a > 0 ? "%.2f" : "-"), b / a }')
            printf '%-7s %-7s %5s %15s %9s %8s %7s %s\n' "$s" "$t" "$r" "$nodes" "$wall" "$speedup" "$ratio" "$wrong"
        done
    done
done
echo "# per-problem outputs: $out"
