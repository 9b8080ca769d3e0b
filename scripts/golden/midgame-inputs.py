#!/usr/bin/env python3
"""The input columns of tests/data/midgame/nws_midgame.txt (the synthetic weights) and
nws_midgame-ek.txt (data/ek-eval.dat): calls of Edax's NWS_midgame.

Usage: driver games 11 150 | scripts/golden/midgame-inputs.py [--deep] [--pvs | --shallow] [WEIGHTS_NAME] > inputs.txt
       driver -e EVAL_DAT midgame < inputs.txt > tests/data/midgame/nws_midgame.txt
(scripts/golden/driver.c; EVAL_DAT: scripts/synthetic-eval.sh's, or data/ek-eval.dat.)

Reads the positions of random games (driver games: one "P O" line per position, P to move) and
keeps those of 20 to 54 empty squares with a legal move or a pass (not the game's end), in the
order read. Deterministic (splitmix64, seed 0x3D6A3E): for each kept position, with probability
1/4, one call: a depth (2 to 8 mostly, 9 to 12 for one call in 8; with --deep, 13 to 20 at
selectivity 0 or 1 for one call in 24; all the empty squares for one in 16 of the positions of 20
to 22 empties), a
selectivity 0..5 (5: none), an alpha in -40..39 (one call in 4 within 4 of 0), and the state of
the node in Edax's search: a height 1..8 (the PV table is written up to height 5), a node type
(CUT_NODE, or ALL_NODE one call in 3) and a probcut level (0; 1 one call in 8, 2 one in 16). A
session starts with a fresh table ("table 16 0"); the date moves on every 25 calls and a new
session starts every 100, so that calls find the tables both cold and warm.

With --pvs, calls of Edax's PVS_midgame instead (tests/data/midgame/pvs_midgame*.txt, driver kind
pvs_midgame), half as many, drawn the same way but for the depth (16 at most, all the empty squares only up to
20 of them), the window and the node: alpha and beta (the whole
window -64..64 one call in 6, else a width of 1 to 16 from an alpha in -40..39), a height 1..8 and
the root's depth_pv_extension (-1, 10, 12, 14 or 16, as Edax's get_pv_extension gives them).

With --shallow, calls of Edax's PVS_shallow (tests/data/midgame/pvs_shallow*.txt, driver kind
pvs_shallow), one for each call drawn: a depth 2..6 and a window as for --pvs, on a shallow table of
2^12 entries ("table 12 0" every 100 calls, the date moved every 25).
"""
import sys

from splitmix import SplitMix64

HEADER = """\
# Known answers of Edax 4.6's NWS_midgame (midgame.c), for the library's port of Edax's midgame
# search (issue 36), weights: WEIGHTS.
# Produced on 2026-11-27 by scripts/golden/driver.c (kind midgame) compiled together with an
# unmodified copy of Edax (abulmo/edax-reversi 14f048c05ddfa385b6bf954a9c2905bbe677e9d3) by
# scripts/golden/regenerate.sh (gcc 12.2, Edax's Makefile flags for x86-64-v3), one thread; the
# inputs by scripts/golden/midgame-inputs.py from `driver games 11 150`. The same driver built with
# -O2 -march=x86-64 and with Edax's assertions on (-O1 -march=x86-64-v2, no -DNDEBUG) wrote the
# identical file. No Edax source is stored here.
# Set-up: Edax's own start-up (edge_stability_init, statistics_init, eval_open of the weights,
# search_global_init, search_init with one task). Before each call, as search_run sets a search up:
# search_set_board(search, board, BLACK), n_nodes = child_nodes = 0, stop = RUNNING, no time limit,
# selectivity SELECTIVITY, depth_pv_extension and stability_bound as search_run computes them;
# height HEIGHT, node_type[HEIGHT] TYPE, probcut_level PROBCUT (the state of a node inside Edax's
# search; NWS_midgame is never entered at height 0 nor at a PV node); parent: node_init(parent,
# search, ALPHA, ALPHA + 1, DEPTH, moves, NULL); then score = NWS_midgame(search, ALPHA, DEPTH,
# parent).
#
# Lines:
#   table BITS DATE   a new session: hash_init of the main table (1 << BITS entries) and of the PV
#                     and shallow tables (1 << (BITS - 4) each, as search_resize_hashtable sizes
#                     them), then DATE as all three tables' date; later calls see what earlier
#                     ones stored
#   date DATE         the three tables' date, their entries kept
#   P O ALPHA DEPTH SELECTIVITY HEIGHT TYPE PROBCUT SCORE NODES MAIN PV SHALLOW
#                     one call: P (side to move) and O as 16 hex digits, A1 = bit 0; ALPHA (the
#                     window is ALPHA, ALPHA + 1); DEPTH; SELECTIVITY 0..5 (5: none); the node's
#                     search->height, node_type[height] (1 CUT_NODE, 2 ALL_NODE) and
#                     probcut_level; the score returned; n_nodes after it; FNV-1a 64 (as in
#                     nws_endgame.txt) of the raw bytes of each table's hash_mask + HASH_N_WAY + 1
#                     entries after the call
"""


