/*
 * The jar's JNI glue checked without a JVM, for the platforms whose JVM cannot run here (Windows
 * under Wine, Linux ARM64 under qemu): this program loads the glue (edax_kernels_jni.dll or
 * libedax_kernels_jni.so) as a JVM would, hands it a JNIEnv holding the few functions the calls
 * below use, lets Library.open load the library and resolve every function, then checks
 * Kernels.flip and Kernels.getMoves against Edax's known answers, reads Kernels.isa, and checks
 * that the levels Kernels.isaSupported reports are LEVELS (what scripts/cpu-levels.sh names for
 * the CPU the code runs on, lowest first: "portable sse2 avx2").
 * Usage: glue_check GLUE LIBRARY GOLDEN_DIR LEVELS   (bindings/java/test-cross.sh builds and runs it)
 */
#include <jni.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <windows.h>
#define OPEN(path) ((void *)LoadLibraryA(path))
#define SYMBOL(lib, name) ((void *)GetProcAddress((HMODULE)(lib), name))
#else
#include <dlfcn.h>
#define OPEN(path) dlopen(path, RTLD_NOW)
#define SYMBOL(lib, name) dlsym(lib, name)
#endif

/* A jstring here is a pointer to this: the UTF-8 text, and its UTF-16 form for GetStringChars. */
struct string {
    char utf8[1024];
    jchar utf16[1024];
};

static jstring new_string(const char *text)
{
    struct string *s = calloc(1, sizeof *s);
    size_t i;
    if (s == NULL) exit(2);
    snprintf(s->utf8, sizeof s->utf8, "%s", text);
    for (i = 0; s->utf8[i] && i + 1 < sizeof s->utf16 / sizeof s->utf16[0]; ++i) s->utf16[i] = (unsigned char)s->utf8[i];
    return (jstring)s;
}

static const char *JNICALL get_utf(JNIEnv *env, jstring s, jboolean *copy)
{
    (void)env;
    if (copy) *copy = JNI_FALSE;
    return ((struct string *)s)->utf8;
}
static void JNICALL release_utf(JNIEnv *env, jstring s, const char *chars) { (void)env, (void)s, (void)chars; }
static const jchar *JNICALL get_chars(JNIEnv *env, jstring s, jboolean *copy)
{
    (void)env;
    if (copy) *copy = JNI_FALSE;
    return ((struct string *)s)->utf16;
}
static void JNICALL release_chars(JNIEnv *env, jstring s, const jchar *chars) { (void)env, (void)s, (void)chars; }
static jstring JNICALL new_utf(JNIEnv *env, const char *text) { (void)env; return new_string(text); }
static jboolean JNICALL exception_check(JNIEnv *env) { (void)env; return JNI_FALSE; }

int main(int argc, char **argv)
{
    static struct JNINativeInterface_ functions;
    const struct JNINativeInterface_ *table = &functions;
    JNIEnv *env = (JNIEnv *)&table;
    jstring (JNICALL *open)(JNIEnv *, jclass, jstring);
    jlong (JNICALL *flip)(JNIEnv *, jclass, jint, jlong, jlong);
    jlong (JNICALL *get_moves)(JNIEnv *, jclass, jlong, jlong);
    jstring (JNICALL *isa)(JNIEnv *, jclass);
    jint (JNICALL *isa_supported)(JNIEnv *, jclass, jstring);
    static const char *const levels[] = {"portable", "sse2", "avx2", "avx512", "neon"};
    char path[4096], line[512], have[64] = "";
    size_t i;
    long checked = 0, failed = 0;
    void *glue;
    jstring why;
    FILE *f;
    if (argc != 5) {
        fprintf(stderr, "usage: %s GLUE LIBRARY GOLDEN_DIR LEVELS\n", argv[0]);
        return 2;
    }
    functions.GetStringUTFChars = get_utf;
    functions.ReleaseStringUTFChars = release_utf;
    functions.GetStringChars = get_chars;
    functions.ReleaseStringChars = release_chars;
    functions.NewStringUTF = new_utf;
    functions.ExceptionCheck = exception_check;
    if ((glue = OPEN(argv[1])) == NULL) {
        fprintf(stderr, "glue_check: cannot load the glue %s\n", argv[1]);
        return 1;
    }
    *(void **)&open = SYMBOL(glue, "Java_edaxkernels_Library_open");
    *(void **)&flip = SYMBOL(glue, "Java_edaxkernels_Kernels_flip");
    *(void **)&get_moves = SYMBOL(glue, "Java_edaxkernels_Kernels_getMoves");
    *(void **)&isa = SYMBOL(glue, "Java_edaxkernels_Kernels_isa");
    *(void **)&isa_supported = SYMBOL(glue, "Java_edaxkernels_Kernels_isaSupported0");
    if (!open || !flip || !get_moves || !isa || !isa_supported) {
        fprintf(stderr, "glue_check: the glue lacks a Java_edaxkernels_ function\n");
        return 1;
    }
    if ((why = open(env, NULL, new_string(argv[2]))) != NULL) {
        fprintf(stderr, "glue_check: Library.open(%s): %s\n", argv[2], ((struct string *)why)->utf8);
        return 1;
    }
    snprintf(path, sizeof path, "%s/flip.txt", argv[3]);
    if ((f = fopen(path, "r")) == NULL) return fprintf(stderr, "cannot open %s\n", path), 1;
    while (fgets(line, sizeof line, f)) {
        uint64_t p, o, want;
        int x;
        if (line[0] == '#' || sscanf(line, "%" SCNx64 " %" SCNx64 " %d %" SCNx64, &p, &o, &x, &want) != 4) continue;
        ++checked;
        failed += (uint64_t)flip(env, NULL, x, (jlong)p, (jlong)o) != want;
    }
    fclose(f);
    snprintf(path, sizeof path, "%s/moves.txt", argv[3]);
    if ((f = fopen(path, "r")) == NULL) return fprintf(stderr, "cannot open %s\n", path), 1;
    while (fgets(line, sizeof line, f)) {
        uint64_t p, o, want;
        if (line[0] == '#' || sscanf(line, "%" SCNx64 " %" SCNx64 " %" SCNx64, &p, &o, &want) != 3) continue;
        ++checked;
        failed += (uint64_t)get_moves(env, NULL, (jlong)p, (jlong)o) != want;
    }
    fclose(f);
    printf("glue_check: %s loaded %s (level %s): %ld checks of flip and getMoves, %ld failed\n", argv[1], argv[2],
           ((struct string *)isa(env, NULL))->utf8, checked, failed);
    for (i = 0; i < sizeof levels / sizeof levels[0]; ++i) {
        if (isa_supported(env, NULL, new_string(levels[i])) == 1) {
            if (have[0]) strcat(have, " ");
            strcat(have, levels[i]);
        }
    }
    printf("glue_check: levels %s; the CPU's flags allow %s\n", have, argv[4]);
    if (strcmp(have, argv[4]) != 0) {
        fprintf(stderr, "glue_check: the library's levels differ from those the CPU's flags allow\n");
        return 1;
    }
    return failed != 0 || checked < 10000;
}
