"""Self-play data: games the engine plays against itself at a level, on every core or a Dask cluster.

``self_play(n, level=..., random_moves=..., openings=...)`` plays games 0..n-1 (or the game
indices given) and returns them as a ``pyarrow.Table``; ``python -m edax_kernels.selfplay --games N
--level L --out FILE.parquet`` writes them to a Parquet file, resumably. Both sides are
``Engine.search`` at ``level`` (one thread: Edax's search node for node). Each game starts from
its opening: the game's line of ``openings`` (game g takes line g modulo their number: move
strings such as "f5d6c3", "ps" for a pass) and then ``random_moves`` random legal moves, drawn
from NumPy's PCG64 seeded with (seed, game index); a draw whose game ends within the opening is
drawn again from the same generator. A game is thus a function of (level, seed, game index, its
opening line, hash_bits): its engine's tables are cleared when it starts (and kept between its
moves, as Edax keeps them), so no game depends on the games run before it, on which worker ran
it, or on the number of workers.

One row per position where the engine moved, the rows in (game, ply) order:

================ ================ ==============================================================
column           type             meaning
================ ================ ==============================================================
game             int64            the game's index
ply              int16            the moves (passes included) played before this position
opening          string           the game's opening: its moves before the engine's, "ps" a pass
player           uint64           the side to move's discs (A1 = bit 0 ... H8 = bit 63)
opponent         uint64           the other side's discs
side             int8             the side to move: 0 black, 1 white
move             int8             the engine's move: a square 0..63 (A1 = 0, H8 = 63), 64 a pass
score            int8             the engine's score of it for the side to move (disc difference)
exact            bool             whether that score is the exact final score
nodes            uint64           the nodes of that search (its cost; they depend on the tables)
result           int8             the game's final score for black (empty squares to the winner)
move_scores      list<float>[65]  with ``analyze``: ``Engine.analyze``'s score of every legal
                                  move (index 64: the pass), NaN where not legal
================ ================ ==============================================================

``ek.planes((player, opponent))`` turns the positions into network inputs; the value target
for the side to move is ``result`` when side is 0, ``-result`` otherwise. The file's schema
metadata (key ``edax_kernels.selfplay``) holds the settings that made it, as JSON.

The command writes each finished chunk of games into ``FILE.parquet.parts/`` (written whole,
then renamed into place), then joins the file's games and the parts into FILE (written whole,
then renamed). Run again, it plays only the game indices below N that neither FILE nor the
parts of an interrupted run hold, and adds them: a file of 1000 games grows to 2000 with
``--games 2000``, a Ctrl-C loses only the chunks running. A file or parts made with other
settings (level, seed, random moves, openings, analyze, hash bits) are refused, never mixed in.
Needs the package's ``scale`` extra (pyarrow, and dask for ``--scheduler``).
"""

# The names this module imports are private (a leading underscore): its public names are those
# of __all__.
import hashlib as _hashlib
import json as _json
import operator as _operator
import os as _os
import sys as _sys
import threading as _threading
from typing import Dict as _Dict, List as _List, Optional as _Optional, Sequence as _Sequence, Tuple as _Tuple

import numpy as _np

from . import NOMOVE as _NOMOVE, PASS as _PASS, START as _START, EdaxKernelsError as _EdaxKernelsError
from . import Engine as _Engine, board_next as _board_next, get_moves as _get_moves
from . import square as _square, square_name as _square_name
from .many import _Cancelled, _EK_ERR_RANGE, _progress_bar, _run_chunks, chunk_bounds as _chunk_bounds

__all__ = ["self_play", "play_chunk", "parse_opening", "read_openings", "DEFAULT_GAMES_PER_CHUNK", "main"]

#: Games per chunk when ``chunk_size`` is not given: a chunk is a unit of work and of progress.
DEFAULT_GAMES_PER_CHUNK = 8

#: The schema metadata key holding the settings of a file's games.
_METADATA_KEY = b"edax_kernels.selfplay"


def _opening_text(moves: _Sequence[int]) -> str:
    """Moves as one string: "f5d6", "ps" for a pass."""
    return "".join("ps" if x == _PASS else _square_name(x) for x in moves)


def _over(board) -> bool:
    return _get_moves(*board) == 0 and _get_moves(board[1], board[0]) == 0


