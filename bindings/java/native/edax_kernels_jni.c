/*
 * JNI glue of the Java binding (package edaxkernels). Compiled against the JDK's jni.h and
 * include/edax_kernels.h; it has no link-time dependency on the library: Library.open()
 * loads libedax_kernels.so with dlopen (edax_kernels.dll with LoadLibraryW on Windows; from the
 * path the Java side chose: explicit, the EDAX_KERNELS_LIB variable, or the bare file name for
 * the system search path) and resolves every function it calls. Batch calls pin the Java arrays (GetPrimitiveArrayCritical, no copy
 * on HotSpot) for the duration of one library call; a batch solve (solveBatch, solveMany), too
 * long for that, copies them. An Eval's EkEval lives in C memory (malloc), its address held by the Java object as a
 * long, as a Solver's EkSolver.
 */
#ifdef _WIN32
#include <windows.h>
#else
#include <dlfcn.h>
#endif
#include <jni.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#include "edax_kernels.h"

#define EK_FUNCTIONS(X) \
    X(ek_status_message) X(ek_version) X(ek_isa) X(ek_isa_supported) X(ek_set_isa) X(ek_flip) \
    X(ek_board_next) X(ek_count_last_flip) X(ek_board_score_1) X(ek_board_score_1_exact) \
    X(ek_get_moves) X(ek_can_move) X(ek_get_mobility) X(ek_get_weighted_mobility) \
    X(ek_get_potential_mobility) X(ek_get_stability) X(ek_get_edge_stability) \
    X(ek_get_corner_stability) X(ek_board_get_hash_code) X(ek_board_symetry) X(ek_board_unique) \
    X(ek_bit_count) X(ek_perft) X(ek_perft_terminal) X(ek_flip_batch) X(ek_board_next_batch) \
    X(ek_count_last_flip_batch) X(ek_get_moves_batch) X(ek_get_mobility_batch) \
    X(ek_get_stability_batch) X(ek_board_get_hash_code_batch) X(ek_eval_load_file) \
    X(ek_eval_load_buffer) X(ek_eval_loaded) X(ek_eval_unload) X(ek_eval_init) X(ek_eval_free) \
    X(ek_eval_set) X(ek_eval_update) X(ek_eval_restore) X(ek_eval_pass) X(ek_eval_accumulate_checked) \
    X(ek_solve_shallow) X(ek_solver_new) X(ek_solver_free) X(ek_solver_stop) X(ek_solver_set_node_limit) \
    X(ek_solver_set_threads) X(ek_solver_get_threads) X(ek_solver_set_eval) X(ek_solver_get_eval) \
    X(ek_solver_clear) X(ek_solver_solve) X(ek_solver_solve_batch) X(ek_eval_load_default) \
    X(ek_solver_solve_many) X(ek_weights_load_file) X(ek_weights_load_buffer) X(ek_weights_load_default) \
    X(ek_weights_free) X(ek_engine_new) X(ek_engine_free) X(ek_engine_stop) X(ek_engine_clear) X(ek_engine_search) \
    X(ek_engine_analyze) X(ek_engine_set_threads) X(ek_engine_get_threads) X(ek_engine_play) \
    X(ek_book_new) X(ek_book_load) X(ek_book_import) X(ek_book_save) X(ek_book_free) X(ek_book_size) \
    X(ek_book_probe) X(ek_book_moves) X(ek_book_seed) X(ek_book_random_move) X(ek_book_line) \
    X(ek_book_game_stats) X(ek_book_info) X(ek_book_export) X(ek_book_merge) X(ek_book_negamax)

/* The library's functions, typed by the header's declarations. */
static struct {
#define EK_FIELD(name) __typeof__(name) *name;
    EK_FUNCTIONS(EK_FIELD)
#undef EK_FIELD
} ek;

#ifdef _WIN32
/* The library opened from a path in UTF-16 (Java's own strings), and the reason it failed. */
static void *open_library(JNIEnv *env, jstring path, char *why, size_t size) {
    const jchar *file = (*env)->GetStringChars(env, path, NULL);
    if (file == NULL) return NULL;
    HMODULE lib = LoadLibraryW((LPCWSTR)file);
    DWORD error = GetLastError();
    (*env)->ReleaseStringChars(env, path, file);
    if (lib == NULL && FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL, error, 0, why,
                                      (DWORD)size, NULL) == 0)
        snprintf(why, size, "LoadLibraryW failed with error %lu", (unsigned long)error);
    return (void *)lib;
}
#define SYMBOL(lib, name) ((void *)GetProcAddress((HMODULE)(lib), name))
#else
static void *open_library(JNIEnv *env, jstring path, char *why, size_t size) {
    const char *file = (*env)->GetStringUTFChars(env, path, NULL);
    if (file == NULL) return NULL;
    void *lib = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    (*env)->ReleaseStringUTFChars(env, path, file);
    if (lib == NULL) snprintf(why, size, "%s", dlerror());
    return lib;
}
#define SYMBOL(lib, name) dlsym((lib), (name))
#endif

