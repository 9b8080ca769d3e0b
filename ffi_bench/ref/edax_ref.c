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

/* ---- endgame leaf search ------------------------------------------------------------------ */

/* ref_solve_shallow gives what Edax 4.6's search_shallow (endgame.c, static there) gives: the
 * same fail-soft score and the same node count, because it tries the same moves in the same
 * order with the same cut-offs. The rules it follows:
 * - The order of the empty squares is Edax's list (LIST_ORDER below), which moves keep.
 *   With 5 or more empties, and with 4, the squares of a quadrant holding an odd number of
 *   empties come first, each group in list order. With 3, the odd one comes first and the two
 *   others are ordered by SQUARE_VALUE, with Edax's quirk (see three_left).
 * - Stability cut-off: with n >= 4 empties, when alpha reaches STABILITY_THRESHOLD[n], the
 *   opponent's stable discs bound the score (the four-empties search tests it from the other
 *   side, being called from the parent's view).
 * - The last empty square is scored lazily: when the side to move cannot play it, the
 *   opponent's count is skipped if the score is already at most alpha.
 * - Nodes: one per call of the search with 5 or more, 4 (passes included) and 3 empties; at 2
 *   empties one plus the number of moves tried (at most 2); none at 1 empty.
 * The search is a plain recursion on arrays of squares; more than 10 empties is refused. */

static const char LIST_ORDER[] =
	"a1a8h1h8c4c5d3d6e3e6f4f5c3c6f3f6a3a6c1c8f1f8h3h6a4a5d1d8e1e8h4h5"
	"b4b5d2d7e2e7g4g5b3b6c2c7f2f7g3g6a2a7b1b8g1g8h2h7b2b7g2g7d4e4d5e5";

static const int SQUARE_VALUE[64] = {
	18,  4, 16, 12, 12, 16,  4, 18,
	 4,  2,  6,  8,  8,  6,  2,  4,
	16,  6, 14, 10, 10, 14,  6, 16,
	12,  8, 10,  0,  0, 10,  8, 12,
	12,  8, 10,  0,  0, 10,  8, 12,
	16,  6, 14, 10, 10, 14,  6, 16,
	 4,  2,  6,  8,  8,  6,  2,  4,
	18,  4, 16, 12, 12, 16,  4, 18,
};

static const int STABILITY_THRESHOLD[11] = { 99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20 };

enum { SHALLOW_MAX = 10, SCORE_NONE = 127 };

static int quadrant(int x) { return (x >> 2 & 1) | (x >> 4 & 2); }

/* Whether x's quadrant holds an odd number of the n squares of e. */
static int odd_quadrant(const int *e, int n, int x)
{
	int i, count = 0;
	for (i = 0; i < n; ++i) count += quadrant(e[i]) == quadrant(x);
	return count & 1;
}

/* e without the square x, into out. */
static void list_without(const int *e, int n, int x, int *out)
{
	int j, k = 0;
	for (j = 0; j < n; ++j) if (e[j] != x) out[k++] = e[j];
}

/* e with the squares of odd quadrants first, each group in its order. */
static void parity_first(const int *e, int n, int *out)
{
	int i, k = 0, odd;
	for (odd = 1; odd >= 0; --odd)
		for (i = 0; i < n; ++i) if (odd_quadrant(e, n, e[i]) == odd) out[k++] = e[i];
}

/* The final score of P when nobody can move and n squares are empty (they go to the winner). */
static int final_score(uint64_t P, int n)
{
	const int diff = 2 * popcount(P) - 64 + n;
	return diff > 0 ? diff + n : diff < 0 ? diff - n : 0;
}

/* The score of P, to move on the last empty square x; lazy when P cannot play it. */
static int last_move(uint64_t P, int alpha, int x)
{
	const int n = count_last_flip(x, P);
	int score = 2 * popcount(P) - 62 + n, m;
	if (n) return score;
	if (score <= 0) { /* P does not win the square: score - 2, and the opponent's flips */
		score -= 2;
		if (score > alpha) score -= count_last_flip(x, ~P);
	} else if (score > alpha && (m = count_last_flip(x, ~P)) != 0) {
		score -= m + 2;  /* the opponent takes the square P would have won */
	}
	return score;
}

