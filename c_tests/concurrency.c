/*
 * Concurrency: THREADS threads start at once (a barrier) and call every kernel (single-board
 * and batch) and the evaluation through the dispatched ek_ functions while the library
 * initialises: the process's first calls select the level (some threads begin with a kernel,
 * others with ek_isa, ek_set_isa or ek_isa_env_status) and load the weights (one thread from
 * the file, one from a buffer, while the others already evaluate); two threads switch the level with ek_set_isa all
 * along and two reload the weights now and then (same data: the library keeps one copy). Every
 * result is checked against Edax's known answers (tests/data/golden), which hold on every level;
 * an evaluation may report EK_ERR_EVAL_NONE only until its thread has seen the weights loaded.
 * The test script runs this many times: each process initialises once.
 * Usage: concurrency GOLDEN_DIR EVAL_DAT [THREADS [ROUNDS]]
 */
#define _POSIX_C_SOURCE 200112L
#include "edax_kernels.h"

#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One known answer: up to 4 inputs and 6 outputs, by kind. */
typedef struct { uint64_t in[4]; uint64_t out[6]; } Record;
typedef struct { Record *r; size_t n; } Table;

enum { FLIP, MOVES, STABILITY, HASH, SYMMETRY, UNIQUE, SCORE1, LAST_FLIP, PERFT, N_KINDS, EVAL = N_KINDS };
static const char *const files[N_KINDS + 1] = {
    "flip.txt", "moves.txt", "stability.txt", "hash.txt", "symmetry.txt", "unique.txt",
    "score1.txt", "last_flip.txt", "perft.txt", "eval.txt"
};
/* The fields of a record, h hexadecimal or d decimal, and how many are inputs. */
static const char *const formats[N_KINDS] = {
    "hhdh", "hhhdddd", "hhddd", "hhh", "hhdhh", "hhhhd", "hhdddd", "hdd", "ddddddd"
};
static const int n_in[N_KINDS] = { 3, 2, 2, 2, 3, 2, 4, 2, 1 };
static Table tables[N_KINDS];

/* eval.txt: a position, and the sum of its weights (eval_set, then eval_accumulate). */
typedef struct { EkBoard board; int sum; } EvalRecord;
static EvalRecord *evals;
static size_t n_evals;
static const char *eval_path;
static unsigned char *eval_bytes;
static size_t eval_len;

static const char *const level_names[] = { "portable", "sse2", "avx2", "avx512", "neon" };

static void load(const char *dir)
{
    int k;
    for (k = 0; k < N_KINDS; ++k) {
        char path[4096], line[512];
        size_t cap = 1024;
        FILE *f;
        snprintf(path, sizeof path, "%s/%s", dir, files[k]);
        f = fopen(path, "r");
        if (f == NULL) { fprintf(stderr, "cannot open %s\n", path); exit(2); }
        tables[k].r = (Record *) malloc(cap * sizeof(Record));
        while (tables[k].r != NULL && fgets(line, sizeof line, f) != NULL) {
            Record rec;
            char *p = line, *end;
            int i;
            if (line[0] == '#') continue;
            memset(&rec, 0, sizeof rec);
            for (i = 0; formats[k][i] != '\0'; ++i, p = end) {
                uint64_t v = formats[k][i] == 'h' ? strtoull(p, &end, 16) : (uint64_t) strtoll(p, &end, 10);
                if (end == p) break;
                if (i < n_in[k]) rec.in[i] = v; else rec.out[i - n_in[k]] = v;
            }
            if (formats[k][i] != '\0') continue;
            if (k == PERFT && rec.in[0] > 6) continue; /* keep the rounds short */
            if (tables[k].n == cap) tables[k].r = (Record *) realloc(tables[k].r, (cap *= 2) * sizeof(Record));
            if (tables[k].r != NULL) tables[k].r[tables[k].n++] = rec;
        }
        fclose(f);
        if (tables[k].r == NULL || tables[k].n == 0) { fprintf(stderr, "no records in %s\n", path); exit(2); }
    }
}

