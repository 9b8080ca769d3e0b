#!/usr/bin/env bash
# Installs what the tests and benchmarks need when it is missing (Debian/Ubuntu, as root or
# with sudo). Safe to run again: it only installs what is absent.
set -euo pipefail
need=()
command -v cc >/dev/null || need+=(gcc)
command -v c++ >/dev/null || need+=(g++)
# The CMake build and its tests (scripts/test-cmake.sh): cmake, pkg-config, readelf and nm.
command -v cmake >/dev/null || need+=(cmake)
command -v pkg-config >/dev/null || need+=(pkg-config)
command -v readelf >/dev/null && command -v nm >/dev/null || need+=(binutils)
# bindgen (the criterion benchmarks' declarations of the C reference) needs libclang.
ls /usr/lib/llvm-*/lib/libclang.so* >/dev/null 2>&1 || need+=(libclang-dev)
if [ ${#need[@]} -gt 0 ]; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    echo "installing: ${need[*]}"
    $sudo apt-get update -qq || true
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
fi
echo "setup: ok"
