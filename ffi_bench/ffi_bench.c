/*
 * ffi_bench: A/B test of two implementations of the Edax 4.6 kernel API in one process.
 *
 *   side A: whatever object files or static library define Edax's names (edax_api.h): the
 *           bundled C reference (ref/edax_ref.c) by default, or your own Edax objects, with
 *           any subset of the names (they are weak references here: a kernel side A does not
 *           define is reported and skipped);
 *   side B: edax-kernels through its ek_ exports (include/edax_kernels.h).
 *
 * The positions come from random legal games played with side B. It first checks, for each
 * kernel side A defines, that side A matches Edax's known answers (--golden DIR, one line per
 * kernel) and that both sides agree on those positions, then times every kernel A B A B ... interleaved,
 * throughput (independent calls, results summed) and latency (each result feeds the next
 * call's P and O), and prints ns/call, the B/A ratio (median of the per-sample ratios) with its
 * interquartile spread, and instructions/call where perf events are available.
 *
 * Usage: ffi_bench [--positions N] [--samples S] [--isa LEVEL] [--json FILE] [--check-only]
 *                  [--golden DIR] [--kernel NAME[,NAME...]] [--eval EVAL_DAT]
 * --eval also checks and times the evaluation (eval_set/update/restore/accumulate) with the
 * weights of that eval.dat, loaded by both sides, along 500 random games: update and restore
 * per move; update, accumulate and restore per move; and every child of every position
 * evaluated (update, accumulate, restore) as at a search's leaves, per child.
 * --kernel NAME[,NAME...] limits the checks and the timing to the kernels whose name starts
 * with one of the NAMEs (eval selects the evaluation rows, solve_shallow the leaf search's).
 *
 * The endgame leaf search: side A's `ref_solve_shallow(board, alpha, n_nodes)` (the bundled
 * reference's, or an adapter around Edax's static `search_shallow`) against `ek_solve_shallow`:
 * shallow.txt known answers, agreement on score and node count, and ns per call on positions
 * with 5, 6 and 7 empty squares from random games, alpha the exact score or one below it.
 *
 * The endgame search: side A's `ref_nws_endgame(board, alpha, table, stop, n_nodes)` (the
 * bundled reference's, or an adapter around Edax's `NWS_endgame`) against `ek_nws_endgame`, each
 * on its own Edax-layout table: the known answers of ../nws/nws_endgame.txt beside the golden
 * directory (score, nodes and the whole table after each call), agreement (the same, both tables
 * compared after every call), and ns per call on positions with 10, 12 and 14 empty squares,
 * each sample searching them all in turn on its side's table (2^16 entries) cleaned first.
 */
#define _GNU_SOURCE
#include "edax_api.h"
#include "edax_kernels.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Side A's names are weak: a side A that lacks some links, and they are NULL here. */
#pragma weak flip
#pragma weak board_next
#pragma weak count_last_flip
#pragma weak get_moves
#pragma weak can_move
#pragma weak get_mobility
#pragma weak get_weighted_mobility
#pragma weak get_potential_mobility
#pragma weak edge_stability_init
#pragma weak get_stability
#pragma weak get_edge_stability
#pragma weak get_corner_stability
#pragma weak board_get_hash_code
#pragma weak board_symetry
#pragma weak board_unique
#pragma weak eval_open
#pragma weak eval_init
#pragma weak eval_set
#pragma weak eval_update
#pragma weak eval_restore
#pragma weak eval_pass
#pragma weak eval_accumulate
#pragma weak ref_solve_shallow
#pragma weak ref_nws_endgame

/* Whether side A defines a function. */
#define HAS(f) ((void (*)(void)) (f) != NULL)
#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

/* ---- inputs ----------------------------------------------------------------------------- */

static int n_pos = 100000;
static int *X;
static uint64_t *P, *O;

