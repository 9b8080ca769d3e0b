/*
 * The solver and the leaf search from several threads. THREADS threads start at once (a
 * barrier), so that the process's first dispatched calls are solver calls racing the level
 * selection (ek_solver_solve, ek_solver_solve_batch, ek_solve_shallow, ek_set_isa):
 *   - thread 0 solves the 24-empty fforum #38 (tests/data/fforum/fforum-20-39.txt, seconds of
 *     search) on its solver; thread 1 waits until ek_solver_clear reports that solve running
 *     (EK_ERR_BUSY), calls ek_solver_stop once, and the solve must return EK_ERR_STOPPED (soon:
 *     thread 1 gives it STOP_WAIT seconds); then thread 0 solves a fforum-1-19 problem on the
 *     same solver, which must not be affected;
 *   - threads 2 and 3 solve the fforum-1-19 problems on one shared solver, racing: each call
 *     returns the right answer or EK_ERR_BUSY (then the thread tries again), never anything
 *     else; thread 3 also clears that solver now and then (EK_OK or EK_ERR_BUSY);
 *   - the other threads each solve the fforum-1-19 problems on their own solver (one at a time,
 *     or, on odd threads, in one ek_solver_solve_batch call), and check ek_solve_shallow on
 *     their share of shallow.txt (score and nodes); thread 4 switches the level between
 *     problems (every level gives the same answers). Their first calls: a level switch, a
 *     batch, a leaf search, a solve. Each of those shallow.txt records is also searched by
 *     ek_nws_endgame on one Edax-layout table all these threads share (as Edax's threads share
 *     theirs): the score must fail high exactly when the record's does (the table changes node
 *     counts and fail-soft values, never that).
 * The solvers of threads 0, 2, 3 and 5 on run 2 threads each (ek_solver_set_threads).
 * Every answer is checked against the files: the best score, and a move listed with it.
 * Usage: solver_concurrency GOLDEN_DIR FFORUM_DIR [THREADS (at least 5) [PROBLEMS [SHALLOW]]]
 *   PROBLEMS: the fforum-1-19 problems each thread solves (default 19: the first PROBLEMS);
 *   SHALLOW: shallow.txt records each thread checks (default 1000).
 */
#define _POSIX_C_SOURCE 200112L
#include "edax_kernels.h"

#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Seconds the stopped solve may take to return before the stop counts as lost. */
#define STOP_WAIT 60

typedef struct {
    EkBoard board;
    int best, n_moves;
    int moves[32], scores[32];
} Problem;

static Problem problems[32], slow;
static int n_problems, n_used;

typedef struct { EkBoard board; int alpha, score; int64_t nodes; } Shallow;
static Shallow *shallow;
static size_t n_shallow, shallow_per_thread;

static const char *const level_names[] = { "portable", "sse2", "avx2", "avx512", "neon" };

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double) t.tv_sec + (double) t.tv_nsec * 1e-9;
}

/* Empty squares, counted here: no ek_ call may come before the threads start. */
static int empties(const EkBoard *b)
{
    uint64_t e = ~(b->player | b->opponent);
    int n = 0;
    for (; e != 0; e &= e - 1) ++n;
    return n;
}

/* Reads the problems of an fforum file (P O empties best move:score ...). */
static int read_problems(const char *dir, const char *name, Problem *out, int max)
{
    char path[4096], line[1024];
    int n = 0;
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "r");
    if (f == NULL) { fprintf(stderr, "cannot open %s\n", path); exit(2); }
    while (fgets(line, sizeof line, f) != NULL && n < max) {
        Problem *pb = &out[n];
        int used = 0, empties, score, k;
        const char *s;
        char col, row;
        if (line[0] == '#') continue;
        memset(pb, 0, sizeof *pb);
        if (sscanf(line, "%" SCNx64 " %" SCNx64 " %d %d%n", &pb->board.player, &pb->board.opponent, &empties, &pb->best,
                   &used) != 4)
            continue;
        for (s = line + used; pb->n_moves < 32 && sscanf(s, " %c%c:%d%n", &col, &row, &score, &k) == 3; s += k) {
            pb->moves[pb->n_moves] = (col - 'a') + 8 * (row - '1');
            pb->scores[pb->n_moves++] = score;
        }
        ++n;
    }
    fclose(f);
    return n;
}

