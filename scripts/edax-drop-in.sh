#!/usr/bin/env bash
# Builds Edax 4.6 linked to this library, as docs/edax-drop-in.md describes it, in one command:
#   scripts/edax-drop-in.sh EDAX_CHECKOUT OUT_DIR [--eval] [--midgame] [--no-endgame] [--shared] [--stock] [--target T]
# EDAX_CHECKOUT is a checkout of Edax 4.6 (abulmo/edax-reversi, commit 14f048c). It is COPIED to
# OUT_DIR and only that copy is edited and built: the checkout is left as it is, and nothing of
# Edax's code is copied into, or committed to, this repository (the edits below name only the
# functions and preprocessor lines to delete). OUT_DIR must not exist, or be an earlier output
# of this script (it is then replaced).
#   default       the edits of "Change Edax's sources" steps 1-5 (the kernels) and 8 (the endgame
#                 search, ek_nws_endgame), linked to the static library of
#                 `scripts/build-capi.sh --edax-abi`;
#   --eval        step 6 too (eval.c's ten functions), linked to `--edax-abi-eval`'s library;
#   --midgame     step 9 too (NWS_midgame through ek_nws_midgame; implies --eval, whose weights
#                 the library's midgame search reads);
#   --no-endgame  without step 8 (the "steps 1-5" / "steps 1-6" rows of the doc's Speed tables):
#                 Edax keeps its hash.c, whose table functions the library's static library has
#                 as weak symbols (scripts/weaken-edax-table.sh);
#   --shared      linked to the shared library instead (native builds; the binary finds it by its
#                 rpath);
#   --stock       no edit at all and no library: the unmodified Edax, built the same way.
# The edits are a small Python program that stops with an error naming the file and the text
# when anything it expects is missing or not unique (another Edax version is reported, never
# silently mis-patched); the static helpers the deletions leave unused are deleted too, so gcc
# builds it without -Wunused warnings. `git -C OUT_DIR diff` shows the edits.
# Then `make build CC=gcc ARCH=x86-64-v3 LIBS=...` in OUT_DIR/src (the doc's "Link"), and the
# tests' synthetic eval.dat (scripts/synthetic-eval.sh) as OUT_DIR/data/eval.dat, so that, from
# OUT_DIR, `bin/lEdax-x86-64-v3 -solve problem/fforum-20-39.obf -n 1` gives the doc's node counts.
# --target windows or --target aarch64 cross-builds the same edits and library for Windows x86-64
# (MinGW, plus the two local changes Edax 4.6 needs there, in the stock build too: util.h maps
# aligned_alloc to _aligned_malloc for MinGW as for MSVC; bit.c's last_bit, the log2 of a
# search's node count that Edax stores in its table as the entry's cost, uses __builtin_clzl,
# whose unsigned long is 32 bits on Windows (so MinGW-built Edax stores 32 + log2 for any cost
# below 2^32, a different table from Edax's elsewhere; the library's endgame search stores the
# true log2, as Edax on Linux and MSVC-built Edax do); run it under Wine) or Linux ARM64 (Edax's NEON code,
# -march=armv8-a; run it under qemu-aarch64): Edax's own `all.c` compiled directly with the flags
# of ../shared/PLATFORMS.md (-O2), into bin/wEdax-x86-64-v3.exe or bin/lEdax-armv8-a. Compare
# those builds' node counts, not their times (Wine slows Edax's threads, qemu everything).
# Build output goes to stderr; the last line on stdout is the path of the binary.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: $0 EDAX_CHECKOUT OUT_DIR [--eval] [--midgame] [--no-endgame] [--shared] [--stock] [--target windows|aarch64]" >&2; exit 2; }
checkout="" out="" eval=0 midgame=0 endgame=1 stock=0 shared=0 target=native
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
    arg=${args[i]}
    case "$arg" in
        --target) i=$((i + 1)); target=${args[i]:-}; [[ $target == windows || $target == aarch64 ]] || usage ;;
        --eval) eval=1 ;;
        --midgame) eval=1 midgame=1 ;;
        --no-endgame) endgame=0 ;;
        --shared) shared=1 ;;
        --stock) stock=1 ;;
        -*) usage ;;
        *) if [ -z "$checkout" ]; then checkout=$arg; elif [ -z "$out" ]; then out=$arg; else usage; fi ;;
    esac
