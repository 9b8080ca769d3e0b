"""Input that cannot be misread (issue 34): positions and batch arrays are read exactly or
refused with a clear message, never rounded, wrapped or taken in another shape. Each form
solve_many takes, and each form it refuses; the batch kernels' arguments; a run interrupted by
its progress callback or by Ctrl-C (the running solves stopped before their end, the queued
chunks never started, no thread left behind); the bundled weights; solving on a window and every
move's score."""

import _thread
import signal
import threading

import numpy as np
import pytest

import edax_kernels as ek
from edax_kernels import many

EK_ERR_RANGE, EK_ERR_STOPPED = -2, -11
H8 = 1 << 63


@pytest.fixture(scope="module")
def few():
    """Eight positions with 12 empty squares and their exact results, one by one."""
    p, o = ek.random_positions(8, empties=12, seed=5)
    with ek.Solver(16) as s:
        exact = [s.solve((int(a), int(b))) for a, b in zip(p, o)]
    return p, o, exact


def scores(boards):
    return ek.solve_many(boards, workers=2, chunk_size=3, hash_bits=14, progress=False).scores.tolist()


def test_every_form_of_many_positions_gives_the_same_positions(few):
    p, o, exact = few
    want = [r.score for r in exact]
    boards = [ek.Board(int(a), int(b)) for a, b in zip(p, o)]
    assert scores((p, o)) == want
    assert scores([p, o]) == want
    assert scores(np.stack([p, o], axis=1)) == want
    assert scores(boards) == want
    assert scores(tuple(boards)) == want
    assert scores([(int(a), int(b)) for a, b in zip(p, o)]) == want
    assert scores(iter(boards)) == want

    class Column:  # an array-like that is not a NumPy array (as a pandas Series)
        def __init__(self, a):
            self.a = a

        def __array__(self, dtype=None, copy=None):
            return self.a

    assert scores((Column(p), Column(o))) == want


def test_a_tuple_of_two_boards_is_two_positions(few):
    p, o, exact = few
    a, b = ek.Board(int(p[0]), int(o[0])), ek.Board(int(p[1]), int(o[1]))
    assert scores((a, b)) == [exact[0].score, exact[1].score]
    # Two lists of two ints are two boards too (lists are rows; only arrays are columns).
    assert scores(([int(p[0]), int(o[0])], [int(p[1]), int(o[1])])) == [exact[0].score, exact[1].score]


def test_bitboards_are_read_exactly_with_h8_occupied():
    # H8 (bit 63) set: beyond int64, where a float or a signed reading would go wrong.
    g = ek.Game()
    while not g.is_over and not (g.player | g.opponent) >> 63 & 1:
        g.play_random()
    assert (g.player | g.opponent) >> 63 & 1
    ps, os_ = [g.player, g.player], [g.opponent, g.opponent]
    assert ek.positions((np.array(ps, np.uint64), np.array(os_, np.uint64)))[0].tolist() == ps
    assert ek.positions(list(zip(ps, os_)))[1].tolist() == os_
    assert ek.get_moves_batch(ps, os_).tolist() == [ek.get_moves(g.player, g.opponent)] * 2


