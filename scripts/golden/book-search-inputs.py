#!/usr/bin/env python3
"""The input lines of tests/data/book-build/book_search.txt: searches as Edax's book runs them
(book.c position_search: the position's links excluded from the root's moves, at the book's
level, on the play's tables kept from one search to the next).

Usage: driver games 13 6 | scripts/golden/book-search-inputs.py --driver DRIVER --eval EVAL_DAT \
           > inputs.txt
       driver -e EVAL_DAT book_search < inputs.txt > tests/data/book-build/book_search.txt
(scripts/golden/driver.c, kind book_search; EVAL_DAT: data/ek-eval.dat.)

Reads the positions of random games (driver games: one "P O" line per position, each game from
the start position to its end) and writes, on one table of 2^16 entries ("table 16"):
- per game, "clear" (search_cleanup, as book_add_game does once per game), then its positions
  of plies 0..13, the last first (the order of book_add_game and play_store), at the game's
  level (2, 4, 6, 8, 10, 12 in turn), each legal move excluded with probability 1/3 (splitmix64,
  seed 0x2062) but never all: the links a position already has;
- per game, one position (ply 6) searched again and again, each time its last best move (read
  from DRIVER's answer to the lines so far) excluded too, until one move is left: what
  position_expand does to a position whose leaf it expands (the PV table then holds the root with
  a move that is now excluded);
- per game, its last three positions (0 to 2 empty squares: passes, games over) at its level,
  with nothing excluded (position_search's case of a position without moves).
"""
import argparse
import subprocess
import sys

from splitmix import MASK, SplitMix64

START = (0x0000000810000000, 0x0000001008000000)

HEADER = """\
# Known answers of Edax 4.6's book search (book.c position_search: search_run of the position at
# the book's level, the position's links excluded from the root's moves with movelist_exclude,
# time TIME_MAX per move), on ONE search whose three tables are kept from line to line, as the
# book's searches keep the play's tables (their dates moved on by each search_run; "clear" lines
# are search_cleanup, as book_add_game, position_expand and play_new call it). Weights:
# data/ek-eval.dat. Made by scripts/golden/driver.c (kind book_search) compiled together with an
# unmodified copy of Edax (abulmo/edax-reversi 14f048c05ddfa385b6bf954a9c2905bbe677e9d3) by
# scripts/golden/regenerate.sh (gcc, Edax's Makefile flags for x86-64-v3), one thread; the inputs
# by scripts/golden/book-search-inputs.py from `driver games 13 6`. No Edax source is stored here.
#
# Lines:
#   table BITS        hash_init of the main table (1 << BITS entries) and of the PV and shallow
#                     tables (1 << (BITS - 4) each): every entry cleared, dates 0
#   clear             search_cleanup
#   P O LEVEL EXCLUDED SCORE MOVE RDEPTH RSELECTIVITY NODES PV MAIN PV SHALLOW
#                     one search: P (side to move) and O as 16 hex digits, A1 = bit 0; LEVEL
#                     1..60; EXCLUDED, the root's moves left out (16 hex digits, a bit per square);
#                     then Edax's result: score, best move (0..63, 64 PASS, 65 NOMOVE), the depth
#                     and selectivity it reached, the nodes (search_count_nodes), the principal
#                     variation (squares separated by ',', '-' when empty), and FNV-1a 64 of the
#                     raw bytes of each table after the search (as in root.txt)
# weights-sha256 data/ek-eval.dat @SHA@
"""


def moves(p, o):
    """The legal moves of p (a bit per square), by the eight directions' shifts."""
    empty = ~(p | o) & MASK
    out = 0
    for shift, mask in ((1, 0xFEFEFEFEFEFEFEFE), (-1, 0x7F7F7F7F7F7F7F7F), (8, MASK), (-8, MASK),
                        (9, 0xFEFEFEFEFEFEFEFE), (-9, 0x7F7F7F7F7F7F7F7F), (7, 0x7F7F7F7F7F7F7F7F),
                        (-7, 0xFEFEFEFEFEFEFEFE)):
        def step(x):
            return ((x << shift) if shift > 0 else (x >> -shift)) & mask & MASK
        t = step(p) & o
        for _ in range(5):
            t |= step(t) & o
        out |= step(t) & empty
    return out


def answers(driver, eval_dat, lines):
    r = subprocess.run([driver, "-e", eval_dat, "book_search"], input="".join(lines), text=True,
                       capture_output=True, check=True)
    return [l for l in r.stdout.splitlines() if l and not l.startswith(("#", "table", "clear"))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--driver", required=True)
    ap.add_argument("--eval", required=True)
    a = ap.parse_args()
    games, game = [], []
    for line in sys.stdin:
        p, o = (int(x, 16) for x in line.split())
        if (p, o) == START and game:
            games.append(game)
            game = []
        game.append((p, o))
    if game:
        games.append(game)
    rng = SplitMix64(0x2062)
    out = ["table 16\n"]
    header = HEADER.replace("@SHA@", __import__("hashlib").sha256(open(a.eval, "rb").read()).hexdigest())
    for g, game in enumerate(games):
        level = 2 + 2 * (g % 6)
        out.append("clear\n")
        for p, o in reversed(game[:14]):
            m = moves(p, o)
            excluded = 0
            for x in range(64):
                if m >> x & 1 and rng.next() % 3 == 0:
                    excluded |= 1 << x
            if m and m & ~excluded == 0:
                excluded &= excluded - 1
            out.append(f"{p:016x} {o:016x} {level} {excluded:016x}\n")
        p, o = game[6]
        m, excluded = moves(p, o), 0
        while True:
            out.append(f"{p:016x} {o:016x} {level} {excluded:016x}\n")
            best = int(answers(a.driver, a.eval, out)[-1].split()[5])
            if not 0 <= best < 64 or bin(m & ~(excluded | 1 << best)).count("1") == 0:
                break
            excluded |= 1 << best
        for p, o in game[-3:]:
            out.append(f"{p:016x} {o:016x} {level} {0:016x}\n")
    sys.stdout.write(header + "".join(out))


if __name__ == "__main__":
    main()
