#!/usr/bin/env bash
# The library on the platforms this machine does not run natively (the test command runs each):
#   scripts/test-cross.sh windows   x86_64-pc-windows-gnu, built with MinGW, run under Wine: the
#                                   DLL, its import libraries (MinGW and MSVC) and the static
#                                   library with each feature, the DLL's exports, the header with
#                                   MinGW and as MSVC reads it, the Rust tests and the C tests on
#                                   every level this CPU has (Wine runs the code natively; the C
#                                   tests' C++ and static builds on the best level only): the
#                                   differential test on its million random positions, the other
#                                   test targets on 1/5 of theirs (WINE_TEST_SCALE) and the
#                                   smaller problems (not the unit tests)
#   scripts/test-cross.sh aarch64   aarch64-unknown-linux-gnu, built with the cross gcc, run under
#                                   qemu-aarch64: the neon (both of its tables) and portable levels;
#                                   the differential test on its million random positions, the
#                                   batch, leaf-search, midgame and solver's random-window and
#                                   solve_many tests on 1/20 of theirs (EK_TEST_SCALE), the solver's
#                                   problems of at most 19 empty squares, the C tests' C++ and
#                                   static builds on the neon level only
#   scripts/test-cross.sh macos     x86_64- and aarch64-apple-darwin: the library type-checked
#                                   (no macOS SDK here: nothing is linked or run)
# scripts/setup.sh installs the cross compilers, Wine, qemu and the Rust targets.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
say() { printf '\n== %s  [%d:%02d]\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

# The Rust test targets that run on every platform: all of tests/ but four, which read this
# machine's files rather than run the library, and so do not depend on the target: exports (the
# ELF library's machine code, with nm/objdump), header (cbindgen on the sources), layers (the
# sources), packaging (the packages' files). The engine's threads, timer and stop (engine), the
# NBoard program (nboard), the weights (weights) and the shared-table stress (shared_tables) run
# here too; edax_table and bad_input's rows of Edax's names need a third build of the library
# (feature edax-abi-eval) and are left out (see each platform below for why that is enough).
tests=(golden differential batch shallow nws_endgame midgame eval oracle bad_input solver miri miri_threads
    engine nboard weights shared_tables solver_split_env)
test_args() { # [--no-lib] test...: the cargo arguments for the unit tests (but with --no-lib) and
    # the test targets named, but those given
    local t args=(--lib)
    [ "${1:-}" != --no-lib ] || { args=(); shift; }
    for t in "${tests[@]}"; do [[ " $* " == *" $t "* ]] || args+=(--test "$t"); done
    echo "${args[@]}"
}

# clang's own headers and the target's C headers, for bindgen in the dev-dependency ffi_bench/cref.
bindgen_args() { # include dir of the target's C library
    echo "-I$(echo /usr/lib/llvm-*/lib/clang/*/include | awk '{print $NF}') -I$1"
}

# The C known answers (and the evaluation's) linked to the shared library in LIBDIR, run under
# Wine or qemu on the best level of EK_CPU_LEVELS (c_tests/run.sh runs them on every level with
# the default build): known_answers_with windows|aarch64 LIBDIR
known_answers_with() {
    local exe=c_tests/out-$1/features dir=$2
    mkdir -p "$exe"
    case "$1" in
        windows)
            cp "$dir/edax_kernels.dll" "$exe/"
            for t in known_answers eval_api; do
                x86_64-w64-mingw32-gcc -std=c99 -O1 -Iinclude c_tests/$t.c -o "$exe/$t.exe" -L"$dir" -ledax_kernels
            done
            "$WINE" "$exe/known_answers.exe" tests/data/golden "$EK_CPU_LEVELS" "${EK_CPU_LEVELS##* }"
            "$WINE" "$exe/eval_api.exe" tests/data/golden "$EK_SYNTHETIC_EVAL" ;;
        aarch64)
            for t in known_answers eval_api; do
                aarch64-linux-gnu-gcc -std=c99 -O1 -Iinclude c_tests/$t.c -o "$exe/$t" -L"$dir" -ledax_kernels \
                    -Wl,-rpath,"$PWD/$dir"
            done
            "${QEMU_RUN[@]}" "$exe/known_answers" tests/data/golden "$EK_CPU_LEVELS" "${EK_CPU_LEVELS##* }"
            "${QEMU_RUN[@]}" "$exe/eval_api" tests/data/golden "$EK_SYNTHETIC_EVAL" ;;
    esac
}

