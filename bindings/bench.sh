#!/usr/bin/env bash
# Per-call cost of one `flip` from C, C#, Java and Python, and the per-board cost of one batch
# call (`ek_flip_batch`, or the Python extension's flip_batch) over the same boards, each
# language in one run of its own bench program (bindings/*/bench) on the 12,561 records of
# tests/data/golden/flip.txt, each through its package as a user installs it: the NuGet
# package's assembly and library, the jar, the wheel in a fresh venv (C: the shared library of
# scripts/build-capi.sh). Each figure is the median of 11 samples of >= 20 ms. Prints a Markdown
# table (BENCHMARKS.md), then Python's single calls timed with timeit beside a builtin call of
# the same arity and the C library's ek_flip through ctypes. Then the exact solver: the cost per
# position of one batch solve (each language's Solver) of the first 200 positions of
# tests/data/golden/eval.txt with at most 14 empty squares, against C's batch call and C's
# single calls (ek_solver_solve per position), each the median of 3 samples of 10 passes on a
# cleared table of 2^20 entries; every language must give the same scores and moves. Then the
# engine: a level-10 search of each of the first 40 positions of eval.txt with 24 or more empty
# squares (a cleared engine each time), the median of 3 samples, every language finding the same
# scores, moves and nodes. Last, C#'s and Java's random Game from the start to the end (best of 5
# rounds; Python's is bindings/python/bench/game.py's).
# Usage: bindings/bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
scripts/setup.sh >/dev/null
libdir=$(scripts/build-capi.sh 2>/dev/null | tail -n 1)
lib=$root/$libdir/libedax_kernels.so
flips=$root/tests/data/golden/flip.txt
evals=$root/tests/data/golden/eval.txt
out=$root/target/bindings/bench
rm -rf "$out"
mkdir -p "$out/csharp"

cc -std=c11 -O2 -Wall -Wextra -Werror -Iinclude bindings/c/bench/bench.c -L"$libdir" -ledax_kernels \
    -Wl,-rpath,"$root/$libdir" -o "$out/bench_c"
bindings/csharp/pack.sh "$out/nuget" >/dev/null 2>&1
cp "$out/nuget/package/lib/net45/EdaxKernels.dll" "$out/nuget/package/runtimes/linux-x64/native/libedax_kernels.so" \
    "$out/csharp/"
mcs -warnaserror -optimize+ -r:"$out/csharp/EdaxKernels.dll" -out:"$out/csharp/Bench.exe" bindings/csharp/bench/Bench.cs
jar=$(bindings/java/build-jar.sh "$out/java" 2>/dev/null | tail -n 1)
javac -Werror -cp "$jar" -d "$out/java/bench" bindings/java/bench/Bench.java
wheel=$(bindings/python/build-wheel.sh "$out/wheels")
python3 -m venv "$out/pyvenv"
"$out/pyvenv/bin/python" -m pip install -q --disable-pip-version-check --no-index \
    --find-links target/bindings/wheelhouse "$wheel"
py=$out/pyvenv/bin/python

level=$("$py" -c 'import edax_kernels as ek; print(ek.isa())')
cpu=$(lscpu | sed -n 's/^Vendor ID: *//p; s/^Model name: *//p' | paste -sd ' ')
echo "date: $(date -u +%Y-%m-%d), CPU: $cpu, level: $level"
echo "runtimes: $(mono --version | head -1 | cut -d'(' -f1), $(java -version 2>&1 | head -1), $("$py" --version), NumPy $("$py" -c 'import numpy; print(numpy.__version__)')"
echo
echo "| language | binding (package) | flip, one call (ns/call) | batch flip (ns/board) | batch speed-up |"
echo "|---|---|---|---|---|"
# Each bench program prints its flip line, then its solver line.
row() {
    local name=$1 how=$2
    shift 2
    local r
    r=$("$@")
    read -r _ single batch _ <<<"$r"
    printf '| %s | %s | %s | %s | %s |\n' "$name" "$how" "$single" "$batch" "$(awk -v a="$single" -v b="$batch" 'BEGIN { printf "%.1fx", a / b }')"
    echo "$r" >"$out/$name.txt"
}
row C "direct call (shared library)" "$out/bench_c" "$flips" "$evals"
row "C#" "mono P/Invoke (NuGet package)" mono "$out/csharp/Bench.exe" "$flips" "$evals"
row Java "JNI (the jar)" java -cp "$jar:$out/java/bench" Bench "$flips" "$evals"
row Python "PyO3 extension / NumPy (the wheel)" "$py" bindings/python/bench/bench.py "$flips" "$lib" "$evals"
read -r _ _ _ _ flip_ns max_ns ctypes_ns <"$out/Python.txt"
echo
echo "Python, one call (timeit, median of 11 x 200,000): flip(19, p, o) $flip_ns ns; builtin max(19, p, o)" \
    "$max_ns ns (flip/max $(awk -v a="$flip_ns" -v b="$max_ns" 'BEGIN { printf "%.2f", a / b }')); ctypes ek_flip(19, p, o)" \
    "$ctypes_ns ns (ctypes/flip $(awk -v a="$ctypes_ns" -v b="$flip_ns" 'BEGIN { printf "%.1f", a / b }'))"

read -r _ c_single c_batch c_check < <(sed -n 2p "$out/C.txt")
echo
echo "| language | exact solves, one batch call (µs/position) | / C's batch call |"
echo "|---|---|---|"
for name in C "C#" Java Python; do
    read -r _ t check < <(sed -n 2p "$out/$name.txt" | awk '{ print $1, $(NF - 1), $NF }')
    [ "$check" = "$c_check" ] || { echo "$name's solves differ from C's (checksum $check, C $c_check)" >&2; exit 1; }
    printf '| %s | %s | %s |\n' "$name" "$t" "$(awk -v a="$t" -v b="$c_batch" 'BEGIN { printf "%.2f", a / b }')"
done
echo
echo "C, one ek_solver_solve per position: $c_single µs/position (single/batch" \
    "$(awk -v a="$c_single" -v b="$c_batch" 'BEGIN { printf "%.3f", a / b }'))"

# The engine: each language's level-10 searches must find the same scores, moves and nodes.
read -r _ c_engine c_engine_check < <(sed -n 3p "$out/C.txt")
echo
echo "| language | level-10 search (ms/position, 40 positions of 24+ empty squares) | / C |"
echo "|---|---|---|"
for name in C "C#" Java Python; do
    read -r _ t check < <(sed -n 3p "$out/$name.txt")
    [ "$check" = "$c_engine_check" ] || { echo "$name's searches differ from C's (checksum $check, C $c_engine_check)" >&2; exit 1; }
    printf '| %s | %s | %s |\n' "$name" "$t" "$(awk -v a="$t" -v b="$c_engine" 'BEGIN { printf "%.3f", a / b }')"
done

# A random game from the start to the end (the C# and Java bench programs' fourth line).
read -r _ cs_game cs_plies < <(sed -n 4p "$out/C#.txt")
read -r _ java_game java_plies < <(sed -n 4p "$out/Java.txt")
echo
echo "A random game from the start to the end (PlayRandom until the end, best of 5 rounds): C# $cs_game µs" \
    "($cs_plies plies), Java $java_game µs ($java_plies plies)"
