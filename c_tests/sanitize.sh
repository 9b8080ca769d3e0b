#!/usr/bin/env bash
# The C tests under sanitizers, linked to the static library.
#
# 1. AddressSanitizer + UndefinedBehaviorSanitizer (gcc, -fno-sanitize-recover=all): the C test
#    programs (eval_api, solver_api, engine_api and both concurrency tests among them) are instrumented;
#    the Rust library is not (ASan still checks every heap block the library allocates or
#    frees through malloc, and catches the C side's misuse of the API).
# 2. ThreadSanitizer: the concurrency tests (concurrency.c, solver_concurrency.c) and engine_api.c
#    (an engine of two threads) linked to a
#    copy of the library built with `-Zsanitizer=thread` and its standard library rebuilt the
#    same way (-Zbuild-std), so that both the C threads and the library's dispatch, selection,
#    level switches, weight loading, solvers and engines (tables, busy and stop) are instrumented.
#    Needs the nightly toolchain with rust-src; without it the TSan step says SKIPPED (Miri's
#    data-race detector runs the same scenarios in tests/miri_threads.rs).
#
# Usage: c_tests/sanitize.sh [LIBDIR]   (LIBDIR: default target/capi/release, scripts/build-capi.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
libdir=$(cd "${1:-$root/target/capi/release}" && pwd)
out="$root/c_tests/out/sanitize"
mkdir -p "$out"
golden="$root/tests/data/golden"
fforum="$root/tests/data/fforum"
eval_dat=$("$root/scripts/synthetic-eval.sh")
CC=${SANITIZE_CC:-gcc}
CXX=${SANITIZE_CXX:-g++}
warn=(-Wall -Wextra -pedantic -Werror)
static_deps=(-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc)
# The ASan + UBSan and TSan concurrency processes: ten each (twenty until 2026-12-01; a sample,
# as the issue on the suite's time asks: TSan finds a race from the happens-before order, not
# from a meeting in time, and the native C tests run their own concurrency processes too).
runs=${CONCURRENCY_RUNS:-10}
# The TSan processes of concurrency.c: TSan finds a race from the happens-before order of two
# accesses, not from their meeting in time, so more processes add little after the first few; each
# costs about 17 s (8 threads loading and using the weights under TSan's shadow memory: twenty took
# 5.5 of the test command's minutes on the 2-core Xeon). solver_concurrency.c's take 2 s: $runs.
tsan_processes=${TSAN_RUNS:-4}
failed=0

build() { # exe compiler... -- sanitizer flags, then the source and the library
    local exe=$1 src=$2 lib=$3; shift 3
    "$@" "${warn[@]}" -g -O1 -fno-omit-frame-pointer -pthread -I"$root/include" "$root/c_tests/$src.c" \
        -x none -o "$out/$exe" "$lib" "${static_deps[@]}"
}

# Steps that run side by side on a machine of two cores or more, each into its own log shown in
# order (the whole ran sequentially before: about 6 of the test command's 50 minutes): the TSan
# library's build (one long rustc and the standard library's crates) beside both ASan runs, then
# the TSan programs two at a time. Their checks bound no time but STOP_WAIT's 60 s.
triple=x86_64-unknown-linux-gnu
tsan_dir="$root/target/capi-tsan"
tsan=false
if cargo +nightly --version >/dev/null 2>&1 && [ -d "$(rustc +nightly --print sysroot)/lib/rustlib/src/rust/library" ] \
    && [ "$(uname -m)" = x86_64 ]; then
    tsan=true
    (cd "$root" && CARGO_TARGET_DIR="$tsan_dir" RUSTFLAGS="-Zsanitizer=thread" \
        cargo +nightly rustc --release --locked --lib -Zbuild-std --target $triple --crate-type staticlib -q) \
        >"$out/tsan-build.log" 2>&1 &
    tsan_build=$!
fi

asan() { # c99|cxx17: builds and runs the ASan + UBSan programs; exit status 1 on a failure
    local lang=$1 cc t level i failed=0
    if [ "$lang" = c99 ]; then cc=("$CC" -std=c99); else cc=("$CXX" -x c++ -std=c++17); fi
    for t in known_answers api_contract eval_api concurrency solver_api solver_concurrency engine_api; do
        build "$t-$lang-asan" "$t" "$libdir/libedax_kernels.a" "${cc[@]}" "${san[@]}"
    done
    "$out/known_answers-$lang-asan" "$golden" || failed=1
    "$out/eval_api-$lang-asan" "$golden" "$eval_dat" || failed=1
    env -u EDAX_KERNELS_ISA "$out/api_contract-$lang-asan" 0 best || failed=1
    for level in portable sse2; do
        EDAX_KERNELS_ISA=$level "$out/api_contract-$lang-asan" 0 $level >/dev/null || { echo "api_contract $level failed"; failed=1; }
    done
    EDAX_KERNELS_ISA=bogus "$out/api_contract-$lang-asan" -3 best 2>/dev/null || { echo "api_contract bogus failed"; failed=1; }
    for ((i = 0; i < runs; i++)); do
        env -u EDAX_KERNELS_ISA "$out/concurrency-$lang-asan" "$golden" "$eval_dat" 8 1 >"$out/concurrency-$lang.txt" \
            || { cat "$out/concurrency-$lang.txt"; echo "concurrency ($lang, ASan + UBSan) failed"; failed=1; break; }
    done
    echo "concurrency ($lang, ASan + UBSan), $runs processes: $(cat "$out/concurrency-$lang.txt")"
    env -u EDAX_KERNELS_ISA "$out/solver_api-$lang-asan" "$fforum" >"$out/solver_api-$lang.txt" \
        || { cat "$out/solver_api-$lang.txt"; echo "solver_api ($lang, ASan + UBSan) failed"; failed=1; }
    for level in portable sse2; do
        EDAX_KERNELS_ISA=$level "$out/solver_api-$lang-asan" "$fforum" $level >/dev/null || { echo "solver_api $level failed"; failed=1; }
    done
    echo "solver_api ($lang, ASan + UBSan): $(tail -n 1 "$out/solver_api-$lang.txt")"
    env -u EDAX_KERNELS_ISA "$out/engine_api-$lang-asan" 6 2 >"$out/engine_api-$lang.txt" \
        || { cat "$out/engine_api-$lang.txt"; echo "engine_api ($lang, ASan + UBSan) failed"; failed=1; }
    echo "engine_api ($lang, ASan + UBSan): $(tail -n 1 "$out/engine_api-$lang.txt")"
    for ((i = 0; i < runs; i++)); do
        env -u EDAX_KERNELS_ISA "$out/solver_concurrency-$lang-asan" "$golden" "$fforum" 8 >"$out/solver_concurrency-$lang.txt" \
            || { cat "$out/solver_concurrency-$lang.txt"; echo "solver_concurrency ($lang, ASan + UBSan) failed"; failed=1; break; }
    done
    echo "solver_concurrency ($lang, ASan + UBSan), $runs processes: $(cat "$out/solver_concurrency-$lang.txt")"
    return $failed
}

