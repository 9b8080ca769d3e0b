/*
 * The engine on Edax's test positions (tests/data/fforum): each position searched by
 * ek_engine_search at an Edax level, as `lEdax -l LEVEL` plays, with the project's built-in
 * weights (or --eval's) and a new engine per run; prints per position the move, the score, the
 * depth and selectivity reached, whether the score is exact, the nodes and the time, and in
 * total the nodes, the time and the nodes per second, and how many moves are among the known
 * best (the file lists every move's exact score; at a level below the exact search's the engine
 * may well choose another). The scripts/bench.sh main job's engine section.
 *
 * Usage: engine FILE [--level L] [--threads T] [--count N] [--eval EVAL_DAT] [--quiet]
 * --threads T: the engine's threads (ek_engine_set_threads); the time is then wall-clock seconds,
 * with the CPU seconds of all threads beside it (one thread: Edax's nodes, node for node).
 * --quiet: the totals only.
 */
#define _POSIX_C_SOURCE 200809L
#include "edax_kernels.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_PROBLEMS 100

typedef struct Problem {
    uint64_t p, o;
    int empties, best;
    char moves[256]; /* " b2:4 c3:2 ..." every move with its exact score */
} Problem;

static Problem problems[MAX_PROBLEMS];
static int n_problems;

static double seconds(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void read_problems(const char *file, int count)
{
    char line[1024];
    FILE *f = fopen(file, "r");
    if (!f) { perror(file); exit(2); }
    while (fgets(line, sizeof line, f) && n_problems < count && n_problems < MAX_PROBLEMS) {
        Problem *pb = &problems[n_problems];
        int used = 0;
        if (line[0] == '#') continue;
        if (sscanf(line, "%" SCNx64 " %" SCNx64 " %d %d %n", &pb->p, &pb->o, &pb->empties, &pb->best, &used) != 4) {
            fprintf(stderr, "%s: bad line: %s", file, line);
            exit(2);
        }
        snprintf(pb->moves, sizeof pb->moves, " %s ", line + used);
        pb->moves[strcspn(pb->moves, "\n")] = ' ';
        ++n_problems;
    }
    fclose(f);
}

/* Whether square x is one of the problem's best moves (listed with the best score). */
static int best_move(const Problem *pb, int x)
{
    char want[16];
    if (x < 0 || x > 63) return 0;
    snprintf(want, sizeof want, " %c%c:%d ", 'a' + x % 8, '1' + x / 8, pb->best);
    return strstr(pb->moves, want) != NULL;
}

static void square_name(int x, char name[3])
{
    if (x >= 0 && x < 64) { name[0] = (char) ('a' + x % 8); name[1] = (char) ('1' + x / 8); }
    else { name[0] = x == EK_PASS ? 'P' : '-'; name[1] = x == EK_PASS ? 'S' : '-'; }
    name[2] = '\0';
}

int main(int argc, char **argv)
{
    const char *file = NULL, *eval_file = NULL;
    int level = 10, threads = 1, count = MAX_PROBLEMS, quiet = 0, status = 0, agree = 0;
    EkWeights *weights;
    EkEngine *engine;
    uint64_t nodes = 0;
    double cpu0, wall0, cpu, wall;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--level") && i + 1 < argc) level = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc) threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--count") && i + 1 < argc) count = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--eval") && i + 1 < argc) eval_file = argv[++i];
        else if (!strcmp(argv[i], "--quiet")) quiet = 1;
        else if (argv[i][0] != '-' && !file) file = argv[i];
        else { fprintf(stderr, "usage: engine FILE [--level L] [--threads T] [--count N] [--eval EVAL_DAT] [--quiet]\n"); return 2; }
    }
    if (!file) { fprintf(stderr, "usage: engine FILE [--level L] [--threads T] [--count N] [--eval EVAL_DAT] [--quiet]\n"); return 2; }
    read_problems(file, count);
    weights = eval_file ? ek_weights_load_file(eval_file, &status) : ek_weights_load_default(&status);
    if (!weights) { fprintf(stderr, "weights: %s\n", ek_status_message(status)); return 2; }
    engine = ek_engine_new(weights, 21);
    if (!engine) { fprintf(stderr, "ek_engine_new failed\n"); return 2; }
    if ((status = ek_engine_set_threads(engine, threads)) != EK_OK) {
        fprintf(stderr, "ek_engine_set_threads(%d): %s\n", threads, ek_status_message(status));
        return 2;
    }
    if (!quiet) printf("  # empties move score depth exact        nodes    seconds\n");
    cpu0 = seconds(CLOCK_PROCESS_CPUTIME_ID), wall0 = seconds(CLOCK_MONOTONIC);
    for (int i = 0; i < n_problems; ++i) {
        EkBoard b = { problems[i].p, problems[i].o };
        EkEngineLimits limits = { level, -1, -1, 0, 0 };
        EkEngineResult r;
        char name[3];
        double t0 = seconds(CLOCK_MONOTONIC);
        if ((status = ek_engine_search(engine, &b, &limits, &r)) != EK_OK) {
            fprintf(stderr, "position %d: %s\n", i + 1, ek_status_message(status));
            return 1;
        }
        nodes += (uint64_t) r.n_nodes;
        agree += best_move(&problems[i], r.best_move);
        square_name(r.best_move, name);
        if (!quiet)
            printf("%3d %7d   %s   %+3d  %2d@%d %5s %12" PRId64 " %10.3f\n", i + 1, problems[i].empties, name, r.score,
                   r.depth, r.selectivity, r.exact ? "exact" : "", r.n_nodes, seconds(CLOCK_MONOTONIC) - t0);
    }
    cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu0, wall = seconds(CLOCK_MONOTONIC) - wall0;
    printf("level %d, %d thread%s, %d positions: %" PRIu64 " nodes in %.2f s (CPU %.2f s), %.1f M nodes/s;"
           " %d of %d moves among the known best\n",
           level, threads, threads == 1 ? "" : "s", n_problems, nodes, wall, cpu, nodes / wall / 1e6, agree, n_problems);
    ek_engine_free(engine);
    ek_weights_free(weights);
    return 0;
}
