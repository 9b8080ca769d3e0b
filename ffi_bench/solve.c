/*
 * Solves every position of an fforum file (tests/data/fforum) exactly with ek_solver_solve, or
 * with one ek_solver_solve_batch call, checks each best score (and, for single calls, that the
 * move is listed with it; a line listing no moves has its score alone checked, as in the
 * training program's held-out positions), and prints the nodes and the CPU time: the solver's
 * side of the comparison with Edax 4.6 with its real weights (BENCHMARKS.md, "The exact solver
 * against Edax as its users run it").
 *
 * Usage: solve FILE [--batch] [--hash-bits N] [--threads T] [--eval EVAL_DAT] [--rounds R] [--count N] [--window D] [--record RECORD [--edax-nps M]]
 * --eval EVAL_DAT: loads Edax-format weights (ek_eval_load_file) and orders the solver's deep
 * nodes with them (ek_solver_set_eval).
 * --threads T: the solver's threads (ek_solver_set_threads); the times are then wall-clock
 * seconds, with the CPU seconds of all threads beside them.
 * With --rounds R the whole file is solved R times, each with a fresh solver, single calls and
 * the batch call alternating (a single/batch comparison in one process); the table is printed
 * for the first round and the CPU times of every round at the end. --count N solves the first
 * N positions only (FFO 40-49 are the first 10 of fforum-40-59).
 * --window D (single calls): solves each position on (best - D, best + D), clipped to -64..64,
 * its known best score's window: what a perfect estimate before the exact search (an aspiration
 * window around it) would save, at most (D >= 1; the answer must still be the exact score).
 *
 * --record RECORD (tests/data/fforum/edax-4.6-real-weights.txt) adds, per position and in
 * total, the nodes Edax 4.6 searches with its real weights (its published record): Edax as its
 * users run it, not the Edax of our synthetic eval.dat. With --edax-nps M (millions of nodes per
 * second of Edax measured on this machine, side by side: BENCHMARKS.md) it also prints Edax's
 * estimated time (record nodes / M); an estimate, not a run.
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
    char moves[256];
    uint64_t record; /* Edax 4.6's nodes with its real weights (--record), 0 if unknown */
} Problem;

static Problem problems[MAX_PROBLEMS];
static int n_problems;

static int threads = 1;
static const char *eval_file = NULL;
static double wall_total; /* wall-clock seconds of the solves of the last solve_all */

static double wall_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void read_problems(const char *file)
{
    char line[1024];
    FILE *f = fopen(file, "r");
    if (!f) { perror(file); exit(2); }
    while (fgets(line, sizeof line, f) && n_problems < MAX_PROBLEMS) {
        Problem *pb = &problems[n_problems];
        int used = 0;
        if (line[0] == '#') continue;
        if (sscanf(line, "%" SCNx64 " %" SCNx64 " %d %d %n", &pb->p, &pb->o, &pb->empties, &pb->best, &used) != 4) {
            fprintf(stderr, "%s: bad line: %s", file, line);
            exit(2);
        }
        snprintf(pb->moves, sizeof pb->moves, " %s", line + used);
        pb->moves[strcspn(pb->moves, "\n")] = '\0';
        ++n_problems;
    }
    fclose(f);
}

/* Reads Edax's real-weights record of FILE's positions ("file position nodes seconds" lines). */
static void read_record(const char *record, const char *file)
{
    char line[1024], name[256], base[256];
    const char *slash = strrchr(file, '/');
    FILE *f = fopen(record, "r");
    if (!f) { perror(record); exit(2); }
    snprintf(base, sizeof base, "%s", slash ? slash + 1 : file);
    base[strcspn(base, ".")] = '\0';
    while (fgets(line, sizeof line, f)) {
        int index;
        unsigned long long nodes;
        if (line[0] == '#') continue;
        if (sscanf(line, "%255s %d %llu", name, &index, &nodes) != 3) { fprintf(stderr, "%s: bad line: %s", record, line); exit(2); }
        if (!strcmp(name, base) && index >= 1 && index <= n_problems) problems[index - 1].record = nodes;
    }
    fclose(f);
}

