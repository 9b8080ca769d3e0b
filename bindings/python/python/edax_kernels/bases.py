"""Game databases: WTHOR game files (.wtb) as NumPy arrays, for statistics and for learning.

The library reads the file (its 16-byte header and 68-byte games, docs/book-and-bases.md) and
replays every game from the start position, inferring passes as Edax does (when the side to move
has no legal move, the other side plays the recorded move), so a file with an illegal move is
refused rather than cut short. A bad file raises ValueError naming the file and the byte offset.
"""

from os import PathLike as _PathLike, fspath as _fspath
from typing import Any as _Any, Dict as _Dict, NamedTuple as _NamedTuple, Optional as _Optional, Union as _Union

import numpy as _np

from . import _native

__all__ = ["Wthor", "WthorPositions", "read_wthor"]


class WthorPositions(_NamedTuple):
    """One row per move of every game: the position in which it is played (after any pass),
    seen from the side about to play, and how the game ended for that side."""

    #: Discs of the side to move (uint64, A1 = bit 0).
    players: _np.ndarray
    #: Discs of the other side (uint64).
    opponents: _np.ndarray
    #: The game's index in the file (uint32).
    game: _np.ndarray
    #: The move's index in the game (uint8): ``moves[game, ply]`` is the move played.
    ply: _np.ndarray
    #: Whether black is to move (bool).
    black_to_move: _np.ndarray
    #: The final disc difference for the side to move, empty squares to the winner (int8,
    #: -64..64), from the replayed game (not the recorded score).
    score: _np.ndarray


class Wthor(_NamedTuple):
    """A WTHOR file: its header, and one row per game."""

    #: century, year, month, day (the file's date), n_games, n_records, game_year,
    #: board_size ("P1"), game_type ("P2"), depth ("P3", of the theoretical scores), reserved.
    header: _Dict[str, int]
    #: Tournament index into WTHOR.TRN (uint16).
    tournament: _np.ndarray
    #: Black player's index into WTHOR.JOU (uint16).
    black: _np.ndarray
    #: White player's index (uint16).
    white: _np.ndarray
    #: Black's final disc count as recorded (uint8).
    black_discs: _np.ndarray
    #: Black's theoretical disc count at the header's depth, as recorded (uint8).
    theoretical: _np.ndarray
    #: The moves, (n, 60) int8 Edax squares (A1 = 0 ... H8 = 63), -1 past the end.
    moves: _np.ndarray
    #: The number of moves of each game (uint8).
    n_moves: _np.ndarray
    #: Black's final disc count of the replayed game (uint8), empty squares to the winner;
    #: where it differs from ``black_discs`` the record disagrees with its own moves.
    final_black_discs: _np.ndarray
    #: Every position, with ``positions=True``; else None.
    positions: _Optional[WthorPositions]


def read_wthor(source: _Union[str, "_PathLike[str]", bytes, bytearray, memoryview], positions: bool = False) -> Wthor:
    """Reads a WTHOR game file from a path or from its bytes, replaying every game; with
    ``positions=True`` also every position of every game (``Wthor.positions``)."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        data, name = bytes(source), "<bytes>"
    else:
        name = _fspath(source)
        with open(name, "rb") as f:
            data = f.read()
    header, cols = _native.read_wthor_bytes(data, str(name), bool(positions))

    def col(key: str, dtype: _Any) -> _np.ndarray:
        # A read-only view of the native bytes would surprise users who edit; one copy each.
        return _np.frombuffer(cols[key], dtype=dtype).copy()

    pos = None
    if positions:
        pos = WthorPositions(col("players", "<u8"), col("opponents", "<u8"), col("game", "<u4"), col("ply", "u1"),
                             col("black_to_move", "u1").astype(bool), col("score", "i1"))
    return Wthor(header, col("tournament", "<u2"), col("black", "<u2"), col("white", "<u2"),
                 col("black_discs", "u1"), col("theoretical", "u1"), col("moves", "i1").reshape(-1, 60),
                 col("n_moves", "u1"), col("final_black_discs", "u1"), pos)
