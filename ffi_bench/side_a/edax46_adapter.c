/*
 * Side A from an Edax 4.6 checkout (abulmo/edax-reversi): the one kernel name Edax does not
 * export as a function. Built by ffi_bench/side-a.sh with -I EDAX/src, beside Edax's own board.c,
 * bit.c, crc32c.c, flip.c and eval.c (each its own unit, as Edax's files are), which define the
 * other kernels and the evaluation under the names ffi_bench calls (ffi_bench/ref/edax_api.h).
 * Written for this project; Edax's code is not copied here.
 */
#include "board.h"

#ifdef get_moves
#undef get_moves
/* Edax's AVX2 build has no get_moves function, only the macro over get_moves_avx2. */
uint64_t get_moves(const uint64_t P, const uint64_t O)
{
	return get_moves_avx2(_mm256_set1_epi64x((long long) P), _mm256_set1_epi64x((long long) O));
}
#else
typedef int edax46_has_get_moves; /* below AVX2 board.c defines it: nothing to add */
#endif
