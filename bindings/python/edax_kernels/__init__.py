"""Python binding of edax-kernels (include/edax_kernels.h) through ctypes, with NumPy batch calls.

Finding the library: ``load(path)`` with an explicit path; else the path in the environment
variable EDAX_KERNELS_LIB; else libedax_kernels.so on the system search path (LD_LIBRARY_PATH,
the linker cache, /usr/lib). The first kernel call loads it the default way unless ``load``
came first; a library that cannot be found raises EdaxKernelsError saying which ways were tried.

Conventions as in C: A1 = bit 0 ... H8 = bit 63, ``p``/``player`` is the side to move; bitboards
are Python ints in 0 .. 2**64 - 1. Batch functions take equal-length 1-D arrays (anything
``numpy.asarray`` accepts) and return NumPy arrays; each runs one native call for all boards.

The evaluation (Edax's eval.c): ``eval_load_file(path)`` or ``eval_load_bytes(data)`` loads an
eval.dat (once per process is enough: the weights are shared by every thread and every
``Eval``), then an ``Eval`` follows a line of play: ``set(board)``, ``update(x, flipped)`` per
move, ``pass_()`` per pass, ``restore()`` to take a move back, and ``accumulate()`` gives the
raw sum of the weights of the current position (Edax's eval_accumulate).
"""

import ctypes
import os
import threading
from ctypes import POINTER, c_bool, c_char_p, c_int, c_size_t, c_uint64, c_void_p
from typing import NamedTuple, Optional, Tuple

import numpy as np

__all__ = [
    "Board", "EdaxKernelsError", "ENV_VAR", "FILE_NAME", "NOMOVE", "PASS", "START",
    "load", "loaded_from", "version", "isa", "isa_supported", "set_isa",
    "flip", "board_next", "count_last_flip", "board_score_1", "board_score_1_exact",
    "get_moves", "can_move", "get_mobility", "get_weighted_mobility", "get_potential_mobility",
    "get_stability", "get_edge_stability", "get_corner_stability", "hash_code", "symmetry",
    "unique", "bit_count", "perft", "perft_terminal",
    "flip_batch", "board_next_batch", "count_last_flip_batch", "get_moves_batch",
    "get_mobility_batch", "get_stability_batch", "hash_code_batch",
    "eval_load_file", "eval_load_bytes", "eval_loaded", "eval_unload", "Eval",
]

ENV_VAR = "EDAX_KERNELS_LIB"
FILE_NAME = "libedax_kernels.so"
PASS = 64
NOMOVE = 65


class EdaxKernelsError(Exception):
    """An error reported by the library (``status``: an EK_* code) or by loading it (status 0)."""

    def __init__(self, message: str, status: int = 0):
        super().__init__(message)
        self.status = status


class Board(NamedTuple):
    """An Othello position seen from the side to move (the C EkBoard)."""

    player: int
    opponent: int


START = Board(0x0000000810000000, 0x0000001008000000)


class _EkBoard(ctypes.Structure):
    _fields_ = [("player", c_uint64), ("opponent", c_uint64)]


_P_BOARD = POINTER(_EkBoard)


class _EkEval(ctypes.Structure):
    _fields_ = [("feature", c_void_p), ("player", ctypes.c_int32), ("ply", ctypes.c_int32)]


class _EkMove(ctypes.Structure):
    _fields_ = [("next", c_void_p), ("flipped", c_uint64), ("x", ctypes.c_int32), ("score", ctypes.c_int32),
                ("cost", ctypes.c_uint32)]


_P_EVAL = POINTER(_EkEval)
_PTR = c_void_p