def parse_opening(text: str) -> _Tuple[int, ...]:
    """The moves of an opening string ("f5d6c3", case and spaces free, "ps" a pass), each checked
    legal from the start position, the game still going after them; ValueError naming the move
    otherwise."""
    if not isinstance(text, str):
        raise TypeError(f"an opening is a string of moves such as 'f5d6c3', not {type(text).__name__}")
    compact = "".join(text.split())
    if len(compact) % 2:
        raise ValueError(f"opening {text!r}: not a sequence of two-character moves")
    board, moves = _START, []
    for i in range(0, len(compact), 2):
        token = compact[i:i + 2]
        try:
            x = _square(token)
        except ValueError:
            why = f"move {i // 2 + 1} {token!r} is not a square (a1 .. h8) or 'ps'"
            raise ValueError(f"opening {text!r}: {why}") from None
        legal = _get_moves(*board)
        if _over(board):
            raise ValueError(f"opening {text!r}: move {i // 2 + 1} {token!r}: the game is already over")
        if (x == _PASS and legal) or (x != _PASS and not legal >> x & 1):
            raise ValueError(f"opening {text!r}: move {i // 2 + 1} {token!r} is not legal there")
        board = _board_next(board, x)
        moves.append(x)
    if _over(board):
        raise ValueError(f"opening {text!r}: the game is over after it (no move left for the engine)")
    return tuple(moves)


def read_openings(path) -> _List[_Tuple[int, ...]]:
    """The openings of a text file: one move string per line (``parse_opening``), blank lines and
    ``#`` comments skipped. ValueError naming the file and line of the first bad one."""
    openings = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            try:
                openings.append(parse_opening(text))
            except ValueError as e:
                raise ValueError(f"{_os.fsdecode(path)}:{number}: {e}") from None
    if not openings:
        raise ValueError(f"{_os.fsdecode(path)}: no opening in it")
    return openings


def _openings(openings) -> _Optional[_List[_Tuple[int, ...]]]:
    """The openings given (None, a path, or a list of move strings), parsed; told apart by type
    (a lone str is refused: a file's name and a move string would read alike)."""
    if openings is None:
        return None
    if isinstance(openings, _os.PathLike):
        return read_openings(openings)
    if isinstance(openings, (str, bytes)):
        raise TypeError("openings: a list of move strings, or a pathlib.Path of a file of them (not a str)")
    parsed = []
    for i, text in enumerate(openings):
        try:
            parsed.append(parse_opening(text))
        except ValueError as e:
            raise ValueError(f"openings[{i}]: {e}") from None
    if not parsed:
        raise ValueError("openings: an empty list (None for none)")
    return parsed


_engines = _threading.local()


def _engine(hash_bits: int) -> _Engine:
    """This thread's engine with a table of 2**hash_bits entries (made once per thread)."""
    cached = getattr(_engines, "by_bits", None)
    if cached is None:
        cached = _engines.by_bits = {}
    if hash_bits not in cached:
        cached[hash_bits] = _Engine(hash_bits=hash_bits, threads=1)
    return cached[hash_bits]


def _opening(game: int, fixed: _Tuple[int, ...], random_moves: int, seed: int) -> _Tuple[_Tuple[int, ...], tuple]:
    """Game ``game``'s opening moves (``fixed``, then ``random_moves`` random ones) and the
    position after them. Drawn again while the game ends within them (parse_opening made sure
    ``fixed`` leaves a game going)."""
    rng = _np.random.Generator(_np.random.PCG64([seed, game]))
    start = _START
    for x in fixed:
        start = _board_next(start, x)
    while True:
        board, moves = start, list(fixed)
        for _ in range(random_moves):
            legal = _get_moves(*board)
            squares = [x for x in range(64) if legal >> x & 1]
            x = squares[int(rng.integers(len(squares)))] if squares else _PASS
            board = _board_next(board, x)
            moves.append(x)
            if _over(board):
                break
        if not _over(board):
            return tuple(moves), board


def _search(engine: _Engine, run, board, level: int, analyze: bool):
    """The engine's search of board (and its analysis), stopped with the run; _Cancelled when
    the run was cancelled (a stopped search's result is cut short, not the game's)."""
    if run is not None:
        run.enter(engine)
    try:
        r = engine.search(board, level)
        scores = engine.analyze(board, level) if analyze else None
    finally:
        if run is not None:
            run.leave(engine)
    if run is not None and run.cancelled.is_set():
        raise _Cancelled()
    return r, scores


def _final_for_black(board, side: int) -> int:
    """The final score of a finished game for black (empty squares to the winner)."""
    mine, theirs = bin(board[0]).count("1"), bin(board[1]).count("1")
    diff = mine - theirs
    empties = 64 - mine - theirs
    diff += empties if diff > 0 else -empties if diff < 0 else 0
    return diff if side == 0 else -diff


