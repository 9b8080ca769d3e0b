#!/usr/bin/env bash
# Makes tests/data/book/ again with stock Edax 4.6 (tests/book.rs compares the library with it).
#
#   scripts/golden/book.sh [EDAX_CHECKOUT]      (default /work/edax; abulmo/edax-reversi 14f048c)
#
# Builds Edax (make build ARCH=x86-64-v3 COMP=gcc OS=linux), and runs it with -n 1, the
# project's weights (data/ek-eval.dat), -h 16, a fixed clock (the LD_PRELOAD shim
# scripts/golden/book-clock.c: the save date 2026-01-02 03:04:05 under TZ=UTC, and the book
# generator's seed real_clock() = 1000000), on:
#   1. book new 2 8; book add games.txt; book deviate 2 4; book negamax;
#      book save edax.dat; book export edax.txt; book info  (-> edax.dat, edax.txt, info.txt)
# (No "quit": Edax empties its queue of commands when it reads one; end of input ends it.)
#   2. a fresh Edax started with -book-file edax.dat: `book show` on every prefix of the games
#      in queries.txt (-> show.txt), then `book randomness 4` and `go` from the start until the
#      game leaves the book (-> go.txt: the move played, and the book line Edax printed)
#   3. a fresh Edax started with -book-file start.dat (a copy of edax.dat: Edax saves a changed
#      book to its -book-file when it quits): book import edax.txt (with Edax's link,
#      fix, negamax and sort), book save imported.dat..
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
edax_src=${1:-/work/edax}
out=$here/tests/data/book
work=$(mktemp -d)
[ -n "${KEEP:-}" ] && echo "work: $work" || trap 'rm -rf "$work"' EXIT

cp -r "$edax_src" "$work/edax"
mkdir -p "$work/edax/bin"
(cd "$work/edax/src" && make build ARCH=x86-64-v3 COMP=gcc OS=linux >/dev/null)
edax=$(ls "$work"/edax/bin/lEdax-*)
gcc -shared -fPIC -O2 -o "$work/clock.so" "$here/scripts/golden/book-clock.c"
mkdir -p "$work/run/data"
cp "$here/data/ek-eval.dat" "$work/run/data/eval.dat"
cp "$out/games.txt" "$work/run/games.txt"

run_edax() { # stdin: commands
    (cd "$work/run" && TZ=UTC LD_PRELOAD="$work/clock.so" "$edax" -n 1 -h 16 -l 2 -eval-file data/eval.dat \
        -book-file "$1" -book-usage on -ponder off -auto-start off -verbose 1)
}

{
    echo "mode 3"
    echo "book new 2 8"
    echo "book add games.txt"
    echo "init"
    echo "book deviate 2 4"
    echo "book negamax"
    echo "book save edax.dat"
    echo "book export edax.txt"
    echo "book info"
} > "$work/build.cmd"
run_edax scratch.dat < "$work/build.cmd" > "$work/build.log" 2>&1

{
    echo "mode 3"
    while read -r game; do
        [ -z "$game" ] && continue
        for ((i = 0; i <= ${#game}; i += 2)); do
            echo "init"
            [ "$i" -gt 0 ] && echo "play ${game:0:$i}"
            echo "book show"
        done
    done < "$out/queries.txt"
} > "$work/show.cmd"
run_edax edax.dat < "$work/show.cmd" > "$work/show.log" 2>&1

{
    echo "mode 3"
    echo "book randomness 4"
    echo "init"
    for _ in $(seq 1 14); do echo "go"; done
} > "$work/go.cmd"
run_edax edax.dat < "$work/go.cmd" > "$work/go.log" 2>&1

{
    echo "mode 3"
    echo "book import edax.txt"
    echo "book save imported.dat"
} > "$work/import.cmd"
# Edax saves a changed book to its -book-file when it quits: a copy, not edax.dat.
cp "$work/run/edax.dat" "$work/run/start.dat"
run_edax start.dat < "$work/import.cmd" > "$work/import.log" 2>&1

# Edax prints a prompt ">" before reading each command: the log's pieces after "\n>\n" are the
# outputs of the commands in turn. Kept: what the tests read.
python3 - "$work" "$out" <<'PY'
import sys
work, out = sys.argv[1], sys.argv[2]
def pieces(name):
    return open(f"{work}/{name}.log", errors="replace").read().split("\n>\n")[1:]
def cmds(name):
    return open(f"{work}/{name}.cmd").read().splitlines()
info = [o for c, o in zip(cmds("build"), pieces("build")) if c == "book info"][0]
info = info.split("\n  A B C")[0]  # the board Edax prints before its next prompt
open(f"{out}/info.txt", "w").write("\n".join(l for l in info.splitlines() if l.strip()) + "\n")
with open(f"{out}/show.txt", "w") as f:
    moves = ""
    for c, o in zip(cmds("show"), pieces("show")):
        if c == "init": moves = ""
        elif c.startswith("play "): moves = c[5:]
        elif c == "book show":
            keep = [l.strip() for l in o.splitlines() if l.startswith(("Level:", "Best score:", "Moves:", "Lines:", "       "))]
            f.write(f"{moves or '-'}|" + "|".join(keep) + "\n")
with open(f"{out}/go.txt", "w") as f:
    for c, o in zip(cmds("go"), pieces("go")):
        if c == "go":
            book = [l.split()[2:] for l in o.splitlines() if l.startswith("book ")]
            plays = [l.split()[2] for l in o.splitlines() if l.startswith("Edax plays")]
            f.write(f"{plays[0] if plays else '?'} {'book ' + ' '.join(book[0]) if book else 'search'}\n")
PY
cp "$work/run/edax.dat" "$work/run/edax.txt" "$work/run/imported.dat" "$out/"
echo "made: $(ls "$out")"
