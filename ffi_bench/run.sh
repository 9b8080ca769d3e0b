#!/usr/bin/env bash
# Builds ffi_bench and runs it. Side A is the bundled C reference unless --side-a names other
# object files or a static library defining Edax's names (e.g. your own Edax build; any subset
# of the names: what side A lacks is reported and skipped; Edax's board.c, bit.c, crc32c.c and
# flip.c link without its util.c, see ref/edax_support.c):
#   ffi_bench/run.sh [--side-a "obj.o lib.a ..."] [--shared] [ffi_bench options...]
# To A/B against the real C code, ffi_bench/side-a.sh builds side A from a checkout of Edax 4.6 or
# Edax AVX (adapters in side_a/) and prints the line to run; e.g. for Edax 4.6 (every kernel, the
# evaluation, the leaf and endgame searches):
#   ffi_bench/side-a.sh ~/edax-reversi        # -> target/side-a/edax46-x86-64-v3/libside_a.a
#   ffi_bench/run.sh --side-a target/side-a/edax46-x86-64-v3/libside_a.a --golden tests/data/golden \
#       --eval "$(scripts/synthetic-eval.sh)"
# Side B is edax-kernels from target/capi/release, rebuilt by scripts/build-capi.sh when its
# sources changed, linked statically (--shared links the shared library instead). Other options
# go to ffi_bench (--help).
# --windows builds both sides and ffi_bench for Windows x86-64 with MinGW (side A's objects then
# built by MinGW too, e.g. CC=x86_64-w64-mingw32-gcc-posix AR=x86_64-w64-mingw32-ar
# OBJCOPY=x86_64-w64-mingw32-objcopy ffi_bench/side-a.sh EDAX --out target/side-a/edax46-windows)
# and runs it under Wine, where CPU-bound code runs natively: the library's Windows code timed
# against Edax's MinGW-built kernels (../shared/PLATFORMS.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
side_a=() shared=0 args=() windows=0
while [ $# -gt 0 ]; do
    case "$1" in
        --side-a) read -r -a side_a <<< "$2"; shift 2 ;;
        --shared) shared=1; shift ;;
        --windows) windows=1; shift ;;
        *) args+=("$1"); shift ;;
    esac
done
out="$root/ffi_bench/out"
run=() exe=ffi_bench
if [ "$windows" = 1 ]; then
    # shellcheck source=../scripts/cross/wine-env.sh
    source "$root/scripts/cross/wine-env.sh"
    out="$root/ffi_bench/out-windows" CC=x86_64-w64-mingw32-gcc-posix run=("$WINE") exe=ffi_bench.exe
    [ "$shared" = 0 ] || { echo "$0: --windows links the static library only" >&2; exit 2; }
fi
mkdir -p "$out"
CC=${CC:-cc}
cflags=(-std=c11 -O2 -march=native -Wall -Wextra -Werror)
if [ ${#side_a[@]} -eq 0 ]; then
    "$CC" "${cflags[@]}" -c "$root/ffi_bench/ref/edax_ref.c" -o "$out/edax_ref.o"
    "$CC" "${cflags[@]}" -c "$root/ffi_bench/ref/edax_ref_eval.c" -o "$out/edax_ref_eval.o"
    side_a=("$out/edax_ref.o" "$out/edax_ref_eval.o")
    side_a_name="the bundled C reference (ffi_bench/ref), a plain C model of Edax's API written for this repository, not
Edax's tuned code: B/A here is no comparison with Edax. Against Edax 4.6's and Edax AVX's own kernels: BENCHMARKS.md,
and ffi_bench/side-a.sh EDAX_CHECKOUT to build that side A"
else
    side_a_name="${side_a[*]}"
    # Weak stand-ins for what Edax's board.c and bit.c need from its util.c (see the file).
    "$CC" "${cflags[@]}" -c "$root/ffi_bench/ref/edax_support.c" -o "$out/edax_support.o"
    side_a+=("$out/edax_support.o")
fi
if [ "$windows" = 1 ]; then
    lib=$(cd "$root" && "$root/scripts/build-capi.sh" --target x86_64-pc-windows-gnu | tail -n 1)
else
    lib=$(cd "$root" && "$root/scripts/build-capi.sh" | tail -n 1)
fi
lib=$(cd "$root" && cd "$lib" && pwd)
if [ "$windows" = 1 ]; then side_b=("$lib/libedax_kernels.a" -lkernel32 -lntdll -luserenv -lws2_32 -ldbghelp -static);
elif [ "$shared" = 1 ]; then side_b=(-L"$lib" -ledax_kernels -Wl,-rpath,"$lib");
else side_b=("$lib/libedax_kernels.a" -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc); fi
# ffi_bench refers to side A's names weakly, which pulls nothing out of an archive: side A's
# archives are linked whole.
"$CC" "${cflags[@]}" -I"$root/include" -I"$root/ffi_bench/ref" "$root/ffi_bench/ffi_bench.c" \
    -Wl,--whole-archive "${side_a[@]}" -Wl,--no-whole-archive "${side_b[@]}" -o "$out/$exe"
exec "${run[@]}" "$out/$exe" --side-a-name "$side_a_name" "${args[@]}"
