/*
 * The exact solver and the endgame leaf search through the C API: Edax's fforum-1-19 problems
 * (tests/data/fforum) solved exactly on every level (the file's best score, and a move it lists
 * with that score), fail-soft bounds on windows around it (on a warm and on a cleared table),
 * the batch call against single calls, and every bad argument of docs/reference.md's table for
 * ek_solve_shallow and the ek_solver_ functions (status, nothing written).
 * Usage: solver_api FFORUM_DIR [LEVEL]
 *   Without LEVEL: every level this CPU supports, switched with ek_set_isa.
 *   With LEVEL (the value the test script gave EDAX_KERNELS_ISA, or "best" when unset): the
 *   process's first dispatched call is a solve, which selects the level; the level must be
 *   LEVEL when this CPU supports it (else the best one, with the environment reported as
 *   unsupported or unknown). Only that level is tested.
 */
#include "edax_kernels.h"
#include "check.h"

#include <inttypes.h>
#include <limits.h>
#include <string.h>

/* One fforum problem: the board, its best score, and each listed move with its score. */
typedef struct {
    EkBoard board;
    int empties, best, n_moves;
    int moves[32], scores[32];
} Problem;

static Problem problems[32];
static int n_problems;
/* The project's weights, data/ek-eval.dat, found from FFORUM_DIR (tests/data/fforum). */
static char eval_path[4096];

static void load_problems(const char *dir)
{
    char path[4096], line[1024];
    FILE *f;
    snprintf(path, sizeof path, "%s/fforum-1-19.txt", dir);
    f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(EXIT_FAILURE);
    }
    while (fgets(line, sizeof line, f) != NULL && n_problems < 32) {
        Problem *pb = &problems[n_problems];
        int used = 0;
        const char *s;
        char col, row;
        int score, k;
        if (line[0] == '#') continue;
        if (sscanf(line, "%" SCNx64 " %" SCNx64 " %d %d%n", &pb->board.player, &pb->board.opponent, &pb->empties,
                   &pb->best, &used) != 4)
            continue;
        for (s = line + used; pb->n_moves < 32 && sscanf(s, " %c%c:%d%n", &col, &row, &score, &k) == 3; s += k) {
            pb->moves[pb->n_moves] = (col - 'a') + 8 * (row - '1');
            pb->scores[pb->n_moves++] = score;
        }
        ++n_problems;
    }
    fclose(f);
    if (n_problems != 19) {
        fprintf(stderr, "%s: %d problems, expected 19\n", path, n_problems);
        exit(EXIT_FAILURE);
    }
}

/* The listed score of move x of problem pb, or INT_MIN when x is not listed. */
static int listed_score(const Problem *pb, int x)
{
    int i;
    for (i = 0; i < pb->n_moves; ++i)
        if (pb->moves[i] == x) return pb->scores[i];
    return INT_MIN;
}

static int empties_of(const EkBoard *b)
{
    return 64 - ek_bit_count(b->player | b->opponent);
}

/* Every problem exactly; then windows around the best score on the warm table and on a cleared
 * one: below it (fail-high, a lower bound at most the best score, its move listed with at least
 * that), above it (fail-low, an upper bound at least the best score), and a window of width 2
 * around it (exact). */
