#!/usr/bin/env bash
# Per-call cost of one `flip` from C, C#, Java and Python, and the per-board cost of one
# `ek_flip_batch` call over the same boards, each language in one run of its own bench program
# (bindings/*/bench) on the 12,561 records of tests/data/golden/flip.txt, through the shared
# library of scripts/build-capi.sh. Each figure is the median of 11 samples of >= 20 ms.
# Prints a Markdown table (BENCHMARKS.md). Usage: bindings/bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
scripts/setup.sh >/dev/null
scripts/build-capi.sh >/dev/null 2>&1
libdir=$root/target/capi/release
lib=$libdir/libedax_kernels.so
flips=$root/tests/data/golden/flip.txt
out=$root/target/bindings/bench
mkdir -p "$out"
jdk=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")

cc -std=c11 -O2 -Wall -Wextra -Werror -Iinclude bindings/c/bench/bench.c -L"$libdir" -ledax_kernels \
    -Wl,-rpath,"$libdir" -o "$out/bench_c"
mcs -warnaserror -optimize+ -target:library -out:"$out/EdaxKernels.dll" bindings/csharp/EdaxKernels.cs
mcs -warnaserror -optimize+ -r:"$out/EdaxKernels.dll" -out:"$out/Bench.exe" bindings/csharp/bench/Bench.cs
cc -std=gnu11 -O2 -Wall -Wextra -Werror -fPIC -shared -I"$jdk/include" -I"$jdk/include/linux" -Iinclude \
    bindings/java/native/edax_kernels_jni.c -o "$out/libedax_kernels_jni.so" -ldl
javac -Werror -d "$out/classes" bindings/java/src/edaxkernels/*.java bindings/java/bench/Bench.java
py=python3
[ -x target/bindings/pyenv/bin/python ] && py=target/bindings/pyenv/bin/python

level=$(python3 - "$lib" <<'PY'
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1]); lib.ek_isa.restype = ctypes.c_char_p
print(lib.ek_isa().decode())
PY
)
echo "date: $(date -u +%Y-%m-%d), CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), level: $level"
echo "runtimes: $(mono --version | head -1 | cut -d'(' -f1), $(java -version 2>&1 | head -1), $("$py" --version), NumPy $("$py" -c 'import numpy; print(numpy.__version__)')"
echo
echo "| language | binding | flip, one call (ns/call) | ek_flip_batch (ns/board) | batch speed-up |"
echo "|---|---|---|---|---|"
row() {
    local name=$1 how=$2
    shift 2
    local r
    r=$("$@")
    read -r _ single batch _ <<<"$r"
    printf '| %s | %s | %s | %s | %s |\n' "$name" "$how" "$single" "$batch" "$(awk -v a="$single" -v b="$batch" 'BEGIN { printf "%.1fx", a / b }')"
}
row C "direct call" "$out/bench_c" "$flips"
row "C#" "mono P/Invoke" mono "$out/Bench.exe" "$flips" "$lib"
row Java "JNI (glue + dlopen)" java -cp "$out/classes" -Djava.library.path="$out" Bench "$flips" "$lib"
row Python "ctypes / NumPy" "$py" bindings/python/bench/bench.py "$flips" "$lib"
