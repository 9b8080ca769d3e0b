"""Solving many positions: on every core of this machine, or on a Dask cluster.

``solve_many(boards)`` returns the exact score, a best move and the nodes searched of each
position, as NumPy arrays in the input's order. The positions are cut into chunks; each chunk is
solved by one native call (``Solver._solve_many``, the GIL released) with a solver whose table is
cleared first, so a chunk's results do not depend on where or after what it ran: the same
chunking gives the same best moves and node counts on threads, on any Dask worker, after a
worker is lost and its chunk solved again, or in a resumed run (``python -m edax_kernels.solve``).
The scores never depend on the chunking; a best move is always one that reaches the score.

Without a client the chunks run on ``workers`` threads of this process (default: every core;
each thread has its own solver). With a ``dask.distributed.Client`` they run as Dask tasks, each
solved by the native call on a worker (one solver per worker thread, kept between tasks). Dask,
its ``distributed`` scheduler and tqdm are optional: ``pip install "edax-kernels[scale]"``.

With ``eval_weights`` (an eval.dat file, or True for the project's own weights, which the library
carries), every chunk's solver orders its moves with those weights (``Solver.eval``): far fewer
nodes on deep positions, the same scores (where several moves reach the score, the best move may
be another of them). Each process running chunks loads the weights once (a file again only when
it changes on disk) and gives them to each of its solvers; a chunk's best moves and node counts
are then as deterministic as without.

``window=(alpha, beta)`` solves on that window instead of (-64, 64): exact scores inside it,
fail-soft bounds outside (the weak-solution work labels wins, draws and losses with (-1, 1), or
keeps scores within 3 of a draw with (-3, 3), for far fewer nodes). ``per_move=True`` also gives
the score of every legal move (the position after each move is solved; the position's own score
is the best of them): policy targets for learning.

Ctrl-C, or an exception raised by the progress callback, stops the run: the queued chunks are
cancelled, the running ones stopped (``Solver.stop``: their solves end there, not at the end of
their search), and the exception raised once they have returned, with no thread left running (on
Dask, the chunks' tasks are cancelled).
"""

# The names this module imports are private (a leading underscore): its public names are those
# of __all__.
import os as _os
import sys as _sys
import threading as _threading
from concurrent.futures import FIRST_COMPLETED as _FIRST_COMPLETED, ThreadPoolExecutor as _ThreadPoolExecutor
from concurrent.futures import wait as _wait
from typing import Callable as _Callable, Dict as _Dict, Iterable as _Iterable, List as _List
from typing import NamedTuple as _NamedTuple, Optional as _Optional, Tuple as _Tuple, Union as _Union

import numpy as _np

from . import EdaxKernelsError as _EdaxKernelsError, Solver as _Solver, _native
from . import board_next_batch as _board_next_batch, eval_load_file as _eval_load_file, flip as _flip
from . import get_moves as _get_moves, get_moves_batch as _get_moves_batch
from ._arrays import positions as _positions

__all__ = [
    "SolveManyResult", "solve_many", "solve_chunk", "random_positions", "as_arrays", "chunk_bounds", "NOT_A_MOVE",
    "DEFAULT_CHUNK_SIZE", "EvalWeights",
]

#: EK_ERR_RANGE, EK_ERR_STOPPED (the library's status codes).
_EK_ERR_RANGE = -2
_EK_ERR_STOPPED = -11

#: The score of a square that is not a legal move in ``SolveManyResult.move_scores``.
NOT_A_MOVE = -128

#: Positions per chunk when ``chunk_size`` is not given (BENCHMARKS.md, "Solving many positions").
DEFAULT_CHUNK_SIZE = 256