static uint64_t rng_state = 0xEDA5EDA5u;
static uint64_t rng(void)
{
	uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static int nth_bit(uint64_t b, int n)
{
	while (n--) b &= b - 1;
	return __builtin_ctzll(b);
}

/* Samples positions of random legal games from the start (side B's move generator), each
 * with a legal move (or, when there is none, a random empty square). */
static void make_positions(void)
{
	int n = 0;
	X = malloc(sizeof *X * (size_t) n_pos);
	P = malloc(sizeof *P * (size_t) n_pos);
	O = malloc(sizeof *O * (size_t) n_pos);
	if (!X || !P || !O) { fputs("out of memory\n", stderr); exit(2); }
	while (n < n_pos) {
		EkBoard b = { 0x0000000810000000ULL, 0x0000001008000000ULL };
		for (;;) {
			uint64_t moves = ek_get_moves(b.player, b.opponent), empty = ~(b.player | b.opponent);
			int x;
			if (moves == 0) {
				if (!ek_can_move(b.opponent, b.player)) break;
				b = (EkBoard) { b.opponent, b.player };
				continue;
			}
			x = nth_bit(moves, (int) (rng() % (uint64_t) __builtin_popcountll(moves)));
			if ((rng() & 3) == 0 && n < n_pos) {
				X[n] = (rng() & 7) == 0 && empty ? nth_bit(empty, (int) (rng() % (uint64_t) __builtin_popcountll(empty))) : x;
				P[n] = b.player;
				O[n] = b.opponent;
				++n;
			}
			ek_board_next(&b, x, &b);
		}
	}
}

/* ---- the kernels of both sides, as uniform calls ------------------------------------------ */

static uint64_t a_flip(int x, uint64_t p, uint64_t o) { return flip(x, p, o); }
static uint64_t b_flip(int x, uint64_t p, uint64_t o) { return ek_flip(x, p, o); }
static uint64_t a_next(int x, uint64_t p, uint64_t o) { Board b = { p, o }, n; uint64_t f = board_next(&b, x, &n); return f ^ n.player ^ (n.opponent << 1); }
static uint64_t b_next(int x, uint64_t p, uint64_t o) { EkBoard b = { p, o }, n; uint64_t f = ek_board_next(&b, x, &n); return f ^ n.player ^ (n.opponent << 1); }
static uint64_t a_last(int x, uint64_t p, uint64_t o) { (void) o; return (uint64_t) count_last_flip(x, p); }
static uint64_t b_last(int x, uint64_t p, uint64_t o) { (void) o; return (uint64_t) ek_count_last_flip(x, p); }
static uint64_t a_moves(int x, uint64_t p, uint64_t o) { (void) x; return get_moves(p, o); }
static uint64_t b_moves(int x, uint64_t p, uint64_t o) { (void) x; return ek_get_moves(p, o); }
static uint64_t a_can(int x, uint64_t p, uint64_t o) { (void) x; return can_move(p, o); }
static uint64_t b_can(int x, uint64_t p, uint64_t o) { (void) x; return ek_can_move(p, o); }
static uint64_t a_mob(int x, uint64_t p, uint64_t o) { (void) x; return (uint64_t) get_mobility(p, o); }
static uint64_t b_mob(int x, uint64_t p, uint64_t o) { (void) x; return (uint64_t) ek_get_mobility(p, o); }
static uint64_t a_wmob(int x, uint64_t p, uint64_t o) { (void) x; return (uint64_t) get_weighted_mobility(p, o); }
static uint64_t b_wmob(int x, uint64_t p, uint64_t o) { (void) x; return (uint64_t) ek_get_weighted_mobility(p, o); }
static uint64_t a_pot(int x, uint64_t p, uint64_t o) { (void) x; return (uint64_t) get_potential_mobility(p, o); }
static uint64_t b_pot(int x, uint64_t p, uint64_t o) { (void) x; return (uint64_t) ek_get_potential_mobility(p, o); }
static uint64_t a_stab(int x, uint64_t p, uint64_t o) { (void) x; return (uint64_t) get_stability(p, o); }
static uint64_t b_stab(int x, uint64_t p, uint64_t o) { (void) x; return (uint64_t) ek_get_stability(p, o); }
static uint64_t a_edge(int x, uint64_t p, uint64_t o) { (void) x; return (uint64_t) get_edge_stability(p, o); }
static uint64_t b_edge(int x, uint64_t p, uint64_t o) { (void) x; return (uint64_t) ek_get_edge_stability(p, o); }
static uint64_t a_corner(int x, uint64_t p, uint64_t o) { (void) x; (void) o; return (uint64_t) get_corner_stability(p); }
static uint64_t b_corner(int x, uint64_t p, uint64_t o) { (void) x; (void) o; return (uint64_t) ek_get_corner_stability(p); }
static uint64_t a_hash(int x, uint64_t p, uint64_t o) { Board b = { p, o }; (void) x; return board_get_hash_code(&b); }
static uint64_t b_hash(int x, uint64_t p, uint64_t o) { EkBoard b = { p, o }; (void) x; return ek_board_get_hash_code(&b); }
static uint64_t a_sym(int x, uint64_t p, uint64_t o) { Board b = { p, o }, s; board_symetry(&b, x & 7, &s); return s.player ^ (s.opponent << 1); }
static uint64_t b_sym(int x, uint64_t p, uint64_t o) { EkBoard b = { p, o }, s; ek_board_symetry(&b, x & 7, &s); return s.player ^ (s.opponent << 1); }
static uint64_t a_unique(int x, uint64_t p, uint64_t o) { Board b = { p, o }, u; int s = board_unique(&b, &u); (void) x; return u.player ^ (u.opponent << 1) ^ (uint64_t) s; }
static uint64_t b_unique(int x, uint64_t p, uint64_t o) { EkBoard b = { p, o }, u; int s = ek_board_unique(&b, &u); (void) x; return u.player ^ (u.opponent << 1) ^ (uint64_t) s; }

typedef uint64_t (*kernel_fn)(int, uint64_t, uint64_t);
typedef uint64_t (*loop_fn)(void);

static uint64_t zero; /* 0, unknown to the compiler: makes each latency call depend on the last */

/* One timed loop per kernel, side and mode. The uniform wrappers above inline into the loops:
 * the only call left is the one into the other object file, as in an engine. */
#define CALL(f) f(X[i], P[i], O[i])
#define K(name, fa, fb)                                                                               \
	static uint64_t thr_a_##name(void) { uint64_t s = 0; for (int i = 0; i < n_pos; ++i) s += CALL(fa); return s; } \
	static uint64_t thr_b_##name(void) { uint64_t s = 0; for (int i = 0; i < n_pos; ++i) s += CALL(fb); return s; } \
	static uint64_t lat_a_##name(void) { uint64_t r = 0; for (int i = 0; i < n_pos; ++i) { uint64_t d = r & zero; r = fa(X[i] + (int) d, P[i] ^ d, O[i] ^ d); } return r; } \
	static uint64_t lat_b_##name(void) { uint64_t r = 0; for (int i = 0; i < n_pos; ++i) { uint64_t d = r & zero; r = fb(X[i] + (int) d, P[i] ^ d, O[i] ^ d); } return r; }

K(flip, a_flip, b_flip)
K(board_next, a_next, b_next)
K(count_last_flip, a_last, b_last)
K(get_moves, a_moves, b_moves)
K(can_move, a_can, b_can)
K(get_mobility, a_mob, b_mob)
K(get_weighted_mobility, a_wmob, b_wmob)
K(get_potential_mobility, a_pot, b_pot)
K(get_stability, a_stab, b_stab)
K(get_edge_stability, a_edge, b_edge)
K(get_corner_stability, a_corner, b_corner)
K(board_get_hash_code, a_hash, b_hash)
K(board_symetry, a_sym, b_sym)
K(board_unique, a_unique, b_unique)

struct kernel {
	const char *name;
	int available; /* side A defines the function */
	kernel_fn a, b;
	loop_fn thr_a, thr_b, lat_a, lat_b;
};

#define ENTRY(name, fa, fb) { #name, 0, fa, fb, thr_a_##name, thr_b_##name, lat_a_##name, lat_b_##name }
static struct kernel KERNELS[] = {
	ENTRY(flip, a_flip, b_flip),
	ENTRY(board_next, a_next, b_next),
	ENTRY(count_last_flip, a_last, b_last),
	ENTRY(get_moves, a_moves, b_moves),
	ENTRY(can_move, a_can, b_can),
	ENTRY(get_mobility, a_mob, b_mob),
	ENTRY(get_weighted_mobility, a_wmob, b_wmob),
	ENTRY(get_potential_mobility, a_pot, b_pot),
	ENTRY(get_stability, a_stab, b_stab),
	ENTRY(get_edge_stability, a_edge, b_edge),
	ENTRY(get_corner_stability, a_corner, b_corner),
	ENTRY(board_get_hash_code, a_hash, b_hash),
	ENTRY(board_symetry, a_sym, b_sym),
	ENTRY(board_unique, a_unique, b_unique),
};
#define N_KERNELS (sizeof KERNELS / sizeof KERNELS[0])

/* ---- agreement ---------------------------------------------------------------------------- */

/* --kernel NAME[,NAME...] selects the kernels whose name starts with one of the NAMEs. */
static int selected(const char *only, const char *name)
{
	if (!only) return 1;
	for (const char *p = only; *p;) {
		size_t len = strcspn(p, ",");
		if (len && strncmp(name, p, len) == 0) return 1;
		p += len + (p[len] == ',');
	}
	return 0;
}

/* Which kernels side A defines (each names one function of Edax's API). */
static void find_side_a(void)
{
	const int has[] = {
		HAS(flip), HAS(board_next), HAS(count_last_flip), HAS(get_moves), HAS(can_move), HAS(get_mobility),
		HAS(get_weighted_mobility), HAS(get_potential_mobility), HAS(get_stability), HAS(get_edge_stability),
		HAS(get_corner_stability), HAS(board_get_hash_code), HAS(board_symetry), HAS(board_unique),
	};
	_Static_assert(sizeof has / sizeof has[0] == sizeof KERNELS / sizeof KERNELS[0], "one flag per kernel");
	for (size_t k = 0; k < N_KERNELS; ++k) KERNELS[k].available = has[k];
}

/* The kernel named `name`, if side A defines it and --kernel selects it. */
static int wanted(const char *only, const char *name)
{
	if (!strcmp(name, "solve_shallow")) return HAS(ref_solve_shallow) && selected(only, name);
	if (!strcmp(name, "nws_endgame")) return HAS(ref_nws_endgame) && selected(only, name);
	for (size_t k = 0; k < N_KERNELS; ++k)
		if (!strcmp(KERNELS[k].name, name)) return KERNELS[k].available && selected(only, name);
	return 0;
}

static int check_agreement(const char *only)
{
	size_t k;
	int i, bad = 0, checked = 0;
	for (k = 0; k < N_KERNELS; ++k) {
		if (!selected(only, KERNELS[k].name)) continue;
		if (!KERNELS[k].available) {
			printf("side A has no %s: not checked or timed\n", KERNELS[k].name);
			continue;
		}
		++checked;
		for (i = 0; i < n_pos; ++i) {
			uint64_t a = KERNELS[k].a(X[i], P[i], O[i]), b = KERNELS[k].b(X[i], P[i], O[i]);
			if (a != b) {
				printf("DISAGREE %s: x=%d P=%016" PRIx64 " O=%016" PRIx64 ": A=%016" PRIx64 " B=%016" PRIx64 "\n",
				       KERNELS[k].name, X[i], P[i], O[i], a, b);
				++bad;
				break;
			}
		}
	}
	if (checked) printf("agreement: %d kernels on %d positions: %s\n", checked, n_pos, bad ? "FAILED" : "ok");
	return bad == 0;
}

/* Side A against the known answers of Edax 4.6 (tests/data/golden), kernel by kernel: each
 * check reads one record of its file and returns 1 (right), 0 (wrong) or -1 (not a record). */
#define SCAN(n, ...) if (line[0] == '#' || sscanf(line, __VA_ARGS__) != n) return -1
static int g_flip(const char *line) { uint64_t p, o, f; int x; SCAN(4, "%" SCNx64 " %" SCNx64 " %d %" SCNx64, &p, &o, &x, &f); return flip(x, p, o) == f; }
#define MOVES_LINE uint64_t p, o, m; int mob, wmob, pot, can; SCAN(7, "%" SCNx64 " %" SCNx64 " %" SCNx64 " %d %d %d %d", &p, &o, &m, &mob, &wmob, &pot, &can)
static int g_moves(const char *line) { MOVES_LINE; return get_moves(p, o) == m; }
static int g_can(const char *line) { MOVES_LINE; return (int) can_move(p, o) == can; }
static int g_mob(const char *line) { MOVES_LINE; return get_mobility(p, o) == mob; }
static int g_wmob(const char *line) { MOVES_LINE; return get_weighted_mobility(p, o) == wmob; }
static int g_pot(const char *line) { MOVES_LINE; return get_potential_mobility(p, o) == pot; }
#define STAB_LINE uint64_t p, o; int st, edge, corner; SCAN(5, "%" SCNx64 " %" SCNx64 " %d %d %d", &p, &o, &st, &edge, &corner)
static int g_stab(const char *line) { STAB_LINE; return get_stability(p, o) == st; }
static int g_edge(const char *line) { STAB_LINE; return get_edge_stability(p, o) == edge; }
static int g_corner(const char *line) { STAB_LINE; return get_corner_stability(p) == corner; }
static int g_last(const char *line) { uint64_t b; int x, c; SCAN(3, "%" SCNx64 " %d %d", &b, &x, &c); return count_last_flip(x, b) == c; }
static int g_hash(const char *line) { Board b; uint64_t h; SCAN(3, "%" SCNx64 " %" SCNx64 " %" SCNx64, &b.player, &b.opponent, &h); return board_get_hash_code(&b) == h; }
static int g_sym(const char *line)
{
	Board b, want, got;
	int s;
	SCAN(5, "%" SCNx64 " %" SCNx64 " %d %" SCNx64 " %" SCNx64, &b.player, &b.opponent, &s, &want.player, &want.opponent);
	board_symetry(&b, s, &got);
	return got.player == want.player && got.opponent == want.opponent;
}
static int g_unique(const char *line)
{
	Board b, want, got;
	int s;
	SCAN(5, "%" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64 " %d", &b.player, &b.opponent, &want.player, &want.opponent, &s);
	return board_unique(&b, &got) == s && got.player == want.player && got.opponent == want.opponent;
}
static int g_next(const char *line)
{
	Board b, n;
	uint64_t f;
	int x;
	SCAN(4, "%" SCNx64 " %" SCNx64 " %d %" SCNx64, &b.player, &b.opponent, &x, &f);
	return board_next(&b, x, &n) == f && n.player == (b.opponent ^ f)
		&& n.opponent == (b.player ^ (f | ((unsigned) x < 64 ? 1ULL << x : 0)));
}

static int g_shallow(const char *line)
{
	Board b;
	int alpha, score;
	int64_t nodes, got = 0;
	SCAN(5, "%" SCNx64 " %" SCNx64 " %d %d %" SCNd64, &b.player, &b.opponent, &alpha, &score, &nodes);
	return ref_solve_shallow(&b, alpha, &got) == score && got == nodes;
}

/* Edax-layout tables: side A's (HashTable) and side B's (EkHashTable), the same layout, each with
 * the hash_mask + 5 entries Edax's hash_cleanup initialises and 256 locks. */
#define TABLE_TYPE(NAME, TABLE, ENTRY, LOCK, MOVE)                                                        \
	typedef struct { TABLE t; ENTRY *entries; LOCK locks[256]; } NAME;                               \
	static void NAME##_clean(NAME *tb, int date)                                                      \
	{                                                                                                \
		for (uint64_t i = 0; i < tb->t.hash_mask + 5; ++i) {                                         \
			memset(&tb->entries[i], 0, sizeof tb->entries[i]);                                       \
			tb->entries[i].data.lower = -127;                                                        \
			tb->entries[i].data.upper = 127;                                                         \
			tb->entries[i].data.MOVE[0] = tb->entries[i].data.MOVE[1] = 65;                          \
		}                                                                                            \
		memset(tb->locks, 0, sizeof tb->locks);                                                      \
		tb->t.date = (uint8_t) date;                                                                 \
	}                                                                                                \
	static void NAME##_make(NAME *tb, int bits, int date)                                             \
	{                                                                                                \
		free(tb->entries);                                                                           \
		tb->t.n_hash = (uint64_t) 1 << bits;                                                         \
		tb->t.hash_mask = tb->t.n_hash - 1;                                                          \
		if ((tb->entries = (ENTRY *) malloc((tb->t.hash_mask + 5) * sizeof *tb->entries)) == NULL) { \
			fputs("out of memory\n", stderr);                                                       \
			exit(2);                                                                                 \
		}                                                                                            \
		tb->t.hash = tb->entries;                                                                    \
		tb->t.spin = tb->locks;                                                                      \
		tb->t.spin_mask = 255;                                                                       \
		tb->t.n_spin = 256;                                                                          \
		NAME##_clean(tb, date);                                                                      \
	}                                                                                                \
	static uint64_t NAME##_checksum(const NAME *tb) /* FNV-1a 64 of the entries' bytes */            \
	{                                                                                                \
		const unsigned char *p = (const unsigned char *) tb->entries;                                \
		uint64_t h = 0xcbf29ce484222325ULL;                                                          \
		for (size_t i = 0; i < (tb->t.hash_mask + 5) * sizeof *tb->entries; ++i) h = (h ^ p[i]) * 0x100000001b3ULL; \
		return h;                                                                                    \
	}
TABLE_TYPE(TableA, HashTable, Hash, SpinLock, move)
TABLE_TYPE(TableB, EkHashTable, EkHash, EkSpinLock, move_)

/* Edax's NWS_endgame: its lines are stateful (a "table" line starts a session, "date" changes the
 * date, a call uses the session's table). */
static int g_nws(const char *line)
{
	static TableA tb;
	Board b;
	int alpha, score, bits, date;
	int64_t nodes, got = 0;
	uint64_t sum;
	if (sscanf(line, "table %d %d", &bits, &date) == 2) {
		TableA_make(&tb, bits, date);
		return -1;
	}
	if (sscanf(line, "date %d", &date) == 1) {
		tb.t.date = (uint8_t) date;
		return -1;
	}
	SCAN(6, "%" SCNx64 " %" SCNx64 " %d %d %" SCNd64 " %" SCNx64, &b.player, &b.opponent, &alpha, &score, &nodes, &sum);
	return tb.entries && ref_nws_endgame(&b, alpha, &tb.t, NULL, &got) == score && got == nodes && TableA_checksum(&tb) == sum;
}

static const struct { const char *kernel, *file; int (*check)(const char *line); } GOLDEN[] = {
	{ "flip", "flip.txt", g_flip }, { "board_next", "flip.txt", g_next },
	{ "count_last_flip", "last_flip.txt", g_last }, { "get_moves", "moves.txt", g_moves },
	{ "can_move", "moves.txt", g_can }, { "get_mobility", "moves.txt", g_mob },
	{ "get_weighted_mobility", "moves.txt", g_wmob }, { "get_potential_mobility", "moves.txt", g_pot },
	{ "get_stability", "stability.txt", g_stab }, { "get_edge_stability", "stability.txt", g_edge },
	{ "get_corner_stability", "stability.txt", g_corner }, { "board_get_hash_code", "hash.txt", g_hash },
	{ "board_symetry", "symmetry.txt", g_sym }, { "board_unique", "unique.txt", g_unique },
	{ "solve_shallow", "shallow.txt", g_shallow }, { "nws_endgame", "../nws/nws_endgame.txt", g_nws },
};

static int check_golden(const char *dir, const char *only)
{
	int ok = 1;
	for (size_t g = 0; g < sizeof GOLDEN / sizeof GOLDEN[0]; ++g) {
		char path[4096], line[512];
		long n = 0, bad = 0;
		FILE *f;
		if (!selected(only, GOLDEN[g].kernel) || !wanted(NULL, GOLDEN[g].kernel)) continue;
		snprintf(path, sizeof path, "%s/%s", dir, GOLDEN[g].file);
		if ((f = fopen(path, "r")) == NULL) { fprintf(stderr, "cannot open %s\n", path); return 0; }
		while (fgets(line, sizeof line, f)) {
			int r = GOLDEN[g].check(line);
			if (r >= 0) ++n, bad += !r;
		}
		fclose(f);
		printf("side A's %-22s against Edax's known answers (%s): %ld records, %ld wrong: %s\n", GOLDEN[g].kernel,
		       GOLDEN[g].file, n, bad, bad || !n ? "FAILED" : "ok");
		ok &= !bad && n > 0;
	}
	return ok;
}

/* ---- timing ------------------------------------------------------------------------------- */

static double now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double) t.tv_sec * 1e9 + (double) t.tv_nsec;
}

