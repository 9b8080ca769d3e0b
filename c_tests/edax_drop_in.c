/*
 * The Edax drop-in path: a program that sees only Edax 4.6's declarations of the replaced
 * functions (as board.h, bit.h and hash.h give them to an Edax source file; no
 * edax_kernels.h), linked to the library built with the edax-abi feature, gets Edax's known
 * answers (tests/data/golden). Usage: edax_drop_in GOLDEN_DIR [EVAL_DAT]
 * Built with EDAX_DROP_IN_EVAL defined (library built with edax-abi-eval), it also checks the
 * eval.h functions with EVAL_DAT, the golden set's synthetic eval.dat.
 */
#define _POSIX_C_SOURCE 200809L /* fork, waitpid */
#include "check.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* board.h */
typedef struct Board {
    uint64_t player, opponent;
} Board;

void board_symetry(const Board *, const int, Board *);
int board_unique(const Board *, Board *);
uint64_t board_next(const Board *, const int, Board *);
uint64_t board_get_hash_code(const Board *);
uint64_t board_flip(const Board *, const int);
uint64_t flip(const int, const uint64_t P, const uint64_t O);
int count_last_flip(const int, const uint64_t);
bool can_move(const uint64_t, const uint64_t);
int get_mobility(const uint64_t, const uint64_t);
int get_weighted_mobility(const uint64_t, const uint64_t);
int get_potential_mobility(const uint64_t, const uint64_t);
void edge_stability_init(void);
int get_stability(const uint64_t, const uint64_t);
int get_edge_stability(const uint64_t, const uint64_t);
int get_corner_stability(const uint64_t);
/* Edax 4.4's endgame.c (libedax and other 4.4-based engines); Edax 4.6 has no board_score_1. */
int board_score_1(const Board *board, const int beta, const int x);
/* board.h's declaration without AVX2; an AVX2 build of Edax declares it this way once linked
 * to the library (see docs/edax-drop-in.md). */
uint64_t get_moves(const uint64_t, const uint64_t);

/* bit.h */
int bit_count_32(const uint32_t);
int bit_count_64(const uint64_t);
int bit_weighted_count(const uint64_t);

/* hash.h (default build: no collision or statistics counters), util.h's SpinLock. */
#define HASH_N_WAY 4
typedef struct SpinLock { int lock; } SpinLock;
typedef union {
    struct { uint8_t depth, selectivity, cost, date; } u1;
    struct { uint16_t depth_selectivity, cost_date; } u2;
    uint32_t u4;
} HashDraft;
typedef struct HashData {
    HashDraft draft;
    int8_t lower;
    int8_t upper;
    int8_t move[2];
} HashData;
typedef struct Hash {
    Board board;
    HashData data;
} Hash;
typedef struct HashTable {
    Hash *hash;
    SpinLock *spin;
    uint64_t n_hash;
    uint64_t hash_mask;
    uint32_t spin_mask;
    uint32_t n_spin;
    uint8_t date;
} HashTable;

typedef struct HashStore {
    HashDraft draft;
    int8_t alpha;
    int8_t beta;
    int8_t score;
    int8_t move;
} HashStore;

void hash_prefetch(HashTable *, const uint64_t);
void hash_store(HashTable *, const Board *, const uint64_t, const HashStore *);
void hash_force(HashTable *, const Board *, const uint64_t, const HashStore *);
bool hash_get(HashTable *, const Board *, const uint64_t, HashData *);
void hash_feed(HashTable *, const Board *, const uint64_t, const HashData *);
void hash_exclude_move(HashTable *, const Board *, const uint64_t, const int);

#ifdef EDAX_DROP_IN_EVAL
/* eval.h (the union's SIMD members only change its alignment), move.h */
typedef union Feature {
    uint16_t v1[48];
    uint64_t v4[12];
} Feature;
typedef struct Eval {
    Feature *feature;
    int player;
    int ply;
} Eval;
typedef struct Move {
    struct Move *next;
    uint64_t flipped;
    int x;
    int score;
    unsigned int cost;
} Move;

