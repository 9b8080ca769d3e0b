"""Python binding of edax-kernels: Edax 4.6's Othello kernels, compiled into this package.

The kernels run in the extension module ``edax_kernels._native`` (the Rust crate, built into
the wheel): nothing to load or configure. Conventions as in C: A1 = bit 0 ... H8 = bit 63,
``p``/``player`` is the side to move; bitboards are Python ints in 0 .. 2**64 - 1. A board
argument is anything indexable by 0 and 1 (a ``Board``, a tuple); functions returning a
position return a ``Board``. Batch functions take equal-length 1-D arrays (anything
``numpy.asarray`` accepts: arrays of the right dtype are used in place, others converted) and
return NumPy arrays; each runs one native call for all boards, and ``out`` arrays are written
in place.

The evaluation (Edax's eval.c): ``eval_load_file(path)`` or ``eval_load_bytes(data)`` loads an
eval.dat (once per process is enough: the weights are shared by every thread and every
``Eval``), then an ``Eval`` follows a line of play: ``set(board)``, ``update(x, flipped)`` per
move, ``pass_()`` per pass, ``restore()`` to take a move back, and ``accumulate()`` gives the
raw sum of the weights of the current position (Edax's eval_accumulate).

The exact solver: ``with Solver(hash_bits=20) as s:`` holds a transposition table of
``2**hash_bits`` entries (32 bytes each); ``s.solve(board)`` gives ``(score, move, nodes)``,
``s.solve_batch(players, opponents)`` the scores and moves of many positions in one native
call, ``s.stop()`` (from any thread: solves release the GIL) makes a running solve raise
EK_ERR_STOPPED; ``Solver(threads=n)`` or ``s.threads = n`` spreads each solve over n threads;
``Solver(eval=True)`` or ``s.eval = True`` orders the moves of deep nodes with the evaluation
weights loaded now (fewer nodes with good weights, the same scores).
``solve_shallow(board, alpha)`` is Edax's leaf search (up to 10 empty squares).

The project's own weights are inside the package: ``eval_load_default()`` loads them,
``default_weights()`` gives their eval.dat bytes.

Many positions: ``solve_many(boards)`` solves them on every core (threads, the GIL released) or,
given a ``dask.distributed.Client``, on a cluster (``eval_weights=PATH`` or ``True``: the solvers
order their moves with those weights; ``window=``: bounds only; ``per_move=True``: every move's
score); ``python -m edax_kernels.solve INPUT --out RESULTS`` does it from files, resumably
(module ``edax_kernels.many``, ``edax_kernels.solve``). Positions are read exactly, in forms told
apart by type (``positions``), or refused.

A move: ``best_move(board, level=10)`` gives Edax's choice at a level (Edax 4.6's whole search,
node for node, with the built-in weights); ``Engine(weights, hash_bits)`` keeps its tables
between searches, and ``engine.search(board, level=..., depth=..., selectivity=..., max_nodes=...,
time=...)`` gives a ``SearchResult`` (score, move, depth, selectivity, exact, complete, nodes,
pv); ``engine.stop()`` from another thread ends a search with the deepest result it completed.
``Weights.from_file(path)``, ``Weights.from_bytes(data)`` and ``Weights.bundled()`` are weights
that engines share.

The opening book: ``Book.load(path)`` reads an Edax 4.6 book.dat (``save(path, date)`` writes it
back byte for byte); ``probe``, ``moves``, ``random_move`` (Edax's generator, ``seed``), ``line``,
``game_stats``, ``info``, ``export``/``Book.import_``, ``merge`` and ``negamax`` are Edax's book
commands; ``engine.play(board, level, book=book)`` is Edax's move with a book (``from_book``).

Games: ``Game`` holds a game natively (legal moves, play, pass, undo, random moves, Edax's text).
Self-play data: ``edax_kernels.selfplay.self_play(n, level=...)`` has the engine play games
against itself (random or given openings; every core or a Dask cluster) into a ``pyarrow.Table``,
``python -m edax_kernels.selfplay`` into a Parquet file it adds the missing games to.
Learning: ``planes``, ``squares`` and ``features`` turn positions into arrays.
"""

# The names this module imports for itself are private (a leading underscore): its public names
# are those of __all__, and its submodules many, solve, learn, learn_symmetry, selfplay, bases, and
# gym_env and pettingzoo_env (which need the learn extra)
# (tests/test_packaging.py checks this).
from importlib.metadata import version as _dist_version
from typing import NamedTuple as _NamedTuple, Optional as _Optional, Tuple as _Tuple

