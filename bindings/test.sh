#!/usr/bin/env bash
# Tests of the C#, Java and Python bindings against the C library that scripts/build-capi.sh
# builds into target/capi/release. Each language checks the known answers (the evaluation's too,
# with the synthetic eval.dat in EK_EVAL_DAT) and perft(6..8), and
# loads the library each documented way: an explicit path, EDAX_KERNELS_LIB, and the system
# search path (LD_LIBRARY_PATH). Builds go to target/bindings.
# Usage: bindings/test.sh [csharp] [java] [python]   (default: all three)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
lib=$root/target/capi/release/libedax_kernels.so
golden=$root/tests/data/golden
out=$root/target/bindings
[ -f "$lib" ] || scripts/build-capi.sh
# The synthetic eval.dat of the golden set, for the evaluation tests of every language.
EK_EVAL_DAT=$(scripts/synthetic-eval.sh)
export EK_EVAL_DAT
mkdir -p "$out"

# Runs "$@" three times: library by explicit path, by EDAX_KERNELS_LIB, by LD_LIBRARY_PATH.
# The command's last argument is replaced by the path, or by "-" (load the default way).
each_way() {
    local args=("$@") n=$#
    "${args[@]:0:n-1}" "$lib"
    EDAX_KERNELS_LIB=$lib "${args[@]:0:n-1}" -
    LD_LIBRARY_PATH=$(dirname "$lib") "${args[@]:0:n-1}" -
}

csharp() {
    echo "--- C# (mono)"
    mkdir -p "$out/csharp"
    mcs -warnaserror -target:library -out:"$out/csharp/EdaxKernels.dll" bindings/csharp/EdaxKernels.cs
    mcs -warnaserror -r:"$out/csharp/EdaxKernels.dll" -out:"$out/csharp/Tests.exe" bindings/csharp/tests/Tests.cs
    each_way mono "$out/csharp/Tests.exe" "$golden" LIB
}

java_home() {
    dirname "$(dirname "$(readlink -f "$(command -v javac)")")"
}

java_build() {
    local jdk
    jdk=$(java_home)
    mkdir -p "$out/java"
    cc -std=gnu11 -O2 -Wall -Wextra -Werror -fPIC -shared -I"$jdk/include" -I"$jdk/include/linux" -Iinclude \
        bindings/java/native/edax_kernels_jni.c -o "$out/java/libedax_kernels_jni.so" -ldl
    javac -Werror -Xlint:all -d "$out/java/classes" bindings/java/src/edaxkernels/*.java "$@"
}

java_() {
    echo "--- Java (JDK $(javac -version 2>&1 | cut -d' ' -f2), JNI)"
    java_build bindings/java/test/KernelsTest.java
    each_way java -Xcheck:jni -Djava.library.path="$out/java" -cp "$out/java/classes" KernelsTest "$golden" LIB
}

python_bin() {
    if [ -x "$out/pyenv/bin/python" ]; then echo "$out/pyenv/bin/python"; else echo python3; fi
}

python_() {
    local py
    py=$(python_bin)
    echo "--- Python ($("$py" --version), ctypes + NumPy)"
    EDAX_KERNELS_LIB=$lib "$py" -m pytest -q -p no:cacheprovider bindings/python/tests
}

langs=("$@")
[ ${#langs[@]} -gt 0 ] || langs=(csharp java python)
for l in "${langs[@]}"; do
    case $l in
        csharp) csharp ;;
        java) java_ ;;
        python) python_ ;;
        *) echo "unknown binding: $l" >&2; exit 2 ;;
    esac
done
