/* Calls one kernel REPS times over a fixed set of positions: run under qemu with the
 * instruction-count plugin (scripts/cross/insn-count.c) once with REPS = 0 and once with
 * REPS > 0, the difference divided by the number of calls is the instructions per call, the
 * loop and the call included. scripts/cross/kernel-insns.sh does this for every kernel and side.
 *
 * Compiled twice from this file, on the same positions in the same order (make_positions uses
 * the library's ek_get_moves and ek_flip in both programs):
 *   - as it is, it calls the library's C API (ek_*) on the level EDAX_KERNELS_ISA names; each
 *     ek_ function jumps through its dispatch slot (adrp, ldr, br: 3 instructions);
 *   - with -DEDAX_SIDE_A and -I ffi_bench/ref, linked to a side A built from Edax 4.6's sources
 *     by ffi_bench/side-a.sh (with board_unique made global again, see kernel-insns.sh) and
 *     ffi_bench/ref/edax_support.c, it calls Edax's own functions under Edax's names, directly
 *     (Edax's flip and count_last_flip then jump through Edax's table of per-square functions;
 *     its board_get_hash_code calls crc32c_u64, another unit of side A, twice).
 * Usage: kernel-insns KERNEL REPS; KERNEL is one of those listed in `kernels` below ("call" is a
 * call to an empty function in the loop of flip: the loop and call overhead). Prints the number
 * of calls a repetition makes and a checksum of the results, the same for both programs. */
#include "edax_kernels.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef EDAX_SIDE_A
#include "edax_api.h" /* ffi_bench/ref: Edax's names and types as side A defines them */
#define SIDE "edax46"
#define K_FLIP(x, P, O) flip(x, P, O)
#define K_GET_MOVES(P, O) get_moves(P, O)
#define K_GET_MOBILITY(P, O) get_mobility(P, O)
#define K_GET_STABILITY(P, O) get_stability(P, O)
#define K_GET_EDGE_STABILITY(P, O) get_edge_stability(P, O)
#define K_COUNT_LAST_FLIP(x, P) count_last_flip(x, P)
#define K_HASH(b) board_get_hash_code((const Board *) (b))
#define K_SYMETRY(b, s, sym) (board_symetry((const Board *) (b), s, (Board *) (sym)), 0)
#define K_UNIQUE(b, u) board_unique((const Board *) (b), (Board *) (u))
#define K_SOLVE_SHALLOW(b, alpha, nodes) ref_solve_shallow((const Board *) (b), alpha, nodes)
typedef Eval KEval;
typedef Move KMove;
#define K_EVAL_INIT(e) (eval_init(e), 0)
#define K_EVAL_SET(e, b) (eval_set(e, (const Board *) (b)), 0)
#define K_EVAL_UPDATE(e, m) (eval_update(e, m), 0)
#define K_EVAL_RESTORE(e) (eval_restore(e), 0)
#define K_EVAL_FREE(e) eval_free(e)
#define K_FEATURE(e, ply, i) (e).feature[ply].v1[i]
#else
#define SIDE ek_isa_table()
#define K_FLIP(x, P, O) ek_flip(x, P, O)
#define K_GET_MOVES(P, O) ek_get_moves(P, O)
#define K_GET_MOBILITY(P, O) ek_get_mobility(P, O)
#define K_GET_STABILITY(P, O) ek_get_stability(P, O)
#define K_GET_EDGE_STABILITY(P, O) ek_get_edge_stability(P, O)
#define K_COUNT_LAST_FLIP(x, P) ek_count_last_flip(x, P)
#define K_HASH(b) ek_board_get_hash_code(b)
#define K_SYMETRY(b, s, sym) ek_board_symetry(b, s, sym)
#define K_UNIQUE(b, u) ek_board_unique(b, u)
#define K_SOLVE_SHALLOW(b, alpha, nodes) ek_solve_shallow(b, alpha, nodes)
typedef EkEval KEval;
typedef EkMove KMove;
#define K_EVAL_INIT(e) ek_eval_init(e)
#define K_EVAL_SET(e, b) ek_eval_set(e, b)
#define K_EVAL_UPDATE(e, m) ek_eval_update(e, m)
#define K_EVAL_RESTORE(e) ek_eval_restore(e)
#define K_EVAL_FREE(e) ek_eval_free(e)
#define K_FEATURE(e, ply, i) (e).feature[ply].v[i]
#endif

