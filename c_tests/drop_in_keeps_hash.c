/*
 * The drop-in of docs/edax-drop-in.md steps 1-5 (or 1-6), which keeps Edax's hash.c: a program
 * that defines Edax's table functions itself (hash_get, hash_store, hash_force, hash_feed,
 * hash_exclude_move, as hash.c does), linked to the library built with edax-abi (or
 * edax-abi-eval), statically or as a shared library. The library exports those five names too
 * (step 8); they must give way to the program's: the static library marks them weak
 * (scripts/build-capi.sh), and a shared library's definitions are preempted by the program's.
 * Checks that the program links, that its own table functions are the ones its calls reach,
 * that the library's kernels run, and that the library's endgame search (step 8 with hash.c
 * kept, on one thread) uses its own table code, never the program's.
 * Usage: drop_in_keeps_hash (no argument).
 */
#include "check.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" { /* Edax's names are C's */
#endif

/* board.h and bit.h, as an Edax source file sees them (steps 1-5 keep these declarations). */
typedef struct Board {
    uint64_t player, opponent;
} Board;
uint64_t get_moves(const uint64_t, const uint64_t);
uint64_t board_next(const Board *, const int, Board *);
int bit_count_64(const uint64_t);

/* hash.h (default build), util.h's SpinLock. */
typedef struct SpinLock { int lock; } SpinLock;
typedef union {
    struct { uint8_t depth, selectivity, cost, date; } u1;
    struct { uint16_t depth_selectivity, cost_date; } u2;
    uint32_t u4;
} HashDraft;
typedef struct HashData {
    HashDraft draft;
    int8_t lower;
    int8_t upper;
    int8_t move[2];
} HashData;
typedef struct Hash {
    Board board;
    HashData data;
} Hash;
typedef struct HashTable {
    Hash *hash;
    SpinLock *spin;
    uint64_t n_hash;
    uint64_t hash_mask;
    uint32_t spin_mask;
    uint32_t n_spin;
    uint8_t date;
} HashTable;
typedef struct HashStore {
    HashDraft draft;
    int8_t alpha;
    int8_t beta;
    int8_t score;
    int8_t move;
} HashStore;

/* Step 8's declaration (docs/edax-drop-in.md), which a build keeping hash.c may still use. */
int ek_nws_endgame(const Board *board, int alpha, HashTable *table, const int *stop, int64_t *n_nodes);

/* The program's own table functions, standing for Edax's hash.c: each counts its calls. */
static int own_calls = 0;

void hash_store(HashTable *table, const Board *board, const uint64_t code, const HashStore *store)
{
    (void) table; (void) board; (void) code; (void) store;
    ++own_calls;
}

void hash_force(HashTable *table, const Board *board, const uint64_t code, const HashStore *store)
{
    (void) table; (void) board; (void) code; (void) store;
    ++own_calls;
}

bool hash_get(HashTable *table, const Board *board, const uint64_t code, HashData *data)
{
    (void) table; (void) board; (void) code;
    ++own_calls;
    memset(data, 0, sizeof *data);
    data->lower = 42; /* a mark no library probe writes for an empty table */
    return true;
}

void hash_feed(HashTable *table, const Board *board, const uint64_t code, const HashData *data)
{
    (void) table; (void) board; (void) code; (void) data;
    ++own_calls;
}

void hash_exclude_move(HashTable *table, const Board *board, const uint64_t code, const int move)
{
    (void) table; (void) board; (void) code; (void) move;
    ++own_calls;
}

#ifdef __cplusplus
}
#endif

enum { N_HASH = 1 << 12, N_WAY = 4, N_SPIN = 1 << 8 };
static Hash entries[N_HASH + N_WAY + 1];
static SpinLock spins[N_SPIN];

int main(void)
{
    Board b = { 0x0000000810000000ULL, 0x0000001008000000ULL };
    HashTable table = { entries, spins, N_HASH, N_HASH - 1, N_SPIN - 1, N_SPIN, 0 };
    HashData data;
    HashStore store;
    int64_t nodes = 0;
    int score, empties, stored = 0;
    uint64_t moves;
    size_t i;

    /* The library's kernels: the start position's moves, then a game of first moves down to
     * 12 empty squares. */
    CHECK(get_moves(b.player, b.opponent) == 0x0000102004080000ULL, "get_moves of the start");
    for (empties = 60; empties > 12;) {
        moves = get_moves(b.player, b.opponent);
        if (moves == 0) {
            Board swapped = { b.opponent, b.player };
            if (get_moves(swapped.player, swapped.opponent) == 0) break;
            b = swapped;
            continue;
        }
        board_next(&b, __builtin_ctzll(moves), &b);
        --empties;
    }
    CHECK(empties == 12 && 64 - bit_count_64(b.player | b.opponent) == 12, "12 empty squares left");

    /* The program's calls reach its own table functions. */
    memset(&store, 0, sizeof store);
    CHECK(hash_get(&table, &b, 1, &data) && data.lower == 42, "hash_get is the program's");
    hash_store(&table, &b, 1, &store);
    hash_force(&table, &b, 1, &store);
    hash_feed(&table, &b, 1, &data);
    hash_exclude_move(&table, &b, 1, 0);
    CHECK(own_calls == 5, "the program's five table functions ran (%d calls)", own_calls);

    /* The library's endgame search stores into the table with its own code. */
    score = ek_nws_endgame(&b, 0, &table, NULL, &nodes);
    CHECK(score >= -64 && score <= 64, "a score (%d)", score);
    CHECK(nodes > 0, "nodes counted");
    for (i = 0; i < sizeof entries / sizeof entries[0]; ++i) stored += entries[i].board.player != 0;
    CHECK(stored > 0, "the library's search stored entries");
    CHECK(own_calls == 5, "the library's search called none of the program's table functions (%d calls)", own_calls);
    return check_summary("drop_in_keeps_hash");
}
