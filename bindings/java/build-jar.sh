#!/usr/bin/env bash
# Builds the Java binding's jar, edax-kernels-VERSION.jar: the classes, and for linux-x86_64,
# linux-aarch64 and windows-x86_64 the library and the JNI glue (native/build.sh) as resources
# under edaxkernels/native/PLATFORM/, which the classes extract and load (see Library.java). The
# same layout as pom.xml's.
# VERSION is Cargo.toml's (scripts/version.sh), also the manifest's Implementation-Version.
# Usage: bindings/java/build-jar.sh [OUT_DIR]   (default target/bindings/java); prints the jar's path.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-target/bindings/java}
version=$(scripts/version.sh)
stage=$out/jar
rm -rf "$stage"
for platform in linux-x86_64 linux-aarch64 windows-x86_64; do
    bindings/java/native/build.sh "$stage/edaxkernels/native/$platform" "$platform"
done
javac --release 17 -Werror -Xlint:all -d "$stage" bindings/java/src/edaxkernels/*.java
printf 'Implementation-Title: edax-kernels\nImplementation-Version: %s\nAutomatic-Module-Name: edaxkernels\n' \
    "$version" >"$out/MANIFEST.MF"
jar --create --file "$out/edax-kernels-$version.jar" --manifest "$out/MANIFEST.MF" -C "$stage" .
echo "$out/edax-kernels-$version.jar"