static void load(const char *golden, const char *fforum)
{
    Problem all[32];
    char path[4096], line[512];
    size_t cap = 4096;
    FILE *f;
    int i, n = read_problems(fforum, "fforum-20-39.txt", all, 32);
    n_problems = read_problems(fforum, "fforum-1-19.txt", problems, 32);
    if (n_problems != 19) { fprintf(stderr, "fforum-1-19.txt: %d problems\n", n_problems); exit(2); }
    /* The slow position: fforum #38, the one with 24 empty squares. */
    for (i = 0; i < n; ++i)
        if (empties(&all[i].board) == 24) slow = all[i];
    if (slow.n_moves == 0) { fprintf(stderr, "fforum-20-39.txt: no 24-empty position\n"); exit(2); }
    snprintf(path, sizeof path, "%s/shallow.txt", golden);
    f = fopen(path, "r");
    if (f == NULL) { fprintf(stderr, "cannot open %s\n", path); exit(2); }
    shallow = (Shallow *) malloc(cap * sizeof *shallow);
    while (shallow != NULL && fgets(line, sizeof line, f) != NULL) {
        Shallow r;
        long long nodes;
        if (sscanf(line, "%" SCNx64 " %" SCNx64 " %d %d %lld", &r.board.player, &r.board.opponent, &r.alpha, &r.score,
                   &nodes) != 5)
            continue;
        r.nodes = nodes;
        if (n_shallow == cap) shallow = (Shallow *) realloc(shallow, (cap *= 2) * sizeof *shallow);
        if (shallow != NULL) shallow[n_shallow++] = r;
    }
    fclose(f);
    if (shallow == NULL || n_shallow != 24000) { fprintf(stderr, "%s: %zu records\n", path, n_shallow); exit(2); }
}

typedef struct {
    int id, threads;
    pthread_barrier_t *start;
    long checks, failed, busy;
    EkSolver *own;
    double stop_latency;
} Worker;

/* The shared state of threads 0 and 1 (the stopped solve), and of threads 2 and 3. */
static EkSolver *long_solver, *shared_solver;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int long_done, stopper_done;

static void check(Worker *w, int ok, const char *what, int i, int detail)
{
    ++w->checks;
    if (!ok && ++w->failed <= 5)
        fprintf(stderr, "thread %d: %s (problem/record %d: %d) wrong, level %s\n", w->id, what, i, detail, ek_isa());
}

static int listed_score(const Problem *pb, int x)
{
    int i;
    for (i = 0; i < pb->n_moves; ++i)
        if (pb->moves[i] == x) return pb->scores[i];
    return INT_MIN;
}

/* Solves problem i on s; EK_ERR_BUSY is allowed when the solver is shared (then it tries again). */
static void solve_problem(Worker *w, EkSolver *s, int i, int shared)
{
    const Problem *pb = &problems[i];
    EkSolveResult r;
    int status;
    while ((status = ek_solver_solve(s, &pb->board, -64, 64, &r)) == EK_ERR_BUSY && shared) {
        ++w->busy;
        sched_yield();
    }
    check(w, status == EK_OK, "ek_solver_solve status", i, status);
    if (status == EK_OK) {
        check(w, r.score == pb->best, "score", i, r.score);
        check(w, listed_score(pb, r.best_move) == pb->best, "move", i, r.best_move);
    }
}

/* Solves every used problem in one batch call. */
static void solve_batch(Worker *w, EkSolver *s)
{
    uint64_t ps[32], os[32];
    int scores[32], moves[32], i, status;
    for (i = 0; i < n_used; ++i) {
        ps[i] = problems[i].board.player;
        os[i] = problems[i].board.opponent;
    }
    status = ek_solver_solve_batch(s, (size_t) n_used, ps, os, scores, moves);
    check(w, status == EK_OK, "ek_solver_solve_batch status", 0, status);
    for (i = 0; status == EK_OK && i < n_used; ++i) {
        check(w, scores[i] == problems[i].best, "batch score", i, scores[i]);
        check(w, listed_score(&problems[i], moves[i]) == problems[i].best, "batch move", i, moves[i]);
    }
}