#ifdef __linux__
static int perf_fd = -1;
#endif

static void perf_open(void)
{
#ifdef __linux__
	struct perf_event_attr pe;
	memset(&pe, 0, sizeof pe);
	pe.type = PERF_TYPE_HARDWARE;
	pe.size = sizeof pe;
	pe.config = PERF_COUNT_HW_INSTRUCTIONS;
	pe.disabled = 1;
	pe.exclude_kernel = 1;
	pe.exclude_hv = 1;
	perf_fd = (int) syscall(__NR_perf_event_open, &pe, 0, -1, -1, 0);
#endif
}

/* Instructions per call of one pass, or -1 when perf events are unavailable. */
static double instructions(loop_fn f)
{
#ifdef __linux__
	long long count;
	volatile uint64_t sink;
	if (perf_fd < 0) return -1;
	ioctl(perf_fd, PERF_EVENT_IOC_RESET, 0);
	ioctl(perf_fd, PERF_EVENT_IOC_ENABLE, 0);
	sink = f();
	(void) sink;
	ioctl(perf_fd, PERF_EVENT_IOC_DISABLE, 0);
	if (read(perf_fd, &count, sizeof count) != (ssize_t) sizeof count) return -1;
	return (double) count / n_pos;
#else
	(void) f;
	return -1;
#endif
}

