#!/usr/bin/env bash
# The Python binding's wheels for the other platforms (bindings/test.sh python runs this):
#   manylinux aarch64: built with maturin for aarch64-unknown-linux-gnu, checked by auditwheel,
#     installed with NumPy and pytest (aarch64 wheels, setup.sh's wheelhouse-aarch64) into a venv
#     of Debian's ARM64 CPython 3.11 (scripts/cross/arm64-python.sh), and the binding's tests run
#     there under qemu-aarch64 (levels portable and neon: the library's levels must be those,
#     which scripts/cpu-levels.sh prints on AArch64, where it reads no flags: Advanced SIMD is
#     baseline there, and qemu-aarch64 runs it; the script itself, run here, would name the
#     host's x86-64 levels);
#   win_amd64: built with maturin for x86_64-pc-windows-gnu, its extension checked to need only
#     Windows' own DLLs and python3.dll (the stable ABI's, which every CPython from 3.9 has); built, not
#     run (no Windows CPython here, so no level of it is tested: the Windows library's levels are
#     the x86-64 ones the Linux runs check).
# Wheels go to OUT_DIR (default target/bindings/wheels-cross).
# Usage: bindings/python/test-cross.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=${1:-target/bindings/wheels-cross}
tools=target/bindings/pyenv
maturin() { (cd bindings/python && PATH=$root/$tools/bin:$PATH "$root/$tools/bin/maturin" "$@"); }
rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)

# The Windows wheel builds while the aarch64 one is built and tested (each build is mostly one
# rustc process), in its own build directory: cargo locks one while it builds.
win_log=$out/build-win_amd64.log
CARGO_TARGET_DIR=$root/target/bindings/cargo-win_amd64 \
    maturin build --release --target x86_64-pc-windows-gnu -i python3.11 -o "$out" >"$win_log" 2>&1 &
win_build=$!

echo "--- Python: the manylinux aarch64 wheel, tested under qemu with Debian's ARM64 CPython 3.11"
# shellcheck source=../../scripts/cross/qemu-env.sh
source scripts/cross/qemu-env.sh
maturin build --release --target aarch64-unknown-linux-gnu -i python3.11 -o "$out" >&2
wheel=$(ls "$out"/edax_kernels-*-cp39-abi3-manylinux_*_aarch64.whl)
"$tools/bin/auditwheel" show "$wheel" | tee "$out/auditwheel-aarch64.txt"
tr '\n' ' ' <"$out/auditwheel-aarch64.txt" | grep -q 'consistent with the *following platform tag: "manylinux_' ||
    { echo "the aarch64 wheel is not manylinux-compliant" >&2; exit 1; }
python_root=$(scripts/cross/arm64-python.sh)
python=("${QEMU_RUN[0]}" -L "$python_root")
venv=$out/venv-aarch64
"${python[@]}" "$python_root/usr/bin/python3.11" -m venv --without-pip "$venv"
site=$venv/lib/python3.11/site-packages
# The host's pip installs the aarch64 wheels into the venv (the venv has no pip of its own).
"$tools/bin/python" -m pip install -q --disable-pip-version-check --no-index --find-links target/bindings/wheelhouse-aarch64 \
    --target "$site" --platform manylinux2014_aarch64 --platform manylinux_2_34_aarch64 --python-version 3.11 \
    --implementation cp --only-binary=:all: "$wheel" numpy pytest
# The tests start the interpreter again in a child process: through qemu (EK_CHILD_RUNNER).
EK_EVAL_DAT=$(scripts/synthetic-eval.sh)
export EK_EVAL_DAT
(cd "$out" && EK_CHILD_RUNNER="${python[*]}" EDAX_KERNELS_EXPECTED_LEVELS="portable neon" \
    "${python[@]}" "$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/bindings/python/tests")

echo "--- Python: the win_amd64 wheel (built, not run: no Windows CPython here)"
wait "$win_build" || { cat "$win_log" >&2; echo "the win_amd64 wheel did not build" >&2; exit 1; }
wheel=$(ls "$out"/edax_kernels-*-cp39-abi3-win_amd64.whl)
mkdir -p "$out/win_amd64"
(cd "$out/win_amd64" && python3 -m zipfile -e "$wheel" .)
pyd=$(ls "$out"/win_amd64/edax_kernels/_native.pyd)
dlls=$(x86_64-w64-mingw32-objdump -p "$pyd" | sed -n 's/.*DLL Name: //p' | sort | tr '\n' ' ')
echo "$(basename "$wheel"): the extension imports $dlls"
for dll in $dlls; do
    case "$dll" in
        KERNEL32.dll | msvcrt.dll | ntdll.dll | python3.dll | api-ms-win-*.dll | bcryptprimitives.dll) ;;
        *) echo "the Windows extension needs $dll, which a Windows CPython does not bring" >&2; exit 1 ;;
    esac
done
echo "Python cross wheels: ok"
