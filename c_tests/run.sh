#!/usr/bin/env bash
# Builds the C tests against include/edax_kernels.h, as C99 and as C++17, linked once to the
# shared and once to the static library in LIBDIR (default target/capi/release, made by
# scripts/build-capi.sh), and runs them.
# Usage: c_tests/run.sh [LIBDIR]
# EK_CROSS=windows or EK_CROSS=aarch64 (scripts/test-cross.sh) builds them with that platform's
# cross compilers against LIBDIR's library for it, and runs each program under Wine or qemu
# (scripts/cross/wine-env.sh, qemu-env.sh); the levels expected are then EK_CPU_LEVELS.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
libdir=$(cd "${1:-$root/target/capi/release}" && pwd)
cross=${EK_CROSS:-}
out="$root/c_tests/out${cross:+-$cross}"
mkdir -p "$out"
warn=(-Wall -Wextra -pedantic -Werror)
run=() # the command a test program runs under: nothing natively, Wine or qemu when cross-built
case "$cross" in
    "")
        CC=${CC:-cc} CXX=${CXX:-c++}
        # What a program linking the Rust static library needs (rustc --print native-static-libs).
        static_deps=(-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc) threads=(-pthread)
        cpu_levels=$("$root/scripts/cpu-levels.sh") ;;
    windows)
        # shellcheck source=../scripts/cross/wine-env.sh
        source "$root/scripts/cross/wine-env.sh"
        CC=x86_64-w64-mingw32-gcc-posix CXX=x86_64-w64-mingw32-g++-posix run=("$WINE")
        static_deps=(-lkernel32 -lntdll -luserenv -lws2_32 -ldbghelp)
        # MinGW's pthreads (winpthreads) and its GCC runtimes linked in, so that no MinGW DLL need
        # be beside the .exe (g++ would link libgcc_s_seh-1.dll, which the Rust code's unwinder uses).
        threads=(-Wl,-Bstatic -lpthread -Wl,-Bdynamic -static-libgcc -static-libstdc++)
        cp "$libdir/edax_kernels.dll" "$out/" # a DLL is found beside the program
        cpu_levels=${EK_CPU_LEVELS:?set by scripts/test-cross.sh} ;;
    aarch64)
        # shellcheck source=../scripts/cross/qemu-env.sh
        source "$root/scripts/cross/qemu-env.sh"
        CC=aarch64-linux-gnu-gcc CXX=aarch64-linux-gnu-g++ run=("${QEMU_RUN[@]}")
        static_deps=(-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc) threads=(-pthread)
        cpu_levels=${EK_CPU_LEVELS:?set by scripts/test-cross.sh} ;;
    *) echo "EK_CROSS=$cross: not windows or aarch64" >&2; exit 2 ;;
esac

build() { # name lang link
    local name=$1 lang=$2 link=$3 exe="$out/$1-$2-$3"
    local compile
    [ -z "$cross" ] || [ "$cross" = aarch64 ] || exe=$exe.exe
    if [ "$lang" = c99 ]; then compile=("$CC" -std=c99 "${warn[@]}" -O1);
    else compile=("$CXX" -x c++ -std=c++17 "${warn[@]}" -O1); fi
    # -x none: what follows the source is not C++ (when -x c++ was given). A failed build
    # leaves no program behind (an older one would run in its place: one_set runs with errexit
    # off), and its runs fail.
    rm -f "$exe"
    if [ "$link" = shared ]; then
        "${compile[@]}" -I"$root/include" "$root/c_tests/$name.c" -x none -o "$exe" \
            -L"$libdir" -ledax_kernels -Wl,-rpath,"$libdir" "${threads[@]}" || return 1
    else
        "${compile[@]}" -I"$root/include" "$root/c_tests/$name.c" -x none -o "$exe" \
            "$libdir/libedax_kernels.a" "${static_deps[@]}" "${threads[@]}" || return 1
    fi
    echo "$exe"
}

# Whether the program needs the shared library (else the static one was linked in).
needs_shared() {
    case "$cross" in
        "") [[ $(ldd "$1") == *libedax_kernels.so* ]] ;;
        windows) x86_64-w64-mingw32-objdump -p "$1" | grep "DLL Name: edax_kernels.dll" >/dev/null ;;
        aarch64) aarch64-linux-gnu-readelf -d "$1" | grep "NEEDED.*libedax_kernels.so" >/dev/null ;;
    esac
}

eval_dat=$("$root/scripts/synthetic-eval.sh")
failed=0
# The header alone, with the Edax names of the edax-abi and edax-abi-eval builds declared too.
for std in "$CC -x c -std=c99" "$CXX -x c++ -std=c++17"; do
    echo '#include "edax_kernels.h"' | $std "${warn[@]}" -DEK_EDAX_ABI -DEK_EDAX_ABI_EVAL -I"$root/include" -fsyntax-only - || failed=1
