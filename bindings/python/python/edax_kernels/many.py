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

With ``eval_weights`` (an eval.dat file), every chunk's solver orders its moves with those
weights (``Solver.eval``): far fewer nodes on deep positions, the same scores (where several moves
reach the score, the best move may be another of them). Each process running chunks loads the
file once (again only when it changes on disk) and gives its weights to each of its solvers; a
chunk's best moves and node counts are then as deterministic as without.
"""

import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Dict, Iterable, List, NamedTuple, Optional, Tuple, Union

import numpy as np

from . import EdaxKernelsError, Solver, eval_load_file, flip, get_moves

__all__ = ["SolveManyResult", "solve_many", "solve_chunk", "random_positions", "as_arrays", "chunk_bounds"]

#: Positions per chunk when ``chunk_size`` is not given (BENCHMARKS.md, "Solving many positions").
DEFAULT_CHUNK_SIZE = 256


class SolveManyResult(NamedTuple):
    """Per position, in the input's order: the exact score for the side to move (int8 range in
    int32), a move reaching it (``PASS`` when the side to move must pass, ``NOMOVE`` when the game
    is over; int32) and the nodes searched (uint64)."""

    scores: np.ndarray
    best_moves: np.ndarray
    nodes: np.ndarray


def as_arrays(boards) -> Tuple[np.ndarray, np.ndarray]:
    """The players' and opponents' bitboards of ``boards`` as two uint64 arrays: ``boards`` is a
    pair of equal-length 1-D arrays, or an iterable of boards (``Board``s, pairs of ints)."""
    if isinstance(boards, tuple) and len(boards) == 2 and all(np.ndim(b) == 1 for b in boards):
        p, o = (np.ascontiguousarray(b, dtype=np.uint64) for b in boards)
        if p.shape != o.shape:
            raise ValueError(f"players and opponents differ in length ({p.size} and {o.size})")
        return p, o
    pairs = [(int(b[0]), int(b[1])) for b in boards]
    p = np.fromiter((b[0] for b in pairs), dtype=np.uint64, count=len(pairs))
    o = np.fromiter((b[1] for b in pairs), dtype=np.uint64, count=len(pairs))
    return p, o


def chunk_bounds(n: int, chunk_size: int) -> List[Tuple[int, int]]:
    """The (start, end) of each chunk of ``n`` positions, ``chunk_size`` each but the last."""
    if chunk_size < 1:
        raise ValueError("chunk_size must be at least 1")
    return [(i, min(i + chunk_size, n)) for i in range(0, n, chunk_size)]


_solvers = threading.local()


def _solver(hash_bits: int) -> Solver:
    """This thread's solver with a table of 2**hash_bits entries (made once per thread)."""
    cached = getattr(_solvers, "by_bits", None)
    if cached is None:
        cached = _solvers.by_bits = {}
    if hash_bits not in cached:
        cached[hash_bits] = Solver(hash_bits)
    return cached[hash_bits]


#: Per path of an eval.dat: (the file's identity when loaded, a table-less solver holding its
#: weights). Each process loads a file once; every solver of the process copies the weights from
#: here (``Solver._copy_eval``), whatever weights ``eval_load_file`` has loaded since.
_eval_sources: Dict[Union[str, bytes], Tuple[tuple, Solver]] = {}
_eval_lock = threading.Lock()

#: An eval.dat's path, as ``eval_load_file`` takes it.
EvalWeights = Union[str, bytes, os.PathLike]


def _eval_path(eval_weights: EvalWeights) -> Union[str, bytes]:
    """The absolute path of ``eval_weights`` (relative to this process's working directory), as
    sent to the processes that run the chunks."""
    return os.path.abspath(os.fspath(eval_weights))


