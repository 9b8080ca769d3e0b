#!/usr/bin/env bash
# Edax's whole search in the library (ek_edax_search) against Edax's own code, position for
# position: the same positions, levels, tables (cleared before each position, as lEdax -solve
# clears them) and weights (data/ek-eval.dat), one thread. Edax's side is its unmodified sources
# compiled with its Makefile's flags for x86-64-v3 (scripts/golden/driver.c, kind root, as
# scripts/golden/regenerate.sh builds it); the library's is examples/edax_root_bench.rs. Each
# side reports the CPU time of the searches alone; every search must count the same nodes on
# both sides (the run fails otherwise).
#
# Usage: scripts/bench-edax-root.sh EDAX_CHECKOUT LEVEL N [BITS]
#   N positions of 30 to 50 empty squares from random games (driver games 2026 ..., the first
#   position of each game in that range after a random number of plies); BITS: the main table
#   has 2^BITS entries (default 20), the PV and shallow ones 2^(BITS-4).
# Example: scripts/bench-edax-root.sh ../edax 10 200
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 3 ] || { sed -n '/^# Usage:/,/^# Example/s/^# \{0,1\}//p' "$0" >&2; exit 2; }
edax=$(cd "$1" && pwd) level=$2 n=$3 bits=${4:-20}
[ -f "$edax/src/all.c" ] || { echo "$edax is not an Edax checkout" >&2; exit 1; }
out=$root/target/bench-edax-root
mkdir -p "$out"
gcc -std=c17 -pipe -D_GNU_SOURCE=1 -Ofast -fwhole-program -flto=auto -fomit-frame-pointer -DNDEBUG \
    -march=x86-64-v3 -w -isystem "$edax/src" "$root/scripts/golden/driver.c" -o "$out/driver" -lm -lrt
(cd "$root" && cargo build --release --quiet --example edax_root_bench)
# One position per game: the first of 30..50 empty squares after skipping (game index mod 21)
# of them (deterministic).
"$out/driver" games 2026 $((n * 2)) | python3 -c '
import sys
n, game, taken, skip, k = int(sys.argv[1]), 0, True, 0, 0
for line in sys.stdin:
    p, o = line.split()[:2]
    empties = 64 - bin(int(p, 16) | int(o, 16)).count("1")
    if empties == 60:
        game, taken, skip = game + 1, False, game % 21
    if not taken and k < n and 30 <= empties <= 50:
        if skip == 0:
            print(p, o)
            taken, k = True, k + 1
        else:
            skip -= 1
' "$n" > "$out/positions.txt"
count=$(wc -l < "$out/positions.txt")
echo "positions: $count of 30..50 empty squares ($out/positions.txt); level $level; tables 2^$bits/2^$((bits - 4))"
{ echo "table $bits"; awk -v l="$level" '{ print $1, $2, l, -1, -1 }' "$out/positions.txt"; } > "$out/edax-in.txt"
weights=$root/data/ek-eval.dat
"$out/driver" -e "$weights" root < "$out/edax-in.txt" > "$out/edax-out.txt" 2> "$out/edax-time.txt"
"$root/target/release/examples/edax_root_bench" "$weights" "$level" "$bits" < "$out/positions.txt" \
    > "$out/lib-out.txt" 2> "$out/lib-time.txt"
if ! diff <(awk 'NF > 5 && $1 != "table" { print $1, $2, $6, $7, $8, $9, $10 }' "$out/edax-out.txt") "$out/lib-out.txt" >/dev/null; then
    echo "FAILED: the library's searches differ from Edax's (score move depth selectivity nodes):"
    diff <(awk 'NF > 5 && $1 != "table" { print $1, $2, $6, $7, $8, $9, $10 }' "$out/edax-out.txt") "$out/lib-out.txt" | head
    exit 1
fi
edax_s=$(sed -n 's/.* in \([0-9.]*\) s CPU/\1/p' "$out/edax-time.txt")
lib_s=$(sed -n 's/.* in \([0-9.]*\) s CPU/\1/p' "$out/lib-time.txt")
cat "$out/edax-time.txt" "$out/lib-time.txt"
awk -v e="$edax_s" -v l="$lib_s" 'BEGIN { printf "identical nodes, score, move, depth and selectivity on every position; library / Edax: %.3f\n", l / e }'