JNIEXPORT jstring JNICALL Java_edaxkernels_Library_open(JNIEnv *env, jclass cls, jstring path) {
    (void)cls;
    char why[512] = "";
    void *lib = open_library(env, path, why, sizeof why);
    if (lib == NULL) return (*env)->ExceptionCheck(env) ? NULL : (*env)->NewStringUTF(env, why);
    /* POSIX's way to store a dlsym result in a function pointer (GetProcAddress's the same). */
#define EK_RESOLVE(name) \
    *(void **)&ek.name = SYMBOL(lib, #name); \
    if (ek.name == NULL) return (*env)->NewStringUTF(env, "the library has no " #name " (an older version?)");
    EK_FUNCTIONS(EK_RESOLVE)
#undef EK_RESOLVE
    return NULL;
}

#define K(name) JNICALL Java_edaxkernels_Kernels_##name
#define UNUSED (void)env; (void)cls

JNIEXPORT jstring K(statusMessage)(JNIEnv *env, jclass cls, jint s) { (void)cls; return (*env)->NewStringUTF(env, ek.ek_status_message(s)); }
JNIEXPORT jstring K(version)(JNIEnv *env, jclass cls) { (void)cls; return (*env)->NewStringUTF(env, ek.ek_version()); }
JNIEXPORT jstring K(isa)(JNIEnv *env, jclass cls) { (void)cls; return (*env)->NewStringUTF(env, ek.ek_isa()); }

/* Calls f on a Java string, or returns EK_ERR_NULL when it cannot be read. */
static jint with_name(JNIEnv *env, jstring name, int (*f)(const char *)) {
    const char *s = (*env)->GetStringUTFChars(env, name, NULL);
    if (s == NULL) return EK_ERR_NULL;
    int r = f(s);
    (*env)->ReleaseStringUTFChars(env, name, s);
    return r;
}

JNIEXPORT jint K(isaSupported0)(JNIEnv *env, jclass cls, jstring name) { (void)cls; return with_name(env, name, ek.ek_isa_supported); }
JNIEXPORT jint K(setIsa0)(JNIEnv *env, jclass cls, jstring name) { (void)cls; return with_name(env, name, ek.ek_set_isa); }

JNIEXPORT jlong K(flip)(JNIEnv *env, jclass cls, jint x, jlong p, jlong o) { UNUSED; return (jlong)ek.ek_flip(x, (uint64_t)p, (uint64_t)o); }

JNIEXPORT jlong K(boardNext0)(JNIEnv *env, jclass cls, jlong p, jlong o, jint x, jlongArray out) {
    (void)cls;
    EkBoard b = {(uint64_t)p, (uint64_t)o}, next;
    uint64_t flipped = ek.ek_board_next(&b, x, &next);
    jlong v[2] = {(jlong)next.player, (jlong)next.opponent};
    (*env)->SetLongArrayRegion(env, out, 0, 2, v);
    return (jlong)flipped;
}

JNIEXPORT jint K(countLastFlip)(JNIEnv *env, jclass cls, jint x, jlong p) { UNUSED; return ek.ek_count_last_flip(x, (uint64_t)p); }

JNIEXPORT jint K(boardScore10)(JNIEnv *env, jclass cls, jlong p, jlong o, jint beta, jint x) {
    UNUSED;
    EkBoard b = {(uint64_t)p, (uint64_t)o};
    return ek.ek_board_score_1(&b, beta, x);
}

JNIEXPORT jint K(boardScore1Exact0)(JNIEnv *env, jclass cls, jlong p, jlong o, jint x) {
    UNUSED;
    EkBoard b = {(uint64_t)p, (uint64_t)o};
    return ek.ek_board_score_1_exact(&b, x);
}

JNIEXPORT jlong K(getMoves)(JNIEnv *env, jclass cls, jlong p, jlong o) { UNUSED; return (jlong)ek.ek_get_moves((uint64_t)p, (uint64_t)o); }
JNIEXPORT jboolean K(canMove)(JNIEnv *env, jclass cls, jlong p, jlong o) { UNUSED; return ek.ek_can_move((uint64_t)p, (uint64_t)o) ? JNI_TRUE : JNI_FALSE; }
JNIEXPORT jint K(getMobility)(JNIEnv *env, jclass cls, jlong p, jlong o) { UNUSED; return ek.ek_get_mobility((uint64_t)p, (uint64_t)o); }
JNIEXPORT jint K(getWeightedMobility)(JNIEnv *env, jclass cls, jlong p, jlong o) { UNUSED; return ek.ek_get_weighted_mobility((uint64_t)p, (uint64_t)o); }
JNIEXPORT jint K(getPotentialMobility)(JNIEnv *env, jclass cls, jlong p, jlong o) { UNUSED; return ek.ek_get_potential_mobility((uint64_t)p, (uint64_t)o); }
JNIEXPORT jint K(getStability)(JNIEnv *env, jclass cls, jlong p, jlong o) { UNUSED; return ek.ek_get_stability((uint64_t)p, (uint64_t)o); }
JNIEXPORT jint K(getEdgeStability)(JNIEnv *env, jclass cls, jlong p, jlong o) { UNUSED; return ek.ek_get_edge_stability((uint64_t)p, (uint64_t)o); }
JNIEXPORT jint K(getCornerStability)(JNIEnv *env, jclass cls, jlong p) { UNUSED; return ek.ek_get_corner_stability((uint64_t)p); }

JNIEXPORT jlong K(hash0)(JNIEnv *env, jclass cls, jlong p, jlong o) {
    UNUSED;
    EkBoard b = {(uint64_t)p, (uint64_t)o};
    return (jlong)ek.ek_board_get_hash_code(&b);
}

/* Writes board b to the Java long[2] out when status s is not an error; returns s. */
static jint board_out(JNIEnv *env, jint s, EkBoard b, jlongArray out) {
    if (s >= 0) {
        jlong v[2] = {(jlong)b.player, (jlong)b.opponent};
        (*env)->SetLongArrayRegion(env, out, 0, 2, v);
    }
    return s;
}

JNIEXPORT jint K(symmetry0)(JNIEnv *env, jclass cls, jlong p, jlong o, jint s, jlongArray out) {
    (void)cls;
    EkBoard b = {(uint64_t)p, (uint64_t)o}, sym = {0, 0};
    return board_out(env, ek.ek_board_symetry(&b, s, &sym), sym, out);
}

JNIEXPORT jint K(unique0)(JNIEnv *env, jclass cls, jlong p, jlong o, jlongArray out) {
    (void)cls;
    EkBoard b = {(uint64_t)p, (uint64_t)o}, u = {0, 0};
    return board_out(env, ek.ek_board_unique(&b, &u), u, out);
}

JNIEXPORT jint K(bitCount)(JNIEnv *env, jclass cls, jlong b) { UNUSED; return ek.ek_bit_count((uint64_t)b); }
JNIEXPORT jlong K(perft0)(JNIEnv *env, jclass cls, jlong p, jlong o, jint d) { UNUSED; return (jlong)ek.ek_perft((uint64_t)p, (uint64_t)o, d); }
JNIEXPORT jlong K(perftTerminal0)(JNIEnv *env, jclass cls, jlong p, jlong o, jint d) { UNUSED; return (jlong)ek.ek_perft_terminal((uint64_t)p, (uint64_t)o, d); }

/* Java arrays pinned for one batch call: inputs released without copy-back, outputs with. */
typedef struct {
    jarray array;
    void *data;
    jint mode;
} Pin;

static void *pin(JNIEnv *env, Pin *pin, jarray array, int output) {
    pin->array = array;
    pin->mode = output ? 0 : JNI_ABORT;
    pin->data = (*env)->GetPrimitiveArrayCritical(env, array, NULL);
    return pin->data;
}

static void unpin(JNIEnv *env, Pin *pins, int n) {
    for (int i = n - 1; i >= 0; i--) {
        if (pins[i].data != NULL) (*env)->ReleasePrimitiveArrayCritical(env, pins[i].array, pins[i].data, pins[i].mode);
    }
}

JNIEXPORT jint K(flipBatch0)(JNIEnv *env, jclass cls, jint n, jintArray xs, jlongArray ps, jlongArray os, jlongArray out) {
    (void)cls;
    Pin p[4];
    int r = ek.ek_flip_batch((size_t)n, pin(env, &p[0], xs, 0), pin(env, &p[1], ps, 0), pin(env, &p[2], os, 0),
                             pin(env, &p[3], out, 1));
    unpin(env, p, 4);
    return r;
}

JNIEXPORT jint K(boardNextBatch0)(JNIEnv *env, jclass cls, jint n, jintArray xs, jlongArray ps, jlongArray os,
                                  jlongArray nps, jlongArray nos) {
    (void)cls;
    Pin p[5];
    int r = ek.ek_board_next_batch((size_t)n, pin(env, &p[0], xs, 0), pin(env, &p[1], ps, 0), pin(env, &p[2], os, 0),
                                   pin(env, &p[3], nps, 1), pin(env, &p[4], nos, 1));
    unpin(env, p, 5);
    return r;
}

JNIEXPORT jint K(countLastFlipBatch0)(JNIEnv *env, jclass cls, jint n, jintArray xs, jlongArray ps, jintArray out) {
    (void)cls;
    Pin p[3];
    int r = ek.ek_count_last_flip_batch((size_t)n, pin(env, &p[0], xs, 0), pin(env, &p[1], ps, 0), pin(env, &p[2], out, 1));
    unpin(env, p, 3);
    return r;
}

/* A batch call over (P, O) pairs. */
#define PAIR_BATCH(jname, cname, jout)                                                                   \
    JNIEXPORT jint K(jname)(JNIEnv *env, jclass cls, jint n, jlongArray ps, jlongArray os, jout out) {    \
        (void)cls;                                                                                       \
        Pin p[3];                                                                                        \
        int r = ek.cname((size_t)n, pin(env, &p[0], ps, 0), pin(env, &p[1], os, 0), pin(env, &p[2], out, 1)); \
        unpin(env, p, 3);                                                                                \
        return r;                                                                                        \
    }

PAIR_BATCH(getMovesBatch0, ek_get_moves_batch, jlongArray)
PAIR_BATCH(getMobilityBatch0, ek_get_mobility_batch, jintArray)
PAIR_BATCH(getStabilityBatch0, ek_get_stability_batch, jintArray)
PAIR_BATCH(hashBatch0, ek_board_get_hash_code_batch, jlongArray)

/* The evaluation: weights. */
JNIEXPORT jint K(evalLoadFile0)(JNIEnv *env, jclass cls, jstring path) { (void)cls; return with_name(env, path, ek.ek_eval_load_file); }

JNIEXPORT jint K(evalLoadBuffer0)(JNIEnv *env, jclass cls, jbyteArray data) {
    (void)cls;
    Pin p[1];
    jsize n = (*env)->GetArrayLength(env, data);
    int r = ek.ek_eval_load_buffer(pin(env, &p[0], data, 0), (size_t)n);
    unpin(env, p, 1);
    return r;
}

JNIEXPORT jint K(evalLoadDefault0)(JNIEnv *env, jclass cls) { UNUSED; return ek.ek_eval_load_default(); }

JNIEXPORT jboolean K(evalLoaded)(JNIEnv *env, jclass cls) { UNUSED; return ek.ek_eval_loaded() == 1 ? JNI_TRUE : JNI_FALSE; }
JNIEXPORT void K(evalUnload)(JNIEnv *env, jclass cls) { UNUSED; ek.ek_eval_unload(); }

/* The evaluation: an Eval's state, by the address alloc0 returned. */
#define E(name) JNICALL Java_edaxkernels_Eval_##name
#define STATE(h) ((EkEval *)(intptr_t)(h))

JNIEXPORT jlong E(alloc0)(JNIEnv *env, jclass cls) {
    UNUSED;
    EkEval *e = (EkEval *)calloc(1, sizeof *e);
    if (e != NULL && ek.ek_eval_init(e) != EK_OK) {
        free(e);
        e = NULL;
    }
    return (jlong)(intptr_t)e;
}

JNIEXPORT void E(free0)(JNIEnv *env, jclass cls, jlong h) {
    UNUSED;
    ek.ek_eval_free(STATE(h));
    free(STATE(h));
}

JNIEXPORT jint E(set0)(JNIEnv *env, jclass cls, jlong h, jlong p, jlong o) {
    UNUSED;
    EkBoard b = {(uint64_t)p, (uint64_t)o};
    return ek.ek_eval_set(STATE(h), &b);
}

JNIEXPORT jint E(update0)(JNIEnv *env, jclass cls, jlong h, jint x, jlong flipped) {
    UNUSED;
    EkMove m = {NULL, (uint64_t)flipped, x, 0, 0};
    return ek.ek_eval_update(STATE(h), &m);
}

JNIEXPORT jint E(restore0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; return ek.ek_eval_restore(STATE(h)); }
JNIEXPORT jint E(pass0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; return ek.ek_eval_pass(STATE(h)); }
JNIEXPORT jint E(ply0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; return STATE(h)->ply; }
JNIEXPORT jint E(player0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; return STATE(h)->player; }

JNIEXPORT jint E(accumulate0)(JNIEnv *env, jclass cls, jlong h, jintArray out) {
    (void)cls;
    int sum = 0, r = ek.ek_eval_accumulate_checked(STATE(h), &sum);
    jint v = sum;
    if (r == EK_OK) (*env)->SetIntArrayRegion(env, out, 0, 1, &v);
    return r;
}

JNIEXPORT jint K(solveShallow0)(JNIEnv *env, jclass cls, jlong p, jlong o, jint alpha, jlongArray nodes) {
    (void)cls;
    EkBoard b = {(uint64_t)p, (uint64_t)o};
    int64_t n = 0;
    int score = ek.ek_solve_shallow(&b, alpha, &n);
    jlong v = n;
    (*env)->SetLongArrayRegion(env, nodes, 0, 1, &v);
    return score;
}

/* The solver, by the address new0 returned. */
#define S(name) JNICALL Java_edaxkernels_Solver_##name
#define SOLVER(h) ((EkSolver *)(intptr_t)(h))

JNIEXPORT jlong S(new0)(JNIEnv *env, jclass cls, jint hash_bits) { UNUSED; return (jlong)(intptr_t)ek.ek_solver_new(hash_bits); }
JNIEXPORT void S(free0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; ek.ek_solver_free(SOLVER(h)); }
JNIEXPORT void S(stop0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; ek.ek_solver_stop(SOLVER(h)); }
JNIEXPORT jint S(setNodeLimit0)(JNIEnv *env, jclass cls, jlong h, jlong n) { UNUSED; return ek.ek_solver_set_node_limit(SOLVER(h), (uint64_t)n); }
JNIEXPORT jint S(setThreads0)(JNIEnv *env, jclass cls, jlong h, jint n) { UNUSED; return ek.ek_solver_set_threads(SOLVER(h), n); }
JNIEXPORT jint S(getThreads0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; return ek.ek_solver_get_threads(SOLVER(h)); }
JNIEXPORT jint S(setEval0)(JNIEnv *env, jclass cls, jlong h, jboolean on) { UNUSED; return ek.ek_solver_set_eval(SOLVER(h), on ? 1 : 0); }
JNIEXPORT jint S(getEval0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; return ek.ek_solver_get_eval(SOLVER(h)); }
JNIEXPORT jint S(clear0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; return ek.ek_solver_clear(SOLVER(h)); }

JNIEXPORT jint S(solve0)(JNIEnv *env, jclass cls, jlong h, jlong p, jlong o, jint alpha, jint beta, jlongArray out) {
    (void)cls;
    EkBoard b = {(uint64_t)p, (uint64_t)o};
    EkSolveResult r;
    int s = ek.ek_solver_solve(SOLVER(h), &b, alpha, beta, &r);
    if (s == EK_OK) {
        jlong v[3] = {r.score, r.best_move, (jlong)r.nodes};
        (*env)->SetLongArrayRegion(env, out, 0, 3, v);
    }
    return s;
}

/*
 * A batch solve on copies of the arrays (a critical region would hold up the garbage collector,
 * and so other threads, for the whole solve): the outputs are copied in too, so that the entries
 * the solve does not write keep their content.
 */
JNIEXPORT jint S(solveBatch0)(JNIEnv *env, jclass cls, jlong h, jint n, jlongArray ps, jlongArray os,
                              jintArray scores, jintArray moves) {
    (void)cls;
    size_t m = n > 0 ? (size_t)n : 1;
    jlong *p = malloc(m * sizeof *p), *o = malloc(m * sizeof *o);
    jint *s = malloc(m * sizeof *s), *x = moves != NULL ? malloc(m * sizeof *x) : NULL;
    int r = EK_ERR_NO_MEMORY;
    if (p != NULL && o != NULL && s != NULL && (moves == NULL || x != NULL)) {
        (*env)->GetLongArrayRegion(env, ps, 0, n, p);
        (*env)->GetLongArrayRegion(env, os, 0, n, o);
        (*env)->GetIntArrayRegion(env, scores, 0, n, s);
        if (moves != NULL) (*env)->GetIntArrayRegion(env, moves, 0, n, x);
        r = ek.ek_solver_solve_batch(SOLVER(h), (size_t)n, (const uint64_t *)p, (const uint64_t *)o, (int32_t *)s, (int32_t *)x);
        (*env)->SetIntArrayRegion(env, scores, 0, n, s);
        if (moves != NULL) (*env)->SetIntArrayRegion(env, moves, 0, n, x);
    }
    free(p);
    free(o);
    free(s);
    free(x);
    return r;
}

/*
 * solveMany: on copies of the arrays, as a batch solve (the outputs copied in too, so that what
 * the library does not write keeps the Java side's content).
 */
JNIEXPORT jint S(solveMany0)(JNIEnv *env, jclass cls, jlong h, jint n, jlongArray ps, jlongArray os, jint alpha,
                             jint beta, jintArray scores, jintArray moves, jlongArray nodes, jintArray status) {
    (void)cls;
    size_t m = n > 0 ? (size_t)n : 1;
    jlong *p = malloc(m * sizeof *p), *o = malloc(m * sizeof *o), *c = malloc(m * sizeof *c);
    jint *s = malloc(m * sizeof *s), *x = malloc(m * sizeof *x), *t = malloc(m * sizeof *t);
    int r = EK_ERR_NO_MEMORY;
    if (p != NULL && o != NULL && c != NULL && s != NULL && x != NULL && t != NULL) {
        (*env)->GetLongArrayRegion(env, ps, 0, n, p);
        (*env)->GetLongArrayRegion(env, os, 0, n, o);
        (*env)->GetIntArrayRegion(env, scores, 0, n, s);
        (*env)->GetIntArrayRegion(env, moves, 0, n, x);
        (*env)->GetLongArrayRegion(env, nodes, 0, n, c);
        (*env)->GetIntArrayRegion(env, status, 0, n, t);
        r = ek.ek_solver_solve_many(SOLVER(h), (size_t)n, (const uint64_t *)p, (const uint64_t *)o, alpha, beta,
                                    (int32_t *)s, (int32_t *)x, (uint64_t *)c, (int32_t *)t);
        (*env)->SetIntArrayRegion(env, scores, 0, n, s);
        (*env)->SetIntArrayRegion(env, moves, 0, n, x);
        (*env)->SetLongArrayRegion(env, nodes, 0, n, c);
        (*env)->SetIntArrayRegion(env, status, 0, n, t);
    }
    free(p);
    free(o);
    free(c);
    free(s);
    free(x);
    free(t);
    return r;
}

/* Weights objects, by the address a load returned (0 with the status in status[0]). */
#define W(name) JNICALL Java_edaxkernels_Weights_##name
#define WEIGHTS(h) ((EkWeights *)(intptr_t)(h))

static jlong weights_result(JNIEnv *env, EkWeights *w, int status, jintArray out) {
    jint v = status;
    (*env)->SetIntArrayRegion(env, out, 0, 1, &v);
    return (jlong)(intptr_t)w;
}

JNIEXPORT jlong W(loadDefault0)(JNIEnv *env, jclass cls, jintArray status) {
    int s = EK_ERR_INTERNAL;
    (void)cls;
    return weights_result(env, ek.ek_weights_load_default(&s), s, status);
}

JNIEXPORT jlong W(loadFile0)(JNIEnv *env, jclass cls, jstring path, jintArray status) {
    int s = EK_ERR_INTERNAL;
    EkWeights *w;
    const char *p = (*env)->GetStringUTFChars(env, path, NULL);
    (void)cls;
    if (p == NULL) return weights_result(env, NULL, EK_ERR_NO_MEMORY, status);
    w = ek.ek_weights_load_file(p, &s);
    (*env)->ReleaseStringUTFChars(env, path, p);
    return weights_result(env, w, s, status);
}

/* The bytes are copied (a load takes a while: no critical region). */
JNIEXPORT jlong W(loadBytes0)(JNIEnv *env, jclass cls, jbyteArray data, jintArray status) {
    int s = EK_ERR_INTERNAL;
    EkWeights *w;
    jsize n = (*env)->GetArrayLength(env, data);
    jbyte *copy = malloc(n > 0 ? (size_t)n : 1);
    (void)cls;
    if (copy == NULL) return weights_result(env, NULL, EK_ERR_NO_MEMORY, status);
    (*env)->GetByteArrayRegion(env, data, 0, n, copy);
    w = ek.ek_weights_load_buffer(copy, (size_t)n, &s);
    free(copy);
    return weights_result(env, w, s, status);
}

JNIEXPORT void W(free0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; ek.ek_weights_free(WEIGHTS(h)); }

/* Engines, by the address new0 returned. */
#define G(name) JNICALL Java_edaxkernels_Engine_##name
#define ENGINE(h) ((EkEngine *)(intptr_t)(h))

JNIEXPORT jlong G(new0)(JNIEnv *env, jclass cls, jlong weights, jint hash_bits) { UNUSED; return (jlong)(intptr_t)ek.ek_engine_new(WEIGHTS(weights), hash_bits); }
JNIEXPORT void G(free0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; ek.ek_engine_free(ENGINE(h)); }
JNIEXPORT void G(stop0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; ek.ek_engine_stop(ENGINE(h)); }
JNIEXPORT jint G(clear0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; return ek.ek_engine_clear(ENGINE(h)); }
JNIEXPORT jint G(setThreads0)(JNIEnv *env, jclass cls, jlong h, jint n) { UNUSED; return ek.ek_engine_set_threads(ENGINE(h), n); }
JNIEXPORT jint G(getThreads0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; return ek.ek_engine_get_threads(ENGINE(h)); }

/* out: score, best move, depth, selectivity, exact, complete, nodes, PV length, then the PV. */
JNIEXPORT jint G(search0)(JNIEnv *env, jclass cls, jlong h, jlong p, jlong o, jint level, jint depth, jint selectivity,
                          jlong max_nodes, jlong max_time_ms, jlongArray out) {
    EkBoard b = {(uint64_t)p, (uint64_t)o};
    EkEngineLimits l = {level, depth, selectivity, (uint64_t)max_nodes, (uint64_t)max_time_ms};
    EkEngineResult r;
    int s, i;
    (void)cls;
    s = ek.ek_engine_search(ENGINE(h), &b, &l, &r);
    if (s == EK_OK) {
        jlong v[8 + EK_PV_SIZE];
        int n = r.pv_length < 0 ? 0 : r.pv_length > EK_PV_SIZE ? EK_PV_SIZE : r.pv_length;
        v[0] = r.score, v[1] = r.best_move, v[2] = r.depth, v[3] = r.selectivity;
        v[4] = r.exact, v[5] = r.complete, v[6] = r.n_nodes, v[7] = n;
        for (i = 0; i < n; ++i) v[8 + i] = r.pv[i];
        (*env)->SetLongArrayRegion(env, out, 0, 8 + n, v);
    }
    return s;
}

/* out: five longs a move (square, score, exact, complete, nodes); returns the status, the number of
 * moves in n[0]. */
JNIEXPORT jint G(analyze0)(JNIEnv *env, jclass cls, jlong h, jlong p, jlong o, jint level, jint depth, jint selectivity,
                           jlong max_nodes, jlong max_time_ms, jlongArray out, jintArray n_out) {
    EkBoard b = {(uint64_t)p, (uint64_t)o};
    EkEngineLimits l = {level, depth, selectivity, (uint64_t)max_nodes, (uint64_t)max_time_ms};
    EkMoveScore moves[EK_MAX_MOVES];
    int n = 0, s, i;
    (void)cls;
    s = ek.ek_engine_analyze(ENGINE(h), &b, &l, moves, &n);
    if (s == EK_OK) {
        jlong v[5 * EK_MAX_MOVES];
        jint count = n;
        for (i = 0; i < n; ++i) {
            v[5 * i] = moves[i].square, v[5 * i + 1] = moves[i].score, v[5 * i + 2] = moves[i].exact;
            v[5 * i + 3] = moves[i].complete, v[5 * i + 4] = moves[i].n_nodes;
        }
        (*env)->SetLongArrayRegion(env, out, 0, 5 * n, v);
        (*env)->SetIntArrayRegion(env, n_out, 0, 1, &count);
    }
    return s;
}

/* out: as search0's, with from_book at 8 and the PV from 9. book 0: none. */
JNIEXPORT jint G(play0)(JNIEnv *env, jclass cls, jlong h, jlong book, jlong p, jlong o, jint enabled, jint randomness,
                        jint level, jint depth, jint selectivity, jlong max_nodes, jlong max_time_ms, jlongArray out) {
    EkBoard b = {(uint64_t)p, (uint64_t)o};
    EkEngineLimits l = {level, depth, selectivity, (uint64_t)max_nodes, (uint64_t)max_time_ms};
    EkBookUse u = {enabled, randomness};
    EkPlayResult r;
    int s, i;
    (void)cls;
    s = ek.ek_engine_play(ENGINE(h), (EkBook *)(intptr_t)book, &u, &b, &l, &r);
    if (s == EK_OK) {
        jlong v[9 + EK_PV_SIZE];
        int n = r.result.pv_length < 0 ? 0 : r.result.pv_length > EK_PV_SIZE ? EK_PV_SIZE : r.result.pv_length;
        v[0] = r.result.score, v[1] = r.result.best_move, v[2] = r.result.depth, v[3] = r.result.selectivity;
        v[4] = r.result.exact, v[5] = r.result.complete, v[6] = r.result.n_nodes, v[7] = n, v[8] = r.from_book;
        for (i = 0; i < n; ++i) v[9 + i] = r.result.pv[i];
        (*env)->SetLongArrayRegion(env, out, 0, 9 + n, v);
    }
    return s;
}

/* Books, by the address new0 or a load returned (0 with the status in status[0] and the library's
 * message, NUL-terminated, in message). */
#define B(name) JNICALL Java_edaxkernels_Book_##name
#define BOOK(h) ((EkBook *)(intptr_t)(h))

JNIEXPORT jlong B(new0)(JNIEnv *env, jclass cls, jint level, jint n_empties) { UNUSED; return (jlong)(intptr_t)ek.ek_book_new(level, n_empties); }

static jlong book_open(JNIEnv *env, jstring path, jintArray status, jbyteArray message,
                       EkBook *(*f)(const char *, int *, char *, size_t)) {
    char why[1024] = "";
    int s = EK_ERR_INTERNAL;
    jint v;
    EkBook *book = NULL;
    const char *p = (*env)->GetStringUTFChars(env, path, NULL);
    if (p == NULL) {
        s = EK_ERR_NO_MEMORY;
    } else {
        book = f(p, &s, why, sizeof why);
        (*env)->ReleaseStringUTFChars(env, path, p);
    }
    v = s;
    (*env)->SetIntArrayRegion(env, status, 0, 1, &v);
    {
        jsize n = (*env)->GetArrayLength(env, message);
        jsize len = 0;
        while ((size_t)len < sizeof why && why[len] != 0) ++len;
        if (len >= n) len = n - 1;
        if (len > 0) (*env)->SetByteArrayRegion(env, message, 0, len, (const jbyte *)why);
    }
    return (jlong)(intptr_t)book;
}

JNIEXPORT jlong B(load0)(JNIEnv *env, jclass cls, jstring path, jintArray status, jbyteArray message) { (void)cls; return book_open(env, path, status, message, ek.ek_book_load); }
JNIEXPORT jlong B(import0)(JNIEnv *env, jclass cls, jstring path, jintArray status, jbyteArray message) { (void)cls; return book_open(env, path, status, message, ek.ek_book_import); }

JNIEXPORT jint B(save0)(JNIEnv *env, jclass cls, jlong h, jstring path, jint year, jint month, jint day, jint hour,
                        jint minute, jint second) {
    int s;
    const char *p = (*env)->GetStringUTFChars(env, path, NULL);
    (void)cls;
    if (p == NULL) return EK_ERR_NO_MEMORY;
    s = ek.ek_book_save(BOOK(h), p, year, month, day, hour, minute, second);
    (*env)->ReleaseStringUTFChars(env, path, p);
    return s;
}

JNIEXPORT void B(free0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; ek.ek_book_free(BOOK(h)); }
JNIEXPORT jlong B(size0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; return ek.ek_book_size(BOOK(h)); }
JNIEXPORT void B(seed0)(JNIEnv *env, jclass cls, jlong h, jlong seed) { UNUSED; ek.ek_book_seed(BOOK(h), (uint64_t)seed); }
JNIEXPORT jint B(merge0)(JNIEnv *env, jclass cls, jlong dest, jlong src) { UNUSED; return ek.ek_book_merge(BOOK(dest), BOOK(src)); }
JNIEXPORT jint B(negamax0)(JNIEnv *env, jclass cls, jlong h) { UNUSED; return ek.ek_book_negamax(BOOK(h)); }

/* out: value, lower, upper, level, links, leaf move, leaf score, wins, draws, losses, lines. */
JNIEXPORT jint B(probe0)(JNIEnv *env, jclass cls, jlong h, jlong p, jlong o, jlongArray out) {
    EkBoard b = {(uint64_t)p, (uint64_t)o};
    EkBookEntry e;
    int s;
    (void)cls;
    s = ek.ek_book_probe(BOOK(h), &b, &e);
    if (s == 1) {
        jlong v[11] = {e.value, e.lower, e.upper, e.level, e.n_links, e.leaf_move, e.leaf_score,
                       e.n_wins, e.n_draws, e.n_losses, e.n_lines};
        (*env)->SetLongArrayRegion(env, out, 0, 11, v);
    }
    return s;
}

JNIEXPORT jint B(moves0)(JNIEnv *env, jclass cls, jlong h, jlong p, jlong o, jintArray moves, jintArray scores) {
    EkBoard b = {(uint64_t)p, (uint64_t)o};
    int m[64], sc[64], n;
    (void)cls;
    n = ek.ek_book_moves(BOOK(h), &b, m, sc, 64);
    if (n > 0) {
        jsize k = n > 64 ? 64 : n;
        (*env)->SetIntArrayRegion(env, moves, 0, k, (const jint *)m);
        (*env)->SetIntArrayRegion(env, scores, 0, k, (const jint *)sc);
    }
    return n;
}

/* out: move, score. */
JNIEXPORT jint B(randomMove0)(JNIEnv *env, jclass cls, jlong h, jlong p, jlong o, jint randomness, jintArray out) {
    EkBoard b = {(uint64_t)p, (uint64_t)o};
    int m = EK_NOMOVE, sc = 0, s;
    (void)cls;
    s = ek.ek_book_random_move(BOOK(h), &b, randomness, &m, &sc);
    if (s == 1) {
        jint v[2] = {m, sc};
        (*env)->SetIntArrayRegion(env, out, 0, 2, v);
    }
    return s;
}

JNIEXPORT jint B(line0)(JNIEnv *env, jclass cls, jlong h, jlong p, jlong o, jint first, jintArray line) {
    EkBoard b = {(uint64_t)p, (uint64_t)o};
    int l[130], n;
    (void)cls;
    n = ek.ek_book_line(BOOK(h), &b, first, l, 130);
    if (n > 0) {
        jsize k = (*env)->GetArrayLength(env, line);
        if (k > n) k = n;
        if (k > 130) k = 130;
        (*env)->SetIntArrayRegion(env, line, 0, k, (const jint *)l);
    }
    return n;
}

JNIEXPORT jint B(gameStats0)(JNIEnv *env, jclass cls, jlong h, jlong p, jlong o, jlongArray out) {
    EkBoard b = {(uint64_t)p, (uint64_t)o};
    uint64_t v[4];
    int s;
    (void)cls;
    s = ek.ek_book_game_stats(BOOK(h), &b, v);
    if (s == EK_OK) (*env)->SetLongArrayRegion(env, out, 0, 4, (const jlong *)v);
    return s;
}

/* The text (ASCII: Edax's), or NULL with an OutOfMemoryError pending. */
JNIEXPORT jstring B(info0)(JNIEnv *env, jclass cls, jlong h) {
    int64_t n = ek.ek_book_info(BOOK(h), NULL, 0);
    char *buf;
    jstring text;
    (void)cls;
    if (n < 0) n = 0;
    buf = malloc((size_t)n + 1);
    if (buf == NULL) {
        jclass oom = (*env)->FindClass(env, "java/lang/OutOfMemoryError");
        if (oom != NULL) (*env)->ThrowNew(env, oom, "book info");
        return NULL;
    }
    buf[0] = 0;
    ek.ek_book_info(BOOK(h), buf, (size_t)n + 1);
    text = (*env)->NewStringUTF(env, buf);
    free(buf);
    return text;
}

JNIEXPORT jint B(export0)(JNIEnv *env, jclass cls, jlong h, jstring path) {
    int s;
    const char *p = (*env)->GetStringUTFChars(env, path, NULL);
    (void)cls;
    if (p == NULL) return EK_ERR_NO_MEMORY;
    s = ek.ek_book_export(BOOK(h), p);
    (*env)->ReleaseStringUTFChars(env, path, p);
    return s;
}