static void load_evals(const char *dir, const char *dat)
{
    char path[4096], line[512];
    size_t cap = 4096;
    FILE *f;
    snprintf(path, sizeof path, "%s/eval.txt", dir);
    f = fopen(path, "r");
    if (f == NULL) { fprintf(stderr, "cannot open %s\n", path); exit(2); }
    evals = (EvalRecord *) malloc(cap * sizeof *evals);
    while (evals != NULL && fgets(line, sizeof line, f) != NULL) {
        EvalRecord r;
        int ply, player;
        if (sscanf(line, "%" SCNx64 " %" SCNx64 " %d %d %d", &r.board.player, &r.board.opponent, &ply, &player, &r.sum) != 5)
            continue;
        if (n_evals == cap) evals = (EvalRecord *) realloc(evals, (cap *= 2) * sizeof *evals);
        if (evals != NULL) evals[n_evals++] = r;
    }
    fclose(f);
    if (evals == NULL || n_evals == 0) { fprintf(stderr, "no records in %s\n", path); exit(2); }
    /* The weights as bytes, for ek_eval_load_buffer (read here: no ek_ call before the race). */
    eval_path = dat;
    f = fopen(dat, "rb");
    if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (long) (eval_len = (size_t) ftell(f)) <= 0 || fseek(f, 0, SEEK_SET) != 0
        || (eval_bytes = (unsigned char *) malloc(eval_len)) == NULL || fread(eval_bytes, 1, eval_len, f) != eval_len) {
        fprintf(stderr, "cannot read %s\n", dat);
        exit(2);
    }
    fclose(f);
}

typedef struct {
    int id, rounds;
    pthread_barrier_t *start;
    long checks, failed;
    EkEval eval;
    int weights_seen; /* this thread saw the weights loaded: no EK_ERR_EVAL_NONE from now on */
    long evals_before_weights;
} Worker;

static void check(Worker *w, int ok, int kind, size_t i)
{
    ++w->checks;
    if (!ok && ++w->failed <= 5)
        fprintf(stderr, "thread %d: %s record %zu wrong (level %s)\n", w->id, files[kind], i, ek_isa());
}

/* Loads the weights from the file (how = 0) or the buffer (how = 1); must succeed. */
static void load_weights(Worker *w, int how)
{
    int status = how == 0 ? ek_eval_load_file(eval_path) : ek_eval_load_buffer(eval_bytes, eval_len);
    ++w->checks;
    if (status != EK_OK) {
        ++w->failed;
        fprintf(stderr, "thread %d: loading the weights (%s) gave %s\n", w->id, how == 0 ? "file" : "buffer",
                ek_status_message(status));
    } else {
        w->weights_seen = 1;
    }
}

/* One evaluation: EK_OK and the known sum, or EK_ERR_EVAL_NONE before the weights were seen. */
static void check_sum(Worker *w, int want, size_t i)
{
    int sum = 0, status = ek_eval_accumulate_checked(&w->eval, &sum);
    ++w->checks;
    if (status == EK_OK && sum == want) {
        w->weights_seen = 1;
    } else if (status == EK_ERR_EVAL_NONE && !w->weights_seen) {
        ++w->evals_before_weights;
    } else if (++w->failed <= 5) {
        fprintf(stderr, "thread %d: eval.txt record %zu: status %d, sum %d, want %d (level %s)\n", w->id, i, status, sum,
                want, ek_isa());
    }
}

/* eval.txt record i: eval_set, accumulate; when the next record follows by one move, the
 * update to it, accumulate, and the restore, accumulate again. */
static void check_eval(Worker *w, size_t i)
{
    const EvalRecord *r = &evals[i % n_evals], *next = &evals[(i + 1) % n_evals];
    uint64_t before = r->board.player | r->board.opponent, after = next->board.player | next->board.opponent;
    check(w, ek_eval_set(&w->eval, &r->board) == EK_OK, EVAL, i);
    check_sum(w, r->sum, i);
    if ((after & before) == before && ek_bit_count(after ^ before) == 1) {
        EkMove move;
        memset(&move, 0, sizeof move);
        move.x = ek_bit_count((after ^ before) - 1);
        move.flipped = r->board.opponent ^ next->board.player;
        check(w, ek_eval_update(&w->eval, &move) == EK_OK, EVAL, i);
        check_sum(w, next->sum, i + 1);
        check(w, ek_eval_restore(&w->eval) == EK_OK, EVAL, i);
        check_sum(w, r->sum, i);
    }
}

