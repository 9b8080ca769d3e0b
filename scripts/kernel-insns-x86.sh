#!/usr/bin/env bash
# Instructions per call of the kernels on the x86-64 levels that valgrind can run (portable, sse2,
# avx2 with both its tables: avx2, and avx2_pext for the cores with a fast PEXT) and, with --edax-avx, of Edax AVX's own kernels (okuhara/edax-reversi-AVX), counted with
# valgrind's callgrind: the x86-64 counterpart of scripts/cross/kernel-insns.sh, with the same
# method and the same driver (scripts/kernel-insns-x86.c includes scripts/cross/kernel-insns.c
# and adds the kernels that one does not call). Counts, not times: they can be taken on a busy
# machine and repeat exactly.
#
# Valgrind has no AVX-512 (its CPUID hides it): the avx512 level cannot be counted here (the
# library runs avx2 when asked for avx512 under valgrind; the script checks the level it got).
#
# Builds the library (scripts/build-capi.sh; CARGO_TARGET_DIR is honoured) and the driver linked
# to its static library; with --edax-avx, also side A from that Edax AVX checkout with
# ffi_bench/side-a.sh --flavour edax-avx --march x86-64-v3 (Edax AVX's Makefile flags for
# x86-64-v3, its AVX2 code: valgrind cannot run the AVX-512 code a -march=native build has on an
# AVX-512 CPU), and the driver again on Edax AVX's functions (-DEDAX_SIDE_A -DEDAX_AVX_SIDE_A: the
# same positions in the same order). Then for each kernel and side runs the driver under callgrind
# with 0 and REPS repetitions and prints (Ir(REPS) - Ir(0)) / calls, and RESULTS DIFFER when a
# side's results checksum is not the portable level's.
#
# Included in a call: the driver's loop (loading the arguments, adding the result), the call and
# return, and for the library the C API's dispatch jump (mov from the slot, jmp: 2 instructions
# per ek_ call) and the exports' NULL checks of their pointers (test, je: 2 instructions per
# pointer: ek_board_next 2 pointers, ek_board_get_hash_code 1), and in symmetry's and unique's
# loops the ek_ status codes that Edax's void functions do not return. Edax AVX's functions are
# called directly (its board_next through side A's adapter, which loads the board into a vector
# register and jumps to board_next_sse; its get_moves through the adapter's broadcast into
# get_moves_avx; its flip through its Flip macro). The row `call` is flip's loop calling an empty
# function: the loop and call overhead common to every column. A first repetition, made in both
# runs, keeps one-time set-ups (level choice, Edax's tables) out.
#
# Usage: scripts/kernel-insns-x86.sh [--edax-avx EDAX_AVX_CHECKOUT] [--kernel NAME[,NAME...]]
#                                    [--check EXPECTED] [REPS]
#   REPS: default 20. --kernel: only those rows (names as in the table).
#   EDAX_AVX_CHECKOUT: a checkout of okuhara/edax-reversi-AVX (compiled from there, nothing copied;
#   BENCHMARKS.md's table, "Instructions per call against Edax AVX", used commit 8a2b3ea).
#   --check EXPECTED: the guard the test command runs (scripts/kernel-insns-x86.expected): fails
#   when a kernel's count on a level exceeds the recorded one by more than 5 % + 1 instruction
#   (a kernel grown longer), and says where a count fell (record it then).
# Exits 1 when a side's results differ from the portable level's (RESULTS DIFFER).
# Needs gcc, valgrind (3.19 or later: AVX2, BMI1/2, LZCNT, POPCNT and SSE4.2's CRC32 run under it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: $0 [--edax-avx EDAX_AVX_CHECKOUT] [--kernel NAME[,NAME...]] [--check EXPECTED] [REPS]" >&2; exit 2; }
reps=20 edax="" only="" expected=""
while [ $# -gt 0 ]; do
    case "$1" in
        --edax-avx) [ $# -ge 2 ] || usage; edax=$2; shift 2 ;;
        --kernel) [ $# -ge 2 ] || usage; only=$2; shift 2 ;;
        --check) [ $# -ge 2 ] || usage; expected=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2 ;;
        -*) usage ;;
        *) reps=$1; shift ;;
    esac
