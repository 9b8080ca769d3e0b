#!/usr/bin/env bash
# Builds the C artifacts (scripts/build-capi.sh) of each feature (default, edax-abi,
# edax-abi-eval) for each platform the test command checks: Linux x86-64, Windows x86-64
# (MinGW) and Linux ARM64, the three features side by side. Each build is one rustc process
# (fat LTO, one codegen unit), so that two run on two cores in the time of one; one feature's
# platforms go one after the other, as cargo locks a build directory (target/capi-FEATURE)
# while it builds. The later steps' calls of build-capi.sh then find their artifacts current.
# Prints the directory of the default Linux x86-64 artifacts last, as build-capi.sh does.
# Usage: scripts/build-capi-all.sh [--native-only]
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("" x86_64-pc-windows-gnu aarch64-unknown-linux-gnu)
[ "${1:-}" != --native-only ] || targets=("")
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
chain() { # feature flag (or nothing): builds it for every target, one after the other
    local t
    for t in "${targets[@]}"; do
        # edax-abi for ARM64: not built (edax-abi-eval contains it; test-cross.sh tests that one)
        [ "$*/$t" != --edax-abi/aarch64-unknown-linux-gnu ] || continue
        echo "== scripts/build-capi.sh $* ${t:+--target $t}"
        scripts/build-capi.sh "$@" ${t:+--target "$t"}
    done
}
pids=()
for feature in "" --edax-abi --edax-abi-eval; do
    # shellcheck disable=SC2086 # an empty feature is no argument
    chain $feature >"$logs/${feature:-default}.log" 2>&1 &
    pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
for log in "$logs"/*.log; do grep -v '^\s*Compiling\|^\s*Finished' "$log" || true; done
[ "$failed" = 0 ] || { cat "$logs"/*.log; echo "FAILED: a build of the C artifacts"; exit 1; }
scripts/build-capi.sh | tail -n 1