class SolveManyResult(_NamedTuple):
    """Per position, in the input's order: the score for the side to move (int32; exact, or a
    fail-soft bound outside ``window``), a move reaching it (``PASS`` when the side to move must
    pass, ``NOMOVE`` when the game is over; int32) and the nodes searched (uint64). With
    ``per_move=True``, ``move_scores`` is an (n, 64) int8 array: column x the score of playing
    square x (on the same window), ``NOT_A_MOVE`` (-128) where x is not a legal move; else None."""

    scores: _np.ndarray
    best_moves: _np.ndarray
    nodes: _np.ndarray
    move_scores: _Optional[_np.ndarray] = None


def as_arrays(boards) -> _Tuple[_np.ndarray, _np.ndarray]:
    """The players' and opponents' bitboards of ``boards`` as two uint64 arrays: (players,
    opponents) as two 1-D arrays, an (n, 2) array, or an iterable of boards (``Board``s, pairs of
    ints; a tuple of two Boards is two positions). Told apart by type, never by length; anything
    else raises (``edax_kernels.positions``)."""
    return _positions(boards)


def chunk_bounds(n: int, chunk_size: int) -> _List[_Tuple[int, int]]:
    """The (start, end) of each chunk of ``n`` positions, ``chunk_size`` each but the last."""
    if chunk_size < 1:
        raise ValueError("chunk_size must be at least 1")
    return [(i, min(i + chunk_size, n)) for i in range(0, n, chunk_size)]


_solvers = _threading.local()


def _solver(hash_bits: int) -> _Solver:
    """This thread's solver with a table of 2**hash_bits entries (made once per thread)."""
    cached = getattr(_solvers, "by_bits", None)
    if cached is None:
        cached = _solvers.by_bits = {}
    if hash_bits not in cached:
        cached[hash_bits] = _Solver(hash_bits)
    return cached[hash_bits]


#: Per path of an eval.dat (or True: the bundled weights): (the file's identity when loaded, a
#: table-less solver holding its weights). Each process loads a file once; every solver of the
#: process copies the weights from here (``Solver._copy_eval``), whatever weights
#: ``eval_load_file`` has loaded since.
_eval_sources: _Dict[_Union[str, bytes, bool], _Tuple[tuple, _Solver]] = {}
_eval_lock = _threading.Lock()

#: An eval.dat's path, as ``eval_load_file`` takes it, or True for the bundled weights.
EvalWeights = _Union[str, bytes, _os.PathLike, bool]


def _eval_path(eval_weights: EvalWeights) -> _Union[str, bytes, bool]:
    """The absolute path of ``eval_weights`` (relative to this process's working directory), as
    sent to the processes that run the chunks; True (the bundled weights) as it is."""
    if eval_weights is True:
        return True
    if eval_weights is False or isinstance(eval_weights, (int, float)):
        raise TypeError("eval_weights is an eval.dat's path, or True for the bundled weights")
    return _os.path.abspath(_os.fspath(eval_weights))


def _eval_source(path: _Union[str, bytes, bool]) -> _Solver:
    """A solver holding the weights of the eval.dat at ``path`` (True: the bundled weights),
    loaded once per process (a file again when it changes on disk). Raises EdaxKernelsError
    naming the path when the file cannot be loaded (EK_ERR_IO when missing or unreadable,
    EK_ERR_EVAL_FORMAT or EK_ERR_EVAL_SIZE when not an eval.dat); the weights in use are then
    unchanged."""
    identity: tuple = ("bundled",)
    if path is not True:
        try:
            st = _os.stat(path)
            identity = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        except OSError:
            identity = ()  # eval_load_file reports it
    with _eval_lock:
        cached = _eval_sources.get(path)
        if cached is not None and identity and cached[0] == identity:
            return cached[1]
        try:
            if path is True:
                _native.eval_load_default()
            else:
                _eval_load_file(path)
            # Under the lock, right after the load: the weights this solver takes are the file's.
            source = _Solver(1, eval=True)
        except _EdaxKernelsError as e:
            why = str(e).removeprefix("edax_kernels: ")
            name = "the bundled weights" if path is True else _os.fsdecode(path)
            raise _EdaxKernelsError(f"edax_kernels: eval_weights {name}: {why}", e.status) from None
        _eval_sources[path] = (identity, source)
        return source


