/*
 * Weak stand-ins for what Edax's board.c, bit.c and eval.c need from the rest of Edax, linked
 * with a side A built from Edax's own board.c, bit.c, crc32c.c, flip.c (and eval.c), so that it
 * links without util.c and options.c (which need most of Edax). A side A that defines them keeps
 * its own.
 *   - parse_skip_spaces, random_get (util.c): referred to by board_set's parser and bit.c's
 *     random bitboards, called by no kernel; they abort if ever called.
 *   - adjust_size (util.c): eval_init's allocation size, the next multiple of the alignment
 *     above the size.
 *   - options (options.c): Edax's settings; eval.c reads one flag (`info`, whether to print the
 *     weights' version), zero here as in a quiet Edax.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

/* With MinGW's linker a weak definition in PE/COFF does not satisfy a reference from another
 * object: there (ffi_bench/run.sh --windows) they are ordinary definitions. Edax's units in a
 * side A never define these names (they are util.c's and options.c's). */
#ifdef _WIN32
#define WEAK
#else
#define WEAK __attribute__((weak))
#endif

WEAK unsigned char options[4096];

WEAK size_t adjust_size(const size_t alignment, const size_t size)
{
	return (size / alignment + 1) * alignment;
}

static void not_for_benchmarks(const char *name)
{
	fprintf(stderr, "ffi_bench: side A called %s, which ffi_bench/ref/edax_support.c only stands in for\n", name);
	abort();
}

WEAK const char *parse_skip_spaces(const char *string)
{
	(void) string;
	not_for_benchmarks("parse_skip_spaces");
	return NULL;
}

WEAK unsigned long long random_get(void *random)
{
	(void) random;
	not_for_benchmarks("random_get");
	return 0;
}