/* The score of O (not to move) with the empties x1, x2; P moves first, or O after a pass. */
static int two_left(uint64_t P, uint64_t O, int alpha, int x1, int x2, int64_t *nodes)
{
	uint64_t f1 = flip(x1, P, O), f2 = 0, mover = P, other = O;
	int sign = 1, best, score;
	if (!f1 && !(f2 = flip(x2, P, O))) { /* P passes: the same from O's view */
		mover = O; other = P; alpha = -alpha - 1; sign = -1;
		if (!(f1 = flip(x1, O, P)) && !(f2 = flip(x2, O, P))) { *nodes += 1; return final_score(O, 2); }
	}
	*nodes += 2;
	best = f1 ? last_move(other ^ f1, alpha, x2) : last_move(other ^ f2, alpha, x1);
	if (f1 && best > alpha && (f2 = flip(x2, mover, other)) != 0) {
		*nodes += 1;
		score = last_move(other ^ f2, alpha, x1);
		if (score < best) best = score;
	}
	return sign * best;
}

/* The score of P (to move) with the three empties e. */
static int three_left(uint64_t P, uint64_t O, int alpha, const int *e, int64_t *nodes)
{
	int x[3] = { e[0], e[1], e[2] }, t, i, k, side, best;
	*nodes += 1;
	if (!odd_quadrant(e, 3, x[0])) { /* the odd one first, then the other two by value */
		t = x[0];
		if (odd_quadrant(e, 3, x[1])) { x[0] = x[1]; x[1] = t; } else { x[0] = x[2]; x[2] = x[1]; x[1] = t; }
		if (SQUARE_VALUE[x[2]] > SQUARE_VALUE[x[1]]) { t = x[1]; x[1] = x[2]; x[2] = t; }
	} else { /* Edax orders x2, x3 by value, then swaps them back if the first is worth more than x1 */
		if (SQUARE_VALUE[x[2]] > SQUARE_VALUE[x[1]]) { t = x[1]; x[1] = x[2]; x[2] = t; }
		if (SQUARE_VALUE[x[1]] > SQUARE_VALUE[x[0]]) { t = x[1]; x[1] = x[2]; x[2] = t; }
	}
	for (side = 0; side < 2; ++side) { /* P's moves; if none, O's (seen from O) */
		const uint64_t mover = side ? O : P, other = side ? P : O;
		const int a = side ? -alpha - 1 : alpha;
		best = -SCORE_NONE;
		for (i = 0; i < 3; ++i) {
			const uint64_t f = flip(x[i], mover, other);
			int rest[2];
			if (!f) continue;
			for (k = 0, t = 0; k < 3; ++k) if (k != i) rest[t++] = x[k];
			t = two_left(other ^ f, mover ^ f ^ (1ULL << x[i]), a, rest[0], rest[1], nodes);
			if (t > best) best = t;
			if (t > a) break;
		}
		if (best != -SCORE_NONE) return side ? -best : best;
	}
	return final_score(P, 3);
}

/* The score of O (not to move) with the four empties e (P to move). */
static int four_left(uint64_t P, uint64_t O, int alpha, const int *e, int64_t *nodes)
{
	int x[4], rest[3], i, best = SCORE_NONE, score;
	*nodes += 1;
	if (alpha < -STABILITY_THRESHOLD[4] && (score = 2 * get_stability(O, P) - 64) > alpha) return score;
	parity_first(e, 4, x);
	for (i = 0; i < 4; ++i) {
		const uint64_t f = flip(x[i], P, O);
		if (!f) continue;
		list_without(x, 4, x[i], rest);
		score = three_left(O ^ f, P ^ f ^ (1ULL << x[i]), alpha, rest, nodes);
		if (score < best) best = score;
		if (score <= alpha) break;
	}
	if (best != SCORE_NONE) return best;
	if (can_move(O, P)) return -four_left(O, P, -alpha - 1, e, nodes);
	return final_score(O, 4);
}