# (name, result type, argument types) of every function used.
_SIGNATURES = [
    ("ek_status_message", c_char_p, [c_int]),
    ("ek_version", c_char_p, []),
    ("ek_isa", c_char_p, []),
    ("ek_isa_supported", c_int, [c_char_p]),
    ("ek_set_isa", c_int, [c_char_p]),
    ("ek_flip", c_uint64, [c_int, c_uint64, c_uint64]),
    ("ek_board_next", c_uint64, [_P_BOARD, c_int, _P_BOARD]),
    ("ek_count_last_flip", c_int, [c_int, c_uint64]),
    ("ek_board_score_1", c_int, [_P_BOARD, c_int, c_int]),
    ("ek_board_score_1_exact", c_int, [_P_BOARD, c_int]),
    ("ek_get_moves", c_uint64, [c_uint64, c_uint64]),
    ("ek_can_move", c_bool, [c_uint64, c_uint64]),
    ("ek_get_mobility", c_int, [c_uint64, c_uint64]),
    ("ek_get_weighted_mobility", c_int, [c_uint64, c_uint64]),
    ("ek_get_potential_mobility", c_int, [c_uint64, c_uint64]),
    ("ek_get_stability", c_int, [c_uint64, c_uint64]),
    ("ek_get_edge_stability", c_int, [c_uint64, c_uint64]),
    ("ek_get_corner_stability", c_int, [c_uint64]),
    ("ek_board_get_hash_code", c_uint64, [_P_BOARD]),
    ("ek_board_symetry", c_int, [_P_BOARD, c_int, _P_BOARD]),
    ("ek_board_unique", c_int, [_P_BOARD, _P_BOARD]),
    ("ek_bit_count", c_int, [c_uint64]),
    ("ek_perft", c_uint64, [c_uint64, c_uint64, c_int]),
    ("ek_perft_terminal", c_uint64, [c_uint64, c_uint64, c_int]),
    ("ek_flip_batch", c_int, [c_size_t, _PTR, _PTR, _PTR, _PTR]),
    ("ek_board_next_batch", c_int, [c_size_t, _PTR, _PTR, _PTR, _PTR, _PTR]),
    ("ek_count_last_flip_batch", c_int, [c_size_t, _PTR, _PTR, _PTR]),
    ("ek_get_moves_batch", c_int, [c_size_t, _PTR, _PTR, _PTR]),
    ("ek_get_mobility_batch", c_int, [c_size_t, _PTR, _PTR, _PTR]),
    ("ek_get_stability_batch", c_int, [c_size_t, _PTR, _PTR, _PTR]),
    ("ek_board_get_hash_code_batch", c_int, [c_size_t, _PTR, _PTR, _PTR]),
    ("ek_eval_load_file", c_int, [c_char_p]),
    ("ek_eval_load_buffer", c_int, [c_char_p, c_size_t]),
    ("ek_eval_loaded", c_int, []),
    ("ek_eval_unload", None, []),
    ("ek_eval_init", c_int, [_P_EVAL]),
    ("ek_eval_free", None, [_P_EVAL]),
    ("ek_eval_set", c_int, [_P_EVAL, _P_BOARD]),
    ("ek_eval_update", c_int, [_P_EVAL, POINTER(_EkMove)]),
    ("ek_eval_restore", c_int, [_P_EVAL]),
    ("ek_eval_pass", c_int, [_P_EVAL]),
    ("ek_eval_accumulate_checked", c_int, [_P_EVAL, POINTER(c_int)]),
]

_lock = threading.Lock()
_lib: Optional[ctypes.CDLL] = None
_loaded_from: Optional[str] = None


def load(path: Optional[str] = None) -> None:
    """Loads the library from ``path``; None means EDAX_KERNELS_LIB, else the system search path.

    Loading again from the same place does nothing; from another place raises EdaxKernelsError.
    """
    global _lib, _loaded_from
    if path is not None:
        how, target = "explicit path", os.fspath(path)
    elif os.environ.get(ENV_VAR):
        how, target = ENV_VAR, os.environ[ENV_VAR]
    else:
        how, target = "system search path", FILE_NAME
    with _lock:
        if _loaded_from is not None:
            if _loaded_from == target:
                return
            raise EdaxKernelsError(f"edax_kernels: already loaded from {_loaded_from}, cannot load {target}")
        try:
            lib = ctypes.CDLL(target)
            for name, restype, argtypes in _SIGNATURES:
                fn = getattr(lib, name)
                fn.restype, fn.argtypes = restype, argtypes
        except (OSError, AttributeError) as e:
            raise EdaxKernelsError(
                f"edax_kernels: cannot load the library {target} ({how}): {e}. Pass its path to "
                f"edax_kernels.load, set {ENV_VAR} to its path, or put {FILE_NAME} on the library "
                "search path (LD_LIBRARY_PATH)."
            ) from e
        _lib, _loaded_from = lib, target


