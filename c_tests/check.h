/* Tiny check helpers shared by the C tests (C99 and C++17). */
#ifndef EK_C_TESTS_CHECK_H
#define EK_C_TESTS_CHECK_H

#include <stdio.h>
#include <stdlib.h>

static long ek_checks_run = 0;
static long ek_checks_failed = 0;

/* Records one check; prints the first failures with their context. */
#define CHECK(cond, ...)                                                        \
    do {                                                                        \
        ++ek_checks_run;                                                        \
        if (!(cond)) {                                                          \
            if (++ek_checks_failed <= 20) {                                     \
                fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
                fprintf(stderr, __VA_ARGS__);                                   \
                fputc('\n', stderr);                                            \
            }                                                                   \
        }                                                                       \
    } while (0)

/* Prints the summary and returns the process exit code. */
static int check_summary(const char *name)
{
    printf("%s: %ld checks, %ld failed\n", name, ek_checks_run, ek_checks_failed);
    return ek_checks_failed == 0 && ek_checks_run > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#endif
