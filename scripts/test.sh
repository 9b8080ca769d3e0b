#!/usr/bin/env bash
# The project's test command (README.md; .ci/run calls it): builds everything and runs every
# test. Exits non-zero on the first failing step.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step's header shows the minutes and seconds since the start (CI allows 30 minutes).
step() { printf '\n=== %s  [%d:%02d]\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

step "setup: tools this suite needs"
scripts/setup.sh

step "lint: rustfmt and clippy (warnings are errors), the library and the Python extension crate"
cargo fmt --check
cargo fmt --check --manifest-path fuzz/Cargo.toml
cargo clippy --locked --all-targets --features edax-abi-eval -- -D warnings
cargo clippy --locked -p edax-kernels-python --all-targets -- -D warnings

step "build: release library (rlib, cdylib, staticlib) and the C artifacts"
cargo build --release --locked
capi=$(scripts/build-capi.sh | tail -n 1)

step "Rust tests: known answers, differential, oracles, header, exports and panic paths, bad input, package versions"
cargo test --locked
# The bad-input rows of Edax's names call them: they exist with the edax-abi-eval feature.
cargo test --locked --features edax-abi-eval --test bad_input

step "Miri: portable and SSE2 kernels, C ABI pointers, dispatch, threads racing the first call"
scripts/miri.sh

step "C tests: C99 and C++17, shared and static library, every level, concurrency"
c_tests/run.sh "$capi"

step "CMake: configure, build, ctest, install; find_package, pkg-config and add_subdirectory consumers"
scripts/test-cmake.sh

step "bindings, each tested as its installed package: C# (NuGet from a folder feed), Java (the jar), Python (the wheel in a fresh venv)"
bindings/test.sh csharp
bindings/test.sh java
bindings/test.sh python

step "C tests under sanitizers: ASan + UBSan (gcc), TSan (library and its std instrumented)"
c_tests/sanitize.sh "$capi"

step "A/B harness: the C reference against Edax's known answers, and both sides agree"
ffi_bench/run.sh --golden tests/data/golden --eval "$(scripts/synthetic-eval.sh)" --check-only --positions 50000
# The AVX-SSE transition benchmark builds and runs (a short run: its numbers are BENCHMARKS.md's).
ffi_bench/transition.sh 4096 1 >/dev/null

step "fuzz: every cargo-fuzz target for ${FUZZ_SECONDS:-30} s from its seeds"
scripts/fuzz-short.sh

step "all tests passed"
