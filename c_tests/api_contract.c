/*
 * The C API's contract: bad input, status codes, version, level selection, Edax layouts.
 * Usage: api_contract [EXPECTED_ENV_STATUS EXPECTED_LEVEL]
 * (the test script runs it under several EDAX_KERNELS_ISA values; EXPECTED_LEVEL "best" means
 * the highest level this CPU supports).
 */
#include "edax_kernels.h"
#include "check.h"

#include <stddef.h>
#include <string.h>

/* Edax 4.6's hash.h types, declared here the way an Edax source file sees them. */
typedef union {
    struct { uint8_t depth, selectivity, cost, date; } u1;
    struct { uint16_t depth_selectivity, cost_date; } u2;
    uint32_t u4;
} EdaxHashDraft;
typedef struct { EdaxHashDraft draft; int8_t lower, upper; int8_t move[2]; } EdaxHashData;
typedef struct { uint64_t player, opponent; } EdaxBoard;
typedef struct { EdaxBoard board; EdaxHashData data; } EdaxHash;
typedef struct { int lock; } EdaxSpinLock;
typedef struct {
    EdaxHash *hash;
    EdaxSpinLock *spin;
    uint64_t n_hash;
    uint64_t hash_mask;
    uint32_t spin_mask;
    uint32_t n_spin;
    uint8_t date;
} EdaxHashTable;

static void check_layouts(void)
{
    CHECK(sizeof(EkBoard) == sizeof(EdaxBoard), "Board size");
    CHECK(sizeof(EkHashDraft) == sizeof(EdaxHashDraft), "HashDraft size");
    CHECK(sizeof(EkHashData) == sizeof(EdaxHashData), "HashData size");
    CHECK(offsetof(EkHashData, lower) == offsetof(EdaxHashData, lower), "HashData.lower");
    CHECK(offsetof(EkHashData, move_) == offsetof(EdaxHashData, move), "HashData.move");
    CHECK(sizeof(EkHash) == sizeof(EdaxHash), "Hash size");
    CHECK(offsetof(EkHash, data) == offsetof(EdaxHash, data), "Hash.data");
    CHECK(sizeof(EkHashTable) == sizeof(EdaxHashTable), "HashTable size");
    CHECK(offsetof(EkHashTable, hash_mask) == offsetof(EdaxHashTable, hash_mask), "HashTable.hash_mask");
    CHECK(offsetof(EkHashTable, n_spin) == offsetof(EdaxHashTable, n_spin), "HashTable.n_spin");
    CHECK(offsetof(EkHashTable, date) == offsetof(EdaxHashTable, date), "HashTable.date");
}

static void check_bad_squares(void)
{
    const uint64_t p = 0x0000000810000000ULL, o = 0x0000001008000000ULL;
    const int bad[] = { -1, -64, 64, 65, 66, 100, 1 << 20, -2147483647 - 1, 2147483647 };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        EkBoard b = { p, o }, next;
        CHECK(ek_flip(bad[i], p, o) == 0, "flip(%d)", bad[i]);
        CHECK(ek_count_last_flip(bad[i], p) == 0, "count_last_flip(%d)", bad[i]);
        CHECK(ek_board_next(&b, bad[i], &next) == 0 && next.player == o && next.opponent == p,
              "board_next(%d) is a pass", bad[i]);
    }
    {
        /* A one-empty board played at a non-square: nobody plays, the empty goes to the winner. */
        EkBoard b = { 0xFFFFFFFF00000000ULL, 0x00000000FFFFFFFEULL };
        CHECK(ek_board_score_1(&b, 65, 64) == ek_board_score_1_exact(&b, -5), "score_1 at a non-square");
    }
}

static void check_null_pointers(void)
{
    EkBoard b = { 0x0000000810000000ULL, 0x0000001008000000ULL }, out = { 1, 2 };
    EkPerftStats s;
    CHECK(ek_board_flip(NULL, 19) == 0, "board_flip(NULL)");
    CHECK(ek_board_next(NULL, 19, &out) == 0 && out.player == 1, "board_next(NULL, ...)");
    CHECK(ek_board_next(&b, 19, NULL) == 0, "board_next(..., NULL)");
    CHECK(ek_board_score_1(NULL, 0, 0) == EK_SCORE_NONE, "board_score_1(NULL)");
    CHECK(ek_board_score_1_exact(NULL, 0) == EK_SCORE_NONE, "board_score_1_exact(NULL)");
    CHECK(ek_board_get_hash_code(NULL) == 0, "hash(NULL)");
    CHECK(ek_board_symetry(NULL, 1, &out) == EK_ERR_NULL && out.player == 1, "symetry(NULL, ...)");
    CHECK(ek_board_symetry(&b, 1, NULL) == EK_ERR_NULL, "symetry(..., NULL)");
    CHECK(ek_board_symetry(&b, 8, &out) == EK_ERR_RANGE && out.player == 1, "symetry s=8");
    CHECK(ek_board_symetry(&b, -1, &out) == EK_ERR_RANGE, "symetry s=-1");
    CHECK(ek_board_unique(NULL, &out) == EK_ERR_NULL && out.player == 1, "unique(NULL, ...)");
    CHECK(ek_board_unique(&b, NULL) == EK_ERR_NULL, "unique(..., NULL)");
    CHECK(ek_perft_stats(b.player, b.opponent, 3, NULL) == EK_ERR_NULL, "perft_stats(NULL)");
    CHECK(ek_perft_stats(b.player, b.opponent, 0, &s) == EK_OK && s.nodes == 1, "perft depth 0");
    CHECK(ek_perft(b.player, b.opponent, -3) == 0, "perft negative depth");
    CHECK(ek_set_isa(NULL) == EK_ERR_NULL, "set_isa(NULL)");
    CHECK(ek_isa_supported(NULL) == EK_ERR_NULL, "isa_supported(NULL)");
    ek_hash_prefetch(NULL, 12345);
}

