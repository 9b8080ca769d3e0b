#!/usr/bin/env bash
# The jar's natives for the platforms whose JVM cannot run here (bindings/test.sh java runs this
# after the JVM tests on linux-x86_64): for windows-x86_64 (under Wine) and linux-aarch64 (under
# qemu), the library and the JNI glue taken out of the jar JAR, and native/glue_check.c (a program
# that loads the glue as a JVM would, hands it a minimal JNIEnv, lets Library.open load the
# library, checks two kernels against Edax's known answers and the library's levels against the
# CPU's) built for that platform and run. The levels: under Wine the code runs on this machine's
# CPU, whose levels scripts/cpu-levels.sh names (EDAX_KERNELS_EXPECTED_LEVELS, from
# bindings/test.sh); under qemu-aarch64 "portable neon", what the script prints on AArch64 (it
# reads no flags there: Advanced SIMD is baseline, and qemu runs it).
# The Java classes themselves run on those platforms unchanged; only their native parts differ.
# Usage: bindings/java/test-cross.sh JAR
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
jar=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$root/target/bindings/java/cross
jdk=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
rm -rf "$out"
mkdir -p "$out"
(cd "$out" && jar --extract --file "$jar" edaxkernels/native)
for f in linux-x86_64/libedax_kernels.so linux-x86_64/libedax_kernels_jni.so linux-aarch64/libedax_kernels.so \
    linux-aarch64/libedax_kernels_jni.so windows-x86_64/edax_kernels.dll windows-x86_64/edax_kernels_jni.dll; do
    [ -s "$out/edaxkernels/native/$f" ] || { echo "the jar has no edaxkernels/native/$f" >&2; exit 1; }
done
echo "the jar packs the natives of linux-x86_64, linux-aarch64 and windows-x86_64"

echo "--- Java: the jar's windows-x86_64 glue and library, under Wine"
# shellcheck source=../../scripts/cross/wine-env.sh
source scripts/cross/wine-env.sh
dir=$out/edaxkernels/native/windows-x86_64
x86_64-w64-mingw32-gcc -std=c99 -O1 -Wall -Wextra -Werror -I"$jdk/include" -Ibindings/java/native/win32 \
    bindings/java/native/glue_check.c -o "$dir/glue_check.exe"
levels=${EDAX_KERNELS_EXPECTED_LEVELS:-$(scripts/cpu-levels.sh)}
(cd "$dir" && "$WINE" ./glue_check.exe edax_kernels_jni.dll edax_kernels.dll "$root/tests/data/golden" "$levels")

echo "--- Java: the jar's linux-aarch64 glue and library, under qemu"
# shellcheck source=../../scripts/cross/qemu-env.sh
source scripts/cross/qemu-env.sh
dir=$out/edaxkernels/native/linux-aarch64
aarch64-linux-gnu-gcc -std=c99 -O1 -Wall -Wextra -Werror -I"$jdk/include" -I"$jdk/include/linux" \
    bindings/java/native/glue_check.c -o "$dir/glue_check" -ldl
(cd "$dir" && "${QEMU_RUN[@]}" ./glue_check ./libedax_kernels_jni.so ./libedax_kernels.so "$root/tests/data/golden" \
    "portable neon")
