#!/usr/bin/env python3
"""Reads the output of `lEdax` running tests/data/book-build/commands.txt (book verbose 2) and
writes one line per search of the book (book.c position_search), in the order Edax ran them:

    P O DEPTH SCORE NODES MOVE

P (the player to move: Edax's book searches every position as BLACK, so '*' on the board Edax
prints) and O as 16 hex digits, A1 = bit 0; then the search's last printed iteration: its depth
("depth" or "depth@selectivity%"), score (Edax's text: a bound may be marked <, >; '?' an
unfinished one), nodes and first move of the principal variation ("--" when none, "ps" a pass).
The first line is the search Edax makes on start-up (book_load of a missing -book-file calls
book_new at -l's level: the start position), printed on one line after "New book L N...".
Times and speeds are not kept (they differ from run to run).
"""
import re
import sys

ITER = re.compile(r"^\s*(\d+(?:@\d+%)?)\s+([<>?=]?[-+]?\d+)\s+\d+:\d\d\.\d+\s+(\d+)(?:\s+\d+)?\s*(\S*)")


def board(rows):
    p = o = 0
    for r, row in enumerate(rows):
        for c in range(8):
            ch = row[2 + 2 * c]
            if ch == "*":
                p |= 1 << (8 * r + c)
            elif ch == "O":
                o |= 1 << (8 * r + c)
    return p, o


def main():
    lines = sys.stdin.read().split("\n")
    out = []
    m = re.match(r"^New book \d+ \d+\.\.\.(.*)$", lines[0])
    if not m or not ITER.match(m.group(1)):
        sys.exit("book-build-log: the first line is not the start-up search")
    it = ITER.match(m.group(1))
    out.append((0x0000000810000000, 0x0000001008000000, it.groups()))
    i = 1
    while i < len(lines):
        # A search's board: row 2 says who moves, the table's header follows the board (other
        # boards Edax prints, book prune's root for one, have no header).
        if (lines[i].startswith("2 ") and lines[i].rstrip().endswith("* to move") and i + 8 < len(lines)
                and lines[i + 8].startswith(" depth|score|")):
            p, o = board(lines[i - 1:i + 7])
            last = None
            j = i + 10
            while j < len(lines) and ITER.match(lines[j]):
                last = ITER.match(lines[j]).groups()
                j += 1
            if last is None:
                sys.exit(f"book-build-log: no iteration after the board at line {i}")
            out.append((p, o, last))
            i = j
        else:
            i += 1
    for p, o, (depth, score, nodes, move) in out:
        print(f"{p:016x} {o:016x} {depth} {score} {nodes} {move or '--'}")


if __name__ == "__main__":
    main()
