/*
 * perft: counts the game tree from the start position with ek_perft_stats, depth 1..N
 * (default 11), prints both conventions and nodes per second, and checks the counts against
 * Edax's (tests/data/golden/perft.txt) when that file is given.
 * Usage: perft [MAX_DEPTH] [PERFT_TXT]
 */
#define _POSIX_C_SOURCE 199309L
#include "edax_kernels.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
	const int max_depth = argc > 1 ? atoi(argv[1]) : 11;
	unsigned long long want[64][6] = { { 0 } };
	int have[64] = { 0 }, depth, bad = 0;
	if (argc > 2) {
		FILE *f = fopen(argv[2], "r");
		char line[256];
		if (!f) { fprintf(stderr, "cannot open %s\n", argv[2]); return 2; }
		while (fgets(line, sizeof line, f)) {
			int d;
			unsigned long long n[6];
			if (sscanf(line, "%d %llu %llu %llu %llu %llu %llu", &d, &n[0], &n[1], &n[2], &n[3], &n[4], &n[5]) == 7 && d > 0 && d < 64) {
				for (int i = 0; i < 6; ++i) want[d][i] = n[i];
				have[d] = 1;
			}
		}
		fclose(f);
	}
	printf("perft from the start position, level %s\n", ek_isa());
	printf("%5s %15s %8s %6s %6s %15s %9s %10s\n", "depth", "nodes (Edax)", "passes", "draws", "losses", "nodes (published)", "seconds", "Mnodes/s");
	for (depth = 1; depth <= max_depth; ++depth) {
		EkPerftStats s;
		struct timespec t0, t1;
		double secs;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		if (ek_perft_stats(0x0000000810000000ULL, 0x0000001008000000ULL, depth, &s) != EK_OK) return 1;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		secs = (double) (t1.tv_sec - t0.tv_sec) + (double) (t1.tv_nsec - t0.tv_nsec) * 1e-9;
		printf("%5d %15" PRIu64 " %8" PRIu64 " %6" PRIu64 " %6" PRIu64 " %17" PRIu64 " %9.3f %10.1f", depth, s.nodes, s.passes,
		       s.draws, s.losses, s.nodes_terminal, secs, secs > 0 ? (double) s.nodes / secs * 1e-6 : 0.0);
		if (have[depth]) {
			const int ok = s.nodes == want[depth][0] && s.passes == want[depth][1] && s.wins == want[depth][2]
				&& s.draws == want[depth][3] && s.losses == want[depth][4] && s.nodes_terminal == want[depth][5];
			printf("  %s", ok ? "= Edax" : "WRONG");
			bad += !ok;
		}
		putchar('\n');
	}
	return bad ? 1 : 0;
}
