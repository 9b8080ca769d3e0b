#!/usr/bin/env bash
# A short run of every cargo-fuzz target of fuzz/ (run by scripts/test.sh; the long runs are in
# RELIABILITY.md). Each target starts from its committed seeds, fuzz/seeds/TARGET (the
# minimised corpus of its long runs), and runs FUZZ_SECONDS (default 30) with AddressSanitizer
# and debug assertions (overflow checks); the seeds are run whole even where they take longer.
# A crash fails the run and leaves its input in fuzz/artifacts/TARGET (replay: cd fuzz && cargo
# +nightly fuzz run -O -a TARGET FILE). Two targets run at a time. With --build-only: the
# targets built, none run.
#
# Built without comparison tracing (`--no-trace-compares`), unlike the long runs: the tracing hooks
# every comparison, ASan's shadow checks included, and replaying the seeds took 4 to 4.5 times as
# long with it (AMD EPYC Zen 4: eval_loader's 109 seeds 64 s against 16 s, shallow_solver's 693 80
# s against 22 s), so that those two targets only replayed their seeds in their 30 s. Without it a
# short run replays every seed and then mutates, without the guidance that traced comparisons give
# (which the long runs keep).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${FUZZ_SECONDS:-30}
# One input running longer than this fails the run (libFuzzer's own default, 1200 s, let a slow
# input found by mutation hold CI for 20 minutes before it failed). Every input of a short run
# takes under a second here (libFuzzer's slowest_unit_time_sec, in whole seconds, is 0).
timeout=${FUZZ_TIMEOUT:-60}
if ! cargo +nightly --version >/dev/null 2>&1 || ! command -v cargo-fuzz >/dev/null; then
    echo "SKIPPED (not run, not counted as passing): fuzzing needs the nightly toolchain and cargo-fuzz (scripts/setup.sh)"
    exit 0
fi
flags=(-O -a --no-trace-compares)
cargo +nightly fuzz build "${flags[@]}"
# --build-only: the build alone (scripts/test.sh makes it beside other steps).
[ "${1:-}" != --build-only ] || exit 0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Two targets at a time (each fuzzes on one core).
fuzz_one() { # target: its run, its result line in $work/TARGET.result
    local target=$1 seeds=() runs cov
    mkdir -p "$work/$target"
    [ -d "seeds/$target" ] && seeds=("seeds/$target")
    if ! cargo +nightly fuzz run "${flags[@]}" "$target" "$work/$target" "${seeds[@]}" -- \
        -max_total_time="$seconds" -timeout="$timeout" -print_final_stats=1 >"$work/$target.log" 2>&1; then
        { tail -n 60 "$work/$target.log"; echo "fuzz: $target FAILED (input saved in fuzz/artifacts/$target)"; } \
            >"$work/$target.result"
        return 1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$target.log")
    took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$work/$target.log")
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$work/$target.log" | tail -n 1)
    slowest=$(sed -n 's/^stat::slowest_unit_time_sec: *//p' "$work/$target.log")
    # libFuzzer runs every seed before it mutates any, whatever the time given: a target whose
    # seeds took longer than FUZZ_SECONDS would only replay them here.
    echo "fuzz: $target: $runs runs ($(find "seeds/$target" -type f 2>/dev/null | wc -l) seeds) in ${took:-?} s, $cov, slowest input ${slowest:-?} s, no failure" \
        >"$work/$target.result"
}
# In cargo-fuzz's order: every target replays its seeds within its time (shallow_solver's take
# the longest, about 22 s on the AMD EPYC), so no order finishes sooner.
targets=$(cargo +nightly fuzz list)
for target in $targets; do
    fuzz_one "$target" &
    [ "$(jobs -rp | wc -l)" -lt 2 ] || wait -n || true
done
wait
failed=0
for target in $targets; do
    cat "$work/$target.result" 2>/dev/null || echo "fuzz: $target FAILED (no result)"
    grep -q ', no failure$' "$work/$target.result" 2>/dev/null || failed=1
done
[ "$failed" = 0 ] || exit 1
