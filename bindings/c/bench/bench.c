/*
 * Per-call cost of ek_flip from C, and per-board cost of ek_flip_batch, on the records of a
 * flip.txt golden file (P O x flipped); then the cost per position of exact solves of the first
 * 200 positions of eval.txt with at most 14 empty squares, one ek_solver_solve per position
 * against one ek_solver_solve_batch for all (a solver of 2^20 entries, cleared before each pass;
 * median of 3 samples of 10 passes, the two kinds interleaved). Linked against the shared
 * library, as the other languages use it. Prints two lines: "c <single ns/call> <batch ns/board>
 * <checksum>" and "c-solve <single us/position> <batch us/position> <checksum>". Then the engine:
 * a level-10 search (ek_engine_search, the built-in weights, a main table of 2^20 entries cleared
 * before each search, not timed) of each of the first 40 positions of eval.txt with at least 24
 * empty squares, the median of 3 samples: "c-engine <ms/position> <checksum>".
 * Usage: bench FLIP_TXT EVAL_TXT
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "edax_kernels.h"

enum { SAMPLES = 11, MAX = 20000, SOLVES = 200, SOLVE_SAMPLES = 3, SOLVE_PASSES = 10, MAX_EMPTIES = 14 };
enum { SEARCHES = 40, SEARCH_MIN_EMPTIES = 24, SEARCH_LEVEL = 10 };

static int xs[MAX];
static uint64_t ps[MAX], os[MAX], out[MAX];
static size_t n;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static uint64_t sink;

static void single(void) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++) s += ek_flip(xs[i], ps[i], os[i]);
    sink += s;
}

static void batch(void) {
    if (ek_flip_batch(n, xs, ps, os, out) != EK_OK) abort();
    sink += out[n - 1];
}

/* Median over SAMPLES of the time per board of f, each sample repeating f for >= 20 ms. */
static double per_board(void (*f)(void)) {
    double t[SAMPLES];
    int reps = 1;
    for (;; reps *= 2) {
        double t0 = now();
        for (int r = 0; r < reps; r++) f();
        if (now() - t0 >= 0.02) break;
    }
    for (int s = 0; s < SAMPLES; s++) {
        double t0 = now();
        for (int r = 0; r < reps; r++) f();
        t[s] = (now() - t0) / reps / n * 1e9;
    }
    qsort(t, SAMPLES, sizeof t[0], cmp);
    return t[SAMPLES / 2];
}

static uint64_t solve_ps[SOLVES], solve_os[SOLVES];
static int32_t scores[SOLVES], moves[SOLVES];
static EkSolver *solver;

static void solve_single(void) {
    for (size_t i = 0; i < SOLVES; i++) {
        EkBoard b = {solve_ps[i], solve_os[i]};
        EkSolveResult r;
        if (ek_solver_solve(solver, &b, -64, 64, &r) != EK_OK) abort();
        scores[i] = r.score, moves[i] = r.best_move;
    }
}

static void solve_batch(void) {
    if (ek_solver_solve_batch(solver, SOLVES, solve_ps, solve_os, scores, moves) != EK_OK) abort();
}

/* Time per position of f in one sample: SOLVE_PASSES passes, each on a cleared table (the
 * clearing not timed). */
static double solve_sample(void (*f)(void)) {
    double t = 0;
    for (int r = 0; r < SOLVE_PASSES; r++) {
        if (ek_solver_clear(solver) != EK_OK) abort();
        double t0 = now();
        f();
        t += now() - t0;
    }
    return t / SOLVE_PASSES / SOLVES * 1e6;
}

/* The sum of 100 * score + move over the positions (the same in every language). */
static long solve_checksum(void) {
    long c = 0;
    for (size_t i = 0; i < SOLVES; i++) c += 100L * scores[i] + moves[i];
    return c;
}

