#!/bin/sh
# Edax 4.6's answers to the scripted GTP and xboard sessions of tests/data/protocols/ (what
# tests/protocols.rs compares ek-play with).
#
#   scripts/golden/protocols.sh [EDAX_CHECKOUT]   (default /work/edax, Edax 4.6 at 14f048c)
#
# Builds the stock Edax (no change; `make build ARCH=x86-64-v3`) in a temporary copy, then runs
# `lEdax -gtp` on gtp.in and `lEdax -xboard` on xboard.in with one thread (`-n 1`), the project's
# weights (`-eval-file data/ek-eval.dat`), a 2^16-entry table (`-h 16`, as the test's
# `--hash 16`), an empty book not used (data/book.dat, `-book-usage off`: without a book file Edax
# makes one at startup with a search, whose nodes its xboard statistics would count) and, for
# GTP, level 6 (`-l 6`; xboard's own `sd 6` sets it there, after `new`, which sets 60), and no
# pondering (`-ponder off`: Edax ponders by default in xboard, on tables the next move then
# reads, for as long as the next line takes to come: its answers would depend on the timing).
# The lines are sent one at a time; what Edax writes after each until it is quiet for
# QUIET seconds (0.4) is recorded under it: `> LINE`, then the answer lines (stdout only; its
# errors go to stderr). The sessions search at level 6: each answer takes milliseconds.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
edax=${1:-/work/edax}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$edax" "$tmp/edax"
mkdir -p "$tmp/edax/bin"
(cd "$tmp/edax/src" && make build ARCH=x86-64-v3 COMP=gcc OS=linux >/dev/null 2>&1)
bin="$tmp/edax/bin/lEdax-x86-64-v3"
cp "$here/data/book.dat" "$tmp/book.dat"
data="$here/tests/data/protocols"
for p in gtp xboard; do
    extra=""
    [ "$p" = gtp ] && extra="-l 6"
    # shellcheck disable=SC2086
    python3 - "$data/$p.in" "$data/$p.out" "$bin" -$p -n 1 -eval-file "$here/data/ek-eval.dat" -h 16 \
        -book-file "$tmp/book.dat" -book-usage off -ponder off $extra <<'PY'
import os, select, subprocess, sys
QUIET = float(os.environ.get("QUIET", "0.4"))
src, dst, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                     cwd=os.path.dirname(cmd[0]))
fd = p.stdout.fileno()
def read_quiet():
    data = b""
    while True:
        r, _, _ = select.select([fd], [], [], QUIET)
        if not r:
            return data
        chunk = os.read(fd, 65536)
        if not chunk:
            return data
        data += chunk
out = []
for line in open(src).read().splitlines():
    p.stdin.write((line + "\n").encode()); p.stdin.flush()
    out.append("> " + line)
    text = read_quiet().decode()
    out.extend(text.split("\n")[:-1] if text.endswith("\n") else text.split("\n") if text else [])
p.stdin.close()
rest = p.stdout.read().decode()
out.extend(rest.split("\n")[:-1] if rest else [])
p.wait()
open(dst, "w").write("\n".join(out) + "\n")
PY
    echo "$data/$p.out: $(grep -c '^> ' "$data/$p.out") commands"
done
