#!/usr/bin/env bash
# Regenerates the known answers (tests/data/golden/*.txt, tests/data/nws/nws_endgame.txt,
# tests/data/midgame/*.txt, tests/data/fforum/fforum-*.txt) from an Edax 4.6 checkout and compares each with the committed
# file, byte for byte. See docs/known-answers.md.
#  1. builds scripts/golden/driver.c together with the checkout's sources (Edax's all.c, one
#     translation unit) with Edax's Makefile flags for gcc and -march=x86-64-v3;
#  2. makes the synthetic eval.dat (scripts/synthetic-eval.sh);
#  3. runs the driver on each committed file: the input columns (positions, squares, betas,
#     alphas, games, table/date lines, depths) are read from it, every answer column is
#     recomputed by Edax's code, the leading comment lines are copied through; the fforum-*.txt
#     files are converted again from the checkout's problem/*.obf by scripts/fforum-from-obf.py;
#  4. prints one line per file, "identical" or "DIFFERS", and exits 1 if any differs.
# The regenerated files go to OUT (default target/golden-regen); tests/data is never written.
#
# Usage: scripts/golden/regenerate.sh EDAX_CHECKOUT [--check] [--perft-depth N] [--perft-plain]
#                                     [--out DIR]
#   --check          compare with the committed files (the default; there is no other mode)
#   --perft-depth N  perft.txt up to depth N (1..13, default 13, the whole file), compared with
#                    the committed file's first N depths
#   --perft-plain    perft with Edax's count_game instead of its hashed quick_count_game
#                    (depth 13: about 80 s instead of 13-20 s on one core)
#   --out DIR        where the driver and the regenerated files go
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
want_commit=14f048c05ddfa385b6bf954a9c2905bbe677e9d3
usage() { sed -n '/^# Usage:/,/^#   --out/s/^# \{0,1\}//p' "$0" >&2; exit 2; }
fail() { echo "regenerate: $*" >&2; exit 2; }
warn() { echo "regenerate: WARNING: $*" >&2; }
trap 'echo "regenerate: failed (line $LINENO: $BASH_COMMAND)" >&2' ERR

edax=""
perft_depth=13
perft_method=hashed
out="$root/target/golden-regen"
while [ $# -gt 0 ]; do
    case "$1" in
        --check) ;;
        --perft-depth) [ $# -ge 2 ] || usage; perft_depth=$2; shift ;;
        --perft-plain) perft_method=plain ;;
        --out) [ $# -ge 2 ] || usage; out=$2; shift ;;
        -h|--help) usage ;;
        -*) usage ;;
        *) [ -z "$edax" ] || usage; edax=$1 ;;
    esac
    shift
done
[ -n "$edax" ] || usage
[[ "$perft_depth" =~ ^[0-9]+$ ]] && [ "$perft_depth" -ge 1 ] && [ "$perft_depth" -le 13 ] \
    || fail "--perft-depth takes 1..13 (the committed perft.txt ends at 13)"
[ -f "$edax/src/all.c" ] && [ -f "$edax/src/endgame.c" ] || fail "$edax is not an Edax checkout (no src/all.c)"
edax=$(cd "$edax" && pwd)
out=$(realpath -m "$out")
case "$out/" in "$root/tests/"*) fail "--out must not be inside tests/ ($out)" ;; esac
mkdir -p "$out"

# The checkout: the commit the known answers were made with, unmodified.
if [ "$(git -C "$edax" rev-parse --show-toplevel 2>/dev/null)" = "$edax" ]; then
    commit=$(git -C "$edax" rev-parse HEAD)
    [ "$commit" = "$want_commit" ] || warn "Edax checkout at $commit, the known answers were made at $want_commit"
    [ -z "$(git -C "$edax" status --porcelain -- src 2>/dev/null)" ] || warn "$edax/src has local changes"
else
    commit="unknown (not a git checkout)"
    warn "cannot tell the Edax commit of $edax; the known answers were made at $want_commit"
fi

