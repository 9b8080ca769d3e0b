#!/usr/bin/env python3
"""A match between two NBoard engines (ek-nboard, the library's engine, and Edax 4.6's -nboard
mode), from a list of openings, each played twice with the colours swapped.

Usage: scripts/match/match.py --a "CMD" --b "CMD" [--openings FILE] [--games N] [--first K] [--log FILE]
                              [--xboard --game-seconds S [--ponder]]
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

--xboard: the engines speak xboard (ek-play --xboard, Edax's -xboard) and play on a clock of S
seconds a game each, kept here (wall time from the moment a move is sent to the answer): each
gets `level 0 M:SS 0` (Edax's time per game), then before each of its moves `time` and `otim`
(its own and the opponent's time left, centiseconds). The opening is given in force mode; each
engine gets `go` at its first turn and from then on answers the opponent's `usermove` (as a GUI
drives it; Edax's `time` applies to the colour it plays only once `go` has given it one). A pass
is `@@@@`. An engine whose clock runs out loses the game on time (counted, and the game ends).
--ponder: `hard` (pondering on) for both, and the hit rate: how often the opponent's reply was
the second move of the engine's last `post` line (its predicted reply: ek-play ponders on it;
Edax on its table's guess, which is this move unless the table lost it).
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
        self.spawn(command)
        self.send("nboard 1")
        self.sync()

    def spawn(self, command):
        self.command = command
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.pings = 0

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix):
        """The first line starting with prefix (each line before it shown to `seen`)."""
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.command}: ended (waiting for {prefix!r})")
            self.seen(line)
            if line.startswith(prefix):
                return line.strip()

    def seen(self, line):
        pass

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


class XboardEngine(Engine):
    """An xboard engine in a child process, with its clock."""

    def __init__(self, command, seconds, ponder):
        self.spawn(command)
        self.seconds, self.ponder = seconds, ponder
        self.pv = []
        self.send("xboard\nprotover 2")
        self.until("feature")
        self.sync()

    def seen(self, line):
        """Keeps the principal variation of the last post line (depth, score, centiseconds,
        nodes, [@selectivity%], moves)."""
        words = line.replace("(", " ").replace(")", " ").split()
        if len(words) > 4 and all(w.lstrip("-").isdigit() for w in words[:4]):
            self.pv = [w for w in words[4:] if not w.startswith("@")]

    def new_game(self, opening_moves):
        """A new game on the clock, the opening played in force mode."""
        m, sec = divmod(self.seconds, 60)
        self.left = float(self.seconds)
        self.started = False
        self.send(f"level 0 {m}:{sec:02d} 0\nnew\nforce\npost\n" + ("hard" if self.ponder else "easy"))
        for sq in opening_moves:
            self.tell(sq)
        self.sync()

    def tell(self, sq):
        """A move while in force mode (before the engine's first turn)."""
        self.send("usermove " + xname(sq))

    def move(self, opponent_left, last):
        """The engine's move after the opponent's `last` (None: nothing new to tell, as at its first
        turn): the square (-1 for a pass), and the reply it predicts (None where unknown). Its
        clock runs from the moment the move is asked for."""
        self.pv = []
        clock = f"time {max(int(self.left * 100), 0)}\notim {max(int(opponent_left * 100), 0)}\n"
        start = time.monotonic()
        if not self.started:
            self.started = True
            self.send(clock + ("usermove " + xname(last) + "\n" if last is not None else "") + "go")
        else:
            self.send(clock + "usermove " + xname(last))
        answer = self.until("move ").split()[1]
        self.left -= time.monotonic() - start
        predicted = square(self.pv[1]) if len(self.pv) > 1 else None
        return (-1 if answer.startswith("@@") else square(answer.replace("P@", ""))), predicted


def xname(sq):
    return "@@@@" if sq < 0 else "P@" + name(sq).lower()


def opening_squares(opening):
    """The opening's moves as squares, a pass (-1) where the side to move has none; the
    position after it (black, white) and whether black is to move."""
    out, b, w, black = [], START[0], START[1], True
    for k in range(0, len(opening), 2):
        p, o = (b, w) if black else (w, b)
        if not moves(p, o):
            out.append(-1)
            black = not black
            p, o = o, p
        sq = square(opening[k:k + 2])
        if not moves(p, o) >> sq & 1:
            raise ValueError(f"opening {opening}: {opening[k:k + 2]} is not legal")
        f = flips(p, o, sq)
        p, o = p | f | 1 << sq, o & ~f
        b, w = (p, o) if black else (o, p)
        out.append(sq)
        black = not black
    return out, (b, w), black


def play_xboard(engines, opening):
    """One game on the clock from opening, engines = (black's, white's): the moves after the
    opening; the final (black, white) discs, or None with the side (0 black) whose clock ran
    out; each side's seconds; [hits, predictions] for each side. An engine that has had its
    first turn hears the opponent's move when it is to move again (and answers it, a pass
    included, as a GUI drives it); one still in force mode hears each move as it is played."""
    played, (b, w), black = opening_squares(opening)
    for e in engines:
        e.new_game(played)
    record, hits, predicted = [], [[0, 0], [0, 0]], [None, None]
    unheard = [None, None]  # the opponent's move each side has not heard yet
    while True:
        p, o = (b, w) if black else (w, b)
        if not moves(p, o) and not moves(o, p):
            break
        side = 0 if black else 1
        mover, other = engines[side], engines[1 - side]
        if mover.started or moves(p, o):
            if predicted[side] is not None and unheard[side] is not None:
                hits[side][0] += predicted[side] == unheard[side]
                hits[side][1] += 1
            sq, predicted[side] = mover.move(other.left, unheard[side])
            unheard[side] = None
            if mover.left < 0:
                return record, None, side, [e.seconds - e.left for e in engines], hits
            if (sq < 0) != (not moves(p, o)) or (sq >= 0 and not moves(p, o) >> sq & 1):
                raise RuntimeError(f"{mover.command}: illegal move {name(sq)} after {opening} {''.join(record)}")
        else:
            sq = -1  # an engine still in force mode passes when told to
            mover.tell(sq)
        if other.started:
            unheard[1 - side] = sq
        else:
            other.tell(sq)
        if sq >= 0:
            f = flips(p, o, sq)
            p, o = p | f | 1 << sq, o & ~f
            b, w = (p, o) if black else (o, p)
        record.append(name(sq))
        black = not black
    return record, (bin(b).count("1"), bin(w).count("1")), None, [e.seconds - e.left for e in engines], hits


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
            opening, colour, moves, _, result = line.split()[:5]
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
    ap.add_argument("--xboard", action="store_true", help="xboard engines on a clock (--game-seconds)")
    ap.add_argument("--game-seconds", type=int, default=30)
    ap.add_argument("--ponder", action="store_true")
    args = ap.parse_args()
    openings = [l.split()[0] for l in open(args.openings) if l.strip() and not l.startswith("#")]
    openings = openings[max(args.first, 1) - 1:]
    if args.xboard:
        a, b = XboardEngine(args.a, args.game_seconds, args.ponder), XboardEngine(args.b, args.game_seconds, args.ponder)
    else:
        a, b = Engine(args.a), Engine(args.b)
    wins = draws = losses = diff_sum = games = same = 0
    flags = [0, 0]  # games A, B lost on time
    hits = [[0, 0], [0, 0]]  # A's, B's [hits, predictions]
    most = [0.0, 0.0]  # the most seconds A, B took in a game
    a_seconds = b_seconds = 0.0
    log = open(args.log, "w") if args.log else None
    try:
        for opening in openings:
            pair = []
            for a_black in (True, False):
                if args.games and games >= args.games:
                    break
                extra = ""
                if args.xboard:
                    record, discs, flagged, seconds, h = play_xboard((a, b) if a_black else (b, a), opening)
                    mine, theirs = (0, 1) if a_black else (1, 0)
                    for k, side in ((0, mine), (1, theirs)):
                        hits[k][0] += h[side][0]
                        hits[k][1] += h[side][1]
                        most[k] = max(most[k], seconds[side])
                    extra = f" A:{seconds[mine]:.2f}s B:{seconds[theirs]:.2f}s"
                    if args.ponder:
                        extra += f" hits A:{h[mine][0]}/{h[mine][1]} B:{h[theirs][0]}/{h[theirs][1]}"
                    if discs is None:  # a loss on time: scored as a loss by one disc
                        a_flagged = (flagged == 0) == a_black
                        flags[0 if a_flagged else 1] += 1
                        nb, nw = (0, 0)
                        extra += f" lost-on-time:{'A' if a_flagged else 'B'}"
                    else:
                        nb, nw = discs
                else:
                    record, (nb, nw), seconds = play((a, b) if a_black else (b, a), opening)
                empties = 64 - nb - nw
                # Empty squares go to the winner.
                diff = nb - nw + (empties if nb > nw else -empties if nw > nb else 0)
                d = diff if a_black else -diff
                if args.xboard and discs is None:
                    d = -1 if a_flagged else 1
                wins, draws, losses = wins + (d > 0), draws + (d == 0), losses + (d < 0)
                diff_sum += d
                games += 1
                a_seconds += seconds[0 if a_black else 1]
                b_seconds += seconds[1 if a_black else 0]
                pair.append(record)
                line = f"{opening} A={'black' if a_black else 'white'} {''.join(record)} {nb}-{nw} A{d:+d}{extra}"
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
    if args.xboard:
        print(f"clock {args.game_seconds} s a game each: lost on time A {flags[0]}, B {flags[1]}; "
              f"the most seconds used in a game A {most[0]:.2f}, B {most[1]:.2f}")
        if args.ponder:
            rate = lambda h: f"{h[0]}/{h[1]} ({100.0 * h[0] / max(h[1], 1):.1f} %)"
            print(f"pondering: the predicted reply came A {rate(hits[0])}, B {rate(hits[1])}")


if __name__ == "__main__":
    sys.exit(main())