/* The score of P (to move) with the n empties e: Edax's search_shallow. */
static int shallow(uint64_t P, uint64_t O, int alpha, const int *e, int n, int64_t *nodes)
{
	int x[SHALLOW_MAX], rest[SHALLOW_MAX], i, best = -SCORE_NONE, score;
	*nodes += 1;
	if (alpha >= STABILITY_THRESHOLD[n] && (score = 64 - 2 * get_stability(O, P)) <= alpha) return score;
	parity_first(e, n, x);
	for (i = 0; i < n; ++i) {
		const uint64_t f = flip(x[i], P, O);
		if (!f) continue;
		list_without(e, n, x[i], rest);
		if (n == 5) score = four_left(O ^ f, P ^ f ^ (1ULL << x[i]), alpha, rest, nodes);
		else score = -shallow(O ^ f, P ^ f ^ (1ULL << x[i]), -alpha - 1, rest, n - 1, nodes);
		if (score > best) best = score;
		if (score > alpha) break;
	}
	if (best != -SCORE_NONE) return best;
	if (can_move(O, P)) return -shallow(O, P, -alpha - 1, e, n, nodes);
	return final_score(P, n);
}

int ref_solve_shallow(const Board *board, const int alpha, int64_t *n_nodes)
{
	const uint64_t P = board->player, O = board->opponent, E = ~(P | O);
	int e[SHALLOW_MAX], n = 0, i;
	if (popcount(E) > SHALLOW_MAX) return -SCORE_NONE;
	for (i = 0; i < 64; ++i) {
		const int x = (LIST_ORDER[2 * i] - 'a') + 8 * (LIST_ORDER[2 * i + 1] - '1');
		if (E >> x & 1) e[n++] = x;
	}
	/* Any alpha acts as the nearest of -65..64: every score compares the same way. */
	return shallow(P, O, alpha < -65 ? -65 : alpha > 64 ? 64 : alpha, e, n, n_nodes);
}

/* ---- endgame search ----------------------------------------------------------------------- */

/* ref_nws_endgame gives what Edax 4.6's NWS_endgame (endgame.c) gives on Edax's table: the same
 * fail-soft score, the same node count and the same table afterwards. The rules it follows:
 * - One node per call; a set stop flag returns alpha at once. The stability cut-off first (when
 *   alpha reaches NWS_THRESHOLD[n]), then the moves (get_moves, in square order).
 * - No move: a pass when the opponent can move (searched by this same function, whatever the
 *   empties), else the final score. One move: played, nothing read or written in the table.
 * - Two moves or more: the table first. An entry holding the board in one of the 4 ways of its
 *   bucket (compared, then re-compared under the bucket's lock) gets the table's date; it cuts
 *   when it is exact (selectivity 5) for at least n empties and its bounds decide. Then each move
 *   gets Edax's ordering score (a wipe-out, the entry's two moves, else the square's value, the
 *   parity of its quadrant, and the mobility, corner stability and potential mobility it leaves
 *   the opponent: one node per move scored that way), and the moves are searched best first,
 *   the first in square order among equals, until one fails high. The result goes back to the
 *   table (unless stopped): merged into the way holding the board (bounds narrowed for the same
 *   depth, replaced otherwise; a fresh entry if they cross), or replacing the way whose draft
 *   (date, cost, selectivity, depth, compared in that order) is smallest. The cost is the bit
 *   length minus one of the nodes counted from the ordering on.
 * - Children with 7 empties or fewer go to the leaf search (shallow above). */

enum { NWS_MAX = 64, EXACT = 5, NO_MOVE = 65 };

static const int NWS_THRESHOLD[NWS_MAX + 1] = {
	99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46,
	48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
	99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
};

static void lock(SpinLock *s)
{
	while (__atomic_exchange_n(&s->lock, 1, __ATOMIC_ACQUIRE))
		while (__atomic_load_n(&s->lock, __ATOMIC_RELAXED)) {}
}

