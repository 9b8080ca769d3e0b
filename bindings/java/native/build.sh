#!/usr/bin/env bash
# Builds the jar's native libraries for PLATFORM (default linux-x86_64) into DIR: the library
# (scripts/build-capi.sh, debug information stripped) and the JNI glue, which loads it:
#   linux-x86_64    libedax_kernels.so, libedax_kernels_jni.so
#   linux-aarch64   the same, cross-built with aarch64-linux-gnu-gcc
#   windows-x86_64  edax_kernels.dll, edax_kernels_jni.dll, cross-built with MinGW (win32/jni_md.h
#                   stands in for the Windows JDK's)
# Used by build-jar.sh and by pom.xml (generate-resources).
# Usage: bindings/java/native/build.sh DIR [PLATFORM]
set -euo pipefail
dir=$(mkdir -p "$1" && cd "$1" && pwd)
platform=${2:-linux-x86_64}
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../.."
jdk=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
flags=(-std=gnu11 -O2 -Wall -Wextra -Werror -shared -I"$jdk/include" -Iinclude)
case "$platform" in
    linux-x86_64)
        lib=$(scripts/build-capi.sh | tail -n 1)/libedax_kernels.so
        cc "${flags[@]}" -fPIC -I"$jdk/include/linux" bindings/java/native/edax_kernels_jni.c \
            -o "$dir/libedax_kernels_jni.so" -ldl
        strip --strip-debug -o "$dir/libedax_kernels.so" "$lib" ;;
    linux-aarch64)
        lib=$(scripts/build-capi.sh --target aarch64-unknown-linux-gnu | tail -n 1)/libedax_kernels.so
        aarch64-linux-gnu-gcc "${flags[@]}" -fPIC -I"$jdk/include/linux" bindings/java/native/edax_kernels_jni.c \
            -o "$dir/libedax_kernels_jni.so" -ldl
        aarch64-linux-gnu-strip --strip-debug -o "$dir/libedax_kernels.so" "$lib" ;;
    windows-x86_64)
        lib=$(scripts/build-capi.sh --target x86_64-pc-windows-gnu | tail -n 1)/edax_kernels.dll
        x86_64-w64-mingw32-gcc "${flags[@]}" -I"$here/win32" bindings/java/native/edax_kernels_jni.c \
            -o "$dir/edax_kernels_jni.dll" -static-libgcc
        x86_64-w64-mingw32-strip --strip-debug -o "$dir/edax_kernels.dll" "$lib" ;;
    *) echo "$0: unknown platform $platform (linux-x86_64, linux-aarch64, windows-x86_64)" >&2; exit 2 ;;
esac