done
[ -n "$checkout" ] && [ -n "$out" ] || usage
if [ "$shared" = 1 ] && [ "$target" != native ]; then echo "$0: --shared is for native builds" >&2; exit 2; fi
if [ "$stock" = 1 ] && { [ "$eval" = 1 ] || [ "$endgame" = 0 ] || [ "$shared" = 1 ]; }; then
    echo "$0: --stock takes no other option" >&2; exit 2
fi
[ -f "$checkout/src/all.c" ] && [ -f "$checkout/src/Makefile" ] \
    || { echo "$0: $checkout is not an Edax checkout (no src/all.c, src/Makefile)" >&2; exit 1; }
marker=.edax-drop-in
if [ -e "$out" ]; then
    [ -f "$out/$marker" ] || { echo "$0: $out exists and is not an output of this script; not touching it" >&2; exit 1; }
    rm -rf "$out"
fi
mkdir -p "$(dirname "$out")"
cp -a "$checkout" "$out"
out=$(cd "$out" && pwd)
{ echo "copied from $(cd "$checkout" && pwd)" \
       "($(git -C "$checkout" rev-parse --short HEAD 2>/dev/null || echo 'not a git checkout'))"
  echo "stock=$stock eval=$eval midgame=$midgame endgame=$endgame shared=$shared"; } > "$out/$marker"

if [ "$target" = windows ]; then
    echo "== util.h: aligned_alloc as _aligned_malloc for MinGW too (Edax 4.6 does it for MSVC only);" \
        "bit.c: its GCC branch's 64-bit bit scans with __builtin_clzll (its __builtin_clzl takes a" \
        "32-bit unsigned long on Windows)" >&2
    python3 - "$out/src" <<'PY'
import sys
src = sys.argv[1]
def change(name, old, new):
    path = f"{src}/{name}"
    text = open(path, encoding="latin-1", newline="").read()
    if text.count(old) != 1:
        sys.exit(f"edax-drop-in: {path}: {old!r} is not there once; nothing was built")
    open(path, "w", encoding="latin-1", newline="").write(text.replace(old, new))
change("util.h", "#elif defined(_MSC_VER)\n\n#include <malloc.h>",
       "#elif defined(_MSC_VER) || defined(__MINGW32__)\n\n#include <malloc.h>")
# last_bit (a search's cost, stored in the table) and bit_leading_zeros_64 (the NEON flip's).
change("bit.c", "return 63 - __builtin_clzl(b);", "return 63 - __builtin_clzll(b);")
change("bit.c", "return __builtin_clzl(b); // GNUC/CLANG version", "return __builtin_clzll(b); // GNUC/CLANG version")
PY
fi

libs="-lm -lrt"
[ "$target" = native ] || libs="" # the cross builds' command lines name their system libraries
if [ "$stock" = 0 ]; then
    echo "== editing $out/src (steps 1-5$([ "$eval" = 1 ] && echo ', 6')$([ "$endgame" = 1 ] && echo ', 8')$([ "$midgame" = 1 ] && echo ', 9'))" >&2
    python3 - "$out/src" "$eval" "$endgame" "$midgame" <<'PY'
import re, sys

src, with_eval, with_endgame, with_midgame = sys.argv[1], sys.argv[2] == "1", sys.argv[3] == "1", sys.argv[4] == "1"

def fail(path, what):
    sys.exit(f"edax-drop-in: {src}/{path}: {what}\n"
             "edax-drop-in: this is not the Edax 4.6 (commit 14f048c) that docs/edax-drop-in.md "
             "describes; nothing was built")

