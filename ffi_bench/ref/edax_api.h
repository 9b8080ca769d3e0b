/*
 * The Edax 4.6 kernel API, declared the way Edax's board.h, bit.h and hash.h declare it.
 * Implemented by edax_ref.c (the bundled C reference), or by a user's own Edax objects.
 */
#ifndef EDAX_API_H
#define EDAX_API_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Edax's Board: the side to move's discs, then the other side's. */
typedef struct Board {
	uint64_t player, opponent;
} Board;

/** Edax's Feature: the 47 pattern features (and a padding one), 16 bits each. */
typedef union Feature {
	_Alignas(32) uint16_t v1[48];
	uint64_t v4[12];
} Feature;

/** Edax's Eval: the features of each ply of the current line. */
typedef struct Eval {
	Feature *feature;
	int player;
	int ply;
} Eval;

/** Edax's Move (the fields eval_update reads: x, flipped). */
typedef struct Move {
	struct Move *next;
	uint64_t flipped;
	int32_t x;
	int32_t score;
	uint32_t cost;
} Move;

uint64_t flip(const int x, const uint64_t P, const uint64_t O);
uint64_t board_flip(const Board *board, const int x);
uint64_t board_next(const Board *board, const int x, Board *next);
int count_last_flip(const int x, const uint64_t P);
uint64_t get_moves(const uint64_t P, const uint64_t O);
bool can_move(const uint64_t P, const uint64_t O);
int get_mobility(const uint64_t P, const uint64_t O);
int get_weighted_mobility(const uint64_t P, const uint64_t O);
int get_potential_mobility(const uint64_t P, const uint64_t O);
void edge_stability_init(void);
int get_stability(const uint64_t P, const uint64_t O);
int get_edge_stability(const uint64_t P, const uint64_t O);
int get_corner_stability(const uint64_t P);
uint64_t board_get_hash_code(const Board *board);
void board_symetry(const Board *board, const int s, Board *sym);
int board_unique(const Board *board, Board *unique);

/* Not Edax's API: Edax's endgame leaf search search_shallow(search, alpha) (static in endgame.c)
 * on a board with at most 10 empty squares, as the bundled reference implements it: returns the
 * fail-soft score for the side to move on the null window (alpha, alpha + 1) and adds Edax's
 * node count to *n_nodes; more empty squares: returns -127 and adds nothing. */
int ref_solve_shallow(const Board *board, const int alpha, int64_t *n_nodes);

/** Edax's transposition table (hash.h, util.h; default build), the layout of EkHashTable: an
 * entry's data (HashData, the draft's four bytes then the bounds and the two best moves), an
 * entry (Hash), a bucket lock (SpinLock) and the table (HashTable). */
typedef struct HashData {
	uint8_t depth, selectivity, cost, date;
	int8_t lower, upper, move[2];
} HashData;
typedef struct Hash {
	Board board;
	HashData data;
} Hash;
typedef struct SpinLock {
	int lock;
} SpinLock;
typedef struct HashTable {
	Hash *hash;
	SpinLock *spin;
	uint64_t n_hash, hash_mask;
	uint32_t spin_mask, n_spin;
	uint8_t date;
} HashTable;

/* Not Edax's API: Edax's endgame search NWS_endgame(search, alpha) (endgame.c) on a board, with
 * Edax's table `table` (the search's hash_table) and stop flag (NULL: never stops), as the
 * bundled reference implements it: returns the fail-soft score for the side to move on the null
 * window (alpha, alpha + 1), adds Edax's node count to *n_nodes and leaves the table as Edax
 * would. */
int ref_nws_endgame(const Board *board, const int alpha, HashTable *table, const int *stop, int64_t *n_nodes);

void eval_open(const char *file);
void eval_close(void);
void eval_init(Eval *eval);
void eval_free(Eval *eval);
void eval_set(Eval *eval, const Board *board);
void eval_update(Eval *eval, const Move *move);
void eval_restore(Eval *eval);
void eval_pass(Eval *eval);
int eval_accumulate(const Eval *eval);

#ifdef __cplusplus
}
#endif

#endif
