/*
 * The engine through the C API, as a C program embedding it uses it: the built-in weights as a
 * shared object, an engine of its own tables, and whole games it plays against itself at a
 * level, from the start and from positions after random openings. Every move it gives is legal
 * (a pass exactly when the player has none, 65 exactly at the end of the game); every score it
 * calls exact is the solver's; the final position's score is the game's; a node limit and the
 * weights object's sharing behave as the header says; an analysis lists the legal moves. The
 * odd games are played by an engine of two threads (sanitize.sh runs this program under TSan).
 * Usage: engine_api [LEVEL [GAMES]]   (default: level 6, 4 games)
 */
#include "edax_kernels.h"
#include "check.h"

#include <string.h>

static int popcount64(uint64_t b)
{
    int n = 0;
    for (; b; b &= b - 1) ++n;
    return n;
}

/* The square of the lowest bit of `b` (not 0). */
static int lowest_square(uint64_t b)
{
    int x = 0;
    while (!(b >> x & 1)) ++x;
    return x;
}

/* xorshift64: the random openings. */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static EkBoard play(EkBoard b, int x)
{
    EkBoard n;
    uint64_t flipped = ek_flip(x, b.player, b.opponent);
    n.player = b.opponent ^ flipped;
    n.opponent = b.player ^ flipped ^ (1ULL << x);
    return n;
}

static EkBoard swap_sides(EkBoard b)
{
    EkBoard n;
    n.player = b.opponent;
    n.opponent = b.player;
    return n;
}

/* One game from `b` at `level`; returns the number of moves played. */
static int play_game(EkEngine *engine, EkSolver *solver, EkBoard b, int level, int game)
{
    int ply;
    EkEngineLimits limits;
    memset(&limits, 0, sizeof limits);
    limits.level = level;
    limits.depth = -1;
    limits.selectivity = -1;
    for (ply = 0; ply < 120; ++ply) {
        EkEngineResult r;
        uint64_t moves = ek_get_moves(b.player, b.opponent);
        int status = ek_engine_search(engine, &b, &limits, &r);
        int empties = 64 - popcount64(b.player | b.opponent);
        CHECK(status == EK_OK, "game %d ply %d: status %d", game, ply, status);
        if (status != EK_OK) return ply;
        CHECK(r.complete == 1 && r.pv_length >= 0 && r.pv_length <= EK_PV_SIZE, "game %d ply %d: complete %d, pv %d",
              game, ply, r.complete, r.pv_length);
        if (r.exact && empties <= 16) {
            EkSolveResult s;
            CHECK(ek_solver_solve(solver, &b, -64, 64, &s) == EK_OK && s.score == r.score,
                  "game %d ply %d: exact score %d, the solver's %d", game, ply, r.score, s.score);
        }
        if (moves == 0) {
            if (ek_get_moves(b.opponent, b.player) == 0) {
                int diff = popcount64(b.player) - popcount64(b.opponent);
                int final_score = diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
                CHECK(r.best_move == EK_NOMOVE && r.exact == 1 && r.score == final_score,
                      "game %d: the end: move %d, exact %d, score %d (final %d)", game, r.best_move, r.exact, r.score,
                      final_score);
                return ply;
            }
            CHECK(r.best_move == EK_PASS, "game %d ply %d: no move, gave %d", game, ply, r.best_move);
            b = swap_sides(b);
            continue;
        }
        CHECK(r.best_move >= 0 && r.best_move < 64 && (moves >> r.best_move & 1),
              "game %d ply %d: illegal move %d", game, ply, r.best_move);
        if (!(r.best_move >= 0 && r.best_move < 64 && (moves >> r.best_move & 1))) return ply;
        CHECK(r.pv_length >= 1 && r.pv[0] == r.best_move, "game %d ply %d: pv starts with %d, move %d", game, ply,
              r.pv_length ? r.pv[0] : -1, r.best_move);
        b = play(b, r.best_move);
    }
    CHECK(0, "game %d did not end in 120 plies", game);
    return ply;
}

