/*
 * The evaluation through the C API: loading (good, bad and missing files), then Edax's known
 * answers (eval.txt: whole games replayed with set/update/pass), restore, and bad arguments.
 * Usage: eval_api GOLDEN_DIR EVAL_DAT   (EVAL_DAT: the golden set's synthetic eval.dat)
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include "edax_kernels.h"
#include "check.h"

#include <inttypes.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#define START_P UINT64_C(0x0000000810000000)
#define START_O UINT64_C(0x0000001008000000)

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    long n;
    if (f == NULL) return -1;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fclose(f);
    return n;
}

/* Reads the whole file (exits when it cannot). */
static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    long n = file_size(path);
    uint8_t *data;
    if (f == NULL || n <= 0 || (data = (uint8_t *) malloc((size_t) n)) == NULL || fread(data, 1, (size_t) n, f) != (size_t) n) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(EXIT_FAILURE);
    }
    fclose(f);
    *len = (size_t) n;
    return data;
}

/* Before any load: nothing to evaluate with, and every bad load is reported. */
static void check_loading(const char *eval_dat, const char *tmp)
{
    EkEval eval;
    int sum = 12345;
    size_t len;
    uint8_t *data = read_file(eval_dat, &len);
    FILE *f;

    CHECK(ek_eval_loaded() == 0, "weights loaded before any load");
    CHECK(ek_eval_init(&eval) == EK_OK, "ek_eval_init");
    CHECK(ek_eval_accumulate_checked(&eval, &sum) == EK_ERR_EVAL_NONE, "accumulate without weights");
    CHECK(ek_eval_accumulate(&eval) == 0, "accumulate without weights returns 0");

    CHECK(ek_eval_load_file(NULL) == EK_ERR_NULL, "load NULL path");
    CHECK(ek_eval_load_file("/nonexistent/eval.dat") == EK_ERR_IO, "load missing file");
    CHECK(ek_eval_load_buffer(NULL, 10) == EK_ERR_NULL, "load NULL buffer");
    CHECK(ek_eval_load_buffer(data, 0) == EK_ERR_EVAL_FORMAT, "load empty buffer");
    CHECK(ek_eval_load_buffer(data, len - 1) == EK_ERR_EVAL_SIZE, "load truncated buffer");
    /* A truncated file on disk. */
    f = fopen(tmp, "wb");
    CHECK(f != NULL && fwrite(data, 1, len / 2, f) == len / 2, "write %s", tmp);
    if (f) fclose(f);
    CHECK(ek_eval_load_file(tmp) == EK_ERR_EVAL_SIZE, "load truncated file");
    data[0] ^= 0xFF;
    CHECK(ek_eval_load_buffer(data, len) == EK_ERR_EVAL_FORMAT, "load bad magic");
    data[0] ^= 0xFF;
    CHECK(ek_eval_loaded() == 0, "a failed load loaded weights");
    CHECK(ek_eval_accumulate_checked(&eval, &sum) == EK_ERR_EVAL_NONE && sum == 12345, "sum written on error");

    /* Good loads: from memory (the copy may be freed afterwards), then the file. */
    CHECK(ek_eval_load_buffer(data, len) == EK_OK, "load buffer");
    free(data);
    CHECK(ek_eval_loaded() == 1, "weights not loaded");
    CHECK(ek_eval_load_file(eval_dat) == EK_OK, "load %s", eval_dat);
    /* A bad load afterwards keeps the weights in use. */
    CHECK(ek_eval_load_file(tmp) == EK_ERR_EVAL_SIZE && ek_eval_loaded() == 1, "bad load dropped the weights");
    remove(tmp);
    ek_eval_free(&eval);
    CHECK(eval.feature == NULL, "ek_eval_free leaves feature NULL");
    ek_eval_free(&eval); /* twice: nothing */
    ek_eval_free(NULL);
}

/* eval.txt: whole games from the start position; each record is the position to move after
 * set (start), update (a move) or pass (same ply, colours exchanged). */