static int cmp_double(const void *a, const void *b)
{
	const double x = *(const double *) a, y = *(const double *) b;
	return x < y ? -1 : x > y;
}

static double quantile(double *v, int n, double q)
{
	qsort(v, (size_t) n, sizeof *v, cmp_double);
	return v[(int) (q * (n - 1) + 0.5)];
}

struct result {
	double a, b, ratio, q1, q3, ia, ib;
};

/* Times a and b alternately, `samples` times each, and summarises. */
static struct result measure(loop_fn a, loop_fn b, int samples)
{
	double *ta = malloc(sizeof *ta * (size_t) samples), *tb = malloc(sizeof *tb * (size_t) samples), *r = malloc(sizeof *r * (size_t) samples);
	struct result res;
	volatile uint64_t sink;
	int i;
	if (!ta || !tb || !r) { fputs("out of memory\n", stderr); exit(2); }
	sink = a(); sink = b();
	for (i = 0; i < samples; ++i) {
		double t0, t1, t2;
		if (i & 1) { /* alternate which side goes first */
			t0 = now_ns(); sink = b(); t1 = now_ns(); sink = a(); t2 = now_ns();
			tb[i] = (t1 - t0) / n_pos; ta[i] = (t2 - t1) / n_pos;
		} else {
			t0 = now_ns(); sink = a(); t1 = now_ns(); sink = b(); t2 = now_ns();
			ta[i] = (t1 - t0) / n_pos; tb[i] = (t2 - t1) / n_pos;
		}
		r[i] = tb[i] / ta[i];
	}
	(void) sink;
	res.a = quantile(ta, samples, 0.5);
	res.b = quantile(tb, samples, 0.5);
	res.ratio = quantile(r, samples, 0.5);
	res.q1 = quantile(r, samples, 0.25);
	res.q3 = quantile(r, samples, 0.75);
	res.ia = instructions(a);
	res.ib = instructions(b);
	free(ta); free(tb); free(r);
	return res;
}


