#!/usr/bin/env python3
"""Converts one of Edax's problem/fforum-*.obf files into tests/data/fforum's format.

    scripts/fforum-from-obf.py EDAX_CHECKOUT/problem/fforum-20-39.obf > tests/data/fforum/fforum-20-39.txt

An .obf line is 64 squares (A1 first, X black, O white, - empty), the side to move, then the
listed moves with their exact scores: "XO..-- X; H5:+6; G6:-2;". The output line is
"P O empties best move:score ...", P the discs of the side to move, bitboards as 16 hex digits
with bit 0 = A1, the moves in lower case, the scores without a plus sign.
"""
import os
import sys


def convert_line(line):
    board, rest = line.split(None, 1)
    if len(board) != 64 or set(board) - set("XO-"):
        raise ValueError(f"not a board: {board!r}")
    fields = [f.strip() for f in rest.split(";") if f.strip()]
    turn = fields[0]
    if turn not in ("X", "O"):
        raise ValueError(f"not a side to move: {turn!r}")
    other = "O" if turn == "X" else "X"
    p = sum(1 << i for i, c in enumerate(board) if c == turn)
    o = sum(1 << i for i, c in enumerate(board) if c == other)
    moves = []
    for f in fields[1:]:
        square, score = f.split(":")
        moves.append(f"{square.lower()}:{int(score)}")
    if not moves:
        raise ValueError("no scored move")
    best = moves[0].split(":")[1]
    return f"{p:016x} {o:016x} {board.count('-')} {best} {' '.join(moves)}"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    path = sys.argv[1]
    name = os.path.splitext(os.path.basename(path))[0]
    print(f"# {name}: the FFO endgame test positions as published with Edax 4.6 "
          f"(problem/{name}.obf; FForum, Federation Francaise d'Othello).")
    print("# P O empties best move:score ... (P = discs of the side to move, O = the other side, "
          "bit 0 = A1 .. bit 63 = H8; scores exact, for P)")
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                try:
                    print(convert_line(line))
                except ValueError as e:
                    sys.exit(f"{path}:{n}: {e}")


if __name__ == "__main__":
    main()