/* The batch calls on the BATCH records of each kind from record i on (a partial last vector). */
enum { BATCH = 13 };
static void check_batches(Worker *w, size_t i)
{
    int xs[BATCH], ints[BATCH];
    uint64_t ps[BATCH], os[BATCH], u1[BATCH], u2[BATCH];
    size_t k;
    const Table *t = &tables[FLIP];
    for (k = 0; k < BATCH; ++k) {
        const Record *r = &t->r[(i + k) % t->n];
        ps[k] = r->in[0]; os[k] = r->in[1]; xs[k] = (int) r->in[2];
    }
    check(w, ek_flip_batch(BATCH, xs, ps, os, u1) == EK_OK, FLIP, i);
    for (k = 0; k < BATCH; ++k) check(w, u1[k] == t->r[(i + k) % t->n].out[0], FLIP, i + k);
    check(w, ek_board_next_batch(BATCH, xs, ps, os, u1, u2) == EK_OK, FLIP, i);
    for (k = 0; k < BATCH; ++k) {
        uint64_t f = t->r[(i + k) % t->n].out[0], placed = xs[k] >= 0 && xs[k] < 64 ? 1ULL << xs[k] : 0;
        check(w, u1[k] == (os[k] ^ f) && u2[k] == (ps[k] ^ (f | placed)), FLIP, i + k);
    }

    t = &tables[MOVES];
    for (k = 0; k < BATCH; ++k) { ps[k] = t->r[(i + k) % t->n].in[0]; os[k] = t->r[(i + k) % t->n].in[1]; }
    check(w, ek_get_moves_batch(BATCH, ps, os, u1) == EK_OK, MOVES, i);
    check(w, ek_get_mobility_batch(BATCH, ps, os, ints) == EK_OK, MOVES, i);
    for (k = 0; k < BATCH; ++k)
        check(w, u1[k] == t->r[(i + k) % t->n].out[0] && ints[k] == (int) t->r[(i + k) % t->n].out[1], MOVES, i + k);

    t = &tables[STABILITY];
    for (k = 0; k < BATCH; ++k) { ps[k] = t->r[(i + k) % t->n].in[0]; os[k] = t->r[(i + k) % t->n].in[1]; }
    check(w, ek_get_stability_batch(BATCH, ps, os, ints) == EK_OK, STABILITY, i);
    for (k = 0; k < BATCH; ++k) check(w, ints[k] == (int) t->r[(i + k) % t->n].out[0], STABILITY, i + k);

    t = &tables[HASH];
    for (k = 0; k < BATCH; ++k) { ps[k] = t->r[(i + k) % t->n].in[0]; os[k] = t->r[(i + k) % t->n].in[1]; }
    check(w, ek_board_get_hash_code_batch(BATCH, ps, os, u1) == EK_OK, HASH, i);
    for (k = 0; k < BATCH; ++k) check(w, u1[k] == t->r[(i + k) % t->n].out[0], HASH, i + k);

    t = &tables[LAST_FLIP];
    for (k = 0; k < BATCH; ++k) { ps[k] = t->r[(i + k) % t->n].in[0]; xs[k] = (int) t->r[(i + k) % t->n].in[1]; }
    check(w, ek_count_last_flip_batch(BATCH, xs, ps, ints) == EK_OK, LAST_FLIP, i);
    for (k = 0; k < BATCH; ++k) check(w, ints[k] == (int) t->r[(i + k) % t->n].out[0], LAST_FLIP, i + k);
}