/* ---- the endgame leaf search ---------------------------------------------------------------- */

enum { SHALLOW_N = 2000, SHALLOW_MIN = 5, SHALLOW_MAX = 7 };
static Board shallow_board[SHALLOW_MAX - SHALLOW_MIN + 1][SHALLOW_N];
static int shallow_alpha[SHALLOW_MAX - SHALLOW_MIN + 1][SHALLOW_N];

/* The exact score of b, by bisection with ek_solve_shallow's fail-soft null windows. */
static int exact_shallow(const Board *b)
{
	int lo = -64, hi = 64;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2 - ((hi - lo) % 2 != 0 && lo + (hi - lo) / 2 < 0);
		int64_t n = 0;
		int score = ek_solve_shallow((const EkBoard *) b, mid, &n);
		if (score > mid) lo = score; else hi = score;
	}
	return lo;
}

/* Positions with 5, 6 and 7 empty squares, one of each per random game (side B's moves); alpha
 * alternates between the exact score (the search fails low) and one below (it fails high). */
static void make_shallow_positions(void)
{
	int n[SHALLOW_MAX - SHALLOW_MIN + 1] = { 0 };
	while (n[0] < SHALLOW_N || n[1] < SHALLOW_N || n[2] < SHALLOW_N) {
		EkBoard b = { 0x0000000810000000ULL, 0x0000001008000000ULL };
		for (;;) {
			uint64_t moves = ek_get_moves(b.player, b.opponent);
			int e = 64 - __builtin_popcountll(b.player | b.opponent);
			if (e >= SHALLOW_MIN && e <= SHALLOW_MAX && n[e - SHALLOW_MIN] < SHALLOW_N) {
				int k = e - SHALLOW_MIN, i = n[k]++;
				shallow_board[k][i] = (Board) { b.player, b.opponent };
				shallow_alpha[k][i] = exact_shallow(&shallow_board[k][i]) - (i & 1);
			}
			if (moves == 0) {
				if (!ek_can_move(b.opponent, b.player)) break;
				b = (EkBoard) { b.opponent, b.player };
				continue;
			}
			ek_board_next(&b, nth_bit(moves, (int) (rng() % (uint64_t) __builtin_popcountll(moves))), &b);
		}
	}
}

#define SHALLOW(E)                                                                                    \
	static uint64_t shallow_a_##E(void)                                                              \
	{                                                                                                \
		uint64_t s = 0; int64_t nodes = 0;                                                           \
		for (int i = 0; i < SHALLOW_N; ++i) s += (uint64_t) ref_solve_shallow(&shallow_board[E - SHALLOW_MIN][i], shallow_alpha[E - SHALLOW_MIN][i], &nodes); \
		return s + (uint64_t) nodes;                                                                 \
	}                                                                                                \
	static uint64_t shallow_b_##E(void)                                                              \
	{                                                                                                \
		uint64_t s = 0; int64_t nodes = 0;                                                           \
		for (int i = 0; i < SHALLOW_N; ++i) s += (uint64_t) ek_solve_shallow((const EkBoard *) &shallow_board[E - SHALLOW_MIN][i], shallow_alpha[E - SHALLOW_MIN][i], &nodes); \
		return s + (uint64_t) nodes;                                                                 \
	}
SHALLOW(5)
SHALLOW(6)
SHALLOW(7)

/* Both sides give the same score and node count on every position. */
static int check_shallow(void)
{
	for (int k = 0; k <= SHALLOW_MAX - SHALLOW_MIN; ++k)
		for (int i = 0; i < SHALLOW_N; ++i) {
			const Board *b = &shallow_board[k][i];
			int64_t na = 0, nb = 0;
			int a = ref_solve_shallow(b, shallow_alpha[k][i], &na);
			int c = ek_solve_shallow((const EkBoard *) b, shallow_alpha[k][i], &nb);
			if (a != c || na != nb) {
				printf("DISAGREE solve_shallow: P=%016" PRIx64 " O=%016" PRIx64 " alpha=%d: A=%d (%" PRId64 " nodes) B=%d (%" PRId64 " nodes)\n",
				       b->player, b->opponent, shallow_alpha[k][i], a, na, c, nb);
				return 0;
			}
		}
	printf("agreement: solve_shallow on %d positions with %d..%d empties: ok\n", SHALLOW_N * (SHALLOW_MAX - SHALLOW_MIN + 1), SHALLOW_MIN, SHALLOW_MAX);
	return 1;
}

/* ---- the endgame search --------------------------------------------------------------------- */

enum { NWS_N = 100, NWS_BITS = 16 };
static const int NWS_EMPTIES[] = { 10, 12, 14 };
static Board nws_board[3][NWS_N];
static int nws_alpha[3][NWS_N];
static TableA nws_ta;
static TableB nws_tb;

/* The exact score of b, by bisection with ek_nws_endgame's fail-soft null windows. */
static int exact_nws(const Board *b)
{
	int lo = -64, hi = 64;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2 - ((hi - lo) % 2 != 0 && lo + (hi - lo) / 2 < 0);
		int64_t n = 0;
		int score = ek_nws_endgame((const EkBoard *) b, mid, &nws_tb.t, NULL, &n);
		if (score > mid) lo = score; else hi = score;
	}
	return lo;
}

/* One position of each size per random game (side B's moves); alpha alternates between the exact
 * score (the search fails low) and one below (it fails high). */
static void make_nws_positions(void)
{
	int n[3] = { 0 };
	TableA_make(&nws_ta, NWS_BITS, 1);
	TableB_make(&nws_tb, NWS_BITS, 1);
	while (n[0] < NWS_N || n[1] < NWS_N || n[2] < NWS_N) {
		EkBoard b = { 0x0000000810000000ULL, 0x0000001008000000ULL };
		for (;;) {
			uint64_t moves = ek_get_moves(b.player, b.opponent);
			int e = 64 - __builtin_popcountll(b.player | b.opponent);
			for (int k = 0; k < 3; ++k)
				if (e == NWS_EMPTIES[k] && n[k] < NWS_N) {
					int i = n[k]++;
					nws_board[k][i] = (Board) { b.player, b.opponent };
					nws_alpha[k][i] = exact_nws(&nws_board[k][i]) - (i & 1);
				}
			if (moves == 0) {
				if (!ek_can_move(b.opponent, b.player)) break;
				b = (EkBoard) { b.opponent, b.player };
				continue;
			}
			ek_board_next(&b, nth_bit(moves, (int) (rng() % (uint64_t) __builtin_popcountll(moves))), &b);
		}
	}
}

