#!/usr/bin/env bash
# Makes Edax's table functions weak symbols in a static library built with the edax-abi or
# edax-abi-eval feature: scripts/weaken-edax-table.sh ARCHIVE [TOOL_PREFIX]
# (TOOL_PREFIX: the binutils' prefix for a cross build, e.g. x86_64-w64-mingw32-).
# Step 8 of docs/edax-drop-in.md takes hash_get, hash_store, hash_force, hash_feed and
# hash_exclude_move into the library under Edax's names; an Edax that keeps its hash.c (steps 1-5
# or 1-6) defines them too. Weak in the archive, the library's give way to the program's, and
# serve an Edax built with step 8, which deleted its own. (A shared library's definitions give way
# to the program's by themselves.) Called by scripts/build-capi.sh and CMakeLists.txt;
# c_tests/drop-in-link.sh checks the result. Only the member that defines them is rewritten
# (objcopy refuses some other members of a MinGW archive, its empty split-debug objects), and
# nothing is done when they are weak already, so that an archive cargo left as it was is not
# rewritten; the new archive is renamed into place, so that a program linking meanwhile reads
# one whole archive or the other.
set -euo pipefail
archive=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") prefix=${2:-}
names=(hash_get hash_store hash_force hash_feed hash_exclude_move)
strong=$(IFS='|'; echo " T (${names[*]})\$")
# The member defining them, from `nm -A`'s "ARCHIVE:MEMBER:VALUE T NAME" lines (grep -m, not
# -q: -q would end nm early, and pipefail would take its SIGPIPE for a failure).
member=$("${prefix}nm" -A "$archive" 2>/dev/null | grep -E -m 1 "$strong" | sed "s|^$archive:\([^:]*\):.*|\1|" || true)
[ -n "$member" ] || exit 0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && "${prefix}ar" x "$archive" "$member")
"${prefix}objcopy" "${names[@]/#/--weaken-symbol=}" "$work/$member"
cp "$archive" "$work/new.a"
"${prefix}ar" r "$work/new.a" "$work/$member"
mv -f "$work/new.a" "$archive"