class Source:
    def __init__(self, path):
        self.path = path
        with open(f"{src}/{path}", encoding="latin-1", newline="") as f:
            self.text = f.read()

    def save(self):
        with open(f"{src}/{self.path}", "w", encoding="latin-1", newline="") as f:
            f.write(self.text)

    def once(self, pattern, what):
        """The single match of a multiline regex, or an error."""
        found = list(re.finditer(pattern, self.text, re.M))
        if len(found) != 1:
            fail(self.path, f"{what}: expected once, found {len(found)} times")
        return found[0]

    def doc_comment_start(self, pos):
        """Where the /** ... */ comment right above pos starts (pos if there is none)."""
        head = self.text[:pos].rstrip()
        if not head.endswith("*/"):
            return pos
        start = head.rfind("/**")
        if start < 0 or "*/" in head[start:-2] or (start and self.text[start - 1] != "\n"):
            return pos
        return start

    def function(self, name):
        """(start, end) of the definition of function `name`, from its doc comment to its '}'."""
        start, _, end = self.definition(name)
        return start, end

    def definition(self, name):
        """(start of its doc comment, start of its definition line, end) of function `name`."""
        m = self.once(rf"^[A-Za-z_][^;\n]*\b{name}\([^;\n]*\)\s*\{{?\s*$",
                      f"the definition of {name}()")
        if not self.text[m.end():].lstrip(" \t\n").startswith("{") and not m.group(0).rstrip().endswith("{"):
            fail(self.path, f"{name}(): no body after its definition line")
        close = re.compile(r"^\}[ \t]*$", re.M).search(self.text, m.end())
        if not close:
            fail(self.path, f"{name}(): no closing '}}' in column 0")
        return self.doc_comment_start(m.start()), m.start(), close.end() + 1

    def delete(self, start, end):
        self.text = self.text[:start] + self.text[end:]

    def delete_functions(self, *names):
        for name in names:
            self.delete(*self.function(name))

    def delete_static_object(self, *names):
        """Delete the one-line `static ...;` declaration of the objects `names` (all on it)."""
        m = self.once(rf"^static\b[^(\n]*\b{names[0]}\b[^(\n]*;[ \t]*\n",
                      f"the declaration of {names[0]}")
        for name in names[1:]:
            if not re.search(rf"\b{name}\b", m.group(0)):
                fail(self.path, f"{name} is not declared with {names[0]}")
        self.delete(self.doc_comment_start(m.start()), m.end())

    def replace_function_body(self, name, body):
        _, start, end = self.definition(name)
        head = self.text.index("{", self.text.index(f"{name}(", start))
        self.text = self.text[:head] + body + self.text[end - 1:]

    def declare_after_includes(self, declaration):
        """Insert a line after the last #include above the file's first line of code."""
        code = re.compile(r"^[A-Za-z_]", re.M).search(self.text)
        includes = list(re.compile(r"^#include [<\"][^>\"]+[>\"][ \t]*\n", re.M)
                        .finditer(self.text, 0, code.start() if code else len(self.text)))
        if not includes:
            fail(self.path, "no #include line above the code")
        self.text = (self.text[:includes[-1].end()] + "\n/* edax-kernels (docs/edax-drop-in.md) */\n"
                     + declaration + "\n" + self.text[includes[-1].end():])


# 1. board.c: the two #include chains of flip_*.c and count_last_flip_*.c.
board = Source("board.c")
for macro in ("MOVE_GENERATOR", "COUNT_LAST_FLIP"):
    m = board.once(rf"^#if {macro} == {macro}_\w+\n(?:(?:#elif {macro} == {macro}_\w+|#else|"
                   rf"\s+#include \"\w+\.c\"|\s+#error \"[^\"\n]*\")\n)+#endif[^\n]*\n",
                   f"the #if {macro} == ... #include chain")
    board.delete(m.start(), m.end())

# 2. board.c: the kernels, with the AVX2 get_moves_avx2 #if ... #else get_moves #endif block...
block_start = board.once(r"^#if USE_SIMD && defined\(__AVX2__\)\n(?=\s*/\*\*(?:[^*]|\*(?!/))*\*/\s*"
                         r"uint64_t vectorcall get_moves_avx2\()", "the #if block of get_moves_avx2")
avx2_end = board.function("get_moves_avx2")[1]
plain_start, plain_end = board.function("get_moves")
if not (block_start.start() < avx2_end < plain_start
        and re.fullmatch(r"\s*#else\s*", board.text[avx2_end:plain_start])):
    fail(board.path, "get_moves_avx2 and get_moves are not the two branches of one #if/#else")
block_end = re.compile(r"\s*#endif[^\n]*\n").match(board.text, plain_end)
if not block_end:
    fail(board.path, "no #endif right after get_moves")