/* Checks one known answer of each kind, record i (modulo each table's size). */
static void check_records(Worker *w, size_t i)
{
    const Record *r;
    EkBoard b, out;
    EkPerftStats s;

    r = &tables[FLIP].r[i % tables[FLIP].n];
    b.player = r->in[0]; b.opponent = r->in[1];
    check(w, ek_flip((int) r->in[2], r->in[0], r->in[1]) == r->out[0], FLIP, i);
    check(w, ek_board_flip(&b, (int) r->in[2]) == r->out[0], FLIP, i);
    check(w, ek_board_next(&b, (int) r->in[2], &out) == r->out[0] && out.player == (b.opponent ^ r->out[0]), FLIP, i);

    r = &tables[MOVES].r[i % tables[MOVES].n];
    check(w, ek_get_moves(r->in[0], r->in[1]) == r->out[0], MOVES, i);
    check(w, ek_get_mobility(r->in[0], r->in[1]) == (int) r->out[1], MOVES, i);
    check(w, ek_get_weighted_mobility(r->in[0], r->in[1]) == (int) r->out[2], MOVES, i);
    check(w, ek_get_potential_mobility(r->in[0], r->in[1]) == (int) r->out[3], MOVES, i);
    check(w, (int) ek_can_move(r->in[0], r->in[1]) == (int) r->out[4], MOVES, i);
    check(w, ek_bit_count(r->out[0]) == (int) r->out[1], MOVES, i);

    r = &tables[STABILITY].r[i % tables[STABILITY].n];
    check(w, ek_get_stability(r->in[0], r->in[1]) == (int) r->out[0], STABILITY, i);
    check(w, ek_get_edge_stability(r->in[0], r->in[1]) == (int) r->out[1], STABILITY, i);
    check(w, ek_get_corner_stability(r->in[0]) == (int) r->out[2], STABILITY, i);

    r = &tables[HASH].r[i % tables[HASH].n];
    b.player = r->in[0]; b.opponent = r->in[1];
    check(w, ek_board_get_hash_code(&b) == r->out[0], HASH, i);

    r = &tables[SYMMETRY].r[i % tables[SYMMETRY].n];
    b.player = r->in[0]; b.opponent = r->in[1];
    check(w, ek_board_symetry(&b, (int) r->in[2], &out) == EK_OK && out.player == r->out[0] && out.opponent == r->out[1], SYMMETRY, i);

    r = &tables[UNIQUE].r[i % tables[UNIQUE].n];
    b.player = r->in[0]; b.opponent = r->in[1];
    check(w, ek_board_unique(&b, &out) == (int) r->out[2] && out.player == r->out[0] && out.opponent == r->out[1], UNIQUE, i);

    r = &tables[SCORE1].r[i % tables[SCORE1].n];
    b.player = r->in[0]; b.opponent = r->in[1];
    check(w, ek_board_score_1(&b, (int) r->in[3], (int) r->in[2]) == (int) r->out[0], SCORE1, i);
    check(w, ek_board_score_1_exact(&b, (int) r->in[2]) == (int) r->out[1], SCORE1, i);

    r = &tables[LAST_FLIP].r[i % tables[LAST_FLIP].n];
    check(w, ek_count_last_flip((int) r->in[1], r->in[0]) == (int) r->out[0], LAST_FLIP, i);

    check_eval(w, i);
    if (i % 16 == 0) check_batches(w, i);

    if (i % 64 == 0) {
        const EkBoard start = { 0x0000000810000000ULL, 0x0000001008000000ULL };
        r = &tables[PERFT].r[(i / 64) % tables[PERFT].n];
        check(w, ek_perft(start.player, start.opponent, (int) r->in[0]) == r->out[0], PERFT, i);
        check(w, ek_perft_terminal(start.player, start.opponent, (int) r->in[0]) == r->out[5], PERFT, i);
        check(w, ek_perft_stats(start.player, start.opponent, (int) r->in[0], &s) == EK_OK && s.nodes == r->out[0]
              && s.passes == r->out[1] && s.wins == r->out[2] && s.draws == r->out[3] && s.losses == r->out[4], PERFT, i);
    }
}

