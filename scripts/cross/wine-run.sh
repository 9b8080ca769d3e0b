#!/usr/bin/env bash
# The runner of the Rust tests under Wine (CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER, set by
# scripts/test-cross.sh): `$WINE PROGRAM ARGS...`, its output shown once it ends. When Wine's
# client could not talk to its server before the program printed anything ("wine client
# error:0: recvmsg: Connection reset by peer" and an empty output: the program never ran its
# main), it runs the program once more and says so in a RETRIED line. Seen on 2026-11-27 at the
# start of tests/miri.rs, after 20 test programs had run; the cause, in Wine 8's client or
# server, is not found (wine-env.sh has the other sightings). A program that printed anything is
# never run again: its status is the runner's.
set -uo pipefail
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
"$WINE" "$@" >"$out" 2>"$err"
status=$?
cat "$out"
cat "$err" >&2
if [ "$status" -ne 0 ] && [ ! -s "$out" ] && grep -q '^wine client error' "$err"; then
    echo "RETRIED: $1 under Wine: wine client error before the program printed anything (exit status $status)" >&2
    "$WINE" "$@"
    status=$?
fi
exit "$status"