# The lines of the header that differ for PVS_midgame.
PVS_FROM = """# height HEIGHT, node_type[HEIGHT] TYPE, probcut_level PROBCUT (the state of a node inside Edax's
# search; NWS_midgame is never entered at height 0 nor at a PV node); parent: node_init(parent,
# search, ALPHA, ALPHA + 1, DEPTH, moves, NULL); then score = NWS_midgame(search, ALPHA, DEPTH,
# parent)."""
PVS_TO = """# height HEIGHT, node_type[HEIGHT] PV_NODE, probcut_level 0, depth_pv_extension PV_EXTENSION (the
# state of a PV node inside Edax's search below its root); parent: node_init(parent, search, ALPHA,
# BETA, DEPTH, moves, NULL); then score = PVS_midgame(search, ALPHA, BETA, DEPTH, parent)."""
PVS_LINES_FROM = """#   P O ALPHA DEPTH SELECTIVITY HEIGHT TYPE PROBCUT SCORE NODES MAIN PV SHALLOW
#                     one call: P (side to move) and O as 16 hex digits, A1 = bit 0; ALPHA (the
#                     window is ALPHA, ALPHA + 1); DEPTH; SELECTIVITY 0..5 (5: none); the node's
#                     search->height, node_type[height] (1 CUT_NODE, 2 ALL_NODE) and
#                     probcut_level; the score returned;"""
PVS_LINES_TO = """#   P O ALPHA BETA DEPTH SELECTIVITY HEIGHT PV_EXTENSION SCORE NODES MAIN PV SHALLOW
#                     one call: P (side to move) and O as 16 hex digits, A1 = bit 0; the window
#                     ALPHA, BETA; DEPTH; SELECTIVITY 0..5 (5: none); the node's search->height
#                     and the search's depth_pv_extension; the score returned;"""


SHALLOW_HEADER = """\
# Known answers of Edax 4.6's PVS_shallow (midgame.c), the search movelist_evaluate runs on each
# move of a deep node, for the library's port of Edax's midgame search (issue 36), weights: WEIGHTS.
# Produced on 2026-11-27 by scripts/golden/driver.c (kind pvs_shallow) compiled together with an
# unmodified copy of Edax (abulmo/edax-reversi 14f048c05ddfa385b6bf954a9c2905bbe677e9d3) by
# scripts/golden/regenerate.sh (gcc 12.2, Edax's Makefile flags for x86-64-v3), one thread; the
# inputs by scripts/golden/midgame-inputs.py --shallow from `driver games 11 150`. No Edax source is
# stored here.
# Set-up: Edax's own start-up, as in nws_midgame.txt; before each call search_set_board(search,
# board, BLACK), n_nodes = 0, height 1; then score = PVS_shallow(search, ALPHA, BETA, DEPTH).
#
# Lines:
#   table BITS DATE   a new shallow table: hash_init(&search->shallow_table, 1 << BITS), DATE its
#                     date; later calls see what earlier ones stored
#   date DATE         the shallow table's date, its entries kept
#   P O ALPHA BETA DEPTH SCORE NODES SHALLOW
#                     one call: P (side to move) and O as 16 hex digits, A1 = bit 0; the window
#                     ALPHA, BETA; DEPTH 2..6; the score returned; n_nodes after it; FNV-1a 64 of
#                     the raw bytes of the shallow table's hash_mask + HASH_N_WAY + 1 entries after
#                     the call (PVS_shallow touches no other table)
"""