static void check_known_answers(const char *golden_dir)
{
    char path[4096], line[512];
    FILE *f;
    EkEval eval;
    EkBoard prev = { 0, 0 };
    long n = 0;

    snprintf(path, sizeof path, "%s/eval.txt", golden_dir);
    f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(EXIT_FAILURE);
    }
    CHECK(ek_eval_init(&eval) == EK_OK, "ek_eval_init");
    while (fgets(line, sizeof line, f) != NULL) {
        EkBoard b;
        int ply, player, want, sum = 0;
        if (line[0] == '#' || line[0] == '\n') continue;
        CHECK(sscanf(line, "%" SCNx64 " %" SCNx64 " %d %d %d", &b.player, &b.opponent, &ply, &player, &want) == 5, "eval.txt: %s", line);
        if (b.player == START_P && b.opponent == START_O && ply == 0) {
            CHECK(ek_eval_set(&eval, &b) == EK_OK, "ek_eval_set");
        } else if (b.player == prev.opponent && b.opponent == prev.player) {
            CHECK(ek_eval_pass(&eval) == EK_OK, "ek_eval_pass");
        } else {
            EkMove move;
            memset(&move, 0, sizeof move);
            move.flipped = b.player ^ prev.opponent;
            for (move.x = 0; move.x < 64 && !((((b.player | b.opponent) ^ (prev.player | prev.opponent)) >> move.x) & 1); ++move.x) {}
            CHECK(ek_eval_update(&eval, &move) == EK_OK, "ek_eval_update x=%d", move.x);
            /* Restore and redo: the same features again. */
            CHECK(ek_eval_restore(&eval) == EK_OK && ek_eval_update(&eval, &move) == EK_OK, "restore and redo");
        }
        CHECK(eval.ply == ply && eval.player == player, "ply %d player %d, want %d %d", eval.ply, eval.player, ply, player);
        CHECK(ek_eval_accumulate(&eval) == want, "accumulate %d, want %d: %s", ek_eval_accumulate(&eval), want, line);
        CHECK(ek_eval_accumulate_checked(&eval, &sum) == EK_OK && sum == want, "accumulate_checked");
        prev = b;
        ++n;
    }
    fclose(f);
    CHECK(n > 3000, "only %ld eval.txt records", n);
    printf("eval.txt: %ld positions\n", n);
    ek_eval_free(&eval);
}

/* Bad arguments: defined results and nothing written. */
static void check_bad_arguments(void)
{
    EkEval eval, none;
    EkBoard start, full;
    EkMove move;
    int sum = 7;

    start.player = START_P;
    start.opponent = START_O;
    full.player = ~UINT64_C(0);
    full.opponent = 0;
    memset(&move, 0, sizeof move);
    memset(&none, 0, sizeof none);
    CHECK(ek_eval_init(NULL) == EK_ERR_NULL, "init NULL");
    CHECK(ek_eval_set(NULL, &start) == EK_ERR_NULL, "set NULL eval");
    CHECK(ek_eval_set(&none, &start) == EK_ERR_NULL, "set without features");
    CHECK(ek_eval_update(&none, &move) == EK_ERR_NULL, "update without features");
    CHECK(ek_eval_accumulate_checked(&none, &sum) == EK_ERR_NULL && sum == 7, "accumulate without features");
    CHECK(ek_eval_accumulate(NULL) == 0, "accumulate NULL");
    CHECK(ek_eval_accumulate_checked(NULL, &sum) == EK_ERR_NULL, "accumulate_checked NULL");
    CHECK(ek_eval_pass(NULL) == EK_ERR_NULL && ek_eval_restore(NULL) == EK_ERR_NULL, "pass/restore NULL");

    CHECK(ek_eval_init(&eval) == EK_OK && ek_eval_set(&eval, &start) == EK_OK, "set start");
    CHECK(ek_eval_set(&eval, NULL) == EK_ERR_NULL, "set NULL board");
    CHECK(ek_eval_update(&eval, NULL) == EK_ERR_NULL, "update NULL move");
    CHECK(ek_eval_restore(&eval) == EK_ERR_RANGE && eval.ply == 0, "restore at ply 0");
    move.x = 64;
    CHECK(ek_eval_update(&eval, &move) == EK_ERR_RANGE && eval.ply == 0, "update x=64");
    move.x = -1;
    CHECK(ek_eval_update(&eval, &move) == EK_ERR_RANGE && eval.ply == 0, "update x=-1");
    CHECK(ek_eval_set(&eval, &full) == EK_OK && eval.ply == 60, "set full board");
    move.x = 0;
    CHECK(ek_eval_update(&eval, &move) == EK_ERR_RANGE && eval.ply == 60, "update at ply 60");
    eval.ply = 61;
    CHECK(ek_eval_accumulate_checked(&eval, &sum) == EK_ERR_RANGE && ek_eval_accumulate(&eval) == 0, "accumulate at ply 61");
    eval.ply = -1;
    CHECK(ek_eval_accumulate_checked(&eval, &sum) == EK_ERR_RANGE, "accumulate at ply -1");
    ek_eval_free(&eval);
    ek_eval_unload();
    CHECK(ek_eval_loaded() == 0, "ek_eval_unload");
}

int main(int argc, char **argv)
{
    char tmp[] = "/tmp/ek_eval_api_XXXXXX";
    int fd;
    if (argc != 3) {
        fprintf(stderr, "usage: %s GOLDEN_DIR EVAL_DAT\n", argv[0]);
        return EXIT_FAILURE;
    }
    if ((fd = mkstemp(tmp)) < 0) {
        perror("mkstemp");
        return EXIT_FAILURE;
    }
    close(fd);
    check_loading(argv[2], tmp);
    check_known_answers(argv[1]);
    check_bad_arguments();
    return check_summary("eval_api");
}
