/*
 * Side A from an Edax AVX checkout (okuhara/edax-reversi-AVX), built by ffi_bench/side-a.sh with
 * -I EDAX/src and Edax AVX's x86-64 flags (-DUSE_GAS_X64, -DPOPCOUNT). Written for this project;
 * Edax AVX's code is not copied here, it is #included from the checkout at build time.
 *
 * Edax AVX's kernels under Edax 4.6's names and signatures, the ones ffi_bench calls
 * (ffi_bench/ref/edax_api.h). side-a.sh compiles Edax AVX's bit.c and board.c (with the flip its
 * settings.h picks for the target) each as its own unit, beside this file; several of their
 * functions have Edax 4.6's name already (can_move, get_mobility, the stabilities,
 * board_get_hash_code, edge_stability_init); the others are defined below over Edax AVX's
 * versions, with the last-flip count its endgame.c would include. Left out, so that ffi_bench
 * reports them as missing:
 *   - board_unique (side-a.sh makes board.c's local): Edax AVX keeps another symmetry on ties
 *     (the same board, another index);
 *   - the evaluation: Edax AVX's Eval and eval_update differ from Edax 4.6's;
 *   - the leaf and endgame searches: Edax AVX's search_shallow and NWS_endgame visit other
 *     trees (their own move order and pass handling, a thread-local table at 10 empties or
 *     fewer), so they cannot reproduce Edax 4.6's node counts and tables (side-a.sh prints by
 *     how much).
 */
#ifndef __x86_64__
#error "the Edax AVX side A is built for x86-64 (Edax AVX's USE_GAS_X64)"
#endif

#include "bit.h"
#include "board.h"

/* The last-flip count, as Edax AVX's endgame.c includes it (endgame.c itself needs the search). */
#if COUNT_LAST_FLIP == COUNT_LAST_FLIP_32
#include "count_last_flip_32.c"
#elif COUNT_LAST_FLIP == COUNT_LAST_FLIP_CARRY
#include "count_last_flip_carry_64.c"
#elif COUNT_LAST_FLIP == COUNT_LAST_FLIP_BITSCAN
#include "count_last_flip_bitscan.c"
#elif COUNT_LAST_FLIP == COUNT_LAST_FLIP_BMI
#include "count_last_flip_bmi.c"
#elif COUNT_LAST_FLIP == COUNT_LAST_FLIP_PLAIN
#include "count_last_flip_plain.c"
#elif COUNT_LAST_FLIP == COUNT_LAST_FLIP_BMI2
#include "count_last_flip_bmi2.c"
#elif COUNT_LAST_FLIP == COUNT_LAST_FLIP_SSE
#include "count_last_flip_sse.c"
#elif COUNT_LAST_FLIP == COUNT_LAST_FLIP_AVX_PPFILL
#include "count_last_flip_avx_ppfill.c"
#elif COUNT_LAST_FLIP == COUNT_LAST_FLIP_AVX512
#include "count_last_flip_avx512cd.c"
#else
#include "count_last_flip_kindergarten.c"
#endif

#include <stdint.h>

/* Edax AVX's tables (its CRC32C and popcount ones when the target lacks the instructions). */
__attribute__((constructor)) static void adapter_init(void) { bit_init(); }

/* Edax AVX counts a bitboard with its corners twice in one of two ways, by target. */
static int weighted_count(const unsigned long long b)
{
#if !defined(__AVX2__) && defined(hasSSE2) && !defined(POPCOUNT)
	return _mm_cvtsi128_si32(bit_weighted_count_sse(b, 0));
#else
	return bit_weighted_count(b);
#endif
}

uint64_t flip(const int x, const uint64_t P, const uint64_t O)
{
	return Flip(x, P, O);
}

#ifdef board_next
#undef board_next
/* Edax AVX's board_next is a macro over board_next_sse (the board in a vector register). */
uint64_t board_next(const Board *board, const int x, Board *next)
{
	return board_next_sse(_mm_loadu_si128((const __m128i *) board), x, next);
}
#endif

#if COUNT_LAST_FLIP > COUNT_LAST_FLIP_BITSCAN
int count_last_flip(const int x, const uint64_t P)
{
	return last_flip(x, P);
}
#endif /* else Edax AVX's count_last_flip is its own table of functions: left out */

#ifdef get_moves
#undef get_moves
/* With AVX2 Edax AVX's get_moves is a macro over get_moves_avx. */
uint64_t get_moves(const uint64_t P, const uint64_t O)
{
	return get_moves_avx(_mm256_set1_epi64x((long long) P), _mm256_set1_epi64x((long long) O));
}
#endif

int get_weighted_mobility(const uint64_t P, const uint64_t O)
{
	return weighted_count(get_moves(P, O));
}

/* As Edax AVX's move ordering counts it: with AVX2 from get_moves_and_potential. */
int get_potential_mobility(const uint64_t P, const uint64_t O)
{
#ifdef __AVX2__
	return weighted_count((unsigned long long) _mm_extract_epi64(get_moves_and_potential(_mm256_set1_epi64x((long long) P), _mm256_set1_epi64x((long long) O)), 1));
#else
	return weighted_count(get_potential_moves(P, O));
#endif
}

void board_symetry(const Board *board, const int s, Board *sym)
{
	board_symmetry(board, s, sym);
}
