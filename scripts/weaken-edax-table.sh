#!/usr/bin/env bash
# Makes Edax's table functions weak symbols in a static library built with the edax-abi or
# edax-abi-eval feature: scripts/weaken-edax-table.sh ARCHIVE [OBJCOPY NM]
# Step 8 of docs/edax-drop-in.md takes hash_get, hash_store, hash_force, hash_feed and
# hash_exclude_move into the library under Edax's names; an Edax that keeps its hash.c (steps 1-5
# or 1-6) defines them too. Weak in the archive, the library's give way to the program's, and
# serve an Edax built with step 8, which deleted its own. (A shared library's definitions give way
# to the program's by themselves.) Called by scripts/build-capi.sh and CMakeLists.txt;
# c_tests/drop-in-link.sh checks the result. Does nothing when the names are weak already, so
# that an archive cargo left as it was is not rewritten; otherwise the weakened copy is renamed
# into place, so that a program linking meanwhile reads one whole archive or the other.
set -euo pipefail
archive=$1 objcopy=${2:-objcopy} nm=${3:-nm}
names=(hash_get hash_store hash_force hash_feed hash_exclude_move)
strong=$(IFS='|'; echo "^[0-9a-f]+ T (${names[*]})\$")
# grep -c, not -q: -q would end nm early, and pipefail would take its SIGPIPE for a failure.
if [ "$("$nm" "$archive" 2>/dev/null | grep -Ec "$strong")" != 0 ]; then
    "$objcopy" "${names[@]/#/--weaken-symbol=}" "$archive" "$archive.weak"
    mv -f "$archive.weak" "$archive"
fi