static void check_fforum(const char *isa)
{
    EkSolver *s = ek_solver_new(20), *cold = ek_solver_new(16);
    uint64_t nodes = 0;
    int i, w;
    CHECK(s != NULL && cold != NULL, "[%s] ek_solver_new", isa);
    if (s == NULL || cold == NULL) return;
    for (i = 0; i < n_problems; ++i) {
        const Problem *pb = &problems[i];
        EkSolveResult r;
        memset(&r, 0, sizeof r);
        CHECK(empties_of(&pb->board) == pb->empties, "[%s] fforum #%d empties", isa, i + 1);
        CHECK(ek_solver_solve(s, &pb->board, -64, 64, &r) == EK_OK, "[%s] fforum #%d status", isa, i + 1);
        CHECK(r.score == pb->best, "[%s] fforum #%d: score %d, best %d", isa, i + 1, r.score, pb->best);
        CHECK(listed_score(pb, r.best_move) == pb->best, "[%s] fforum #%d: move %d not listed with %d", isa, i + 1,
              r.best_move, pb->best);
        CHECK(r.nodes > 0, "[%s] fforum #%d: no node", isa, i + 1);
        nodes += r.nodes;
    }
    for (w = 0; w < 2; ++w) {
        EkSolver *t = w == 0 ? s : cold;
        for (i = 0; i < n_problems; ++i) {
            const Problem *pb = &problems[i];
            int lo = pb->best - 1, hi = pb->best + 1;
            EkSolveResult r;
            if (w == 1) CHECK(ek_solver_clear(t) == EK_OK, "[%s] clear", isa);
            if (lo >= -64 && hi <= 64) {
                CHECK(ek_solver_solve(t, &pb->board, lo, hi, &r) == EK_OK && r.score == pb->best
                      && listed_score(pb, r.best_move) == pb->best,
                      "[%s] fforum #%d (%d, %d): %d move %d", isa, i + 1, lo, hi, r.score, r.best_move);
            }
            if (pb->best < 64) {
                int alpha = pb->best + 1, beta = alpha + 1 + i % 7 > 64 ? 64 : alpha + 1 + i % 7;
                if (w == 1) ek_solver_clear(t);
                CHECK(ek_solver_solve(t, &pb->board, alpha, beta, &r) == EK_OK && r.score <= alpha && r.score >= pb->best,
                      "[%s] fforum #%d (%d, %d): fail-low %d, best %d", isa, i + 1, alpha, beta, r.score, pb->best);
            }
            if (pb->best > -64) {
                int beta = pb->best - 1 - i % 3, alpha = beta - 1 - i % 5 < -64 ? -64 : beta - 1 - i % 5;
                if (beta <= alpha) beta = alpha + 1;
                if (w == 1) ek_solver_clear(t);
                CHECK(ek_solver_solve(t, &pb->board, alpha, beta, &r) == EK_OK && r.score >= beta && r.score <= pb->best
                      && listed_score(pb, r.best_move) >= r.score,
                      "[%s] fforum #%d (%d, %d): fail-high %d move %d, best %d", isa, i + 1, alpha, beta, r.score,
                      r.best_move, pb->best);
            }
        }
    }
    ek_solver_free(s);
    ek_solver_free(cold);
    printf("  %s: fforum-1-19 in %" PRIu64 " nodes\n", isa, nodes);
}

/* ek_solver_solve_batch gives the answers of one ek_solver_solve per position (two solvers given
 * the same positions in the same order: their tables evolve alike); best_moves may be NULL. */
static void check_batch(const char *isa)
{
    uint64_t ps[32], os[32];
    int scores[32], moves[32], scores2[32], i;
    EkSolver *batch = ek_solver_new(16), *single = ek_solver_new(16);
    CHECK(batch != NULL && single != NULL, "[%s] ek_solver_new", isa);
    if (batch == NULL || single == NULL) return;
    for (i = 0; i < n_problems; ++i) {
        ps[i] = problems[i].board.player;
        os[i] = problems[i].board.opponent;
        scores[i] = scores2[i] = moves[i] = -999;
    }
    CHECK(ek_solver_solve_batch(batch, (size_t) n_problems, ps, os, scores, moves) == EK_OK, "[%s] batch status", isa);
    for (i = 0; i < n_problems; ++i) {
        EkSolveResult r;
        CHECK(ek_solver_solve(single, &problems[i].board, -64, 64, &r) == EK_OK, "[%s] single status", isa);
        CHECK(scores[i] == r.score && moves[i] == r.best_move, "[%s] batch #%d: %d %d, single %d %d", isa, i + 1,
              scores[i], moves[i], r.score, r.best_move);
        CHECK(scores[i] == problems[i].best, "[%s] batch #%d: %d, best %d", isa, i + 1, scores[i], problems[i].best);
    }
    CHECK(ek_solver_clear(batch) == EK_OK, "[%s] clear", isa);
    CHECK(ek_solver_solve_batch(batch, (size_t) n_problems, ps, os, scores2, NULL) == EK_OK, "[%s] batch without moves", isa);
    CHECK(memcmp(scores, scores2, (size_t) n_problems * sizeof scores[0]) == 0, "[%s] batch without moves: scores", isa);
    ek_solver_free(batch);
    ek_solver_free(single);
}

