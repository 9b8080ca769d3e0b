#!/usr/bin/env bash
# Edax 4.6's book building, file for file: builds a stock Edax from a checkout, runs the book
# commands of tests/data/book-build/commands.txt and commands-extra.txt on it, each in a new
# process (one thread, data/ek-eval.dat, -h 16, -l 4, the games of
# tests/data/book-build/games.txt for `book add`), and compares the books it saved after each
# stage and on exit (final.dat), and its searches (scripts/golden/book-build-log.py), with the
# committed ones in tests/data/book-build/edax/NAME/ (--bless: writes them there instead).
#
# Usage: scripts/golden/book-build.sh [--edax CHECKOUT] [--out DIR] [--bless]
#   CHECKOUT: an unmodified Edax checkout (default /work/edax; made at commit 14f048c)
#   DIR:      where Edax runs and its files stay (default target/book-build-regen)
#
# Reproducible: -n 1 (one thread: YBWC's node order varies from run to run with more), the
# tables of -h 16 from Edax's start (the start-up's own book search included: book_load of the
# missing -book-file runs book_new at -l's level, so that search is the first of the log), and
# the date a book file holds (bytes 10..17: year, month, day, hour, minute, second): Edax takes
# it from time() and localtime(), so Edax runs with TZ=UTC and an LD_PRELOAD shim written here
# (time() always 1767225600, 2026-01-01 00:00:00 UTC). Each stage takes well under a second.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
edax=/work/edax
out="$root/target/book-build-regen"
bless=0
while [ $# -gt 0 ]; do
    case $1 in
        --edax) edax=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --bless) bless=1; shift ;;
        *) echo "usage: $0 [--edax CHECKOUT] [--out DIR] [--bless]" >&2; exit 2 ;;
    esac
done
data="$root/tests/data/book-build"
rm -rf "$out"
mkdir -p "$out/build"

# A stock build (Edax's Makefile; its bin/ must exist beforehand).
cp -r "$edax/src" "$out/build/src"
mkdir -p "$out/build/bin"
(cd "$out/build/src" && make build ARCH=x86-64-v3 COMP=gcc OS=linux > "$out/build.log" 2>&1) \
    || { tail -n 20 "$out/build.log" >&2; exit 1; }
bin="$out/build/bin/lEdax-x86-64-v3"

cat > "$out/fixtime.c" <<'C'
/* The time Edax reads for a book's date (book_set_date: time(), localtime()). */
#include <time.h>
time_t time(time_t *t)
{
	const time_t v = 1767225600;
	if (t) *t = v;
	return v;
}
C
gcc -shared -fPIC -O2 "$out/fixtime.c" -o "$out/fixtime.so"

# run NAME: tests/data/book-build/NAME.txt run by Edax in $out/NAME. The commands end with the
# input: Edax reads "eof" and quits (a "quit" read while a search runs would stop that search).
run() {
    mkdir -p "$out/$1"
    cp "$data/games.txt" "$out/$1/games.txt"
    (cd "$out/$1" && TZ=UTC LD_PRELOAD="$out/fixtime.so" "$bin" -n 1 -l 4 -h 16 \
        -eval-file "$root/data/ek-eval.dat" -book-file final.dat < "$data/$1.txt" > log.txt 2>&1)
    python3 "$root/scripts/golden/book-build-log.py" < "$out/$1/log.txt" > "$out/$1/searches.txt"
}

differ=0
for name in commands commands-extra; do
    run "$name"
    files=$(cd "$out/$name" && ls ./*.dat searches.txt | sed 's|^\./||')
    if [ "$bless" = 1 ]; then
        rm -rf "${data:?}/edax/$name"
        mkdir -p "$data/edax/$name"
        for f in $files; do cp "$out/$name/$f" "$data/edax/$name/$f"; done
        echo "book-build: wrote $(echo $files | wc -w) files to tests/data/book-build/edax/$name"
    else
        for f in $files; do
            if cmp -s "$out/$name/$f" "$data/edax/$name/$f"; then
                echo "$name/$f identical"
            else
                echo "$name/$f DIFFERS"
                differ=1
            fi
        done
    fi
done
[ "$differ" = 0 ] || { echo "book-build: some files differ (Edax's in $out)" >&2; exit 1; }