#define NWS(K)                                                                                        \
	static uint64_t nws_a_##K(void)                                                                  \
	{                                                                                                \
		uint64_t s = 0; int64_t nodes = 0;                                                           \
		TableA_clean(&nws_ta, 1);                                                                         \
		for (int i = 0; i < NWS_N; ++i) s += (uint64_t) ref_nws_endgame(&nws_board[K][i], nws_alpha[K][i], &nws_ta.t, NULL, &nodes); \
		return s + (uint64_t) nodes;                                                                 \
	}                                                                                                \
	static uint64_t nws_b_##K(void)                                                                  \
	{                                                                                                \
		uint64_t s = 0; int64_t nodes = 0;                                                           \
		TableB_clean(&nws_tb, 1);                                                                         \
		for (int i = 0; i < NWS_N; ++i) s += (uint64_t) ek_nws_endgame((const EkBoard *) &nws_board[K][i], nws_alpha[K][i], &nws_tb.t, NULL, &nodes); \
		return s + (uint64_t) nodes;                                                                 \
	}
NWS(0)
NWS(1)
NWS(2)

/* Both sides give the same score and node count and leave the same table, call after call. */
static int check_nws(void)
{
	for (int k = 0; k < 3; ++k) {
		TableA_clean(&nws_ta, 1);
		TableB_clean(&nws_tb, 1);
		for (int i = 0; i < NWS_N; ++i) {
			const Board *b = &nws_board[k][i];
			int64_t na = 0, nb = 0;
			int a = ref_nws_endgame(b, nws_alpha[k][i], &nws_ta.t, NULL, &na);
			int c = ek_nws_endgame((const EkBoard *) b, nws_alpha[k][i], &nws_tb.t, NULL, &nb);
			if (a != c || na != nb || TableA_checksum(&nws_ta) != TableB_checksum(&nws_tb)) {
				printf("DISAGREE nws_endgame: P=%016" PRIx64 " O=%016" PRIx64 " alpha=%d: A=%d (%" PRId64 " nodes) B=%d (%" PRId64 " nodes)%s\n",
				       b->player, b->opponent, nws_alpha[k][i], a, na, c, nb, a == c && na == nb ? ", tables differ" : "");
				return 0;
			}
		}
	}
	printf("agreement: nws_endgame on %d positions with 10, 12 and 14 empties (and the tables): ok\n", 3 * NWS_N);
	return 1;
}

/* ---- evaluation ---------------------------------------------------------------------------- */

/* Random games as move sequences (x = PASS for a pass), replayed by the evaluation loops. */
enum { N_GAMES = 500, MAX_LINE = 130 };
static int game_len[N_GAMES];
static int game_x[N_GAMES][MAX_LINE];
static uint64_t game_flip[N_GAMES][MAX_LINE];
static int n_eval_moves;
/* The legal moves of every position along the games (before game_x[g][i] is played), as a
 * search's leaf evaluations see them: children of one position share their ply. */
static int *child_x, child_first[N_GAMES][MAX_LINE + 1];
static uint64_t *child_flip;
static int n_children;

static void make_games(void)
{
	int g;
	for (g = 0; g < N_GAMES; ++g) {
		EkBoard b = { 0x0000000810000000ULL, 0x0000001008000000ULL };
		int n = 0;
		for (;;) {
			uint64_t moves = ek_get_moves(b.player, b.opponent);
			if (moves == 0) {
				if (!ek_can_move(b.opponent, b.player)) break;
				b = (EkBoard) { b.opponent, b.player };
				game_x[g][n] = 64; game_flip[g][n++] = 0;
				continue;
			}
			game_x[g][n] = nth_bit(moves, (int) (rng() % (uint64_t) __builtin_popcountll(moves)));
			game_flip[g][n] = ek_board_next(&b, game_x[g][n], &b);
			++n;
		}
		game_len[g] = n;
		n_eval_moves += n;
	}
	/* Second pass: the children of every position. */
	child_x = malloc(sizeof (int) * (size_t) n_eval_moves * 32);
	child_flip = malloc(sizeof (uint64_t) * (size_t) n_eval_moves * 32);
	if (child_x == NULL || child_flip == NULL) { fprintf(stderr, "out of memory\n"); exit(2); }
	for (g = 0; g < N_GAMES; ++g) {
		EkBoard b = { 0x0000000810000000ULL, 0x0000001008000000ULL };
		for (int i = 0; i < game_len[g]; ++i) {
			uint64_t moves = ek_get_moves(b.player, b.opponent);
			child_first[g][i] = n_children;
			for (; moves; moves &= moves - 1) {
				child_x[n_children] = __builtin_ctzll(moves);
				child_flip[n_children++] = ek_flip(__builtin_ctzll(moves), b.player, b.opponent);
			}
			if (game_x[g][i] == 64) b = (EkBoard) { b.opponent, b.player };
			else ek_board_next(&b, game_x[g][i], &b);
		}
		child_first[g][game_len[g]] = n_children;
	}
}

static Eval eval_a;
static EkEval eval_b;
static const Board START = { 0x0000000810000000ULL, 0x0000001008000000ULL };

/* Replays every game: update (or pass) along it, optionally accumulating after each move, then
 * restores back to the start. Returns the sum of the accumulations (or of the plies). */
#define REPLAY(name, EV, set, update, pass, restore, acc, board_t, move_t)                       \
	static uint64_t name(void)                                                                      \
	{                                                                                               \
		uint64_t s = 0;                                                                             \
		const board_t start = { START.player, START.opponent };                                     \
		for (int g = 0; g < N_GAMES; ++g) {                                                         \
			set(&EV, &start);                                                                       \
			for (int i = 0; i < game_len[g]; ++i) {                                                 \
				if (game_x[g][i] == 64) pass(&EV);                                                  \
				else { move_t m = { 0 }; m.x = game_x[g][i]; m.flipped = game_flip[g][i]; update(&EV, &m); } \
				s += acc;                                                                           \
			}                                                                                       \
			for (int i = game_len[g] - 1; i >= 0; --i) {                                            \
				if (game_x[g][i] == 64) pass(&EV); else restore(&EV);                                  \
			}                                                                                       \
		}                                                                                           \
		return s;                                                                                   \
	}
/* Along every game, evaluates every child of every position (update, accumulate, restore),
 * as a search does at its leaves. Returns the sum of the accumulations. */
#define CHILDREN(name, EV, set, update, pass, restore, accumulate, board_t, move_t)               \
	static uint64_t name(void)                                                                      \
	{                                                                                               \
		uint64_t s = 0;                                                                             \
		const board_t start = { START.player, START.opponent };                                     \
		for (int g = 0; g < N_GAMES; ++g) {                                                         \
			set(&EV, &start);                                                                       \
			for (int i = 0; i < game_len[g]; ++i) {                                                 \
				for (int c = child_first[g][i]; c < child_first[g][i + 1]; ++c) {                  \
					move_t m = { 0 }; m.x = child_x[c]; m.flipped = child_flip[c];                  \
					update(&EV, &m); s += (uint64_t) accumulate(&EV); restore(&EV);                 \
				}                                                                                   \
				if (game_x[g][i] == 64) pass(&EV);                                                  \
				else { move_t m = { 0 }; m.x = game_x[g][i]; m.flipped = game_flip[g][i]; update(&EV, &m); } \
			}                                                                                       \
			for (int i = game_len[g] - 1; i >= 0; --i) {                                            \
				if (game_x[g][i] == 64) pass(&EV); else restore(&EV);                                  \
			}                                                                                       \
		}                                                                                           \
		return s;                                                                                   \
	}