echo "== ASan + UBSan ($CC / $CXX), static library (C99 and C++17 side by side)"
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
san=(-fsanitize=address,undefined -fno-sanitize-recover=all)
asan c99 >"$out/asan-c99.log" 2>&1 &
asan_c99=$!
asan cxx17 >"$out/asan-cxx17.log" 2>&1 &
asan_cxx17=$!
wait $asan_c99 || failed=1
cat "$out/asan-c99.log"
wait $asan_cxx17 || failed=1
cat "$out/asan-cxx17.log"
unset ASAN_OPTIONS UBSAN_OPTIONS

# TSAN: PROGRAM NAME [ENV_LEVELS] -- ARGS...: runs the TSan program $runs times (every other
# process on the level sse2 when ENV_LEVELS is "alternate", forced by the environment and
# accepted, so that the test's expected ek_isa_env_status of EK_OK holds); exit status 1 on a
# failure. Its last output line goes into $out/NAME-tsan.txt.
tsan_runs() {
    local name=$1 alternate=$2 n=$3 i level
    shift 3
    for ((i = 0; i < n; i++)); do
        level=$([ "$alternate" = alternate ] && [ $((i % 2)) = 1 ] && echo sse2 || echo "")
        env -u EDAX_KERNELS_ISA ${level:+EDAX_KERNELS_ISA=$level} "$out/$name-tsan" "$@" \
            >"$out/$name-tsan.txt" 2>"$out/$name-tsan.err" \
            || { cat "$out/$name-tsan.txt" "$out/$name-tsan.err"; echo "$name (TSan) failed"; return 1; }
    done
}
# Linked to rustc's TSan runtime (LLVM's), which the instrumented library needs (gcc's
# libtsan lacks __tsan_memcpy) and which also serves gcc's instrumentation of the C side.
tsan_link() { # NAME: c_tests/NAME.c linked to the TSan library as $out/NAME-tsan
    local rt
    rt="$(rustc +nightly --print sysroot)/lib/rustlib/$triple/lib/librustc-nightly_rt.tsan.a"
    "$CC" -std=c99 "${warn[@]}" -g -O1 -fsanitize=thread -pthread -I"$root/include" -c "$root/c_tests/$1.c" \
        -o "$out/$1-tsan.o"
    "$CC" -pthread "$out/$1-tsan.o" "$tsan_dir/$triple/release/libedax_kernels.a" \
        -Wl,--whole-archive "$rt" -Wl,--no-whole-archive -lstdc++ "${static_deps[@]}" -o "$out/$1-tsan"
}

echo "== TSan: library and its std instrumented (nightly -Zsanitizer=thread -Zbuild-std)"
if [ "$tsan" = true ]; then
    wait $tsan_build || { cat "$out/tsan-build.log"; echo "the TSan library's build failed"; exit 1; }
    for t in concurrency solver_concurrency engine_api; do tsan_link $t; done
    export TSAN_OPTIONS="halt_on_error=1 exitcode=66"
    # The concurrency tests (dispatch, selection, level switches, weight loading) and the
    # solver's threads (tables, busy and stop flags) side by side; then the engine's threads (the
    # odd games of engine_api: two threads on one engine's tables).
    tsan_runs concurrency alternate "$tsan_processes" "$golden" "$eval_dat" 8 1 >"$out/tsan-1.log" 2>&1 &
    tsan1=$!
    tsan_runs solver_concurrency alternate "$runs" "$golden" "$fforum" 8 >"$out/tsan-2.log" 2>&1 &
    tsan2=$!
    tsan_runs engine_api once 1 6 2 >"$out/tsan-3.log" 2>&1 || failed=1
    wait $tsan1 || failed=1
    wait $tsan2 || failed=1
    cat "$out/tsan-1.log" "$out/tsan-2.log" "$out/tsan-3.log"
    echo "concurrency (TSan), $tsan_processes processes: $(cat "$out/concurrency-tsan.txt")"
    echo "solver_concurrency (TSan), $runs processes: $(cat "$out/solver_concurrency-tsan.txt")"
    echo "engine_api (TSan): $(tail -n 1 "$out/engine_api-tsan.txt")"
else
    echo "SKIPPED (not run, not counted as passing): TSan needs the nightly toolchain with rust-src"
fi

[ "$failed" = 0 ] && echo "sanitizers: all passed" || { echo "sanitizers: FAILED"; exit 1; }