static void check_shallow(Worker *w, size_t i)
{
    const Shallow *r = &shallow[i % n_shallow];
    int64_t n = 0;
    int v = ek_solve_shallow(&r->board, r->alpha, &n);
    check(w, v == r->score && n == r->nodes, "ek_solve_shallow", (int) (i % n_shallow), v);
}

/* The Edax-layout table the workers share for ek_nws_endgame: 2^10 buckets, 256 locks. */
static EkHash nws_entries[(1 << 10) + 4];
static EkSpinLock nws_locks[256];
static EkHashTable nws_table;

static void init_nws_table(void)
{
    size_t i;
    for (i = 0; i < sizeof nws_entries / sizeof nws_entries[0]; ++i) {
        nws_entries[i].data.lower = -127;
        nws_entries[i].data.upper = 127;
        nws_entries[i].data.move_[0] = nws_entries[i].data.move_[1] = 65;
    }
    nws_table.hash = nws_entries;
    nws_table.spin = nws_locks;
    nws_table.n_hash = 1 << 10;
    nws_table.hash_mask = (1 << 10) - 1;
    nws_table.spin_mask = 255;
    nws_table.n_spin = 256;
    nws_table.date = 1;
}

static void check_nws(Worker *w, size_t i)
{
    const Shallow *r = &shallow[i % n_shallow];
    int64_t n = 0;
    int v = ek_nws_endgame(&r->board, r->alpha, &nws_table, NULL, &n);
    check(w, (v > r->alpha) == (r->score > r->alpha) && n > 0, "ek_nws_endgame", (int) (i % n_shallow), v);
}

static void switch_level(Worker *w, int i)
{
    const char *name = level_names[i % (sizeof level_names / sizeof level_names[0])];
    int supported = ek_isa_supported(name), status = ek_set_isa(name);
    check(w, supported == 1 ? status == EK_OK : status == EK_ERR_ISA_UNSUPPORTED, "ek_set_isa", i, status);
}

/* Thread 0: the solve that thread 1 stops; then a solve on the same solver, not stopped. */
static void long_solve(Worker *w)
{
    EkSolveResult r;
    int status;
    while ((status = ek_solver_solve(long_solver, &slow.board, -64, 64, &r)) == EK_ERR_BUSY) sched_yield();
    check(w, status == EK_ERR_STOPPED, "the stopped solve's status", 38, status);
    if (status == EK_OK) fprintf(stderr, "thread 0: the stopped solve ended with score %d\n", r.score);
    pthread_mutex_lock(&lock);
    long_done = 1;
    pthread_cond_broadcast(&changed);
    while (!stopper_done) pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    solve_problem(w, long_solver, 0, 0);
}

/* Thread 1: waits for thread 0's solve to hold its solver, stops it once, waits for its end. */
static void stopper(Worker *w)
{
    struct timespec deadline;
    double t0 = now(), t_stop;
    int status, done;
    while ((status = ek_solver_clear(long_solver)) == EK_OK && now() - t0 < STOP_WAIT) sched_yield();
    check(w, status == EK_ERR_BUSY, "seeing the long solve running (ek_solver_clear)", 38, status);
    ek_solver_stop(long_solver);
    t_stop = now();
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += STOP_WAIT;
    pthread_mutex_lock(&lock);
    while (!long_done && pthread_cond_timedwait(&changed, &lock, &deadline) == 0) {}
    done = long_done;
    pthread_mutex_unlock(&lock);
    w->stop_latency = now() - t_stop;
    check(w, done, "the stopped solve returning within STOP_WAIT s", 38, 0);
    while (!done) { /* the stop was lost: stop it again, so that the test ends */
        ek_solver_stop(long_solver);
        sched_yield();
        pthread_mutex_lock(&lock);
        done = long_done;
        pthread_mutex_unlock(&lock);
    }
    pthread_mutex_lock(&lock);
    stopper_done = 1;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
}

