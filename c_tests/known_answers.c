/*
 * Known answers from Edax 4.6 (tests/data/golden, and tests/data/nws beside it) through the C
 * API, on every level this CPU supports: the kernels, perft, the endgame leaf search
 * (ek_solve_shallow) and the endgame search on an Edax-layout table (ek_nws_endgame). Usage:
 * known_answers GOLDEN_DIR
 */
#include "edax_kernels.h"
#include "check.h"

#include <inttypes.h>
#include <string.h>

static const char *golden_dir;

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
        if (buf[0] != '#' && buf[0] != '\n') return 1;
    }
    return 0;
}

/* Counts a record line: its fields parsed (ok), or a failed check naming the line. */
static int parsed(const char *isa, const char *file, const char *line, int ok, long *records)
{
    CHECK(ok, "[%s] %s: a line that is no record: %.*s", isa, file, (int) strcspn(line, "\n"), line);
    *records += ok != 0;
    return ok;
}

/* Every record of the file was read and checked: as many as the file has (golden/README.md). */
static void all_read(const char *isa, const char *file, long records, long want)
{
    CHECK(records == want, "[%s] %s: %ld records read, the file has %ld", isa, file, records, want);
}

static void check_flip(const char *isa)
{
    char line[512];
    FILE *f = open_golden("flip.txt");
    long records = 0;
    while (next_record(f, line, sizeof line)) {
        uint64_t p, o, want;
        int x;
        if (!parsed(isa, "flip.txt", line, sscanf(line, "%" SCNx64 " %" SCNx64 " %d %" SCNx64, &p, &o, &x, &want) == 4, &records)) continue;
        CHECK(ek_flip(x, p, o) == want, "[%s] ek_flip(%d, %016" PRIx64 ", %016" PRIx64 ")", isa, x, p, o);
        {
            EkBoard b = { p, o }, next;
            uint64_t flipped = ek_board_next(&b, x, &next);
            CHECK(flipped == want && ek_board_flip(&b, x) == want, "[%s] board_next/flip x=%d", isa, x);
            CHECK(next.player == (o ^ want), "[%s] board_next player x=%d", isa, x);
        }
    }
    fclose(f);
    all_read(isa, "flip.txt", records, 12561);
}

static void check_moves(const char *isa)
{
    char line[512];
    FILE *f = open_golden("moves.txt");
    long records = 0;
    while (next_record(f, line, sizeof line)) {
        uint64_t p, o, moves;
        int mob, wmob, pot, can;
        if (!parsed(isa, "moves.txt", line, sscanf(line, "%" SCNx64 " %" SCNx64 " %" SCNx64 " %d %d %d %d", &p, &o, &moves, &mob, &wmob, &pot, &can) == 7, &records)) continue;
        CHECK(ek_get_moves(p, o) == moves, "[%s] get_moves %016" PRIx64 " %016" PRIx64, isa, p, o);
        CHECK(ek_get_mobility(p, o) == mob, "[%s] get_mobility", isa);
        CHECK(ek_get_weighted_mobility(p, o) == wmob, "[%s] get_weighted_mobility", isa);
        CHECK(ek_get_potential_mobility(p, o) == pot, "[%s] get_potential_mobility", isa);
        CHECK((int) ek_can_move(p, o) == can, "[%s] can_move", isa);
        CHECK(ek_bit_count(moves) == mob, "[%s] bit_count", isa);
    }
    fclose(f);
    all_read(isa, "moves.txt", records, 3518);
}

static void check_stability(const char *isa)
{
    char line[512];
    FILE *f = open_golden("stability.txt");
    long records = 0;
    while (next_record(f, line, sizeof line)) {
        uint64_t p, o;
        int st, edge, corner;
        if (!parsed(isa, "stability.txt", line, sscanf(line, "%" SCNx64 " %" SCNx64 " %d %d %d", &p, &o, &st, &edge, &corner) == 5, &records)) continue;
        CHECK(ek_get_stability(p, o) == st, "[%s] get_stability %016" PRIx64 " %016" PRIx64, isa, p, o);
        CHECK(ek_get_edge_stability(p, o) == edge, "[%s] get_edge_stability", isa);
        CHECK(ek_get_corner_stability(p) == corner, "[%s] get_corner_stability", isa);
    }
    fclose(f);
    all_read(isa, "stability.txt", records, 6982);
}

