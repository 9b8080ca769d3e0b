/*
 * edax_ref.c: a plain C99 reference implementation of the Edax 4.6 kernel API (edax_api.h).
 *
 * Written for this project from the documented semantics (tests/data/golden/README.md), with
 * simple, obviously correct algorithms that share nothing with the Rust code: it is the "A"
 * side of the A/B harness and an independent correctness oracle. Plain C99 plus two GCC/Clang
 * builtins (popcount, count trailing zeros); edge_stability_init() must be called first.
 *
 * Defined behaviour outside legal positions: a square x outside 0..63 flips nothing; a square
 * set in both P and O counts as O's in flip/count_last_flip (the run walks through it); the
 * other functions apply their formulas to the bitboards as they are.
 */
#include "edax_api.h"

#include <stddef.h>

/* The 8 directions as (row step, column step). */
static const int DIRS[8][2] = { { -1, -1 }, { -1, 0 }, { -1, 1 }, { 0, -1 }, { 0, 1 }, { 1, -1 }, { 1, 0 }, { 1, 1 } };

static int on_board(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8; }
static uint64_t bit(int r, int c) { return 1ULL << (r * 8 + c); }

uint64_t flip(const int x, const uint64_t P, const uint64_t O)
{
	uint64_t flipped = 0;
	int d;
	if (x < 0 || x >= 64) return 0;
	for (d = 0; d < 8; ++d) {
		int r = x / 8 + DIRS[d][0], c = x % 8 + DIRS[d][1];
		uint64_t run = 0;
		while (on_board(r, c) && (O & bit(r, c))) {
			run |= bit(r, c);
			r += DIRS[d][0];
			c += DIRS[d][1];
		}
		if (on_board(r, c) && (P & bit(r, c))) flipped |= run;
	}
	return flipped;
}

uint64_t board_flip(const Board *board, const int x)
{
	return flip(x, board->player, board->opponent);
}

uint64_t board_next(const Board *board, const int x, Board *next)
{
	const uint64_t f = flip(x, board->player, board->opponent);
	const uint64_t square = (x >= 0 && x < 64) ? 1ULL << x : 0;
	const uint64_t player = board->player, opponent = board->opponent;
	next->player = opponent ^ f;
	next->opponent = player ^ (f | square);
	return f;
}

static int popcount(uint64_t b)
{
	return __builtin_popcountll(b);
}

int count_last_flip(const int x, const uint64_t P)
{
	if (x < 0 || x >= 64) return 0;
	return 2 * popcount(flip(x, P, ~P & ~(1ULL << x)));
}

/* The 8 directions as shifts: amount, whether left, and the mask removing squares that
 * wrapped around the board's side. */
static const struct { int n, left; uint64_t keep; } SHIFTS[8] = {
	{ 9, 0, 0x7F7F7F7F7F7F7F7FULL }, { 8, 0, ~0ULL }, { 7, 0, 0xFEFEFEFEFEFEFEFEULL }, { 1, 0, 0x7F7F7F7F7F7F7F7FULL },
	{ 1, 1, 0xFEFEFEFEFEFEFEFEULL }, { 7, 1, 0x7F7F7F7F7F7F7F7FULL }, { 8, 1, ~0ULL }, { 9, 1, 0xFEFEFEFEFEFEFEFEULL },
};

static uint64_t shift(uint64_t b, int d)
{
	return (SHIFTS[d].left ? b << SHIFTS[d].n : b >> SHIFTS[d].n) & SHIFTS[d].keep;
}

uint64_t get_moves(const uint64_t P, const uint64_t O)
{
	const uint64_t empty = ~(P | O);
	uint64_t moves = 0;
	int d, k;
	for (d = 0; d < 8; ++d) {
		/* Squares of O reached from P through O squares only, then one step more. */
		uint64_t run = shift(P, d) & O;
		for (k = 0; k < 5; ++k) run |= shift(run, d) & O;
		moves |= shift(run, d) & empty;
	}
	return moves;
}

bool can_move(const uint64_t P, const uint64_t O)
{
	return get_moves(P, O) != 0;
}