class _Run:
    """What the chunks of one solve_many share: a cancelled flag, and the solvers solving now
    (stopped on cancel)."""

    def __init__(self):
        self.cancelled = _threading.Event()
        self._lock = _threading.Lock()
        self._solving: set = set()

    def enter(self, solver: _Solver) -> None:
        with self._lock:
            if self.cancelled.is_set():
                raise _Cancelled()
            self._solving.add(solver)

    def leave(self, solver: _Solver) -> None:
        with self._lock:
            self._solving.discard(solver)

    def cancel(self) -> None:
        """Stops what runs, and what would start."""
        with self._lock:
            self.cancelled.set()
            for solver in self._solving:
                solver.stop()


class _Cancelled(Exception):
    """A chunk not solved because its run was cancelled."""


def _solve_arrays(solver, p, o, window, run) -> _Tuple[_np.ndarray, _np.ndarray, _np.ndarray, _np.ndarray, int]:
    """One ek_solver_solve_many call: (scores, moves, nodes, status, the call's status)."""
    n = p.size
    scores, moves, nodes = _np.empty(n, _np.int32), _np.empty(n, _np.int32), _np.empty(n, _np.uint64)
    status = _np.empty(n, _np.int32)
    if run is not None:
        run.enter(solver)
    try:
        r = solver._solve_many(p, o, window[0], window[1], scores, moves, nodes, status)
    finally:
        if run is not None:
            run.leave(solver)
    return scores, moves, nodes, status, r


def _children(p: _np.ndarray, o: _np.ndarray):
    """The positions after each legal move: (index of the parent, square, child's player, child's
    opponent), the children seen from the side that then moves."""
    legal = _get_moves_batch(p, o)
    parents, squares = [], []
    for x in range(64):
        has = _np.flatnonzero((legal >> _np.uint64(x)) & _np.uint64(1))
        parents.append(has)
        squares.append(_np.full(has.size, x, _np.int32))
    parent = _np.concatenate(parents) if parents else _np.empty(0, _np.int64)
    square = _np.concatenate(squares) if squares else _np.empty(0, _np.int32)
    cp, co = _board_next_batch(square, p[parent], o[parent])
    return parent, square, cp, co


def solve_chunk(
    players: _np.ndarray,
    opponents: _np.ndarray,
    hash_bits: int,
    eval_weights: _Optional[_Union[str, bytes, bool]] = None,
    window: _Tuple[int, int] = (-64, 64),
    per_move: bool = False,
    run: _Optional[_Run] = None,
) -> _Tuple[_np.ndarray, ...]:
    """Solves one chunk with this thread's solver, its table cleared first, on ``window``:
    (scores, best moves, nodes), and the (n, 64) move scores with ``per_move``. With
    ``eval_weights`` (an eval.dat's path, or True for the bundled weights) the solver orders its
    moves with those weights (loaded once per process), without it with the fast order alone.
    Raises EdaxKernelsError (EK_ERR_RANGE) naming the first position whose bitboards overlap,
    EK_ERR_STOPPED when stopped, or the load's error. A Dask task runs this on a worker."""
    # Contiguous and aligned (an array Dask rebuilt from a message may be neither).
    p = _np.require(players, dtype=_np.uint64, requirements=["C", "A"])
    o = _np.require(opponents, dtype=_np.uint64, requirements=["C", "A"])
    solver = _solver(hash_bits)
    # Set for every chunk: the thread's solver is shared by calls with and without weights.
    if eval_weights is None:
        solver.eval = False
    else:
        solver._copy_eval(_eval_source(eval_weights))
    solver.clear()
    if not per_move:
        scores, moves, nodes, status, r = _solve_arrays(solver, p, o, window, run)
        _raise_for(r, status)
        return scores, moves, nodes
    # Every move: the children solved on the negated window; a position's score is the best
    # of its moves' (positions without a move are solved themselves: a pass or the game's end).
    parent, square, cp, co = _children(p, o)
    cs, _, cn, status, r = _solve_arrays(solver, cp, co, (-window[1], -window[0]), run)
    _raise_for(r, status)
    n = p.size
    move_scores = _np.full((n, 64), NOT_A_MOVE, _np.int8)
    move_scores[parent, square] = -cs
    scores = _np.full(n, -65, _np.int32)
    _np.maximum.at(scores, parent, -cs)
    nodes = _np.zeros(n, _np.uint64)
    _np.add.at(nodes, parent, cn)
    best = _np.where(move_scores == scores[:, None], _np.arange(64), 64).min(axis=1).astype(_np.int32)
    none = _np.flatnonzero(scores == -65)
    if none.size:
        s, m, c, status, r = _solve_arrays(solver, p[none], o[none], window, run)
        _raise_for(r, status)
        scores[none], best[none], nodes[none] = s, m, nodes[none] + c
    return scores, best, nodes, move_scores


