/*
 * driver.c: recomputes the answer columns of the known-answer files (tests/data/golden's .txt
 * files and tests/data/nws/nws_endgame.txt) with the real Edax 4.6 code.
 *
 * Written for this project. It contains no Edax source: it is compiled together with an
 * unmodified Edax checkout by #including Edax's own all.c (every Edax source file in one
 * translation unit, as Edax's Makefile builds it), with Edax's main renamed, so that Edax's
 * static functions (search_shallow, NWS_endgame's helpers, count_game, quick_count_game) can be
 * called as they are. scripts/golden/regenerate.sh builds and runs it; see docs/known-answers.md.
 *
 * Usage: driver [-e EVAL_DAT] KIND [ARG] < COMMITTED_FILE > REGENERATED_FILE
 *
 * The committed file gives the input columns (positions, squares, betas, alphas, games, table
 * and date lines, depths); every answer column is recomputed and the file is written again, the
 * leading '#' comment lines copied through. KIND is one of
 *   flip moves stability last_flip score1 hash symmetry unique table_ops   (no eval file needed)
 *   eval eval_features shallow nws midgame pvs_midgame pvs_shallow root book_search (-e EVAL_DAT
 *   required)
 *   perft MAX_DEPTH [plain|hashed [HASH_BITS]]   lines with depth <= MAX_DEPTH only
 *   games SEED N                                  no input; see below
 *   levels                                        no input: Edax's LEVEL table
 * An input line may stop after its input columns (the answer columns are ignored when present),
 * so that "driver games SEED N", which draws fresh random games and needs no input, can feed
 * the kinds whose input is a position: driver games 7 100 | driver moves > moves-fresh.txt
 * Exit status: 0; 1 on a malformed input line (reported on stderr with its line number); 2 on a
 * usage error.
 */

/* Edax, one translation unit. The include directory is given with -isystem, so that Edax's
 * own code is not held to this file's warning flags. */
#define main edax_main
#include "all.c"
#undef main

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The longest record: eval_features.txt, 2 * 16 + 47 * 6 characters. */
#define LINE_SIZE 4096

static const char *kind;
static unsigned long line_number;

/* Reports a malformed or unexpected input line and exits. */
static void bad_line(const char *line, const char *why)
{
	fprintf(stderr, "driver %s: line %lu: %s: %s", kind, line_number, why, line);
	if (line[0] == '\0' || line[strlen(line) - 1] != '\n') fputc('\n', stderr);
	exit(EXIT_FAILURE);
}

/*
 * Reads the next input line into line. The '#' comment lines at the head of the file are copied
 * to stdout as they are; any later comment line is an error (the formats have none). Returns 0
 * at the end of the input.
 */
static int next_line(char *line)
{
	static int in_header = 1;
	for (;;) {
		if (fgets(line, LINE_SIZE, stdin) == NULL) return 0;
		++line_number;
		if (strchr(line, '\n') == NULL && !feof(stdin)) bad_line(line, "line too long");
		if (line[0] == '#') {
			if (!in_header) bad_line(line, "comment line after the header");
			fputs(line, stdout);
			continue;
		}
		in_header = 0;
		return 1;
	}
}