def play_chunk(games, openings, *, level: int, random_moves: int, seed: int, analyze: bool, hash_bits: int,
               run=None) -> _Dict[str, _np.ndarray]:
    """Plays the games of the indices ``games``, game i from the fixed opening ``openings[i]`` (a
    tuple of moves, maybe empty) with this thread's engine, its tables cleared at each game's
    start: the columns of their rows (see the module's doc) as NumPy arrays, ``opening`` an
    object array of str, ``move_scores`` a (rows, 65) float32 array with ``analyze``. A Dask task
    runs this on a worker; on threads, ``run`` stops it on cancel (``_Cancelled``)."""
    engine = _engine(hash_bits)
    rows: _Dict[str, list] = {k: [] for k in ("game", "ply", "opening", "player", "opponent", "side", "move",
                                                "score", "exact", "nodes", "result")}
    move_scores = []
    for game, fixed in zip(games, openings):
        game = int(game)
        moves, board = _opening(game, tuple(fixed), random_moves, seed)
        text = _opening_text(moves)
        engine.clear()
        ply, first = len(moves), len(rows["game"])
        while not _over(board):
            r, scores = _search(engine, run, board, level, analyze)
            if r.move == _NOMOVE:
                raise _EdaxKernelsError(f"edax_kernels: game {game} ply {ply}: the engine found no move", -1)
            for key, value in (("game", game), ("ply", ply), ("opening", text), ("player", board[0]),
                               ("opponent", board[1]), ("side", ply % 2), ("move", r.move), ("score", r.score),
                               ("exact", r.exact), ("nodes", r.nodes)):
                rows[key].append(value)
            if analyze:
                vector = _np.full(65, _np.nan, _np.float32)
                for m in scores:
                    vector[m.move] = m.score
                move_scores.append(vector)
            board = _board_next(board, r.move)
            ply += 1
        rows["result"].extend([_final_for_black(board, ply % 2)] * (len(rows["game"]) - first))
    types = dict(game=_np.int64, ply=_np.int16, opening=object, player=_np.uint64, opponent=_np.uint64,
                 side=_np.int8, move=_np.int8, score=_np.int8, exact=bool, nodes=_np.uint64, result=_np.int8)
    out = {k: _np.array(rows[k], dtype=t) for k, t in types.items()}
    if analyze:
        out["move_scores"] = _np.array(move_scores, _np.float32).reshape(-1, 65)
    return out


def _schema(settings: dict, analyze: bool):
    import pyarrow as pa

    fields = [("game", pa.int64()), ("ply", pa.int16()), ("opening", pa.string()), ("player", pa.uint64()),
              ("opponent", pa.uint64()), ("side", pa.int8()), ("move", pa.int8()), ("score", pa.int8()),
              ("exact", pa.bool_()), ("nodes", pa.uint64()), ("result", pa.int8())]
    if analyze:
        # The list's field named as Parquet names it: a table read back has the schema written.
        fields.append(("move_scores", pa.list_(pa.field("element", pa.float32()), 65)))
    return pa.schema(fields, metadata={_METADATA_KEY: _json.dumps(settings, sort_keys=True).encode()})


def _table(columns: _Dict[str, _np.ndarray], schema):
    """A chunk's columns as a table of the schema."""
    import pyarrow as pa

    arrays = []
    for field in schema:
        values = columns[field.name]
        if field.name == "move_scores":
            flat = pa.array(values.reshape(-1), pa.float32())
            arrays.append(pa.FixedSizeListArray.from_arrays(flat, 65).cast(field.type))
        else:
            arrays.append(pa.array(values, field.type))
    return pa.Table.from_arrays(arrays, schema=schema)


def _settings(level, random_moves, seed, analyze, hash_bits, openings) -> dict:
    """What makes a game (with its index): a file's games are added to only with the same."""
    digest = None
    if openings is not None:
        digest = _hashlib.sha256("\n".join(_opening_text(m) for m in openings).encode()).hexdigest()
    return {"level": level, "random_moves": random_moves, "seed": seed, "analyze": analyze, "hash_bits": hash_bits,
            "openings": None if openings is None else len(openings), "openings_sha256": digest}