done
# Every level name the library knows; those of cpu_levels must run, the others must be refused.
all_levels="portable sse2 avx2 avx512 neon"
has_level() { [[ " $cpu_levels " == *" $1 "* ]]; }
# Under emulation the C99 programs linked to the shared library run everything on every level;
# the other three builds (C++17, the static library: the same library code, compiled or linked
# otherwise) run the known answers and the solver on the best level only and each concurrency
# program once. Natively every build runs everything.
best_level=${cpu_levels##* }
# One build's programs: one_set LANG LINK (c99|cxx17, shared|static); exit status 1 on a failure.
one_set() {
    local lang=$1 link=$2 sample="" runs ka api solver engine conc level with i failed=0
    [ -z "$cross" ] || [ "$lang-$link" = c99-shared ] || sample=1
    runs=${CONCURRENCY_RUNS:-10}
    [ -z "$sample" ] || runs=1
    echo "== C tests: $lang, $link library${cross:+ ($cross, run under ${run[0]##*/})}${sample:+, sampled: the $best_level level}"
    ka=$(build known_answers "$lang" "$link")
    api=$(build api_contract "$lang" "$link")
    if [ "$link" = shared ] && needs_shared "$ka"; then :;
    elif [ "$link" = shared ]; then echo "not linked to the shared library"; failed=1; fi
    "${run[@]}" "$ka" "$root/tests/data/golden" "$cpu_levels" ${sample:+"$best_level"} || failed=1
    "${run[@]}" "$(build eval_api "$lang" "$link")" "$root/tests/data/golden" "$eval_dat" || failed=1
    env -u EDAX_KERNELS_ISA "${run[@]}" "$api" 0 best || failed=1
    for level in $all_levels; do
        if has_level "$level"; then
            EDAX_KERNELS_ISA=$level "${run[@]}" "$api" 0 "$level" >"$out/$lang-$link-api.txt" 2>&1 \
                && echo "api_contract with EDAX_KERNELS_ISA=$level: ok" || { cat "$out/$lang-$link-api.txt"; failed=1; }
        else
            # Levels this CPU cannot run (above its best, or of the other architecture: neon
            # on x86-64) are reported as unsupported and the best level is used.
            EDAX_KERNELS_ISA=$level "${run[@]}" "$api" -4 best >/dev/null 2>&1 \
                && echo "api_contract with EDAX_KERNELS_ISA=$level: refused, as this CPU lacks it" \
                || { echo "unsupported $level not reported"; failed=1; }
        fi
    done
    EDAX_KERNELS_ISA=bogus "${run[@]}" "$api" -3 best 2>"$out/$lang-$link-stderr.txt" || failed=1
    grep -q "EDAX_KERNELS_ISA" "$out/$lang-$link-stderr.txt" || { echo "bad EDAX_KERNELS_ISA not reported on stderr"; failed=1; }
    # The solver: every level switched with ek_set_isa, then each level chosen by
    # EDAX_KERNELS_ISA with a solve as the process's first call (levels this CPU cannot run,
    # above its best or of the other architecture: the best one is used, reported as
    # unsupported on stderr).
    solver=$(build solver_api "$lang" "$link")
    env -u EDAX_KERNELS_ISA "${run[@]}" "$solver" "$root/tests/data/fforum" ${sample:+best} >"$out/$lang-$link-solver_api.txt" \
        || { cat "$out/$lang-$link-solver_api.txt"; failed=1; }
    tail -n 1 "$out/$lang-$link-solver_api.txt"
    for level in best $all_levels; do
        [ -z "$sample" ] || break
        if [ "$level" = best ]; then with=(env -u EDAX_KERNELS_ISA); else with=(env EDAX_KERNELS_ISA=$level); fi
        "${with[@]}" "${run[@]}" "$solver" "$root/tests/data/fforum" $level >"$out/$lang-$link-solver_api.txt" 2>&1 \
            || { cat "$out/$lang-$link-solver_api.txt"; echo "solver_api with EDAX_KERNELS_ISA=$level failed"; failed=1; }
    done
    [ -n "$sample" ] || echo "solver_api with each EDAX_KERNELS_ISA level: done"
    # The engine: games against itself at level 6 (two games in the sampled builds).
    engine=$(build engine_api "$lang" "$link")
    env -u EDAX_KERNELS_ISA "${run[@]}" "$engine" 6 ${sample:+2} >"$out/$lang-$link-engine_api.txt" 2>&1 \
        || { cat "$out/$lang-$link-engine_api.txt"; failed=1; }
    tail -n 1 "$out/$lang-$link-engine_api.txt"
    # Every process initialises the library once: the first-call race needs fresh processes.
    conc=$(build concurrency "$lang" "$link")
    for ((i = 0; i < runs; i++)); do
        "${run[@]}" "$conc" "$root/tests/data/golden" "$eval_dat" 8 1 >"$out/$lang-$link-concurrency.txt" \
            || { cat "$out/$lang-$link-concurrency.txt"; failed=1; break; }
    done
    echo "$runs processes: $(cat "$out/$lang-$link-concurrency.txt")"
    conc=$(build solver_concurrency "$lang" "$link")
    for ((i = 0; i < runs; i++)); do
        "${run[@]}" "$conc" "$root/tests/data/golden" "$root/tests/data/fforum" 8 >"$out/$lang-$link-solver_concurrency.txt" \
            || { cat "$out/$lang-$link-solver_concurrency.txt"; failed=1; break; }
    done
    echo "$runs processes: $(cat "$out/$lang-$link-solver_concurrency.txt")"
    return $failed
}
# The C99 programs on the shared library (every level, under emulation the longest) in one job,
# the other three builds in another beside it; each job's output shown once both have ended.
sets=$(mktemp -d)
trap 'rm -rf "$sets"' EXIT
one_set c99 shared >"$sets/1" 2>&1 &
first=$!
{
    f=0
    for set in "c99 static" "cxx17 shared" "cxx17 static"; do
        # shellcheck disable=SC2086
        one_set $set || f=1
    done
    exit $f
} >"$sets/2" 2>&1 &
second=$!
wait $first || failed=1
wait $second || failed=1
cat "$sets/1" "$sets/2"
[ "$failed" = 0 ] && echo "C tests${cross:+ ($cross)}: all passed" || { echo "C tests${cross:+ ($cross)}: FAILED"; exit 1; }