void eval_init(Eval *);
void eval_free(Eval *);
void eval_open(const char *);
void eval_close(void);
void eval_set(Eval *, const Board *);
void eval_update(Eval *, const Move *);
void eval_restore(Eval *);
void eval_pass(Eval *);
int eval_accumulate(const Eval *);
double eval_sigma(const int, const int, const int);
#endif

static const char *golden_dir;
static long records;

/* Opens GOLDEN_DIR/name, or fails the test. */
static FILE *open_golden(const char *name)
{
    char path[4096];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", golden_dir, name);
    f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(EXIT_FAILURE);
    }
    return f;
}

/* Reads the next record line into buf (skipping comments); returns 0 at end of file. */
static int next_record(FILE *f, char *buf, size_t size)
{
    while (fgets(buf, (int) size, f) != NULL) {
        if (buf[0] != '#' && buf[0] != '\n') {
            ++records;
            return 1;
        }
    }
    return 0;
}

static void check_flip(void)
{
    char line[512];
    FILE *f = open_golden("flip.txt");
    while (next_record(f, line, sizeof line)) {
        Board b, next;
        uint64_t want;
        int x;
        CHECK(sscanf(line, "%" SCNx64 " %" SCNx64 " %d %" SCNx64, &b.player, &b.opponent, &x, &want) == 4, "flip.txt: %s", line);
        CHECK(flip(x, b.player, b.opponent) == want, "flip(%d, %016" PRIx64 ", %016" PRIx64 ")", x, b.player, b.opponent);
        CHECK(board_flip(&b, x) == want, "board_flip x=%d", x);
        CHECK(board_next(&b, x, &next) == want, "board_next x=%d", x);
        CHECK(next.player == (b.opponent ^ want), "board_next player x=%d", x);
        CHECK(next.opponent == (b.player ^ want ^ (x < 64 ? 1ULL << x : 0)), "board_next opponent x=%d", x);
    }
    fclose(f);
}

static void check_moves(void)
{
    char line[512];
    FILE *f = open_golden("moves.txt");
    while (next_record(f, line, sizeof line)) {
        uint64_t p, o, moves;
        int mob, wmob, pot, can;
        CHECK(sscanf(line, "%" SCNx64 " %" SCNx64 " %" SCNx64 " %d %d %d %d", &p, &o, &moves, &mob, &wmob, &pot, &can) == 7, "moves.txt: %s", line);
        CHECK(get_moves(p, o) == moves, "get_moves %016" PRIx64 " %016" PRIx64, p, o);
        CHECK(get_mobility(p, o) == mob, "get_mobility %016" PRIx64 " %016" PRIx64, p, o);
        CHECK(get_weighted_mobility(p, o) == wmob, "get_weighted_mobility %016" PRIx64 " %016" PRIx64, p, o);
        CHECK(get_potential_mobility(p, o) == pot, "get_potential_mobility %016" PRIx64 " %016" PRIx64, p, o);
        CHECK((int) can_move(p, o) == can, "can_move %016" PRIx64 " %016" PRIx64, p, o);
        CHECK(bit_count_64(moves) == mob, "bit_count_64 %016" PRIx64, moves);
        CHECK(bit_count_32((uint32_t) moves) + bit_count_32((uint32_t) (moves >> 32)) == mob, "bit_count_32 %016" PRIx64, moves);
        CHECK(bit_weighted_count(moves) == wmob, "bit_weighted_count %016" PRIx64, moves);
    }
    fclose(f);
}

static void check_stability(void)
{
    char line[512];
    FILE *f = open_golden("stability.txt");
    edge_stability_init();
    while (next_record(f, line, sizeof line)) {
        uint64_t p, o;
        int st, edge, corner;
        CHECK(sscanf(line, "%" SCNx64 " %" SCNx64 " %d %d %d", &p, &o, &st, &edge, &corner) == 5, "stability.txt: %s", line);
        CHECK(get_stability(p, o) == st, "get_stability %016" PRIx64 " %016" PRIx64, p, o);
        CHECK(get_edge_stability(p, o) == edge, "get_edge_stability %016" PRIx64 " %016" PRIx64, p, o);
        CHECK(get_corner_stability(p) == corner, "get_corner_stability %016" PRIx64, p);
    }
    fclose(f);
}