def _whole(value, name: str) -> int:
    """value as a Python int (from an int or a NumPy integer; never a bool or a float), or TypeError."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not a bool")
    try:
        return _operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}") from None


def _check(level, random_moves, seed, hash_bits) -> _Tuple[int, int, int, int]:
    """(level, random_moves, seed, hash_bits) as ints; EdaxKernelsError (EK_ERR_RANGE) for a level
    or hash_bits out of range, ValueError for the others out of theirs, TypeError for non-ints."""
    level, random_moves = _whole(level, "level"), _whole(random_moves, "random_moves")
    seed, hash_bits = _whole(seed, "seed"), _whole(hash_bits, "hash_bits")
    if not 1 <= level <= 60:
        raise _EdaxKernelsError(f"edax_kernels: level {level}: not in 1..60", _EK_ERR_RANGE)
    if not 8 <= hash_bits <= 32:
        raise _EdaxKernelsError(f"edax_kernels: hash_bits {hash_bits}: not in 8..32", _EK_ERR_RANGE)
    if not 0 <= random_moves <= 60:
        raise ValueError(f"random_moves {random_moves}: not in 0..60")
    if seed < 0:
        raise ValueError(f"seed {seed}: negative")
    return level, random_moves, seed, hash_bits


def _games(games) -> _List[int]:
    """Game indices: range(n) for an int n, else the distinct non-negative ints given, sorted."""
    if isinstance(games, (int, _np.integer)) and not isinstance(games, bool):
        if games < 0:
            raise ValueError(f"games {games}: a negative number of games")
        return list(range(int(games)))
    indices = sorted({_whole(g, "a game index") for g in games})
    if any(g < 0 for g in indices):
        raise ValueError("game indices must be non-negative")
    return indices


def _play_chunks(indices, openings, settings, workers, client, chunk_size, advance):
    """(games of the chunk, their columns) of each chunk of ``indices``, as they finish."""
    fixed = [() if openings is None else openings[g % len(openings)] for g in indices]
    bounds = _chunk_bounds(len(indices), DEFAULT_GAMES_PER_CHUNK if chunk_size is None else chunk_size)
    tasks = [(tuple(indices[a:b]), (_np.array(indices[a:b], _np.int64), fixed[a:b])) for a, b in bounds]
    kwargs = {k: settings[k] for k in ("level", "random_moves", "seed", "analyze", "hash_bits")}
    for games, columns in _run_chunks(play_chunk, tasks, workers, client, kwargs):
        advance(len(games))
        yield games, columns


def self_play(games, *, level: int = 10, random_moves: int = 0, openings=None, seed: int = 0, analyze: bool = False,
              hash_bits: int = 20, workers: _Optional[int] = None, client=None, chunk_size: _Optional[int] = None,
              progress=None):
    """Plays ``games`` (n: games 0..n-1; or an iterable of game indices) of the engine against
    itself at ``level`` (1..60) and returns their rows as a ``pyarrow.Table`` in (game, ply)
    order (the module's doc has the schema and how a game is made). ``random_moves``: random legal
    moves (0..60) after each game's fixed opening; ``openings``: None, a list of move strings
    ("f5d6c3"), or a ``pathlib.Path`` (os.PathLike) of a file of them, one per line; ``seed``: the
    random moves' seed; ``analyze``: also every legal move's score (``move_scores``).
    ``workers``: threads of this process (default: every core; searches release the GIL), without
    ``client``, a ``dask.distributed.Client`` whose workers play the chunks. ``chunk_size``: games
    per chunk (default ``DEFAULT_GAMES_PER_CHUNK``); ``hash_bits``: each engine's table (8..32);
    ``progress`` as ``solve_many``'s, counting games. The same games come out whatever the
    workers, client and chunk size.

    Raises before any game is played: EdaxKernelsError EK_ERR_RANGE for a level or hash_bits out
    of range; ValueError for a bad opening (naming it and its move), random_moves, seed, a
    negative game or chunk_size < 1; TypeError for openings of another type or a number that is
    not an int. Ctrl-C stops the run (the engines' searches too)."""
    level, random_moves, seed, hash_bits = _check(level, random_moves, seed, hash_bits)
    openings = _openings(openings)
    indices = _games(games)
    settings = _settings(level, random_moves, seed, bool(analyze), hash_bits, openings)
    schema = _schema(settings, bool(analyze))
    advance, bar = _progress_bar(len(indices), progress, unit="game")
    tables = []
    chunks = _play_chunks(indices, openings, settings, workers, client, chunk_size, advance)
    try:
        for _, columns in chunks:
            tables.append(_table(columns, schema))
    finally:
        chunks.close()  # on an exception: cancels the rest, joins the threads
        if bar is not None:
            bar.close()
    return _joined(tables, schema)


def _joined(tables, schema):
    """The tables as one, in (game, ply) order, in one chunk (so that equal games write equal files)."""
    import pyarrow as pa

    table = pa.concat_tables(tables) if tables else schema.empty_table()
    table = table.sort_by([("game", "ascending"), ("ply", "ascending")]).combine_chunks()
    return table.replace_schema_metadata(schema.metadata)


def main(argv=None) -> int:
    """``python -m edax_kernels.selfplay`` (see the module's doc; ``--help``): its exit status."""
    from ._selfplay_command import run

    return run(argv, __doc__)


if __name__ == "__main__":
    _sys.exit(main())
