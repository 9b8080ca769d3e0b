/* The driver of scripts/kernel-insns-x86.sh: scripts/cross/kernel-insns.c (the ARM64 counts' driver:
 * the same positions, in the same order, the same loops), included as it is, plus the kernels
 * it does not call, which side A of Edax AVX has: board_next, can_move, get_weighted_mobility,
 * get_potential_mobility and get_corner_stability. Run under valgrind once with REPS = 0 and
 * once with REPS > 0: the difference divided by the number of calls is the instructions per
 * call, the loop and the call included.
 *
 * Compiled in three ways:
 *   - as it is: the library's C API (ek_*) on the level EDAX_KERNELS_ISA names (each ek_
 *     function jumps through its dispatch slot: mov, jmp; those with pointers test them first);
 *   - with -DEDAX_SIDE_A -I ffi_bench/ref, linked to a side A of Edax 4.6 (ffi_bench/side-a.sh):
 *     Edax's own functions under Edax's names, called directly, as kernel-insns.c does;
 *   - with -DEDAX_SIDE_A -DEDAX_AVX_SIDE_A, linked to a side A of Edax AVX (side-a.sh --flavour
 *     edax-avx): the same, and weak stand-ins below for what that side A lacks (the evaluation and
 *     Edax 4.6's leaf search, which ffi_bench cannot compare with Edax AVX's either): they only
 *     let the program link; their rows are not counted for Edax AVX.
 * Usage: kernel-insns-x86 KERNEL REPS, KERNEL one of kernel-insns.c's or of `extra` below. */
#define main kernel_insns_cross_main
#include "cross/kernel-insns.c"
#undef main

#ifdef EDAX_SIDE_A
#define K_BOARD_NEXT(b, x, n) board_next((const Board *) (b), x, (Board *) (n))
#define K_CAN_MOVE(P, O) can_move(P, O)
#define K_GET_WEIGHTED_MOBILITY(P, O) get_weighted_mobility(P, O)
#define K_GET_POTENTIAL_MOBILITY(P, O) get_potential_mobility(P, O)
#define K_GET_CORNER_STABILITY(P) get_corner_stability(P)
#else
#define K_BOARD_NEXT(b, x, n) ek_board_next(b, x, n)
#define K_CAN_MOVE(P, O) ek_can_move(P, O)
#define K_GET_WEIGHTED_MOBILITY(P, O) ek_get_weighted_mobility(P, O)
#define K_GET_POTENTIAL_MOBILITY(P, O) ek_get_potential_mobility(P, O)
#define K_GET_CORNER_STABILITY(P) ek_get_corner_stability(P)
#endif

#ifdef EDAX_AVX_SIDE_A
/* Stand-ins for Edax 4.6's names that side A of Edax AVX does not define (kernel-insns.c refers
 * to them; never counted for Edax AVX). */
static Feature stand_in_features[2];
__attribute__((weak)) void eval_init(Eval *eval) { eval->feature = stand_in_features; eval->player = 0; eval->ply = 0; }
__attribute__((weak)) void eval_set(Eval *eval, const Board *board) { (void) eval; (void) board; }
__attribute__((weak)) void eval_update(Eval *eval, const Move *move) { (void) eval; (void) move; }
__attribute__((weak)) void eval_restore(Eval *eval) { (void) eval; }
__attribute__((weak)) void eval_free(Eval *eval) { (void) eval; }
__attribute__((weak)) int ref_solve_shallow(const Board *board, const int alpha, int64_t *n_nodes)
{
	(void) board; (void) alpha; (void) n_nodes;
	return 0;
}
#endif

/* One repetition of the extra kernel k over kernel-insns.c's positions (moves_x: a legal move of
 * each); returns the sum of the results. */
__attribute__((noinline)) static uint64_t extra_repetition(int k)
{
	uint64_t sum = 0;
	int i;
	switch (k) {
	case 0:
		for (i = 0; i < N_POS; ++i) {
			EkBoard n;
			sum += K_BOARD_NEXT(&pos[i], moves_x[i], &n) + n.player + (n.opponent << 1);
		}
		break;
	case 1: for (i = 0; i < N_POS; ++i) sum += (uint64_t) K_CAN_MOVE(pos[i].player, pos[i].opponent); break;
	case 2: for (i = 0; i < N_POS; ++i) sum += (uint64_t) K_GET_WEIGHTED_MOBILITY(pos[i].player, pos[i].opponent); break;
	case 3: for (i = 0; i < N_POS; ++i) sum += (uint64_t) K_GET_POTENTIAL_MOBILITY(pos[i].player, pos[i].opponent); break;
	default: for (i = 0; i < N_POS; ++i) sum += (uint64_t) K_GET_CORNER_STABILITY(pos[i].player); break;
	}
	return sum;
}

int main(int argc, char **argv)
{
	static const char *const extra[] = { "board_next", "can_move", "get_weighted_mobility", "get_potential_mobility",
		"get_corner_stability" };
	int k, r, reps;
	uint64_t sum = 0;
	if (argc != 3) return kernel_insns_cross_main(argc, argv);
	for (k = 0; k < (int) (sizeof extra / sizeof extra[0]) && strcmp(extra[k], argv[1]) != 0; ++k) {}
	if (k == (int) (sizeof extra / sizeof extra[0])) return kernel_insns_cross_main(argc, argv);
	reps = atoi(argv[2]);
	make_positions();
#ifdef EDAX_SIDE_A
	edge_stability_init();
#endif
	/* A first repetition, made with REPS = 0 too (the library's choice of level). */
	warm_up = extra_repetition(k);
	for (r = 0; r < reps; ++r) sum += extra_repetition(k);
	printf("%s, %s: %d calls per repetition, checksum %016llx\n", SIDE, argv[1], N_POS, (unsigned long long) sum);
	return 0;
}