static void check_last_flip(const char *isa)
{
    char line[512];
    FILE *f = open_golden("last_flip.txt");
    long records = 0;
    while (next_record(f, line, sizeof line)) {
        uint64_t b;
        int x, n;
        if (!parsed(isa, "last_flip.txt", line, sscanf(line, "%" SCNx64 " %d %d", &b, &x, &n) == 3, &records)) continue;
        CHECK(ek_count_last_flip(x, b) == n, "[%s] count_last_flip(%d, %016" PRIx64 ")", isa, x, b);
    }
    fclose(f);
    all_read(isa, "last_flip.txt", records, 3705);
}

static void check_score1(const char *isa)
{
    char line[512];
    FILE *f = open_golden("score1.txt");
    long records = 0;
    while (next_record(f, line, sizeof line)) {
        EkBoard b;
        int x, beta, score, exact;
        if (!parsed(isa, "score1.txt", line, sscanf(line, "%" SCNx64 " %" SCNx64 " %d %d %d %d", &b.player, &b.opponent, &x, &beta, &score, &exact) == 6, &records)) continue;
        CHECK(ek_board_score_1(&b, beta, x) == score, "[%s] board_score_1 x=%d beta=%d", isa, x, beta);
        CHECK(ek_board_score_1_exact(&b, x) == exact, "[%s] board_score_1_exact x=%d", isa, x);
    }
    fclose(f);
    all_read(isa, "score1.txt", records, 9831);
}

static void check_hash(const char *isa)
{
    char line[512];
    FILE *f = open_golden("hash.txt");
    long records = 0;
    while (next_record(f, line, sizeof line)) {
        EkBoard b;
        uint64_t h;
        if (!parsed(isa, "hash.txt", line, sscanf(line, "%" SCNx64 " %" SCNx64 " %" SCNx64, &b.player, &b.opponent, &h) == 3, &records)) continue;
        CHECK(ek_board_get_hash_code(&b) == h, "[%s] hash %016" PRIx64, isa, b.player);
    }
    fclose(f);
    all_read(isa, "hash.txt", records, 3518);
}

static void check_symmetry(const char *isa)
{
    char line[512];
    FILE *f = open_golden("symmetry.txt");
    long records = 0;
    while (next_record(f, line, sizeof line)) {
        EkBoard b, want, got;
        int s;
        if (!parsed(isa, "symmetry.txt", line, sscanf(line, "%" SCNx64 " %" SCNx64 " %d %" SCNx64 " %" SCNx64, &b.player, &b.opponent, &s, &want.player, &want.opponent) == 5, &records)) continue;
        CHECK(ek_board_symetry(&b, s, &got) == EK_OK, "[%s] board_symetry status", isa);
        CHECK(got.player == want.player && got.opponent == want.opponent, "[%s] board_symetry s=%d", isa, s);
    }
    fclose(f);
    all_read(isa, "symmetry.txt", records, 3832);
}

static void check_unique(const char *isa)
{
    char line[512];
    FILE *f = open_golden("unique.txt");
    long records = 0;
    while (next_record(f, line, sizeof line)) {
        EkBoard b, want, got;
        int s;
        if (!parsed(isa, "unique.txt", line, sscanf(line, "%" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64 " %d", &b.player, &b.opponent, &want.player, &want.opponent, &s) == 5, &records)) continue;
        CHECK(ek_board_unique(&b, &got) == s, "[%s] board_unique index", isa);
        CHECK(got.player == want.player && got.opponent == want.opponent, "[%s] board_unique board", isa);
    }
    fclose(f);
    all_read(isa, "unique.txt", records, 3596);
}