def loaded_from() -> Optional[str]:
    """Where the library was loaded from (None before loading)."""
    return _loaded_from


def _ek() -> ctypes.CDLL:
    if _lib is None:
        load()
    return _lib


def _check(status: int) -> int:
    if status < 0:
        raise EdaxKernelsError("edax_kernels: " + _ek().ek_status_message(status).decode(), status)
    return status


def _board(b) -> _EkBoard:
    return _EkBoard(b[0], b[1])


def version() -> str:
    """The library version, "MAJOR.MINOR.PATCH"."""
    return _ek().ek_version().decode()


def isa() -> str:
    """The active instruction-set level: "portable", "sse2", "avx2" or "avx512"."""
    return _ek().ek_isa().decode()


def isa_supported(name: str) -> bool:
    """Whether this CPU can run the named level (raises for an unknown name)."""
    return _check(_ek().ek_isa_supported(name.encode())) == 1


def set_isa(name: str) -> None:
    """Makes the named level the active one (raises when unknown or unsupported)."""
    _check(_ek().ek_set_isa(name.encode()))


def flip(x: int, p: int, o: int) -> int:
    """Discs flipped when the side to move (p) plays x against o."""
    return _ek().ek_flip(x, p, o)


def board_next(board, x: int) -> Board:
    """The position after the side to move plays x (a pass when x is not 0..63)."""
    nxt = _EkBoard()
    _ek().ek_board_next(_board(board), x, nxt)
    return Board(nxt.player, nxt.opponent)


def count_last_flip(x: int, p: int) -> int:
    """Twice the discs p flips by playing x when every other square is the opponent's."""
    return _ek().ek_count_last_flip(x, p)


def board_score_1(board, beta: int, x: int) -> int:
    """Edax 4.4's board_score_1 (score for the side not to move, lazy cut-off at beta)."""
    return _ek().ek_board_score_1(_board(board), beta, x)


def board_score_1_exact(board, x: int) -> int:
    """The exact score of board_score_1, without cut-off."""
    return _ek().ek_board_score_1_exact(_board(board), x)


def get_moves(p: int, o: int) -> int:
    """Bitboard of the legal moves of p against o."""
    return _ek().ek_get_moves(p, o)


def can_move(p: int, o: int) -> bool:
    """Whether p has a legal move."""
    return _ek().ek_can_move(p, o)


def get_mobility(p: int, o: int) -> int:
    """The number of legal moves."""
    return _ek().ek_get_mobility(p, o)


def get_weighted_mobility(p: int, o: int) -> int:
    """The number of legal moves, corners counted twice."""
    return _ek().ek_get_weighted_mobility(p, o)


def get_potential_mobility(p: int, o: int) -> int:
    """Edax's potential mobility (corners counted twice)."""
    return _ek().ek_get_potential_mobility(p, o)


def get_stability(p: int, o: int) -> int:
    """Edax's lower bound of the number of stable discs of p."""
    return _ek().ek_get_stability(p, o)


def get_edge_stability(p: int, o: int) -> int:
    """The number of stable discs of p on the edges."""
    return _ek().ek_get_edge_stability(p, o)


def get_corner_stability(p: int) -> int:
    """Owned corners plus owned edge squares next to an owned corner."""
    return _ek().ek_get_corner_stability(p)


def hash_code(board) -> int:
    """Edax 4.6's board hash code (CRC-32C of both bitboards)."""
    return _ek().ek_board_get_hash_code(_board(board))