def _raise_for(r: int, status: _np.ndarray) -> None:
    """The error of a ek_solver_solve_many status other than EK_OK."""
    if r == _EK_ERR_RANGE:
        i = int(_np.flatnonzero(status == _EK_ERR_RANGE)[0])
        raise _EdaxKernelsError(f"edax_kernels: position {i} of the chunk: its bitboards overlap", r)
    if r == _EK_ERR_STOPPED:
        raise _EdaxKernelsError("edax_kernels: stopped", r)


def _progress_bar(total: int, progress, unit: str = "pos"):
    """A callable taking the positions (or other units) just done: tqdm's bar on a terminal (or
    when asked), the caller's callable, or nothing."""
    if callable(progress):
        return progress, None
    if progress is False or (progress is None and not _sys.stderr.isatty()):
        return (lambda n: None), None
    try:
        from tqdm import tqdm
    except ImportError:
        if progress:
            raise ImportError('progress=True needs tqdm: pip install "edax-kernels[scale]"') from None
        return (lambda n: None), None
    bar = tqdm(total=total, unit=unit, smoothing=0.05)
    return bar.update, bar


def _window(window) -> _Tuple[int, int]:
    """(alpha, beta) as ints, -64 <= alpha < beta <= 64, or EdaxKernelsError (EK_ERR_RANGE)."""
    try:
        alpha, beta = (int(w) for w in window)
    except (TypeError, ValueError):
        raise TypeError(f"window must be (alpha, beta), not {window!r}") from None
    if not -64 <= alpha < beta <= 64:
        raise _EdaxKernelsError(f"edax_kernels: window ({alpha}, {beta}): not -64 <= alpha < beta <= 64", _EK_ERR_RANGE)
    return alpha, beta


