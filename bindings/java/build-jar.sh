#!/usr/bin/env bash
# Builds the Java binding's jar, edax-kernels-VERSION.jar: the classes, and for linux-x86_64 the
# library (scripts/build-capi.sh) and the JNI glue as resources under
# edaxkernels/native/linux-x86_64/, which the classes extract and load (see Library.java).
# VERSION is Cargo.toml's (scripts/version.sh), also the manifest's Implementation-Version.
# Usage: bindings/java/build-jar.sh [OUT_DIR]   (default target/bindings/java); prints the jar's path.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-target/bindings/java}
version=$(scripts/version.sh)
lib=$(scripts/build-capi.sh | tail -n 1)/libedax_kernels.so
jdk=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
stage=$out/jar
natives=$stage/edaxkernels/native/linux-x86_64
rm -rf "$stage"
mkdir -p "$natives"
cc -std=gnu11 -O2 -Wall -Wextra -Werror -fPIC -shared -I"$jdk/include" -I"$jdk/include/linux" -Iinclude \
    bindings/java/native/edax_kernels_jni.c -o "$natives/libedax_kernels_jni.so" -ldl
strip --strip-debug -o "$natives/libedax_kernels.so" "$lib"
javac --release 17 -Werror -Xlint:all -d "$stage" bindings/java/src/edaxkernels/*.java
printf 'Implementation-Title: edax-kernels\nImplementation-Version: %s\nAutomatic-Module-Name: edaxkernels\n' \
    "$version" >"$out/MANIFEST.MF"
jar --create --file "$out/edax-kernels-$version.jar" --manifest "$out/MANIFEST.MF" -C "$stage" .
echo "$out/edax-kernels-$version.jar"
