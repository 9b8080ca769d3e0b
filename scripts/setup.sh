#!/usr/bin/env bash
# Installs what the tests and benchmarks need when it is missing (Debian/Ubuntu, as root or
# with sudo). Safe to run again: it only installs what is absent.
set -euo pipefail
need=()
command -v cc >/dev/null || need+=(gcc)
command -v c++ >/dev/null || need+=(g++)
# bindgen (the criterion benchmarks' declarations of the C reference) needs libclang.
ls /usr/lib/llvm-*/lib/libclang.so* >/dev/null 2>&1 || need+=(libclang-dev)
# nm and objdump: tests/exports.rs reads the shared library's symbols and machine code.
command -v objdump >/dev/null || need+=(binutils)
if [ ${#need[@]} -gt 0 ]; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    echo "installing: ${need[*]}"
    $sudo apt-get update -qq || true
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
fi
# The reliability runs (scripts/miri.sh, scripts/fuzz-short.sh, the TSan step of
# c_tests/sanitize.sh) need the nightly toolchain, which cannot be installed from here: with it,
# add Miri and the standard library's sources (for -Zbuild-std), and cargo-fuzz from crates.io.
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
