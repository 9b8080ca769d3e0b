#!/usr/bin/env bash
# llvm-mca's estimate of what a kernel costs on CPU models the machine at hand is not: the
# library's kernel entries on both tables of the avx2 level (avx2, and avx2_pext for the cores
# with a fast PEXT) and, with --edax-avx, Edax AVX's own functions built for each model as its native
# build would be (ffi_bench/side-a.sh --march MODEL: gcc -march=znver1 ... picks the forms that
# build picks there). An estimate, not a time: llvm-mca runs the function's instructions as one
# straight block (branches dropped, so both sides of a branch count) through its model of the
# core's ports, 1000 times back to back, and reports cycles per run (the throughput of
# independent calls); call and return, and the C API's dispatch jump, are not in it.
#
# Usage: scripts/kernel-mca.sh [--edax-avx EDAX_AVX_CHECKOUT] [--models "znver1 znver2 ..."]
#                              [KERNEL...]
#   KERNEL: count_last_flip (Edax AVX's last_flip), get_edge_stability; default both.
#   --models: llvm-mca -mcpu names that gcc also takes as -march (default: znver1 znver2 znver3
#   skylake alderlake; llvm 14 has no znver4; the avx512 level's CPUs are left out: this compares
#   the avx2 level's tables).
# Needs llvm-mca (Debian's llvm package), objdump and gcc. Builds the C library (scripts/build-capi.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: $0 [--edax-avx EDAX_AVX_CHECKOUT] [--models \"M1 M2 ...\"] [KERNEL...]" >&2; exit 2; }
edax="" models="znver1 znver2 znver3 skylake alderlake" kernels=()
while [ $# -gt 0 ]; do
    case "$1" in
        --edax-avx) [ $# -ge 2 ] || usage; edax=$2; shift 2 ;;
        --models) [ $# -ge 2 ] || usage; models=$2; shift 2 ;;
        -*) usage ;;
        *) kernels+=("$1"); shift ;;
    esac
done
[ ${#kernels[@]} -gt 0 ] || kernels=(count_last_flip get_edge_stability)
command -v llvm-mca >/dev/null || { echo "kernel-mca: needs llvm-mca (apt-get install llvm)" >&2; exit 1; }
lib=$(cd "$root" && scripts/build-capi.sh | tail -n 1)
lib=$(cd "$root" && cd "$lib" && pwd)/libedax_kernels.so
out=${CARGO_TARGET_DIR:-$root/target}/kernel-mca
case "$out" in /*) ;; *) out=$root/$out ;; esac
mkdir -p "$out"

# The instructions of function NAME (demangled) in OBJECT, as llvm-mca reads them: AT&T syntax,
# addresses, symbols and comments removed, control flow (jumps, calls, returns) dropped. (The
# whole listing is read: awk stopping early would make objdump fail on a closed pipe.)
body() { # OBJECT NAME
    # Each run's two arguments (every kernel here takes them in rdi and rsi) come fresh from
    # registers nothing writes, as a call's do: without it the block's own writes to rdi and rsi
    # would chain one run to the next.
    printf 'movq %%r12, %%rdi\nmovq %%r13, %%rsi\n'
    objdump -d -C --no-show-raw-insn --no-addresses "$1" | awk -v f="<$2>:" '
        $0 == f { on = 1; next }
        on && /^$/ { on = 0 }
        on { sub(/#.*/, ""); sub(/<[^>]*>/, ""); gsub(/^[ \t]+|[ \t]+$/, "");
             if ($0 == "" || $1 ~ /^(j|call|ret|nop|int3|ud2|endbr)/) next; print }'
}
cycles() { # MODEL FILE -> cycles per run
    llvm-mca -mtriple=x86_64-unknown-linux-gnu -mcpu="$1" -iterations=1000 "$2" 2>/dev/null \
        | awk '/^Total Cycles:/ { printf "%.1f", $3 / 1000 }'
}

declare -A edax_name=([count_last_flip]=last_flip [get_edge_stability]=get_edge_stability)
declare -A edax_object=([count_last_flip]=adapter.o [get_edge_stability]=board.o)
echo "llvm-mca $(llvm-mca --version | sed -n 's/.*LLVM version \([0-9.]*\).*/\1/p'): cycles per call, independent calls (an estimate, not a time)"
header=$(printf "%-20s %-10s %8s %11s" kernel model avx2 avx2_pext)
[ -z "$edax" ] || header+=$(printf " %9s %10s %11s" edax-avx avx2/edax pext/edax)
echo "$header"
for k in "${kernels[@]}"; do
    [ -n "${edax_name[$k]:-}" ] || { echo "kernel-mca: unknown kernel $k" >&2; exit 2; }
    for table in avx2 avx2_pext; do
        body "$lib" "edax_kernels::dispatch::levels::$table::$k" >"$out/$k-$table.s"
    done
    # More than the two argument moves: the function is there. avx2_pext has only the entries it
    # changes (src/dispatch/levels.rs); the others are avx2's.
    [ "$(wc -l <"$out/$k-avx2.s")" -gt 2 ] || { echo "kernel-mca: $k not found in the avx2 table of $lib" >&2; exit 1; }
    own=1
    [ "$(wc -l <"$out/$k-avx2_pext.s")" -gt 2 ] || own=0
    for m in $models; do
        a=$(cycles "$m" "$out/$k-avx2.s")
        if [ "$own" = 1 ]; then z=$(cycles "$m" "$out/$k-avx2_pext.s"); else z="=avx2"; fi
        line=$(printf "%-20s %-10s %8s %11s" "$k" "$m" "$a" "$z")
        if [ -n "$edax" ]; then
            dir=$out/edax-avx-$m
            if [ ! -f "$dir/libside_a.a" ]; then
                "$root/ffi_bench/side-a.sh" "$edax" --flavour edax-avx --march "$m" --cflags -O3 --out "$dir" \
                    >"$dir.log" 2>&1 || { cat "$dir.log" >&2; exit 1; }
            fi
            body "$dir/${edax_object[$k]}" "${edax_name[$k]}" >"$out/$k-edax-avx-$m.s"
            [ -s "$out/$k-edax-avx-$m.s" ] || { echo "kernel-mca: ${edax_name[$k]} not in $dir/${edax_object[$k]}" >&2; exit 1; }
            e=$(cycles "$m" "$out/$k-edax-avx-$m.s")
            zr="-"
            [ "$own" = 0 ] || zr=$(awk -v a="$z" -v e="$e" 'BEGIN { printf "%.2f", a / e }')
            line+=$(printf " %9s %10s %11s" "$e" "$(awk -v a="$a" -v e="$e" 'BEGIN { printf "%.2f", a / e }')" "$zr")
        fi
        echo "$line"
    done
done
echo "The instructions llvm-mca ran are in $out (KERNEL-TABLE.s); llvm-mca -mcpu=MODEL -timeline FILE shows each one's ports."