# The CPU runs x86-64-v3 code (AVX2, BMI2, ...).
if [ -r /proc/cpuinfo ]; then
    flags=$(grep -m1 '^flags' /proc/cpuinfo)
    for f in avx2 bmi1 bmi2 fma movbe abm sse4_2 popcnt; do
        [[ " $flags " == *" $f "* ]] || fail "this CPU lacks $f: the driver is built for x86-64-v3"
    done
fi

cc=${CC:-gcc}
cc_version=$("$cc" --version | head -n 1)
case "$cc_version" in *gcc*|*GCC*) ;; *) warn "$cc is not gcc; the known answers were made with gcc 12.2" ;; esac
# Edax's Makefile, CC=gcc BUILD=optimize ARCH=x86-64-v3, plus the driver's warnings for its own
# code (Edax's directory is a system include directory, so its code is not held to them).
cflags=(-std=c17 -pedantic -W -Wall -Wextra -pipe -D_GNU_SOURCE=1
        -Ofast -fwhole-program -flto=auto -fomit-frame-pointer -DNDEBUG -march=x86-64-v3)
driver="$out/driver"

echo "Edax checkout: $edax (commit $commit)"
echo "compiler:      $cc_version"
echo "flags:         ${cflags[*]}"
echo "build:         $cc ${cflags[*]} -isystem $edax/src scripts/golden/driver.c -o $driver -lm -lrt"
"$cc" "${cflags[@]}" -isystem "$edax/src" "$root/scripts/golden/driver.c" -o "$driver" -lm -lrt
eval_dat=$("$root/scripts/synthetic-eval.sh")
echo "eval.dat:      $eval_dat (synthetic, scripts/synthetic-eval.sh)"
echo "output:        $out"
echo

differ=0
# report NAME COMMITTED REGENERATED SECONDS [NOTE]
report() {
    if cmp -s "$2" "$3"; then
        printf '%-34s identical  (%ss)%s\n' "$1" "$4" "${5:+  $5}"
    else
        printf '%-34s DIFFERS    (%ss)%s  %s\n' "$1" "$4" "${5:+  $5}" "$(cmp "$2" "$3" 2>&1 | head -n 1)"
        differ=1
    fi
}
# stamp FILE WEIGHTS LABEL: the '# weights-sha256' line that the driver copied through from the
# committed header is written anew from the weights this run used, so that answers committed
# under another hash differ (scripts/check-known-answers.py checks the committed lines).
stamp() {
    local sum
    sum=$(sha256sum "$2" | cut -d' ' -f1)
    sed -i "s|^# weights-sha256 .*|# weights-sha256 $3 $sum|" "$1"
}
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

mkdir -p "$out/golden" "$out/nws" "$out/fforum"
for kind in flip moves stability last_flip score1 hash symmetry unique table_ops eval eval_features shallow; do
    t=$(now)
    "$driver" -e "$eval_dat" "$kind" < "$root/tests/data/golden/$kind.txt" > "$out/golden/$kind.txt"
    stamp "$out/golden/$kind.txt" "$eval_dat" synthetic
    report "golden/$kind.txt" "$root/tests/data/golden/$kind.txt" "$out/golden/$kind.txt" "$(elapsed "$t")"
done

t=$(now)
"$driver" perft "$perft_depth" "$perft_method" < "$root/tests/data/golden/perft.txt" > "$out/golden/perft.txt"
head -n $((perft_depth + 1)) "$root/tests/data/golden/perft.txt" > "$out/golden/perft.committed.txt"
if [ "$perft_depth" -eq 13 ]; then note="depths 1..13, $perft_method"; else note="depths 1..$perft_depth of 13 only, $perft_method"; fi
report "golden/perft.txt" "$out/golden/perft.committed.txt" "$out/golden/perft.txt" "$(elapsed "$t")" "$note"

