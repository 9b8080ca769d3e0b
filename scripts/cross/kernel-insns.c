/* Calls one kernel of the C API REPS times over a fixed set of positions, on the level
 * EDAX_KERNELS_ISA names: run under qemu with the instruction-count plugin
 * (scripts/cross/insn-count.c) once with REPS = 0 and once with REPS > 0, the difference divided
 * by the number of calls is the instructions per call, loop and dispatch jump included (the
 * same on every level). scripts/cross/kernel-insns.sh does this for every kernel and level.
 * Usage: kernel-insns KERNEL REPS; KERNEL is one of those listed in `kernels` below. Prints the
 * number of calls a repetition makes and a checksum of the results. */
#include "edax_kernels.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int main(int argc, char **argv)
{
    static const char *const kernels[] = { "flip", "get_moves", "get_mobility", "get_stability",
        "get_edge_stability", "count_last_flip", "hash_code", "symmetry", "unique", "solve_shallow", "eval_update" };
    int k, i, r, reps, calls;
    uint64_t sum = 0;
    EkEval eval;
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
    if (ek_eval_init(&eval) != EK_OK || ek_eval_set(&eval, &pos[0]) != EK_OK) return 1;
    calls = k == 9 ? N_SHALLOW : N_POS;
    for (r = 0; r < reps; ++r) {
        switch (k) {
        case 0: for (i = 0; i < N_POS; ++i) sum += ek_flip(moves_x[i], pos[i].player, pos[i].opponent); break;
        case 1: for (i = 0; i < N_POS; ++i) sum += ek_get_moves(pos[i].player, pos[i].opponent); break;
        case 2: for (i = 0; i < N_POS; ++i) sum += (uint64_t) ek_get_mobility(pos[i].player, pos[i].opponent); break;
        case 3: for (i = 0; i < N_POS; ++i) sum += (uint64_t) ek_get_stability(pos[i].player, pos[i].opponent); break;
        case 4: for (i = 0; i < N_POS; ++i) sum += (uint64_t) ek_get_edge_stability(pos[i].player, pos[i].opponent); break;
        case 5: for (i = 0; i < N_POS; ++i) sum += (uint64_t) ek_count_last_flip(empty_x[i], pos[i].player); break;
        case 6: for (i = 0; i < N_POS; ++i) sum += ek_board_get_hash_code(&pos[i]); break;
        case 7:
            for (i = 0; i < N_POS; ++i) {
                EkBoard s;
                sum += (uint64_t) ek_board_symetry(&pos[i], i & 7, &s) + s.player + s.opponent;
            }
            break;
        case 8:
            for (i = 0; i < N_POS; ++i) {
                EkBoard u;
                sum += (uint64_t) ek_board_unique(&pos[i], &u) + u.player + u.opponent;
            }
            break;
        case 10:
            /* With its restore (a few instructions, the same on every level). */
            for (i = 0; i < N_POS; ++i) {
                EkMove move;
                memset(&move, 0, sizeof move);
                move.x = moves_x[i];
                move.flipped = flips[i];
                sum += (uint64_t) ek_eval_update(&eval, &move) + (uint64_t) ek_eval_restore(&eval);
            }
            for (i = 0; i < 48; ++i) sum = sum * 31 + eval.feature[1].v[i]; /* the last update's */
            break;
        default:
            for (i = 0; i < N_SHALLOW; ++i) {
                int64_t nodes = 0;
                sum += (uint64_t) ek_solve_shallow(&shallow[i], 0, &nodes) + (uint64_t) nodes;
            }
        }
    }
    ek_eval_free(&eval);
    printf("level %s, %s: %d calls per repetition, checksum %016llx\n", ek_isa(), argv[1], calls,
           (unsigned long long) sum);
    return 0;
}