static void check_perft(const char *isa)
{
    char line[512];
    FILE *f = open_golden("perft.txt");
    long records = 0;
    const EkBoard start = { 0x0000000810000000ULL, 0x0000001008000000ULL };
    while (next_record(f, line, sizeof line)) {
        int depth;
        unsigned long long n[6];
        EkPerftStats s;
        if (!parsed(isa, "perft.txt", line, sscanf(line, "%d %llu %llu %llu %llu %llu %llu", &depth, &n[0], &n[1], &n[2], &n[3], &n[4], &n[5]) == 7, &records)) continue;
        if (depth > 9) continue;
        CHECK(ek_perft(start.player, start.opponent, depth) == n[0], "[%s] perft(%d)", isa, depth);
        CHECK(ek_perft_terminal(start.player, start.opponent, depth) == n[5], "[%s] perft_terminal(%d)", isa, depth);
        CHECK(ek_perft_stats(start.player, start.opponent, depth, &s) == EK_OK, "[%s] perft_stats status", isa);
        CHECK(s.nodes == n[0] && s.passes == n[1] && s.wins == n[2] && s.draws == n[3] && s.losses == n[4]
              && s.nodes_terminal == n[5], "[%s] perft_stats(%d)", isa, depth);
    }
    fclose(f);
    all_read(isa, "perft.txt", records, 13);
}

/* Edax 4.6's search_shallow (shallow.txt: P O alpha score nodes): the fail-soft score and the
 * nodes added to *n_nodes (which is added to, not set), and the same score without a counter. */
static void check_shallow(const char *isa)
{
    char line[512];
    FILE *f = open_golden("shallow.txt");
    long records = 0;
    while (next_record(f, line, sizeof line)) {
        EkBoard b;
        int alpha, score;
        long long nodes;
        int64_t n = 1000000007;
        if (!parsed(isa, "shallow.txt", line, sscanf(line, "%" SCNx64 " %" SCNx64 " %d %d %lld", &b.player, &b.opponent, &alpha, &score, &nodes) == 5, &records)) continue;
        CHECK(ek_solve_shallow(&b, alpha, &n) == score, "[%s] solve_shallow %016" PRIx64 " %016" PRIx64 " alpha %d", isa,
              b.player, b.opponent, alpha);
        CHECK(n - 1000000007 == nodes, "[%s] solve_shallow nodes %" PRId64 ", want %lld (%016" PRIx64 " alpha %d)", isa,
              n - 1000000007, nodes, b.player, alpha);
        CHECK(ek_solve_shallow(&b, alpha, NULL) == score, "[%s] solve_shallow without a counter", isa);
    }
    fclose(f);
    all_read(isa, "shallow.txt", records, 24000);
}

/* An Edax-layout table of 2^bits buckets: the hash_mask + HASH_N_WAY + 1 entries Edax's
 * hash_cleanup initialises (no board, bounds -127 and 127, no moves, draft 0), and 256 locks. */
typedef struct Table {
    EkHashTable table;
    EkHash *entries;
    EkSpinLock locks[256];
} Table;

static void table_init(Table *t, int bits, int date)
{
    size_t i, n = ((size_t) 1 << bits) + 4;
    t->entries = (EkHash *) malloc(n * sizeof *t->entries);
    CHECK(t->entries != NULL, "out of memory");
    if (t->entries == NULL) exit(EXIT_FAILURE);
    for (i = 0; i < n; ++i) {
        memset(&t->entries[i], 0, sizeof t->entries[i]);
        t->entries[i].data.lower = -127;
        t->entries[i].data.upper = 127;
        t->entries[i].data.move_[0] = t->entries[i].data.move_[1] = 65;
    }
    memset(t->locks, 0, sizeof t->locks);
    t->table.hash = t->entries;
    t->table.spin = t->locks;
    t->table.n_hash = (uint64_t) 1 << bits;
    t->table.hash_mask = t->table.n_hash - 1;
    t->table.spin_mask = 255;
    t->table.n_spin = 256;
    t->table.date = (uint8_t) date;
}

