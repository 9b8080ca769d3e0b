/*
 * edax_ref_eval.c: plain C reference of Edax 4.6's evaluation (edax_api.h), written for this
 * project from the documented format and semantics (tests/data/golden/README.md):
 * unpacked weights per ply and colour, as Edax keeps them, features updated one changed
 * pattern at a time. A failed eval_open prints why and exits, as Edax does.
 */
#include "edax_api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_FEATURES 47
#define N_PLIES 61
#define N_PACKED 114364
#define N_WEIGHTS 226316 /* every pattern configuration, the constant, a zero for padding */

static const char *const PATTERNS[N_FEATURES] = {
	"A1B1A2B2C1A3C2B3C3", "H1G1H2G2F1H3F2G3F3", "A8A7B8B7A6C8B6C7C6", "H8H7G8G7H6F8G6F7F6",
	"A5A4A3A2A1B2B1C1D1E1", "H5H4H3H2H1G2G1F1E1D1", "A4A5A6A7A8B7B8C8D8E8", "H4H5H6H7H8G7G8F8E8D8",
	"B2A1B1C1D1E1F1G1H1G2", "B7A8B8C8D8E8F8G8H8G7", "B2A1A2A3A4A5A6A7A8B7", "G2H1H2H3H4H5H6H7H8G7",
	"A1C1D1C2D2E2F2E1F1H1", "A8C8D8C7D7E7F7E8F8H8", "A1A3A4B3B4B5B6A5A6A8", "H1H3H4G3G4G5G6H5H6H8",
	"A2B2C2D2E2F2G2H2", "A7B7C7D7E7F7G7H7", "B1B2B3B4B5B6B7B8", "G1G2G3G4G5G6G7G8",
	"A3B3C3D3E3F3G3H3", "A6B6C6D6E6F6G6H6", "C1C2C3C4C5C6C7C8", "F1F2F3F4F5F6F7F8",
	"A4B4C4D4E4F4G4H4", "A5B5C5D5E5F5G5H5", "D1D2D3D4D5D6D7D8", "E1E2E3E4E5E6E7E8",
	"A1B2C3D4E5F6G7H8", "A8B7C6D5E4F3G2H1",
	"B1C2D3E4F5G6H7", "H2G3F4E5D6C7B8", "A2B3C4D5E6F7G8", "G1F2E3D4C5B6A7",
	"C1D2E3F4G5H6", "A3B4C5D6E7F8", "F1E2D3C4B5A6", "H3G4F5E6D7C8",
	"D1E2F3G4H5", "A4B5C6D7E8", "E1D2C3B4A5", "H4G5F6E7D8",
	"D1C2B3A4", "A5B6C7D8", "E1F2G3H4", "H5G6F7E8",
	"",
};

/* The 12 tables of a ply record, in file order: squares, own symmetry (square i of the
 * configuration is square SYM[i] of its mirror, least significant first), feature using it. */
static const struct { int n; int sym[10]; int first_feature; } TABLES[12] = {
	{ 9, { 0, 2, 1, 4, 3, 5, 7, 6, 8 }, 0 },
	{ 10, { 9, 8, 7, 6, 4, 5, 3, 2, 1, 0 }, 4 },
	{ 10, { 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 }, 8 },
	{ 10, { 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 }, 12 },
	{ 8, { 7, 6, 5, 4, 3, 2, 1, 0 }, 16 }, { 8, { 7, 6, 5, 4, 3, 2, 1, 0 }, 20 },
	{ 8, { 7, 6, 5, 4, 3, 2, 1, 0 }, 24 }, { 8, { 7, 6, 5, 4, 3, 2, 1, 0 }, 28 },
	{ 7, { 6, 5, 4, 3, 2, 1, 0 }, 30 }, { 6, { 5, 4, 3, 2, 1, 0 }, 34 },
	{ 5, { 4, 3, 2, 1, 0 }, 38 }, { 4, { 3, 2, 1, 0 }, 42 },
};