def _eval_source(path: Union[str, bytes]) -> Solver:
    """A solver holding the weights of the eval.dat at ``path``, loaded once per process (and
    again when the file changes on disk). Raises EdaxKernelsError naming the path when the file
    cannot be loaded (EK_ERR_IO when missing or unreadable, EK_ERR_EVAL_FORMAT or
    EK_ERR_EVAL_SIZE when not an eval.dat); the weights in use are then unchanged."""
    try:
        st = os.stat(path)
        identity: tuple = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    except OSError:
        identity = ()  # eval_load_file reports it
    with _eval_lock:
        cached = _eval_sources.get(path)
        if cached is not None and identity and cached[0] == identity:
            return cached[1]
        try:
            eval_load_file(path)
            # Under the lock, right after the load: the weights this solver takes are the file's.
            source = Solver(1, eval=True)
        except EdaxKernelsError as e:
            why = str(e).removeprefix("edax_kernels: ")
            raise EdaxKernelsError(f"edax_kernels: eval_weights {os.fsdecode(path)}: {why}", e.status) from None
        _eval_sources[path] = (identity, source)
        return source


def solve_chunk(
    players: np.ndarray,
    opponents: np.ndarray,
    hash_bits: int,
    eval_weights: Optional[Union[str, bytes]] = None,
) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Solves one chunk with this thread's solver, its table cleared first: (scores, best
    moves, nodes). With ``eval_weights`` (an eval.dat's path) the solver orders its moves with
    that file's weights (loaded once per process), without it with the fast order alone. Raises
    EdaxKernelsError (EK_ERR_RANGE) naming the first position whose bitboards overlap, or the
    load's error. A Dask task runs this on a worker."""
    # Contiguous and aligned (an array Dask rebuilt from a message may be neither).
    p = np.require(players, dtype=np.uint64, requirements=["C", "A"])
    o = np.require(opponents, dtype=np.uint64, requirements=["C", "A"])
    n = p.size
    scores, moves, nodes = np.empty(n, np.int32), np.empty(n, np.int32), np.empty(n, np.uint64)
    solver = _solver(hash_bits)
    # Set for every chunk: the thread's solver is shared by calls with and without weights.
    if eval_weights is None:
        solver.eval = False
    else:
        solver._copy_eval(_eval_source(eval_weights))
    solver.clear()
    done = solver._solve_many(p, o, scores, moves, nodes)
    if done < n:
        raise EdaxKernelsError(f"position {done} of the chunk: its bitboards overlap", -2)
    return scores, moves, nodes


def _progress_bar(total: int, progress):
    """A callable taking the positions just done: tqdm's bar on a terminal (or when asked), the
    caller's callable, or nothing."""
    if callable(progress):
        return progress, None
    if progress is False or (progress is None and not sys.stderr.isatty()):
        return (lambda n: None), None
    try:
        from tqdm import tqdm
    except ImportError:
        if progress:
            raise ImportError('progress=True needs tqdm: pip install "edax-kernels[scale]"') from None
        return (lambda n: None), None
    bar = tqdm(total=total, unit="pos", smoothing=0.05)
    return bar.update, bar


def solve_many(
    boards,
    *,
    hash_bits: int = 20,
    workers: Optional[int] = None,
    client=None,
    chunk_size: Optional[int] = None,
    progress: Union[None, bool, Callable[[int], None]] = None,
    eval_weights: Optional[EvalWeights] = None,
) -> SolveManyResult:
    """Solves every position of ``boards`` exactly (window -64, 64): a pair of uint64 arrays
    (players, opponents) or an iterable of boards. Returns a ``SolveManyResult`` of NumPy arrays
    in the input's order.

    ``workers``: threads of this process (default ``os.cpu_count()``), without ``client``.
    ``client``: a ``dask.distributed.Client``; each chunk becomes a task. ``chunk_size``:
    positions per chunk (default ``DEFAULT_CHUNK_SIZE``). ``hash_bits``: each solver's table,
    2**hash_bits entries of 32 bytes, one per thread. ``progress``: a tqdm bar when stderr is a
    terminal (None), always (True), never (False), or a callable given the number of positions
    each finished chunk adds. ``eval_weights``: the path (str or os.PathLike) of an Edax eval.dat
    whose weights order the solvers' moves (``Solver.eval``; fewer nodes on deep positions, the
    same scores, maybe other best moves reaching them): each process running chunks loads it
    once, this one included (loading makes them the weights in use there, as ``eval_load_file``
    does); a relative path is this process's, and with ``client`` every worker must find the
    file at that absolute path. Raises EdaxKernelsError before anything is solved: EK_ERR_RANGE
    for overlapping bitboards, naming the position; the load's error for ``eval_weights``
    (EK_ERR_IO for a missing file, EK_ERR_EVAL_FORMAT or EK_ERR_EVAL_SIZE for one that is not an
    eval.dat), naming the file."""
    p, o = as_arrays(boards)
    n = p.size
    overlap = np.flatnonzero(p & o)
    if overlap.size:
        raise EdaxKernelsError(f"position {int(overlap[0])}: its bitboards overlap", -2)
    if not 1 <= hash_bits <= 32:
        raise EdaxKernelsError(f"hash_bits={hash_bits}: not in 1..32", -2)
    eval_path = None
    if eval_weights is not None:
        eval_path = _eval_path(eval_weights)
        _eval_source(eval_path)  # the load's error now, before any solving
    bounds = chunk_bounds(n, chunk_size or DEFAULT_CHUNK_SIZE)
    scores, moves, nodes = np.empty(n, np.int32), np.empty(n, np.int32), np.empty(n, np.uint64)
    advance, bar = _progress_bar(n, progress)
    try:
        for (start, end), (s, m, c) in _solve_chunks(p, o, bounds, hash_bits, workers, client, eval_path):
            scores[start:end], moves[start:end], nodes[start:end] = s, m, c
            advance(end - start)
    finally:
        if bar is not None:
            bar.close()
    return SolveManyResult(scores, moves, nodes)


def _solve_chunks(p, o, bounds, hash_bits, workers, client, eval_path=None) -> Iterable:
    """((start, end), (scores, moves, nodes)) of each chunk, as the chunks finish."""
    if client is not None:
        yield from _solve_chunks_dask(p, o, bounds, hash_bits, client, eval_path)
        return
    workers = workers or os.cpu_count() or 1
    if workers < 1:
        raise ValueError("workers must be at least 1")
    if workers == 1 or len(bounds) <= 1:
        for start, end in bounds:
            yield (start, end), solve_chunk(p[start:end], o[start:end], hash_bits, eval_path)
        return
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="edax-kernels") as pool:
        futures = {pool.submit(solve_chunk, p[a:b], o[a:b], hash_bits, eval_path): (a, b) for a, b in bounds}
        from concurrent.futures import as_completed

        for future in as_completed(futures):
            yield futures[future], future.result()