done
[ "$(uname -m)" = x86_64 ] || { echo "kernel-insns-x86: x86-64 only (scripts/cross/kernel-insns.sh counts ARM64)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "kernel-insns-x86: needs valgrind" >&2; exit 1; }
lib=$(cd "$root" && scripts/build-capi.sh | tail -n 1)
lib=$(cd "$root" && cd "$lib" && pwd)/libedax_kernels.a
out=${CARGO_TARGET_DIR:-$root/target}/kernel-insns-x86
case "$out" in /*) ;; *) out=$root/$out ;; esac
mkdir -p "$out"
driver_cc=(gcc -std=c11 -O2 -Wall -Wextra -I"$root/include" -I"$root/scripts")
"${driver_cc[@]}" "$root/scripts/kernel-insns-x86.c" -o "$out/kernel-insns" "$lib" -lpthread -ldl -lm

if [ -n "$edax" ]; then
    echo "Building Edax AVX's side A (x86-64-v3) from $edax (ffi_bench/side-a.sh)..." >&2
    dir=$out/side-a-edax-avx-v3
    mkdir -p "$dir"
    "$root/ffi_bench/side-a.sh" "$edax" --flavour edax-avx --march x86-64-v3 --out "$dir" >"$dir/build.log" 2>&1 \
        || { cat "$dir/build.log" >&2; exit 1; }
    # side-a.sh makes board_unique local (Edax AVX keeps another index on ties); the driver
    # counts it and checks its index another way (kernel-insns.c): a copy of board.o with
    # board_unique global again, linked before the archive.
    ar p "$dir/libside_a.a" board.o >"$dir/board-unique.o"
    objcopy --globalize-symbol=board_unique "$dir/board-unique.o"
    "${driver_cc[@]}" -DEDAX_SIDE_A -DEDAX_AVX_SIDE_A -I"$root/ffi_bench/ref" "$root/scripts/kernel-insns-x86.c" \
        "$root/ffi_bench/ref/edax_support.c" "$dir/board-unique.o" "$dir/libside_a.a" \
        -o "$out/kernel-insns-edax-avx" "$lib" -lpthread -ldl -lm
    sed -n 's/^\(checkout\|compiler\|flags\): /edax-avx \1: /p' "$dir/side-a.txt" >&2
fi

run() { # TAG PROGRAM TABLE KERNEL REPS -> instructions of the whole run (its output to $out/sum-TAG)
    # TABLE: a level, or avx2_pext, the avx2 level's table for the cores with a fast PEXT (the
    # avx2 column is the level's own table, whatever this CPU is).
    local log variant=nopext
    [ "$3" != avx2_pext ] || variant=pext
    log=$(EDAX_KERNELS_ISA=${3%_pext} EDAX_KERNELS_VARIANT=$variant valgrind --tool=callgrind --callgrind-out-file=/dev/null "$2" "$4" "$5" 2>&1 >"$out/sum-$1")
    sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' <<< "$log"
}
per() { # TAG PROGRAM LEVEL KERNEL -> instructions per call (needs $calls)
    local a b
    a=$(run "$@" 0)
    b=$(run "$@" "$reps")
    [ -n "$a" ] && [ -n "$b" ] || { echo "kernel-insns-x86: no count from valgrind ($1, $4)" >&2; exit 1; }
    awk -v a="$a" -v b="$b" -v n="$((calls * reps))" 'BEGIN { printf "%.1f", (b - a) / n }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
checksum() { sed -n 's/.*checksum //p' "$out/sum-$1"; }
same() { # TAG KERNEL: the side's results are the portable level's
    local c
    c=$(checksum "$1")
    [ -n "$c" ] && [ "$c" = "${portable_sum[$2]}" ] || printf " RESULTS DIFFER (%s)" "$1"
}
level_is() { # TAG LEVEL: the library ran that level (valgrind hides what it cannot run)
    grep -q "^$2, " "$out/sum-$1" || { echo "kernel-insns-x86: the library did not run $2 under valgrind: $(cat "$out/sum-$1")" >&2; exit 1; }
}
declare -A portable_sum
declare -A recorded
if [ -n "$expected" ]; then
    [ -f "$expected" ] || { echo "kernel-insns-x86: $expected: no such file" >&2; exit 2; }
    while read -r k p s a z; do
        case "$k" in ''|'#'*) continue ;; esac
        recorded[$k]="$p $s $a $z"
    done <"$expected"
fi
failures=() differ=0 lower=()
check() { # KERNEL PORTABLE SSE2 AVX2 AVX2_ZEN12: against the recorded counts
    [ -n "$expected" ] || return 0
    [ -n "${recorded[$1]:-}" ] || { failures+=("$1: not in $expected"); return 0; }
    local want got level i=0
    read -r -a want <<<"${recorded[$1]}"
    for got in "$2" "$3" "$4" "$5"; do
        level=$(cut -d' ' -f$((i + 1)) <<<"portable sse2 avx2 avx2_pext")
        if awk -v g="$got" -v w="${want[$i]}" 'BEGIN { exit !(g > w * 1.05 + 1) }'; then
            failures+=("$1 on $level: $got instructions a call, recorded ${want[$i]}")
        elif awk -v g="$got" -v w="${want[$i]}" 'BEGIN { exit !(g < w - 0.5) }'; then
            lower+=("$1 on $level: $got, recorded ${want[$i]}")
        fi
        i=$((i + 1))
    done
}
n_calls() { EDAX_KERNELS_ISA=portable "$out/kernel-insns" "$1" 0 | sed -n 's/.*: \([0-9]*\) calls.*/\1/p'; }
wanted() { [ -z "$only" ] || [[ ",$only," == *",$1,"* ]]; }

# Edax AVX's side A has no evaluation and no Edax 4.6 leaf search (ffi_bench/side-a.sh says why):
# those rows have no Edax AVX column.
no_edax_avx=" solve_shallow eval_update "
echo "Instructions per call under valgrind $(valgrind --version | sed 's/^valgrind-//') (callgrind, Ir), $reps repetitions: counts, not time"
echo "CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1); the avx512 level is not counted (valgrind has no AVX-512)"
if [ -n "$edax" ]; then
    printf "%-24s %9s %9s %9s %10s %9s %9s %9s\n" kernel portable sse2 avx2 avx2_pext edax-avx avx2/edax pext/edax
else
    printf "%-24s %9s %9s %9s %10s\n" kernel portable sse2 avx2 avx2_pext
fi
for k in flip board_next count_last_flip get_moves can_move get_mobility get_weighted_mobility \
         get_potential_mobility get_stability get_edge_stability get_corner_stability hash_code symmetry unique \
         solve_shallow eval_update; do
    wanted "$k" || continue
    calls=$(n_calls "$k")
    p=$(per portable "$out/kernel-insns" portable "$k")
    level_is portable portable
    portable_sum[$k]=$(checksum portable)
    s=$(per sse2 "$out/kernel-insns" sse2 "$k")
    level_is sse2 sse2
    a=$(per avx2 "$out/kernel-insns" avx2 "$k")
    level_is avx2 avx2
    z=$(per avx2_pext "$out/kernel-insns" avx2_pext "$k")
    level_is avx2_pext avx2_pext
    flags=$(same sse2 "$k")$(same avx2 "$k")$(same avx2_pext "$k")
    check "$k" "$p" "$s" "$a" "$z"
    line=$(printf "%-24s %9s %9s %9s %10s" "$k" "$p" "$s" "$a" "$z")
    if [ -n "$edax" ]; then
        if [[ "$no_edax_avx" == *" $k "* ]]; then
            line+=$(printf " %9s %9s %9s" - - -)
        else
            e=$(per edax-avx "$out/kernel-insns-edax-avx" avx2 "$k")
            flags+=$(same edax-avx "$k")
            line+=$(printf " %9s %9s %9s" "$e" "$(ratio "$a" "$e")" "$(ratio "$z" "$e")")
        fi
    fi
    echo "$line$flags"
    [ -z "$flags" ] || differ=1
done
if wanted call; then
    calls=$(n_calls call)
    line=$(printf "%-24s %9s %9s %9s %10s" call "$(per portable "$out/kernel-insns" portable call)" \
        "$(per sse2 "$out/kernel-insns" sse2 call)" "$(per avx2 "$out/kernel-insns" avx2 call)" \
        "$(per avx2_pext "$out/kernel-insns" avx2_pext call)")
    [ -z "$edax" ] || line+=$(printf " %9s" "$(per edax-avx "$out/kernel-insns-edax-avx" avx2 call)")
    echo "$line"
fi
echo "call: flip's loop calling an empty function directly (loop + call + return); an ek_ call adds"
echo "its dispatch jump (mov, jmp: 2 instructions) and its pointer checks (test, je: 2 per pointer),"
echo "which the portable, sse2, avx2 and avx2_pext columns include."
[ -z "$edax" ] || echo "edax-avx: Edax AVX's side A built with -march=x86-64-v3 (its AVX2 code), so that valgrind runs it."
for l in "${lower[@]}"; do echo "fewer instructions than recorded (record them in $expected): $l"; done
status=0
if [ ${#failures[@]} -gt 0 ]; then
    printf 'kernel-insns-x86: longer than recorded in %s:\n' "$expected" >&2
    printf '  %s\n' "${failures[@]}" >&2
    status=1
fi
[ "$differ" = 0 ] || { echo "kernel-insns-x86: RESULTS DIFFER (above)" >&2; status=1; }
exit $status