static const int GROUP_BASE[5] = { 0, 19683, 78732, 137781, 196830 };
static const int FEATURE_OFFSET[N_FEATURES + 1] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6561, 6561, 6561, 6561, 13122, 13122, 13122,
	13122, 19683, 19683, 26244, 26244, 26244, 26244, 28431, 28431, 28431, 28431, 29160, 29160, 29160, 29160,
	29403, 29403, 29403, 29403, 29484, 29485,
};

static int16_t (*WEIGHTS)[2][N_WEIGHTS];
static int N_SQUARES[N_FEATURES];
static int SQUARES[N_FEATURES][10];
static uint16_t PLACE[64][48]; /* base-3 place value of square x in feature i */

static int group(int i) { return i < 16 ? i / 4 : 4; }
static int pow3(int k) { int p = 1; while (k--) p *= 3; return p; }

static void patterns_init(void)
{
	int i, j;
	memset(PLACE, 0, sizeof PLACE);
	for (i = 0; i < N_FEATURES; ++i) {
		N_SQUARES[i] = (int) strlen(PATTERNS[i]) / 2;
		for (j = 0; j < N_SQUARES[i]; ++j) {
			SQUARES[i][j] = (PATTERNS[i][2 * j + 1] - '1') * 8 + (PATTERNS[i][2 * j] - 'A');
			PLACE[SQUARES[i][j]][i] = (uint16_t) pow3(N_SQUARES[i] - 1 - j);
		}
	}
}

static int digit(int l, int k) { return l / pow3(k) % 3; }

static int mirror(int n, const int *sym, int l)
{
	int i, m = 0;
	for (i = 0; i < n; ++i) m += digit(l, sym[i]) * pow3(i);
	return m;
}

static int swap_colours(int n, int l)
{
	static const int SWAP[3] = { 1, 0, 2 };
	int i, s = 0;
	for (i = 0; i < n; ++i) s += SWAP[digit(l, i)] * pow3(i);
	return s;
}

static void fail(const char *what, const char *file)
{
	fprintf(stderr, "eval_open: %s: %s\n", file, what);
	exit(EXIT_FAILURE);
}