import numpy as _np


class EdaxKernelsError(Exception):
    """An error reported by the library; ``status`` is its EK_* code."""

    def __init__(self, message: str, status: int = 0):
        super().__init__(message)
        self.status = status


# After EdaxKernelsError, which the native module raises.
from . import _native  # noqa: E402
from ._native import (  # noqa: E402
    Eval, bit_count, can_move, count_last_flip, board_score_1, board_score_1_exact, eval_load_default,
    eval_load_file, eval_loaded, eval_unload, flip, get_corner_stability, get_edge_stability, get_mobility,
    get_moves, get_potential_mobility, get_stability, get_weighted_mobility, hash_code, isa, isa_supported,
    perft, perft_terminal, set_isa, solve_shallow, version,
)
from ._arrays import bitboards as _bitboards, integers as _integers, positions as _positions  # noqa: E402

__all__ = [
    "Board", "EdaxKernelsError", "NOMOVE", "PASS", "START",
    "loaded_from", "version", "isa", "isa_supported", "set_isa",
    "flip", "board_next", "count_last_flip", "board_score_1", "board_score_1_exact",
    "get_moves", "can_move", "get_mobility", "get_weighted_mobility", "get_potential_mobility",
    "get_stability", "get_edge_stability", "get_corner_stability", "hash_code", "symmetry",
    "unique", "bit_count", "perft", "perft_terminal",
    "flip_batch", "board_next_batch", "count_last_flip_batch", "get_moves_batch",
    "get_mobility_batch", "get_stability_batch", "hash_code_batch",
    "eval_load_file", "eval_load_bytes", "eval_load_default", "default_weights", "eval_loaded", "eval_unload",
    "Eval", "Solver", "SolveResult", "solve_shallow", "solve_many", "SolveManyResult", "random_positions",
    "Game", "square", "square_name", "planes", "squares", "features", "positions",
    "Weights", "Engine", "SearchResult", "MoveScore", "PlayResult", "best_move",
    "Book", "BookEntry", "BookMove",
    "read_wthor", "read_games", "write_games", "write_wthor",
]

__version__: str = _dist_version("edax-kernels")

PASS = 64
NOMOVE = 65


class Board(_NamedTuple):
    """An Othello position seen from the side to move (the C EkBoard)."""

    player: int
    opponent: int


START = Board(0x0000000810000000, 0x0000001008000000)


def loaded_from() -> str:
    """The file of the native code (the extension module inside this package)."""
    return _native.__file__


def board_next(board, x: int) -> Board:
    """The position after the side to move plays x (a pass when x is not 0..63)."""
    return Board(*_native.board_next(board, x))


def symmetry(board, s: int) -> Board:
    """The board under symmetry s (0..7; raises otherwise)."""
    return Board(*_native.symmetry(board, s))


def unique(board) -> _Tuple[Board, int]:
    """The smallest of the 8 symmetric boards (unsigned order) and the symmetry giving it."""
    u, s = _native.unique(board)
    return Board(*u), s


def _arrays(*pairs):
    """Contiguous 1-D arrays of the given (values, dtype, name)s, all of one length: (arrays, length). An array
    that already is one is used as it is (no copy); other values are converted exactly or
    refused (a float, a negative bitboard or a square beyond int32 raises, never wraps)."""
    arrays = [_integers(a, t, name) for a, t, name in pairs]
    n = len(arrays[0])
    if any(len(a) != n for a in arrays):
        raise ValueError("batch arrays must be 1-D and of equal lengths")
    return arrays, n


def _out(out, n, dtype):
    """The output array: a new one, or ``out`` when it is a contiguous array of that dtype and length."""
    if out is None:
        return _np.empty(n, dtype=dtype)
    if not (isinstance(out, _np.ndarray) and out.dtype == dtype and out.shape == (n,) and out.flags.c_contiguous
            and out.flags.writeable):
        raise ValueError(f"out must be a writable contiguous {_np.dtype(dtype).name} array of length {n}")
    return out


def flip_batch(xs, ps, os_, out: _Optional[_np.ndarray] = None) -> _np.ndarray:
    """out[i] = flip(xs[i], ps[i], os_[i]), as uint64."""
    (x, p, o), n = _arrays((xs, _np.int32, "xs"), (ps, _np.uint64, "ps"), (os_, _np.uint64, "os_"))
    r = _out(out, n, _np.uint64)
    _native.flip_batch(x, p, o, r)
    return r