static void check_aliasing(void)
{
    EkBoard b = { 0x0000000810000000ULL, 0x0000001008000000ULL }, c = b;
    uint64_t f = ek_board_next(&b, 19, &b);
    CHECK(f == 0x0000000008000000ULL && b.player == (c.opponent ^ f), "board_next in place");
    CHECK(ek_board_symetry(&c, 5, &c) == EK_OK, "symetry in place");
    CHECK(ek_board_unique(&c, &c) >= 0, "unique in place");
}

static void check_overlap(void)
{
    /* A square in both bitboards counts as the opponent's: same as removing it from P. */
    const uint64_t p = 0x0000000810000000ULL | 0x0000000000100000ULL, o = 0x0000001008000000ULL | 0x0000000000100000ULL;
    CHECK((ek_get_moves(p, o) & (p | o)) == 0, "moves on overlap are empty squares");
    CHECK(ek_flip(44, p, o) == ek_flip(44, p & ~o, o), "flip on overlap");
    CHECK(ek_get_stability(p, o) == ek_get_stability(p & ~o, o), "stability on overlap");
    CHECK(ek_get_potential_mobility(p, o) == ek_get_potential_mobility(p & ~o, o), "potential on overlap");
}

/* A prefetch reads nothing it could fault on and writes nothing: the table and its entries
 * keep every byte, whatever the code and even with entries no bucket can be in. */
static void check_prefetch(void)
{
    EkHash entries[16 + 5], entries_before[16 + 5];
    EkHashTable t, t_before;
    size_t i;
    memset(&t, 0, sizeof t);
    for (i = 0; i < sizeof entries; ++i) ((unsigned char *) entries)[i] = (unsigned char) (i * 37 + 11);
    t.hash = entries;
    t.n_hash = 16;
    t.hash_mask = 15;
    t.date = 3;
    memcpy(entries_before, entries, sizeof entries);
    memcpy(&t_before, &t, sizeof t);
    ek_hash_prefetch(&t, 0xFFFFFFFFFFFFFFFFULL);
    ek_hash_prefetch(&t, 7);
    ek_hash_prefetch(NULL, 7);
    CHECK(memcmp(entries, entries_before, sizeof entries) == 0, "prefetch wrote to the entries");
    CHECK(memcmp(&t, &t_before, sizeof t) == 0, "prefetch wrote to the table");
    t.hash = NULL;            /* never dereferenced: a prefetch does not fault */
    t.hash_mask = ~0ULL;
    memcpy(&t_before, &t, sizeof t);
    ek_hash_prefetch(&t, 0x123456789ULL);
    CHECK(memcmp(&t, &t_before, sizeof t) == 0, "prefetch of a NULL-entries table wrote to it");
}

static void check_status_and_version(void)
{
    char v[32];
    snprintf(v, sizeof v, "%d.%d.%d", EK_VERSION_MAJOR, EK_VERSION_MINOR, EK_VERSION_PATCH);
    CHECK(strcmp(ek_version(), v) == 0 && strcmp(ek_version(), EK_VERSION_STRING) == 0,
          "version %s vs header %s", ek_version(), v);
    CHECK(strcmp(ek_status_message(EK_OK), "success") == 0, "message of EK_OK");
    CHECK(strstr(ek_status_message(EK_ERR_NULL), "NULL") != NULL, "message of EK_ERR_NULL");
    CHECK(strcmp(ek_status_message(12345), "unknown status code") == 0, "unknown code");
    CHECK(ek_isa_supported("portable") == 1, "portable is always supported");
    CHECK(ek_isa_supported("sve2") == EK_ERR_ISA_UNKNOWN, "unknown level name");
    CHECK(ek_set_isa("avx1024") == EK_ERR_ISA_UNKNOWN, "set unknown level");
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
    const char *level_before = ek_isa();
    if (argc == 3) {
        const char *want = strcmp(argv[2], "best") == 0 ? best_level() : argv[2];
        CHECK(ek_isa_env_status() == atoi(argv[1]), "env status %d, expected %s", ek_isa_env_status(), argv[1]);
        CHECK(strcmp(level_before, want) == 0, "level %s, expected %s", level_before, want);
    }
    check_layouts();
    check_bad_squares();
    check_null_pointers();
    check_aliasing();
    check_overlap();
    check_prefetch();
    check_status_and_version();
    CHECK(strcmp(ek_isa(), level_before) == 0, "failed set_isa calls changed the level");
    return check_summary("api_contract");
}