@pytest.mark.parametrize(
    "boards, error, words",
    [
        (ek.START, TypeError, "one board"),
        ((ek.START.player, ek.START.opponent), TypeError, "one board"),
        ([ek.START.player, ek.START.opponent], TypeError, "not a board"),
        ([(1.0, 2.0)], TypeError, "not a bitboard"),
        ([(1, 2, 3)], ValueError, "3 items"),
        ([(-1, 2)], ValueError, "not a bitboard"),
        ([(1 << 64, 2)], ValueError, "not a bitboard"),
        (["0000000810000000 0000001008000000"], TypeError, "not a board"),
        ("0000000810000000 0000001008000000", TypeError, "not str"),
        ({1: 2}, TypeError, "not dict"),
        (np.zeros((3, 3), np.uint64), ValueError, "shape (n, 2)"),
        (np.zeros(4, np.uint64), ValueError, "shape (n, 2)"),
        ((np.array([1.5, 2.5]), np.array([4.0, 8.0])), TypeError, "floats cannot hold 64 bits"),
        ((np.array([-1], np.int64), np.array([4], np.int64)), ValueError, "outside 0"),
        ((np.array([1, 2], np.uint64), np.array([4], np.uint64)), ValueError, "differ in length"),
        ((np.array([1, 2], np.uint64), [4, 8]), TypeError, "a pair of columns"),
        ((np.zeros((2, 2), np.uint64), np.zeros((2, 2), np.uint64)), ValueError, "1-D"),
    ],
)
def test_forms_that_cannot_be_read_are_refused(boards, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        ek.solve_many(boards, progress=False)


def test_batch_kernels_refuse_what_they_would_misread():
    with pytest.raises(TypeError, match="floats"):
        ek.get_moves_batch(np.array([1.0]), np.array([2.0]))
    with pytest.raises(ValueError, match="outside 0"):
        ek.get_moves_batch(np.array([-1]), np.array([2]))
    with pytest.raises(ValueError, match="outside 0"):
        ek.get_moves_batch([-1], [2])
    with pytest.raises(TypeError, match="not an integer"):
        ek.get_moves_batch([1.5], [2])
    with pytest.raises(ValueError, match="outside -2147483648"):
        ek.flip_batch(np.array([1 << 40]), [ek.START.player], [ek.START.opponent])
    with pytest.raises(TypeError, match="not an integer"):
        ek.flip_batch([True], [ek.START.player], [ek.START.opponent])
    with pytest.raises(TypeError):
        ek.Solver(8).solve_batch("12", "34")
    # In range, any integer type converts exactly.
    assert ek.flip_batch(np.array([19], np.int64), [ek.START.player], np.array([ek.START.opponent])).tolist() == [
        ek.flip(19, *ek.START)
    ]


def deep_positions():
    """Positions each of which takes the solver many seconds (0.5 to 1.7 billion nodes)."""
    p, o = ek.random_positions(6, empties=24, seed=3)
    return p[[5, 2, 1, 4]], o[[5, 2, 1, 4]]


def edax_threads():
    return [t for t in threading.enumerate() if t.name.startswith("edax-kernels")]


class Watched:
    """The native solves of solve_many's chunks, seen through many._solve_arrays: the first
    position of each solve that started (registered with the run, to be stopped on cancel), and
    the status each returned (0: searched to its end; EK_ERR_STOPPED: stopped before). A chunk
    cancelled before its solve started is in neither."""

    def __init__(self, monkeypatch):
        self.started, self.returned = [], {}
        self.changed = threading.Condition()
        real = many._solve_arrays
        watched = self

        class Run:  # the run as _solve_arrays sees it: enter() also records the start
            def __init__(self, run, first):
                self.run, self.first = run, first

            def enter(self, solver):
                self.run.enter(solver)
                with watched.changed:
                    watched.started.append(self.first)
                    watched.changed.notify_all()

            def leave(self, solver):
                self.run.leave(solver)

        def solve_arrays(solver, p, o, window, run):
            first = (int(p[0]), int(o[0]))
            r = real(solver, p, o, window, Run(run, first))
            with watched.changed:
                watched.returned[first] = r[4]
            return r

        monkeypatch.setattr(many, "_solve_arrays", solve_arrays)

    def have_started(self, *firsts):
        with self.changed:
            return set(firsts) <= set(self.started)


def firsts(p, o):
    return [(int(a), int(b)) for a, b in zip(p, o)]


def test_an_exception_from_progress_stops_the_run_at_once(few, monkeypatch):
    p, o, _ = few
    deep_p, deep_o = deep_positions()
    deep = firsts(deep_p, deep_o)
    quick = (int(p[0]), int(o[0]))
    # Three workers: two take deep positions, the third a quick one, whose progress raises
    # while the deep ones run (once both have started); the fourth deep one is queued behind
    # them, the third may start on the quick one's thread.
    boards = (np.concatenate([deep_p[:2], p[:1], deep_p[2:]]), np.concatenate([deep_o[:2], o[:1], deep_o[2:]]))
    watched = Watched(monkeypatch)
    calls = []

    def progress(done):
        calls.append(done)
        # A guard against a hang, not a measure: the deep solves take minutes to their end.
        with watched.changed:
            assert watched.changed.wait_for(lambda: watched.have_started(*deep[:2]), timeout=120)
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        ek.solve_many(boards, workers=3, chunk_size=1, hash_bits=16, progress=progress)
    assert calls == [1] and not edax_threads()
    # The running chunks were stopped (none searched to its end), the queued one never started.
    assert watched.returned[quick] == 0
    assert {watched.returned[d] for d in deep[:2]} == {EK_ERR_STOPPED}
    assert {watched.returned[d] for d in deep if d in watched.returned} == {EK_ERR_STOPPED}
    assert deep[3] not in watched.started
    assert set(watched.started) == set(watched.returned)


@pytest.fixture
def ctrl_c_raises():
    """Ctrl-C raising KeyboardInterrupt, as in a terminal. A process started in the background by
    a shell without job control (`cmd &` in a script, as CI runners may start the suite) inherits
    SIGINT ignored, and Python then installs no handler: `_thread.interrupt_main` does nothing."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def ctrl_c_once_running(monkeypatch, watched, running):
    """Ctrl-C (``_thread.interrupt_main``: SIGINT's handler runs in this thread, as when a
    terminal sends it) while solve_many waits for its chunks, once the solves of ``running``
    have started: many's wait watched."""
    real_wait = many._wait
    sent = []

    def wait(*args, **kwargs):
        if not sent and watched.have_started(*running):
            sent.append(True)
            _thread.interrupt_main()
        return real_wait(*args, **kwargs)

    monkeypatch.setattr(many, "_wait", wait)
    return sent


def test_ctrl_c_stops_the_running_solves(ctrl_c_raises, monkeypatch):
    p, o = deep_positions()
    deep = firsts(p, o)
    for workers in (2, 1):  # one worker: its chunk still runs on a thread of its own, stoppable
        with monkeypatch.context() as patch:
            watched = Watched(patch)
            sent = ctrl_c_once_running(patch, watched, deep[:workers])
            with pytest.raises(KeyboardInterrupt):
                ek.solve_many((p, o), workers=workers, chunk_size=1, hash_bits=16, progress=False)
        assert sent and not edax_threads()
        # The solves running were stopped before their end; the queued chunks never started.
        assert sorted(watched.started) == sorted(deep[:workers])
        assert [watched.returned[d] for d in deep[:workers]] == [EK_ERR_STOPPED] * workers


def test_window_gives_bounds_on_the_right_side(few):
    p, o, exact = few
    for alpha, beta in ((-1, 1), (-3, 3), (0, 1), (-64, 64)):
        r = ek.solve_many((p, o), window=(alpha, beta), workers=2, progress=False)
        for got, want in zip(r.scores.tolist(), exact):
            v = want.score
            if alpha < got < beta:
                assert got == v
            elif got <= alpha:
                assert v <= got
            else:
                assert v >= got
    for bad in ((0, 0), (1, -1), (-65, 3), (3, 65)):
        with pytest.raises(ek.EdaxKernelsError) as e:
            ek.solve_many((p, o), window=bad, progress=False)
        assert e.value.status == EK_ERR_RANGE
    with pytest.raises(TypeError, match="window"):
        ek.solve_many((p, o), window=3, progress=False)


def test_every_move_scored(few):
    p, o, exact = few
    r = ek.solve_many((p, o), per_move=True, workers=2, chunk_size=3, progress=False)
    assert r.move_scores.shape == (len(p), 64) and r.move_scores.dtype == np.int8
    with ek.Solver(16) as s:
        for i, (a, b) in enumerate(zip(p.tolist(), o.tolist())):
            legal = ek.get_moves(a, b)
            for x in range(64):
                if legal >> x & 1:
                    f = ek.flip(x, a, b)
                    assert r.move_scores[i, x] == -s.solve((b ^ f, a ^ f ^ (1 << x))).score
                else:
                    assert r.move_scores[i, x] == many.NOT_A_MOVE
            assert r.scores[i] == exact[i].score == r.move_scores[i].max()
            assert r.move_scores[i, r.best_moves[i]] == r.scores[i]
    # A position that must pass, and one at the end of the game: scored as themselves.
    must_pass = None
    for seed in range(1000):
        g = ek.Game(seed=seed)
        while not g.is_over and not g.must_pass:
            g.play_random()
        if g.must_pass:
            must_pass = g.board
            break
    assert must_pass is not None, "no random game passes"
    over = ek.Board(0xFFFFFFFFFFFFFFFF, 0)
    r = ek.solve_many([must_pass, over], per_move=True, progress=False)
    with ek.Solver(16) as s:
        assert r.scores.tolist() == [-s.solve(must_pass[::-1]).score, 64]
    assert r.best_moves.tolist() == [ek.PASS, ek.NOMOVE]
    assert (r.move_scores == many.NOT_A_MOVE).all()


def test_the_bundled_weights_load_and_order_the_solver(few):
    p, o, exact = few
    image = ek.default_weights()
    assert len(image) == 13_952_436 and image[:8] == b"XADELAVE"
    ek.eval_unload()
    ek.eval_load_default()
    assert ek.eval_loaded()
    with ek.Solver(16, eval=True) as s:
        assert s.eval and s.solve((int(p[0]), int(o[0]))).score == exact[0].score
    r = ek.solve_many((p, o), eval_weights=True, workers=2, progress=False)
    assert r.scores.tolist() == [e.score for e in exact]
    # The same weights as those bytes loaded explicitly.
    ek.eval_load_bytes(memoryview(image))
    assert ek.eval_loaded()


def test_a_stopped_chunk_raises_rather_than_giving_unsolved_positions():
    # The thread's own solver, with a node limit that the deep positions reach: the chunk must
    # raise EK_ERR_STOPPED, never return the unsolved positions' placeholder scores.
    p, o = deep_positions()
    solver = many._solver(16)
    solver.node_limit = 1000
    try:
        with pytest.raises(ek.EdaxKernelsError) as e:
            many.solve_chunk(p[:1], o[:1], 16)
        assert e.value.status == -11
    finally:
        solver.node_limit = 0
    scores = many.solve_chunk(p[:0], o[:0], 16)[0]
    assert scores.size == 0
