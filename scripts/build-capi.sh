#!/usr/bin/env bash
# Builds the C artifacts, libedax_kernels.so (with a link named for its SONAME) and
# libedax_kernels.a, into target/capi/release
# (target/capi-edax-abi/release with the edax-abi feature: scripts/build-capi.sh --edax-abi;
# target/capi-edax-abi-eval/release with edax-abi-eval: scripts/build-capi.sh --edax-abi-eval),
# and prints that directory as its last line. With CARGO_TARGET_DIR set, `target` is that
# directory. A no-op (cargo's check) when the artifacts are current.
#
# --target TRIPLE cross-builds them into target/capi[-FEATURE]/TRIPLE/release:
#   x86_64-pc-windows-gnu (MinGW): edax_kernels.dll, its MinGW import library
#     libedax_kernels.dll.a, an import library for MSVC's linker edax_kernels.lib (llvm-dlltool,
#     from the DLL's export list edax_kernels.def), and the static libedax_kernels.a (MinGW only:
#     it needs MinGW's C runtime);
#   aarch64-unknown-linux-gnu: as on x86-64 (linker aarch64-linux-gnu-gcc).
# With either feature, Edax's table functions are weak in the static library
# (scripts/weaken-edax-table.sh says why).
#
# They are built without the rlib crate type: a build that also emits an rlib must keep every
# symbol visible to Rust dependents, which makes each dispatched call load its slot through the
# GOT; alone, `ek_flip` compiles to `mov rax, [rip+slot]; jmp rax`.
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: $0 [--edax-abi | --edax-abi-eval] [--target TRIPLE]" >&2; exit 2; }
features=() dir=${CARGO_TARGET_DIR:-target}/capi target=""
while [ $# -gt 0 ]; do
    case "$1" in
        --edax-abi) features=(--features edax-abi); dir=$dir-edax-abi ;;
        --edax-abi-eval) features=(--features edax-abi-eval); dir=$dir-edax-abi-eval ;;
        --target) [ $# -ge 2 ] || usage; target=$2; shift ;;
        *) usage ;;
    esac
    shift
done
target_args=() extra=() out=$dir/release
if [ -n "$target" ]; then
    target_args=(--target "$target") out=$dir/$target/release
    case "$target" in
        aarch64-unknown-linux-gnu) export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc ;;
        *-windows-gnu) mkdir -p "$out"; extra=(-- -C "link-arg=-Wl,--output-def,$PWD/$out/edax_kernels.def") ;;
    esac
fi
CARGO_TARGET_DIR=$dir cargo rustc --release --locked --lib "${features[@]}" "${target_args[@]}" \
    --crate-type cdylib --crate-type staticlib "${extra[@]}"
if [ -f "$out/libedax_kernels.so" ]; then
    # Programs linked to the library look for it under its SONAME (set by build.rs) at run time.
    # Made only when missing or other: `ln -sf` replaces it by an unlink then a link, and a
    # program started by another step between the two would not find the library.
    soname=$(readelf -d "$out/libedax_kernels.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
    [ "$(readlink "$out/${soname:?libedax_kernels.so has no SONAME}")" = libedax_kernels.so ] \
        || ln -sfn libedax_kernels.so "$out/$soname"
fi
if [ ${#features[@]} -gt 0 ]; then
    # Edax's table functions weak in the static library (see there why).
    case "$target" in
        *-windows-gnu) scripts/weaken-edax-table.sh "$out/libedax_kernels.a" x86_64-w64-mingw32- ;;
        aarch64-*) scripts/weaken-edax-table.sh "$out/libedax_kernels.a" aarch64-linux-gnu- ;;
        *) scripts/weaken-edax-table.sh "$out/libedax_kernels.a" ;;
    esac
fi
if [ -f "$out/edax_kernels.dll" ] && [ "$out/edax_kernels.dll" -nt "$out/edax_kernels.lib" ]; then
    llvm-dlltool -m i386:x86-64 -d "$out/edax_kernels.def" -D edax_kernels.dll -l "$out/edax_kernels.lib"
fi
echo "$out"