/* The solves: single calls and one batch call, their samples interleaved; prints their medians. */
static int bench_solves(const char *eval_txt) {
    FILE *f = fopen(eval_txt, "r");
    if (!f) return perror(eval_txt), 1;
    char line[256];
    unsigned long long p, o;
    size_t k = 0;
    while (k < SOLVES && fgets(line, sizeof line, f)) {
        if (sscanf(line, "%llx %llx", &p, &o) == 2 && 64 - ek_bit_count(p | o) <= MAX_EMPTIES) solve_ps[k] = p, solve_os[k++] = o;
    }
    fclose(f);
    if (k != SOLVES) return fprintf(stderr, "%s: too few positions\n", eval_txt), 1;
    if ((solver = ek_solver_new(20)) == NULL) return fprintf(stderr, "no memory for the solver\n"), 1;
    double single_t[SOLVE_SAMPLES], batch_t[SOLVE_SAMPLES];
    for (int s = 0; s < SOLVE_SAMPLES; s++) single_t[s] = solve_sample(solve_single), batch_t[s] = solve_sample(solve_batch);
    long check = solve_checksum();
    qsort(single_t, SOLVE_SAMPLES, sizeof single_t[0], cmp);
    qsort(batch_t, SOLVE_SAMPLES, sizeof batch_t[0], cmp);
    printf("c-solve %.2f %.2f %ld\n", single_t[SOLVE_SAMPLES / 2], batch_t[SOLVE_SAMPLES / 2], check);
    ek_solver_free(solver);
    return 0;
}

/* The engine: SEARCHES level-10 searches, each on a cleared engine; prints the median of
 * SOLVE_SAMPLES samples of the time per search, and the sum of 100 * score + move + nodes. */
static int bench_engine(const char *eval_txt) {
    static EkBoard boards[SEARCHES];
    FILE *f = fopen(eval_txt, "r");
    if (!f) return perror(eval_txt), 1;
    char line[256];
    unsigned long long p, o;
    size_t k = 0;
    while (k < SEARCHES && fgets(line, sizeof line, f)) {
        if (sscanf(line, "%llx %llx", &p, &o) == 2 && 64 - ek_bit_count(p | o) >= SEARCH_MIN_EMPTIES) {
            boards[k].player = p, boards[k++].opponent = o;
        }
    }
    fclose(f);
    if (k != SEARCHES) return fprintf(stderr, "%s: too few positions\n", eval_txt), 1;
    int status;
    EkWeights *w = ek_weights_load_default(&status);
    EkEngine *engine = w ? ek_engine_new(w, 20) : NULL;
    ek_weights_free(w);
    if (engine == NULL) return fprintf(stderr, "no engine (status %d)\n", status), 1;
    EkEngineLimits limits = {SEARCH_LEVEL, -1, -1, 0, 0};
    double t[SOLVE_SAMPLES];
    long check = 0;
    for (int s = 0; s < SOLVE_SAMPLES; s++) {
        t[s] = 0, check = 0;
        for (size_t i = 0; i < SEARCHES; i++) {
            EkEngineResult r;
            if (ek_engine_clear(engine) != EK_OK) abort();
            double t0 = now();
            if (ek_engine_search(engine, &boards[i], &limits, &r) != EK_OK) abort();
            t[s] += now() - t0;
            check += 100L * r.score + r.best_move + r.n_nodes;
        }
        t[s] = t[s] / SEARCHES * 1e3;
    }
    qsort(t, SOLVE_SAMPLES, sizeof t[0], cmp);
    printf("c-engine %.3f %ld\n", t[SOLVE_SAMPLES / 2], check);
    ek_engine_free(engine);
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 3) return fprintf(stderr, "usage: bench FLIP_TXT EVAL_TXT\n"), 2;
    FILE *f = fopen(argv[1], "r");
    if (!f) return perror(argv[1]), 1;
    char line[256];
    unsigned long long p, o, want;
    int x;
    while (n < MAX && fgets(line, sizeof line, f)) {
        if (sscanf(line, "%llx %llx %d %llx", &p, &o, &x, &want) == 4) xs[n] = x, ps[n] = p, os[n++] = o;
    }
    fclose(f);
    double a = per_board(single), b = per_board(batch);
    printf("c %.2f %.2f %llu\n", a, b, (unsigned long long)sink);
    int r = bench_solves(argv[2]);
    return r ? r : bench_engine(argv[2]);
}