board.delete(block_start.start(), block_end.end())
board.delete_functions("board_symetry", "board_unique", "board_next", "can_move", "get_mobility",
                       "get_weighted_mobility", "get_potential_mobility", "edge_stability_init",
                       "get_stability", "get_edge_stability", "get_corner_stability",
                       "board_get_hash_code",
                       # ... and the six static helpers only they used (gcc would warn)
                       "find_edge_stable", "horizontal_mirror_mm", "vertical_mirror_mm",
                       "transpose_mm", "horizontal_mirror_avx2", "vertical_mirror_avx2")
board.save()

# 3. board.h: the plain get_moves / board_get_moves declarations in every build; only
#    get_moves_and_potential stays AVX2-only.
header = Source("board.h")
m = header.once(r"^#if USE_SIMD && defined\(__AVX2__\)\n"
                r"(\s*uint64_t vectorcall get_moves_avx2\(__m256i, __m256i\);\n"
                r"\s*#define get_moves\(P, O\) get_moves_avx2\([^\n]*\n"
                r"\s*#define\s+board_get_moves\(board\)\s+get_moves_avx2\([^\n]*\n)"
                r"(\s*__m128i vectorcall get_moves_and_potential\(__m256i, __m256i\);\n)"
                r"#else\n"
                r"(\s*uint64_t get_moves\(const uint64_t, const uint64_t\);\n"
                r"\s*#define\s+board_get_moves\(board\)\s+get_moves\(\(board\)->player, \(board\)->opponent\)\n)"
                r"#endif[^\n]*\n", "the #if USE_SIMD && defined(__AVX2__) block of get_moves")
plain = "".join(line.strip() + "\n" for line in m.group(3).splitlines())
header.text = (header.text[:m.start()] + plain + "#if USE_SIMD && defined(__AVX2__)\n"
               + m.group(2) + "#endif\n" + header.text[m.end():])
header.save()

# 4. bit.c
bit = Source("bit.c")
bit.delete_functions("bit_count_64", "bit_count_32", "bit_weighted_count")
bit.save()

# 5. hash.c
hash_c = Source("hash.c")
hash_c.delete_functions("hash_prefetch")
hash_c.save()

# 6. eval.c (edax-abi-eval only): the ten functions, and the static objects only they used.
if with_eval:
    ev = Source("eval.c")
    ev.delete_functions("eval_open", "eval_close", "eval_init", "eval_free", "eval_set",
                        "eval_update", "eval_restore", "eval_pass", "eval_accumulate", "eval_sigma",
                        "eval_swap", "unpack", "free_pack", "opponent_feature", "player_feature",
                        "alloc_pack")
    ev.delete_static_object("EVAL_WEIGHT")
    ev.delete_static_object("EVAL_LOADED")
    ev.delete_static_object("EVAL_A", "EVAL_B", "EVAL_C", "EVAL_a", "EVAL_b", "EVAL_c")
    ev.save()

# 8. endgame.c: NWS_endgame becomes one call to ek_nws_endgame; the leaf search under it
#    (search_shallow, search_solve_4, solve_3, solve_2, solve_1) is then unused: deleted. And
#    hash.c's table functions come from the library.
if with_endgame:
    end = Source("endgame.c")
    end.once(r"^int NWS_endgame\(Search \*search, const int alpha\)\n\{\n",
             "NWS_endgame(Search *search, const int alpha)")
    end.declare_after_includes("int ek_nws_endgame(const Board *board, int alpha, HashTable *table, "
                               "const int *stop, int64_t *n_nodes);")
    end.replace_function_body("NWS_endgame", "{\n\treturn ek_nws_endgame(&search->board, alpha, "
                              "&search->hash_table, (const int *) &search->stop, &search->n_nodes);\n}")
    end.delete_functions("search_shallow", "search_solve_4", "solve_3", "solve_2", "solve_1")
    end.save()
    # ... and hash.c's table functions, so that Edax's threads and the library's search lock
    # the table's entries alike (Edax locks buckets, which overlap: RELIABILITY.md): the five
    # that hash.h declares, and the static helpers only they used, two of them defined twice
    # (with and without HASH_COLLISIONS).
    hash_c = Source("hash.c")
    hash_c.delete_functions("hash_feed", "hash_store", "hash_force", "hash_get", "hash_exclude_move",
                            "hash_update", "hash_replace", "hash_reset", "data_add_move", "data_update",
                            "data_upgrade", "data_new")
    for name in ("hash_new", "hash_set"):
        m = hash_c.once(rf"^#if \(HASH_COLLISIONS\(1\)\+0\)\nstatic void {name}\([^\n]*\)\n#else\n"
                        rf"static void {name}\([^\n]*\)\n#endif\n\{{\n", f"the two definitions of {name}()")
        close = re.compile(r"^\}[ \t]*$", re.M).search(hash_c.text, m.end())
        if not close:
            fail(hash_c.path, f"{name}(): no closing '}}' in column 0")
        hash_c.delete(hash_c.doc_comment_start(m.start()), close.end() + 1)
    hash_c.save()