/* The fforum-1-19 problems on a solver of 2 threads (those of 16 empty squares shared by them),
 * one at a time and in a batch: the best score, and a move listed with it. */
static void check_threads(const char *isa)
{
    EkSolver *s = ek_solver_new(20);
    uint64_t ps[64], os[64];
    int scores[64], moves[64], i;
    CHECK(s != NULL && ek_solver_set_threads(s, 2) == EK_OK && ek_solver_get_threads(s) == 2, "[%s] 2 threads", isa);
    if (s == NULL) return;
    for (i = 0; i < n_problems; ++i) {
        const Problem *pb = &problems[i];
        EkSolveResult r;
        CHECK(ek_solver_solve(s, &pb->board, -64, 64, &r) == EK_OK, "[%s] threads #%d status", isa, i + 1);
        CHECK(r.score == pb->best && listed_score(pb, r.best_move) == pb->best, "[%s] threads #%d: %d %d, best %d", isa,
              i + 1, r.score, r.best_move, pb->best);
        ps[i] = pb->board.player, os[i] = pb->board.opponent;
    }
    CHECK(ek_solver_clear(s) == EK_OK, "[%s] clear", isa);
    CHECK(ek_solver_solve_batch(s, (size_t) n_problems, ps, os, scores, moves) == EK_OK, "[%s] threads batch", isa);
    for (i = 0; i < n_problems; ++i)
        CHECK(scores[i] == problems[i].best && listed_score(&problems[i], moves[i]) == problems[i].best,
              "[%s] threads batch #%d: %d %d", isa, i + 1, scores[i], moves[i]);
    ek_solver_free(s);
}

/* The solver ordering with the project's weights (ek_solver_set_eval), on one thread and two:
 * the fforum-1-19 scores and listed moves; on one thread, the fast order's scores in other node
 * counts (the evaluation orders nodes of 14 or more empty squares: these positions have 14 to 16). */
static void check_eval(const char *isa)
{
    EkSolver *fast = ek_solver_new(20), *s = ek_solver_new(20);
    int i, threads, differ = 0;
    CHECK(fast != NULL && s != NULL, "[%s] eval solvers", isa);
    if (fast == NULL || s == NULL) return;
    CHECK(ek_eval_load_file(eval_path) == EK_OK, "[%s] load %s", isa, eval_path);
    CHECK(ek_solver_get_eval(s) == 0 && ek_solver_set_eval(s, 1) == EK_OK && ek_solver_get_eval(s) == 1, "[%s] set_eval", isa);
    for (threads = 1; threads <= 2; ++threads) {
        CHECK(ek_solver_set_threads(s, threads) == EK_OK && ek_solver_clear(s) == EK_OK && ek_solver_clear(fast) == EK_OK,
              "[%s] eval, %d threads", isa, threads);
        for (i = 0; i < n_problems; ++i) {
            const Problem *pb = &problems[i];
            EkSolveResult r, f;
            CHECK(ek_solver_solve(s, &pb->board, -64, 64, &r) == EK_OK, "[%s] eval #%d status", isa, i + 1);
            CHECK(r.score == pb->best && listed_score(pb, r.best_move) == pb->best, "[%s] eval, %d threads, #%d: %d %d, best %d",
                  isa, threads, i + 1, r.score, r.best_move, pb->best);
            if (threads > 1) continue;
            CHECK(ek_solver_solve(fast, &pb->board, -64, 64, &f) == EK_OK && f.score == r.score, "[%s] fast #%d", isa, i + 1);
            differ += f.nodes != r.nodes;
        }
    }
    CHECK(differ > 0, "[%s] the evaluation changed no node count", isa);
    CHECK(ek_solver_set_eval(s, 0) == EK_OK && ek_solver_get_eval(s) == 0, "[%s] set_eval(0)", isa);
    ek_eval_unload();
    CHECK(ek_solver_set_eval(s, 1) == EK_ERR_EVAL_NONE && ek_solver_get_eval(s) == 0, "[%s] set_eval, none loaded", isa);
    CHECK(ek_solver_set_eval(NULL, 1) == EK_ERR_NULL && ek_solver_get_eval(NULL) == 0, "[%s] eval(NULL)", isa);
    ek_solver_free(fast);
    ek_solver_free(s);
}