#define N_POS 1000
#define N_SHALLOW 100

static EkBoard pos[N_POS], shallow[N_SHALLOW];
static int moves_x[N_POS], empty_x[N_POS];
static uint64_t flips[N_POS];
static uint64_t rng = 0x2545F4914F6CDD1Dull;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int pick(uint64_t b)
{
    int n = (int) (next() % (uint64_t) __builtin_popcountll(b));
    while (n-- > 0) b &= b - 1;
    return __builtin_ctzll(b);
}

/* Positions of random games with at least one legal move (and a move and an empty square of
 * each), and positions with 6 empty squares for the leaf search. */
static void make_positions(void)
{
    int n = 0, ns = 0;
    while (n < N_POS || ns < N_SHALLOW) {
        EkBoard b = { 0x0000000810000000ull, 0x0000001008000000ull };
        for (;;) {
            uint64_t m = ek_get_moves(b.player, b.opponent), f, t;
            int x;
            if (m == 0) {
                if (ek_get_moves(b.opponent, b.player) == 0) break;
                t = b.player, b.player = b.opponent, b.opponent = t;
                continue;
            }
            if (n < N_POS && next() % 4 == 0) {
                pos[n] = b;
                moves_x[n] = pick(m);
                flips[n] = ek_flip(moves_x[n], b.player, b.opponent);
                empty_x[n] = pick(~(b.player | b.opponent));
                ++n;
            }
            if (ns < N_SHALLOW && __builtin_popcountll(~(b.player | b.opponent)) == 6) shallow[ns++] = b;
            x = pick(m);
            f = ek_flip(x, b.player, b.opponent);
            t = b.player ^ f ^ (1ull << x);
            b.player = b.opponent ^ f;
            b.opponent = t;
        }
    }
}

/* The loop and call overhead: flip's loop calling a function that returns at once. */
__attribute__((noinline)) static uint64_t empty_call(int x, uint64_t P, uint64_t O)
{
    __asm__ volatile("" ::"r"(x), "r"(P), "r"(O));
    return 0;
}

/* unique's symmetry index on ties: Edax below AVX2 keeps the first minimum in the order
 * 0, 1, ..., 7, the library (as Edax's AVX2 build) in the order 0, 4, 1, 6, 2, 5, 3, 7. The loop adds
 * the index returned; the checksum replaces it with the smallest symmetry that gives the unique
 * board, after checking that the one returned gives it (*bad counts those that do not). Done
 * once per run whatever REPS, so not in the counted difference. */
static int64_t unique_tie_correction(int *bad)
{
    int64_t correction = 0;
    int i, s, c;
    for (i = 0; i < N_POS; ++i) {
        EkBoard u, t;
        s = K_UNIQUE(&pos[i], &u);
        ek_board_symetry(&pos[i], s, &t);
        if (s < 0 || s > 7 || t.player != u.player || t.opponent != u.opponent) ++*bad;
        for (c = 0; c < 8; ++c) {
            ek_board_symetry(&pos[i], c, &t);
            if (t.player == u.player && t.opponent == u.opponent) break;
        }
        correction += s - c;
    }
    return correction;
}

volatile uint64_t warm_up;

