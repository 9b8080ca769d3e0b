#!/usr/bin/env bash
# Installs what the tests and benchmarks need when it is missing (Debian/Ubuntu, as root or
# with sudo). Safe to run again: it only installs what is absent.
#   scripts/setup.sh          everything the test command needs
#   scripts/setup.sh --bench  only what the main job (scripts/bench.sh) needs: a C compiler,
#                             binutils and Python (the synthetic eval.dat)
set -euo pipefail
cd "$(dirname "$0")/.."
bench_only=0
case "${1:-}" in
    --bench) bench_only=1 ;;
    "") ;;
    *) echo "usage: $0 [--bench]" >&2; exit 2 ;;
esac
install() {
    [ $# -gt 0 ] || return 0
    local sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    echo "installing: $*"
    $sudo apt-get update -qq || true
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@"
}
# What is missing, as the Debian packages that bring it: each check is the one the tests make
# (the command they run, or the finder they source), so that what setup calls present is what
# the tests find. Run again after installing: a check still failing then stops setup.
# shellcheck source=cross/find-wine.sh
source scripts/cross/find-wine.sh
missing() { # [--bench]
    local need=()
    command -v cc >/dev/null || need+=(gcc)
    command -v readelf >/dev/null && command -v nm >/dev/null && command -v objdump >/dev/null || need+=(binutils)
    command -v python3 >/dev/null || need+=(python3)
    if [ "${1:-}" = --bench ]; then echo "${need[*]}"; return; fi
    command -v c++ >/dev/null || need+=(g++)
    # The CMake build and its tests (scripts/test-cmake.sh): cmake, pkg-config, readelf and nm;
    # tests/exports.rs reads the shared library's symbols and machine code with nm and objdump.
    command -v cmake >/dev/null || need+=(cmake)
    command -v pkg-config >/dev/null || need+=(pkg-config)
    # bindgen (the criterion benchmarks' declarations of the C reference) needs libclang, which
    # it looks for in these directories.
    ls /usr/lib/llvm-*/lib/libclang.so* >/dev/null 2>&1 || need+=(libclang-dev)
    # The bindings' tests (bindings/test.sh): mono for C# and nuget to pack and install its
    # package, a JDK with jni.h (javac, jar and java) for Java, Python with venv; strip
    # (binutils, above) for the packages.
    command -v mcs >/dev/null || need+=(mono-mcs)
    command -v mono >/dev/null || need+=(mono-runtime)
    command -v nuget >/dev/null || need+=(nuget)
    { command -v javac >/dev/null && command -v jar >/dev/null && command -v java >/dev/null &&
        [ -f "$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")/include/jni.h" ]; } ||
        need+=(openjdk-17-jdk-headless)
    python3 -c 'import ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
    # The other platforms (scripts/test-cross.sh): Windows x86-64 with MinGW (gcc, g++ and the
    # posix-threads variants; cargo links with the plain gcc) run under Wine (found as
    # scripts/cross/wine-env.sh finds it); Linux ARM64 with the cross gcc and g++, run under
    # qemu-aarch64; clang reads the header as MSVC does; llvm-dlltool makes the DLL's MSVC
    # import library.
    command -v x86_64-w64-mingw32-gcc-posix >/dev/null && command -v x86_64-w64-mingw32-gcc >/dev/null ||
        need+=(gcc-mingw-w64-x86-64)
    command -v x86_64-w64-mingw32-g++-posix >/dev/null || need+=(g++-mingw-w64-x86-64)
    # wine64 is the loader; wine brings the commands (Debian recommends it, but an image that
    # installs no recommended packages lacks it: find-wine.sh then runs the loader directly).
    (ek_find_wine) || need+=(wine64 wine)
    command -v aarch64-linux-gnu-gcc >/dev/null || need+=(gcc-aarch64-linux-gnu)
    command -v aarch64-linux-gnu-g++ >/dev/null || need+=(g++-aarch64-linux-gnu)
    command -v qemu-aarch64 >/dev/null || need+=(qemu-user)
    command -v clang >/dev/null || need+=(clang)
    # The kernels' instruction counts (scripts/kernel-insns-x86.sh) run under callgrind.
    command -v valgrind >/dev/null || need+=(valgrind)
    command -v pgrep >/dev/null || need+=(procps) # scripts/test.sh ends its background jobs with it
    command -v llvm-dlltool >/dev/null || need+=(llvm)
    echo "${need[*]}"
}
# Installs what `missing` names, then checks that nothing is missing any more.
install_missing() { # [--bench]
    local need
    read -r -a need <<<"$(missing "$@")"
    install "${need[@]}"
    local still
    still=$(missing "$@")
    if [ -n "$still" ]; then
        echo "setup: FAILED: installed what was missing, but the tests' checks still fail for: $still" >&2
        exit 1
    fi
}
if [ "$bench_only" = 1 ]; then
    install_missing --bench
    echo "setup (bench): ok"
    exit 0
fi
install_missing
# Debian's arm64 packages, for an ARM64 CPython run under qemu (scripts/cross/arm64-python.sh,
# the aarch64 wheel's test): downloaded and unpacked there, never installed.
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo dpkg --add-architecture arm64
    $sudo apt-get update -qq || true
fi
# Their Rust standard libraries (macOS: type-checked only, there is no SDK here).
installed_targets=$(rustup target list --installed)
for target in x86_64-pc-windows-gnu aarch64-unknown-linux-gnu x86_64-apple-darwin aarch64-apple-darwin; do
    grep -qx "$target" <<<"$installed_targets" || rustup target add "$target"
done
# The Python binding (bindings/test.sh): maturin (the wheel's build backend), auditwheel, NumPy
# and pytest in a tools venv under target/; and NumPy's and pytest's wheels (and those of the
# binding's `scale` and `learn` extras) in a local folder, from which the tests fill the fresh
# venv they install the binding's wheel into.
venv=target/bindings/pyenv
wheelhouse=target/bindings/wheelhouse
if ! "$venv/bin/python" -c 'import numpy, pytest, maturin, auditwheel' >/dev/null 2>&1; then
    echo "installing maturin, auditwheel, numpy and pytest into $venv"
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check maturin auditwheel numpy pytest
fi
# Also the `scale` extra's (Dask, distributed, pyarrow, tqdm: tests/test_scale.py) and the
# `learn` extra's (Gymnasium, PettingZoo: tests/test_pettingzoo.py), with their dependencies.
scale=("dask[distributed]" pyarrow tqdm)
learn=(gymnasium pettingzoo)
if ! "$venv/bin/python" -m pip install -q --disable-pip-version-check --dry-run --ignore-installed --no-index \
    --find-links "$wheelhouse" numpy pytest "${scale[@]}" "${learn[@]}" >/dev/null 2>&1; then
    echo "downloading numpy, pytest, dask, distributed, pyarrow, tqdm, gymnasium and pettingzoo wheels into $wheelhouse"
    "$venv/bin/python" -m pip download -q --disable-pip-version-check -d "$wheelhouse" numpy pytest "${scale[@]}" \
        "${learn[@]}"
fi
# The same for the ARM64 CPython 3.11 that tests the aarch64 wheel under qemu.
arm_wheels=(--platform manylinux2014_aarch64 --python-version 3.11 --implementation cp --only-binary=:all:)
if ! "$venv/bin/python" -m pip install -q --disable-pip-version-check --dry-run --ignore-installed --no-index \
    --find-links "$wheelhouse-aarch64" --target "$wheelhouse-aarch64/dry-run" "${arm_wheels[@]}" numpy pytest >/dev/null 2>&1; then
    echo "downloading aarch64 numpy and pytest wheels into $wheelhouse-aarch64"
    "$venv/bin/python" -m pip download -q --disable-pip-version-check -d "$wheelhouse-aarch64" "${arm_wheels[@]}" numpy pytest
fi
# The abi3 wheel (one for every CPython from 3.9) is also tested on the oldest and the newest
# CPython it serves (bindings/test.sh python): those interpreters (pyenv installs one that
# scripts/find-python.sh does not find) and their NumPy and pytest wheels.
pyenv_bin=$(command -v pyenv || true)
[ -n "$pyenv_bin" ] || { [ -x "${PYENV_ROOT:-$HOME/.pyenv}/bin/pyenv" ] && pyenv_bin=${PYENV_ROOT:-$HOME/.pyenv}/bin/pyenv; } || true
for v in 3.9 3.13; do
    if ! scripts/find-python.sh "$v" >/dev/null; then
        if [ -n "$pyenv_bin" ]; then
            latest=$("$pyenv_bin" install --list | sed -n "s/^ *\($v\.[0-9][0-9]*\)$/\1/p" | tail -n 1)
            echo "installing CPython $latest with pyenv (for the abi3 wheel's test)"
            "$pyenv_bin" install -s "$latest" || true
        fi
        scripts/find-python.sh "$v" >/dev/null ||
            echo "setup: no CPython $v and no pyenv to install it: the wheel's test on it will say SKIPPED"
    fi
    py=$(scripts/find-python.sh "$v") || continue
    house=$wheelhouse-cp${v/./}
    # That interpreter's own pip, so that the wheels and their dependencies are its own.
    if ! "$py" -m pip install -q --disable-pip-version-check --dry-run --ignore-installed --no-index \
        --find-links "$house" --target "$house/dry-run" numpy pytest >/dev/null 2>&1; then
        echo "downloading NumPy and pytest wheels for CPython $v into $house"
        "$py" -m pip download -q --disable-pip-version-check -d "$house" numpy pytest
    fi
done
# The reliability runs (scripts/miri.sh, scripts/fuzz-short.sh, the TSan step of
# c_tests/sanitize.sh) need the nightly toolchain with Miri and the standard library's sources
# (for -Zbuild-std), and cargo-fuzz from crates.io.
if ! cargo +nightly --version >/dev/null 2>&1; then
    rustup toolchain install nightly --profile minimal || true
fi
if cargo +nightly --version >/dev/null 2>&1; then
    installed=$(rustup component list --toolchain nightly --installed)
    for component in miri rust-src; do
        grep -q "^$component" <<<"$installed" || rustup component add --toolchain nightly "$component" \
            || echo "setup: cannot add the nightly $component component"
    done
    command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
else
    echo "setup: no nightly toolchain: Miri, fuzzing and TSan will report SKIPPED"
fi
echo "setup: ok"
