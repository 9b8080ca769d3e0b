#!/usr/bin/env bash
# Builds the C artifacts, libedax_kernels.so and libedax_kernels.a, into target/capi/release
# (target/capi-edax-abi/release with the edax-abi feature: scripts/build-capi.sh --edax-abi).
#
# They are built without the rlib crate type: a build that also emits an rlib must keep every
# symbol visible to Rust dependents, which makes each dispatched call load its slot through the
# GOT; alone, `ek_flip` compiles to `mov rax, [rip+slot]; jmp rax`.
set -euo pipefail
cd "$(dirname "$0")/.."
features=() dir=target/capi
if [ "${1:-}" = --edax-abi ]; then features=(--features edax-abi); dir=target/capi-edax-abi; fi
CARGO_TARGET_DIR=$dir cargo rustc --release --locked --lib "${features[@]}" \
    --crate-type cdylib --crate-type staticlib -- -C link-arg=-Wl,-soname,libedax_kernels.so
echo "$dir/release"