def _solve_chunks_dask(p, o, bounds, hash_bits, client, eval_path=None) -> Iterable:
    """The chunks as Dask tasks (their inputs sent with them), gathered as they finish."""
    from distributed import as_completed

    futures = client.map(
        solve_chunk,
        [p[a:b] for a, b in bounds],
        [o[a:b] for a, b in bounds],
        hash_bits=hash_bits,
        eval_weights=eval_path,
        pure=False,
    )
    where = {f.key: bound for f, bound in zip(futures, bounds)}
    for future in as_completed(futures):
        yield where[future.key], future.result()


def random_positions(n: int, empties: int = 16, seed: int = 0) -> Tuple[np.ndarray, np.ndarray]:
    """``n`` positions with ``empties`` empty squares (4..59), each from a random legal game from
    the start position (uniform among the legal moves, passes played as they come), taken at the
    first position with that many empty squares and a legal move; a game that ends earlier is
    dropped. Deterministic for a seed (NumPy's PCG64): the benchmarks' and tests' positions."""
    if not 4 <= empties <= 59:
        raise ValueError("empties must be in 4..59")
    rng = np.random.Generator(np.random.PCG64(seed))
    players, opponents = np.empty(n, np.uint64), np.empty(n, np.uint64)
    made = 0
    while made < n:
        p, o = 0x0000000810000000, 0x0000001008000000
        while True:
            moves = get_moves(p, o)
            empty = 64 - bin(p | o).count("1")
            if moves == 0:
                if get_moves(o, p) == 0:
                    break  # the game ended first
                p, o = o, p
                continue
            if empty == empties:
                players[made], opponents[made] = p, o
                made += 1
                break
            squares = [x for x in range(64) if moves >> x & 1]
            x = squares[int(rng.integers(len(squares)))]
            f = flip(x, p, o)
            p, o = o ^ f, p ^ f ^ (1 << x)
    return players, opponents
