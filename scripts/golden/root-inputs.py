#!/usr/bin/env python3
"""The input columns of tests/data/midgame/root.txt (the synthetic weights) and root-ek.txt
(data/ek-eval.dat): whole searches by Edax's root, as `lEdax -solve FILE -l LEVEL -n 1` runs them.

Usage: driver games 11 150 | scripts/golden/root-inputs.py --driver DRIVER --eval EVAL_DAT \
           --fforum tests/data/fforum/fforum-1-19.txt [WEIGHTS_NAME] > inputs.txt
       driver -e EVAL_DAT root < inputs.txt > tests/data/midgame/root.txt
(scripts/golden/driver.c; EVAL_DAT: scripts/synthetic-eval.sh's, or data/ek-eval.dat.)

Reads the positions of random games (driver games: one "P O" line per position, P to move) and
keeps those of 20 to 50 empty squares, in the order read, and for one in 10 of them (splitmix64,
seed 0x2007) one search: a level 1..24 (Edax's levels from 11 on solve at 20 to 24 empty squares,
with or without selectivity); for one search in 6, Edax's -d and -s options too (a depth 1..14 and
a selectivity 0..5). Each drawn search is run once by DRIVER with EVAL_DAT (a search does not
depend on the others: the tables are cleared before each) and kept when it takes at most 2,000,000
nodes (searched for at most 5 s): Edax's levels from 12 on take hundreds of millions of nodes on
some of these positions, with the synthetic weights most. Then level 60 (an exact solve after the deepening) on the fforum-1-19
positions given with --fforum FILE (14 to 16 empty squares). One table size for all ("table 16":
the main table of 2^16 entries, the PV and shallow tables of 2^12), cleared before each search as
-solve clears it.
"""
import subprocess
import sys

from splitmix import SplitMix64

HEADER = """\
# Known answers of Edax 4.6's root search (root.c: search_run, iterative_deepening,
# aspiration_search, PVS_root; the LEVEL table of search.c), for the library's port of Edax's
# whole search (issue 36), weights: WEIGHTS.
# Produced on 2026-11-27 by scripts/golden/driver.c (kind root) compiled together with an
# unmodified copy of Edax (abulmo/edax-reversi 14f048c05ddfa385b6bf954a9c2905bbe677e9d3) by
# scripts/golden/regenerate.sh (gcc 12.2, Edax's Makefile flags for x86-64-v3), one thread; the
# inputs by scripts/golden/root-inputs.py from `driver games 11 150` and fforum-1-19. No Edax
# source is stored here.
# Set-up: Edax's own start-up (edge_stability_init, statistics_init, eval_open of the weights,
# search_global_init, search_init with one task, verbosity 0). Each call as `lEdax -solve` searches
# a problem (obftest.c's obf_search): search_cleanup (every entry of the three tables cleared,
# dates 0), search_set_board(search, board, BLACK), search_set_level(search, LEVEL, empties), then
# Edax's -d DEPTH (search->options.depth = min(DEPTH, empties)) and -s SELECTIVITY options unless
# -1, no time limit (search_set_game_time(search, TIME_MAX)), search_run(search).
#
# Lines:
#   table BITS        hash_init of the main table (1 << BITS entries) and of the PV and shallow
#                     tables (1 << (BITS - 4) each)
#   P O LEVEL DEPTH SELECTIVITY SCORE MOVE RDEPTH RSELECTIVITY NODES PV MAIN PV SHALLOW
#                     one search: P (side to move) and O as 16 hex digits, A1 = bit 0; LEVEL 1..60;
#                     DEPTH and SELECTIVITY (-1: the level's); then Edax's result: score, best move
#                     (0..63, 64 PASS, 65 NOMOVE), the depth and selectivity it reached, the nodes
#                     counted (search_count_nodes), the principal variation (squares separated by
#                     ',', '-' when empty); FNV-1a 64 (as in nws_endgame.txt) of the raw bytes of
#                     each table's hash_mask + HASH_N_WAY + 1 entries after the search
table 16
"""


def main():
    rng = SplitMix64(0x2007)
    args = sys.argv[1:]
    fforum = None
    if "--fforum" in args:
        i = args.index("--fforum")
        fforum = args[i + 1]
        del args[i : i + 2]
    driver, eval_dat = None, None
    for opt in ("--driver", "--eval"):
        if opt in args:
            i = args.index(opt)
            if opt == "--driver":
                driver = args[i + 1]
            else:
                eval_dat = args[i + 1]
            del args[i : i + 2]
    if driver is None or eval_dat is None:
        sys.exit("usage: root-inputs.py --driver DRIVER --eval EVAL_DAT [--fforum FILE] [WEIGHTS_NAME]")
    weights = args[0] if args else "the synthetic eval.dat (scripts/synthetic-eval.sh)"

    def cheap(call):
        try:
            run = subprocess.run([driver, "-e", eval_dat, "root"], input=f"table 16\n{call}\n", capture_output=True,
                                 text=True, timeout=5, check=True)
        except subprocess.TimeoutExpired:
            return False
        return int(run.stdout.split("\n")[1].split()[9]) <= 2_000_000
    print(HEADER.replace("WEIGHTS", weights), end="")
    for line in sys.stdin:
        f = line.split()
        if len(f) < 2:
            continue
        p, o = int(f[0], 16), int(f[1], 16)
        empties = 64 - bin(p | o).count("1")
        if not 20 <= empties <= 50 or rng.below(10) != 0:
            continue
        level = 1 + rng.below(24)
        depth, selectivity = -1, -1
        if rng.below(6) == 0:
            depth, selectivity = 1 + rng.below(14), rng.below(6)
        call = f"{p:016x} {o:016x} {level} {depth} {selectivity}"
        if cheap(call):
            print(call, flush=True)
    if fforum:
        for line in open(fforum):
            if line.startswith("#") or not line.strip():
                continue
            p, o = line.split()[:2]
            print(f"{p} {o} 60 -1 -1")


if __name__ == "__main__":
    main()