/* Whether a result still holds the sentinel written before a call that must not write it. */
static int untouched(const EkSolveResult *r)
{
    return r->score == 12345 && r->best_move == -77 && r->nodes == 99;
}

static void sentinel(EkSolveResult *r)
{
    r->score = 12345;
    r->best_move = -77;
    r->nodes = 99;
}

/* docs/reference.md's bad-input rows of ek_solve_shallow and the ek_solver_ functions, and the
 * results of a finished game (EK_NOMOVE) and of a position whose player must pass (EK_PASS). */
static void check_bad_arguments(const char *isa)
{
    const EkBoard start = { 0x0000000810000000ULL, 0x0000001008000000ULL };
    const EkBoard overlap = { problems[0].board.player | 0x8000000000000000ULL,
                              problems[0].board.opponent | 0x8000000000000000ULL };
    /* 4 empty squares; the player to move has no move, the opponent has. */
    const EkBoard must_pass = { 0x30f8c0dcf8f87e0fULL, 0xcf073f2307070120ULL };
    const EkBoard swapped = { must_pass.opponent, must_pass.player };
    const EkBoard finished = { 0xFFULL, 0xFF00000000000000ULL }; /* rows 1 and 8: nobody can move, a draw */
    const int bad_bits[] = { 0, -1, 33, 64, INT_MIN, INT_MAX };
    const int bad_windows[][2] = { { 0, 0 }, { 1, 0 }, { -65, 0 }, { 0, 65 }, { 64, 64 }, { -64, -64 },
                                   { INT_MIN, 0 }, { 0, INT_MAX }, { 64, -64 }, { -65, 65 } };
    const Problem *pb = &problems[0];
    EkSolver *s = ek_solver_new(12), *tiny = ek_solver_new(1);
    EkSolveResult r;
    uint64_t ps[3], os[3];
    int scores[3], moves[3], i;
    int64_t n;

    CHECK(s != NULL && tiny != NULL, "[%s] ek_solver_new(12), ek_solver_new(1)", isa);
    if (s == NULL || tiny == NULL) return;
    for (i = 0; i < (int) (sizeof bad_bits / sizeof bad_bits[0]); ++i)
        CHECK(ek_solver_new(bad_bits[i]) == NULL, "[%s] ek_solver_new(%d)", isa, bad_bits[i]);
    /* A table of 2 entries still solves exactly. */
    CHECK(ek_solver_solve(tiny, &pb->board, -64, 64, &r) == EK_OK && r.score == pb->best
          && listed_score(pb, r.best_move) == pb->best, "[%s] hash_bits 1: %d", isa, r.score);
    ek_solver_free(tiny);

    /* NULLs. */
    ek_solver_free(NULL);
    ek_solver_stop(NULL);
    CHECK(ek_solver_set_node_limit(NULL, 10) == EK_ERR_NULL, "[%s] set_node_limit(NULL)", isa);
    CHECK(ek_solver_set_threads(NULL, 2) == EK_ERR_NULL && ek_solver_get_threads(NULL) == 0, "[%s] threads(NULL)", isa);
    CHECK(ek_solver_get_threads(s) == 1 && ek_solver_set_threads(s, 0) == EK_ERR_RANGE
          && ek_solver_set_threads(s, EK_SOLVER_MAX_THREADS + 1) == EK_ERR_RANGE && ek_solver_set_threads(s, INT_MIN) == EK_ERR_RANGE
          && ek_solver_get_threads(s) == 1, "[%s] set_threads out of range", isa);
    CHECK(ek_solver_clear(NULL) == EK_ERR_NULL, "[%s] clear(NULL)", isa);
    sentinel(&r);
    CHECK(ek_solver_solve(NULL, &pb->board, -64, 64, &r) == EK_ERR_NULL && untouched(&r), "[%s] solve(NULL solver)", isa);
    CHECK(ek_solver_solve(s, NULL, -64, 64, &r) == EK_ERR_NULL && untouched(&r), "[%s] solve(NULL board)", isa);
    CHECK(ek_solver_solve(s, &pb->board, -64, 64, NULL) == EK_ERR_NULL, "[%s] solve(NULL out)", isa);

    /* Windows and overlap. */
    for (i = 0; i < (int) (sizeof bad_windows / sizeof bad_windows[0]); ++i) {
        CHECK(ek_solver_solve(s, &pb->board, bad_windows[i][0], bad_windows[i][1], &r) == EK_ERR_RANGE && untouched(&r),
              "[%s] window (%d, %d)", isa, bad_windows[i][0], bad_windows[i][1]);
    }
    CHECK(ek_solver_solve(s, &overlap, -64, 64, &r) == EK_ERR_RANGE && untouched(&r), "[%s] overlap", isa);
    CHECK(ek_solver_solve(s, &pb->board, -64, -63, &r) == EK_OK && r.score >= -63, "[%s] window (-64, -63)", isa);
    CHECK(ek_solver_solve(s, &pb->board, 63, 64, &r) == EK_OK && r.score <= 63, "[%s] window (63, 64)", isa);

    /* A stop with no solve running does not stop a later solve; a node limit does. */
    CHECK(ek_solver_clear(s) == EK_OK, "[%s] clear", isa);
    ek_solver_stop(s);
    CHECK(ek_solver_solve(s, &pb->board, -64, 64, &r) == EK_OK && r.score == pb->best, "[%s] solve after a stop", isa);
    CHECK(ek_solver_clear(s) == EK_OK, "[%s] clear", isa);
    CHECK(ek_solver_set_node_limit(s, 1000) == EK_OK, "[%s] set_node_limit", isa);
    sentinel(&r);
    CHECK(ek_solver_solve(s, &pb->board, -64, 64, &r) == EK_ERR_STOPPED && untouched(&r), "[%s] node limit", isa);
    CHECK(ek_solver_set_node_limit(s, 0) == EK_OK, "[%s] set_node_limit(0)", isa);
    CHECK(ek_solver_solve(s, &pb->board, -64, 64, &r) == EK_OK && r.score == pb->best, "[%s] no limit", isa);

    /* The game is over: EK_NOMOVE; the player must pass: EK_PASS, minus the opponent's score. */
    CHECK(ek_solver_solve(s, &finished, -64, 64, &r) == EK_OK && r.score == 0 && r.best_move == EK_NOMOVE,
          "[%s] finished game: %d move %d", isa, r.score, r.best_move);
    {
        EkSolveResult other;
        CHECK(ek_solver_solve(s, &swapped, -64, 64, &other) == EK_OK && other.best_move >= 0, "[%s] swapped", isa);
        CHECK(ek_solver_solve(s, &must_pass, -64, 64, &r) == EK_OK && r.score == -other.score && r.best_move == EK_PASS,
              "[%s] must pass: %d move %d (opponent %d)", isa, r.score, r.best_move, other.score);
    }

    /* The batch call. */
    for (i = 0; i < 3; ++i) {
        ps[i] = problems[i].board.player;
        os[i] = problems[i].board.opponent;
        scores[i] = moves[i] = -999;
    }
    CHECK(ek_solver_solve_batch(NULL, 3, ps, os, scores, moves) == EK_ERR_NULL, "[%s] batch NULL solver", isa);
    CHECK(ek_solver_solve_batch(s, 3, NULL, os, scores, moves) == EK_ERR_NULL, "[%s] batch NULL players", isa);
    CHECK(ek_solver_solve_batch(s, 3, ps, NULL, scores, moves) == EK_ERR_NULL, "[%s] batch NULL opponents", isa);
    CHECK(ek_solver_solve_batch(s, 3, ps, os, NULL, moves) == EK_ERR_NULL, "[%s] batch NULL scores", isa);
    CHECK(scores[0] == -999 && moves[0] == -999 && scores[2] == -999, "[%s] batch NULLs wrote", isa);
    CHECK(ek_solver_solve_batch(s, 0, NULL, NULL, NULL, NULL) == EK_OK, "[%s] batch n = 0", isa);
    ps[1] |= 1; os[1] |= 1; /* overlap at position 1 */
    CHECK(ek_solver_solve_batch(s, 3, ps, os, scores, moves) == EK_ERR_RANGE, "[%s] batch overlap", isa);
    CHECK(scores[0] == problems[0].best && listed_score(&problems[0], moves[0]) == problems[0].best,
          "[%s] batch overlap: position 0 not solved", isa);
    CHECK(scores[1] == -999 && moves[1] == -999 && scores[2] == -999 && moves[2] == -999,
          "[%s] batch overlap: positions 1.. written", isa);
    ps[1] = problems[1].board.player;
    os[1] = problems[1].board.opponent;
    CHECK(ek_solver_solve_batch(s, 3, ps, os, scores, NULL) == EK_OK && scores[1] == problems[1].best
          && scores[2] == problems[2].best && moves[2] == -999, "[%s] batch NULL best_moves", isa);
    CHECK(ek_solver_clear(s) == EK_OK && ek_solver_set_node_limit(s, 1000) == EK_OK, "[%s] limit", isa);
    CHECK(ek_solver_solve_batch(s, 3, ps, os, scores, moves) == EK_ERR_STOPPED, "[%s] batch node limit", isa);
    ek_solver_set_node_limit(s, 0);

    /* ek_solve_shallow. */
    n = 5;
    CHECK(ek_solve_shallow(NULL, 0, &n) == EK_SCORE_NONE && n == 5, "[%s] solve_shallow(NULL)", isa);
    CHECK(ek_solve_shallow(&start, 0, &n) == EK_SCORE_NONE && n == 5, "[%s] solve_shallow 60 empties", isa);
    CHECK(ek_solve_shallow(&pb->board, 0, &n) == EK_SCORE_NONE && n == 5, "[%s] solve_shallow 14 empties", isa);
    {
        int base = ek_solve_shallow(&must_pass, 0, &n), extremes[][2] = { { INT_MIN, -65 }, { -66, -65 }, { -1000, -65 },
                                                                         { INT_MAX, 64 }, { 65, 64 }, { 1000, 64 } };
        int64_t n1, n2;
        CHECK(n > 5 && ek_solve_shallow(&must_pass, 0, NULL) == base, "[%s] solve_shallow NULL n_nodes", isa);
        for (i = 0; i < 6; ++i) {
            n1 = n2 = 0;
            CHECK(ek_solve_shallow(&must_pass, extremes[i][0], &n1) == ek_solve_shallow(&must_pass, extremes[i][1], &n2)
                  && n1 == n2, "[%s] solve_shallow alpha %d", isa, extremes[i][0]);
        }
        /* The leaf search's result is a fail-soft bound of the solver's exact score. */
        CHECK(ek_solver_solve(s, &must_pass, -64, 64, &r) == EK_OK, "[%s] solve", isa);
        for (i = -65; i <= 64; ++i) {
            int v = ek_solve_shallow(&must_pass, i, NULL);
            CHECK(v <= i ? r.score <= v : r.score >= v, "[%s] solve_shallow alpha %d: %d, exact %d", isa, i, v, r.score);
        }
    }
    ek_solver_free(s);
}

