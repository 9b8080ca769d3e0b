#!/usr/bin/env bash
# The exact solver against Edax 4.6 running the same weights: data/ek-eval.dat, which Edax loads
# with -eval-file. Both count their nodes the same way (BENCHMARKS.md, "The pre-search"), so the
# nodes compare the two trees and the CPU times the two searches. Rounds interleaved (Edax, then
# the solver, one thread each); prints each run's nodes and user+sys CPU seconds, then, per
# problem, both searches' nodes and seconds (the last round's) and the solver's ratios.
#
#   scripts/bench-solver-vs-edax.sh EDAX_DIR [--set 20-39|40-49|50-59|40-59] [--rounds N]
#                                   [--edax BIN] [--solve BIN] [--out DIR]
#
# EDAX_DIR: a built Edax 4.6 checkout (scripts/golden/regenerate.sh makes one), its problem/
# files the positions; --edax: its binary (default the first of bin/lEdax-x86-64-v3,
# bin/lEdax-x86-64 there). --solve: ffi_bench/solve, built from the current sources when not
# given. Edax runs `-solve FILE -n 1 -l 60` (level 60: every position solved exactly, where its
# default level may stop short of 100 % selectivity); every score of both is checked.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
[ $# -ge 1 ] && [ -d "$1" ] || { echo "usage: $0 EDAX_DIR [--set S] [--rounds N] [--edax BIN] [--solve BIN] [--out DIR]" >&2; exit 2; }
edax_dir=$(cd "$1" && pwd)
shift
set=40-49 rounds=1 edax="" solve="" out=target/bench-solver-vs-edax
while [ $# -gt 0 ]; do
    case "$1" in
        --set) set=$2; shift ;;
        --rounds) rounds=$2; shift ;;
        --edax) edax=$2; shift ;;
        --solve) solve=$2; shift ;;
        --out) out=$2; shift ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done
case "$set" in
    20-39) obf=fforum-20-39.obf lines=1,20 ;;
    40-49) obf=fforum-40-59.obf lines=1,10 ;;
    50-59) obf=fforum-40-59.obf lines=11,20 ;;
    40-59) obf=fforum-40-59.obf lines=1,20 ;;
    *) echo "--set: 20-39, 40-49, 50-59 or 40-59" >&2; exit 2 ;;
esac
if [ -z "$edax" ]; then
    for b in bin/lEdax-x86-64-v3 bin/lEdax-x86-64; do
        [ -x "$edax_dir/$b" ] && { edax=$edax_dir/$b; break; }
    done
fi
[ -n "$edax" ] && [ -x "$edax" ] || { echo "no Edax binary in $edax_dir/bin (or --edax)" >&2; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [ -z "$solve" ]; then
    lib=$(scripts/build-capi.sh | tail -1)
    solve=$out/solve
    cc -std=c11 -O2 -Wall -Wextra -Werror -Iinclude ffi_bench/solve.c "$lib/libedax_kernels.a" \
        -lpthread -lm -ldl -o "$solve"
fi
weights=$root/data/ek-eval.dat
# The same positions for both: the lines of Edax's file, converted for the solver.
sed -n "${lines}p" "$edax_dir/problem/$obf" >"$out/set.obf"
python3 scripts/fforum-from-obf.py "$out/set.obf" >"$out/set.txt"

# Runs a command with its output in $1, printing its user+sys CPU seconds.
cpu() {
    local log=$1 t
    shift
    t=$( { TIMEFORMAT='%U %S'; time "$@" >"$log" 2>&1; } 2>&1 ) || { cat "$log" >&2; exit 1; }
    awk '{printf "%.2f", $1 + $2}' <<<"$t"
}

field() { grep -m1 "^$1" /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'; }
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(field 'model name') (family $(field 'cpu family') model $(field 'model\s')), one thread each"
echo "# $obf lines $lines ($set), $weights; Edax $edax; solver $solve"
printf '%-6s %5s %15s %9s %s\n' program round nodes cpu_s wrong
for r in $(seq "$rounds"); do
    s=$( cd "$edax_dir" && cpu "$out/edax-$r.txt" "$edax" -solve "$out/set.obf" -n 1 -l 60 -eval-file "$weights" )
    nodes=$(sed -nE 's/.*: ([0-9]+) nodes in .*/\1/p' "$out/edax-$r.txt")
    wrong=$(grep -c 'Erroneous score' "$out/edax-$r.txt" || true)
    printf '%-6s %5s %15s %9s %s\n' edax "$r" "$nodes" "$s" "$wrong"
    s=$(cpu "$out/solver-$r.txt" "$solve" "$out/set.txt" --eval "$weights")
    summary=$(tail -1 "$out/solver-$r.txt")
    nodes=$(sed -E 's/.* ([0-9]+) nodes,.*/\1/' <<<"$summary")
    wrong=$(sed -E 's/.* ([0-9]+) wrong.*/\1/' <<<"$summary")
    printf '%-6s %5s %15s %9s %s\n' solver "$r" "$nodes" "$s" "$wrong"
done

# Per problem, the last round: Edax's lines are "  n| depth  score  m:ss.sss  nodes ...", the
# solver's "  n empties score move nodes seconds s ok".
echo
printf '%3s %7s %15s %15s %8s %9s %9s %8s\n' '#' empties edax_nodes solver_nodes nodes_x edax_s solver_s time_x
join <(sed -nE 's/^ *([0-9]+)\| *([0-9@%]+) +[-+0-9]+ +([0-9:.]+) +([0-9]+) .*/\1 \2 \3 \4/p' "$out/edax-$rounds.txt" | sort -k1,1) \
     <(awk '$1 ~ /^[0-9]+$/ && NF >= 7 {print $1, $5, $6}' "$out/solver-$rounds.txt" | sort -k1,1) |
    sort -n | awk '{
        n = split($3, t, ":"); es = (n == 2) ? t[1] * 60 + t[2] : t[1] * 3600 + t[2] * 60 + t[3]
        printf "%3s %7s %15s %15s %8.2f %9.2f %9.2f %8.2f\n", $1, $2, $4, $5, $5 / $4, es, $6, (es > 0 ? $6 / es : 0)
    }'
