#!/usr/bin/env bash
# Builds the C artifacts, libedax_kernels.so (with a link named for its SONAME) and
# libedax_kernels.a, into target/capi/release
# (target/capi-edax-abi/release with the edax-abi feature: scripts/build-capi.sh --edax-abi;
# target/capi-edax-abi-eval/release with edax-abi-eval: scripts/build-capi.sh --edax-abi-eval),
# and prints that directory as its last line. With CARGO_TARGET_DIR set, `target` is that
# directory. A no-op (cargo's check) when the artifacts are current.
#
# They are built without the rlib crate type: a build that also emits an rlib must keep every
# symbol visible to Rust dependents, which makes each dispatched call load its slot through the
# GOT; alone, `ek_flip` compiles to `mov rax, [rip+slot]; jmp rax`.
set -euo pipefail
cd "$(dirname "$0")/.."
features=() dir=${CARGO_TARGET_DIR:-target}/capi
case "${1:-}" in
    --edax-abi) features=(--features edax-abi); dir=$dir-edax-abi ;;
    --edax-abi-eval) features=(--features edax-abi-eval); dir=$dir-edax-abi-eval ;;
    "") ;;
    *) echo "usage: $0 [--edax-abi | --edax-abi-eval]" >&2; exit 2 ;;
esac
CARGO_TARGET_DIR=$dir cargo rustc --release --locked --lib "${features[@]}" \
    --crate-type cdylib --crate-type staticlib
# Programs linked to the library look for it under its SONAME (set by build.rs) at run time.
soname=$(readelf -d "$dir/release/libedax_kernels.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
ln -sfn libedax_kernels.so "$dir/release/${soname:?libedax_kernels.so has no SONAME}"
echo "$dir/release"