static void check_last_flip(void)
{
    char line[512];
    FILE *f = open_golden("last_flip.txt");
    while (next_record(f, line, sizeof line)) {
        uint64_t b;
        int x, n;
        CHECK(sscanf(line, "%" SCNx64 " %d %d", &b, &x, &n) == 3, "last_flip.txt: %s", line);
        CHECK(count_last_flip(x, b) == n, "count_last_flip(%d, %016" PRIx64 ")", x, b);
    }
    fclose(f);
}

static void check_score_1(void)
{
    char line[512];
    FILE *f = open_golden("score1.txt");
    while (next_record(f, line, sizeof line)) {
        Board b;
        int x, beta, score, exact;
        CHECK(sscanf(line, "%" SCNx64 " %" SCNx64 " %d %d %d %d", &b.player, &b.opponent, &x, &beta, &score, &exact) == 6,
              "score1.txt: %s", line);
        CHECK(board_score_1(&b, beta, x) == score, "board_score_1(%016" PRIx64 ", %016" PRIx64 ", %d, %d)", b.player,
              b.opponent, beta, x);
    }
    fclose(f);
    CHECK(board_score_1(NULL, 0, 0) == 32767, "board_score_1(NULL) is EK_SCORE_NONE");
}

static void check_hash(void)
{
    char line[512];
    FILE *f = open_golden("hash.txt");
    while (next_record(f, line, sizeof line)) {
        Board b;
        uint64_t h;
        CHECK(sscanf(line, "%" SCNx64 " %" SCNx64 " %" SCNx64, &b.player, &b.opponent, &h) == 3, "hash.txt: %s", line);
        CHECK(board_get_hash_code(&b) == h, "board_get_hash_code %016" PRIx64 " %016" PRIx64, b.player, b.opponent);
    }
    fclose(f);
}

static void check_symmetry(void)
{
    char line[512];
    FILE *f = open_golden("symmetry.txt");
    while (next_record(f, line, sizeof line)) {
        Board b, want, got;
        int s;
        CHECK(sscanf(line, "%" SCNx64 " %" SCNx64 " %d %" SCNx64 " %" SCNx64, &b.player, &b.opponent, &s, &want.player, &want.opponent) == 5, "symmetry.txt: %s", line);
        board_symetry(&b, s, &got);
        CHECK(got.player == want.player && got.opponent == want.opponent, "board_symetry s=%d", s);
    }
    fclose(f);
}

static void check_unique(void)
{
    char line[512];
    FILE *f = open_golden("unique.txt");
    while (next_record(f, line, sizeof line)) {
        Board b, want, got;
        int s;
        CHECK(sscanf(line, "%" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64 " %d", &b.player, &b.opponent, &want.player, &want.opponent, &s) == 5, "unique.txt: %s", line);
        CHECK(board_unique(&b, &got) == s, "board_unique index %016" PRIx64 " %016" PRIx64, b.player, b.opponent);
        CHECK(got.player == want.player && got.opponent == want.opponent, "board_unique board");
    }
    fclose(f);
}

/* hash_prefetch has no result: check that it takes a table laid out as Edax's, on any bucket,
 * and writes nothing to it. */
static void check_hash_prefetch(void)
{
    enum { N_HASH = 1 << 10 };
    static Hash entries[N_HASH + HASH_N_WAY + 1], copy[N_HASH + HASH_N_WAY + 1];
    HashTable table, table_copy;
    uint64_t code = 0x9E3779B97F4A7C15ULL;
    int i;
    memset(&table, 0, sizeof table);
    table.hash = entries;
    table.n_hash = N_HASH;
    table.hash_mask = N_HASH - 1;
    memset(entries, 0x5A, sizeof entries);
    memcpy(copy, entries, sizeof entries);
    table_copy = table;
    for (i = 0; i < 100000; ++i) {
        code = code * 6364136223846793005ULL + 1442695040888963407ULL;
        hash_prefetch(&table, code);
    }
    CHECK(memcmp(&table, &table_copy, sizeof table) == 0, "hash_prefetch changed the table header");
    CHECK(memcmp(entries, copy, sizeof entries) == 0, "hash_prefetch changed an entry");
}