CHILDREN(kids_a, eval_a, eval_set, eval_update, eval_pass, eval_restore, eval_accumulate, Board, Move)
CHILDREN(kids_b, eval_b, ek_eval_set, ek_eval_update, ek_eval_pass, ek_eval_restore, ek_eval_accumulate, EkBoard, EkMove)
REPLAY(upd_a, eval_a, eval_set, eval_update, eval_pass, eval_restore, (uint64_t) eval_a.ply, Board, Move)
REPLAY(upd_b, eval_b, ek_eval_set, ek_eval_update, ek_eval_pass, ek_eval_restore, (uint64_t) eval_b.ply, EkBoard, EkMove)
REPLAY(acc_a, eval_a, eval_set, eval_update, eval_pass, eval_restore, (uint64_t) eval_accumulate(&eval_a), Board, Move)
REPLAY(acc_b, eval_b, ek_eval_set, ek_eval_update, ek_eval_pass, ek_eval_restore, (uint64_t) ek_eval_accumulate(&eval_b), EkBoard, EkMove)

/* Both sides agree on every feature set and every sum along every game. */
static int check_eval(void)
{
	for (int g = 0; g < N_GAMES; ++g) {
		const EkBoard sb = { START.player, START.opponent };
		eval_set(&eval_a, &START);
		ek_eval_set(&eval_b, &sb);
		for (int i = 0; i <= game_len[g]; ++i) {
			if (memcmp(eval_a.feature[eval_a.ply].v1, eval_b.feature[eval_b.ply].v, 47 * 2) != 0
			    || eval_accumulate(&eval_a) != ek_eval_accumulate(&eval_b) || eval_a.player != eval_b.player) {
				printf("DISAGREE eval: game %d move %d: A=%d B=%d\n", g, i, eval_accumulate(&eval_a), ek_eval_accumulate(&eval_b));
				return 0;
			}
			if (i == game_len[g]) break;
			if (game_x[g][i] == 64) { eval_pass(&eval_a); ek_eval_pass(&eval_b); }
			else {
				Move ma = { 0 }; EkMove mb = { 0 };
				ma.x = mb.x = game_x[g][i];
				ma.flipped = mb.flipped = game_flip[g][i];
				eval_update(&eval_a, &ma);
				ek_eval_update(&eval_b, &mb);
			}
		}
	}
	if (kids_a() != kids_b()) {
		printf("DISAGREE eval: the sums over every child differ\n");
		return 0;
	}
	printf("agreement: evaluation along %d games (%d moves, %d children): ok\n", N_GAMES, n_eval_moves, n_children);
	return 1;
}

static void print_instr(FILE *f, double v, int json)
{
	if (v < 0) fputs(json ? "null" : "   n/a", f);
	else fprintf(f, json ? "%.1f" : "%6.1f", v);
}

