"""The engine through the installed package: whole games it plays against itself (every move
legal, every exact score the solver's, the end of the game), Edax's node counts on the root's
known answers (tests/data/midgame/root-ek.txt, made by Edax 4.6 with data/ek-eval.dat), its
limits, stop and refusals, and best_move."""

import os
import threading

import pytest

import edax_kernels as ek
from conftest import ROOT


def legal(board, move):
    moves = ek.get_moves(board[0], board[1])
    if 0 <= move < 64:
        return moves >> move & 1 == 1
    other = ek.get_moves(board[1], board[0])
    return moves == 0 and ((move == ek.PASS and other) or (move == ek.NOMOVE and not other))


def test_a_game_against_itself():
    """Level 5 against itself from the start: legal moves, passes when due, exact scores equal
    to the solver's, and the final score at the end."""
    board, exact_checked = ek.START, 0
    with ek.Engine(hash_bits=16) as engine, ek.Solver(16) as solver:
        for _ in range(130):
            r = engine.search(board, level=5)
            assert r.complete and legal(board, r.move), (board, r)
            empties = 64 - ek.bit_count(board[0] | board[1])
            if r.exact and empties <= 16:
                assert r.score == solver.solve(board).score, board
                exact_checked += 1
            if r.move == ek.NOMOVE:
                assert r.exact and r.score == solver.solve(board).score
                break
            if r.move == ek.PASS:
                board = ek.Board(board[1], board[0])
            else:
                assert r.pv[0] == r.move
                board = ek.board_next(board, r.move)
        else:
            pytest.fail("the game did not end")
    assert exact_checked >= 5


def test_edax_s_nodes_on_the_root_s_known_answers():
    """Every 16th search of root-ek.txt on a new engine of the file's table size (every 80th
    under qemu, bindings/python/test-cross.sh): Edax's score, move, depth, selectivity, nodes
    and principal variation."""
    lines = (ROOT / "tests" / "data" / "midgame" / "root-ek.txt").read_text().splitlines()
    bits = next(int(line.split()[1]) for line in lines if line.startswith("table"))
    calls = [line.split() for line in lines if line and not line.startswith(("#", "table"))]
    weights = ek.Weights.from_file(ROOT / "data" / "ek-eval.dat")
    emulated = bool(os.environ.get("EK_CHILD_RUNNER"))
    for f in calls[::80 if emulated else 16]:
        board = ek.Board(int(f[0], 16), int(f[1], 16))
        level, depth, sel = int(f[2]), int(f[3]), int(f[4])
        with ek.Engine(weights, bits) as engine:
            r = engine.search(board, level, depth=None if depth < 0 else depth, selectivity=None if sel < 0 else sel)
        pv = () if f[10] == "-" else tuple(int(x) for x in f[10].split(","))
        assert (r.score, r.move, r.depth, r.selectivity, r.nodes, r.pv) == (
            int(f[5]), int(f[6]), int(f[7]), int(f[8]), int(f[9]), pv), f


def test_limits_stop_and_refusals():
    middle = ek.START
    for x in (19, 18, 17, 9, 26, 20, 21, 34):  # a few plies of a game
        if ek.get_moves(middle[0], middle[1]) >> x & 1:
            middle = ek.board_next(middle, x)
    with ek.Engine(hash_bits=16) as engine:
        r = engine.search(middle, level=40, max_nodes=5000)
        assert not r.complete and not r.exact and legal(middle, r.move)
        r = engine.search(middle, level=60, time=0.05)
        assert not r.complete and legal(middle, r.move)
        r = engine.search(middle, level=0, depth=4)
        assert (r.depth, r.selectivity, r.complete) == (4, 5, True)
        for kwargs in ({"level": 61}, {"level": 0}, {"level": 5, "depth": 0}, {"level": 5, "selectivity": 6},
                       {"level": 2**40}):
            with pytest.raises(ek.EdaxKernelsError) as e:
                engine.search(middle, **kwargs)
            assert e.value.status == -2, kwargs
        with pytest.raises(ek.EdaxKernelsError):
            engine.search((3, 1), level=3)
        with pytest.raises(ek.EdaxKernelsError):
            engine.search(middle, level=3, time=0)
        # stop() from another thread ends a search that would take minutes.
        done = []
        t = threading.Thread(target=lambda: done.append(engine.search(middle, level=60)))
        t.start()
        t.join(0.3)
        engine.stop()
        t.join(60)
        assert done and not done[0].complete and legal(middle, done[0].move)
    with pytest.raises(ek.EdaxKernelsError):
        engine.search(middle, level=3)  # closed
    with pytest.raises(ek.EdaxKernelsError):
        ek.Engine(hash_bits=7)
    with pytest.raises(ek.EdaxKernelsError) as e:
        ek.Weights.from_bytes(b"not an eval.dat")
    assert e.value.status == -7


def test_best_move():
    assert legal(ek.START, ek.best_move(ek.START, level=3))
    assert ek.best_move(ek.Board((1 << 64) - 1 - 0xFF, 0xFF)) == ek.NOMOVE


def test_analyze():
    """Every legal move in square order; near the end at level 60 each score exact, the
    solver's, the best of them the position's."""
    with ek.Engine(hash_bits=16) as engine, ek.Solver(16) as solver:
        moves = engine.analyze(ek.START, level=4)
        assert [m.move for m in moves] == [19, 26, 37, 44] and all(m.complete for m in moves)
        board = ek.START
        while 64 - ek.bit_count(board[0] | board[1]) > 12:
            legal_moves = ek.get_moves(board[0], board[1])
            if legal_moves == 0:
                board = ek.Board(board[1], board[0])
                continue
            board = ek.board_next(board, (legal_moves & -legal_moves).bit_length() - 1)
        moves = engine.analyze(board, level=60)
        for m in moves:
            child = ek.Board(board[1], board[0]) if m.move == ek.PASS else ek.board_next(board, m.move)
            assert m.exact and m.score == -solver.solve(child).score, m
        assert max(m.score for m in moves) == solver.solve(board).score


def test_threads():
    """An engine of two threads plays a game against itself at level 8 (legal moves, exact
    scores the solver's); the attribute's range is checked and a refused value changes nothing."""
    with ek.Engine(hash_bits=16, threads=2) as engine, ek.Solver(16) as solver:
        assert engine.threads == 2
        for bad in (0, -1, 257, 2**40):
            with pytest.raises(ek.EdaxKernelsError):
                engine.threads = bad
        assert engine.threads == 2
        board, exact_checked = ek.START, 0
        for _ in range(130):
            r = engine.search(board, level=8)
            assert r.complete and legal(board, r.move), (board, r)
            if r.move == ek.NOMOVE:
                break
            if r.exact and 64 - ek.bit_count(board[0] | board[1]) <= 18:
                assert r.score == solver.solve(board).score, board
                exact_checked += 1
            board = ek.Board(board[1], board[0]) if r.move == ek.PASS else ek.board_next(board, r.move)
        assert exact_checked >= 5
        engine.threads = 1
        assert engine.threads == 1
    with pytest.raises(ek.EdaxKernelsError):
        ek.Engine(hash_bits=16, threads=0)
