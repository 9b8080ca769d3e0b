#!/usr/bin/env bash
# Instructions per call of the kernels on the portable and neon levels, counted under qemu-aarch64
# (nothing can be timed there; instruction counts can be compared). Builds the instruction-count
# plugin (scripts/cross/insn-count.c) and the driver (scripts/cross/kernel-insns.c) linked to the
# aarch64 static library, then for each kernel and level runs the driver with 0 and REPS
# repetitions and prints (count(REPS) - count(0)) / calls. The loop, the argument set-up and the
# C API's dispatch jump are included, the same on both levels.
# Usage: scripts/cross/kernel-insns.sh [REPS]   (default 20; needs
#        cargo build --release --target aarch64-unknown-linux-gnu first)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=scripts/cross/qemu-env.sh
. "$root/scripts/cross/qemu-env.sh"
reps=${1:-20}
out=$root/target/cross
mkdir -p "$out"
gcc -shared -fPIC -O2 -Wall -Wextra -o "$out/insn-count.so" "$root/scripts/cross/insn-count.c"
aarch64-linux-gnu-gcc -std=c99 -O2 -Wall -Wextra -I"$root/include" "$root/scripts/cross/kernel-insns.c" \
    -o "$out/kernel-insns" "$root/target/aarch64-unknown-linux-gnu/release/libedax_kernels.a" -lpthread -ldl -lm
count() { # level kernel reps -> instructions of the whole run (the results' checksum to $out/sum-level)
    EDAX_KERNELS_ISA=$1 qemu-aarch64 -L "$QEMU_SYSROOT" -plugin "$out/insn-count.so" -d plugin \
        "$out/kernel-insns" "$2" "$3" 2>&1 >"$out/sum-$1" | sed -n 's/^insns //p'
}
printf "%-20s %12s %12s %8s\n" kernel portable neon neon/port
for k in flip get_moves get_mobility get_stability get_edge_stability count_last_flip hash_code symmetry unique solve_shallow eval_update; do
    calls=$(EDAX_KERNELS_ISA=portable qemu-aarch64 -L "$QEMU_SYSROOT" "$out/kernel-insns" "$k" 0 | sed -n 's/.*: \([0-9]*\) calls.*/\1/p')
    per=()
    for level in portable neon; do
        a=$(count "$level" "$k" 0)
        b=$(count "$level" "$k" "$reps")
        per+=("$(echo "scale=1; ($b - $a) / ($calls * $reps)" | bc)")
    done
    # Both levels must have computed the same results.
    same=$(cmp -s <(sed 's/.*checksum//' "$out/sum-portable") <(sed 's/.*checksum//' "$out/sum-neon") && echo "" || echo " RESULTS DIFFER")
    printf "%-20s %12s %12s %8s%s\n" "$k" "${per[0]}" "${per[1]}" "$(echo "scale=2; ${per[1]} / ${per[0]}" | bc)" "$same"
done