def board_next_batch(xs, ps, os_,
                     out: _Optional[_Tuple[_np.ndarray, _np.ndarray]] = None) -> _Tuple[_np.ndarray, _np.ndarray]:
    """Plays xs[i] on (ps[i], os_[i]); returns the next (players, opponents) as uint64 arrays.

    ``out`` may be a pair of arrays to write, such as (ps, os_) themselves (in place).
    """
    (x, p, o), n = _arrays((xs, _np.int32, "xs"), (ps, _np.uint64, "ps"), (os_, _np.uint64, "os_"))
    np_, no = (None, None) if out is None else out
    np_, no = _out(np_, n, _np.uint64), _out(no, n, _np.uint64)
    _native.board_next_batch(x, p, o, np_, no)
    return np_, no


def count_last_flip_batch(xs, ps, out: _Optional[_np.ndarray] = None) -> _np.ndarray:
    """out[i] = count_last_flip(xs[i], ps[i]), as int32."""
    (x, p), n = _arrays((xs, _np.int32, "xs"), (ps, _np.uint64, "ps"))
    r = _out(out, n, _np.int32)
    _native.count_last_flip_batch(x, p, r)
    return r


def _pair_batch(fn, dtype, ps, os_, out):
    (p, o), n = _arrays((ps, _np.uint64, "ps"), (os_, _np.uint64, "os_"))
    r = _out(out, n, dtype)
    fn(p, o, r)
    return r


def get_moves_batch(ps, os_, out: _Optional[_np.ndarray] = None) -> _np.ndarray:
    """out[i] = get_moves(ps[i], os_[i]), as uint64."""
    return _pair_batch(_native.get_moves_batch, _np.uint64, ps, os_, out)


def get_mobility_batch(ps, os_, out: _Optional[_np.ndarray] = None) -> _np.ndarray:
    """out[i] = get_mobility(ps[i], os_[i]), as int32."""
    return _pair_batch(_native.get_mobility_batch, _np.int32, ps, os_, out)


def get_stability_batch(ps, os_, out: _Optional[_np.ndarray] = None) -> _np.ndarray:
    """out[i] = get_stability(ps[i], os_[i]), as int32."""
    return _pair_batch(_native.get_stability_batch, _np.int32, ps, os_, out)


def hash_code_batch(ps, os_, out: _Optional[_np.ndarray] = None) -> _np.ndarray:
    """out[i] = hash_code((ps[i], os_[i])), as uint64."""
    return _pair_batch(_native.hash_code_batch, _np.uint64, ps, os_, out)


class SolveResult(_NamedTuple):
    """A solve's outcome: the score for the side to move (exact inside the window, else a bound
    on that side), a move giving it (PASS when the side to move must pass, NOMOVE when the game
    is over), and the nodes searched."""

    score: int
    move: int
    nodes: int


class Solver(_native.Solver):
    """An exact endgame solver with its transposition table (``2**hash_bits`` entries of 32
    bytes; ``hash_bits`` in 1..32). One solve at a time; ``stop()`` from any thread; the table
    is kept between solves. Use it in a ``with`` block, or ``close()`` it, to free the table.

    ``threads`` (keyword, or the read/write property; 1 to 256, default 1): the threads of each
    solve. ``solve`` spreads one position with 16 or more empty squares over them, ``solve_batch``
    gives each thread whole positions. The scores are those of one thread; the best move may be
    another move with the same score, and the node counts vary. Another count raises
    EdaxKernelsError (EK_ERR_RANGE) and keeps the setting.

    ``eval`` (keyword, or the read/write property; a bool, default False): True makes each
    solve order the moves of its nodes with 14 or more empty squares with the evaluation weights
    loaded now (``eval_load_file`` / ``eval_load_bytes``; the solver keeps them when others are
    loaded later), as Edax does; False goes back to the fast order alone. Only the node counts
    depend on it, never the scores. True without weights loaded raises EdaxKernelsError
    (EK_ERR_EVAL_NONE) and keeps the setting."""

    def solve(self, board, alpha: int = -64, beta: int = 64) -> SolveResult:
        """Solves board on the window (alpha, beta), -64 <= alpha < beta <= 64 (EK_ERR_RANGE
        otherwise, or when the bitboards overlap)."""
        return SolveResult(*super().solve(board, alpha, beta))

    def solve_batch(self, players, opponents) -> _Tuple[_np.ndarray, _np.ndarray]:
        """The exact scores and moves (int32 arrays) of the positions (players[i], opponents[i]),
        in one native call; uint64 arrays are used in place (not to be changed by another thread
        meanwhile). Raises like solve (EK_ERR_RANGE when a position's bitboards overlap)."""
        (p, o), n = _arrays((players, _np.uint64, "players"), (opponents, _np.uint64, "opponents"))
        scores, moves = _np.empty(n, dtype=_np.int32), _np.empty(n, dtype=_np.int32)
        self._solve_batch(p, o, scores, moves)
        return scores, moves


