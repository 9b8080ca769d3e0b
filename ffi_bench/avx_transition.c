/*
 * The AVX-SSE transition benchmark: every hot export of the library (the ek_ names and Edax's
 * names; the searches, which take microseconds, on late positions and fewer times), called in
 * two modes from code built like Edax's x86-64-v3 build:
 *   clean: `vzeroupper` just before each call (upper YMM halves clean);
 *   dirty: a 256-bit write to ymm15 just before each call (upper halves dirty, as after Edax's
 *          AVX2 get_moves_and_potential), with no vzeroupper in between.
 * On Intel cores, a legacy (non-VEX) SSE instruction executed in the dirty state pays a
 * transition penalty (tens of ns); VEX-encoded code does not. AMD cores have no such penalty,
 * so there every ratio is about 1 whatever the encoding. The control row runs a legacy SSE
 * instruction (inline asm) in place of a library call: on Intel it shows the penalty this
 * benchmark is there to catch; on AMD it shows none.
 *
 * Build (ffi_bench/transition.sh): -O2 -march=x86-64-v3 -mno-vzeroupper (so that gcc inserts no
 * vzeroupper of its own: the mode alone decides the state at each call), linked to the library
 * built with edax-abi-eval. Usage: avx_transition EVAL_DAT [CALLS_PER_ROUND] [ROUNDS]
 * Prints ns per call in both modes (medians over the rounds, modes interleaved) and their ratio.
 */
#define _POSIX_C_SOURCE 200809L
#define EK_EDAX_ABI
#define EK_EDAX_ABI_EVAL
#include "edax_kernels.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N_POS 4096 /* positions cycled through; a power of two */
#define BATCH 64   /* boards per batch call */
#define N_LATE 256 /* late positions for the searches; a power of two */

static uint64_t P[N_POS], O[N_POS], MOVES[N_POS];
static int X[N_POS], EMPTY[N_POS];
static EkBoard BOARDS[N_POS];
static uint64_t sink;
static EkEval EVAL;
static EkMove MOVE[N_POS];
static EkHashTable TABLE;
static EkHash ENTRIES[1024 + 4];
static EkSpinLock LOCKS[256];
static EkSolver *SOLVER;
/* Positions of 6 empty squares (the leaf search, the solver) and of 9 (the endgame search). */
static EkBoard SHALLOW[N_LATE], NWS[N_LATE];
static uint64_t SHALLOW_P[N_LATE], SHALLOW_O[N_LATE];