def symmetry(board, s: int) -> Board:
    """The board under symmetry s (0..7; raises otherwise)."""
    sym = _EkBoard()
    _check(_ek().ek_board_symetry(_board(board), s, sym))
    return Board(sym.player, sym.opponent)


def unique(board) -> Tuple[Board, int]:
    """The smallest of the 8 symmetric boards (unsigned order) and the symmetry giving it."""
    u = _EkBoard()
    s = _check(_ek().ek_board_unique(_board(board), u))
    return Board(u.player, u.opponent), s


def bit_count(b: int) -> int:
    """The number of set bits."""
    return _ek().ek_bit_count(b)


def perft(board, depth: int) -> int:
    """Perft, Edax's convention: nodes depth plies below the board."""
    return _ek().ek_perft(board[0], board[1], depth)


def perft_terminal(board, depth: int) -> int:
    """Perft, the published convention (a finished game counts at every deeper ply)."""
    return _ek().ek_perft_terminal(board[0], board[1], depth)


def _arrays(*pairs):
    """Contiguous 1-D arrays of the given dtypes, all of one length: (arrays, length)."""
    arrays = [np.ascontiguousarray(a, dtype=t) for a, t in pairs]
    n = len(arrays[0]) if arrays[0].ndim == 1 else -1
    if any(a.ndim != 1 or len(a) != n for a in arrays):
        raise ValueError("batch arrays must be 1-D and of equal lengths")
    return arrays, n


def _out(out, n, dtype):
    """The output array: a new one, or ``out`` when it is a contiguous array of that dtype and length."""
    if out is None:
        return np.empty(n, dtype=dtype)
    if not (isinstance(out, np.ndarray) and out.dtype == dtype and out.shape == (n,) and out.flags.c_contiguous
            and out.flags.writeable):
        raise ValueError(f"out must be a writable contiguous {np.dtype(dtype).name} array of length {n}")
    return out


def _batch(fn, n, *arrays):
    _check(fn(n, *(a.ctypes.data for a in arrays)))


def flip_batch(xs, ps, os_, out=None) -> np.ndarray:
    """out[i] = flip(xs[i], ps[i], os_[i]), as uint64."""
    (x, p, o), n = _arrays((xs, np.int32), (ps, np.uint64), (os_, np.uint64))
    r = _out(out, n, np.uint64)
    _batch(_ek().ek_flip_batch, n, x, p, o, r)
    return r


def board_next_batch(xs, ps, os_, out=None) -> Tuple[np.ndarray, np.ndarray]:
    """Plays xs[i] on (ps[i], os_[i]); returns the next (players, opponents) as uint64 arrays.

    ``out`` may be a pair of arrays to write, such as (ps, os_) themselves (in place).
    """
    (x, p, o), n = _arrays((xs, np.int32), (ps, np.uint64), (os_, np.uint64))
    np_, no = (None, None) if out is None else out
    np_, no = _out(np_, n, np.uint64), _out(no, n, np.uint64)
    _batch(_ek().ek_board_next_batch, n, x, p, o, np_, no)
    return np_, no


def count_last_flip_batch(xs, ps, out=None) -> np.ndarray:
    """out[i] = count_last_flip(xs[i], ps[i]), as int32."""
    (x, p), n = _arrays((xs, np.int32), (ps, np.uint64))
    r = _out(out, n, np.int32)
    _batch(_ek().ek_count_last_flip_batch, n, x, p, r)
    return r


def _pair_batch(name, dtype, ps, os_, out):
    (p, o), n = _arrays((ps, np.uint64), (os_, np.uint64))
    r = _out(out, n, dtype)
    _batch(getattr(_ek(), name), n, p, o, r)
    return r


def get_moves_batch(ps, os_, out=None) -> np.ndarray:
    """out[i] = get_moves(ps[i], os_[i]), as uint64."""
    return _pair_batch("ek_get_moves_batch", np.uint64, ps, os_, out)