class SearchResult(_NamedTuple):
    """An engine search's outcome: the score for the side to move (a disc difference; the final
    score when ``exact``), the best move (a square, PASS when the side to move must pass, NOMOVE
    when the game is over), the depth and selectivity (0..5, 5: none) reached, whether the score
    is exact, whether the search reached its depth (False when a limit or ``stop()`` ended it:
    the result is then the deepest one completed), the nodes, and the principal variation."""

    score: int
    move: int
    depth: int
    selectivity: int
    exact: bool
    complete: bool
    nodes: int
    pv: _Tuple[int, ...]


class MoveScore(_NamedTuple):
    """One move of ``Engine.analyze``: the move, its score for the side to move (32767 when not
    even one depth of its search completed), whether the score is exact, whether its search
    completed, and its nodes."""

    move: int
    score: int
    exact: bool
    complete: bool
    nodes: int


class PlayResult(_NamedTuple):
    """``Engine.play``'s outcome: a ``SearchResult``'s fields, and whether the move came from the
    book (then, as Edax gives it: depth 0, selectivity 0, not exact, complete, no nodes, the
    move's book score, and the book's line as ``pv``)."""

    score: int
    move: int
    depth: int
    selectivity: int
    exact: bool
    complete: bool
    nodes: int
    pv: _Tuple[int, ...]
    from_book: bool


class BookEntry(_NamedTuple):
    """A position of a ``Book`` (``Book.probe``): its value and bounds, the level of its leaf, its
    number of links, its leaf (the best move not linked, turned onto the asked board; NOMOVE:
    none) and score, and the game counts of the book's lines below it."""

    value: int
    lower: int
    upper: int
    level: int
    n_links: int
    leaf_move: int
    leaf_score: int
    n_wins: int
    n_draws: int
    n_losses: int
    n_lines: int


class BookMove(_NamedTuple):
    """A book move (a square, PASS, or NOMOVE from ``random_move``) and its score."""

    move: int
    score: int


class Book(_native.Book):
    """Edax 4.6's opening book (book.dat): ``Book(level, n_empties)`` an empty one,
    ``Book.load(path)`` a file (read byte for byte: ``save(path, book.date)`` writes it back;
    ``save(path)`` too), ``Book.import_(path)`` a text export. A bad file raises
    EdaxKernelsError (EK_ERR_BOOK_FORMAT, or EK_ERR_IO) with the library's message: the file,
    the byte offset and what is wrong there. ``len(book)`` is its number of positions. A board
    argument may be any of the 8 symmetries of a book position. The generator of
    ``random_move``, ``line`` and ``Engine.play`` is Edax's, seeded with 0 (``seed(n)``). Use it in
    a ``with`` block, or ``close()`` it, to free it; while ``Engine.play`` uses it, its methods
    raise EK_ERR_BUSY."""

    @classmethod
    def import_(cls, path) -> "Book":
        """The book of an Edax text export (``book import`` without searches: the positions read,
        linked, negamaxed and sorted; a position without a leaf keeps none)."""
        return cls._import(path)

    def probe(self, board) -> _Optional[BookEntry]:
        """board's position in the book, or None."""
        e = self._probe(board)
        return None if e is None else BookEntry(*e)

    def moves(self, board) -> "list[BookMove]":
        """board's book moves (links and leaf) in Edax's order, best first (``book_get_moves``);
        an empty list when board is not in the book."""
        m = self._moves(board)
        return [] if m is None else [BookMove(*x) for x in m]

    def random_move(self, board, randomness: int = 0) -> _Optional[BookMove]:
        """Edax's ``book_get_random_move``: among the moves scoring at least the position's value
        minus ``randomness``, the one the book's generator picks (NOMOVE, score 0, when none
        does); None when board is not in the book."""
        m = self._random_move(board, randomness)
        return None if m is None else BookMove(*m)

    def game_stats(self, board) -> _Tuple[int, int, int, int]:
        """Edax's ``book_get_game_stats``: (wins, draws, losses, lines) below board (zeros when not
        in the book)."""
        return self._game_stats(board)