/* The overlap row: a defined value, the same on every level (levels switched here). The second
 * board made both sides pass forever in the 4-empties search (found by the fuzz target). */
static void check_shallow_overlap_on_every_level(const EkBoard *b)
{
    static const char *const levels[] = { "portable", "sse2", "avx2", "avx512", "neon" };
    int want = 0, i, alpha;
    int64_t want_n = 0;
    for (alpha = -3; alpha <= 3; alpha += 3) {
        for (i = 0; i < (int) (sizeof levels / sizeof levels[0]); ++i) {
            int64_t n = 0;
            int v;
            if (ek_isa_supported(levels[i]) != 1) continue;
            CHECK(ek_set_isa(levels[i]) == EK_OK, "set_isa(%s)", levels[i]);
            v = ek_solve_shallow(b, alpha, &n);
            if (i == 0) {
                want = v;
                want_n = n;
            }
            CHECK(v == want && n == want_n, "solve_shallow overlap alpha %d on %s: %d %" PRId64 ", portable %d %" PRId64,
                  alpha, levels[i], v, n, want, want_n);
        }
    }
}

/* The highest level this CPU supports (neon and the x86-64 levels exclude each other). */
static const char *best_level(void)
{
    static const char *const levels[] = { "neon", "avx512", "avx2", "sse2", "portable" };
    size_t i;
    for (i = 0; i < sizeof levels / sizeof levels[0]; ++i) {
        if (ek_isa_supported(levels[i]) == 1) return levels[i];
    }
    return "none";
}

