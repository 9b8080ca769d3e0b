#!/usr/bin/env python3
"""Writes tests/data/bases/games.ggf, the input of scripts/golden/bases.sh: GGS-style games
(tags Edax skips, move times, explicit passes, mixed case) drawn at random, chosen to cover what
the formats must carry: full games, games with passes, games that end with empty squares (with
an odd and an even number of moves: Edax's score sign depends on it), unfinished games, long
names, and games from other starts with either side to move. Usage: bases-input.py > games.ggf"""
import random

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def flips(board, me, sq):
    if board[sq] != '-':
        return []
    r, c = divmod(sq, 8)
    out = []
    for dr, dc in DIRS:
        line, rr, cc = [], r + dr, c + dc
        while 0 <= rr < 8 and 0 <= cc < 8 and board[rr * 8 + cc] not in ('-', me):
            line.append(rr * 8 + cc)
            rr, cc = rr + dr, cc + dc
        if line and 0 <= rr < 8 and 0 <= cc < 8 and board[rr * 8 + cc] == me:
            out += line
    return out


def moves(board, me):
    return [sq for sq in range(64) if flips(board, me, sq)]


def other(me):
    return 'O' if me == '*' else '*'


def start():
    b = ['-'] * 64
    b[27], b[28], b[35], b[36] = 'O', '*', '*', 'O'
    return b


def play(rng, board, me, stop):
    """Random moves: a list of (colour, square or None for a pass); the board; the side to move."""
    record = []
    while len([m for m in record if m[1] is not None]) < stop:
        legal = moves(board, me)
        if not legal:
            if not moves(board, other(me)):
                break
            record.append((me, None))
            me = other(me)
            continue
        sq = rng.choice(legal)
        for f in flips(board, me, sq):
            board[f] = me
        board[sq] = me
        record.append((me, sq))
        me = other(me)
    return record, board, me


def name(sq):
    return 'abcdefgh'[sq % 8] + str(sq // 8 + 1)


def ggf(rng, i, initial, first, record, black, white):
    s = '(;GM[Othello]PC[GGS/os]DT[2003.12.%02d_04:03:%02d.gmt]' % (1 + i % 28, i % 60)
    s += 'PB[%s]PW[%s]RB[2100.5]RW[1800.0]TI[05:00//02:00]TY[8]RE[+0.000]' % (black, white)
    s += 'BO[8 ' + ' '.join(''.join(initial[r * 8:r * 8 + 8]) for r in range(8)) + ' ' + first + ']'
    for k, (me, sq) in enumerate(record):
        tag = 'B' if me == '*' else 'W'
        if sq is None:
            s += '%s[PA]' % tag
        else:
            mv = name(sq).upper() if k % 3 == 0 else name(sq)
            s += '%s[%s//%.2f]' % (tag, mv, rng.random() * 10) if k % 2 else '%s[%s]' % (tag, mv)
    return s + ';)'


def main():
    rng = random.Random(62)
    want = {'full': 3, 'pass': 4, 'empties_odd': 2, 'empties_even': 2, 'short': 2}
    games = []
    tries = 0
    while any(want.values()) and tries < 200000:
        tries += 1
        stop = rng.randrange(1, 40) if want['short'] else 60
        record, board, me = play(rng, start(), '*', stop)
        n = len([m for m in record if m[1] is not None])
        over = not moves(board, me) and not moves(board, other(me))
        passed = any(sq is None for _, sq in record)
        kind = None
        if not over and stop < 60 and want['short']:
            kind = 'short'
        elif over and n < 60:
            kind = 'empties_odd' if n % 2 else 'empties_even'
        elif over and passed:
            kind = 'pass'
        elif over and n == 60:
            kind = 'full'
        if kind and want[kind]:
            want[kind] -= 1
            games.append(record)
    names = [('Edax', 'Kitty'), ('a-very-long-player-name-beyond-31-chars', 'logistello'), ('?', 'Zebra')]
    out = []
    for i, record in enumerate(games):
        b, w = names[i % len(names)]
        out.append(ggf(rng, i, start(), '*', record, b, w))
    # Two games from other starts: the position after a few random moves, each side to move.
    for k in range(2):
        board, me = start(), '*'
        prefix, board, me = play(rng, board, me, 6 + k)
        record, _, _ = play(rng, list(board), me, 60)
        out.append(ggf(rng, 100 + k, board, me, record, 'Edax', 'Edax'))
    print('\n'.join(out))


main()