# 9. midgame.c: NWS_midgame and PVS_midgame become one call each to ek_nws_midgame and
#    ek_pvs_midgame (the library's search of the whole subtree), but where Edax's threads may
#    split a node (more than one thread, and deeper than EK_EDAX_SPLIT_DEPTH): there Edax's own
#    function, renamed, runs the node, and its children come back to the new ones. Nothing is
#    deleted: Edax's root and its threads still use the pieces. Inside a library subtree only
#    search->stop is polled, not the clock.
if with_midgame:
    mid = Source("midgame.c")
    m = mid.once(r"^int NWS_midgame\(Search \*search, const int alpha, int depth, Node \*parent\)\n\{\n",
                 "NWS_midgame(Search *search, const int alpha, int depth, Node *parent)")
    mid.text = (mid.text[:m.start()] + "static int NWS_midgame_edax(Search *search, const int alpha, int depth, Node *parent)\n{\n"
                + mid.text[m.end():])
    m = mid.once(r"^int PVS_midgame\(Search \*search, const int alpha, const int beta, int depth, Node \*parent\)\n\{\n",
                 "PVS_midgame(Search *search, const int alpha, const int beta, int depth, Node *parent)")
    mid.text = (mid.text[:m.start()]
                + "static int PVS_midgame_edax(Search *search, const int alpha, const int beta, int depth, Node *parent)\n{\n"
                + mid.text[m.end():])
    mid.declare_after_includes(
        "typedef struct EkMidgameSearch { HashTable *hash_table, *pv_table, *shallow_table; const int *stop;\n"
        "\tint selectivity, height, node_type, probcut_level, depth_pv_extension; } EkMidgameSearch;\n"
        "int ek_nws_midgame(const Board *board, int alpha, int depth, const EkMidgameSearch *search, int *score,\n"
        "\tint64_t *n_nodes);\n"
        "int ek_pvs_midgame(const Board *board, int alpha, int beta, int depth, const EkMidgameSearch *search,\n"
        "\tint *score, int64_t *n_nodes);\n"
        "static int NWS_midgame_edax(Search *search, const int alpha, int depth, Node *parent);\n"
        "static int PVS_midgame_edax(Search *search, const int alpha, const int beta, int depth, Node *parent);\n"
        "/* The depth above which a node of a multi-threaded search keeps Edax's code (its split points). */\n"
        "#ifndef EK_EDAX_SPLIT_DEPTH\n#define EK_EDAX_SPLIT_DEPTH (SPLIT_MIN_DEPTH + 4)\n#endif")
    mid.text += """
/* edax-kernels (docs/edax-drop-in.md, step 9): Edax's NWS_midgame and PVS_midgame in the library. */
static void ek_midgame_search(const Search *search, EkMidgameSearch *s)
{
	s->hash_table = (HashTable *) &search->hash_table;
	s->pv_table = (HashTable *) &search->pv_table;
	s->shallow_table = (HashTable *) &search->shallow_table;
	s->stop = (const int *) &search->stop;
	s->selectivity = search->selectivity;
	s->height = search->height;
	s->node_type = search->node_type[search->height];
	s->probcut_level = search->probcut_level;
	s->depth_pv_extension = search->depth_pv_extension;
}

/* Whether a status of the library is a search's result (0, or EK_ERR_STOPPED, -11, with the score
   alpha as Edax returns it); else says so once: Edax's own code runs instead. */
static bool ek_midgame_ok(const int status)
{
	static int warned;
	if (status == 0 || status == -11) return true;
	if (!warned) {
		warned = 1;
		fprintf(stderr, "edax-kernels: the midgame search returned %d; Edax's own code runs instead\\n", status);
	}
	return false;
}

int NWS_midgame(Search *search, const int alpha, int depth, Node *parent)
{
	EkMidgameSearch s;
	int score = alpha;

	if (search->allow_node_splitting && depth > EK_EDAX_SPLIT_DEPTH) return NWS_midgame_edax(search, alpha, depth, parent);
	search_check_timeout(search);
	if (search->stop) return alpha;
	ek_midgame_search(search, &s);
	if (ek_midgame_ok(ek_nws_midgame(&search->board, alpha, depth, &s, &score, &search->n_nodes))) return score;
	return NWS_midgame_edax(search, alpha, depth, parent);
}

int PVS_midgame(Search *search, const int alpha, const int beta, int depth, Node *parent)
{
	EkMidgameSearch s;
	int score = alpha;

	if (search->allow_node_splitting && depth > EK_EDAX_SPLIT_DEPTH) return PVS_midgame_edax(search, alpha, beta, depth, parent);
	search_check_timeout(search);
	if (search->stop) return alpha;
	ek_midgame_search(search, &s);
	if (ek_midgame_ok(ek_pvs_midgame(&search->board, alpha, beta, depth, &s, &score, &search->n_nodes))) return score;
	return PVS_midgame_edax(search, alpha, beta, depth, parent);
}
"""
    mid.save()