t=$(now)
"$driver" -e "$eval_dat" nws < "$root/tests/data/nws/nws_endgame.txt" > "$out/nws/nws_endgame.txt"
stamp "$out/nws/nws_endgame.txt" "$eval_dat" synthetic
report "nws/nws_endgame.txt" "$root/tests/data/nws/nws_endgame.txt" "$out/nws/nws_endgame.txt" "$(elapsed "$t")"

# Edax's midgame search (NWS_midgame, PVS_midgame) with the synthetic weights and with the project's.
mkdir -p "$out/midgame"
for pair in "nws_midgame:$eval_dat" "nws_midgame-ek:$root/data/ek-eval.dat" \
    "pvs_midgame:$eval_dat" "pvs_midgame-ek:$root/data/ek-eval.dat" \
    "pvs_shallow:$eval_dat" "pvs_shallow-ek:$root/data/ek-eval.dat"; do
    name=${pair%%:*} weights=${pair#*:}
    case $name in *-ek) label=data/ek-eval.dat ;; *) label=synthetic ;; esac
    case $name in pvs_midgame*) kind=pvs_midgame ;; pvs_shallow*) kind=pvs_shallow ;; *) kind=midgame ;; esac
    t=$(now)
    "$driver" -e "$weights" "$kind" < "$root/tests/data/midgame/$name.txt" > "$out/midgame/$name.txt"
    stamp "$out/midgame/$name.txt" "$weights" "$label"
    report "midgame/$name.txt" "$root/tests/data/midgame/$name.txt" "$out/midgame/$name.txt" "$(elapsed "$t")"
done

# Edax's root (kind root: whole searches as -solve runs them), both weights, and its LEVEL table.
for pair in "root:$eval_dat" "root-ek:$root/data/ek-eval.dat"; do
    name=${pair%%:*} weights=${pair#*:}
    case $name in *-ek) label=data/ek-eval.dat ;; *) label=synthetic ;; esac
    t=$(now)
    "$driver" -e "$weights" root < "$root/tests/data/midgame/$name.txt" > "$out/midgame/$name.txt"
    stamp "$out/midgame/$name.txt" "$weights" "$label"
    report "midgame/$name.txt" "$root/tests/data/midgame/$name.txt" "$out/midgame/$name.txt" "$(elapsed "$t")"
done
# Edax's book search (kind book_search: position_search, links excluded, tables kept between
# searches), the project's weights.
mkdir -p "$out/book-build"
t=$(now)
"$driver" -e "$root/data/ek-eval.dat" book_search < "$root/tests/data/book-build/book_search.txt" \
    > "$out/book-build/book_search.txt"
report "book-build/book_search.txt" "$root/tests/data/book-build/book_search.txt" "$out/book-build/book_search.txt" \
    "$(elapsed "$t")"
t=$(now)
{ grep '^#' "$root/tests/data/midgame/levels.txt"; "$driver" levels; } > "$out/midgame/levels.txt"
report "midgame/levels.txt" "$root/tests/data/midgame/levels.txt" "$out/midgame/levels.txt" "$(elapsed "$t")"

# The FFO positions: converted again from the checkout's problem/*.obf. Other files there
# (published figures, not made from Edax's sources) are listed as not regenerated.
for f in "$root"/tests/data/fforum/*.txt; do
    name=$(basename "$f" .txt)
    case "$name" in
        fforum-*) ;;
        *) printf '%-34s not regenerated (not made from an Edax file; see its header)\n' "fforum/$name.txt"; continue ;;
    esac
    [ -f "$edax/problem/$name.obf" ] || fail "no $edax/problem/$name.obf for tests/data/fforum/$name.txt"
    t=$(now)
    python3 "$root/scripts/fforum-from-obf.py" "$edax/problem/$name.obf" > "$out/fforum/$name.txt"
    report "fforum/$name.txt" "$f" "$out/fforum/$name.txt" "$(elapsed "$t")"
done

echo
if [ "$differ" -eq 0 ]; then
    echo "regenerate: every file identical to the committed one"
else
    echo "regenerate: some files differ (regenerated copies in $out)" >&2
    exit 1
fi
