"""Game databases: WTHOR game files (.wtb) as NumPy arrays, for statistics and for learning;
games of any format Edax reads here (.txt, .ggf, .wtb, .edx: ``read_games``), and files written
as Edax writes them (``write_games`` for .txt, .ggf and .edx, ``write_wthor`` for .wtb).

The library reads the file (its 16-byte header and 68-byte games, docs/book-and-bases.md) and
replays every game from the start position, inferring passes as Edax does (when the side to move
has no legal move, the other side plays the recorded move), so a file with an illegal move is
refused rather than cut short. A bad file raises ValueError naming the file and the byte offset.
"""

from os import PathLike as _PathLike, fspath as _fspath
from typing import (Any as _Any, Dict as _Dict, Iterable as _Iterable, List as _List, NamedTuple as _NamedTuple,
                    Optional as _Optional, Sequence as _Sequence, Tuple as _Tuple, Union as _Union)

import numpy as _np

from . import _native

__all__ = ["Game", "Wthor", "WthorPositions", "read_games", "read_wthor", "write_games", "write_wthor"]


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


class Game(_NamedTuple):
    """One game of a game database, as Edax holds it (its ``Game``)."""

    #: Whether black moves first.
    black_to_move: bool
    #: The initial position: discs of the side to move (uint64 as int, A1 = bit 0) ...
    player: int
    #: ... and of the other side.
    opponent: int
    #: Black's name, as bytes (Edax's "?" where the file has none: .txt, .wtb; GGF names are
    #: read lower-cased, at most 31 bytes, as Edax reads them).
    black: bytes
    #: White's name.
    white: bytes
    #: The moves, Edax squares (A1 = 0 ... H8 = 63); passes are not recorded.
    moves: _Tuple[int, ...]
    #: Edax's final score (``game_score``): the disc difference, empty squares to the winner,
    #: for the side that moved first (Edax turns it around for an odd number of moves with an
    #: odd number of passes: see docs/book-and-bases.md), or -127 when the game is not over.
    score: int


_Source = _Union[str, "_PathLike[str]", bytes, bytearray, memoryview]


def read_games(source: _Source, name: _Optional[str] = None) -> _List[Game]:
    """Reads every game of a .txt (Edax's text game list), .ggf (GGS), .wtb (WTHOR) or .edx (Edax's
    binary dump) file, the
    format chosen by the name's extension in any case as Edax's ``base_load`` does. ``source`` is
    a path, or the file's bytes with ``name`` giving the extension. A bad file raises ValueError
    naming the file and the byte offset (and line and column in the text formats); Edax would
    stop silently there."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        if name is None:
            raise ValueError("read_games: bytes need a name whose extension gives the format")
        data = bytes(source)
    else:
        name = _fspath(source) if name is None else name
        with open(_fspath(source), "rb") as f:
            data = f.read()
    return [Game(b, p, o, bn, wn, tuple(m), s) for (b, p, o, bn, wn, m, s) in _native.read_games_bytes(data, str(name))]


def write_games(path: _Union[str, "_PathLike[str]"], games: _Iterable[Game], to_bytes: bool = False) -> bytes:
    """Writes games as Edax 4.6 writes a new .txt, .ggf or .edx file (the format by the extension
    of ``path``), byte for byte (an .edx's padding 0, and no date); the file is replaced (Edax's ``base_save`` appends to it). With
    ``to_bytes=True`` nothing is written and only the bytes are returned. ``Game.score`` is not
    read: the score written is the replayed game's."""
    name = _fspath(path)
    data = _native.write_games_bytes(str(name), [(bool(g.black_to_move), int(g.player), int(g.opponent), bytes(g.black),
                                                  bytes(g.white), bytes(g.moves)) for g in games])
    if not to_bytes:
        with open(name, "wb") as f:
            f.write(data)
    return data


_HEADER_FIELDS = ("century", "year", "month", "day", "n_records", "game_year", "board_size", "game_type", "depth",
                  "reserved")


def write_wthor(wthor: _Any, path: _Optional[_Union[str, "_PathLike[str]"]] = None, end: int = 0) -> bytes:
    """The bytes of a WTHOR game file (.wtb) of ``wthor``, a ``Wthor`` (as ``read_wthor`` gives
    it: header dict and columns; ``n_games`` and the replayed columns are not read) or any object
    with those attributes; written to ``path`` too when given. ``end`` is the byte after a short
    game's last move: 0 (the federation's files) or 92 (Edax's). ``write_wthor(read_wthor(b))``
    is ``b`` for a file with 0s. Raises ValueError for a field out of its range."""
    header = tuple(int(wthor.header[k]) for k in _HEADER_FIELDS)
    moves = _np.asarray(wthor.moves)
    n_moves = _np.asarray(wthor.n_moves)
    columns = [_np.asarray(c) for c in (wthor.tournament, wthor.black, wthor.white, wthor.black_discs,
                                         wthor.theoretical)]
    n = len(n_moves)
    if moves.shape != (n, 60) or any(len(c) != n for c in columns):
        raise ValueError("write_wthor: moves must be (n, 60) and every column n long")
    games = []
    for i in range(n):
        k = int(n_moves[i])
        if not 0 <= k <= 60:
            raise ValueError(f"write_wthor: game {i}: n_moves {k} outside 0..60")
        row = moves[i, :k]
        if (row < 0).any() or (row > 63).any():
            raise ValueError(f"write_wthor: game {i}: a move outside 0..63")
        games.append(tuple(int(c[i]) for c in columns) + (bytes(row.astype(_np.uint8)),))
    try:
        data = _native.write_wthor_bytes(header, games, int(end))
    except OverflowError as e:
        raise ValueError(f"write_wthor: a field out of its range: {e}") from None
    if path is not None:
        with open(_fspath(path), "wb") as f:
            f.write(data)
    return data
