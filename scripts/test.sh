#!/usr/bin/env bash
# The project's test command (README.md; .ci/run calls it): builds everything and runs every
# test. Exits non-zero on the first failing step.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== %s\n' "$*"; }

step "setup: tools this suite needs"
scripts/setup.sh

step "lint: rustfmt and clippy (warnings are errors)"
cargo fmt --check
cargo clippy --locked --all-targets --features edax-abi-eval -- -D warnings

step "build: release library (rlib, cdylib, staticlib) and the C artifacts"
cargo build --release --locked
scripts/build-capi.sh

step "Rust tests: known answers, differential (every level vs portable), oracles, header"
cargo test --locked

step "C tests: C99 and C++17, shared and static library, every level"
c_tests/run.sh target/capi/release

step "CMake: configure, build, ctest, install; find_package, pkg-config and add_subdirectory consumers"
scripts/test-cmake.sh

step "bindings: C# (mono), Java (JNI), Python (ctypes + NumPy): known answers, perft, batch calls"
bindings/test.sh csharp
bindings/test.sh java
bindings/test.sh python

step "A/B harness: the C reference against Edax's known answers, and both sides agree"
ffi_bench/run.sh --golden tests/data/golden --eval "$(scripts/synthetic-eval.sh)" --check-only --positions 50000

step "all tests passed"