/* FNV-1a 64 of the bytes of every entry. */
static uint64_t table_checksum(const Table *t)
{
    const unsigned char *p = (const unsigned char *) t->entries;
    size_t i, n = (size_t) (t->table.hash_mask + 5) * sizeof *t->entries;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

/* Edax 4.6's NWS_endgame (../nws/nws_endgame.txt: sessions of calls on one table; a call is
 * P O alpha score nodes checksum): the score, the nodes added, and every byte of the table after
 * each call. */
static void check_nws(const char *isa)
{
    char line[512];
    FILE *f = open_golden("../nws/nws_endgame.txt");
    Table t;
    long records = 0;
    int bits, date, open = 0;
    while (next_record(f, line, sizeof line)) {
        EkBoard b;
        int alpha, score;
        long long nodes;
        uint64_t sum;
        int64_t n = 5;
        if (sscanf(line, "table %d %d", &bits, &date) == 2) {
            if (open) free(t.entries);
            table_init(&t, bits, date);
            open = 1;
            continue;
        }
        if (sscanf(line, "date %d", &date) == 1) {
            t.table.date = (uint8_t) date;
            continue;
        }
        if (!parsed(isa, "../nws/nws_endgame.txt", line, open && sscanf(line, "%" SCNx64 " %" SCNx64 " %d %d %lld %" SCNx64, &b.player,
                                                   &b.opponent, &alpha, &score, &nodes, &sum) == 6, &records)) continue;
        CHECK(ek_nws_endgame(&b, alpha, &t.table, NULL, &n) == score, "[%s] nws_endgame %016" PRIx64 " %016" PRIx64
              " alpha %d", isa, b.player, b.opponent, alpha);
        CHECK(n - 5 == nodes, "[%s] nws_endgame nodes %" PRId64 ", want %lld (%016" PRIx64 " alpha %d)", isa, n - 5,
              nodes, b.player, alpha);
        CHECK(table_checksum(&t) == sum, "[%s] nws_endgame table after %016" PRIx64 " alpha %d", isa, b.player, alpha);
    }
    if (open) free(t.entries);
    fclose(f);
    all_read(isa, "../nws/nws_endgame.txt", records, 1486);
}

/* Whether the space-separated list names the level. */
static int listed_level(const char *list, const char *level)
{
    size_t n = strlen(level);
    const char *at = list;
    while ((at = strstr(at, level)) != NULL) {
        if ((at == list || at[-1] == ' ') && (at[n] == ' ' || at[n] == '\0')) return 1;
        at += n;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const char *const levels[] = { "portable", "sse2", "avx2", "avx512", "neon" };
    size_t i;
    int tested = 0;
    char ran[64] = "", missing[64] = "";

    /* The optional third argument samples the levels under emulation (c_tests/run.sh): only
     * those listed are checked; every other level the CPU has is reported as not run. */
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: %s GOLDEN_DIR [\"LEVELS THE CPU HAS\" [\"LEVELS TO RUN\"]]\n", argv[0]);
        return EXIT_FAILURE;
    }
    golden_dir = argv[1];
    printf("edax-kernels %s, default level %s\n", ek_version(), ek_isa());
    for (i = 0; i < sizeof levels / sizeof levels[0]; ++i) {
        if (ek_isa_supported(levels[i]) != 1) {
            /* The CPU's own flags (scripts/cpu-levels.sh) must agree that the level is absent. */
            CHECK(argc < 3 || !listed_level(argv[2], levels[i]), "the CPU has %s but the library does not run it", levels[i]);
            printf("  %s: not supported by this CPU\n", levels[i]);
            strcat(strcat(missing, " "), levels[i]);
            continue;
        }
        if (argc == 4 && !listed_level(argv[3], levels[i])) {
            printf("  %s: not run (not in the sample)\n", levels[i]);
            continue;
        }
        CHECK(ek_set_isa(levels[i]) == EK_OK, "set_isa(%s)", levels[i]);
        CHECK(strcmp(ek_isa(), levels[i]) == 0, "active level is %s, not %s", ek_isa(), levels[i]);
        check_flip(levels[i]);
        check_moves(levels[i]);
        check_stability(levels[i]);
        check_last_flip(levels[i]);
        check_score1(levels[i]);
        check_hash(levels[i]);
        check_symmetry(levels[i]);
        check_unique(levels[i]);
        check_perft(levels[i]);
        check_shallow(levels[i]);
        check_nws(levels[i]);
        printf("  %s: checked\n", levels[i]);
        strcat(strcat(ran, " "), levels[i]);
        ++tested;
    }
    CHECK(tested >= 1, "no level tested");
    printf("known_answers: levels run:%s; not on this CPU:%s\n", ran, *missing ? missing : " none");
    return check_summary("known_answers");
}