int get_mobility(const uint64_t P, const uint64_t O)
{
	return popcount(get_moves(P, O));
}

static const uint64_t CORNERS = 0x8100000000000081ULL;

int get_weighted_mobility(const uint64_t P, const uint64_t O)
{
	const uint64_t m = get_moves(P, O);
	return popcount(m) + popcount(m & CORNERS);
}

int get_potential_mobility(const uint64_t P, const uint64_t O)
{
	const uint64_t h = O & 0x7E7E7E7E7E7E7E7EULL, v = O & 0x00FFFFFFFFFFFF00ULL, g = O & 0x007E7E7E7E7E7E00ULL;
	const uint64_t pot = ~(P | O) & (h << 1 | h >> 1 | v << 8 | v >> 8 | g << 7 | g >> 7 | g << 9 | g >> 9);
	return popcount(pot) + popcount(pot & CORNERS);
}

/* ---- stability ---------------------------------------------------------------------------- */

static uint8_t EDGE[256 * 256];
static void lines_init(void);

/* Plays square x of an 8-square line for `me`, flipping bracketed runs of `other`. */
static void line_play(int *me, int *other, int x)
{
	int step;
	*me |= 1 << x;
	for (step = -1; step <= 1; step += 2) {
		int y = x + step, run = 0;
		while (y >= 0 && y < 8 && (*other & (1 << y))) { run |= 1 << y; y += step; }
		if (y >= 0 && y < 8 && (*me & (1 << y))) { *me |= run; *other &= ~run; }
	}
}

/* The discs of `stable` (a subset of P) that stay P's whatever is played on the line. */
static int edge_stable(int P, int O, int stable)
{
	int x;
	stable &= P;
	for (x = 0; x < 8 && stable; ++x) {
		if (!((P | O) & (1 << x))) {
			int p = P, o = O;
			line_play(&p, &o, x);
			stable = edge_stable(p, o, stable);
			p = P; o = O;
			line_play(&o, &p, x);
			stable = edge_stable(p, o, stable);
		}
	}
	return stable;
}

void edge_stability_init(void)
{
	int P, O;
	lines_init();
	for (P = 0; P < 256; ++P)
		for (O = 0; O < 256; ++O) EDGE[P * 256 + O] = (uint8_t) ((P & O) ? 0 : edge_stable(P, O, P));
}

/* Gathers the squares of column c, row 1 first, into a byte. */
static int column(uint64_t b, int c)
{
	int r, v = 0;
	for (r = 0; r < 8; ++r) v |= (int) ((b >> (r * 8 + c)) & 1) << r;
	return v;
}

static uint64_t stable_edge(uint64_t P, uint64_t O)
{
	uint64_t s = (uint64_t) EDGE[(P & 0xFF) * 256 + (O & 0xFF)] | (uint64_t) EDGE[(P >> 56) * 256 + (O >> 56)] << 56;
	int a = EDGE[column(P, 0) * 256 + column(O, 0)], h = EDGE[column(P, 7) * 256 + column(O, 7)], r;
	for (r = 0; r < 8; ++r) s |= (uint64_t) ((a >> r) & 1) << (r * 8) | (uint64_t) ((h >> r) & 1) << (r * 8 + 7);
	return s;
}

/* The 46 lines of the board (8 ranks, 8 files, 15 + 15 diagonals), by direction:
 * horizontal, vertical, diagonal A1-H8, anti-diagonal. Built by edge_stability_init. */
static uint64_t LINES[4][15];
static int N_LINES[4];

static void lines_init(void)
{
	static const int LINE_DIRS[4][2] = { { 0, 1 }, { 1, 0 }, { 1, 1 }, { 1, -1 } };
	int k, x;
	for (k = 0; k < 4; ++k) {
		N_LINES[k] = 0;
		for (x = 0; x < 64; ++x) {
			/* A line is listed from its first square: the one with no predecessor. */
			int r = x / 8 - LINE_DIRS[k][0], c = x % 8 - LINE_DIRS[k][1];
			uint64_t line = 0;
			if (on_board(r, c)) continue;
			for (r = x / 8, c = x % 8; on_board(r, c); r += LINE_DIRS[k][0], c += LINE_DIRS[k][1]) line |= bit(r, c);
			LINES[k][N_LINES[k]++] = line;
		}
	}
}

