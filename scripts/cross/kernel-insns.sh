#!/usr/bin/env bash
# Instructions per call of the kernels on the portable and neon levels and, with --edax, of
# Edax 4.6's own ARM64 kernels (its NEON code), counted under qemu-aarch64 (nothing can be timed
# there; instruction counts can be compared). Builds the instruction-count plugin
# (scripts/cross/insn-count.c) and the driver (scripts/cross/kernel-insns.c) linked to the
# aarch64 static library; with --edax, also side A from that Edax 4.6 checkout with
# ffi_bench/side-a.sh (Edax's flags, -march=armv8-a) and the driver again on Edax's functions
# (kernel-insns.c compiled with -DEDAX_SIDE_A: the same positions in the same order). Then for
# each kernel and side runs the driver with 0 and REPS repetitions and prints
# (count(REPS) - count(0)) / calls, and RESULTS DIFFER when a side's results checksum is not
# the portable level's.
#
# Included in a call: the driver's loop (loading the arguments, adding the result), the call
# and return, and for the library the C API's dispatch jump (adrp, ldr, br: 3 instructions per
# ek_ call, two ek_ calls in eval_update's) and, in symmetry's and eval_update's loops, adding
# the ek_ status codes that Edax's void functions do not return (2 and 3 instructions). Edax's
# functions are called directly, but its flip and count_last_flip jump through a table of
# per-square functions themselves (8 instructions), and side A's board_get_hash_code calls
# crc32c_u64, in another unit, twice. The row `call` below the table is the loop of flip
# calling an empty function: the loop and call overhead common to every column. A first
# repetition, made in both runs, keeps one-time set-ups (level choice, Edax's tables) out.
# solve_shallow's calls include each side's set-up of the search from the board (ref_solve_shallow
# links the empty squares as Edax's search_setup does); eval_update's include eval_restore.
#
# Usage: scripts/cross/kernel-insns.sh [--edax EDAX_CHECKOUT] [REPS]
#   REPS: default 20. Needs scripts/build-capi.sh --target aarch64-unknown-linux-gnu first.
#   --edax: a checkout of Edax 4.6 (abulmo/edax-reversi, commit 14f048c; compiled from there,
#   nothing is copied): adds the columns edax46 and neon/edax, and below the table Edax's
#   hash_code built with -march=armv8-a+crc (crc32c_u64 with the CRC32CX instruction; the neon
#   level uses it too, qemu -cpu max has CRC) and Edax's count_last_flip_neon.c, which
#   settings.h does not pick on ARM (it picks count_last_flip_kindergarten.c), in its two forms.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
usage() { echo "usage: $0 [--edax EDAX_CHECKOUT] [REPS]" >&2; exit 2; }
reps=20 edax=""
while [ $# -gt 0 ]; do
    case "$1" in
        --edax) [ $# -ge 2 ] || usage; edax=$2; shift 2 ;;
        -*) usage ;;
        *) reps=$1; shift ;;
    esac
done
# shellcheck source=scripts/cross/qemu-env.sh
. "$root/scripts/cross/qemu-env.sh"
out=$root/target/cross
lib=$root/target/capi/aarch64-unknown-linux-gnu/release/libedax_kernels.a
[ -f "$lib" ] || { echo "kernel-insns: no $lib: run scripts/build-capi.sh --target aarch64-unknown-linux-gnu first" >&2; exit 1; }
mkdir -p "$out"
gcc -shared -fPIC -O2 -Wall -Wextra -o "$out/insn-count.so" "$root/scripts/cross/insn-count.c"
driver_cc=(aarch64-linux-gnu-gcc -std=c11 -O2 -Wall -Wextra -I"$root/include")
"${driver_cc[@]}" "$root/scripts/cross/kernel-insns.c" -o "$out/kernel-insns" "$lib" -lpthread -ldl -lm

# Side A from the Edax checkout for aarch64 (ffi_bench/side-a.sh: Edax's own units, Edax's
# Makefile flags) and the driver on it: $out/kernel-insns-edax-NAME.
edax_driver() { # NAME MARCH [CFLAGS]
    local dir=$out/side-a-$1 cflags=()
    [ -z "${3:-}" ] || cflags=(--cflags "$3")
    mkdir -p "$dir"
    CC=aarch64-linux-gnu-gcc AR=aarch64-linux-gnu-ar OBJCOPY=aarch64-linux-gnu-objcopy \
        "$root/ffi_bench/side-a.sh" "$edax" --march "$2" "${cflags[@]}" --out "$dir" >"$dir/build.log" 2>&1 \
        || { cat "$dir/build.log" >&2; exit 1; }
    # Below AVX2 side-a.sh makes board_unique local (its index on ties is not the known
    # answers'); this driver counts it and checks its index another way: a copy of board.o with
    # board_unique global again, linked before the archive (whose search.o has a copy of its own).
    aarch64-linux-gnu-ar p "$dir/libside_a.a" board.o >"$dir/board-unique.o"
    aarch64-linux-gnu-objcopy --globalize-symbol=board_unique "$dir/board-unique.o"
    "${driver_cc[@]}" -DEDAX_SIDE_A -I"$root/ffi_bench/ref" "$root/scripts/cross/kernel-insns.c" \
        "$root/ffi_bench/ref/edax_support.c" "$dir/board-unique.o" "$dir/libside_a.a" \
        -o "$out/kernel-insns-edax-$1" "$lib" -lpthread -ldl -lm
}
if [ -n "$edax" ]; then
    echo "Building Edax 4.6's side A for aarch64 from $edax (ffi_bench/side-a.sh)..." >&2
    edax_driver armv8-a armv8-a
    edax_driver armv8-a+crc armv8-a+crc
    edax_driver clf-neon armv8-a -DCOUNT_LAST_FLIP=11
    edax_driver clf-neon-vaddvq armv8-a -DCOUNT_LAST_FLIP=12
    sed -n 's/^flags: /edax46: /p' "$out/side-a-armv8-a/side-a.txt" >&2