/* FNV-1a 64 of the bytes of n entries, as table_ops.txt's checksum. */
static uint64_t entries_checksum(const Hash *entries, size_t n)
{
    const unsigned char *byte = (const unsigned char *) entries;
    uint64_t h = 0xcbf29ce484222325ULL;
    size_t i;
    for (i = 0; i < n * sizeof (Hash); ++i) {
        h ^= byte[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* table_ops.txt replayed through Edax's declarations of the table functions, on a table laid out
 * and cleaned as Edax's hash_init does it: each result, and the table's bytes after each call. */
static void check_table_ops(void)
{
    enum { MAX_BITS = 8 };
    static Hash entries[(1 << MAX_BITS) + HASH_N_WAY];
    static SpinLock spin[256];
    char line[512], op[16];
    HashTable table;
    FILE *f = open_golden("table_ops.txt");
    size_t n = 0;
    long ops = 0;
    memset(&table, 0, sizeof table);
    while (next_record(f, line, sizeof line)) {
        Board b;
        uint64_t code, sum, bits64;
        unsigned draft;
        int bits, date, alpha, beta, score, move, found;
        HashData data;
        HashStore store;
        size_t i;
        if (sscanf(line, "table %d %d", &bits, &date) == 2) {
            CHECK(bits >= 2 && bits <= MAX_BITS, "table_ops.txt: %s", line);
            n = ((size_t) 1 << bits) + HASH_N_WAY; /* hash_mask + HASH_N_WAY + 1, as Edax cleans them */
            for (i = 0; i < n; ++i) { /* Edax's hash_cleanup */
                memset(&entries[i], 0, sizeof entries[i]);
                entries[i].data.lower = -127;
                entries[i].data.upper = 127;
                entries[i].data.move[0] = entries[i].data.move[1] = 65;
            }
            table.hash = entries;
            table.spin = spin;
            table.n_hash = (uint64_t) 1 << bits;
            table.hash_mask = table.n_hash - 1;
            table.spin_mask = 255;
            table.n_spin = 256;
            table.date = (uint8_t) date;
            continue;
        }
        if (sscanf(line, "date %d", &date) == 1) {
            table.date = (uint8_t) date;
            continue;
        }
        CHECK(n > 0 && sscanf(line, "%15s %" SCNx64 " %" SCNx64 " %" SCNx64, op, &b.player, &b.opponent, &code) == 4,
              "table_ops.txt: %s", line);
        if (strcmp(op, "get") == 0) {
            CHECK(sscanf(line, "%*s %*s %*s %*s %d %" SCNx64 " %" SCNx64, &found, &bits64, &sum) == 3, "table_ops.txt: %s", line);
            memset(&data, 0x55, sizeof data);
            CHECK((int) hash_get(&table, &b, code, &data) == found, "hash_get: %s", line);
            CHECK(memcmp(&data, &bits64, sizeof data) == 0, "hash_get's data: %s", line);
        } else if (strcmp(op, "store") == 0 || strcmp(op, "force") == 0) {
            CHECK(sscanf(line, "%*s %*s %*s %*s %x %d %d %d %d %" SCNx64, &draft, &alpha, &beta, &score, &move, &sum) == 6,
                  "table_ops.txt: %s", line);
            store.draft.u4 = draft;
            store.alpha = (int8_t) alpha;
            store.beta = (int8_t) beta;
            store.score = (int8_t) score;
            store.move = (int8_t) move;
            if (op[0] == 's') hash_store(&table, &b, code, &store);
            else hash_force(&table, &b, code, &store);
        } else if (strcmp(op, "feed") == 0) {
            CHECK(sscanf(line, "%*s %*s %*s %*s %" SCNx64 " %" SCNx64, &bits64, &sum) == 2, "table_ops.txt: %s", line);
            memcpy(&data, &bits64, sizeof data);
            hash_feed(&table, &b, code, &data);
        } else {
            CHECK(strcmp(op, "exclude") == 0 && sscanf(line, "%*s %*s %*s %*s %d %" SCNx64, &move, &sum) == 2,
                  "table_ops.txt: %s", line);
            hash_exclude_move(&table, &b, code, move);
        }
        CHECK(entries_checksum(entries, n) == sum, "the table after %s", line);
        ++ops;
    }
    fclose(f);
    CHECK(ops > 3000, "only %ld table operations", ops);
}

#ifdef EDAX_DROP_IN_EVAL
/* eval.txt replayed as Edax's search does it: eval_set on the start position, eval_update for
 * a move (checked again after eval_restore), eval_pass for a pass. */
static void check_eval(const char *eval_dat)
{
    char line[512];
    FILE *f;
    Eval eval;
    Board prev = { 0, 0 };
    long n = 0;

    CHECK(eval_sigma(20, 10, 4) == 0.0, "eval_sigma before eval_open");
    {   /* Edax's contract: a failed eval_open does not return (exit status EXIT_FAILURE). */
        int status = 0;
        pid_t child;
        fflush(NULL);
        child = fork();
        if (child == 0) {
            eval_open("/nonexistent/eval.dat");
            _exit(0); /* not reached when eval_open keeps the contract */
        }
        CHECK(child > 0 && waitpid(child, &status, 0) == child, "fork/waitpid");
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == EXIT_FAILURE, "a failed eval_open returned (status %d)", status);
    }
    eval_init(&eval);
    CHECK(eval.feature != NULL, "eval_init");
    eval_open(eval_dat);
    eval_open("/nonexistent/eval.dat"); /* already open: not even read, as in Edax */
    f = open_golden("eval.txt");
    while (next_record(f, line, sizeof line)) {
        Board b;
        int ply, player, want;
        CHECK(sscanf(line, "%" SCNx64 " %" SCNx64 " %d %d %d", &b.player, &b.opponent, &ply, &player, &want) == 5, "eval.txt: %s", line);
        if (ply == 0 && b.player == 0x0000000810000000ULL && b.opponent == 0x0000001008000000ULL) {
            eval_set(&eval, &b);
        } else if (b.player == prev.opponent && b.opponent == prev.player) {
            eval_pass(&eval);
        } else {
            const uint64_t played = (b.player | b.opponent) ^ (prev.player | prev.opponent);
            Move move = { NULL, 0, 0, 0, 0 };
            move.flipped = b.player ^ prev.opponent;
            while (move.x < 63 && !((played >> move.x) & 1)) ++move.x;
            eval_update(&eval, &move);
            eval_restore(&eval);
            eval_update(&eval, &move);
        }
        CHECK(eval.ply == ply && eval.player == player, "eval ply/player: %s", line);
        CHECK(eval_accumulate(&eval) == want, "eval_accumulate %d: %s", eval_accumulate(&eval), line);
        prev = b;
        ++n;
    }
    fclose(f);
    CHECK(n > 3000, "only %ld eval.txt records", n);
    {   /* Edax's coefficients, once weights were opened. */
        const double s = -0.10026799 * 20 + 0.31027733 * 10 + -0.57772603 * 4;
        CHECK(eval_sigma(20, 10, 4) == 0.07585621 * s * s + 1.16492647 * s + 5.4171698, "eval_sigma");
    }
    eval_close();
    CHECK(eval_accumulate(&eval) == 0, "eval_accumulate after eval_close");
    eval_free(&eval);
    CHECK(eval.feature == NULL, "eval_free");
}
#endif

int main(int argc, char **argv)
{
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: %s GOLDEN_DIR [EVAL_DAT]\n", argv[0]);
        return EXIT_FAILURE;
    }
    golden_dir = argv[1];
    check_flip();
    check_moves();
    check_stability();
    check_last_flip();
    check_score_1();
    check_hash();
    check_symmetry();
    check_unique();
    check_hash_prefetch();
    check_table_ops();
#ifdef EDAX_DROP_IN_EVAL
    if (argc != 3) {
        fprintf(stderr, "built with EDAX_DROP_IN_EVAL: EVAL_DAT is required\n");
        return EXIT_FAILURE;
    }
    check_eval(argv[2]);
#endif
    printf("edax_drop_in: %ld golden records\n", records);
    CHECK(records > 30000, "only %ld golden records read", records);
    return check_summary("edax_drop_in");
}
