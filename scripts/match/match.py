#!/usr/bin/env python3
"""A match between two NBoard engines (ek-nboard, the library's engine, and Edax 4.6's -nboard
mode), from a list of openings, each played twice with the colours swapped.

Usage: scripts/match/match.py --a "CMD" --b "CMD" [--openings FILE] [--games N] [--first K] [--log FILE]
       scripts/match/match.py --summary LOG...   (the totals of logs written by --log, together)
  --a, --b: the command line of each engine (a shell-split string); the report counts for A.
  --openings: one opening a line, moves in NBoard's form ("f5d6c3..."; default: openings.txt
    beside this script); each is played with A as black, then with A as white.
  --games: play only the first N games (two per opening); --first K: start at the K-th opening.
  --log: one line per game: opening, A's colour, the moves, the final discs.
Both engines get each position as "set game" (the opening), then every move as "move" (the
mover's own too, as NBoard sends it); the side to move answers "go". A pass is sent as "move PA". Prints each game and, at the end, A's wins,
draws, losses, its score (a win 1, a draw 1/2) as a percentage, and the mean disc difference;
also how many opening pairs gave the same moves with the colours swapped (engines that are the
same search play the same game twice). Needs nothing but Python 3 and the two engines.
"""
import argparse
import os
import shlex
import subprocess
import sys
import time

START = (0x0000000810000000, 0x0000001008000000)  # black, white
# (shift, the squares a disc may land on: a step east lands off column A, a step west off H)
DIRS = ((1, 0xFEFEFEFEFEFEFEFE), (-1, 0x7F7F7F7F7F7F7F7F), (8, 0xFFFFFFFFFFFFFFFF), (-8, 0xFFFFFFFFFFFFFFFF),
        (9, 0xFEFEFEFEFEFEFEFE), (7, 0x7F7F7F7F7F7F7F7F), (-7, 0xFEFEFEFEFEFEFEFE), (-9, 0x7F7F7F7F7F7F7F7F))
FULL = (1 << 64) - 1


def shift(b, d, mask):
    """b shifted one square in direction d, keeping only squares that do not wrap."""
    return ((b << d) if d > 0 else (b >> -d)) & mask & FULL


def moves(p, o):
    """The legal moves of p against o (a bitboard)."""
    empty, legal = ~(p | o) & FULL, 0
    for d, mask in DIRS:
        x = shift(p, d, mask) & o
        for _ in range(5):
            x |= shift(x, d, mask) & o
        legal |= shift(x, d, mask) & empty
    return legal


def flips(p, o, sq):
    """The discs of o that the move sq of p flips."""
    f = 0
    for d, mask in DIRS:
        line, x = 0, shift(1 << sq, d, mask)
        while x & o:
            line |= x
            x = shift(x, d, mask)
        if x & p:
            f |= line
    return f


def name(sq):
    return "PA" if sq < 0 else "ABCDEFGH"[sq % 8] + str(sq // 8 + 1)


def square(text):
    t = text.strip().lower()[:2]
    if t in ("pa", "ps"):
        return -1
    return (ord(t[0]) - ord("a")) + 8 * (ord(t[1]) - ord("1"))


class Engine:
    """An NBoard engine in a child process."""

    def __init__(self, command):
        self.command = command
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.pings = 0
        self.send("nboard 1")
        self.sync()

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.command}: ended (waiting for {prefix!r})")
            if line.startswith(prefix):
                return line.strip()

    def sync(self):
        self.pings += 1
        self.send(f"ping {self.pings}")
        self.until(f"pong {self.pings}")

    def go(self):
        """The engine's move: a square, or -1 for a pass; and its seconds as it reports them."""
        self.send("go")
        fields = self.until("===").split()[1].split("/")
        return square(fields[0]), float(fields[2]) if len(fields) > 2 else 0.0

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


def ggf(opening):
    """The opening as an NBoard game: the start and its moves."""
    board = "".join("*" if START[0] >> i & 1 else "O" if START[1] >> i & 1 else "-" for i in range(64))
    black, played = True, []
    b, w = START
    for k in range(0, len(opening), 2):
        sq = square(opening[k:k + 2])
        p, o = (b, w) if black else (w, b)
        if not moves(p, o) >> sq & 1:
            raise ValueError(f"opening {opening}: {opening[k:k + 2]} is not legal")
        f = flips(p, o, sq)
        p, o = p | f | 1 << sq, o & ~f
        b, w = (p, o) if black else (o, p)
        played.append(("B" if black else "W") + "[" + name(sq) + "]")
        black = not black
        if not moves(*((b, w) if black else (w, b))):
            black = not black  # an opening's pass is implicit in GGF
    return f"(;GM[Othello]PC[match]BO[8 {board} *]{''.join(played)};)", (b, w), black


