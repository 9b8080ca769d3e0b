#!/usr/bin/env bash
# Makes Edax 4.6's own conversions of the committed game list tests/data/bases/games.ggf (made by
# scripts/golden/bases-input.py) and compares them with the committed ones in tests/data/bases/,
# which tests/bases.rs reads (our readers must read Edax's files, our writers must write Edax's
# bytes). Edax converts with its `base convert IN OUT` command (edax.c; base_load / base_save
# of src/base.c choose the format by extension):
#   games.ggf -> edax.txt, edax.ggf, edax.edx, edax.wtb (+ WTHOR.JOU, the players' names:
#     kept as edax.JOU); edax.edx -> edx.ggf
#   the first 13 games (standard start) -> standard.ggf -> standard.wtb (+ WTHOR.JOU again,
#     kept as standard.JOU)
#   standard.wtb -> wtb.ggf; edax.txt -> txt.ggf
# Edax stamps today's date (and year) into the .wtb and .JOU headers: those bytes (0-3, 10-11)
# are not compared, nor the bytes of the .edx records that Edax does not set (its Game struct
# dumped as it lies in memory: the padding, bytes 23 and 149-151 of each 160, uninitialised, and
# each name's bytes after its NUL, left over from the GGF reader's earlier values). Every Edax
# output starts from an absent file (base_save appends).
#
# Usage: scripts/golden/bases.sh EDAX_CHECKOUT [--bless] [--out DIR]
#   --bless    copy Edax's outputs into tests/data/bases/ instead of comparing
#   --out DIR  where Edax is built and run (default target/golden-bases)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 1 ] || { sed -n '/^# Usage:/,/^#   --out/s/^# \{0,1\}//p' "$0" >&2; exit 2; }
checkout=$(cd "$1" && pwd); shift
bless=0
out="$root/target/golden-bases"
while [ $# -gt 0 ]; do
    case "$1" in
        --bless) bless=1 ;;
        --out) out=$2; shift ;;
        *) echo "bases.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
data="$root/tests/data/bases"
rm -rf "$out"; mkdir -p "$out/run"
cp -r "$checkout" "$out/edax"
mkdir -p "$out/edax/bin"
(cd "$out/edax/src" && make build ARCH=x86-64-v3 COMP=gcc OS=linux >"$out/build.log" 2>&1)
edax="$out/edax/bin/lEdax-x86-64-v3"
cd "$out/run"
cp "$data/games.ggf" .
head -n 13 games.ggf > standard.ggf
edax_run() { # commands on stdin; Edax needs an eval file to start (any: no search is run)
    "$edax" -n 1 -eval-file "$root/data/ek-eval.dat" -book-file "$root/data/book.dat" >>"$out/edax.log" 2>&1
}
printf '%s\n' 'base convert games.ggf edax.txt' 'base convert games.ggf edax.ggf' 'base convert games.ggf edax.edx' \
    'base convert games.ggf edax.wtb' 'base convert edax.edx edx.ggf' | edax_run
mv WTHOR.JOU edax.JOU
printf '%s\n' 'base convert standard.ggf standard.wtb' | edax_run
mv WTHOR.JOU standard.JOU
printf '%s\n' 'base convert standard.wtb wtb.ggf' 'base convert edax.txt txt.ggf' | edax_run
outputs=(edax.txt edax.ggf edax.edx edx.ggf edax.wtb edax.JOU standard.wtb standard.JOU wtb.ggf txt.ggf)
if [ "$bless" = 1 ]; then
    cp "${outputs[@]}" "$data/"
    echo "bases.sh: copied ${outputs[*]} into tests/data/bases"
    exit 0
fi
status=0
undated() { # the file without the header's date bytes (.wtb, .JOU) or the records' padding (.edx)
    case "$1" in
        *.wtb|*.JOU) python3 -c 'import sys; b=bytearray(open(sys.argv[1],"rb").read()); b[0:4]=b"\0"*4; b[10:12]=b"\0\0"; sys.stdout.buffer.write(b)' "$1" ;;
        *.edx) python3 -c '
import sys
b = bytearray(open(sys.argv[1], "rb").read())
for r in range(0, len(b) - 159, 160):
    for i in (23, 149, 150, 151):
        b[r + i] = 0
    for f in (r + 24, r + 56):
        n = b[f:f + 32].find(0)
        if n >= 0:
            b[f + n:f + 32] = bytes(32 - n)
sys.stdout.buffer.write(b)' "$1" ;;
        *) cat "$1" ;;
    esac
}
for f in "${outputs[@]}"; do
    if cmp -s <(undated "$f") <(undated "$data/$f"); then echo "$f: identical"; else echo "$f: DIFFERS"; status=1; fi
done
exit $status
