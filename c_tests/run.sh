#!/usr/bin/env bash
# Builds the C tests against include/edax_kernels.h, as C99 and as C++17, linked once to the
# shared and once to the static library in LIBDIR (default target/capi/release, made by
# scripts/build-capi.sh), and runs them.
# Usage: c_tests/run.sh [LIBDIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
libdir=$(cd "${1:-$root/target/capi/release}" && pwd)
out="$root/c_tests/out"
mkdir -p "$out"
CC=${CC:-cc}
CXX=${CXX:-c++}
warn=(-Wall -Wextra -pedantic -Werror)
# What a program linking the Rust static library needs (rustc --print native-static-libs).
static_deps=(-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc)

build() { # name lang link
    local name=$1 lang=$2 link=$3 exe="$out/$1-$2-$3"
    local compile
    if [ "$lang" = c99 ]; then compile=("$CC" -std=c99 "${warn[@]}" -O1 -pthread);
    else compile=("$CXX" -x c++ -std=c++17 "${warn[@]}" -O1 -pthread); fi
    # -x none: what follows the source is not C++ (when -x c++ was given).
    if [ "$link" = shared ]; then
        "${compile[@]}" -I"$root/include" "$root/c_tests/$name.c" -x none -o "$exe" \
            -L"$libdir" -ledax_kernels -Wl,-rpath,"$libdir"
    else
        "${compile[@]}" -I"$root/include" "$root/c_tests/$name.c" -x none -o "$exe" \
            "$libdir/libedax_kernels.a" "${static_deps[@]}"
    fi
    echo "$exe"
}

eval_dat=$("$root/scripts/synthetic-eval.sh")
# The levels every CPU of this architecture runs.
case "$(uname -m)" in
    x86_64) baseline_levels="portable sse2" ;;
    aarch64) baseline_levels="portable neon" ;;
    *) baseline_levels=portable ;;
esac
failed=0
# The header alone, with the Edax names of the edax-abi and edax-abi-eval builds declared too.
for std in "$CC -x c -std=c99" "$CXX -x c++ -std=c++17"; do
    echo '#include "edax_kernels.h"' | $std "${warn[@]}" -DEK_EDAX_ABI -DEK_EDAX_ABI_EVAL -I"$root/include" -fsyntax-only - || failed=1
done
for lang in c99 cxx17; do
    for link in shared static; do
        echo "== C tests: $lang, $link library"
        ka=$(build known_answers "$lang" "$link")
        api=$(build api_contract "$lang" "$link")
        if [ "$link" = shared ] && [[ $(ldd "$ka") == *libedax_kernels.so* ]]; then :;
        elif [ "$link" = shared ]; then echo "not linked to the shared library"; failed=1; fi
        "$ka" "$root/tests/data/golden" "$("$root/scripts/cpu-levels.sh")" || failed=1
        "$(build eval_api "$lang" "$link")" "$root/tests/data/golden" "$eval_dat" || failed=1
        env -u EDAX_KERNELS_ISA "$api" 0 best || failed=1
        for level in portable sse2 avx2 avx512 neon; do
            if "$api" >/dev/null 2>&1 && EDAX_KERNELS_ISA=$level "$api" 0 "$level" >/dev/null 2>&1; then
                echo "api_contract with EDAX_KERNELS_ISA=$level: ok"
            elif [[ " $baseline_levels " == *" $level "* ]]; then
                EDAX_KERNELS_ISA=$level "$api" 0 "$level"; failed=1
            else
                # Levels this CPU cannot run (above its best, or of the other architecture: neon
                # on x86-64) are reported as unsupported and the best level is used.
                EDAX_KERNELS_ISA=$level "$api" -4 best 2>/dev/null || { echo "unsupported $level not reported"; failed=1; }
            fi
        done
        EDAX_KERNELS_ISA=bogus "$api" -3 best 2>"$out/stderr.txt" || failed=1
        grep -q "EDAX_KERNELS_ISA" "$out/stderr.txt" || { echo "bad EDAX_KERNELS_ISA not reported on stderr"; failed=1; }
        # The solver: every level switched with ek_set_isa, then each level chosen by
        # EDAX_KERNELS_ISA with a solve as the process's first call (levels this CPU cannot run:
        # the best one is used, reported as unsupported on stderr).
        solver=$(build solver_api "$lang" "$link")
        env -u EDAX_KERNELS_ISA "$solver" "$root/tests/data/fforum" >"$out/solver_api.txt" || { cat "$out/solver_api.txt"; failed=1; }
        tail -n 1 "$out/solver_api.txt"
        for level in best portable sse2 avx2 avx512 neon; do
            if [ "$level" = best ]; then run=(env -u EDAX_KERNELS_ISA); else run=(env EDAX_KERNELS_ISA=$level); fi
            "${run[@]}" "$solver" "$root/tests/data/fforum" $level >"$out/solver_api.txt" 2>&1 \
                || { cat "$out/solver_api.txt"; echo "solver_api with EDAX_KERNELS_ISA=$level failed"; failed=1; }
        done
        echo "solver_api with each EDAX_KERNELS_ISA level: done"
        # Every process initialises the library once: the first-call race needs fresh processes.
        conc=$(build concurrency "$lang" "$link")
        for ((i = 0; i < ${CONCURRENCY_RUNS:-10}; i++)); do
            "$conc" "$root/tests/data/golden" "$eval_dat" 8 1 >"$out/concurrency.txt" || { cat "$out/concurrency.txt"; failed=1; break; }
        done
        echo "${CONCURRENCY_RUNS:-10} processes: $(cat "$out/concurrency.txt")"
        conc=$(build solver_concurrency "$lang" "$link")
        for ((i = 0; i < ${CONCURRENCY_RUNS:-10}; i++)); do
            "$conc" "$root/tests/data/golden" "$root/tests/data/fforum" 8 >"$out/solver_concurrency.txt" \
                || { cat "$out/solver_concurrency.txt"; failed=1; break; }
        done
        echo "${CONCURRENCY_RUNS:-10} processes: $(cat "$out/solver_concurrency.txt")"
    done
done
[ "$failed" = 0 ] && echo "C tests: all passed" || { echo "C tests: FAILED"; exit 1; }
