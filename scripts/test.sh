#!/usr/bin/env bash
# The project's test command (README.md; .ci/run calls it): builds everything and runs every
# test. Exits non-zero on the first failing step.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step's header shows the minutes and seconds since the start (CI allows 90 minutes; a fresh
# clone took 36.2 minutes on a 2-core AMD EPYC Zen 5, 2026-11-26, at 091d469; 58.5 minutes on a
# 2-core Intel Xeon model 207 at acecf70 with its build directory kept, 25 of them in the other
# platforms' step; 69.7 minutes there at 1e5a513, with Edax's midgame search's known answers, 28.5
# of them in the other platforms' step; about 70 at 8fe424d, with Edax's root: Miri 4.5, the
# other platforms about 30 with their builds (qemu's solver tests 46 s, were 412 s), the Rust
# tests 11.5, the root inlined into each level's entry making builds and the exports test slower);
# 50.2 minutes there at a82b4d6 (2026-11-27), with the root compiled once per level, the C
# artifacts of every feature and platform built side by side in the build step (4 min), the
# emulated C tests' C++ and static builds on the best level: Rust tests 6.4, Miri 4.3, bindings
# 5.3, sanitizers 6.2, the other platforms 15.7, fuzz 4.1). Tried at 65e24be and not kept: the
# ARM64 step run beside the others from the build on (its own build directory): the steps beside
# it took twice as long (Rust tests 12.8 min, Miri 8.3), the qemu runs using both cores as much as
# they, and the whole took 54.9 minutes (every step passing) instead of 50.2. CI took 55.2 minutes at
# 0c3a2a1. At bb9c200 (2026-11-27) steps that left a core idle run side by side: Miri's bad-input
# rows as two processes, the sanitizers' C99 and C++17 runs and the TSan library's build, the C
# tests' builds as two jobs (under Wine and qemu too), the bindings beside the C tests and CMake:
# 28.4 minutes with the build directory kept (nothing to compile: not comparable to the 50.2);
# Miri 3.2 minutes (4.3), sanitizers 4.5 (6.2), C tests + CMake + bindings 3.3, the ARM64 C tests
# 1.2 (3.0), Wine's 0.5 (0.8). From a clean checkout (git clean -fdx) at b6cdbdc: 52.5 minutes
# (Rust tests 9.1 with their build, Miri 4.0, C tests + CMake + bindings 6.4, sanitizers 6.3,
# the other platforms 16.2, A/B to fuzz 4.9). CI took 63.3 minutes at 63560c9 (52.5 here). At
# b1bb8ed (2026-11-28) TSan's concurrency test runs in 4 processes instead of 20 (5.5 minutes),
# the Rust tests of Edax's names no longer under Wine and only edax_table under qemu, no ARM64
# edax-abi build: 40.0 minutes here with the build directory (build 5.7, Rust tests 5.1, Miri
# 4.5, C tests + CMake + bindings 6.3, sanitizers 3.6 (8.2), the other platforms 9.1, A/B to fuzz
# 5.4), the Windows and ARM64 test builds found current (their compiles were about 6 of the
# other platforms' 15.6 minutes at 2808927): about 46 from a clean checkout.
# CI took 56.3 minutes at 982d319. At 02cf1d3/42bd3c0 (2026-11-28): the Rust tests in two halves
# side by side, the bindings beside the sanitizers too, no target/release build, no unit tests
# under Wine, no edax_table build under qemu, the test profile's crates.io dependencies at
# opt-level 0: from a fresh clone at d33b68d, 48.9 minutes here (build 5.4, Rust tests 8.5 with
# their build, Miri 4.9, C tests + CMake + sanitizers + bindings 11.2 (12.7), the other platforms
# 12.5 (16.2; their test builds 4.5 minutes, were 7.1), A/B to fuzz 5.0), user+sys 87 CPU-minutes.
# CI took 50.5 minutes at d9e5144. At 19d4a1b: the ARM64 test targets built by one cargo command,
# midgame and nws_endgame beside the other test programs under qemu, the edax-abi-eval tests built
# and run in the shorter half of the Rust tests: 46.7 minutes from a fresh clone here (build 4.8,
# Rust tests 8.0, Miri 4.6, C tests + CMake + sanitizers + bindings 11.5, the other platforms 11.7
# (the ARM64 Rust tests 5.7, were 6.7), A/B to fuzz 4.8), user+sys 86 CPU-minutes.
# CI took 48.5 minutes at 79b04c0 (47.2 from a fresh clone on the Xeon). At cda2c95 (2026-11-28):
# the test profile's debug info as line tables (test builds: native 1:59 -> 1:46 with its
# dependencies, edax-abi-eval 1:13 -> 0:39, Windows 1:10 -> 1:07, ARM64 1:29 -> 1:20), the short
# fuzz runs without comparison tracing (the fuzz step 3:24 -> 2:10), Miri's stop rows on a
# position of 14 empty squares (the bad-input rows 136 -> 108 s of one core): from a fresh clone
# on a 2-core AMD EPYC (Zen 4), 30.9 minutes without the setup step against 31.6 at 79b04c0, user
# 51.5 against 54.7 CPU-minutes. CI failed at a0cbf6a after 62.5 minutes: its fuzz step began
# at 30:36 of this script, and a shallow_solver input found by mutation ran past libFuzzer's
# default 1200 s per input (ek_nws_endgame on overlapping bitboards, now refused; the short runs
# now fail an input after 60 s, RELIABILITY.md).
# CI took 42.4 minutes at stop 66 (2026-12-02) and 81.6 at stop 67; from a fresh clone at 6a87035
# on a 2-core Intel Xeon family 6 model 167 (Rocket Lake), 76.9 minutes, 132 CPU-minutes (build
# 10.2 with other compiles beside it, Rust tests 11.8, Miri 6.8, C tests + CMake + sanitizers +
# bindings 16.9, the other platforms 20.3, A/B to fuzz 7.5). Found there: with the avx2 level's
# second table (avx2_pext), the searches' every-level tests ran the avx2 level twice on the same
# table (set_active_isa takes a level), and Miri's bad-input rows made a 128 KiB solver table in
# each row that makes a solver. Since 2026-12-03 the searches run each level once (tests/common's `levels`),
# Miri's rows make solvers of 2^5 entries (all rows in one process, a build beside it: 186 s,
# were 400), and the fuzz targets are built beside the A/B harness and the instruction counts.
# From a fresh clone at 3554790 on the same Rocket Lake: 57.7 minutes, 106.3 CPU-minutes (build
# 7.7, Rust tests 9.8, Miri 4.3, the other platforms 16.1; part of it the machine's spread).
# Each step's wall and CPU time (user+sys of the processes it waited for: a job started in the
# background counts in the step that waits for it) are printed at the end, as a table.
stages=()
stage_name="" stage_wall=0 stage_cpu=0
times_file=$(mktemp)
# `times` must run in this shell itself (in a pipe or $(...) it would report a new process's
# children: none): take_times writes it to a file, cpu_taken reads the user+sys seconds of this
# shell's ended children from there.
take_times() { times >"$times_file"; }
cpu_taken() { awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.1f\n", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$times_file"; }
close_stage() {
    [ -n "$stage_name" ] || return 0
    take_times
    stages+=("$(printf '%6s  %7.1f  %s' "$(printf '%d:%02d' $(((SECONDS - stage_wall) / 60)) $(((SECONDS - stage_wall) % 60)))" \
        "$(awk -v a="$(cpu_taken)" -v b="$stage_cpu" 'BEGIN { printf "%.1f", (a - b) / 60 }')" "${stage_name%%:*}")")
}
step() {
    close_stage
    take_times
    stage_name=$* stage_wall=$SECONDS stage_cpu=$(cpu_taken)
    printf '\n=== %s  [%d:%02d]\n' "$*" $((SECONDS / 60)) $((SECONDS % 60))
}
# A step that cannot run says so in a line starting with SKIPPED. A skip is not a pass: under CI
# (CI=true) it fails the run; elsewhere the last line counts the skipped steps. A single check
# that this CPU or system explains not running (a level the CPU lacks, a huge-page advice that
# qemu does not show) is recorded in $EK_SKIP_LOG as "name: reason" (by the tests themselves, or
# from the lines starting "skipped, explained" that the bindings' tests print) and listed by
# name at the end; one that nothing explains fails under CI=true.
skipped=()
log=$(mktemp)
EK_SKIP_LOG=$(mktemp)
export EK_SKIP_LOG
trap 'rm -f "$log" "$EK_SKIP_LOG" "$times_file"' EXIT
run() { # command...: runs it, its output shown and searched for SKIPPED lines
    "$@" 2>&1 | tee "$log"
    # "skipped, explained (WHY): TEST: REASON" (bindings/python/tests/conftest.py) -> "python TEST: REASON (WHY)"
    sed -nE 's/^skipped, explained \(([^)]*)\): (([^:]|:[^ ])+): (.*)$/python \2: \4 (\1)/p' "$log" >>"$EK_SKIP_LOG"
    if grep -q '^SKIPPED' "$log"; then
        skipped+=("$*")
        if [ "${CI:-}" = true ]; then echo "FAILED: a step was skipped under CI=true: $*"; exit 1; fi
    fi
}