#: Evaluation weights in Edax's format, shared by the engines given them (``Weights.bundled()``,
#: ``Weights.from_file(path)``, ``Weights.from_bytes(data)``).
Weights = _native.Weights


class Engine(_native.Engine):
    """An engine: Edax 4.6's whole search with its own tables (``2**hash_bits`` entries of 24
    bytes for the main table, ``hash_bits`` in 8..32; Edax's own default is 21) and weights (the
    built-in ones unless ``weights`` is given). The tables are kept between searches, as Edax
    keeps them between the moves of a game. One search at a time; ``stop()`` from any thread
    (searches release the GIL). Use it in a ``with`` block, or ``close()`` it, to free the tables.
    ``threads`` (also an attribute; 1..256): each search's threads; 1 is Edax's search node for
    node, more search faster with the same exact scores and other nodes.
    """

    def search(self, board, level: int = 10, *, depth: _Optional[int] = None,
               selectivity: _Optional[int] = None, max_nodes: int = 0,
               time: _Optional[float] = None) -> SearchResult:
        """Searches board at Edax's ``level`` (1..60), or at ``depth`` (1..60; more than the
        empty squares: an exact search) and ``selectivity`` (0..5, 5: none) with ``level=0``;
        ``depth`` or ``selectivity`` given with a level override the level's. ``max_nodes`` (0:
        none) and ``time`` (seconds, None: none) end the search early with the deepest result
        completed. Raises EdaxKernelsError: EK_ERR_RANGE for limits out of range or overlapping
        bitboards, EK_ERR_BUSY while another search runs on this engine, EK_ERR_STOPPED when
        stopped before completing any depth."""
        ms = 0 if time is None else self._ms(time)
        r = self._search(board, level, -1 if depth is None else depth, -1 if selectivity is None else selectivity,
                         max_nodes, ms)
        return SearchResult(r[0], r[1], r[2], r[3], r[4], r[5], r[6], tuple(r[7]))

    def analyze(self, board, level: int = 10, *, depth: _Optional[int] = None,
                selectivity: _Optional[int] = None, max_nodes: int = 0,
                time: _Optional[float] = None) -> "list[MoveScore]":
        """Every legal move of board (in square order; PASS when the side to move has none but
        the other side has; none when the game is over), each searched one ply less deep than
        ``search`` would search board with the same arguments (at least 1): its score for the
        side to move, whether it is exact, whether its search completed (a limit or ``stop()``
        may cut the later ones short), and its nodes. The limits are the whole call's."""
        ms = 0 if time is None else self._ms(time)
        return [MoveScore(*m) for m in self._analyze(board, level, -1 if depth is None else depth,
                                                      -1 if selectivity is None else selectivity, max_nodes, ms)]

    def play(self, board, level: int = 10, *, depth: _Optional[int] = None,
             selectivity: _Optional[int] = None, max_nodes: int = 0, time: _Optional[float] = None,
             book: _Optional["Book"] = None, randomness: int = 0, use_book: bool = True) -> PlayResult:
        """The engine's move of board as Edax's ``play_go`` chooses it: when ``book`` is given,
        ``use_book`` is true and board (any symmetry) is in it, a book move (Edax's
        ``book_get_random_move`` at ``randomness``, on the book's generator) with the book's line;
        otherwise ``search`` with the same limits (checked even when the book answers). A book
        position with no move within ``randomness`` (a negative one) is searched."""
        ms = 0 if time is None else self._ms(time)
        r = self._play(board, book, use_book, randomness, level, -1 if depth is None else depth,
                       -1 if selectivity is None else selectivity, max_nodes, ms)
        return PlayResult(r[0], r[1], r[2], r[3], r[4], r[5], r[6], tuple(r[7]), r[8])

    @staticmethod
    def _ms(time) -> int:
        if not time > 0:
            raise EdaxKernelsError(f"edax_kernels: time {time!r}: not a positive number of seconds", -2)
        return max(1, int(round(time * 1000)))


_default_engine = None
_default_engine_lock = __import__("threading").Lock()


