#!/usr/bin/env bash
# Builds side A of ffi_bench from a checkout of the real C code, Edax 4.6 (abulmo/edax-reversi) or
# Edax AVX (okuhara/edax-reversi-AVX), with the adapters of ffi_bench/side_a/, and prints the
# ffi_bench/run.sh line that A/B-tests this library against it:
#   ffi_bench/side-a.sh EDAX_CHECKOUT [--flavour edax46|edax-avx] [--march ARCH] [--cflags "..."]
#                       [--out DIR]
# EDAX_CHECKOUT is the checkout (or its src/ directory); its sources are compiled as they are,
# nothing is copied into this repository. --flavour is detected from the sources when not given.
# --march (default x86-64-v3, Edax's release build; native, x86-64-v4, ... as the compiler
# takes them) and the flags are Edax's own Makefile's, for gcc (without -flto -fwhole-program,
# which cannot apply to a library linked into another program); --cflags adds flags after them
# (a later -O wins: --cflags -O3 builds at -O3, without -Ofast's -ffast-math; --cflags
# "-DMOVE_GENERATOR=13 -DAVX512" gives Edax 4.6's AVX-512 flip).
# The library is target/side-a/FLAVOUR-ARCH[-CFLAGS]/libside_a.a (e.g. edax46-native-O3), or
# DIR/libside_a.a with --out DIR; side-a.txt beside it records the checkout, compiler and flags.
#   edax46:   Edax's board.c, bit.c, crc32c.c, flip.c (with the move generator and last-flip count
#             settings.h picks for the target) and eval.c, each its own unit, and get_moves
#             (side_a/edax46_adapter.c): the 14 kernels (board_unique only with AVX2) and the
#             evaluation; and Edax compiled as Edax builds it, one unit (src/all.c), behind
#             ref_solve_shallow and ref_nws_endgame (side_a/edax46_search.c; every other name of
#             it made local): the leaf search search_shallow and the endgame search NWS_endgame.
#   edax-avx: Edax AVX's bit.c and board.c, each its own unit, and side_a/edax_avx_adapter.c
#             giving them Edax 4.6's names: 13 kernels; no board_unique, evaluation or searches
#             (the script says why).
# Needs a C compiler (CC, default cc), ar and objcopy (AR, OBJCOPY: e.g. MinGW's, with CC a MinGW
# gcc, for ffi_bench/run.sh --windows).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: $0 EDAX_CHECKOUT [--flavour edax46|edax-avx] [--march ARCH] [--cflags \"...\"] [--out DIR]" >&2; exit 2; }
[ $# -ge 1 ] || usage
checkout=$1; shift
flavour="" march=x86-64-v3 extra="" out=""
while [ $# -gt 0 ]; do
    case "$1" in
        --flavour) [ $# -ge 2 ] || usage; flavour=$2; shift 2 ;;
        --march) [ $# -ge 2 ] || usage; march=$2; shift 2 ;;
        --cflags) [ $# -ge 2 ] || usage; extra=$2; shift 2 ;;
        --out) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
        *) usage ;;
    esac
done
if [ -f "$checkout/src/board.c" ]; then src=$(cd "$checkout/src" && pwd)
elif [ -f "$checkout/board.c" ]; then src=$(cd "$checkout" && pwd)
else echo "side-a: $checkout: no src/board.c, not an Edax checkout" >&2; exit 2; fi
if [ -z "$flavour" ]; then
    # Edax AVX keeps its SSE board code in board_sse.c; Edax 4.6 has simd.h and builds from all.c.
    if [ -f "$src/board_sse.c" ]; then flavour=edax-avx
    elif [ -f "$src/simd.h" ] && [ -f "$src/all.c" ]; then flavour=edax46
    else echo "side-a: $src: neither Edax 4.6 nor Edax AVX as far as its files tell; give --flavour" >&2; exit 2; fi
fi
CC=${CC:-cc} AR=${AR:-ar} OBJCOPY=${OBJCOPY:-objcopy}
read -r -a extra_flags <<< "$extra"
# Whether the compiler defines a macro for the target (e.g. __AVX2__).
target_has() { case "$("$CC" -march="$march" "${extra_flags[@]}" -dM -E -x c - < /dev/null)" in *"#define $1 "*) return 0 ;; esac; return 1; }
case "$flavour" in
    edax46)
        # Edax 4.6's src/Makefile, gcc, BUILD=optimize.
        flags=(-std=c17 -D_GNU_SOURCE=1 -Ofast -fomit-frame-pointer -DNDEBUG -march="$march") ;;
    edax-avx)
        # Edax AVX's src/Makefile, gcc, x86-64-v2/v3/v4: -DPOPCOUNT where the target has POPCNT.
        flags=(-std=c99 -D_GNU_SOURCE=1 -DUNICODE -Ofast -DNDEBUG -m64 -march="$march" -DUSE_GAS_X64)
        if target_has __POPCNT__; then flags+=(-DPOPCOUNT); fi
        if [ "$march" = x86-64-v4 ]; then flags+=(-mprefer-vector-width=256); fi ;;
    *) echo "side-a: unknown flavour $flavour (edax46 or edax-avx)" >&2; exit 2 ;;