/* One repetition of kernel k: every call over the positions; returns the sum of the results. */
__attribute__((noinline)) static uint64_t repetition(int k, KEval *eval)
{
    uint64_t sum = 0;
    int i;
    switch (k) {
    case 0: for (i = 0; i < N_POS; ++i) sum += K_FLIP(moves_x[i], pos[i].player, pos[i].opponent); break;
    case 1: for (i = 0; i < N_POS; ++i) sum += K_GET_MOVES(pos[i].player, pos[i].opponent); break;
    case 2: for (i = 0; i < N_POS; ++i) sum += (uint64_t) K_GET_MOBILITY(pos[i].player, pos[i].opponent); break;
    case 3: for (i = 0; i < N_POS; ++i) sum += (uint64_t) K_GET_STABILITY(pos[i].player, pos[i].opponent); break;
    case 4: for (i = 0; i < N_POS; ++i) sum += (uint64_t) K_GET_EDGE_STABILITY(pos[i].player, pos[i].opponent); break;
    case 5: for (i = 0; i < N_POS; ++i) sum += (uint64_t) K_COUNT_LAST_FLIP(empty_x[i], pos[i].player); break;
    case 6: for (i = 0; i < N_POS; ++i) sum += K_HASH(&pos[i]); break;
    case 7:
        for (i = 0; i < N_POS; ++i) {
            EkBoard s;
            sum += (uint64_t) K_SYMETRY(&pos[i], i & 7, &s) + s.player + s.opponent;
        }
        break;
    case 8:
        for (i = 0; i < N_POS; ++i) {
            EkBoard u;
            sum += (uint64_t) K_UNIQUE(&pos[i], &u) + u.player + u.opponent;
        }
        break;
    case 9:
        for (i = 0; i < N_SHALLOW; ++i) {
            int64_t nodes = 0;
            sum += (uint64_t) K_SOLVE_SHALLOW(&shallow[i], 0, &nodes) + (uint64_t) nodes;
        }
        break;
    case 10:
        /* With its restore (a few instructions). */
        for (i = 0; i < N_POS; ++i) {
            KMove move;
            memset(&move, 0, sizeof move);
            move.x = moves_x[i];
            move.flipped = flips[i];
            sum += (uint64_t) K_EVAL_UPDATE(eval, &move) + (uint64_t) K_EVAL_RESTORE(eval);
        }
        for (i = 0; i < 48; ++i) sum = sum * 31 + K_FEATURE(*eval, eval->ply + 1, i); /* the last update's */
        break;
    default: for (i = 0; i < N_POS; ++i) sum += empty_call(moves_x[i], pos[i].player, pos[i].opponent);
    }
    return sum;
}

int main(int argc, char **argv)
{
    static const char *const kernels[] = { "flip", "get_moves", "get_mobility", "get_stability",
        "get_edge_stability", "count_last_flip", "hash_code", "symmetry", "unique", "solve_shallow", "eval_update",
        "call" };
    int k, r, reps, calls, bad = 0;
    int64_t tie_correction = 0;
    uint64_t sum = 0;
    KEval eval;
    if (argc != 3) {
        fprintf(stderr, "usage: %s KERNEL REPS\n", argv[0]);
        return 2;
    }
    for (k = 0; k < (int) (sizeof kernels / sizeof kernels[0]) && strcmp(kernels[k], argv[1]) != 0; ++k) {}
    if (k == (int) (sizeof kernels / sizeof kernels[0])) {
        fprintf(stderr, "unknown kernel %s\n", argv[1]);
        return 2;
    }
    reps = atoi(argv[2]);
    make_positions();
#ifdef EDAX_SIDE_A
    edge_stability_init(); /* Edax's start-up: the table of get_stability and get_edge_stability */
#endif
    if (K_EVAL_INIT(&eval) != 0 || K_EVAL_SET(&eval, &pos[0]) != 0) return 1;
    if (k == 8) tie_correction = unique_tie_correction(&bad);
    /* A first repetition, made with REPS = 0 too: what a first call does once (the library's
     * choice of level; ref_solve_shallow's set-up, which fills another copy of Edax's
     * edge-stability table) is not counted. */
    warm_up = repetition(k, &eval);
    for (r = 0; r < reps; ++r) sum += repetition(k, &eval);
    K_EVAL_FREE(&eval);
    sum -= (uint64_t) tie_correction * (uint64_t) reps;
    if (bad) {
        printf("%d of unique's indices do not give the unique board\n", bad);
        sum = ~sum;
    }
    calls = k == 9 ? N_SHALLOW : N_POS;
    printf("%s, %s: %d calls per repetition, checksum %016llx\n", SIDE, argv[1], calls, (unsigned long long) sum);
    return 0;
}