def solve_many(
    boards,
    *,
    hash_bits: int = 20,
    workers: _Optional[int] = None,
    client=None,
    chunk_size: _Optional[int] = None,
    progress: _Union[None, bool, _Callable[[int], None]] = None,
    eval_weights: _Optional[EvalWeights] = None,
    window: _Tuple[int, int] = (-64, 64),
    per_move: bool = False,
) -> SolveManyResult:
    """Solves every position of ``boards`` on ``window`` (default (-64, 64): exact scores).
    ``boards``: (players, opponents) as two 1-D arrays, an (n, 2) array, or an iterable of
    boards (``Board``s, pairs of ints; a tuple of two Boards is two positions); told apart by
    type, never by length, and anything else raises (``edax_kernels.positions``). Returns a
    ``SolveManyResult`` of NumPy arrays in the input's order.

    ``window``: (alpha, beta), -64 <= alpha < beta <= 64: scores strictly inside are exact,
    others fail-soft bounds on their side (such as (-1, 1): positive wins, 0 draws, negative
    losses). ``per_move``: also the score of every legal move (``move_scores``, (n, 64) int8,
    ``NOT_A_MOVE`` elsewhere), each on the same window; the position's score is their best.
    ``workers``: threads of this process (default ``os.cpu_count()``), without ``client``.
    ``client``: a ``dask.distributed.Client``; each chunk becomes a task. ``chunk_size``:
    positions per chunk (default ``DEFAULT_CHUNK_SIZE``). ``hash_bits``: each solver's table,
    2**hash_bits entries of 32 bytes, one per thread. ``progress``: a tqdm bar when stderr is a
    terminal (None), always (True), never (False), or a callable given the number of positions
    each finished chunk adds. ``eval_weights``: True for the project's own weights (bundled with
    the library), or the path (str or os.PathLike) of an Edax eval.dat, whose weights order the
    solvers' moves (``Solver.eval``; fewer nodes on deep positions, the same scores, maybe other
    best moves reaching them): each process running chunks loads them once, this one included
    (loading makes them the weights in use there, as ``eval_load_file`` does); a relative path is
    this process's, and with ``client`` every worker must find the file at that absolute path.

    Raises before anything is solved: EdaxKernelsError EK_ERR_RANGE for overlapping bitboards
    (naming the position) or a bad window; the load's error for ``eval_weights`` (EK_ERR_IO for
    a missing file, EK_ERR_EVAL_FORMAT or EK_ERR_EVAL_SIZE for one that is not an eval.dat),
    naming the file; TypeError or ValueError for ``boards`` it cannot read exactly. Ctrl-C or an
    exception from ``progress`` cancels the rest of the run (see the module's doc)."""
    p, o = _positions(boards)
    n = p.size
    overlap = _np.flatnonzero(p & o)
    if overlap.size:
        raise _EdaxKernelsError(f"edax_kernels: position {int(overlap[0])}: its bitboards overlap", _EK_ERR_RANGE)
    if not 1 <= hash_bits <= 32:
        raise _EdaxKernelsError(f"edax_kernels: hash_bits={hash_bits}: not in 1..32", _EK_ERR_RANGE)
    window = _window(window)
    eval_path = None
    if eval_weights is not None:
        eval_path = _eval_path(eval_weights)
        _eval_source(eval_path)  # the load's error now, before any solving
    bounds = chunk_bounds(n, chunk_size or DEFAULT_CHUNK_SIZE)
    scores, moves, nodes = _np.empty(n, _np.int32), _np.empty(n, _np.int32), _np.empty(n, _np.uint64)
    move_scores = _np.empty((n, 64), _np.int8) if per_move else None
    advance, bar = _progress_bar(n, progress)
    chunks = _solve_chunks(p, o, bounds, hash_bits, workers, client, eval_path, window, per_move)
    try:
        for (start, end), r in chunks:
            scores[start:end], moves[start:end], nodes[start:end] = r[:3]
            if per_move:
                move_scores[start:end] = r[3]
            advance(end - start)
    finally:
        chunks.close()  # on an exception: cancels the rest, joins the threads
        if bar is not None:
            bar.close()
    return SolveManyResult(scores, moves, nodes, move_scores)


def _solve_chunks(p, o, bounds, hash_bits, workers, client, eval_path=None, window=(-64, 64), per_move=False) -> _Iterable:
    """((start, end), the chunk's results) of each chunk, as the chunks finish (``_run_chunks``)."""
    args = dict(hash_bits=hash_bits, eval_weights=eval_path, window=window, per_move=per_move)
    tasks = [((a, b), (p[a:b], o[a:b])) for a, b in bounds]
    # solve_chunk looked up at each call: a test that replaces it in this module sees its own run.
    return _run_chunks(solve_chunk, tasks, workers, client, args)


