#!/usr/bin/env bash
# The main job (README.md): builds the library, A/B-tests it against the bundled C reference
# of the Edax API with ffi_bench (every kernel, and the evaluation with the golden set's
# synthetic eval.dat), runs perft(11) with nodes per second, and solves Edax's test positions
# fforum 1-19 and 20-39 exactly with the solver.
# Options are passed to ffi_bench (e.g. --json out.json, --isa avx2, --kernel flip).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --bench
echo "== building the C artifacts"
lib=$(scripts/build-capi.sh | tail -n 1)
echo "== ffi_bench: A = bundled C reference (ffi_bench/ref), B = edax-kernels"
ffi_bench/run.sh --golden tests/data/golden --eval "$(scripts/synthetic-eval.sh)" --positions 20000 --samples 31 "$@"
echo "== perft(11) from the start position"
mkdir -p ffi_bench/out
cc -std=c11 -O2 -Wall -Wextra -Werror -Iinclude ffi_bench/perft.c "$lib/libedax_kernels.a" \
    -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc -o ffi_bench/out/perft
ffi_bench/out/perft 11 tests/data/golden/perft.txt
echo "== the exact solver on Edax's test positions (ek_solver_solve; single calls, then batch and single alternating)"
cc -std=c11 -O2 -Wall -Wextra -Werror -Iinclude ffi_bench/solve.c "$lib/libedax_kernels.a" \
    -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc -o ffi_bench/out/solve
ffi_bench/out/solve tests/data/fforum/fforum-1-19.txt | tail -n 1
ffi_bench/out/solve tests/data/fforum/fforum-20-39.txt | tail -n 1
ffi_bench/out/solve tests/data/fforum/fforum-1-19.txt --rounds 5 | grep '^# round'

