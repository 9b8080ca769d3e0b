#!/usr/bin/env python3
"""The input columns of tests/data/golden/table_ops.txt: operations on Edax's transposition table.

Usage: scripts/golden/table-ops-inputs.py > inputs.txt
       driver table_ops < inputs.txt > tests/data/golden/table_ops.txt   (scripts/golden/driver.c)

Deterministic (splitmix64, seed 0x7AB1E). Two sessions: a table of 2^2 entries and one of 2^4,
each operated on by a pool of positions whose hash codes fall in few buckets, so that the ways of
overlapping buckets are shared, stores update, upgrade and replace entries, and bounds cross.
Every store's date is the table's (as Edax's searches store); the date moves on within a session.
"""

from splitmix import MASK, SplitMix64

# A few moves, so that stores repeat and exclusions find the entries' moves.
MOVES = (19, 26, 37, 44, 64, 65)


def move(rng):
    return MOVES[rng.below(len(MOVES))]


def board(rng):
    """Two disjoint bitboards (not necessarily a reachable position: the table does not care)."""
    p = rng.next()
    o = rng.next() & ~p
    return p, o


def draft(rng, date):
    depth = rng.between(10, 13)
    selectivity = 5 if rng.below(4) else rng.between(0, 5)
    cost = rng.between(0, 24)
    return depth | selectivity << 8 | cost << 16 | date << 24


def window_and_score(rng):
    if rng.below(3):
        alpha = rng.between(-16, 15)
        beta = alpha + 1
    else:
        alpha = rng.between(-64, 63)
        beta = rng.between(alpha + 1, 64)
    score = rng.between(max(-64, alpha - 6), min(64, beta + 6))
    return alpha, beta, score


def data(rng, date):
    lower = rng.between(-64, 64)
    upper = rng.between(lower, 64)
    moves = [move(rng), move(rng)]
    bytes_ = draft(rng, date).to_bytes(4, "little") + bytes(
        b & 0xFF for b in (lower, upper, moves[0], moves[1]))
    return int.from_bytes(bytes_, "little")


def session(rng, bits, ops, pool_size):
    date = rng.between(1, 5)
    print(f"table {bits} {date}")
    size = 1 << bits
    pool = []
    for _ in range(pool_size):
        p, o = board(rng)
        # A code of few buckets, with high bits that the table's mask drops.
        code = rng.below(size) | rng.next() << 8 & MASK
        pool.append((p, o, code))
    for _ in range(ops):
        if rng.below(60) == 0:
            date = min(date + 1, 127)
            print(f"date {date}")
            continue
        p, o, code = pool[rng.below(len(pool))]
        head = f"{p:016x} {o:016x} {code:016x}"
        kind = rng.below(100)
        if kind < 40 or kind >= 90:
            op = "store" if kind < 40 else "force"
            alpha, beta, score = window_and_score(rng)
            print(f"{op} {head} {draft(rng, date):08x} {alpha} {beta} {score} {move(rng)}")
        elif kind < 65:
            print(f"get {head}")
        elif kind < 78:
            print(f"feed {head} {data(rng, date):016x}")
        else:
            print(f"exclude {head} {move(rng)}")


def main():
    rng = SplitMix64(0x7AB1E)
    session(rng, 2, 800, 10)
    session(rng, 4, 2400, 24)


if __name__ == "__main__":
    main()