def play(engines, opening):
    """One game from opening, engines = (black's, white's): the moves after the opening and the
    final (black, white) discs."""
    text, (b, w), black = ggf(opening)
    for e in engines:
        e.send("set game " + text)
    record, seconds = [], [0.0, 0.0]
    while True:
        p, o = (b, w) if black else (w, b)
        if not moves(p, o):
            if not moves(o, p):
                break
            for e in engines:
                e.send("move PA")
            record.append("PA")
            black = not black
            continue
        side = 0 if black else 1
        start = time.monotonic()
        sq, _ = engines[side].go()
        seconds[side] += time.monotonic() - start
        if sq < 0 or not moves(p, o) >> sq & 1:
            raise RuntimeError(f"{engines[side].command}: illegal move {name(sq)} after {opening} {''.join(record)}")
        f = flips(p, o, sq)
        p, o = p | f | 1 << sq, o & ~f
        b, w = (p, o) if black else (o, p)
        for e in engines:  # the mover too: "go" does not play the move it answers
            e.send("move " + name(sq))
        record.append(name(sq))
        black = not black
    return record, (bin(b).count("1"), bin(w).count("1")), seconds


def summary(paths):
    """The totals of the games of --log files (A's wins, draws, losses, score, mean disc
    difference, opening pairs with the same moves both ways): matches run in parts, together."""
    wins = draws = losses = diff_sum = games = same = 0
    last = None
    for path in paths:
        for line in open(path):
            opening, colour, moves, _, result = line.split()
            d = int(result[1:])
            wins, draws, losses = wins + (d > 0), draws + (d == 0), losses + (d < 0)
            diff_sum += d
            games += 1
            if colour == "A=white" and last and last[0] == opening and last[1] == "A=black":
                same += last[2] == moves
            last = (opening, colour, moves)
    score = 100.0 * (wins + draws / 2) / max(games, 1)
    print(f"{games} games ({', '.join(paths)}): A won {wins}, drew {draws}, lost {losses}: A's score {score:.1f} %, "
          f"mean disc difference {diff_sum / max(games, 1):+.2f}; opening pairs with the same moves both ways: {same}")


def main():
    if sys.argv[1:2] == ["--summary"]:
        return summary(sys.argv[2:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--openings", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "openings.txt"))
    ap.add_argument("--games", type=int, default=0)
    ap.add_argument("--first", type=int, default=1, help="start at this opening (1: the first)")
    ap.add_argument("--log")
    args = ap.parse_args()
    openings = [l.split()[0] for l in open(args.openings) if l.strip() and not l.startswith("#")]
    openings = openings[max(args.first, 1) - 1:]
    a, b = Engine(args.a), Engine(args.b)
    wins = draws = losses = diff_sum = games = same = 0
    a_seconds = b_seconds = 0.0
    log = open(args.log, "w") if args.log else None
    try:
        for opening in openings:
            pair = []
            for a_black in (True, False):
                if args.games and games >= args.games:
                    break
                record, (nb, nw), seconds = play((a, b) if a_black else (b, a), opening)
                empties = 64 - nb - nw
                # Empty squares go to the winner.
                diff = nb - nw + (empties if nb > nw else -empties if nw > nb else 0)
                d = diff if a_black else -diff
                wins, draws, losses = wins + (d > 0), draws + (d == 0), losses + (d < 0)
                diff_sum += d
                games += 1
                a_seconds += seconds[0 if a_black else 1]
                b_seconds += seconds[1 if a_black else 0]
                pair.append(record)
                line = f"{opening} A={'black' if a_black else 'white'} {''.join(record)} {nb}-{nw} A{d:+d}"
                print(f"game {games}: {line}", flush=True)
                if log:
                    print(line, file=log, flush=True)
            same += len(pair) == 2 and pair[0] == pair[1]
            if args.games and games >= args.games:
                break
    finally:
        a.close()
        b.close()
    score = 100.0 * (wins + draws / 2) / max(games, 1)
    print(f"A: {args.a}\nB: {args.b}")
    print(f"{games} games: A won {wins}, drew {draws}, lost {losses}: A's score {score:.1f} %, "
          f"mean disc difference {diff_sum / max(games, 1):+.2f}; opening pairs with the same moves both ways: "
          f"{same} of {games // 2}; thinking time A {a_seconds:.1f} s, B {b_seconds:.1f} s")


if __name__ == "__main__":
    sys.exit(main())