PY
    variant=edax-abi; [ "$eval" = 1 ] && variant=edax-abi-eval
    triple=()
    case "$target" in
        windows) triple=(--target x86_64-pc-windows-gnu) ;;
        aarch64) triple=(--target aarch64-unknown-linux-gnu) ;;
    esac
    echo "== building the library (scripts/build-capi.sh --$variant ${triple[*]})" >&2
    libdir=$("$root/scripts/build-capi.sh" "--$variant" "${triple[@]}" | tail -n 1)
    libdir=$(cd "$root" && cd "$libdir" && pwd)
    # The static library, with its system libraries (rustc --print native-static-libs), or the
    # shared one.
    case "$target" in
        native) if [ "$shared" = 1 ]; then libs="-lm -lrt -L$libdir -ledax_kernels -Wl,-rpath,$libdir"
                else libs="-lm -lrt $libdir/libedax_kernels.a -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc"; fi ;;
        windows) libs="$libdir/libedax_kernels.a -lkernel32 -lntdll -luserenv -lws2_32 -ldbghelp" ;;
        *) libs="-lm -lrt $libdir/libedax_kernels.a -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc" ;;
    esac
fi

mkdir -p "$out/bin"
case "$target" in
    native)
        echo "== building Edax (make build CC=gcc ARCH=x86-64-v3 LIBS=\"$libs\")" >&2
        make -C "$out/src" build CC=gcc ARCH=x86-64-v3 LIBS="$libs" >&2
        bin=$out/bin/lEdax-x86-64-v3 ;;
    windows)
        # MinGW has no threads.h: with __STDC_NO_THREADS__ Edax uses pthreads (winpthreads).
        bin=$out/bin/wEdax-x86-64-v3.exe
        echo "== building Edax for Windows (x86_64-w64-mingw32-gcc-posix, -march=x86-64-v3)" >&2
        (cd "$out/src" && x86_64-w64-mingw32-gcc-posix -std=c17 -O2 -march=x86-64-v3 -D_GNU_SOURCE=1 \
            -D__USE_MINGW_ANSI_STDIO -D__STDC_NO_THREADS__ -DNDEBUG all.c -o "$bin" -static $libs -lpthread -lws2_32 -lm) >&2 ;;
    aarch64)
        bin=$out/bin/lEdax-armv8-a
        echo "== building Edax for ARM64 (aarch64-linux-gnu-gcc, -march=armv8-a: Edax's NEON code)" >&2
        (cd "$out/src" && aarch64-linux-gnu-gcc -std=c17 -O2 -march=armv8-a -D_GNU_SOURCE=1 -DNDEBUG all.c \
            -o "$bin" $libs -lm -lpthread -lrt) >&2 ;;
esac
[ -x "$bin" ] || { echo "$0: the build left no $bin" >&2; exit 1; }

mkdir -p "$out/data"
cp "$("$root/scripts/synthetic-eval.sh")" "$out/data/eval.dat"
echo "== done; from $out: bin/${bin##*/} -solve problem/fforum-20-39.obf -n 1" >&2
echo "$bin"
