# Sourced to build and run Linux ARM64 (aarch64-unknown-linux-gnu) programs on an x86-64 machine
# under qemu-user (packages gcc-aarch64-linux-gnu and qemu-user; rustup target add
# aarch64-unknown-linux-gnu). Sets QEMU_SYSROOT (the cross libc's root), cargo's linker and
# runner for the target (so `cargo test --target aarch64-unknown-linux-gnu` runs the tests under
# qemu), bindgen's include dirs for the target (the dev-dependency ffi_bench/cref runs bindgen),
# QEMU_CPU=max (an ARMv8 CPU with the CRC32 extension, which the neon level's hash uses when the
# CPU has it) and EK_CPU_LEVELS, the levels tests/golden.rs expects (scripts/cpu-levels.sh reads
# the host's CPU, not the emulated one), and EK_CHILD_RUNNER (tests that start their own binary
# again start it under qemu: an emulated program cannot exec an AArch64 one without binfmt_misc).
# Usage: . scripts/cross/qemu-env.sh; cargo test --target aarch64-unknown-linux-gnu ...
#        qemu-aarch64 -L "$QEMU_SYSROOT" ./program        (a C program built with aarch64-linux-gnu-gcc)
# shellcheck shell=bash
command -v aarch64-linux-gnu-gcc >/dev/null || { echo "qemu-env: no aarch64-linux-gnu-gcc" >&2; return 1; }
command -v qemu-aarch64 >/dev/null || { echo "qemu-env: no qemu-aarch64 (package qemu-user)" >&2; return 1; }
# The sysroot is two levels above the cross libc (.../aarch64-linux-gnu/lib/libc.so.6).
QEMU_SYSROOT=$(dirname "$(dirname "$(readlink -f "$(aarch64-linux-gnu-gcc -print-file-name=libc.so.6)")")")
export QEMU_SYSROOT
export QEMU_CPU=${QEMU_CPU:-max}
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L $QEMU_SYSROOT"
_clang_include=$(ls -d /usr/lib/llvm-*/lib/clang/*/include 2>/dev/null | sort -V | tail -n 1)
export BINDGEN_EXTRA_CLANG_ARGS_aarch64_unknown_linux_gnu="-I$_clang_include -I$QEMU_SYSROOT/include"
export EK_CPU_LEVELS=${EK_CPU_LEVELS:-portable neon}
# What the tests that cannot see something under emulation give as the reason (src/types/memory.rs).
export EK_EMULATED=qemu-user
# How the tests that re-run their own binary in a child process start it (tests/common).
export EK_CHILD_RUNNER="qemu-aarch64 -L $QEMU_SYSROOT"
unset _clang_include
# The command that runs an AArch64 program (c_tests/run.sh with EK_CROSS=aarch64).
QEMU_RUN=(qemu-aarch64 -L "$QEMU_SYSROOT")
