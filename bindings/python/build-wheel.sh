#!/usr/bin/env bash
# Builds the Python binding's wheel into OUT_DIR (default target/bindings/wheels) as
# `pip wheel ./bindings/python` does, with maturin from the tools venv of scripts/setup.sh
# (target/bindings/pyenv) instead of an isolated download of it. Prints the wheel's path.
# Usage: bindings/python/build-wheel.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-target/bindings/wheels}
tools=target/bindings/pyenv
rm -rf "$out"
PATH=$PWD/$tools/bin:$PATH "$tools/bin/python" -m pip wheel -q --disable-pip-version-check --no-build-isolation \
    --no-deps -w "$out" ./bindings/python
ls "$out"/edax_kernels-*.whl
