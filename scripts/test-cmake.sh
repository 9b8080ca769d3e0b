#!/usr/bin/env bash
# The CMake build and the installed package, from clean build directories under build/cmake-test:
#  1. configure (release, edax-abi on), build, ctest: the C tests and the Edax drop-in test,
#     each against the shared and the static library;
#  2. install to a temporary prefix; check the layout, the SONAME and the pkg-config file;
#  3. build and run the consumer projects of cmake/tests against the installed copy, with
#     find_package and with pkg-config, each linked to the shared and to the static library;
#  4. build and run the add_subdirectory consumer (Debug: cargo's dev profile, no edax-abi).
# Usage: scripts/test-cmake.sh   (scripts/test.sh runs it)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/build/cmake-test"
prefix="$work/prefix"
jobs=$(nproc 2>/dev/null || echo 2)
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -1)
step() { printf '\n--- %s\n' "$*"; }
fail() { echo "test-cmake: FAILED: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"

step "configure, build, ctest (Release, EDAX_KERNELS_EDAX_ABI_EVAL=ON)"
# cargo's target directory is the one scripts/build-capi.sh --edax-abi-eval built the same library
# in (the test command's build step): cargo finds it current, and CMake stages and installs it,
# instead of a second fat-LTO build of the same code (about 2 CPU-minutes).
eval_target=${CARGO_TARGET_DIR:-$root/target}/capi-edax-abi-eval
case "$eval_target" in /*) ;; *) eval_target=$root/$eval_target ;; esac
cmake -S "$root" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DEDAX_KERNELS_EDAX_ABI_EVAL=ON \
    -DEDAX_KERNELS_CARGO_TARGET_DIR="$eval_target"
cmake --build "$work/build" -j "$jobs"
ctest --test-dir "$work/build" --output-on-failure -j "$jobs"
ctest --test-dir "$work/build" -N | grep edax_drop_in_static >/dev/null || fail "the drop-in test is not registered"
ctest --test-dir "$work/build" -N | grep eval_api_static >/dev/null || fail "the eval test is not registered"

step "install to $prefix"
cmake --install "$work/build" --prefix "$prefix"
lib="$prefix/lib"
for f in include/edax_kernels.h "lib/libedax_kernels.so.$version" lib/libedax_kernels.a \
         lib/pkgconfig/edax_kernels.pc lib/cmake/edax_kernels/edax_kernels-config.cmake \
         lib/cmake/edax_kernels/edax_kernels-config-version.cmake \
         lib/cmake/edax_kernels/edax_kernels-targets.cmake; do
    [ -f "$prefix/$f" ] && [ ! -L "$prefix/$f" ] || fail "missing or not a regular file: $f"
done
# The SONAME rule (build.rs): 0.0.z -> 0.0.z, 0.y.z -> 0.y, x.y.z -> x.
IFS=. read -r major minor patch <<<"$version"
if [ "$major.$minor" = 0.0 ]; then abi=0.0.$patch; elif [ "$major" = 0 ]; then abi=0.$minor; else abi=$major; fi
soname=$(readelf -d "$lib/libedax_kernels.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
echo "SONAME: $soname"
[ "$soname" = "libedax_kernels.so.$abi" ] || fail "SONAME is '$soname', expected libedax_kernels.so.$abi"
[ "$(readlink "$lib/$soname")" = "libedax_kernels.so.$version" ] || fail "$soname is not a link to libedax_kernels.so.$version"
[ "$(readlink "$lib/libedax_kernels.so")" = "$soname" ] || fail "libedax_kernels.so is not a link to $soname"
exports=$(nm -D --defined-only "$lib/$soname")
grep -w flip <<<"$exports" >/dev/null || fail "the edax-abi build does not export flip"
grep -w eval_accumulate <<<"$exports" >/dev/null || fail "the edax-abi-eval build does not export eval_accumulate"
pc() { PKG_CONFIG_PATH="$lib/pkgconfig" pkg-config "$@" edax_kernels; }
[ "$(pc --modversion)" = "$version" ] || fail "pkg-config version $(pc --modversion)"
[ "$(pc --variable=prefix)" = "$prefix" ] || fail "pkg-config prefix $(pc --variable=prefix)"
echo "pkg-config --libs --static: $(pc --libs --static)"

# Runs a consumer; checks it uses the shared library from $2 (a directory), or no shared
# edax_kernels at all when $2 is "static".
run_consumer() {
    local exe=$1 where=$2 resolved
    resolved=$(ldd "$exe" | awk '/libedax_kernels/ { print $3 }')
    if [ "$where" = static ]; then
        [ -z "$resolved" ] || fail "$exe is linked to $resolved"
    else
        [ "$resolved" = "$where/$soname" ] || fail "$exe resolves $soname to '$resolved', not $where/$soname"
    fi
    "$exe" "$version" || fail "$exe"
}

step "consumer with find_package (shared and static)"
cmake -S "$root/cmake/tests/find_package" -B "$work/find_package" -DCMAKE_PREFIX_PATH="$prefix"
cmake --build "$work/find_package" -j "$jobs"
run_consumer "$work/find_package/consumer_shared" "$lib"
run_consumer "$work/find_package/consumer_static" static

step "consumer with pkg-config (shared and static)"
mkdir -p "$work/pkg_config"
PKG_CONFIG_PATH="$lib/pkgconfig" make -C "$work/pkg_config" \
    -f "$root/cmake/tests/pkg_config/Makefile" SRC="$root/cmake/tests/consumer.c"
LD_LIBRARY_PATH="$lib" run_consumer "$work/pkg_config/consumer_shared" "$lib"
run_consumer "$work/pkg_config/consumer_static" static

step "consumer with add_subdirectory (Debug: cargo's dev profile; default features)"
sub="$work/add_subdirectory"
cmake -S "$root/cmake/tests/add_subdirectory" -B "$sub" -DCMAKE_BUILD_TYPE=Debug \
    -DEDAX_KERNELS_SOURCE_DIR="$root"
cmake --build "$sub" -j "$jobs"
[ -f "$sub/edax_kernels/cargo/debug/libedax_kernels.so" ] && [ ! -e "$sub/edax_kernels/cargo/release" ] \
    || fail "the Debug build did not use cargo's dev profile"
exports=$(nm -D --defined-only "$sub/edax_kernels/lib/$soname")
grep -w ek_flip <<<"$exports" >/dev/null || fail "ek_flip not exported"
! grep -w flip <<<"$exports" >/dev/null || fail "flip exported without edax-abi"
! grep -q edax_kernels.pc "$sub/edax_kernels/cmake_install.cmake" || fail "a subproject installs edax_kernels by default"
run_consumer "$sub/consumer_shared" "$sub/edax_kernels/lib"
run_consumer "$sub/consumer_static" static

echo
echo "test-cmake: all passed"
