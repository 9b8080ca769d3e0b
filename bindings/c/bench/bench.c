/*
 * Per-call cost of ek_flip from C, and per-board cost of ek_flip_batch, on the records of a
 * flip.txt golden file (P O x flipped). Linked against the shared library, as the other
 * languages use it. Prints one line: "c <single ns/call> <batch ns/board> <checksum>".
 * Usage: bench FLIP_TXT
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "edax_kernels.h"

enum { SAMPLES = 11, MAX = 20000 };

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

int main(int argc, char **argv) {
    if (argc != 2) return fprintf(stderr, "usage: bench FLIP_TXT\n"), 2;
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
    return 0;
}