windows() {
    local t=x86_64-pc-windows-gnu
    # shellcheck source=cross/wine-env.sh
    source scripts/cross/wine-env.sh
    export EK_CPU_LEVELS EK_SYNTHETIC_EVAL WINE CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER=$root/scripts/cross/wine-run.sh
    local WINE_TEST_SCALE=${WINE_TEST_SCALE:-5}
    EK_CPU_LEVELS=$(scripts/cpu-levels.sh) # Wine runs the code on this CPU
    EK_SYNTHETIC_EVAL=$(scripts/synthetic-eval.sh)
    export BINDGEN_EXTRA_CLANG_ARGS_x86_64_pc_windows_gnu
    BINDGEN_EXTRA_CLANG_ARGS_x86_64_pc_windows_gnu=$(bindgen_args /usr/x86_64-w64-mingw32/include)

    say "Windows: the DLL, its import libraries and the static library, each feature; the DLL exports what the Linux library does (tests/exports.rs checks those against the header)"
    local feature dir native lib
    for feature in "" --edax-abi --edax-abi-eval; do
        dir=$(scripts/build-capi.sh $feature --target $t | tail -n 1)
        native=$(scripts/build-capi.sh $feature | tail -n 1)
        for lib in edax_kernels.dll libedax_kernels.dll.a edax_kernels.lib libedax_kernels.a; do
            [ -s "$dir/$lib" ] || { echo "FAILED: no $dir/$lib"; exit 1; }
        done
        if ! diff <(grep -v '^EXPORTS' "$dir/edax_kernels.def" | awk '{print $1}' | sort) \
            <(nm -D --defined-only "$native/libedax_kernels.so" | awk '{print $3}' | sort); then
            echo "FAILED: edax_kernels.dll (${feature:-default}) exports other names than libedax_kernels.so"
            exit 1
        fi
        echo "${feature:-default}: $(grep -vc '^EXPORTS' "$dir/edax_kernels.def") exports, as on Linux"
    done
    dir=target/capi/$t/release

    say "Windows: the header, with MinGW's gcc and g++ (-Werror) and with clang as MSVC reads it"
    local std
    for std in "x86_64-w64-mingw32-gcc -x c -std=c99" "x86_64-w64-mingw32-g++ -x c++ -std=c++17" \
        "clang --target=x86_64-pc-windows-msvc -fms-compatibility -x c -std=c11" \
        "clang --target=x86_64-pc-windows-msvc -fms-compatibility -x c++ -std=c++17"; do
        echo '#include "edax_kernels.h"' | $std -Wall -Wextra -pedantic -Werror -DEK_EDAX_ABI -DEK_EDAX_ABI_EVAL \
            -Iinclude -fsyntax-only - || { echo "FAILED: $std"; exit 1; }
        echo "ok: $std"
    done

    say "Windows: Rust tests under Wine (levels: $EK_CPU_LEVELS): every level against portable on the million random positions; the other tests on 1/$WINE_TEST_SCALE of theirs (Wine runs the same x86-64 code as the native suite, which checks all of them)"
    cargo test --locked --target $t --test differential
    # shellcheck disable=SC2046
    EK_TEST_SCALE=$WINE_TEST_SCALE cargo test --locked --target $t $(test_args --no-lib differential)
    # Not here: the unit tests (their own build of the library, 50 s) and the Rust tests of Edax's
    # names (bad_input's rows and edax_table, a third build, a minute): Wine runs the x86-64 code
    # the native suite checks; the DLL of that build is checked below through C (its exports, the
    # known answers).

    say "Windows: C tests under Wine, the DLL and the static library (every level with C99 and the DLL, the best one otherwise)"
    EK_CROSS=windows CONCURRENCY_RUNS=${CONCURRENCY_RUNS:-3} c_tests/run.sh "$dir"

    say "Windows: the known answers through the DLL of the edax-abi-eval build (Edax's names exported too), best level"
    known_answers_with windows target/capi-edax-abi-eval/$t/release

    say "Windows: the drop-in keeping Edax's hash.c links (c_tests/drop_in_keeps_hash.c, the static library of each Edax-names build)"
    local v
    for v in edax-abi edax-abi-eval; do
        x86_64-w64-mingw32-gcc-posix -std=c99 -O1 -Wall -Wextra -pedantic -Werror c_tests/drop_in_keeps_hash.c \
            -o "c_tests/out-windows/drop_in_keeps_hash-$v.exe" "target/capi-$v/x86_64-pc-windows-gnu/release/libedax_kernels.a" \
            -lkernel32 -lntdll -luserenv -lws2_32 -ldbghelp -Wl,-Bstatic -lpthread -Wl,-Bdynamic -static-libgcc
        printf '%s: ' "$v"
        "$WINE" "c_tests/out-windows/drop_in_keeps_hash-$v.exe"
    done

    say "Windows: a C program linked to the MSVC import library edax_kernels.lib (read by MinGW's linker), best level"
    local out=c_tests/out-windows
    x86_64-w64-mingw32-gcc -std=c99 -O1 -Iinclude c_tests/known_answers.c "$dir/edax_kernels.lib" \
        -o "$out/known_answers-msvc-lib.exe"
    x86_64-w64-mingw32-objdump -p "$out/known_answers-msvc-lib.exe" | grep "DLL Name: edax_kernels.dll" >/dev/null \
        || { echo "FAILED: not linked to edax_kernels.dll"; exit 1; }
    "$WINE" "$out/known_answers-msvc-lib.exe" tests/data/golden "$EK_CPU_LEVELS" "${EK_CPU_LEVELS##* }"
}

