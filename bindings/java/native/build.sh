#!/usr/bin/env bash
# Builds the jar's native libraries for linux-x86_64 into DIR: libedax_kernels.so
# (scripts/build-capi.sh, debug information stripped) and the JNI glue libedax_kernels_jni.so.
# Used by build-jar.sh and by pom.xml (generate-resources).
# Usage: bindings/java/native/build.sh DIR
set -euo pipefail
dir=$(mkdir -p "$1" && cd "$1" && pwd)
cd "$(dirname "$0")/../../.."
lib=$(scripts/build-capi.sh | tail -n 1)/libedax_kernels.so
jdk=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
cc -std=gnu11 -O2 -Wall -Wextra -Werror -fPIC -shared -I"$jdk/include" -I"$jdk/include/linux" -Iinclude \
    bindings/java/native/edax_kernels_jni.c -o "$dir/libedax_kernels_jni.so" -ldl
strip --strip-debug -o "$dir/libedax_kernels.so" "$lib"
