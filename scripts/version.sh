#!/usr/bin/env bash
# Prints the library's version: Cargo.toml's [workspace.package] version, the one every package
# carries (its first "version = " line, as CMakeLists.txt reads it).
set -euo pipefail
sed -n 's/^version = "\([^"]*\)".*/\1/p' "$(dirname "$0")/../Cargo.toml" | head -n 1