static void unlock(SpinLock *s) { __atomic_store_n(&s->lock, 0, __ATOMIC_RELEASE); }

static int holds(const Hash *h, uint64_t P, uint64_t O) { return h->board.player == P && h->board.opponent == O; }

static uint32_t draft(const HashData *d)
{
	return d->depth | (uint32_t) d->selectivity << 8 | (uint32_t) d->cost << 16 | (uint32_t) d->date << 24;
}

/* The entry of (P, O) in its bucket, copied to *out; its date becomes the table's. */
static int table_get(HashTable *t, uint64_t P, uint64_t O, uint64_t code, HashData *out)
{
	Hash *h = t->hash + (code & t->hash_mask);
	SpinLock *s = t->spin + (code & t->spin_mask);
	int i, found;
	for (i = 0; i < 4; ++i, ++h) {
		if (!holds(h, P, O)) continue;
		lock(s);
		if ((found = holds(h, P, O)) != 0) {
			*out = h->data;
			h->data.date = t->date;
		}
		unlock(s);
		if (found) return 1;
	}
	return 0;
}

/* A search of the window (alpha, alpha + 1) returned score with best move x: a good move joins
 * the entry's two. */
static void add_move(HashData *d, int alpha, int score, int x)
{
	if ((score > alpha || score == -64) && d->move[0] != x) {
		d->move[1] = d->move[0];
		d->move[0] = (int8_t) x;
	}
}

static void set_bounds(HashData *d, int alpha, int score)
{
	d->upper = (int8_t) (score <= alpha ? score : 64);
	d->lower = (int8_t) (score > alpha ? score : -64);
}

static void fresh(HashData *d, int n, int cost, int date, int alpha, int score, int x)
{
	d->depth = (uint8_t) n;
	d->selectivity = EXACT;
	d->cost = (uint8_t) cost;
	d->date = (uint8_t) date;
	set_bounds(d, alpha, score);
	d->move[0] = d->move[1] = NO_MOVE;
	add_move(d, alpha, score, x);
}

static void table_put(HashTable *t, uint64_t P, uint64_t O, uint64_t code, int n, int cost, int alpha, int score, int x)
{
	Hash *first = t->hash + (code & t->hash_mask), *worst = first;
	SpinLock *s = t->spin + (code & t->spin_mask);
	int i;
	for (i = 0; i < 4; ++i) {
		Hash *h = first + i;
		if (holds(h, P, O)) {
			lock(s);
			if (holds(h, P, O)) {
				HashData *d = &h->data;
				if (d->depth == n && d->selectivity == EXACT) {
					if (score <= alpha && score < d->upper) d->upper = (int8_t) score;
					if (score > alpha && score > d->lower) d->lower = (int8_t) score;
				} else {
					set_bounds(d, alpha, score);
					d->depth = (uint8_t) n;
					d->selectivity = EXACT;
				}
				add_move(d, alpha, score, x);
				if (cost > d->cost) d->cost = (uint8_t) cost;
				d->date = t->date;
				if (d->lower > d->upper) fresh(d, n, cost, t->date, alpha, score, x);
				unlock(s);
				return;
			}
			unlock(s);
		}
		if (draft(&worst->data) > draft(&h->data)) worst = h;
	}
	lock(s);
	worst->board.player = P;
	worst->board.opponent = O;
	fresh(&worst->data, n, cost, t->date, alpha, score, x);
	unlock(s);
}

static int nws(HashTable *t, const int *stop, uint64_t P, uint64_t O, int alpha, const int *e, int n, int64_t *nodes);

/* The score of the child (P to move, the empties e of the parent without x), from its side. */
static int child(HashTable *t, const int *stop, uint64_t P, uint64_t O, int alpha, const int *e, int n, int x,
                 int64_t *nodes)
{
	int rest[NWS_MAX];
	list_without(e, n, x, rest);
	if (n - 1 <= 7) return shallow(P, O, alpha, rest, n - 1, nodes);
	return nws(t, stop, P, O, alpha, rest, n - 1, nodes);
}