int main(int argc, char **argv)
{
	const char *json = NULL, *golden = NULL, *only = NULL, *isa = NULL, *eval_file = NULL;
	const char *side_a_name = "object files given with --side-a";
	int samples = 51, check_only = 0, i;
	volatile uint64_t vzero = 0;
	FILE *jf = NULL;
	size_t k;

	for (i = 1; i < argc; ++i) {
		if (!strcmp(argv[i], "--positions") && i + 1 < argc) n_pos = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--samples") && i + 1 < argc) samples = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--json") && i + 1 < argc) json = argv[++i];
		else if (!strcmp(argv[i], "--golden") && i + 1 < argc) golden = argv[++i];
		else if (!strcmp(argv[i], "--kernel") && i + 1 < argc) only = argv[++i];
		else if (!strcmp(argv[i], "--isa") && i + 1 < argc) isa = argv[++i];
		else if (!strcmp(argv[i], "--eval") && i + 1 < argc) eval_file = argv[++i];
		else if (!strcmp(argv[i], "--check-only")) check_only = 1;
		else if (!strcmp(argv[i], "--side-a-name") && i + 1 < argc) side_a_name = argv[++i];
		else {
			fprintf(stderr, "usage: %s [--positions N] [--samples S] [--isa LEVEL] [--json FILE] [--check-only] [--golden DIR] [--kernel NAME[,NAME...]] [--eval EVAL_DAT] [--side-a-name TEXT]\n", argv[0]);
			return 2;
		}
	}
	if (n_pos < 1 || samples < 3) { fputs("--positions must be >= 1 and --samples >= 3\n", stderr); return 2; }
	if (isa && ek_set_isa(isa) != EK_OK) { fprintf(stderr, "--isa %s: %s\n", isa, ek_status_message(ek_set_isa(isa))); return 2; }
	zero = vzero;
	find_side_a();
	if (HAS(edge_stability_init)) edge_stability_init();
	if (golden && !check_golden(golden, only)) return 1;
	make_positions();
	printf("side B: edax-kernels %s, level %s (table %s)\n", ek_version(), ek_isa(), ek_isa_table());
	if (!check_agreement(only)) return 1;
	const int shallow = wanted(only, "solve_shallow");
	if (!HAS(ref_solve_shallow) && selected(only, "solve_shallow")) puts("side A has no ref_solve_shallow: the leaf search is not checked or timed");
	if (shallow) {
		make_shallow_positions();
		if (!check_shallow()) return 1;
	}
	const int nws = wanted(only, "nws_endgame");
	if (!HAS(ref_nws_endgame) && selected(only, "nws_endgame")) puts("side A has no ref_nws_endgame: the endgame search is not checked or timed");
	if (nws) {
		make_nws_positions();
		if (!check_nws()) return 1;
	}
	if (eval_file && !(HAS(eval_open) && HAS(eval_init) && HAS(eval_set) && HAS(eval_update) && HAS(eval_restore)
	                   && HAS(eval_pass) && HAS(eval_accumulate))) {
		puts("side A has no evaluation (eval_open, eval_init, eval_set, eval_update, eval_restore, eval_pass,\n"
		     "eval_accumulate): the evaluation is not checked or timed");
		eval_file = NULL;
	}
	if (eval_file && !selected(only, "eval_update+restore") && !selected(only, "eval_update+accumulate")
	    && !selected(only, "eval_children")) eval_file = NULL;
	if (eval_file) {
		int status;
		eval_open(eval_file);
		if ((status = ek_eval_load_file(eval_file)) != EK_OK) { fprintf(stderr, "ek_eval_load_file: %s\n", ek_status_message(status)); return 1; }
		eval_init(&eval_a);
		if (ek_eval_init(&eval_b) != EK_OK) return 1;
		make_games();
		if (!check_eval()) return 1;
	}
	if (check_only) return 0;

	perf_open();
	if (json && (jf = fopen(json, "w")) == NULL) { fprintf(stderr, "cannot write %s\n", json); return 2; }
	if (jf) fprintf(jf, "{\n  \"side_b_level\": \"%s\",\n  \"positions\": %d,\n  \"samples\": %d,\n  \"kernels\": [", ek_isa(), n_pos, samples);
	printf("\nSide A: %s.\nSide B: edax-kernels, level %s (table %s).\n", side_a_name, ek_isa(), ek_isa_table());
	printf("\n%d positions, %d interleaved samples per side; ns/call are medians; B/A is the median of the\n"
	       "per-sample ratios, [q1, q3] their interquartile range; instr = instructions/call (perf).\n\n", n_pos, samples);
	printf("%-24s %-10s %9s %9s %7s %15s %7s %7s\n", "kernel", "mode", "A ns", "B ns", "B/A", "[q1, q3]", "A instr", "B instr");
	for (k = 0; k < N_KERNELS; ++k) {
		int mode;
		if (!selected(only, KERNELS[k].name) || !KERNELS[k].available) continue;
		for (mode = 0; mode < 2; ++mode) {
			const struct result r = mode == 0 ? measure(KERNELS[k].thr_a, KERNELS[k].thr_b, samples)
			                                  : measure(KERNELS[k].lat_a, KERNELS[k].lat_b, samples);
			const char *m = mode == 0 ? "throughput" : "latency";
			printf("%-24s %-10s %9.2f %9.2f %7.3f  [%5.3f, %5.3f] ", KERNELS[k].name, m, r.a, r.b, r.ratio, r.q1, r.q3);
			print_instr(stdout, r.ia, 0); putchar(' '); print_instr(stdout, r.ib, 0); putchar('\n');
			if (jf) {
				static int first = 1;
				fprintf(jf, "%s\n    {\"kernel\": \"%s\", \"mode\": \"%s\", \"a_ns\": %.3f, \"b_ns\": %.3f, \"b_over_a\": %.4f, \"q1\": %.4f, \"q3\": %.4f, \"a_instructions\": ",
				        first ? "" : ",", KERNELS[k].name, m, r.a, r.b, r.ratio, r.q1, r.q3);
				print_instr(jf, r.ia, 1); fputs(", \"b_instructions\": ", jf); print_instr(jf, r.ib, 1); fputs("}", jf);
				first = 0;
			}
		}
	}
	if (shallow) {
		static const struct { const char *name; loop_fn a, b; } ROWS[] = {
			{ "solve_shallow 5 empties", shallow_a_5, shallow_b_5 },
			{ "solve_shallow 6 empties", shallow_a_6, shallow_b_6 },
			{ "solve_shallow 7 empties", shallow_a_7, shallow_b_7 },
		};
		const int saved = n_pos;
		n_pos = SHALLOW_N;
		for (k = 0; k < sizeof ROWS / sizeof ROWS[0]; ++k) {
			const struct result r = measure(ROWS[k].a, ROWS[k].b, samples);
			printf("%-24s %-10s %9.2f %9.2f %7.3f  [%5.3f, %5.3f] ", ROWS[k].name, "per call", r.a, r.b, r.ratio, r.q1, r.q3);
			print_instr(stdout, r.ia, 0); putchar(' '); print_instr(stdout, r.ib, 0); putchar('\n');
			if (jf) {
				fprintf(jf, ",\n    {\"kernel\": \"%s\", \"mode\": \"per call\", \"a_ns\": %.3f, \"b_ns\": %.3f, \"b_over_a\": %.4f, \"q1\": %.4f, \"q3\": %.4f, \"a_instructions\": ",
				        ROWS[k].name, r.a, r.b, r.ratio, r.q1, r.q3);
				print_instr(jf, r.ia, 1); fputs(", \"b_instructions\": ", jf); print_instr(jf, r.ib, 1); fputs("}", jf);
			}
		}
		n_pos = saved;
	}
	if (nws) {
		static const struct { const char *name; loop_fn a, b; } ROWS[] = {
			{ "nws_endgame 10 empties", nws_a_0, nws_b_0 },
			{ "nws_endgame 12 empties", nws_a_1, nws_b_1 },
			{ "nws_endgame 14 empties", nws_a_2, nws_b_2 },
		};
		const int saved = n_pos;
		n_pos = NWS_N;
		for (k = 0; k < sizeof ROWS / sizeof ROWS[0]; ++k) {
			const struct result r = measure(ROWS[k].a, ROWS[k].b, samples);
			printf("%-24s %-10s %9.0f %9.0f %7.3f  [%5.3f, %5.3f] ", ROWS[k].name, "per call", r.a, r.b, r.ratio, r.q1, r.q3);
			print_instr(stdout, r.ia, 0); putchar(' '); print_instr(stdout, r.ib, 0); putchar('\n');
			if (jf) {
				fprintf(jf, ",\n    {\"kernel\": \"%s\", \"mode\": \"per call\", \"a_ns\": %.3f, \"b_ns\": %.3f, \"b_over_a\": %.4f, \"q1\": %.4f, \"q3\": %.4f, \"a_instructions\": ",
				        ROWS[k].name, r.a, r.b, r.ratio, r.q1, r.q3);
				print_instr(jf, r.ia, 1); fputs(", \"b_instructions\": ", jf); print_instr(jf, r.ib, 1); fputs("}", jf);
			}
		}
		n_pos = saved;
	}
	if (eval_file) {
		static const struct { const char *name; loop_fn a, b; int per_child; } EVALS[] = {
			{ "eval_update+restore", upd_a, upd_b, 0 },
			{ "eval_update+accumulate", acc_a, acc_b, 0 },
			{ "eval_children", kids_a, kids_b, 1 },
		};
		const int saved = n_pos;
		for (k = 0; k < sizeof EVALS / sizeof EVALS[0]; ++k) {
			struct result r;
			if (!selected(only, EVALS[k].name)) continue;
			n_pos = EVALS[k].per_child ? n_children : n_eval_moves; /* per move or per child */
			r = measure(EVALS[k].a, EVALS[k].b, samples);
			printf("%-24s %-10s %9.2f %9.2f %7.3f  [%5.3f, %5.3f] ", EVALS[k].name, EVALS[k].per_child ? "per child" : "per move", r.a, r.b, r.ratio, r.q1, r.q3);
			print_instr(stdout, r.ia, 0); putchar(' '); print_instr(stdout, r.ib, 0); putchar('\n');
			if (jf) {
				fprintf(jf, ",\n    {\"kernel\": \"%s\", \"mode\": \"%s\", \"a_ns\": %.3f, \"b_ns\": %.3f, \"b_over_a\": %.4f, \"q1\": %.4f, \"q3\": %.4f, \"a_instructions\": ",
				        EVALS[k].name, EVALS[k].per_child ? "per child" : "per move", r.a, r.b, r.ratio, r.q1, r.q3);
				print_instr(jf, r.ia, 1); fputs(", \"b_instructions\": ", jf); print_instr(jf, r.ib, 1); fputs("}", jf);
			}
		}
		n_pos = saved;
	}
	if (jf) { fputs("\n  ]\n}\n", jf); fclose(jf); }
	return 0;
}