int main(int argc, char **argv)
{
    static const char *const levels[] = { "portable", "sse2", "avx2", "avx512", "neon" };
    size_t i;
    int tested = 0;

    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: %s FFORUM_DIR [LEVEL]\n", argv[0]);
        return EXIT_FAILURE;
    }
    load_problems(argv[1]);
    snprintf(eval_path, sizeof eval_path, "%s/../../../data/ek-eval.dat", argv[1]);
    if (argc == 3) {
        /* The first dispatched call of the process: a solve, which selects the level. */
        EkSolver *s = ek_solver_new(16);
        EkSolveResult r;
        const char *want;
        int status = s == NULL ? EK_ERR_NULL : ek_solver_solve(s, &problems[0].board, -64, 64, &r);
        CHECK(status == EK_OK && r.score == problems[0].best, "first solve: status %d", status);
        ek_solver_free(s);
        if (strcmp(argv[2], "best") == 0 || ek_isa_supported(argv[2]) != 1) {
            /* Unset (best), a level above this CPU's (0) or not a level name (EK_ERR_ISA_UNKNOWN). */
            int supported = strcmp(argv[2], "best") == 0 ? 1 : ek_isa_supported(argv[2]);
            want = best_level();
            CHECK(ek_isa_env_status() == (supported == 1 ? EK_OK : supported == 0 ? EK_ERR_ISA_UNSUPPORTED : supported),
                  "env status %d", ek_isa_env_status());
        } else {
            want = argv[2];
            CHECK(ek_isa_env_status() == EK_OK, "env status %d", ek_isa_env_status());
        }
        CHECK(strcmp(ek_isa(), want) == 0, "level %s, expected %s", ek_isa(), want);
        check_fforum(ek_isa());
        check_batch(ek_isa());
        check_threads(ek_isa());
        check_eval(ek_isa());
        check_bad_arguments(ek_isa());
        return check_summary("solver_api");
    }
    printf("edax-kernels %s, default level %s\n", ek_version(), ek_isa());
    CHECK(strstr(ek_status_message(EK_ERR_STOPPED), "unknown") == NULL, "message of EK_ERR_STOPPED");
    CHECK(strstr(ek_status_message(EK_ERR_BUSY), "unknown") == NULL, "message of EK_ERR_BUSY");
    CHECK(EK_ERR_STOPPED == -11 && EK_ERR_BUSY == -12, "status codes");
    for (i = 0; i < sizeof levels / sizeof levels[0]; ++i) {
        if (ek_isa_supported(levels[i]) != 1) {
            printf("  %s: not supported by this CPU\n", levels[i]);
            continue;
        }
        CHECK(ek_set_isa(levels[i]) == EK_OK, "set_isa(%s)", levels[i]);
        check_fforum(levels[i]);
        check_batch(levels[i]);
        check_threads(levels[i]);
        check_eval(levels[i]);
        check_bad_arguments(levels[i]);
        ++tested;
    }
    {
        const EkBoard overlap[2] = { { 0x30f8c0dcf8f87e0fULL | 0xF0ULL, 0xcf073f2307070120ULL | 0xF0ULL },
                                     { 0x7fffffffffff7700ULL, 0x7fffffffffffff80ULL } };
        check_shallow_overlap_on_every_level(&overlap[0]);
        check_shallow_overlap_on_every_level(&overlap[1]);
    }
    CHECK(tested >= 1, "no level tested");
    return check_summary("solver_api");
}
