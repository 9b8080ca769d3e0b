"""Positions and batch arguments from Python values, read so that they cannot be misread.

A bitboard is an integer in 0 .. 2**64 - 1, exactly: floats (which hold 53 bits), negative
values and larger ones are refused, never rounded or wrapped. Many positions come in one of two
forms, told apart by type, never by length:

- two columns: a pair (tuple or list) of two 1-D array-likes (NumPy arrays, or anything with
  ``__array__`` such as a pandas Series): ``(players, opponents)``;
- rows: a 2-D NumPy array of shape (n, 2), or any other iterable of boards, each a ``Board`` or
  a pair of ints. A tuple of two ``Board``s is two positions.

Anything else (a single board, a string, rows of other lengths, floats) raises TypeError or
ValueError naming the position and what is wrong with it.
"""

from numbers import Integral
from typing import Tuple

import numpy as np

_U64_MAX = (1 << 64) - 1


def _is_column(x) -> bool:
    """Whether x is an array-like (a column of values), as opposed to a board."""
    return isinstance(x, np.ndarray) or (hasattr(x, "__array__") and not isinstance(x, (tuple, list)))


def integers(values, dtype, what: str) -> np.ndarray:
    """values as a contiguous 1-D array of dtype (an integer type), refusing values the dtype
    cannot hold exactly: floats, booleans, out-of-range or non-integer values. An array already
    of that dtype is used as it is (no copy). NumPy arrays (and array-likes) are checked as
    arrays; other iterables element by element (Python ints of any size, NumPy integers)."""
    dtype = np.dtype(dtype)
    info = np.iinfo(dtype)
    if isinstance(values, np.ndarray) or hasattr(values, "__array__"):
        a = np.asarray(values)
        if a.dtype == dtype:
            pass
        elif a.dtype == object:
            a = _exactly(list(a.ravel()), dtype, info, what).reshape(a.shape)
        elif a.dtype.kind not in "iu":
            raise TypeError(f"{what} must hold integers, not {a.dtype} values (floats cannot hold 64 bits exactly)")
        elif a.size:
            lo, hi = int(a.min()), int(a.max())
            if lo < info.min or hi > info.max:
                raise ValueError(f"{what} holds values outside {info.min} .. {info.max} (from {lo} to {hi})")
    elif isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{what} must be an array or a sequence of integers, not {type(values).__name__}")
    else:
        a = _exactly(list(values), dtype, info, what)
    if a.ndim != 1:
        raise ValueError(f"{what} must be 1-D, not of shape {a.shape}")
    return np.ascontiguousarray(a, dtype=dtype)


def _exactly(items: list, dtype, info, what: str) -> np.ndarray:
    """Python or NumPy integers as an array of dtype, each checked (type and range)."""
    for i, v in enumerate(items):
        if not isinstance(v, Integral) or isinstance(v, (bool, np.bool_)):
            raise TypeError(f"{what}[{i}] is {type(v).__name__} {v!r}, not an integer")
    ints = [int(v) for v in items]
    if ints and (min(ints) < info.min or max(ints) > info.max):
        i = next(i for i, v in enumerate(ints) if not info.min <= v <= info.max)
        raise ValueError(f"{what}[{i}] = {ints[i]} is outside {info.min} .. {info.max}")
    return np.array(ints, dtype=dtype) if ints else np.empty(0, dtype)


def bitboards(values, what: str) -> np.ndarray:
    """values as a uint64 array, exactly (see ``integers``)."""
    return integers(values, np.uint64, what)


def _board(b, i: int) -> Tuple[int, int]:
    """(player, opponent) of position i of a row form."""
    if isinstance(b, (str, bytes)) or _is_column(b) and np.ndim(b) != 1:
        raise TypeError(f"position {i} is {type(b).__name__} {b!r:.60}, not a board (a Board or a pair of ints)")
    try:
        n = len(b)
    except TypeError:
        raise TypeError(f"position {i} is {type(b).__name__} {b!r:.60}, not a board (a Board or a pair of ints); "
                        "to solve one board, pass [board]") from None
    if n != 2:
        raise ValueError(f"position {i} has {n} items, not 2 (player, opponent)")
    pair = []
    for v in (b[0], b[1]):
        if not isinstance(v, Integral) or isinstance(v, (bool, np.bool_)):
            raise TypeError(f"position {i}: {type(v).__name__} {v!r} is not a bitboard (an int)")
        if not 0 <= int(v) <= _U64_MAX:
            raise ValueError(f"position {i}: {int(v)} is not a bitboard (0 .. 2**64 - 1)")
        pair.append(int(v))
    return pair[0], pair[1]


def positions(boards) -> Tuple[np.ndarray, np.ndarray]:
    """The players' and opponents' bitboards of ``boards`` (the forms of the module's doc) as
    two uint64 arrays."""
    if isinstance(boards, (tuple, list)) and len(boards) == 2 and all(_is_column(c) for c in boards):
        p, o = bitboards(boards[0], "players"), bitboards(boards[1], "opponents")
        if p.shape != o.shape:
            raise ValueError(f"players and opponents differ in length ({p.size} and {o.size})")
        return p, o
    if isinstance(boards, (tuple, list)) and len(boards) == 2 and any(_is_column(c) for c in boards):
        raise TypeError("a pair of columns needs two 1-D arrays (players, opponents); "
                        "a list of boards needs boards (Boards or pairs of ints)")
    if isinstance(boards, np.ndarray):
        if boards.ndim != 2 or boards.shape[1] != 2:
            raise ValueError(f"an array of positions must be of shape (n, 2), not {boards.shape}; "
                             "for two columns pass (players, opponents)")
        return bitboards(boards[:, 0], "players"), bitboards(boards[:, 1], "opponents")
    if isinstance(boards, (str, bytes, dict)) or not hasattr(boards, "__iter__"):
        raise TypeError(f"positions must be boards or (players, opponents), not {type(boards).__name__}")
    if isinstance(boards, tuple) and len(boards) == 2 and all(isinstance(v, Integral) for v in boards):
        raise TypeError("this is one board, not a list of boards: pass [board]")
    pairs = [_board(b, i) for i, b in enumerate(boards)]
    p = np.fromiter((b[0] for b in pairs), dtype=np.uint64, count=len(pairs))
    o = np.fromiter((b[1] for b in pairs), dtype=np.uint64, count=len(pairs))
    return p, o