static uint32_t rd32(const unsigned char *p, int swap)
{
	uint32_t v = (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
	return swap ? (v >> 24) | ((v >> 8) & 0xFF00) | ((v << 8) & 0xFF0000) | (v << 24) : v;
}

void eval_open(const char *file)
{
	FILE *f;
	unsigned char head[28], *data;
	int swap, ply, t, l, c, packed_start = 0;
	int *rank;
	if (WEIGHTS) return;
	patterns_init();
	if ((f = fopen(file, "rb")) == NULL) fail("cannot open", file);
	if (fread(head, 1, 28, f) != 28) fail("cannot read the header", file);
	if (rd32(head, 0) == 0x45444158 && rd32(head + 4, 0) == 0x4556414C) swap = 0;
	else if (rd32(head, 1) == 0x45444158 && rd32(head + 4, 1) == 0x4556414C) swap = 1;
	else fail("not an Edax evaluation file", file);
	data = malloc((size_t) N_PLIES * N_PACKED * 2);
	WEIGHTS = calloc(N_PLIES, sizeof *WEIGHTS);
	rank = malloc(sizeof *rank * 59049);
	if (!data || !WEIGHTS || !rank) fail("out of memory", file);
	if (fread(data, 2, (size_t) N_PLIES * N_PACKED, f) != (size_t) N_PLIES * N_PACKED) fail("truncated", file);
	fclose(f);
	for (t = 0; t < 12; ++t) {
		const int n = TABLES[t].n, size = pow3(n);
		const int unpacked = GROUP_BASE[group(TABLES[t].first_feature)] + FEATURE_OFFSET[TABLES[t].first_feature];
		/* A configuration's packed rank: the number of canonical configurations (l <= mirror(l))
		 * below the smaller of it and its mirror. */
		int canonical = 0;
		for (l = 0; l < size; ++l) {
			rank[l] = canonical;
			if (l <= mirror(n, TABLES[t].sym, l)) ++canonical;
		}
		for (ply = 0; ply < N_PLIES; ++ply) {
			for (l = 0; l < size; ++l) {
				const int m = mirror(n, TABLES[t].sym, l), key = l < m ? l : m;
				const unsigned char *w = data + 2 * ((size_t) ply * N_PACKED + packed_start + rank[key]);
				int16_t v = (int16_t) (swap ? (w[0] << 8 | w[1]) : (w[1] << 8 | w[0]));
				WEIGHTS[ply][0][unpacked + l] = v;
				WEIGHTS[ply][1][unpacked + swap_colours(n, l)] = v;
			}
		}
		packed_start += canonical;
	}
	for (ply = 0; ply < N_PLIES; ++ply) {
		const unsigned char *w = data + 2 * ((size_t) ply * N_PACKED + N_PACKED - 1);
		for (c = 0; c < 2; ++c) WEIGHTS[ply][c][N_WEIGHTS - 2] = (int16_t) (swap ? (w[0] << 8 | w[1]) : (w[1] << 8 | w[0]));
	}
	free(rank);
	free(data);
}

void eval_close(void)
{
	free(WEIGHTS);
	WEIGHTS = NULL;
}

void eval_init(Eval *eval)
{
	eval->feature = aligned_alloc(64, ((N_PLIES * sizeof(Feature) + 63) / 64) * 64);
	if (eval->feature == NULL) { fputs("eval_init: out of memory\n", stderr); abort(); }
	eval->player = eval->ply = 0;
}

void eval_free(Eval *eval)
{
	free(eval->feature);
}

void eval_set(Eval *eval, const Board *board)
{
	int i, j;
	Feature *f;
	eval->player = 0;
	eval->ply = 60 - __builtin_popcountll(~(board->player | board->opponent));
	f = eval->feature + eval->ply;
	for (i = 0; i < N_FEATURES; ++i) {
		int v = 0;
		for (j = 0; j < N_SQUARES[i]; ++j) {
			const int x = SQUARES[i][j];
			v = v * 3 + (int) (2 - 2 * ((board->player >> x) & 1) - ((board->opponent >> x) & 1));
		}
		f->v1[i] = (uint16_t) (v + FEATURE_OFFSET[i]);
	}
	f->v1[N_FEATURES] = (uint16_t) FEATURE_OFFSET[N_FEATURES];
}

void eval_update(Eval *eval, const Move *move)
{
	const Feature *in = eval->feature + eval->ply;
	Feature *out = eval->feature + eval->ply + 1;
	const int sign = eval->player == 0 ? -1 : 1; /* how a flipped disc's digit moves */
	uint64_t b = move->flipped;
	int i;
	*out = *in;
	for (i = 0; i < N_FEATURES; ++i) out->v1[i] = (uint16_t) (out->v1[i] - (eval->player == 0 ? 2 : 1) * PLACE[move->x][i]);
	for (; b; b &= b - 1) {
		const int y = __builtin_ctzll(b);
		for (i = 0; i < N_FEATURES; ++i) out->v1[i] = (uint16_t) (out->v1[i] + sign * PLACE[y][i]);
	}
	++eval->ply;
	eval->player ^= 1;
}

void eval_restore(Eval *eval)
{
	--eval->ply;
	eval->player ^= 1;
}

void eval_pass(Eval *eval)
{
	eval->player ^= 1;
}

int eval_accumulate(const Eval *eval)
{
	const int16_t *w = WEIGHTS[eval->ply][eval->player];
	const uint16_t *f = eval->feature[eval->ply].v1;
	int i, sum = 0;
	for (i = 0; i < N_FEATURES; ++i) sum += w[GROUP_BASE[group(i)] + f[i]];
	return sum;
}