/* Switches to the next level: supported levels must be accepted, the others refused. */
static void switch_level(Worker *w, size_t i)
{
    const char *name = level_names[(i / 97 + (size_t) w->id) % (sizeof level_names / sizeof level_names[0])];
    int supported = ek_isa_supported(name), status = ek_set_isa(name);
    const char *now = ek_isa();
    ++w->checks;
    if ((supported == 1 && status != EK_OK) || (supported == 0 && status != EK_ERR_ISA_UNSUPPORTED)
        || (supported != 0 && supported != 1)) {
        ++w->failed;
        fprintf(stderr, "thread %d: ek_set_isa(%s) gave %d (supported %d)\n", w->id, name, status, supported);
    }
    check(w, strcmp(now, "portable") == 0 || strcmp(now, "sse2") == 0 || strcmp(now, "avx2") == 0
          || strcmp(now, "avx512") == 0 || strcmp(now, "neon") == 0, FLIP, i);
}

static void *work(void *arg)
{
    Worker *w = (Worker *) arg;
    size_t i, n = tables[FLIP].n, offset = (size_t) w->id * 7919;
    int round;
    time_t deadline;
    /* Allocating the features touches no state of the library that the race is about. */
    check(w, ek_eval_init(&w->eval) == EK_OK, EVAL, 0);
    pthread_barrier_wait(w->start);
    /* The first call of this thread, which may be the process's first. */
    switch (w->id % 6) {
    case 0: check_records(w, offset); break;
    case 1: check(w, ek_isa() != NULL, FLIP, 0); break;
    case 2: switch_level(w, offset); break;
    case 3: check(w, ek_isa_env_status() == EK_OK, FLIP, 0); break;
    case 4: load_weights(w, 0); break;
    default: load_weights(w, 1); break;
    }
    for (round = 0; round < w->rounds; ++round) {
        for (i = 0; i < n; ++i) {
            check_records(w, offset + i);
            if (w->id < 2 && i % 97 == 0) switch_level(w, offset + i);
            if (w->id >= 2 && w->id < 4 && i % 2003 == 1000) load_weights(w, w->id & 1);
        }
    }
    /* A thread may finish before the loads do (they parse 14 MB): it waits for them, then
     * evaluates every record once more, where no EK_ERR_EVAL_NONE is allowed. */
    deadline = time(NULL) + 300;
    while (!ek_eval_loaded() && time(NULL) < deadline) sched_yield();
    check(w, ek_eval_loaded(), EVAL, 0);
    w->weights_seen = 1;
    for (i = 0; i < n_evals; ++i) check_eval(w, i);
    ek_eval_free(&w->eval);
    return NULL;
}

int main(int argc, char **argv)
{
    int threads = argc > 3 ? atoi(argv[3]) : 8, rounds = argc > 4 ? atoi(argv[4]) : 1, t;
    long checks = 0, failed = 0, before_weights = 0;
    pthread_barrier_t start;
    pthread_t *ids;
    Worker *workers;
    if (argc < 3 || threads < 6 || rounds < 1) {
        fprintf(stderr, "usage: concurrency GOLDEN_DIR EVAL_DAT [THREADS (at least 6) [ROUNDS]]\n");
        return 2;
    }
    load(argv[1]); /* no ek_ call before the threads start */
    load_evals(argv[1], argv[2]);
    ids = (pthread_t *) calloc((size_t) threads, sizeof *ids);
    workers = (Worker *) calloc((size_t) threads, sizeof *workers);
    if (ids == NULL || workers == NULL || pthread_barrier_init(&start, NULL, (unsigned) threads) != 0) return 2;
    for (t = 0; t < threads; ++t) {
        workers[t].id = t;
        workers[t].rounds = rounds;
        workers[t].start = &start;
        if (pthread_create(&ids[t], NULL, work, &workers[t]) != 0) { fprintf(stderr, "pthread_create failed\n"); return 2; }
    }
    for (t = 0; t < threads; ++t) {
        pthread_join(ids[t], NULL);
        checks += workers[t].checks;
        failed += workers[t].failed;
        before_weights += workers[t].evals_before_weights;
    }
    pthread_barrier_destroy(&start);
    free(ids);
    free(workers);
    for (t = 0; t < N_KINDS; ++t) free(tables[t].r);
    free(evals);
    free(eval_bytes);
    printf("concurrency: %d threads x %d rounds of %zu records, %ld checks (%ld evaluations before the weights were "
           "loaded), %ld failed\n", threads, rounds, tables[FLIP].n, checks, before_weights, failed);
    return failed == 0 && checks > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
