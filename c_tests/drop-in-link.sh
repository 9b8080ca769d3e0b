#!/usr/bin/env bash
# The drop-in's step combinations that keep Edax's hash.c (docs/edax-drop-in.md steps 1-5 and
# 1-6) link and run: c_tests/drop_in_keeps_hash.c, which defines Edax's table functions itself,
# built as C99 and C++17 against the edax-abi and the edax-abi-eval libraries
# (scripts/build-capi.sh --edax-abi / --edax-abi-eval, built first when missing or stale),
# statically and shared.
# Usage: c_tests/drop-in-link.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/c_tests/out"
mkdir -p "$out"
static_deps=(-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc)
failed=0
for variant in edax-abi edax-abi-eval; do
    libdir=$("$root/scripts/build-capi.sh" "--$variant" | tail -n 1)
    for lang in c99 cxx17; do
        if [ "$lang" = c99 ]; then compile=(cc -std=c99); else compile=(c++ -x c++ -std=c++17); fi
        for link in static shared; do
            exe="$out/drop_in_keeps_hash-$variant-$lang-$link"
            rm -f "$exe"
            if [ "$link" = static ]; then
                libs=("$libdir/libedax_kernels.a" "${static_deps[@]}")
            else
                libs=(-L"$libdir" -ledax_kernels -Wl,-rpath,"$libdir")
            fi
            # -x none: the libraries that follow are not C++ sources.
            if "${compile[@]}" -Wall -Wextra -pedantic -Werror -O1 "$root/c_tests/drop_in_keeps_hash.c" \
                -x none -o "$exe" "${libs[@]}" -pthread; then
                printf '%s, %s, %s library: ' "$variant" "$lang" "$link"
                "$exe" || failed=1
            else
                echo "FAILED: drop_in_keeps_hash does not link ($variant, $lang, $link library)"
                failed=1
            fi
        done
    done
done
[ "$failed" = 0 ] && echo "drop-in with Edax's hash.c kept: all linked and passed" \
    || { echo "drop-in with Edax's hash.c kept: FAILED"; exit 1; }