step "setup: tools this suite needs"
scripts/setup.sh

step "lint: rustfmt and clippy (warnings are errors), the library and the Python extension crate"
cargo fmt --check
cargo fmt --check --manifest-path fuzz/Cargo.toml
cargo clippy --locked --all-targets --features edax-abi-eval -- -D warnings
cargo clippy --locked -p edax-kernels-python --all-targets -- -D warnings
# One figure per claim: BENCHMARKS.md's "Today's results" has one row per question, and README.md's
# and docs/reference.md's figures are its own (or dated).
python3 scripts/check-figures.py --self-test
python3 scripts/check-figures.py
# Where the known answers came from: each file made with weights names them by SHA-256, and
# they are those weights' bytes now.
python3 scripts/check-known-answers.py --self-test
python3 scripts/check-known-answers.py

step "build: the C artifacts (release: cdylib, staticlib) of every feature, for Linux x86-64, Windows x86-64 and Linux ARM64"
# Each is one single-threaded rustc process (fat LTO): three at once, two cores busy. Not built
# since 2026-11-28: `cargo build --release --lib` (the rlib too, into target/release), which no
# step uses; the same code and profile are built here without the rlib (1.8 CPU-minutes less).
scripts/build-capi-all.sh
capi=$(scripts/build-capi.sh | tail -n 1)