/* Parses exactly n fields "%x64 %x64 ..." / "%d" as given by fmt; exits if the line differs. */
#define PARSE(line, n, ...)                                                         \
	do {                                                                            \
		char rest_;                                                                 \
		if (sscanf((line), __VA_ARGS__, &rest_) != (n)) bad_line((line), "expected " #n " fields"); \
	} while (0)

#define X64 "%" SCNx64
#define HEX "%016" PRIx64

static Board make_board(const uint64_t p, const uint64_t o)
{
	Board b;
	b.player = p;
	b.opponent = o;
	return b;
}

/* flip.txt: P O x flipped. */
static void do_flip(void)
{
	char line[LINE_SIZE];
	while (next_line(line)) {
		uint64_t p, o;
		int x;
		PARSE(line, 3, X64 " " X64 " %d %*s %c", &p, &o, &x);
		if (x < 0 || x > NOMOVE) bad_line(line, "square out of 0..65");
		printf(HEX " " HEX " %d " HEX "\n", p, o, x, flip(x, p, o));
	}
}

/* moves.txt: P O moves mobility weighted_mobility potential_mobility can_move. */
static void do_moves(void)
{
	char line[LINE_SIZE];
	while (next_line(line)) {
		uint64_t p, o;
		PARSE(line, 2, X64 " " X64 " %*s %*s %*s %*s %*s %c", &p, &o);
		printf(HEX " " HEX " " HEX " %d %d %d %d\n", p, o, get_moves(p, o), get_mobility(p, o),
		       get_weighted_mobility(p, o), get_potential_mobility(p, o), can_move(p, o) ? 1 : 0);
	}
}

/* stability.txt: P O stability edge_stability corner_stability. */
static void do_stability(void)
{
	char line[LINE_SIZE];
	while (next_line(line)) {
		uint64_t p, o;
		PARSE(line, 2, X64 " " X64 " %*s %*s %*s %c", &p, &o);
		printf(HEX " " HEX " %d %d %d\n", p, o, get_stability(p, o), get_edge_stability(p, o),
		       get_corner_stability(p));
	}
}

/* last_flip.txt: P x count_last_flip. */
static void do_last_flip(void)
{
	char line[LINE_SIZE];
	while (next_line(line)) {
		uint64_t p;
		int x;
		PARSE(line, 2, X64 " %d %*s %c", &p, &x);
		if (x < 0 || x >= 64) bad_line(line, "square out of 0..63");
		printf(HEX " %d %d\n", p, x, count_last_flip(x, p));
	}
}

/*
 * Edax 4.4's board_score_1(board, beta, x) as tests/data/golden/README.md describes it, on top
 * of Edax 4.6's count_last_flip: the final disc difference for the side not to move (O), P
 * playing the last empty square x first; lazy cut-offs against beta.
 */
static int board_score_1_v44(const uint64_t p, const uint64_t o, const int beta, const int x)
{
	int score = 2 * bit_count(o) - SCORE_MAX;
	int n_flips;

	if ((n_flips = count_last_flip(x, p)) != 0) {
		score -= n_flips;
	} else if (score >= 0) {
		score += 2;
		if (score < beta) score += count_last_flip(x, o);
	} else if (score < beta) {
		if ((n_flips = count_last_flip(x, o)) != 0) score += n_flips + 2;
	}
	return score;
}

/* score1.txt: P O x beta score exact. */
static void do_score1(void)
{
	char line[LINE_SIZE];
	while (next_line(line)) {
		uint64_t p, o;
		int x, beta;
		PARSE(line, 4, X64 " " X64 " %d %d %*s %*s %c", &p, &o, &x, &beta);
		if (x < 0 || x >= 64) bad_line(line, "square out of 0..63");
		printf(HEX " " HEX " %d %d %d %d\n", p, o, x, beta, board_score_1_v44(p, o, beta, x),
		       board_score_1_v44(p, o, SCORE_MAX + 1, x));
	}
}

/* hash.txt: P O hash. */
static void do_hash(void)
{
	char line[LINE_SIZE];
	while (next_line(line)) {
		uint64_t p, o;
		Board b;
		PARSE(line, 2, X64 " " X64 " %*s %c", &p, &o);
		b = make_board(p, o);
		printf(HEX " " HEX " " HEX "\n", p, o, board_get_hash_code(&b));
	}
}

/* symmetry.txt: P O s symP symO. */
static void do_symmetry(void)
{
	char line[LINE_SIZE];
	while (next_line(line)) {
		uint64_t p, o;
		int s;
		Board b, sym;
		PARSE(line, 3, X64 " " X64 " %d %*s %*s %c", &p, &o, &s);
		if (s < 0 || s > 7) bad_line(line, "symmetry out of 0..7");
		b = make_board(p, o);
		board_symetry(&b, s, &sym);
		printf(HEX " " HEX " %d " HEX " " HEX "\n", p, o, s, sym.player, sym.opponent);
	}
}

/* unique.txt: P O uniqueP uniqueO symmetry_index. */
static void do_unique(void)
{
	char line[LINE_SIZE];
	while (next_line(line)) {
		uint64_t p, o;
		int s;
		Board b, u;
		PARSE(line, 2, X64 " " X64 " %*s %*s %*s %c", &p, &o);
		b = make_board(p, o);
		s = board_unique(&b, &u);
		printf(HEX " " HEX " " HEX " " HEX " %d\n", p, o, u.player, u.opponent, s);
	}
}

/*
 * eval.txt: P O ply player accumulate, whole games. A record with 4 discs starts a game
 * (eval_set); the next records follow by one move (eval_update with the move's flipped discs,
 * from Edax's board_get_move) or one pass (eval_pass: the same board, sides swapped).
 */
static void do_eval(void)
{
	char line[LINE_SIZE];
	Eval eval;
	Board prev = { 0, 0 };
	int started = 0;

	eval_init(&eval);
	while (next_line(line)) {
		uint64_t p, o;
		Board b;
		PARSE(line, 2, X64 " " X64 " %*s %*s %*s %c", &p, &o);
		b = make_board(p, o);
		if (bit_count(p | o) == 4) {
			eval_set(&eval, &b);
			started = 1;
		} else if (!started) {
			bad_line(line, "the first record is not a start position");
		} else if (p == prev.opponent && o == prev.player) {
			eval_pass(&eval);
		} else {
			const uint64_t added = (p | o) & ~(prev.player | prev.opponent);
			Move move;
			if (bit_count(added) != 1) bad_line(line, "not one move or pass after the previous record");
			board_get_move(&prev, first_bit(added), &move);
			if (move.flipped == 0 || p != (prev.opponent ^ move.flipped) || o != (prev.player | move.flipped | added))
				bad_line(line, "not the board after a legal move");
			eval_update(&eval, &move);
		}
		prev = b;
		printf(HEX " " HEX " %d %d %d\n", p, o, eval.ply, eval.player, eval_accumulate(&eval));
	}
	eval_free(&eval);
}

/* eval_features.txt: P O f0 ... f46, eval->feature[ply].v1 after eval_set. */
static void do_eval_features(void)
{
	char line[LINE_SIZE];
	Eval eval;

	eval_init(&eval);
	while (next_line(line)) {
		uint64_t p, o;
		Board b;
		uint32_t i;
		if (sscanf(line, X64 " " X64, &p, &o) != 2) bad_line(line, "expected P O");
		b = make_board(p, o);
		eval_set(&eval, &b);
		printf(HEX " " HEX, p, o);
		for (i = 0; i < EVAL_N_FEATURE; ++i) printf(" %u", (unsigned) eval.feature[eval.ply].v1[i]);
		putchar('\n');
	}
	eval_free(&eval);
}

/* Edax's start-up as main.c does it, for the searches: one task, Edax's default options. */
static void start_search(Search *search)
{
	search_global_init();
	search_init(search);
}

/* Checks a call's alpha and board, then sets the board as Edax's search does (BLACK to move)
 * and clears the node count. */
static void set_search(Search *search, const char *line, const uint64_t p, const uint64_t o, const int alpha)
{
	Board b;
	if (alpha < SCORE_MIN || alpha >= SCORE_MAX) bad_line(line, "alpha out of -64..63");
	if (p & o) bad_line(line, "P and O overlap");
	b = make_board(p, o);
	search_set_board(search, &b, BLACK);
	search->n_nodes = 0;
}

/* shallow.txt: P O alpha score nodes, search_shallow(search, alpha) after search_set_board. */
static void do_shallow(void)
{
	char line[LINE_SIZE];
	Search search;

	start_search(&search);
	while (next_line(line)) {
		uint64_t p, o;
		int alpha, score;
		PARSE(line, 3, X64 " " X64 " %d %*s %*s %c", &p, &o, &alpha);
		set_search(&search, line, p, o, alpha);
		score = search_shallow(&search, alpha);
		printf(HEX " " HEX " %d %d %" PRId64 "\n", p, o, alpha, score, (int64_t) search.n_nodes);
	}
	search_free(&search);
}

/* FNV-1a 64 of the raw bytes of the table's hash_mask + HASH_N_WAY + 1 entries. */
static uint64_t table_checksum(const HashTable *table)
{
	const unsigned char *byte = (const unsigned char *) table->hash;
	const size_t n = (size_t) (table->hash_mask + HASH_N_WAY + 1) * sizeof (Hash);
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;
	for (i = 0; i < n; ++i) {
		h ^= byte[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

/*
 * nws_endgame.txt: "table BITS DATE" (hash_init of 2^BITS entries, then the date), "date DATE",
 * and calls "P O ALPHA SCORE NODES CHECKSUM": search_set_board, n_nodes = 0, stop = RUNNING,
 * NWS_endgame(search, alpha), then the table's checksum.
 */
static void do_nws(void)
{
	char line[LINE_SIZE];
	Search search;
	int have_table = 0;

	start_search(&search);
	while (next_line(line)) {
		uint64_t p, o;
		int bits, date, alpha, score;
		if (strncmp(line, "table ", 6) == 0) {
			PARSE(line, 2, "table %d %d %c", &bits, &date);
			if (bits < 4 || bits > 30 || date < 0 || date > 127) bad_line(line, "bad table line");
			hash_init(&search.hash_table, (size_t) 1 << bits);
			search.hash_table.date = (uint8_t) date;
			have_table = 1;
			printf("table %d %d\n", bits, date);
		} else if (strncmp(line, "date ", 5) == 0) {
			PARSE(line, 1, "date %d %c", &date);
			if (date < 0 || date > 127) bad_line(line, "bad date");
			search.hash_table.date = (uint8_t) date;
			printf("date %d\n", date);
		} else {
			if (!have_table) bad_line(line, "a call before the first table line");
			PARSE(line, 3, X64 " " X64 " %d %*s %*s %*s %c", &p, &o, &alpha);
			set_search(&search, line, p, o, alpha);
			search.stop = RUNNING;
			score = NWS_endgame(&search, alpha);
			printf(HEX " " HEX " %d %d %" PRId64 " " HEX "\n", p, o, alpha, score, (int64_t) search.n_nodes,
			       table_checksum(&search.hash_table));
		}
	}
	search_free(&search);
}

/*
 * midgame.txt: "table BITS DATE" (the main table of 2^BITS entries, the PV and shallow tables of
 * 2^(BITS-4), as search_resize_hashtable sizes them, all three at DATE), "date DATE", and calls
 * "P O ALPHA DEPTH SELECTIVITY HEIGHT TYPE PROBCUT SCORE NODES MAIN PV SHALLOW": the board set up
 * as search_run does it (search_set_board, no nodes, the stability bounds, the PV extension, no
 * time limit), then the state of a node inside Edax's search: search->height HEIGHT (1..40; at 0
 * NWS_midgame would record a best move at the root, which Edax's search never asks of it),
 * node_type[HEIGHT] TYPE (1 CUT_NODE, 2 ALL_NODE: NWS_midgame is never entered at a PV node),
 * probcut_level PROBCUT (0..2), then NWS_midgame(search, alpha, depth, parent), parent a node set
 * up as PVS_root's; the three tables' checksums after it. DEPTH: 2 <= DEPTH < empties, or
 * DEPTH = empties; SELECTIVITY 0..5 (5: none).
 * pvs_midgame.txt: the same table and date lines, and calls "P O ALPHA BETA DEPTH SELECTIVITY
 * HEIGHT PV_EXTENSION SCORE NODES MAIN PV SHALLOW": the same set-up at a PV node (node_type[HEIGHT]
 * PV_NODE, probcut level 0, search->depth_pv_extension PV_EXTENSION), then
 * PVS_midgame(search, alpha, beta, depth, parent). -64 <= ALPHA < BETA <= 64, 2 <= DEPTH <= empties.
 */
static void do_midgame(const int pvs)
{
	char line[LINE_SIZE];
	Search search;
	Node root;
	int have_table = 0;

	start_search(&search);
	while (next_line(line)) {
		uint64_t p, o;
		int bits, date, alpha, depth, selectivity, score;
		if (strncmp(line, "table ", 6) == 0) {
			PARSE(line, 2, "table %d %d %c", &bits, &date);
			if (bits < 8 || bits > 30 || date < 0 || date > 127) bad_line(line, "bad table line");
			hash_init(&search.hash_table, (size_t) 1 << bits);
			hash_init(&search.pv_table, (size_t) 1 << (bits - 4));
			hash_init(&search.shallow_table, (size_t) 1 << (bits - 4));
			search.hash_table.date = search.pv_table.date = search.shallow_table.date = (uint8_t) date;
			have_table = 1;
			printf("table %d %d\n", bits, date);
		} else if (strncmp(line, "date ", 5) == 0) {
			PARSE(line, 1, "date %d %c", &date);
			if (date < 0 || date > 127) bad_line(line, "bad date");
			search.hash_table.date = search.pv_table.date = search.shallow_table.date = (uint8_t) date;
			printf("date %d\n", date);
		} else {
			int height, type, probcut, beta = 0, pv_extension = -1;
			if (!have_table) bad_line(line, "a call before the first table line");
			if (pvs) {
				PARSE(line, 8, X64 " " X64 " %d %d %d %d %d %d %*s %*s %*s %*s %*s %c", &p, &o, &alpha, &beta, &depth,
				      &selectivity, &height, &pv_extension);
				type = PV_NODE;
				probcut = 0;
				if (beta <= alpha || beta > SCORE_MAX) bad_line(line, "beta not in alpha + 1..64");
			} else {
				PARSE(line, 8, X64 " " X64 " %d %d %d %d %d %d %*s %*s %*s %*s %*s %c", &p, &o, &alpha, &depth,
				      &selectivity, &height, &type, &probcut);
				if (type != CUT_NODE && type != ALL_NODE) bad_line(line, "node type neither CUT_NODE nor ALL_NODE");
			}
			set_search(&search, line, p, o, alpha);
			if (!((2 <= depth && depth < search.n_empties) || depth == search.n_empties || (pvs && depth == search.n_empties)))
				bad_line(line, "bad depth");
			if (selectivity < 0 || selectivity > NO_SELECTIVITY) bad_line(line, "bad selectivity");
			if (height < 1 || height > 40) bad_line(line, "height out of 1..40");
			if (probcut < 0 || probcut > 2) bad_line(line, "probcut level out of 0..2");
			search.stop = RUNNING;
			search.time.extra = TIME_MAX; /* no time-out: search_check_timeout never stops it */
			search.time.spent = 0;
			search.child_nodes = 0;
			search.height = height;
			search.node_type[height] = (NodeType) type;
			search.probcut_level = probcut;
			search.selectivity = selectivity;
			search.depth_pv_extension = pvs ? pv_extension : get_pv_extension(0, search.n_empties);
			search.stability_bound.upper = SCORE_MAX - 2 * get_stability(search.board.opponent, search.board.player);
			search.stability_bound.lower = 2 * get_stability(search.board.player, search.board.opponent) - SCORE_MAX;
			node_init(&root, &search, alpha, pvs ? beta : alpha + 1, depth, search.movelist.n_moves, NULL);
			score = pvs ? PVS_midgame(&search, alpha, beta, depth, &root) : NWS_midgame(&search, alpha, depth, &root);
			node_free(&root);
			if (pvs)
				printf(HEX " " HEX " %d %d %d %d %d %d", p, o, alpha, beta, depth, selectivity, height, pv_extension);
			else
				printf(HEX " " HEX " %d %d %d %d %d %d", p, o, alpha, depth, selectivity, height, type, probcut);
			printf(" %d %" PRId64 " " HEX " " HEX " " HEX "\n", score,
			       (int64_t) search.n_nodes, table_checksum(&search.hash_table), table_checksum(&search.pv_table),
			       table_checksum(&search.shallow_table));
		}
	}
	search_free(&search);
}

/*
 * root.txt: "table BITS" (the main table of 2^BITS entries, the PV and shallow tables of
 * 2^(BITS-4)), and calls "P O LEVEL DEPTH SELECTIVITY SCORE MOVE RDEPTH RSELECTIVITY NODES PV MAIN
 * PV SHALLOW", each searched as `lEdax -solve FILE -l LEVEL -n 1` searches a problem (obftest.c's
 * obf_search): search_cleanup (every entry of the three tables cleared, their dates 0),
 * search_set_board (P to move), search_set_level(LEVEL, empties), DEPTH and SELECTIVITY as Edax's
 * -d and -s options (-1: the level's), no time limit, search_run. Then Edax's result: its score,
 * best move, depth and selectivity, the nodes counted, the principal variation (squares 0..64
 * separated by ',', or '-' when empty), and the three tables' checksums after it.
 * LEVEL 1..60; DEPTH -1 or 1..60; SELECTIVITY -1 or 0..5.
 */
static void do_root(void)
{
	char line[LINE_SIZE];
	Search search;
	int have_table = 0;

	uint64_t total_nodes = 0;
	double seconds = 0.0;

	start_search(&search);
	search.options.verbosity = 0; /* as obf_test sets it: no observer, no output */
	while (next_line(line)) {
		uint64_t p, o;
		int bits, level, depth, selectivity, i;
		Board b;
		if (strncmp(line, "table ", 6) == 0) {
			PARSE(line, 1, "table %d %c", &bits);
			if (bits < 8 || bits > 30) bad_line(line, "bad table line");
			hash_init(&search.hash_table, (size_t) 1 << bits);
			hash_init(&search.pv_table, (size_t) 1 << (bits - 4));
			hash_init(&search.shallow_table, (size_t) 1 << (bits - 4));
			have_table = 1;
			printf("table %d\n", bits);
			continue;
		}
		if (!have_table) bad_line(line, "a call before the first table line");
		PARSE(line, 5, X64 " " X64 " %d %d %d %*s %*s %*s %*s %*s %*s %*s %*s %*s %c", &p, &o, &level, &depth,
		      &selectivity);
		if (p & o) bad_line(line, "P and O overlap");
		if (level < 1 || level > 60) bad_line(line, "level out of 1..60");
		if (depth != -1 && (depth < 1 || depth > 60)) bad_line(line, "depth neither -1 nor 1..60");
		if (selectivity < -1 || selectivity > NO_SELECTIVITY) bad_line(line, "selectivity out of -1..5");
		b = make_board(p, o);
		search_cleanup(&search);
		search_set_board(&search, &b, BLACK);
		search_set_level(&search, level, search.n_empties);
		if (depth >= 0) search.options.depth = MIN(depth, search.n_empties);
		if (selectivity >= 0) search.options.selectivity = selectivity;
		search_set_game_time(&search, TIME_MAX);
		{
			const clock_t start = clock();
			search_run(&search);
			seconds += (double) (clock() - start) / CLOCKS_PER_SEC;
		}
		total_nodes += search.result->n_nodes;
		printf(HEX " " HEX " %d %d %d %d %d %d %d %" PRIu64 " ", p, o, level, depth, selectivity,
		       search.result->score, search.result->move, search.result->depth, search.result->selectivity,
		       search.result->n_nodes);
		if (search.result->pv.n_moves == 0) putchar('-');
		for (i = 0; i < search.result->pv.n_moves; ++i) printf(i ? ",%d" : "%d", search.result->pv.move[i]);
		printf(" " HEX " " HEX " " HEX "\n", table_checksum(&search.hash_table), table_checksum(&search.pv_table),
		       table_checksum(&search.shallow_table));
	}
	/* The searches' CPU time (scripts/bench-edax-root.sh compares it with the library's). */
	fprintf(stderr, "edax: %" PRIu64 " nodes in %.3f s CPU\n", total_nodes, seconds);
	search_free(&search);
}

/*
 * book_search.txt: the searches of Edax's book (book.c position_search) on ONE search whose
 * tables live from line to line, as the book's searches share the play's. Lines:
 *   table BITS     hash_init of the three tables as for kind root (a fresh start, dates 0)
 *   clear          search_cleanup (what position_expand, book_add_game and play_new do)
 *   P O LEVEL EXCLUDED SCORE MOVE RDEPTH RSELECTIVITY NODES PV MAIN PV SHALLOW
 *                  one search as position_search runs it: search_set_board(board, BLACK),
 *                  search_set_level(LEVEL, empties), movelist_exclude of every square of
 *                  EXCLUDED (16 hex digits, a bit per square: the position's links), time
 *                  TIME_MAX per move, search_run (which moves the tables' dates on); then
 *                  the result and the tables' checksums as for kind root.
 */
static void do_book_search(void)
{
	char line[LINE_SIZE];
	Search search;
	int have_table = 0;

	start_search(&search);
	search.options.verbosity = 0;
	while (next_line(line)) {
		uint64_t p, o, excluded, left;
		int bits, level, i;
		Board b;
		if (strncmp(line, "table ", 6) == 0) {
			PARSE(line, 1, "table %d %c", &bits);
			if (bits < 8 || bits > 30) bad_line(line, "bad table line");
			hash_init(&search.hash_table, (size_t) 1 << bits);
			hash_init(&search.pv_table, (size_t) 1 << (bits - 4));
			hash_init(&search.shallow_table, (size_t) 1 << (bits - 4));
			have_table = 1;
			printf("table %d\n", bits);
			continue;
		}
		if (!have_table) bad_line(line, "a call before the first table line");
		if (strcmp(line, "clear\n") == 0) {
			search_cleanup(&search);
			printf("clear\n");
			continue;
		}
		PARSE(line, 4, X64 " " X64 " %d " X64 " %*s %*s %*s %*s %*s %*s %*s %*s %*s %c", &p, &o, &level, &excluded);
		if (p & o) bad_line(line, "P and O overlap");
		if (level < 1 || level > 60) bad_line(line, "level out of 1..60");
		b = make_board(p, o);
		left = get_moves(p, o);
		if (left && (left & ~excluded) == 0) bad_line(line, "every move excluded");
		search_set_board(&search, &b, BLACK);
		search_set_level(&search, level, search.n_empties);
		for (left = excluded; left; left &= left - 1) movelist_exclude(&search.movelist, first_bit(left));
		search.options.time = TIME_MAX;
		search.options.time_per_move = true;
		search_run(&search);
		printf(HEX " " HEX " %d " HEX " %d %d %d %d %" PRIu64 " ", p, o, level, excluded, search.result->score,
		       search.result->move, search.result->depth, search.result->selectivity, search.result->n_nodes);
		if (search.result->pv.n_moves == 0) putchar('-');
		for (i = 0; i < search.result->pv.n_moves; ++i) printf(i ? ",%d" : "%d", search.result->pv.move[i]);
		printf(" " HEX " " HEX " " HEX "\n", table_checksum(&search.hash_table), table_checksum(&search.pv_table),
		       table_checksum(&search.shallow_table));
	}
	search_free(&search);
}

/* levels.txt: Edax's LEVEL table (search.c's search_global_init), "LEVEL EMPTIES DEPTH
 * SELECTIVITY" for every level 0..60 and every number of empty squares 0..60. No input. */
static void do_levels(void)
{
	int level, n_empties;
	search_global_init();
	for (level = 0; level <= 60; ++level)
	for (n_empties = 0; n_empties <= 60; ++n_empties)
		printf("%d %d %d %d\n", level, n_empties, LEVEL[level][n_empties].depth, LEVEL[level][n_empties].selectivity);
}

/*
 * pvs_shallow.txt: "table BITS DATE" (a fresh shallow table of 2^BITS entries at DATE), "date
 * DATE", and calls "P O ALPHA BETA DEPTH SCORE NODES SHALLOW": the board set up as search_run does
 * it, then PVS_shallow(search, alpha, beta, depth), the search that movelist_evaluate runs on each
 * move of a deep node (it probes and stores the shallow table only); the shallow table's checksum
 * after it. -64 <= ALPHA < BETA <= 64, 2 <= DEPTH <= 6 (movelist_evaluate's deepest).
 */
static void do_pvs_shallow(void)
{
	char line[LINE_SIZE];
	Search search;
	int have_table = 0;

	start_search(&search);
	while (next_line(line)) {
		uint64_t p, o;
		int bits, date, alpha, beta, depth, score;
		if (strncmp(line, "table ", 6) == 0) {
			PARSE(line, 2, "table %d %d %c", &bits, &date);
			if (bits < 4 || bits > 30 || date < 0 || date > 127) bad_line(line, "bad table line");
			hash_init(&search.shallow_table, (size_t) 1 << bits);
			search.shallow_table.date = (uint8_t) date;
			have_table = 1;
			printf("table %d %d\n", bits, date);
		} else if (strncmp(line, "date ", 5) == 0) {
			PARSE(line, 1, "date %d %c", &date);
			if (date < 0 || date > 127) bad_line(line, "bad date");
			search.shallow_table.date = (uint8_t) date;
			printf("date %d\n", date);
		} else {
			if (!have_table) bad_line(line, "a call before the first table line");
			PARSE(line, 5, X64 " " X64 " %d %d %d %*s %*s %*s %c", &p, &o, &alpha, &beta, &depth);
			set_search(&search, line, p, o, alpha);
			if (beta <= alpha || beta > SCORE_MAX) bad_line(line, "beta not in alpha + 1..64");
			if (depth < 2 || depth > 6 || depth > search.n_empties) bad_line(line, "depth not in 2..6 (and the empties)");
			search.height = 1;
			search.node_type[1] = PV_NODE; /* search_update_midgame reads it (for nothing here) */
			score = PVS_shallow(&search, alpha, beta, depth);
			printf(HEX " " HEX " %d %d %d %d %" PRId64 " " HEX "\n", p, o, alpha, beta, depth, score,
			       (int64_t) search.n_nodes, table_checksum(&search.shallow_table));
		}
	}
	search_free(&search);
}

/* The 8 bytes of a HashData as one little-endian number (the layout's byte order). */
static uint64_t data_bits(const HashData *data)
{
	uint64_t v;
	memcpy(&v, data, sizeof v);
	return v;
}

/*
 * table_ops.txt: "table BITS DATE" (a fresh hash_init of 2^BITS entries, then the date),
 * "date DATE", and one operation a line, each followed by the table's checksum:
 *   get P O CODE FOUND DATA CHECKSUM        hash_get (DATA: the HashData written, 16 hex digits)
 *   store P O CODE DRAFT ALPHA BETA SCORE MOVE CHECKSUM    hash_store (DRAFT: draft.u4, 8 hex)
 *   force P O CODE DRAFT ALPHA BETA SCORE MOVE CHECKSUM    hash_force
 *   feed P O CODE DATA CHECKSUM             hash_feed
 *   exclude P O CODE MOVE CHECKSUM          hash_exclude_move
 */
static void do_table_ops(void)
{
	char line[LINE_SIZE], op[16];
	HashTable table;
	int have_table = 0;

	memset(&table, 0, sizeof table);
	while (next_line(line)) {
		uint64_t p, o, code, bits64;
		unsigned draft;
		int bits, date, alpha, beta, score, move;
		Board b;
		HashData data;
		HashStore store;
		if (strncmp(line, "table ", 6) == 0) {
			PARSE(line, 2, "table %d %d %c", &bits, &date);
			if (bits < 2 || bits > 20 || date < 0 || date > 127) bad_line(line, "bad table line");
			if (have_table) hash_free(&table);
			hash_init(&table, (size_t) 1 << bits);
			table.date = (uint8_t) date;
			have_table = 1;
			printf("table %d %d\n", bits, date);
			continue;
		}
		if (strncmp(line, "date ", 5) == 0) {
			PARSE(line, 1, "date %d %c", &date);
			if (date < 0 || date > 127) bad_line(line, "bad date");
			table.date = (uint8_t) date;
			printf("date %d\n", date);
			continue;
		}
		if (!have_table) bad_line(line, "an operation before the first table line");
		if (sscanf(line, "%15s " X64 " " X64 " " X64, op, &p, &o, &code) != 4) bad_line(line, "no operation");
		b = make_board(p, o);
		if (strcmp(op, "get") == 0) {
			PARSE(line, 3, "%*s " X64 " " X64 " " X64 " %*s %*s %*s %c", &p, &o, &code);
			const int found = hash_get(&table, &b, code, &data);
			printf("get " HEX " " HEX " " HEX " %d " HEX, p, o, code, found, data_bits(&data));
		} else if (strcmp(op, "store") == 0 || strcmp(op, "force") == 0) {
			PARSE(line, 8, "%*s " X64 " " X64 " " X64 " %x %d %d %d %d %*s %c", &p, &o, &code, &draft, &alpha,
			      &beta, &score, &move);
			store.draft.u4 = draft;
			store.alpha = (int8_t) alpha;
			store.beta = (int8_t) beta;
			store.score = (int8_t) score;
			store.move = (int8_t) move;
			if (op[0] == 's') hash_store(&table, &b, code, &store);
			else hash_force(&table, &b, code, &store);
			printf("%s " HEX " " HEX " " HEX " %08x %d %d %d %d", op, p, o, code, draft, alpha, beta, score, move);
		} else if (strcmp(op, "feed") == 0) {
			PARSE(line, 4, "%*s " X64 " " X64 " " X64 " " X64 " %*s %c", &p, &o, &code, &bits64);
			memcpy(&data, &bits64, sizeof data);
			hash_feed(&table, &b, code, &data);
			printf("feed " HEX " " HEX " " HEX " " HEX, p, o, code, bits64);
		} else if (strcmp(op, "exclude") == 0) {
			PARSE(line, 4, "%*s " X64 " " X64 " " X64 " %d %*s %c", &p, &o, &code, &move);
			hash_exclude_move(&table, &b, code, move);
			printf("exclude " HEX " " HEX " " HEX " %d", p, o, code, move);
		} else {
			bad_line(line, "unknown operation");
		}
		printf(" " HEX "\n", table_checksum(&table));
	}
	if (have_table) hash_free(&table);
}

/*
 * A table for quick_count_game, laid out as Edax's gamehash_init lays it out (2^bits + 3
 * entries, all GAME_HASH_INIT) but allocated with room for every entry it initialises.
 */
static void perft_table_init(GameHashTable *hash, const int bits)
{
	int i;
	hash->size = (1 << bits) + 3;
	hash->mask = (1 << bits) - 1;
	hash->array = (GameHash *) malloc((size_t) hash->size * sizeof (GameHash));
	if (hash->array == NULL) {
		fprintf(stderr, "driver perft: cannot allocate 2^%d entries\n", bits);
		exit(EXIT_FAILURE);
	}
	for (i = 0; i < hash->size; ++i) hash->array[i] = GAME_HASH_INIT;
	hash->n_tries = hash->n_hits = 0;
}

/*
 * perft.txt: depth nodes passes wins draws losses nodes_terminal_pass_convention, from the start
 * position, for the depths of the input up to max_depth. Edax's count_game ("plain") or
 * quick_count_game ("hashed", a fresh table per depth as quick_count_games does); the last
 * column adds the games finished at plies < depth (wins + draws + losses of every depth so far).
 */
static void do_perft(const int max_depth, const int hashed, const int hash_bits)
{
	char line[LINE_SIZE];
	Board start;
	uint64_t finished = 0;
	int depth = 0, want;

	board_init(&start);
	while (next_line(line)) {
		PARSE(line, 1, "%d %*s %*s %*s %*s %*s %*s %c", &want);
		if (want <= depth) bad_line(line, "depths must increase");
		if (want > max_depth) break;
		while (depth < want) {
			GameStatistics stats = GAME_STATISTICS_INIT;
			++depth;
			if (hashed) {
				GameHashTable hash;
				perft_table_init(&hash, hash_bits);
				quick_count_game(&hash, &start, depth, &stats);
				gamehash_delete(&hash);
			} else {
				count_game(&start, depth, &stats);
			}
			finished += stats.n_wins + stats.n_draws + stats.n_losses;
			if (depth == want) {
				const uint64_t nodes = stats.n_moves + stats.n_passes;
				printf("%d %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", depth, nodes,
				       stats.n_passes, stats.n_wins, stats.n_draws, stats.n_losses, nodes + finished);
				fflush(stdout);
			}
		}
	}
}

/* splitmix64 (Steele, Lea, Flood), the generator of the optional fresh positions. */
static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/*
 * Fresh positions (not the committed files' generator, which is not recoverable): "P O" for
 * every position of n random legal games from the start position, game after game, the
 * must-pass positions and the final one included (the format eval.txt's games follow). A move
 * is the (r mod n_moves)-th legal one, in square order, r from splitmix64 seeded with
 * seed + game number. The other kinds accept such lines, their answer columns missing.
 */
static void do_games(const uint64_t seed, const unsigned long n)
{
	unsigned long g;
	for (g = 0; g < n; ++g) {
		uint64_t state = seed + g;
		Board b, next;
		board_init(&b);
		for (;;) {
			uint64_t moves = get_moves(b.player, b.opponent);
			printf(HEX " " HEX "\n", b.player, b.opponent);
			if (moves == 0) {
				if (!can_move(b.opponent, b.player)) break;
				board_next(&b, PASS, &next);
			} else {
				uint64_t k = splitmix64(&state) % (uint64_t) bit_count(moves);
				while (k--) moves &= moves - 1;
				board_next(&b, first_bit(moves), &next);
			}
			b = next;
		}
	}
}

static void driver_usage(void)
{
	fputs("usage: driver [-e EVAL_DAT] KIND [ARG] < COMMITTED_FILE > REGENERATED_FILE\n"
	      "  KIND: flip moves stability last_flip score1 hash symmetry unique table_ops\n"
	      "        eval eval_features shallow nws midgame pvs_midgame pvs_shallow root book_search (these need\n"
	      "        -e EVAL_DAT)\n"
	      "        perft MAX_DEPTH [plain|hashed [HASH_BITS]] (default hashed, 22 bits)\n"
	      "        games SEED N (fresh positions: P O of N random games, no input)\n"
	      "        levels (Edax's LEVEL table, no input)\n",
	      stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *eval_file = NULL;
	int i = 1, eval_loaded = 0;

	if (argc > 2 && strcmp(argv[1], "-e") == 0) {
		eval_file = argv[2];
		i = 3;
	}
	if (i >= argc) driver_usage();
	kind = argv[i++];

	/* Edax's start-up (main.c): the edge table, statistics, the weights, the levels. */
	edge_stability_init();
	statistics_init();

	if (strcmp(kind, "eval") == 0 || strcmp(kind, "eval_features") == 0 || strcmp(kind, "shallow") == 0
	    || strcmp(kind, "nws") == 0 || strcmp(kind, "midgame") == 0 || strcmp(kind, "pvs_midgame") == 0
	    || strcmp(kind, "pvs_shallow") == 0 || strcmp(kind, "root") == 0
	    || strcmp(kind, "book_search") == 0) {
		if (eval_file == NULL) driver_usage();
		eval_open(eval_file);
		eval_loaded = 1;
	}

	if (strcmp(kind, "flip") == 0) do_flip();
	else if (strcmp(kind, "moves") == 0) do_moves();
	else if (strcmp(kind, "stability") == 0) do_stability();
	else if (strcmp(kind, "last_flip") == 0) do_last_flip();
	else if (strcmp(kind, "score1") == 0) do_score1();
	else if (strcmp(kind, "hash") == 0) do_hash();
	else if (strcmp(kind, "symmetry") == 0) do_symmetry();
	else if (strcmp(kind, "unique") == 0) do_unique();
	else if (strcmp(kind, "eval") == 0) do_eval();
	else if (strcmp(kind, "eval_features") == 0) do_eval_features();
	else if (strcmp(kind, "shallow") == 0) do_shallow();
	else if (strcmp(kind, "nws") == 0) do_nws();
	else if (strcmp(kind, "midgame") == 0) do_midgame(0);
	else if (strcmp(kind, "pvs_midgame") == 0) do_midgame(1);
	else if (strcmp(kind, "pvs_shallow") == 0) do_pvs_shallow();
	else if (strcmp(kind, "root") == 0) do_root();
	else if (strcmp(kind, "book_search") == 0) do_book_search();
	else if (strcmp(kind, "levels") == 0) do_levels();
	else if (strcmp(kind, "table_ops") == 0) do_table_ops();
	else if (strcmp(kind, "perft") == 0) {
		int max_depth, hashed = 1, bits = 22;
		if (i >= argc) driver_usage();
		max_depth = atoi(argv[i++]);
		if (i < argc) {
			if (strcmp(argv[i], "plain") == 0) hashed = 0;
			else if (strcmp(argv[i], "hashed") != 0) driver_usage();
			++i;
		}
		if (i < argc) bits = atoi(argv[i++]);
		if (max_depth < 1 || max_depth > 60 || bits < 4 || bits > 30) driver_usage();
		do_perft(max_depth, hashed, bits);
	} else if (strcmp(kind, "games") == 0) {
		uint64_t seed;
		unsigned long n;
		if (i + 2 > argc || sscanf(argv[i], "%" SCNu64, &seed) != 1 || sscanf(argv[i + 1], "%lu", &n) != 1)
			driver_usage();
		i += 2;
		do_games(seed, n);
	} else driver_usage();

	if (i < argc) driver_usage();
	if (eval_loaded) eval_close();
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("driver: stdout");
		return EXIT_FAILURE;
	}
	return EXIT_SUCCESS;
}