int main(int argc, char **argv)
{
    int level = argc > 1 ? atoi(argv[1]) : 6, games = argc > 2 ? atoi(argv[2]) : 4, g, status = -99;
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    const EkBoard start = { 0x0000000810000000ULL, 0x0000001008000000ULL };
    EkWeights *weights = ek_weights_load_default(&status);
    EkEngine *engine, *small;
    EkSolver *solver = ek_solver_new(16);
    EkEngineLimits limits;
    EkEngineResult r;

    printf("edax-kernels %s, level %s\n", ek_version(), ek_isa());
    CHECK(weights != NULL && status == EK_OK, "ek_weights_load_default: status %d", status);
    if (weights == NULL || solver == NULL) return check_summary("engine_api");
    engine = ek_engine_new(weights, 16);
    small = ek_engine_new(weights, 10);
    /* The engines hold the weights: the caller's handle can go at once. */
    ek_weights_free(weights);
    CHECK(engine != NULL && small != NULL, "ek_engine_new");
    if (engine == NULL || small == NULL) return check_summary("engine_api");
    CHECK(ek_engine_get_threads(small) == 1 && ek_engine_set_threads(small, 2) == EK_OK
              && ek_engine_set_threads(small, 0) == EK_ERR_RANGE && ek_engine_get_threads(small) == 2,
          "ek_engine_set_threads");

    for (g = 0; g < games; ++g) {
        EkBoard b = start;
        int i, plies = 2 * g; /* game 0 from the start, the others after random openings */
        for (i = 0; i < plies; ++i) {
            uint64_t moves = ek_get_moves(b.player, b.opponent);
            int k = (int) (next_random(&seed) % (uint64_t) popcount64(moves));
            while (k-- > 0) moves &= moves - 1;
            b = play(b, lowest_square(moves));
        }
        printf("game %d: %d moves at level %d, %d thread(s)\n", g, play_game(g % 2 ? small : engine, solver, b, level, g),
               level, g % 2 ? 2 : 1);
    }

    /* A node limit cuts a deep search: a legal move, not complete, not exact. */
    memset(&limits, 0, sizeof limits);
    limits.level = 40;
    limits.depth = -1;
    limits.selectivity = -1;
    limits.max_nodes = 5000;
    CHECK(ek_engine_search(engine, &start, &limits, &r) == EK_OK && r.complete == 0 && r.exact == 0
              && (ek_get_moves(start.player, start.opponent) >> r.best_move & 1),
          "node limit: complete %d, exact %d, move %d", r.complete, r.exact, r.best_move);
    /* An analysis: the start's four moves in square order, each complete. */
    {
        static const int squares[4] = {19, 26, 37, 44};
        EkMoveScore moves[EK_MAX_MOVES];
        int n = -1, i, ok;
        limits.level = 4;
        limits.max_nodes = 0;
        ok = ek_engine_analyze(engine, &start, &limits, moves, &n) == EK_OK && n == 4;
        for (i = 0; ok && i < n; ++i) ok = moves[i].square == squares[i] && moves[i].complete == 1;
        CHECK(ok, "analysis of the start: %d moves", n);
        CHECK(ek_engine_analyze(engine, &start, &limits, NULL, &n) == EK_ERR_NULL, "analysis into NULL");
    }
    /* Bad input: a status, nothing written. */
    memset(&r, 0x55, sizeof r);
    CHECK(ek_engine_search(NULL, &start, &limits, &r) == EK_ERR_NULL && r.score == 0x55555555, "NULL engine");
    limits.level = 61;
    CHECK(ek_engine_search(engine, &start, &limits, &r) == EK_ERR_RANGE && r.score == 0x55555555, "level 61");
    CHECK(ek_engine_new(NULL, 16) == NULL, "ek_engine_new(NULL)");
    CHECK(ek_engine_clear(engine) == EK_OK && ek_engine_clear(NULL) == EK_ERR_NULL, "ek_engine_clear");
    ek_engine_stop(NULL);
    ek_engine_free(small);
    ek_engine_free(engine);
    ek_engine_free(NULL);
    ek_solver_free(solver);
    return check_summary("engine_api");
}