/* Whether the problem's list gives the square x the score `score` (" b2:4" in the line). */
static int listed(const Problem *pb, int x, int score)
{
    char want[16];
    if (!pb->moves[strspn(pb->moves, " \t")]) return 1; /* no moves listed: the score alone is checked */
    if (x < 0 || x > 63) return 0;
    snprintf(want, sizeof want, " %c%c:%d ", 'a' + x % 8, '1' + x / 8, score);
    char moves[260];
    snprintf(moves, sizeof moves, "%s ", pb->moves);
    return strstr(moves, want) != NULL;
}

/* --window D: the half-width of each single call's window around the known score; 0: -64..64. */
static int window;

/* Solves the file once; returns the CPU seconds, adds the nodes to *nodes, counts errors. */
static double solve_all(int batch, int hash_bits, int print, uint64_t *nodes, int *errors)
{
    EkSolver *solver = ek_solver_new(hash_bits);
    if (!solver) { fprintf(stderr, "ek_solver_new(%d) failed\n", hash_bits); exit(2); }
    if (ek_solver_set_threads(solver, threads) != EK_OK) { fprintf(stderr, "ek_solver_set_threads(%d) failed\n", threads); exit(2); }
    if (eval_file && ek_solver_set_eval(solver, 1) != EK_OK) { fprintf(stderr, "ek_solver_set_eval failed\n"); exit(2); }
    double t0 = cpu_seconds(), w0 = wall_seconds(), t;
    if (batch) {
        uint64_t ps[MAX_PROBLEMS], os[MAX_PROBLEMS];
        int32_t scores[MAX_PROBLEMS], moves[MAX_PROBLEMS];
        for (int i = 0; i < n_problems; ++i) ps[i] = problems[i].p, os[i] = problems[i].o;
        int status = ek_solver_solve_batch(solver, (size_t) n_problems, ps, os, scores, moves);
        t = cpu_seconds() - t0;
        wall_total = wall_seconds() - w0;
        if (status != EK_OK) { fprintf(stderr, "batch: %s\n", ek_status_message(status)); exit(1); }
        for (int i = 0; i < n_problems; ++i) {
            int ok = scores[i] == problems[i].best && listed(&problems[i], moves[i], scores[i]);
            *errors += !ok;
            if (print) printf("%3d %2d %+3d %c%c %s\n", i + 1, problems[i].empties, scores[i], 'a' + moves[i] % 8, '1' + moves[i] / 8, ok ? "ok" : "WRONG");
        }
    } else {
        t = 0;
        wall_total = 0;
        for (int i = 0; i < n_problems; ++i) {
            EkBoard b = { problems[i].p, problems[i].o };
            EkSolveResult r;
            double ti = cpu_seconds(), wi = wall_seconds();
            int alpha = -64, beta = 64;
            if (window > 0) {
                alpha = problems[i].best - window < -64 ? -64 : problems[i].best - window;
                beta = problems[i].best + window > 64 ? 64 : problems[i].best + window;
            }
            int status = ek_solver_solve(solver, &b, alpha, beta, &r);
            ti = cpu_seconds() - ti;
            wi = wall_seconds() - wi;
            t += ti;
            wall_total += wi;
            if (threads > 1) ti = wi;
            if (status != EK_OK) { fprintf(stderr, "#%d: %s\n", i + 1, ek_status_message(status)); exit(1); }
            int ok = r.score == problems[i].best && listed(&problems[i], r.best_move, r.score);
            *errors += !ok;
            *nodes += r.nodes;
            if (print && problems[i].record)
                printf("%3d %2d %+3d %c%c %12" PRIu64 " %8.3f s %s   Edax real weights: %12" PRIu64 " nodes (solver/Edax %.2f)\n",
                       i + 1, problems[i].empties, r.score, 'a' + r.best_move % 8, '1' + r.best_move / 8, r.nodes, ti,
                       ok ? "ok" : "WRONG", problems[i].record, (double) r.nodes / problems[i].record);
            else if (print)
                printf("%3d %2d %+3d %c%c %12" PRIu64 " %8.3f s %s\n", i + 1, problems[i].empties, r.score, 'a' + r.best_move % 8,
                       '1' + r.best_move / 8, r.nodes, ti, ok ? "ok" : "WRONG");
        }
    }
    ek_solver_free(solver);
    return t;
}

