#!/usr/bin/env bash
# Prints the path of a CPython interpreter of version MAJOR.MINOR (python3.9, ...), or exits 1:
# from PATH, else from pyenv's versions (PYENV_ROOT, default ~/.pyenv). One definition for
# scripts/setup.sh (which installs the version with pyenv when it finds none) and the Python
# binding's test (bindings/test.sh, which installs the abi3 wheel into each such interpreter).
# Usage: scripts/find-python.sh 3.9
set -euo pipefail
version=${1:?usage: $0 MAJOR.MINOR}
if exe=$(command -v "python$version" 2>/dev/null) && "$exe" -c 'import venv' >/dev/null 2>&1; then
    echo "$exe"
    exit 0
fi
for exe in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/"$version".*/bin/"python$version"; do
    if [ -x "$exe" ] && "$exe" -c 'import venv' >/dev/null 2>&1; then
        echo "$exe"
        exit 0
    fi
done
exit 1