aarch64() {
    local t=aarch64-unknown-linux-gnu
    # shellcheck source=cross/qemu-env.sh
    source scripts/cross/qemu-env.sh
    export EK_SYNTHETIC_EVAL EK_TEST_SCALE=${EK_TEST_SCALE:-20} CONCURRENCY_RUNS=${CONCURRENCY_RUNS:-2}
    EK_SYNTHETIC_EVAL=$(scripts/synthetic-eval.sh)

    say "ARM64: the shared and static libraries, default and edax-abi-eval (which contains edax-abi)"
    local feature
    for feature in "" --edax-abi-eval; do
        scripts/build-capi.sh $feature --target $t | tail -n 1
    done

    say "ARM64: Rust tests under qemu (levels: $EK_CPU_LEVELS): every level against portable on the million random positions; the other tests on 1/$EK_TEST_SCALE of theirs"
    # One build of every test target (two cargo commands built them one after the other: 2.4
    # minutes), then the differential test at full scale, then the others; midgame and
    # nws_endgame (one thread each: their tests share the active level and the weights, 30 s
    # each under qemu) beside them.
    # shellcheck disable=SC2046
    cargo test --locked --target $t --no-run $(test_args)
    EK_TEST_SCALE=1 cargo test --locked --target $t --test differential
    local single_log status=0
    single_log=$(mktemp)
    cargo test --locked --target $t --test midgame --test nws_endgame >"$single_log" 2>&1 &
    local single=$!
    # shellcheck disable=SC2046
    cargo test --locked --target $t $(test_args differential midgame nws_endgame) || status=$?
    wait "$single" || status=$?
    cat "$single_log"
    rm -f "$single_log"
    [ "$status" = 0 ] || { echo "FAILED: the Rust tests under qemu"; exit 1; }
    # Not here: the Rust tests of Edax's names (edax_table, bad_input's rows; a third build of the
    # library, a minute). Edax's table is the code the native suite tests, and qemu on an x86-64
    # host runs ARM's loads and stores in x86's stronger order, so a race that only ARM's weaker
    # order would show cannot show here either (RELIABILITY.md); the shared library of that build
    # is checked below through C (the known answers).

    say "ARM64: C tests under qemu, the shared and the static library (every level with C99 and the shared library, the best one otherwise)"
    EK_CROSS=aarch64 CONCURRENCY_RUNS=${CONCURRENCY_RUNS:-2} c_tests/run.sh "target/capi/$t/release"

    say "ARM64: the known answers through the shared library of the edax-abi-eval build, best level"
    known_answers_with aarch64 target/capi-edax-abi-eval/$t/release
}

macos() {
    local t
    for t in x86_64-apple-darwin aarch64-apple-darwin; do
        say "macOS: the library type-checked for $t, each feature (no SDK here: not linked, not run)"
        RUSTFLAGS="-D warnings" cargo check --locked --lib --target $t
        RUSTFLAGS="-D warnings" cargo check --locked --lib --target $t --features edax-abi-eval
    done
}

case "${1:-}" in
    windows | aarch64 | macos) "$1" ;;
    *) echo "usage: $0 windows|aarch64|macos" >&2; exit 2 ;;
esac
echo "cross ($1): all passed"