static const char USAGE[] = "usage: %s FILE [--batch] [--hash-bits N] [--threads T] [--eval EVAL_DAT] [--rounds R] [--count N] [--window D] [--record RECORD [--edax-nps M]]\n";

int main(int argc, char **argv)
{
    int batch = 0, hash_bits = 21, rounds = 1, count = 0;
    double edax_nps = 0;
    const char *file = NULL, *record = NULL;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--batch")) batch = 1;
        else if (!strcmp(argv[i], "--hash-bits") && i + 1 < argc) hash_bits = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc) threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--eval") && i + 1 < argc) eval_file = argv[++i];
        else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--count") && i + 1 < argc) count = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--window") && i + 1 < argc) window = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--record") && i + 1 < argc) record = argv[++i];
        else if (!strcmp(argv[i], "--edax-nps") && i + 1 < argc) edax_nps = atof(argv[++i]);
        else if (!file) file = argv[i];
        else { fprintf(stderr, USAGE, argv[0]); return 2; }
    }
    if (!file || rounds < 1 || count < 0 || edax_nps < 0 || window < 0 || (window > 0 && (batch || rounds > 1))) { fprintf(stderr, USAGE, argv[0]); return 2; }
    read_problems(file);
    if (eval_file) {
        int status = ek_eval_load_file(eval_file);
        if (status != EK_OK) { fprintf(stderr, "%s: %s\n", eval_file, ek_status_message(status)); return 2; }
    }
    if (count > 0 && count < n_problems) n_problems = count;
    if (record) read_record(record, file);
    printf("# %s: %d positions, level %s, 2^%d table entries, %d thread%s, %s\n", file, n_problems, ek_isa(), hash_bits, threads,
           threads > 1 ? "s" : "", eval_file ? eval_file : "fast move order");
    int errors = 0;
    if (rounds == 1) {
        uint64_t nodes = 0, edax = 0;
        double t = solve_all(batch, hash_bits, 1, &nodes, &errors);
        double cpu = t;
        if (threads > 1) t = wall_total;
        int known = 0;
        for (int i = 0; i < n_problems; ++i) edax += problems[i].record, known += problems[i].record != 0;
        if (record && !batch && known == n_problems) {
            printf("# Edax 4.6 with its real weights (published record, %s): %" PRIu64 " nodes; solver/Edax nodes %.2f\n", record,
                   edax, (double) nodes / edax);
            if (edax_nps > 0)
                printf("# Edax's estimated time at %.1f M nodes/s (measured on this machine with the synthetic weights): %.2f s;"
                       " solver/Edax time %.2f (an estimate%s)\n", edax_nps, edax / (edax_nps * 1e6), t / (edax / (edax_nps * 1e6)),
                       threads > 1 ? "; solver wall-clock time" : "");
        } else if (record) {
            printf("# Edax 4.6's real-weights record has %d of these %d positions: no total\n", known, n_problems);
        }
        printf("# %s: %s, %" PRIu64 " nodes, %.3f s CPU, %.3f s wall, %d wrong\n", file, batch ? "batch" : "single calls", nodes, cpu,
               wall_total, errors);
    } else {
        printf("# round: single-calls CPU s, batch CPU s, batch/single\n");
        for (int r = 0; r < rounds; ++r) {
            uint64_t nodes = 0, ignored = 0;
            double single = solve_all(0, hash_bits, r == 0, &nodes, &errors);
            double together = solve_all(1, hash_bits, 0, &ignored, &errors);
            printf("# round %d: %.3f %.3f %.3f (%" PRIu64 " nodes)\n", r + 1, single, together, together / single, nodes);
        }
    }
    return errors != 0;
}
