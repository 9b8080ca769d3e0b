#!/usr/bin/env bash
# Prints the instruction-set levels this CPU can run, lowest first ("portable sse2 avx2"), read
# from the kernel's CPU flags (/proc/cpuinfo) rather than from the library, so that a test can
# fail when the library's own detection leaves a level out. The flags of each level are those
# the library requires (src/kernels/avx2.rs, src/kernels/avx512.rs); lzcnt is "abm" in /proc/cpuinfo.
# On AArch64 it prints "portable neon" (Advanced SIMD is baseline there; the CRC32 instructions
# only change the neon level's hash code, not which levels run). Elsewhere it prints "portable".
set -euo pipefail
levels=portable
if [ "$(uname -m)" = aarch64 ]; then
    levels+=" neon"
elif [ "$(uname -m)" = x86_64 ] && [ -r /proc/cpuinfo ]; then
    flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
    has() { for f in "$@"; do [[ $flags == *" $f "* ]] || return 1; done; }
    has sse2 && levels+=" sse2"
    if has avx2 bmi1 bmi2 abm popcnt sse4_2; then
        levels+=" avx2"
        has avx512f avx512vl avx512bw avx512dq avx512cd && levels+=" avx512"
    fi
fi
echo "$levels"