/* For the 4 directions, the squares whose whole line in that direction is occupied. */
static void full_lines(uint64_t disc, uint64_t full[4])
{
	int k, i;
	for (k = 0; k < 4; ++k) {
		full[k] = 0;
		for (i = 0; i < N_LINES[k]; ++i) {
			if ((disc & LINES[k][i]) == LINES[k][i]) full[k] |= LINES[k][i];
		}
	}
}

int get_stability(const uint64_t P, const uint64_t O)
{
	const uint64_t central = P & 0x007E7E7E7E7E7E00ULL;
	uint64_t full[4], stable, old;
	full_lines(P | O, full);
	stable = stable_edge(P, O) | (central & full[0] & full[1] & full[2] & full[3]);
	do {
		old = stable;
		stable |= central & ((stable >> 1) | (stable << 1) | full[0]) & ((stable >> 8) | (stable << 8) | full[1])
			& ((stable >> 9) | (stable << 9) | full[2]) & ((stable >> 7) | (stable << 7) | full[3]);
	} while (stable != old);
	return popcount(stable);
}

int get_edge_stability(const uint64_t P, const uint64_t O)
{
	return popcount(stable_edge(P, O));
}

int get_corner_stability(const uint64_t P)
{
	static const int CORNER[4][3] = { { 0, 1, 8 }, { 7, 6, 15 }, { 56, 57, 48 }, { 63, 62, 55 } };
	int k, n = 0;
	for (k = 0; k < 4; ++k) {
		if (P & (1ULL << CORNER[k][0])) {
			n += 1 + (int) ((P >> CORNER[k][1]) & 1) + (int) ((P >> CORNER[k][2]) & 1);
		}
	}
	return n;
}

/* ---- hash ------------------------------------------------------------------------------- */

static uint32_t CRC_TABLE[256];

static uint32_t crc32c_u64(uint32_t crc, uint64_t v)
{
	int i;
	if (CRC_TABLE[128] == 0) {
		uint32_t b, c;
		int k;
		for (b = 0; b < 256; ++b) {
			for (c = b, k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ 0x82F63B78U : c >> 1;
			CRC_TABLE[b] = c;
		}
	}
	for (i = 0; i < 8; ++i) crc = (crc >> 8) ^ CRC_TABLE[(crc ^ (uint32_t) (v >> (8 * i))) & 0xFF];
	return crc;
}

uint64_t board_get_hash_code(const Board *board)
{
	const uint32_t c = crc32c_u64(0, board->player);
	return (uint64_t) c << 32 | crc32c_u64(c, board->opponent);
}

/* ---- symmetries ------------------------------------------------------------------------- */

/* Bitboard under symmetry s, one set square at a time (coordinates mirrored, then swapped). */
static uint64_t symmetry_of(uint64_t b, int s)
{
	uint64_t out = 0;
	for (; b; b &= b - 1) {
		const int x = __builtin_ctzll(b);
		int r = x / 8, c = x % 8, t;
		if (s & 1) c = 7 - c;
		if (s & 2) r = 7 - r;
		if (s & 4) { t = r; r = c; c = t; }
		out |= bit(r, c);
	}
	return out;
}

void board_symetry(const Board *board, const int s, Board *sym)
{
	const Board b = *board;
	sym->player = symmetry_of(b.player, s);
	sym->opponent = symmetry_of(b.opponent, s);
}

int board_unique(const Board *board, Board *unique)
{
	static const int ORDER[8] = { 0, 4, 1, 6, 2, 5, 3, 7 };
	const Board b = *board;
	int i, best = 0;
	Board u = b;
	for (i = 1; i < 8; ++i) {
		Board t;
		board_symetry(&b, ORDER[i], &t);
		if (t.player < u.player || (t.player == u.player && t.opponent < u.opponent)) {
			u = t;
			best = ORDER[i];
		}
	}
	*unique = u;
	return best;
}
