#!/usr/bin/env bash
# Miri (undefined-behaviour and data-race checks of the Rust code it interprets). Steps 1 to 3
# run in scripts/test.sh (about 3 minutes with the Miri build); step 4 only with --avx2 (its
# own build of the tests for x86-64-v3: about 3 minutes more):
#   1. tests/miri.rs and the rows of tests/bad_input.rs: the portable and SSE2 levels (Miri
#      reports no other CPU feature), the ek_ C ABI with valid, NULL, aliasing and dangling
#      pointers, the dispatch, the evaluation kernels and the ek_eval_ functions (without a 14 MB
#      weights load).
#   2. tests/miri_threads.rs with 8 scheduler seeds (16 until 2026-12-01: a sample), each a fresh process: a solver's own threads
#      sharing its table (a batch on 2 threads, stopped now and then), threads racing the
#      first-call initialisation and level switches, under the data-race detector.
#   3. the EDAX_KERNELS_ISA row of the bad-input table with a level Miri's CPU lacks.
#   4. (--avx2) tests/miri.rs built for x86-64-v3, where Miri runs the AVX2 level too. AVX-512
#      cannot run under Miri (it lacks VPTERNLOGQ, among others).
# Usage: scripts/miri.sh [--avx2]
# Aliasing model: Tree Borrows (Stacked Borrows rejects ek_board_next called from Rust with a
# pointer made from a shared reference: see RELIABILITY.md).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! cargo +nightly miri --version >/dev/null 2>&1; then
    echo "SKIPPED (not run, not counted as passing): Miri needs the nightly toolchain with the miri component"
    exit 0
fi
base="-Zmiri-tree-borrows"
# Miri interprets on one host thread: steps 1 to 3 run side by side (a minute and a half less on
# two cores; step 1's bad-input rows as two processes), each into its own log, shown in order once all have ended.
cargo +nightly miri test --locked --no-run --test miri --test bad_input --test miri_threads
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
MIRIFLAGS="$base" cargo +nightly miri test --locked --test miri >"$logs/1" 2>&1 &
p1=$!
# bad_input reads docs/reference.md (the rows' texts are checked natively: only the rows' checks
# run here); the file access needs isolation off (which also passes the environment through).
# Its rows in two processes, half each (alone, the longest part: about 2 minutes).
rows() { # K: the rows whose index is K modulo 2
    EK_BAD_INPUT_SHARE=$1/2 MIRIFLAGS="$base -Zmiri-disable-isolation" \
        cargo +nightly miri test --locked --test bad_input -- --exact every_row_holds
}
rows 0 >"$logs/2a" 2>&1 &
p2a=$!
rows 1 >"$logs/2b" 2>&1 &
p2b=$!
{
    MIRIFLAGS="$base -Zmiri-many-seeds=0..8" cargo +nightly miri test --locked --test miri_threads &&
        MIRIFLAGS="$base -Zmiri-disable-isolation -Zmiri-env-set=EDAX_KERNELS_ISA=avx2 -Zmiri-env-set=EK_EXPECT_ENV_STATUS=-4" \
            cargo +nightly miri test --locked --test bad_input -- --ignored --exact env_status_child
} >"$logs/3" 2>&1 &
p3=$!
failed=0
for i in 1 2a 2b 3; do
    pid=p$i
    wait "${!pid}" || failed=$i
    cat "$logs/$i"
done
[ "$failed" = 0 ] || { echo "miri: FAILED (part $failed above)"; exit 1; }
[ "${1:-}" = --avx2 ] || { echo "miri: all passed (AVX2 level: scripts/miri.sh --avx2)"; exit 0; }
CARGO_TARGET_DIR=target/miri-v3 RUSTFLAGS="-C target-feature=+avx2,+bmi1,+bmi2,+lzcnt,+popcnt,+sse4.2" \
    MIRIFLAGS="$base" cargo +nightly miri test --locked --test miri
echo "miri: all passed, AVX2 level included"
