/*
 * Side A from an Edax 4.6 checkout (abulmo/edax-reversi): Edax's endgame leaf search and endgame
 * search behind ffi_bench's ref_solve_shallow and ref_nws_endgame (contracts in
 * ffi_bench/ref/edax_api.h). Built by ffi_bench/side-a.sh with -I EDAX/src. Written for this
 * project; Edax's code is not copied here, it is #included from the checkout at build time.
 *
 * Edax builds as one unit (src/all.c includes every source file), so that endgame.c's static
 * search_shallow and the kernels it calls are compiled together; so does this file, with Edax's
 * main() renamed. side-a.sh then keeps only ref_solve_shallow and ref_nws_endgame global: the
 * rest of this Edax stays inside this object, apart from the kernel objects that define
 * ffi_bench's kernel names.
 */
#define main edax46_main /* Edax's command-line main(); ffi_bench has its own */
#include "all.c"
#undef main

#include <stdalign.h>

/* ffi_bench's table (edax_api.h) is Edax's, entry for entry. */
_Static_assert(sizeof (Hash) == 24 && sizeof (HashData) == 8, "Edax's Hash as edax_api.h declares it");

enum { SHALLOW_MAX = 10 };

static Search adapter_search; /* one search: ffi_bench calls side A from one thread */
static int order[BOARD_SIZE]; /* the squares in Edax's empties-list order (search_setup's) */
static bool ready;

/* Edax's start-up as far as these searches need it (its edge-stability table), then the order
 * in which search_setup links the empty squares, read by running it once on an empty board. Its
 * eval_set writes the features of ply 60 - 64 = -4: the scratch array has room below the
 * pointer it is given. */
static void adapter_init(void)
{
	static alignas(64) Feature scratch[4 + 1];
	Search *s = &adapter_search;
	int x, n = 0;
	edge_stability_init();
	s->eval.feature = scratch + 4;
	s->board.player = s->board.opponent = 0;
	search_setup(s);
	foreach_empty (x, s->empties) order[n++] = x;
	s->eval.feature = NULL;
	ready = true;
}

/* What search_set_board does for the endgame search, without the evaluation (which neither
 * search reads, and which would cost a few hundred ns a call): the board, its empty squares
 * linked in Edax's order, their count and the quadrant parity. */
static Search *adapter_setup(const Board *board)
{
	Search *s = &adapter_search;
	const uint64_t E = ~(board->player | board->opponent);
	int i, prev = NOMOVE;
	if (!ready) adapter_init();
	s->board = *board;
	s->n_empties = 0;
	s->parity = 0;
	for (i = 0; i < BOARD_SIZE; ++i) {
		const int x = order[i];
		if (E & x_to_bit(x)) {
			s->parity ^= QUADRANT_ID[x];
			s->empties[prev].next = x;
			s->empties[x].previous = prev;
			prev = x;
			++s->n_empties;
		}
	}
	s->empties[prev].next = NOMOVE;
	s->empties[NOMOVE].previous = prev;
	s->empties[PASS].next = s->empties[PASS].previous = NOMOVE;
	s->n_nodes = 0;
	s->stop = RUNNING;
	return s;
}

static int clamp_alpha(const int alpha) { return alpha < SCORE_MIN - 1 ? SCORE_MIN - 1 : alpha > SCORE_MAX ? SCORE_MAX : alpha; }

int ref_solve_shallow(const Board *board, const int alpha, int64_t *n_nodes)
{
	Search *s;
	int score;
	if (bit_count(~(board->player | board->opponent)) > SHALLOW_MAX) return -SCORE_INF;
	s = adapter_setup(board);
	score = search_shallow(s, clamp_alpha(alpha));
	*n_nodes += s->n_nodes;
	return score;
}

/* The stop flag is read once, at the call: Edax's search reads its own field, which ffi_bench's
 * flag (always NULL there) cannot alias. */
int ref_nws_endgame(const Board *board, const int alpha, HashTable *table, const int *stop, int64_t *n_nodes)
{
	Search *s = adapter_setup(board);
	int score;
	s->hash_table = *table;
	if (stop && *stop) s->stop = STOP_END;
	score = NWS_endgame(s, clamp_alpha(alpha));
	*n_nodes += s->n_nodes;
	return score;
}