def _run_chunks(fn, tasks, workers, client, kwargs) -> _Iterable:
    """(key, fn(*args, **kwargs)) of each (key, args) of ``tasks``, as the chunks finish: on
    ``workers`` threads (default: every core), each call given ``run=`` (a ``_Run``: the searches
    it makes are entered there, to be stopped on cancel), or as Dask tasks on ``client``. Leaving
    early (an exception in the caller, Ctrl-C) cancels the rest: queued chunks are dropped,
    running ones stopped, and the threads joined before the exception goes on. Self-play's games
    run here too (``edax_kernels.selfplay``)."""
    if client is not None:
        yield from _run_chunks_dask(fn, tasks, client, kwargs)
        return
    workers = workers or _os.cpu_count() or 1
    if workers < 1:
        raise ValueError("workers must be at least 1")
    # Even one chunk runs on a worker thread: this thread stays free to see Ctrl-C and stop it.
    run = _Run()
    pool = _ThreadPoolExecutor(max_workers=workers, thread_name_prefix="edax-kernels")
    # Filled one chunk at a time inside the try: a Ctrl-C while the chunks are being submitted
    # stops those already submitted.
    pending = {}
    order = {}
    try:
        for i, (key, args) in enumerate(tasks):
            future = pool.submit(fn, *args, run=run, **kwargs)
            pending[future], order[future] = key, i
        while pending:
            # A timeout, so that Ctrl-C reaches this thread at once on every platform.
            done, _ = _wait(pending, timeout=0.2, return_when=_FIRST_COMPLETED)
            # The chunks that finished are handed over before a failed one's exception.
            failed = None
            for future in sorted(done, key=lambda f: (f.exception() is not None, order[f])):
                key = pending.pop(future)
                if future.exception() is not None:
                    failed = failed or future
                    continue
                yield key, future.result()
            if failed is not None:
                failed.result()
    except BaseException:
        run.cancel()
        pool.shutdown(wait=False, cancel_futures=True)
        # A stop reaches a solve only while it runs (the library drops a stop that comes before),
        # so a chunk that was just starting is stopped again until every chunk has returned.
        while not all(f.done() for f in pending):
            run.cancel()
            _wait(pending, timeout=0.01)
        raise
    finally:
        # Every chunk has returned by now after a cancel: this joins the threads.
        pool.shutdown(wait=True, cancel_futures=True)


def _run_chunks_dask(fn, tasks, client, kwargs) -> _Iterable:
    """The chunks as Dask tasks (their inputs sent with them), gathered as they finish; leaving
    early cancels the tasks not gathered."""
    from distributed import as_completed

    if not tasks:
        return
    columns = list(zip(*(args for _, args in tasks)))
    futures = client.map(fn, *columns, pure=False, **kwargs)
    where = {f.key: key for f, (key, _) in zip(futures, tasks)}
    try:
        for future in as_completed(futures):
            yield where[future.key], future.result()
    except BaseException:
        client.cancel(futures)
        raise


def random_positions(n: int, empties: int = 16, seed: int = 0) -> _Tuple[_np.ndarray, _np.ndarray]:
    """``n`` positions with ``empties`` empty squares (4..59), each from a random legal game from
    the start position (uniform among the legal moves, passes played as they come), taken at the
    first position with that many empty squares and a legal move; a game that ends earlier is
    dropped. Deterministic for a seed (NumPy's PCG64): the benchmarks' and tests' positions."""
    if not 4 <= empties <= 59:
        raise ValueError("empties must be in 4..59")
    rng = _np.random.Generator(_np.random.PCG64(seed))
    players, opponents = _np.empty(n, _np.uint64), _np.empty(n, _np.uint64)
    made = 0
    while made < n:
        p, o = 0x0000000810000000, 0x0000001008000000
        while True:
            moves = _get_moves(p, o)
            empty = 64 - bin(p | o).count("1")
            if moves == 0:
                if _get_moves(o, p) == 0:
                    break  # the game ended first
                p, o = o, p
                continue
            if empty == empties:
                players[made], opponents[made] = p, o
                made += 1
                break
            squares = [x for x in range(64) if moves >> x & 1]
            x = squares[int(rng.integers(len(squares)))]
            f = _flip(x, p, o)
            p, o = o ^ f, p ^ f ^ (1 << x)
    return players, opponents