static inline void clean_upper(void) { __asm__ volatile("vzeroupper" ::: "memory"); }
static inline void dirty_upper(void) { __asm__ volatile("vpcmpeqd %%ymm15, %%ymm15, %%ymm15" ::: "xmm15", "memory"); }

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t next_random(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Positions of random games (5..55 empties), each with a legal move when it has one; and the
 * late positions of the same games. */
static void make_positions(void)
{
    int n = 0, n_shallow = 0, n_nws = 0;
    while (n < N_POS || n_shallow < N_LATE || n_nws < N_LATE) {
        EkBoard b = {0x0000000810000000u, 0x0000001008000000u};
        for (int ply = 0; ply < 60; ++ply) {
            uint64_t moves = ek_get_moves(b.player, b.opponent);
            if (moves == 0) {
                if (ek_get_moves(b.opponent, b.player) == 0) break;
                EkBoard t = {b.opponent, b.player};
                b = t;
                continue;
            }
            int k = (int)(next_random() % (uint64_t)ek_bit_count(moves));
            while (k--) moves &= moves - 1;
            int x = __builtin_ctzll(moves);
            int empties = 64 - ek_bit_count(b.player | b.opponent);
            if (empties == 6 && n_shallow < N_LATE) {
                SHALLOW_P[n_shallow] = b.player, SHALLOW_O[n_shallow] = b.opponent;
                SHALLOW[n_shallow++] = b;
            }
            if (empties == 9 && n_nws < N_LATE) NWS[n_nws++] = b;
            if (n < N_POS && empties >= 5 && empties <= 55 && (next_random() & 3) == 0) {
                P[n] = b.player, O[n] = b.opponent, X[n] = x, EMPTY[n] = empties;
                BOARDS[n] = b;
                MOVES[n] = ek_get_moves(b.player, b.opponent);
                MOVE[n].x = x;
                MOVE[n].flipped = ek_flip(x, b.player, b.opponent);
                ++n;
            }
            ek_board_next(&b, x, &b);
        }
    }
}

typedef struct Bench {
    const char *name;
    double (*run)(int calls, bool dirty);
    int div; /* CALLS_PER_ROUND / div calls per round: the searches take microseconds */
} Bench;

/* A timed loop: `calls` calls of CALL (with i the position index), the upper state set before
 * each one by the mode. */
#define BENCH(ID, SETUP, CALL)                                              \
    static double bench_##ID(int calls, bool dirty)                         \
    {                                                                       \
        SETUP;                                                              \
        double t = now();                                                   \
        if (dirty) {                                                        \
            for (int k = 0; k < calls; ++k) {                               \
                int i = k & (N_POS - 1);                                    \
                (void)i;                                                    \
                dirty_upper();                                              \
                sink += (uint64_t)(CALL);                                   \
            }                                                               \
        } else {                                                            \
            for (int k = 0; k < calls; ++k) {                               \
                int i = k & (N_POS - 1);                                    \
                (void)i;                                                    \
                clean_upper();                                              \
                sink += (uint64_t)(CALL);                                   \
            }                                                               \
        }                                                                   \
        return (now() - t) * 1e9 / calls;                                   \
    }

#define NOTHING (void)0
static EkBoard out_board;
static EkPerftStats stats;
static int out_int[BATCH];
static uint64_t out_u64[BATCH], out_u64b[BATCH];
static int32_t accum_sum;
static int64_t nodes;
static EkSolveResult solved;

/* The control: one legacy SSE instruction (and a load/return through a GPR), no library. */
static inline uint64_t legacy_sse(uint64_t v)
{
    __asm__ volatile("movq %0, %%xmm1\n\tpaddq %%xmm1, %%xmm1\n\tmovq %%xmm1, %0" : "+r"(v) : : "xmm1");
    return v;
}

BENCH(control, NOTHING, legacy_sse(P[i]))
/* The ek_ names. */
BENCH(ek_flip, NOTHING, ek_flip(X[i], P[i], O[i]))
BENCH(ek_board_flip, NOTHING, ek_board_flip(&BOARDS[i], X[i]))
BENCH(ek_board_next, NOTHING, ek_board_next(&BOARDS[i], X[i], &out_board))
BENCH(ek_count_last_flip, NOTHING, ek_count_last_flip(X[i], P[i]))
BENCH(ek_board_score_1, NOTHING, ek_board_score_1(&BOARDS[i], 0, X[i]))
BENCH(ek_board_score_1_exact, NOTHING, ek_board_score_1_exact(&BOARDS[i], X[i]))
BENCH(ek_get_moves, NOTHING, ek_get_moves(P[i], O[i]))
BENCH(ek_can_move, NOTHING, ek_can_move(P[i], O[i]))
BENCH(ek_get_mobility, NOTHING, ek_get_mobility(P[i], O[i]))
BENCH(ek_get_weighted_mobility, NOTHING, ek_get_weighted_mobility(P[i], O[i]))
BENCH(ek_get_potential_mobility, NOTHING, ek_get_potential_mobility(P[i], O[i]))
BENCH(ek_get_stability, NOTHING, ek_get_stability(P[i], O[i]))
BENCH(ek_get_edge_stability, NOTHING, ek_get_edge_stability(P[i], O[i]))
BENCH(ek_get_corner_stability, NOTHING, ek_get_corner_stability(P[i]))
BENCH(ek_board_get_hash_code, NOTHING, ek_board_get_hash_code(&BOARDS[i]))
BENCH(ek_board_symetry, NOTHING, ek_board_symetry(&BOARDS[i], i & 7, &out_board))
BENCH(ek_board_unique, NOTHING, ek_board_unique(&BOARDS[i], &out_board))
BENCH(ek_hash_prefetch, NOTHING, (ek_hash_prefetch(&TABLE, P[i]), 0))
BENCH(ek_bit_count, NOTHING, ek_bit_count(P[i]))
BENCH(ek_perft, NOTHING, ek_perft(P[i], O[i], 1))
BENCH(ek_perft_terminal, NOTHING, ek_perft_terminal(P[i], O[i], 1))
BENCH(ek_perft_stats, NOTHING, ek_perft_stats(P[i], O[i], 1, &stats))
BENCH(ek_flip_batch, NOTHING, ek_flip_batch(BATCH, X + (i & ~(BATCH - 1)), P + (i & ~(BATCH - 1)), O + (i & ~(BATCH - 1)), out_u64))
BENCH(ek_board_next_batch, NOTHING,
      ek_board_next_batch(BATCH, X + (i & ~(BATCH - 1)), P + (i & ~(BATCH - 1)), O + (i & ~(BATCH - 1)), out_u64, out_u64b))
BENCH(ek_count_last_flip_batch, NOTHING, ek_count_last_flip_batch(BATCH, X + (i & ~(BATCH - 1)), P + (i & ~(BATCH - 1)), out_int))
BENCH(ek_get_moves_batch, NOTHING, ek_get_moves_batch(BATCH, P + (i & ~(BATCH - 1)), O + (i & ~(BATCH - 1)), out_u64))
BENCH(ek_get_mobility_batch, NOTHING, ek_get_mobility_batch(BATCH, P + (i & ~(BATCH - 1)), O + (i & ~(BATCH - 1)), out_int))
BENCH(ek_get_stability_batch, NOTHING, ek_get_stability_batch(BATCH, P + (i & ~(BATCH - 1)), O + (i & ~(BATCH - 1)), out_int))
BENCH(ek_board_get_hash_code_batch, NOTHING,
      ek_board_get_hash_code_batch(BATCH, P + (i & ~(BATCH - 1)), O + (i & ~(BATCH - 1)), out_u64))
BENCH(ek_eval_set, NOTHING, ek_eval_set(&EVAL, &BOARDS[i]))
BENCH(ek_eval_update_restore, ek_eval_set(&EVAL, &BOARDS[0]),
      (ek_eval_update(&EVAL, &MOVE[0]), dirty ? dirty_upper() : clean_upper(), ek_eval_restore(&EVAL)))
BENCH(ek_eval_pass, NOTHING, ek_eval_pass(&EVAL))
BENCH(ek_eval_accumulate, ek_eval_set(&EVAL, &BOARDS[1]), ek_eval_accumulate(&EVAL))
BENCH(ek_eval_accumulate_checked, ek_eval_set(&EVAL, &BOARDS[1]), ek_eval_accumulate_checked(&EVAL, &accum_sum))
BENCH(ek_solve_shallow, NOTHING, ek_solve_shallow(&SHALLOW[i & (N_LATE - 1)], 0, &nodes))
/* The searches' tables start each timed loop empty, so that both modes do the same work. */
BENCH(ek_nws_endgame, memset(ENTRIES, 0, sizeof ENTRIES), ek_nws_endgame(&NWS[i & (N_LATE - 1)], 0, &TABLE, NULL, &nodes))
BENCH(ek_solver_solve, ek_solver_clear(SOLVER), ek_solver_solve(SOLVER, &SHALLOW[i & (N_LATE - 1)], -64, 64, &solved))
BENCH(ek_solver_solve_batch, ek_solver_clear(SOLVER),
      ek_solver_solve_batch(SOLVER, 8, SHALLOW_P + (i & (N_LATE - 8)), SHALLOW_O + (i & (N_LATE - 8)), out_int, out_int + 8))
/* Edax's names. */
BENCH(flip, NOTHING, flip(X[i], P[i], O[i]))
BENCH(board_flip, NOTHING, board_flip(&BOARDS[i], X[i]))
BENCH(board_next, NOTHING, board_next(&BOARDS[i], X[i], &out_board))
BENCH(count_last_flip, NOTHING, count_last_flip(X[i], P[i]))
BENCH(board_score_1, NOTHING, board_score_1(&BOARDS[i], 0, X[i]))
BENCH(get_moves, NOTHING, get_moves(P[i], O[i]))
BENCH(can_move, NOTHING, can_move(P[i], O[i]))
BENCH(get_mobility, NOTHING, get_mobility(P[i], O[i]))
BENCH(get_weighted_mobility, NOTHING, get_weighted_mobility(P[i], O[i]))
BENCH(get_potential_mobility, NOTHING, get_potential_mobility(P[i], O[i]))
BENCH(get_stability, NOTHING, get_stability(P[i], O[i]))
BENCH(get_edge_stability, NOTHING, get_edge_stability(P[i], O[i]))
BENCH(get_corner_stability, NOTHING, get_corner_stability(P[i]))
BENCH(board_get_hash_code, NOTHING, board_get_hash_code(&BOARDS[i]))
BENCH(board_symetry, NOTHING, (board_symetry(&BOARDS[i], i & 7, &out_board), 0))
BENCH(board_unique, NOTHING, board_unique(&BOARDS[i], &out_board))
BENCH(hash_prefetch, NOTHING, (hash_prefetch(&TABLE, P[i]), 0))
BENCH(bit_count_64, NOTHING, bit_count_64(P[i]))
BENCH(bit_count_32, NOTHING, bit_count_32((uint32_t)P[i]))
BENCH(bit_weighted_count, NOTHING, bit_weighted_count(MOVES[i]))
BENCH(eval_set, NOTHING, (eval_set(&EVAL, &BOARDS[i]), 0))
BENCH(eval_update_restore, eval_set(&EVAL, &BOARDS[0]),
      (eval_update(&EVAL, &MOVE[0]), dirty ? dirty_upper() : clean_upper(), eval_restore(&EVAL), 0))
BENCH(eval_pass, NOTHING, (eval_pass(&EVAL), 0))
BENCH(eval_accumulate, eval_set(&EVAL, &BOARDS[1]), eval_accumulate(&EVAL))
BENCH(eval_sigma, NOTHING, (uint64_t)(1000.0 * eval_sigma(EMPTY[i], EMPTY[i] / 2, EMPTY[i] / 4)))

#define B(ID) {#ID, bench_##ID, 1}
#define SLOW(ID, DIV) {#ID, bench_##ID, DIV}
static const Bench BENCHES[] = {
    B(control), B(ek_flip), B(ek_board_flip), B(ek_board_next), B(ek_count_last_flip), B(ek_board_score_1),
    B(ek_board_score_1_exact), B(ek_get_moves), B(ek_can_move), B(ek_get_mobility), B(ek_get_weighted_mobility),
    B(ek_get_potential_mobility), B(ek_get_stability), B(ek_get_edge_stability), B(ek_get_corner_stability),
    B(ek_board_get_hash_code), B(ek_board_symetry), B(ek_board_unique), B(ek_hash_prefetch), B(ek_bit_count),
    B(ek_perft), B(ek_perft_terminal), B(ek_perft_stats), B(ek_flip_batch), B(ek_board_next_batch),
    B(ek_count_last_flip_batch), B(ek_get_moves_batch), B(ek_get_mobility_batch), B(ek_get_stability_batch),
    B(ek_board_get_hash_code_batch), B(ek_eval_set), B(ek_eval_update_restore), B(ek_eval_pass),
    B(ek_eval_accumulate), B(ek_eval_accumulate_checked), SLOW(ek_solve_shallow, 64), SLOW(ek_nws_endgame, 1024),
    SLOW(ek_solver_solve, 64), SLOW(ek_solver_solve_batch, 512), B(flip), B(board_flip), B(board_next),
    B(count_last_flip), B(board_score_1), B(get_moves), B(can_move), B(get_mobility), B(get_weighted_mobility),
    B(get_potential_mobility), B(get_stability), B(get_edge_stability), B(get_corner_stability),
    B(board_get_hash_code), B(board_symetry), B(board_unique), B(hash_prefetch), B(bit_count_64), B(bit_count_32),
    B(bit_weighted_count), B(eval_set), B(eval_update_restore), B(eval_pass), B(eval_accumulate), B(eval_sigma),
};
#define N_BENCHES ((int)(sizeof BENCHES / sizeof BENCHES[0]))

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s EVAL_DAT [CALLS_PER_ROUND] [ROUNDS]\n", argv[0]);
        return 2;
    }
    int calls = argc > 2 ? atoi(argv[2]) : 200000;
    int rounds = argc > 3 ? atoi(argv[3]) : 7;
    if (calls < N_POS || rounds < 1 || rounds > 99) {
        fprintf(stderr, "CALLS_PER_ROUND must be >= %d, ROUNDS 1..99\n", N_POS);
        return 2;
    }
    int status = ek_eval_load_file(argv[1]);
    if (status != EK_OK) {
        fprintf(stderr, "%s: %s\n", argv[1], ek_status_message(status));
        return 1;
    }
    TABLE.hash = ENTRIES;
    TABLE.hash_mask = 1023;
    TABLE.n_hash = 1024;
    TABLE.spin = LOCKS;
    TABLE.spin_mask = 255;
    TABLE.n_spin = 256;
    if ((SOLVER = ek_solver_new(16)) == NULL) return 1;
    if (ek_eval_init(&EVAL) != EK_OK) return 1;
    make_positions();

    printf("# ns per call, median of %d rounds of %d calls, modes interleaved; level %s\n", rounds, calls, ek_isa());
    printf("| function | clean | dirty | dirty/clean |\n|---|---|---|---|\n");
    double worst = 0;
    const char *worst_name = "";
    for (int b = 0; b < N_BENCHES; ++b) {
        double clean[99], dirty[99];
        const int n = calls / BENCHES[b].div;
        BENCHES[b].run(n / 4 + 1, false); /* warm-up */
        for (int r = 0; r < rounds; ++r) {
            clean[r] = BENCHES[b].run(n, false);
            dirty[r] = BENCHES[b].run(n, true);
        }
        double c = median(clean, rounds), d = median(dirty, rounds);
        printf("| %s | %.2f | %.2f | %.2f |\n", BENCHES[b].name, c, d, d / c);
        if (b > 0 && d / c > worst) worst = d / c, worst_name = BENCHES[b].name;
    }
    printf("# largest dirty/clean ratio of a library function: %.2f (%s); sink %llx\n", worst, worst_name,
           (unsigned long long)(sink & 0xF));
    ek_eval_free(&EVAL);
    ek_solver_free(SOLVER);
    return 0;
}