def get_mobility_batch(ps, os_, out=None) -> np.ndarray:
    """out[i] = get_mobility(ps[i], os_[i]), as int32."""
    return _pair_batch("ek_get_mobility_batch", np.int32, ps, os_, out)


def get_stability_batch(ps, os_, out=None) -> np.ndarray:
    """out[i] = get_stability(ps[i], os_[i]), as int32."""
    return _pair_batch("ek_get_stability_batch", np.int32, ps, os_, out)


def hash_code_batch(ps, os_, out=None) -> np.ndarray:
    """out[i] = hash_code((ps[i], os_[i])), as uint64."""
    return _pair_batch("ek_board_get_hash_code_batch", np.uint64, ps, os_, out)


def eval_load_file(path) -> None:
    """Loads evaluation weights from an Edax eval.dat file; they replace the weights in use.

    Raises EdaxKernelsError (status EK_ERR_IO, EK_ERR_EVAL_FORMAT, EK_ERR_EVAL_SIZE, ...) and
    keeps the weights in use when the file cannot be read or is not an Edax eval file.
    """
    _check(_ek().ek_eval_load_file(os.fsencode(path)))


def eval_load_bytes(data) -> None:
    """Loads evaluation weights from the bytes of an eval.dat (bytes, bytearray, memoryview)."""
    buf = bytes(data)
    _check(_ek().ek_eval_load_buffer(buf, len(buf)))


def eval_loaded() -> bool:
    """Whether evaluation weights are loaded."""
    return _ek().ek_eval_loaded() == 1


def eval_unload() -> None:
    """Stops using the loaded weights (accumulate then raises until the next load)."""
    _ek().ek_eval_unload()


class Eval:
    """Edax's Eval: the pattern features along a line of play, evaluated with the loaded weights.

    Owns native memory (61 feature slots): freed by ``close()``, by leaving a ``with`` block, or
    when the object is collected. Not for use by two threads at once.
    """

    def __init__(self, board=None):
        self._e = _EkEval()
        _check(_ek().ek_eval_init(ctypes.byref(self._e)))
        if board is not None:
            self.set(board)

    def _live(self) -> _EkEval:
        if not self._e.feature:
            raise EdaxKernelsError("edax_kernels: this Eval is closed", -1)
        return self._e

    def set(self, board) -> None:
        """Starts from ``board`` (side to move first); raises for more than 60 empty squares."""
        _check(_ek().ek_eval_set(ctypes.byref(self._live()), _board(board)))

    def update(self, x: int, flipped: int) -> None:
        """The side to move plays ``x`` flipping ``flipped`` (raises when x is not 0..63 or the line is full)."""
        move = _EkMove(None, flipped, x, 0, 0)
        _check(_ek().ek_eval_update(ctypes.byref(self._live()), ctypes.byref(move)))

    def restore(self) -> None:
        """Takes back the last update (raises when there is none)."""
        _check(_ek().ek_eval_restore(ctypes.byref(self._live())))

    def pass_(self) -> None:
        """The side to move passes (or a pass is taken back)."""
        _check(_ek().ek_eval_pass(ctypes.byref(self._live())))

    def accumulate(self) -> int:
        """The raw sum of the weights of the current position (raises EK_ERR_EVAL_NONE without weights)."""
        total = c_int()
        _check(_ek().ek_eval_accumulate_checked(ctypes.byref(self._live()), ctypes.byref(total)))
        return total.value

    @property
    def ply(self) -> int:
        """60 minus the empty squares of the current position."""
        return self._e.ply

    @property
    def player(self) -> int:
        """0 when the side to move is the side to move of ``set``'s board, else 1."""
        return self._e.player

    def close(self) -> None:
        """Frees the native memory (again: nothing)."""
        if _lib is not None and self._e.feature:
            _lib.ek_eval_free(ctypes.byref(self._e))

    def __enter__(self) -> "Eval":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "_e", None) is not None:
            self.close()