fi

run() { # TAG PROGRAM LEVEL KERNEL REPS -> instructions of the whole run (its output to $out/sum-TAG)
    EDAX_KERNELS_ISA=$3 qemu-aarch64 -L "$QEMU_SYSROOT" -plugin "$out/insn-count.so" -d plugin \
        "$2" "$4" "$5" 2>&1 >"$out/sum-$1" | sed -n 's/^insns //p'
}
per() { # TAG PROGRAM LEVEL KERNEL -> instructions per call (needs $calls)
    local a b
    a=$(run "$@" 0)
    b=$(run "$@" "$reps")
    awk -v a="$a" -v b="$b" -v n="$((calls * reps))" 'BEGIN { printf "%.1f", (b - a) / n }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
checksum() { sed -n 's/.*checksum //p' "$out/sum-$1"; }
# The side's results are the portable level's ($portable_sum[KERNEL], the same checksum).
same() { # TAG KERNEL
    local c
    c=$(checksum "$1")
    [ -n "$c" ] && [ "$c" = "${portable_sum[$2]}" ] || printf " RESULTS DIFFER (%s)" "$1"
}
declare -A portable_sum neon_per
n_calls() { EDAX_KERNELS_ISA=portable qemu-aarch64 -L "$QEMU_SYSROOT" "$out/kernel-insns" "$1" 0 | sed -n 's/.*: \([0-9]*\) calls.*/\1/p'; }

echo "Instructions per call under qemu-aarch64 $(qemu-aarch64 --version | sed -n 's/.*version \([^ ]*\).*/\1/p') (-cpu $QEMU_CPU), $reps repetitions: counts, not time"
if [ -n "$edax" ]; then
    printf "%-20s %10s %10s %9s %10s %9s\n" kernel portable neon neon/port edax46 neon/edax
else
    printf "%-20s %10s %10s %9s\n" kernel portable neon neon/port
fi
for k in flip get_moves get_mobility get_stability get_edge_stability count_last_flip hash_code symmetry unique solve_shallow eval_update; do
    calls=$(n_calls "$k")
    p=$(per portable "$out/kernel-insns" portable "$k")
    portable_sum[$k]=$(checksum portable)
    n=$(per neon "$out/kernel-insns" neon "$k")
    neon_per[$k]=$n
    flags=$(same neon "$k")
    line=$(printf "%-20s %10s %10s %9s" "$k" "$p" "$n" "$(ratio "$n" "$p")")
    if [ -n "$edax" ]; then
        e=$(per edax46 "$out/kernel-insns-edax-armv8-a" neon "$k")
        flags+=$(same edax46 "$k")
        line+=$(printf " %10s %9s" "$e" "$(ratio "$n" "$e")")
    fi
    echo "$line$flags"
done
calls=$(n_calls call)
line=$(printf "%-20s %10s %10s %9s" call "$(per portable "$out/kernel-insns" portable call)" "$(per neon "$out/kernel-insns" neon call)" "")
[ -z "$edax" ] || line+=$(printf " %10s" "$(per edax46 "$out/kernel-insns-edax-armv8-a" neon call)")
echo "$line"
echo "call: flip's loop calling an empty function directly (loop + call + return); an ek_ call adds"
echo "its dispatch jump (adrp, ldr, br: 3 instructions), which the portable and neon columns include."
if [ -n "$edax" ]; then
    echo "Other Edax 4.6 builds (neon/edax against the neon column above):"
    for v in "hash_code armv8-a+crc -march=armv8-a+crc: crc32c_u64 with CRC32CX" \
             "count_last_flip clf-neon -DCOUNT_LAST_FLIP=11: count_last_flip_neon.c" \
             "count_last_flip clf-neon-vaddvq -DCOUNT_LAST_FLIP=12: count_last_flip_neon.c, vaddvq"; do
        read -r k name what <<< "$v"
        calls=$(n_calls "$k")
        e=$(per "edax-$name" "$out/kernel-insns-edax-$name" neon "$k")
        printf "  %-18s %10s %9s  (%s)%s\n" "$k" "$e" "$(ratio "${neon_per[$k]}" "$e")" "$what" "$(same "edax-$name" "$k")"
    done
fi