def best_move(board, level: int = 10) -> int:
    """Edax's move for the side to move of ``board`` at ``level`` (1..60), with the built-in
    weights: a square, PASS when the side to move must pass, NOMOVE when the game is over. One
    engine (2**20 table entries) serves every call, one call at a time; an ``Engine`` of one's own
    gives the score, the principal variation and the limits."""
    global _default_engine
    with _default_engine_lock:
        if _default_engine is None:
            _default_engine = Engine()
        return _default_engine.search(board, level).move


def eval_load_bytes(data) -> None:
    """Loads evaluation weights from the bytes of an eval.dat (bytes, bytearray, memoryview or any
    buffer); they replace the weights in use. Raises EdaxKernelsError and keeps the weights in use
    on failure."""
    if not isinstance(data, (bytes, bytearray)):
        data = bytes(memoryview(data))
    _native.eval_load_bytes(data)


def default_weights() -> bytes:
    """The eval.dat image (13,952,436 bytes, Edax's format) of the project's own weights, which
    the library carries: ``eval_load_default()`` loads them; write these bytes to a file to give
    them to Edax or to ``solve_many(eval_weights=...)`` elsewhere."""
    return _native.default_weights()


def square(name: str) -> int:
    """The square of a name: "a1" (or "A1") is 0, "h8" 63; "pass" is PASS."""
    t = name.strip().lower()
    if t == "pass" or t == "ps":
        return PASS
    if len(t) != 2 or t[0] not in "abcdefgh" or t[1] not in "12345678":
        raise ValueError(f"{name!r} is not a square (a1 .. h8)")
    return (ord(t[0]) - ord("a")) + 8 * (ord(t[1]) - ord("1"))


def square_name(x: int) -> str:
    """The name of square x: 0 is "a1", 63 "h8", PASS "pass", NOMOVE "none"."""
    if 0 <= x < 64:
        return "abcdefgh"[x % 8] + str(x // 8 + 1)
    if x == PASS:
        return "pass"
    if x == NOMOVE:
        return "none"
    raise ValueError(f"{x} is not a square (0 .. 63, PASS or NOMOVE)")


#: An Othello game held in native memory (see its doc).
Game = _native.Game


def positions(boards) -> _Tuple[_np.ndarray, _np.ndarray]:
    """The players' and opponents' bitboards of ``boards`` as two uint64 arrays. ``boards`` is
    (players, opponents) (a pair of 1-D arrays), an array of shape (n, 2), or an iterable of
    boards (``Board``s, pairs of ints); a tuple of two Boards is two positions. Anything else,
    floats and values that are not 64-bit bitboards raise (nothing is rounded or guessed)."""
    return _positions(boards)


def planes(boards) -> _np.ndarray:
    """The positions as a (n, 2, 8, 8) uint8 array: plane 0 the side to move's discs, plane 1 the
    other side's, ``[k, plane, row, column]`` with row 0 = rank 1 and column 0 = file a (A1 =
    [k, :, 0, 0], H8 = [k, :, 7, 7]). ``boards`` in any form ``positions`` takes."""
    p, o = _positions(boards)
    bits = _np.unpackbits(_np.stack([p, o], axis=1).astype("<u8").view(_np.uint8), bitorder="little")
    return bits.reshape(len(p), 2, 8, 8)


def squares(boards) -> _np.ndarray:
    """The positions as a (n, 64) int8 array: 1 for the side to move's disc, -1 for the other
    side's, 0 for an empty square; column x is square x (A1 = 0 ... H8 = 63)."""
    pl = planes(boards).reshape(-1, 2, 64).astype(_np.int8)
    return pl[:, 0] - pl[:, 1]


def features(boards) -> _np.ndarray:
    """Edax's 47 pattern features of each position, as a (n, 47) uint16 array: the indices
    Edax's evaluation looks its weights up with (each pattern's squares as base-3 digits, plus
    the pattern's offset), computed natively in one call. Raises for overlapping bitboards."""
    p, o = _positions(boards)
    _refuse_overlap(p, o)
    out = _np.empty((len(p), 47), dtype=_np.uint16)
    _native.eval_features_batch(p, o, out.reshape(-1))
    return out


def _refuse_overlap(p: _np.ndarray, o: _np.ndarray) -> None:
    overlap = _np.flatnonzero(p & o)
    if overlap.size:
        raise EdaxKernelsError(f"edax_kernels: position {int(overlap[0])}: its bitboards overlap", -2)


# Solving many positions (every core, or a Dask cluster): after Solver, which it uses.
from .many import SolveManyResult, random_positions, solve_many  # noqa: E402
from .bases import read_games, read_wthor, write_games, write_wthor  # noqa: E402