static void *work(void *arg)
{
    Worker *w = (Worker *) arg;
    int i, k;
    size_t j, first = (size_t) w->id * shallow_per_thread;
    pthread_barrier_wait(w->start);
    switch (w->id) {
    case 0: long_solve(w); break;
    case 1: stopper(w); break;
    case 2:
    case 3:
        /* The two racers, in opposite orders. */
        for (k = 0; k < n_used; ++k) {
            i = w->id == 2 ? k : n_used - 1 - k;
            solve_problem(w, shared_solver, i, 1);
            if (w->id == 3 && k % 4 == 1) {
                int status = ek_solver_clear(shared_solver);
                check(w, status == EK_OK || status == EK_ERR_BUSY, "ek_solver_clear", k, status);
            }
        }
        break;
    default:
        /* The first call: a leaf search, a batch, a level switch or a solve. */
        if (w->id == 4) switch_level(w, w->id);
        if (w->id % 2 == 1) solve_batch(w, w->own);
        check_shallow(w, first);
        if (w->id % 2 == 0) {
            for (k = 0; k < n_used; ++k) {
                i = (k + w->id) % n_used;
                solve_problem(w, w->own, i, 0);
                if (w->id == 4) switch_level(w, k);
            }
        }
        for (j = 1; j < shallow_per_thread; ++j) {
            check_shallow(w, first + j);
            check_nws(w, first + j);
        }
        break;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int threads = argc > 3 ? atoi(argv[3]) : 6, t;
    long checks = 0, failed = 0, busy = 0;
    double t0 = now(), latency = 0;
    pthread_barrier_t start;
    pthread_t *ids;
    Worker *workers;
    if (argc < 3 || threads < 5) {
        fprintf(stderr, "usage: solver_concurrency GOLDEN_DIR FFORUM_DIR [THREADS (at least 5) [PROBLEMS [SHALLOW]]]\n");
        return 2;
    }
    load(argv[1], argv[2]);
    /* ek_solver_new is no dispatched call: the threads make the process's first ones. */
    n_used = argc > 4 ? atoi(argv[4]) : n_problems;
    if (n_used < 1 || n_used > n_problems) n_used = n_problems;
    shallow_per_thread = argc > 5 ? (size_t) atol(argv[5]) : 1000;
    if (shallow_per_thread < 1) shallow_per_thread = 1;
    init_nws_table();
    long_solver = ek_solver_new(20);
    shared_solver = ek_solver_new(16);
    /* The stopped solve and the racing solver run on 2 threads each (the stop and the busy
       rules with the solver's own threads). */
    if (long_solver == NULL || ek_solver_set_threads(long_solver, 2) != EK_OK
        || shared_solver == NULL || ek_solver_set_threads(shared_solver, 2) != EK_OK)
        return 2;
    ids = (pthread_t *) calloc((size_t) threads, sizeof *ids);
    workers = (Worker *) calloc((size_t) threads, sizeof *workers);
    if (long_solver == NULL || shared_solver == NULL || ids == NULL || workers == NULL
        || pthread_barrier_init(&start, NULL, (unsigned) threads) != 0)
        return 2;
    for (t = 0; t < threads; ++t) {
        workers[t].id = t;
        workers[t].threads = threads;
        workers[t].start = &start;
        if (t >= 4 && (workers[t].own = ek_solver_new(18)) == NULL) return 2;
        /* From thread 5 on, the own solvers run 2 threads of their own (batches spread over
           them, positions of 16+ empty squares shared by them). */
        if (t >= 5 && ek_solver_set_threads(workers[t].own, 2) != EK_OK) return 2;
        if (pthread_create(&ids[t], NULL, work, &workers[t]) != 0) { fprintf(stderr, "pthread_create failed\n"); return 2; }
    }
    for (t = 0; t < threads; ++t) {
        pthread_join(ids[t], NULL);
        checks += workers[t].checks;
        failed += workers[t].failed;
        busy += workers[t].busy;
        if (t == 1) latency = workers[t].stop_latency;
        ek_solver_free(workers[t].own);
    }
    pthread_barrier_destroy(&start);
    ek_solver_free(long_solver);
    ek_solver_free(shared_solver);
    free(ids);
    free(workers);
    free(shallow);
    printf("solver_concurrency: %d threads, %d problems each, %zu leaf searches each, %ld checks, %ld refused as busy, "
           "stopped in %.3f s, %.1f s in all, %ld failed\n", threads, n_used, shallow_per_thread, checks, busy, latency,
           now() - t0, failed);
    return failed == 0 && checks > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