/* Edax's ordering score of the move x (flipping f) of P; one node when scored by the position. */
static int move_score(uint64_t P, uint64_t O, int x, uint64_t f, const HashData *d, const int *e, int n,
                      int64_t *nodes)
{
	const uint64_t next_p = O ^ f, next_o = P ^ f ^ (1ULL << x);
	int score;
	if (f == O) return 1 << 30;
	if (x == d->move[0]) return 1 << 29;
	if (x == d->move[1]) return 1 << 28;
	*nodes += 1;
	score = SQUARE_VALUE[x];
	if (odd_quadrant(e, n, x)) score += n < 12 ? 8 : 4;
	score += (36 - get_potential_mobility(next_p, next_o)) << 5;
	score += get_corner_stability(next_o) << 11;
	score += (36 - get_weighted_mobility(next_p, next_o)) << 15;
	return score;
}

/* The score of P (to move) with the n empties e: Edax's NWS_endgame. */
static int nws(HashTable *t, const int *stop, uint64_t P, uint64_t O, int alpha, const int *e, int n, int64_t *nodes)
{
	uint64_t f[NWS_MAX], moves, cost;
	int x[NWS_MAX], score[NWS_MAX], taken[NWS_MAX] = { 0 }, m = 0, i, best = -SCORE_NONE, best_x = NO_MOVE, s;
	const HashData none = { 0, 0, 0, 0, -127, 127, { NO_MOVE, NO_MOVE } };
	HashData d;
	Board b;
	uint64_t code;
	int64_t start;

	if (stop && *stop) return alpha;
	*nodes += 1;
	b.player = P;
	b.opponent = O;
	code = board_get_hash_code(&b);
	if (alpha >= NWS_THRESHOLD[n] && (s = 64 - 2 * get_stability(O, P)) <= alpha) return s;
	moves = get_moves(P, O);
	for (i = 0; i < 64; ++i)
		if (moves >> i & 1) {
			x[m] = i;
			f[m++] = flip(i, P, O);
		}
	if (m == 0) return can_move(O, P) ? -nws(t, stop, O, P, -alpha - 1, e, n, nodes) : final_score(P, n);
	if (m == 1) return -child(t, stop, O ^ f[0], P ^ f[0] ^ (1ULL << x[0]), -alpha - 1, e, n, x[0], nodes);
	if (table_get(t, P, O, code, &d)) {
		if (d.selectivity >= EXACT && d.depth >= n) {
			if (alpha < d.lower) return d.lower;
			if (alpha >= d.upper) return d.upper;
		}
	} else {
		d = none;
	}
	start = *nodes;
	for (i = 0; i < m; ++i) score[i] = move_score(P, O, x[i], f[i], &d, e, n, nodes);
	for (;;) {
		int k = -1;
		for (i = 0; i < m; ++i)
			if (!taken[i] && (k < 0 || score[i] > score[k])) k = i;
		if (k < 0) break;
		taken[k] = 1;
		s = -child(t, stop, O ^ f[k], P ^ f[k] ^ (1ULL << x[k]), -alpha - 1, e, n, x[k], nodes);
		if (s > best) {
			best = s;
			best_x = x[k];
			if (best > alpha) break;
		}
	}
	if (!(stop && *stop)) {
		for (cost = (uint64_t) (*nodes - start), i = 0; cost >>= 1;) ++i;
		table_put(t, P, O, code, n, i, alpha, best, best_x);
	}
	return best;
}

int ref_nws_endgame(const Board *board, const int alpha, HashTable *table, const int *stop, int64_t *n_nodes)
{
	const uint64_t P = board->player, O = board->opponent, E = ~(P | O);
	int e[NWS_MAX], n = 0, i;
	for (i = 0; i < 64; ++i) {
		const int x = (LIST_ORDER[2 * i] - 'a') + 8 * (LIST_ORDER[2 * i + 1] - '1');
		if (E >> x & 1) e[n++] = x;
	}
	return nws(table, stop, P, O, alpha < -65 ? -65 : alpha > 64 ? 64 : alpha, e, n, n_nodes);
}
