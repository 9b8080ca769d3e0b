#!/usr/bin/env python3
"""Writes the match openings (openings.txt): N distinct positions after PLIES random legal moves
from the start (no two the same up to the board's symmetries), from a fixed seed, so that the
file can be made again. Usage: scripts/match/make-openings.py [N PLIES SEED] > openings.txt"""
import random
import sys

from match import START, flips, moves, name


def symmetries(b):
    """The 8 images of a bitboard under the square's symmetries."""
    def transform(f):
        return sum(1 << f(i % 8, i // 8) for i in range(64) if b >> i & 1)
    fs = [lambda x, y: x + 8 * y, lambda x, y: (7 - x) + 8 * y, lambda x, y: x + 8 * (7 - y),
          lambda x, y: (7 - x) + 8 * (7 - y), lambda x, y: y + 8 * x, lambda x, y: (7 - y) + 8 * x,
          lambda x, y: y + 8 * (7 - x), lambda x, y: (7 - y) + 8 * (7 - x)]
    return [transform(f) for f in fs]


def main():
    n, plies, seed = (int(a) for a in sys.argv[1:4]) if len(sys.argv) > 3 else (100, 8, 2026)
    rng, seen, out = random.Random(seed), set(), []
    while len(out) < n:
        b, w, black, line = START[0], START[1], True, []
        for _ in range(plies):
            p, o = (b, w) if black else (w, b)
            legal = [i for i in range(64) if moves(p, o) >> i & 1]
            if not legal:
                break
            sq = rng.choice(legal)
            f = flips(p, o, sq)
            p, o = p | f | 1 << sq, o & ~f
            b, w = (p, o) if black else (o, p)
            line.append(name(sq).lower())
            black = not black
        if len(line) < plies:
            continue
        key = min(zip(symmetries(b), symmetries(w)))
        if key in seen:
            continue
        seen.add(key)
        out.append("".join(line))
    print(f"# {n} openings of {plies} random plies from the start, distinct up to symmetry "
          f"(scripts/match/make-openings.py {n} {plies} {seed})")
    for line in out:
        print(line)


if __name__ == "__main__":
    main()
