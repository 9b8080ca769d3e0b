#!/usr/bin/env bash
# The main job (README.md). Two modes; wall-clock times measured on a 2-core Intel Xeon VM with
# the library already built (a first build adds cargo's compile time):
#
#   scripts/bench.sh [ffi_bench options]         about 1 minute (43-53 s): what the library is for
#     builds the library; A/B-tests it against the bundled C reference of the Edax API with
#     ffi_bench (every kernel, and the evaluation with the golden set's synthetic eval.dat;
#     5000 positions, 15 samples per side); runs perft(11) with nodes per second; solves Edax's
#     test positions fforum 20-39 exactly with the solver, its deep nodes ordered by the
#     project's own weights (data/ek-eval.dat), on one thread and on every core, next to the
#     nodes Edax 4.6 searches with its real weights (its published record); runs the engine
#     (Edax's whole search, ek_engine_search, with the built-in weights) on Edax's test positions
#     fforum 40-59 at level 15: its move, score, depth, nodes and nodes per second.
#
#   scripts/bench.sh --full [ffi_bench options]  9 to 11 minutes: the whole benchmark
#     the same A/B test with 20000 positions and 31 samples, perft(11), then the solver on
#     fforum 1-19, 20-39 and FFO 40-49 (fast move order, then ordered by data/ek-eval.dat) next
#     to Edax 4.6's real-weights record, single against batch calls on fforum 1-19, fforum 20-39
#     and FFO 40-49 on every core, FFO 40-49 on every level the CPU runs (most of the time), and
#     the engine on fforum 40-59 at level 18, on one thread and on every core.
#
# Every option other than --full is passed to ffi_bench (e.g. --json out.json, --isa avx2,
# --kernel flip).
set -euo pipefail
cd "$(dirname "$0")/.."
full=0 args=()
for arg in "$@"; do
    if [ "$arg" = --full ]; then full=1; else args+=("$arg"); fi
done
if [ "$full" = 1 ]; then positions=20000 samples=31; else positions=5000 samples=15; fi
scripts/setup.sh --bench
echo "== building the C artifacts"
lib=$(scripts/build-capi.sh | tail -n 1)
echo "== ffi_bench: A = the bundled C reference (ffi_bench/ref), a plain C model written here, not Edax's tuned code;"
echo "   B = edax-kernels. For B against Edax 4.6's and Edax AVX's own kernels see BENCHMARKS.md (ffi_bench/side-a.sh)."
ffi_bench/run.sh --golden tests/data/golden --eval "$(scripts/synthetic-eval.sh)" --positions "$positions" --samples "$samples" \
    ${args[@]+"${args[@]}"}
echo "== perft(11) from the start position"
mkdir -p ffi_bench/out
cc -std=c11 -O2 -Wall -Wextra -Werror -Iinclude ffi_bench/perft.c "$lib/libedax_kernels.a" \
    -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc -o ffi_bench/out/perft
ffi_bench/out/perft 11 tests/data/golden/perft.txt
if [ "$full" = 1 ]; then
    echo "== the exact solver on Edax's test positions (ek_solver_solve; single calls, then batch and single alternating)"
else
    echo "== the exact solver on Edax's test positions fforum 20-39 (ek_solver_solve, single calls)"
fi
cc -std=c11 -O2 -Wall -Wextra -Werror -Iinclude ffi_bench/solve.c "$lib/libedax_kernels.a" \
    -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc -o ffi_bench/out/solve
cc -std=c11 -O2 -Wall -Wextra -Werror -Iinclude ffi_bench/engine.c "$lib/libedax_kernels.a" \
    -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc -o ffi_bench/out/engine
record=tests/data/fforum/edax-4.6-real-weights.txt
weights=data/ek-eval.dat
cores=$(nproc)
if [ "$full" = 0 ]; then
    echo "   The nodes and time are the solver's. Edax 4.6 as its users run it (its real weights, not available here, one"
    echo "   thread) searches the nodes of its published record ($record); BENCHMARKS.md has the"
    echo "   comparison of times (Edax's time estimated from its nodes per second measured on the same machine)."
    echo "   The moves of nodes of 14+ empty squares ordered by the project's weights ($weights, ek_solver_set_eval), one thread:"
    ffi_bench/out/solve tests/data/fforum/fforum-20-39.txt --eval "$weights" --record "$record" | tail -n 2
    echo "   the same on every core ($cores threads, ek_solver_set_threads; wall-clock time, CPU time of all threads beside it;"
    echo "   the nodes are those of all threads, Edax's those of its one thread):"
    ffi_bench/out/solve tests/data/fforum/fforum-20-39.txt --eval "$weights" --record "$record" --threads "$cores" | tail -n 2
    echo "   (scripts/bench.sh --full adds fforum 1-19, the fast move order, batch calls, FFO 40-49 and every level the CPU runs)"
    echo "== the engine (ek_engine_search: Edax 4.6's whole search, the built-in weights) on fforum 40-59 at level 15, one thread"
    echo "   (its move, score, depth@selectivity, nodes and seconds per position; a depth equal to the empty squares searches to"
    echo "   the game's end, exactly at selectivity 5; the known best moves are the exact scores' own)"
    ffi_bench/out/engine tests/data/fforum/fforum-40-59.txt --level 15
    echo "   (scripts/bench.sh --full adds level 18 on one thread and on every core)"
    exit 0
fi
echo "   The nodes and time are the solver's. Edax 4.6 as its users run it (its real weights, not available here) searches"
echo "   the nodes of its published record ($record); BENCHMARKS.md has the comparison of times (Edax's"
echo "   time estimated from its nodes per second measured on the same machine)."
ffi_bench/out/solve tests/data/fforum/fforum-1-19.txt | tail -n 1
echo "   (Edax 4.6, real weights, fforum-1-19: 3.0 M nodes in total, published without a per-problem breakdown)"
ffi_bench/out/solve tests/data/fforum/fforum-20-39.txt --record "$record" | tail -n 2
echo "   With the moves of nodes of 14+ empty squares ordered by the project's weights ($weights, ek_solver_set_eval):"
ffi_bench/out/solve tests/data/fforum/fforum-20-39.txt --eval "$weights" --record "$record" | tail -n 2
ffi_bench/out/solve tests/data/fforum/fforum-40-59.txt --count 10 --eval "$weights" --record "$record" | tail -n 2
ffi_bench/out/solve tests/data/fforum/fforum-1-19.txt --rounds 5 | grep '^# round'
echo "== the solver on every core ($cores threads, ek_solver_set_threads, $weights; wall-clock time, CPU time of all threads beside it)"
ffi_bench/out/solve tests/data/fforum/fforum-20-39.txt --eval "$weights" --threads "$cores" | tail -n 1
ffi_bench/out/solve tests/data/fforum/fforum-40-59.txt --count 10 --eval "$weights" --threads "$cores" | tail -n 1
echo "== FFO 40-49 on every level this CPU runs ($weights, $cores threads; each score and move checked: \"0 wrong\")"
for level in $(scripts/cpu-levels.sh); do
    printf '%-8s ' "$level"
    EDAX_KERNELS_ISA=$level ffi_bench/out/solve tests/data/fforum/fforum-40-59.txt --count 10 --eval "$weights" --threads "$cores" | tail -n 1
done
echo "== the engine on fforum 40-59 at level 18 (ek_engine_search, the built-in weights): one thread (Edax's nodes), then every core"
ffi_bench/out/engine tests/data/fforum/fforum-40-59.txt --level 18 --quiet
ffi_bench/out/engine tests/data/fforum/fforum-40-59.txt --level 18 --threads "$cores" --quiet
