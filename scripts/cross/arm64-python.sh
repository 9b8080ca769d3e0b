#!/usr/bin/env bash
# Makes (once) and prints a root directory holding Debian 12's ARM64 CPython 3.11 and the
# libraries it needs, from Debian's arm64 packages (downloaded, unpacked, never installed), so
# that `qemu-aarch64 -L ROOT ROOT/usr/bin/python3.11` runs it on this x86-64 machine: the test
# of the Python binding's manylinux aarch64 wheel (bindings/test.sh). Needs dpkg's arm64
# architecture enabled (scripts/setup.sh does it: `dpkg --add-architecture arm64`, apt-get update).
# Usage: scripts/cross/arm64-python.sh   (prints ROOT, target/cross/arm64-python)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$root/target/cross/arm64-python
# CPython, its C library and the libraries of its standard modules (python3.11-minimal's and
# libpython3.11-stdlib's dependencies).
packages=(libc6 libgcc-s1 libstdc++6 python3.11-minimal libpython3.11-minimal libpython3.11-stdlib zlib1g libexpat1
    libffi8 libbz2-1.0 liblzma5 libssl3 libcrypt1 libuuid1 libsqlite3-0 libncursesw6 libtinfo6 libreadline8 libdb5.3
    libnsl2 libtirpc3 libgssapi-krb5-2 libkrb5-3 libk5crypto3 libkrb5support0 libcom-err2 libkeyutils1)
if [ ! -x "$out/usr/bin/python3.11" ]; then
    debs=$root/target/cross/arm64-debs
    rm -rf "$debs" "$out.tmp"
    mkdir -p "$debs" "$out.tmp"
    # apt-get download writes to the current directory, as the _apt user where it can.
    (cd "$debs" && chmod 777 . && apt-get download -q "${packages[@]/%/:arm64}" >&2)
    for deb in "$debs"/*.deb; do dpkg -x "$deb" "$out.tmp"; done
    rm -rf "$out"
    mv "$out.tmp" "$out"
fi
echo "$out"
