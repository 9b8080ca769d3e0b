#!/usr/bin/env bash
# Stress runs for the races a loaded machine shows (RELIABILITY.md, "A wrong bound through a
# shared Edax table"). The test command runs the same tests for a few seconds; this runs them
# for longer, with copies at once so that every core is busy and threads are preempted
# mid-operation.
#   scripts/stress.sh [--seconds N] [--copies K]
#       tests/shared_tables.rs (threads sharing Edax's table through ek_nws_endgame, and the
#       solver's table) and tests/edax_table.rs's threads (Edax's table functions, feature
#       edax-abi), each test for N seconds (default 60), K copies at once (default 2).
#   scripts/stress.sh --suite [--rounds R] [--copies K]
#       every test binary of `cargo test`, K copies of each at once (default 2), R times
#       (default 1): no test may fail because another copy runs beside it.
# Exits non-zero when any copy fails; each failing copy's output is shown.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60 copies=2 rounds=1 suite=0
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds=$2; shift 2 ;;
        --copies) copies=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        --suite) suite=1; shift ;;
        *) echo "usage: $0 [--seconds N] [--copies K] | --suite [--rounds R] [--copies K]" >&2; exit 2 ;;
    esac
done
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT

# The test binaries `cargo test --locked` builds ("name path" lines), the library's unit tests
# included.
binaries() {
    cargo test --locked --no-run --message-format=json "$@" 2>/dev/null | python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        print(m["target"]["name"] + "-" + m["target"]["kind"][0], m["executable"])'
}

# Runs `name exe args...` in $copies copies at once; prints a line per copy, returns non-zero
# when one failed.
copies_of() {
    local name=$1 exe=$2; shift 2
    local pids=() failed=0
    for c in $(seq "$copies"); do
        "$exe" "$@" >"$out/$name.$c" 2>&1 &
        pids+=($!)
    done
    for c in $(seq "$copies"); do
        if wait "${pids[c - 1]}"; then
            echo "  $name copy $c: ok"
        else
            echo "  $name copy $c: FAILED"; sed 's/^/    | /' "$out/$name.$c" | tail -n 40; failed=1
        fi
    done
    return $failed
}

cargo test --locked --no-run >/dev/null 2>&1 || cargo test --locked --no-run
cargo test --locked --no-run --features edax-abi --test edax_table >/dev/null 2>&1 \
    || cargo test --locked --no-run --features edax-abi --test edax_table
failures=0
if [ "$suite" = 1 ]; then
    mapfile -t list < <(binaries)
    echo "== ${#list[@]} test binaries, $copies copies of each at once, $rounds round(s)"
    for r in $(seq "$rounds"); do
        for entry in "${list[@]}"; do
            read -r name exe <<<"$entry"
            copies_of "$name.r$r" "$exe" -q || failures=$((failures + 1))
        done
    done
else
    shared=$(binaries --test shared_tables | awk '$1 == "shared_tables-test" { print $2 }')
    edax=$(binaries --features edax-abi --test edax_table | awk '$1 == "edax_table-test" { print $2 }')
    [ -n "$shared" ] && [ -n "$edax" ] || { echo "stress: a test binary is missing" >&2; exit 1; }
    echo "== tests/shared_tables.rs and tests/edax_table.rs's threads: $copies copies at once, $seconds s per test"
    EK_STRESS_SECONDS=$seconds copies_of shared_tables "$shared" --nocapture --test-threads 1 || failures=1
    EK_STRESS_SECONDS=$seconds copies_of edax_table "$edax" threads --nocapture || failures=1
fi
if [ "$failures" = 0 ]; then echo "stress: passed"; else echo "stress: $failures FAILED"; exit 1; fi