def main():
    rng = SplitMix64(0x3D6A3E)
    pvs = "--pvs" in sys.argv
    shallow = "--shallow" in sys.argv
    names = [a for a in sys.argv[1:] if a not in ("--deep", "--pvs", "--shallow")]
    weights = names[0] if names else "the synthetic eval.dat (scripts/synthetic-eval.sh)"
    header = HEADER.replace("WEIGHTS", weights)
    if pvs:
        header = header.replace("NWS_midgame (midgame.c)", "PVS_midgame (midgame.c)")
        header = header.replace("(kind midgame)", "(kind pvs_midgame)").replace("midgame-inputs.py from", "midgame-inputs.py --pvs from")
        header = header.replace(PVS_FROM, PVS_TO).replace(PVS_LINES_FROM, PVS_LINES_TO)
    if shallow:
        header = SHALLOW_HEADER.replace("WEIGHTS", weights)
    print(header, end="")
    calls = 0
    for line in sys.stdin:
        f = line.split()
        if len(f) < 2:
            continue
        p, o = int(f[0], 16), int(f[1], 16)
        empties = 64 - bin(p | o).count("1")
        if not 20 <= empties <= 54 or rng.below(4) != 0:
            continue
        if calls % 100 == 0:
            print("table 12 0" if shallow else "table 16 0")
        elif calls % 25 == 0:
            print(f"date {calls % 100 // 25}")
        depth = 2 + rng.below(7) if rng.below(8) else 9 + rng.below(4)
        selectivity = rng.below(6)
        deep = rng.below(24) == 0, 13 + rng.below(8), rng.below(2)
        if deep[0] and "--deep" in sys.argv:
            depth, selectivity = min(deep[1], empties), deep[2]
        if empties <= 22 and rng.below(16) == 0:
            depth = empties
        alpha = rng.below(9) - 4 if rng.below(4) == 0 else rng.below(80) - 40
        if shallow:
            beta = min(alpha + 1 + rng.below(16), 64)
            if rng.below(4) == 0:
                alpha, beta = -64, 64
            print(f"{p:016x} {o:016x} {alpha} {beta} {2 + rng.below(5)}")
            calls += 1
            continue
        if pvs:
            beta = min(alpha + 1 + rng.below(16), 64)
            if rng.below(6) == 0:
                alpha, beta = -64, 64
            height = 1 + rng.below(8)
            extension = [-1, 10, 12, 14, 16][rng.below(5)]
            # A window searches many more nodes than a null window: no deeper than 16, and to
            # the end from 20 empty squares at most.
            depth = min(depth, 16) if depth < empties or empties > 20 else depth
            if rng.below(2):
                continue  # half as many calls as of NWS_midgame (they cost more)
            print(f"{p:016x} {o:016x} {alpha} {beta} {depth} {selectivity} {height} {extension}")
            calls += 1
            continue
        height = 1 + rng.below(8)
        node_type = 2 if rng.below(3) == 0 else 1
        probcut = 2 if rng.below(16) == 0 else 1 if rng.below(8) == 0 else 0
        print(f"{p:016x} {o:016x} {alpha} {depth} {selectivity} {height} {node_type} {probcut}")
        calls += 1


if __name__ == "__main__":
    main()
