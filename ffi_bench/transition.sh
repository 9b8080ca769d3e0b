#!/usr/bin/env bash
# The AVX-SSE transition benchmark (ffi_bench/avx_transition.c): every hot export, called with
# the upper YMM state clean and dirty, from code built like Edax's x86-64-v3 build.
#   ffi_bench/transition.sh [CALLS_PER_ROUND] [ROUNDS]
# Builds the library with edax-abi-eval (scripts/build-capi.sh) and the synthetic eval.dat
# (scripts/synthetic-eval.sh); needs a CPU with AVX2.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/ffi_bench/out"
mkdir -p "$out"
lib=$(cd "$root" && "$root/scripts/build-capi.sh" --edax-abi-eval | tail -n 1)
lib=$(cd "$root" && cd "$lib" && pwd)
"${CC:-cc}" -std=c11 -O2 -march=x86-64-v3 -mno-vzeroupper -Wall -Wextra -Werror -I"$root/include" \
    "$root/ffi_bench/avx_transition.c" "$lib/libedax_kernels.a" -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc \
    -o "$out/avx_transition"
grep -m1 'model name' /proc/cpuinfo | sed 's/^model name\s*:/# CPU:/'
exec "$out/avx_transition" "$("$root/scripts/synthetic-eval.sh")" "$@"