step "Rust tests: known answers, differential, oracles, header, exports and panic paths, bad input, package versions"
# Built first (the default selection: examples compiled too), then run in two halves side by side:
# cargo runs one test binary at a time, and the longest (midgame, 77 s) is one thread (its tests
# share the active level and the weights): alone, the binaries took 256 s wall for 347 s of CPU.
# The differential test joined the first half on 2026-12-03: on the Rocket Lake the second half
# (solver 178 s, shallow 93, differential 43, the others about 50) ran about 80 s longer than the
# first (midgame 113, nws_endgame 21, engine 18, then the edax-abi-eval build, 131).
run cargo test --locked --no-run
single=(--test midgame --test nws_endgame --test engine --test differential)
others=()
for f in tests/*.rs; do
    t=$(basename "$f" .rs)
    [[ " ${single[*]} " == *" --test $t "* ]] || others+=(--test "$t")
done
half_a=$(mktemp) half_b=$(mktemp)
# The first half ends with the bad-input rows of Edax's names and Edax's table, which need the
# edax-abi-eval feature (its own build of the library, about a minute, made while the other half
# runs: cargo does not hold the build directory's lock while tests run).
{ cargo test --locked "${single[@]}" &&
    cargo test --locked --features edax-abi-eval --test bad_input --test edax_table; } >"$half_a" 2>&1 &
pid_a=$!
status_b=0
{ cargo test --locked --lib --bins "${others[@]}" && cargo test --locked --doc; } >"$half_b" 2>&1 || status_b=$?
status_a=0
wait "$pid_a" || status_a=$?
run cat "$half_a" "$half_b"
rm -f "$half_a" "$half_b"
[ "$status_a$status_b" = 00 ] || { echo "FAILED: the Rust tests (exit statuses $status_a, $status_b)"; exit 1; }
# Which levels the known answers ran on: every level the CPU's flags allow (the test fails
# otherwise); the line is repeated at the end.
levels=$(cargo test --locked --test golden every_level_this_cpu_has_is_tested -- --nocapture 2>&1 | tee "$log" \
    | grep -o 'levels run: .*') || { cat "$log"; echo "FAILED: the level check"; exit 1; }
echo "$levels"

step "Miri: portable and SSE2 kernels, C ABI pointers, dispatch, threads racing the first call"
run scripts/miri.sh

# The bindings' packages (builds and tests that keep about one core busy, 6 minutes) are made
# and tested beside the C tests, CMake and the sanitizers (about 4 minutes before the
# sanitizers; beside those two alone, the packages ran 2 minutes on one core of two): their
# output is shown after those steps'.
bindings_log=$(mktemp)
kill_tree() { local c; for c in $(pgrep -P "$1"); do kill_tree "$c"; done; kill "$1" 2>/dev/null || true; }
# On an early exit (a step before it failed) the packages' job is ended too.
trap 'rm -f "$log" "$EK_SKIP_LOG" "$times_file" "$bindings_log"; [ -z "${bindings:-}" ] || kill_tree "$bindings"' EXIT
{ bindings/test.sh csharp && bindings/test.sh java && bindings/test.sh python; } >"$bindings_log" 2>&1 &
bindings=$!

step "C tests: C99 and C++17, shared and static library, every level, concurrency; the drop-in keeping Edax's hash.c"
run c_tests/run.sh "$capi"
run c_tests/drop-in-link.sh

step "CMake: configure, build, ctest, install; find_package, pkg-config and add_subdirectory consumers"
run scripts/test-cmake.sh

step "C tests under sanitizers: ASan + UBSan (gcc), TSan (library and its std instrumented)"
run c_tests/sanitize.sh "$capi"

step "bindings, each tested as its installed package: C# (NuGet from a folder feed), Java (the jar), Python (the wheel in a fresh venv) (run beside the three steps above)"
bindings_status=0
wait "$bindings" || bindings_status=$?
bindings=
run cat "$bindings_log"
[ "$bindings_status" = 0 ] || { echo "FAILED: the bindings (exit status $bindings_status)"; exit 1; }

step "other platforms: Windows x86-64 (MinGW) under Wine, Linux ARM64 (NEON) under qemu, macOS type-checked"
run scripts/test-cross.sh windows
run scripts/test-cross.sh aarch64
run scripts/test-cross.sh macos

# The fuzz targets' build (ASan, 3.5 minutes on the 2-core Xeon of 2026-12-02) beside the A/B
# harness and the instruction counts, whose valgrind runs keep one core busy: the fuzz step finds
# them built.
fuzz_build_log=$(mktemp)
trap 'rm -f "$log" "$EK_SKIP_LOG" "$times_file" "$bindings_log" "$fuzz_build_log"; [ -z "${fuzz_build:-}" ] || kill_tree "$fuzz_build"' EXIT
scripts/fuzz-short.sh --build-only >"$fuzz_build_log" 2>&1 &
fuzz_build=$!

step "A/B harness: the C reference against Edax's known answers, and both sides agree"
run ffi_bench/run.sh --golden tests/data/golden --eval "$(scripts/synthetic-eval.sh)" --check-only --positions 50000
# The AVX-SSE transition benchmark builds and runs (a short run: its numbers are BENCHMARKS.md's).
ffi_bench/transition.sh 4096 1 >/dev/null

step "instruction counts: every kernel on the portable, sse2 and avx2 levels under valgrind, against the recorded ones"
run scripts/kernel-insns-x86.sh --check scripts/kernel-insns-x86.expected 5

step "fuzz: every cargo-fuzz target for ${FUZZ_SECONDS:-30} s from its seeds"
fuzz_build_status=0
wait "$fuzz_build" || fuzz_build_status=$?
fuzz_build=
run cat "$fuzz_build_log"
[ "$fuzz_build_status" = 0 ] || { echo "FAILED: the fuzz targets' build (exit status $fuzz_build_status)"; exit 1; }
run scripts/fuzz-short.sh

close_stage
stage_name=""
echo
echo "each step's time (wall m:ss, CPU minutes user+sys):"
printf '  %s\n' "${stages[@]}"
take_times
printf '  %6s  %7.1f  %s\n' "$((SECONDS / 60)):$(printf %02d $((SECONDS % 60)))" \
    "$(awk -v a="$(cpu_taken)" 'BEGIN { printf "%.1f", a / 60 }')" "the whole test command"
# The single checks skipped with their reason, by name (sorted, each once).
checks=$(sort -u "$EK_SKIP_LOG" | sed 's/: .*//' | paste -sd ';' | sed 's/;/; /g')
n_checks=$(sort -u "$EK_SKIP_LOG" | grep -c . || true)
sort -u "$EK_SKIP_LOG" | sed 's/^/skipped check, explained: /'
[ "$n_checks" = 0 ] && checks="no check skipped" || checks="$n_checks checks skipped, explained: $checks"
if [ ${#skipped[@]} -eq 0 ]; then
    step "all tests passed ($levels; $checks)"
else
    printf 'skipped: %s\n' "${skipped[@]}"
    step "passed, ${#skipped[@]} stages skipped ($levels; $checks)"
fi