esac
flags+=("${extra_flags[@]}")
if [ -z "$out" ]; then
    out="$root/target/side-a/$flavour-$march"
    # --cflags "-O3 -DAVX512" -> FLAVOUR-ARCH-O3_DAVX512
    if [ -n "$extra" ]; then out="$out-$(printf '%s' "${extra_flags[*]}" | tr ' /' '__' | sed 's/^-//; s/_-/_/g')"; fi
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
commit=$(git -C "$src" rev-parse --short=10 HEAD 2>/dev/null || echo "not a git checkout")
compile() { echo "  $1" >&2; "$CC" "${flags[@]}" -I"$src" -c "$2" -o "$out/$1.o"; }

echo "side-a: $flavour from $src ($commit): $CC ${flags[*]}" >&2
objs=()
case "$flavour" in
    edax46)
        for f in board bit crc32c flip eval; do compile "$f" "$src/$f.c"; objs+=("$out/$f.o"); done
        compile adapter "$root/ffi_bench/side_a/edax46_adapter.c"; objs+=("$out/adapter.o")
        compile search "$root/ffi_bench/side_a/edax46_search.c"
        "$OBJCOPY" --keep-global-symbol=ref_solve_shallow --keep-global-symbol=ref_nws_endgame "$out/search.o"
        objs+=("$out/search.o")
        # Below AVX2, board_unique keeps another symmetry on ties than the known answers (the
        # AVX2 build's, tests/data/golden/README.md): left out.
        if ! target_has __AVX2__; then "$OBJCOPY" --localize-symbol=board_unique "$out/board.o"; fi ;;
    edax-avx)
        for f in bit board; do compile "$f" "$src/$f.c"; objs+=("$out/$f.o"); done
        "$OBJCOPY" --localize-symbol=board_unique "$out/board.o"
        compile adapter "$root/ffi_bench/side_a/edax_avx_adapter.c"; objs+=("$out/adapter.o") ;;
esac
rm -f "$out/libside_a.a"
"$AR" rcs "$out/libside_a.a" "${objs[@]}"
{
    echo "flavour: $flavour"
    echo "checkout: $src ($commit)"
    echo "compiler: $("$CC" --version | head -n 1)"
    echo "flags: ${flags[*]}"
} > "$out/side-a.txt"

lib=$out/libside_a.a
case "$lib" in "$root"/*) lib=${lib#"$root"/} ;; esac
echo
echo "Side A: $lib (side-a.txt beside it says how it was built)."
case "$flavour" in
    edax46)
        [ "${commit#14f048c}" != "$commit" ] || echo "Note: the known answers come from Edax 4.6 at 14f048c; this checkout is $commit."
        if target_has __AVX2__; then
            echo "It holds all of ffi_bench's names: the 14 kernels, the evaluation, ref_solve_shallow (Edax's"
            echo "search_shallow) and ref_nws_endgame (Edax's NWS_endgame)."
        else
            echo "It holds all of ffi_bench's names but board_unique: 13 kernels, the evaluation, ref_solve_shallow"
            echo "(Edax's search_shallow) and ref_nws_endgame (Edax's NWS_endgame). Without AVX2 Edax 4.6's"
            echo "board_unique keeps another symmetry on ties than the known answers (unique.txt), which come"
            echo "from its AVX2 build: left out, reported as missing by ffi_bench."
        fi
        eval_arg=' --eval "$(scripts/synthetic-eval.sh)"' ;;
    edax-avx)
        echo "It holds 13 of the 14 kernels under Edax 4.6's names. Left out, reported as missing by ffi_bench:"
        echo "  board_unique: Edax AVX keeps another symmetry on ties (49 of unique.txt's 3,596 records"
        echo "    differ in the index, never in the board);"
        echo "  the evaluation: Edax AVX's Eval and eval_update are not Edax 4.6's;"
        echo "  ref_solve_shallow, ref_nws_endgame: Edax AVX's searches visit other trees, so they cannot pass"
        echo "    the known answers ffi_bench checks first: its search_shallow (to which its NWS_endgame hands"
        echo "    6 empties or fewer, Edax 4.6's 7) counts other nodes on 1,153 of shallow.txt's 4,206 records"
        echo "    with 5 or 6 empties, and gives another fail-soft score on 76; its NWS_endgame keeps a table"
        echo "    of its own at 10 empties or fewer, so nws_endgame.txt's tables cannot match either."
        eval_arg='' ;;
esac
echo "From $root, check side A against Edax 4.6's known answers and side B, then time both:"
echo
echo "  ffi_bench/run.sh --side-a $lib --golden tests/data/golden$eval_arg --positions 20000 --samples 51"
echo
echo "(--check-only: the checks alone; --kernel NAME[,NAME...]: some kernels, e.g. solve_shallow or"
echo "nws_endgame; --json FILE, then scripts/ffi_table.py FILE: the table as BENCHMARKS.md prints it.)"
