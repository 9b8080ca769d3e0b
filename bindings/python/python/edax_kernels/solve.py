"""Solve many positions from a file: ``python -m edax_kernels.solve INPUT --out RESULTS``.

INPUT is Edax's problem format (``.obf``: 64 squares of ``X``/``O``/``-`` then the side to move,
``X`` or ``O``, and whatever follows), an ``.npz`` with uint64 arrays ``player`` and ``opponent``
(or ``players``/``opponents``), or any other text file of lines ``P O``: the side to move's and
the other side's bitboards in hex (``0x`` optional; blank lines and ``#`` comments skipped).
RESULTS is a Parquet file (``--csv``, or a name ending in ``.csv``: CSV) with the columns player,
opponent, empties, score, best_move and nodes, one row per position in the input's order. Parquet
keeps the bitboards as unsigned 64-bit integers; CSV writes them as 16 hexadecimal digits (as the
input's lines), so that no reader takes them for signed or floating-point numbers. With
``--window ALPHA BETA`` the positions are solved on that window (exact scores inside it,
fail-soft bounds outside: ``--window -1 1`` labels wins, draws and losses) and the columns alpha
and beta are added; with ``--per-move`` the score of every legal move too, in the columns
move_a1 .. move_h8 (empty where the square is not a legal move).

The results are written chunk by chunk into ``RESULTS.parts/`` (each part written whole, then
renamed into place); when every chunk is there they are joined into RESULTS (written whole, then
renamed), and the parts removed. An interrupted run keeps its parts: the same command with
``--resume`` solves only the chunks missing. A line that is not a position is reported on stderr
with its line number and left out (``--strict``: the run stops before solving anything). With
``--scheduler ADDRESS`` the chunks run on that Dask scheduler's workers (``dask scheduler`` on one
host, ``dask worker ADDRESS`` on each of the others); without it on every core of this machine.
With ``--default-weights`` (the project's own weights, which the library carries) or
``--eval-weights EVAL_DAT`` (an Edax eval.dat) the solvers order their moves with those weights:
the same scores (maybe other best moves reaching them), far fewer nodes on deep positions (each
process loads them once; with ``--scheduler`` every worker must find the file at the same
absolute path); a resume needs the same weights, window and --per-move. Needs the package's
``scale`` extra (pyarrow, and dask for ``--scheduler``).
"""

# The names this module imports are private (a leading underscore): its public names are those
# of __all__.
import argparse as _argparse
import hashlib as _hashlib
import json as _json
import os as _os
import re as _re
import shutil as _shutil
import sys as _sys
from pathlib import Path as _Path
from typing import List as _List, Tuple as _Tuple

import numpy as _np

from . import EdaxKernelsError as _EdaxKernelsError, square_name as _square_name
from .many import DEFAULT_CHUNK_SIZE as _DEFAULT_CHUNK_SIZE, NOT_A_MOVE as _NOT_A_MOVE, chunk_bounds as _chunk_bounds
from .many import _eval_path, _eval_source, _solve_chunks, _window

__all__ = ["main", "read_input"]

_HEX = _re.compile(r"^\s*(?:0[xX])?([0-9A-Fa-f]{1,16})\s+(?:0[xX])?([0-9A-Fa-f]{1,16})\s*(?:#.*)?$")


def _obf_board(text: str) -> _Tuple[int, int]:
    """(player, opponent) of an .obf line's board, or ValueError."""
    if len(text) < 66 or text[64] not in " \t":
        raise ValueError("not 64 squares and a side to move")
    squares, side = text[:64], text[65]
    if side not in "XO" or any(c not in "XO-" for c in squares):
        raise ValueError("squares must be X, O or -, and the side to move X or O")
    x = sum(1 << i for i, c in enumerate(squares) if c == "X")
    o = sum(1 << i for i, c in enumerate(squares) if c == "O")
    return (x, o) if side == "X" else (o, x)


def read_input(path: _Path) -> _Tuple[_np.ndarray, _np.ndarray, _List[_Tuple[int, str, str]]]:
    """The positions of INPUT (players, opponents) and its bad lines (line number, line, why)."""
    if path.suffix == ".npz":
        with _np.load(path) as data:
            names = [k for k in (("player", "opponent"), ("players", "opponents")) if set(k) <= set(data.files)]
            if not names:
                raise SystemExit(f"{path}: an .npz needs arrays player and opponent (or players and opponents)")
            p, o = (_np.asarray(data[k]) for k in names[0])
        if p.ndim != 1 or p.shape != o.shape or not _np.issubdtype(p.dtype, _np.integer):
            raise SystemExit(f"{path}: player and opponent must be integer arrays of one length")
        p, o = p.astype(_np.uint64), o.astype(_np.uint64)
        bad = [(i, f"{int(a):016x} {int(b):016x}", "the bitboards overlap") for i, (a, b) in enumerate(zip(p, o)) if a & b]
        keep = (p & o) == 0
        return p[keep], o[keep], bad
    players, opponents, bad = [], [], []
    obf = path.suffix == ".obf"
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            text = line.rstrip("\n")
            if not text.strip() or text.lstrip().startswith("#") or (obf and text.startswith("%")):
                continue
            try:
                if obf:
                    p, o = _obf_board(text)
                else:
                    m = _HEX.match(text)
                    if not m:
                        raise ValueError("not two hexadecimal bitboards")
                    p, o = int(m.group(1), 16), int(m.group(2), 16)
                if p & o:
                    raise ValueError("the bitboards overlap")
            except ValueError as e:
                bad.append((number, text, str(e)))
                continue
            players.append(p)
            opponents.append(o)
    return _np.array(players, dtype=_np.uint64), _np.array(opponents, dtype=_np.uint64), bad


def _fingerprint(p: _np.ndarray, o: _np.ndarray, chunk_size: int, hash_bits: int, eval_weights=None,
                 window=(-64, 64), per_move=False) -> dict:
    """What a resumed run must share with the run it continues (the weights by their contents;
    a run without weights, window or per-move has the fingerprint of the runs made before there
    were any)."""
    digest = _hashlib.sha256(p.tobytes() + o.tobytes()).hexdigest()
    fingerprint = {"positions": int(p.size), "sha256": digest, "chunk_size": chunk_size, "hash_bits": hash_bits}
    if eval_weights is True:
        fingerprint["eval_weights_sha256"] = "bundled"
    elif eval_weights is not None:
        with open(eval_weights, "rb") as f:
            fingerprint["eval_weights_sha256"] = _hashlib.sha256(f.read()).hexdigest()
    if tuple(window) != (-64, 64):
        fingerprint["window"] = list(window)
    if per_move:
        fingerprint["per_move"] = True
    return fingerprint


def _write_atomically(path: _Path, write) -> None:
    """write(tmp) then rename tmp to path: a reader sees the whole file or none."""
    tmp = path.with_name(f".{path.name}.{_os.getpid()}.tmp")
    try:
        write(tmp)
        _os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def _table(p, o, scores, moves, nodes, window=(-64, 64), move_scores=None):
    import pyarrow as pa

    empties = (64 - _np.array([bin(int(a | b)).count("1") for a, b in zip(p, o)], dtype=_np.int64)).astype(_np.int8)
    columns = {
        "player": pa.array(p, pa.uint64()),
        "opponent": pa.array(o, pa.uint64()),
        "empties": pa.array(empties, pa.int8()),
        "score": pa.array(scores.astype(_np.int8), pa.int8()),
        "best_move": pa.array(moves.astype(_np.int8), pa.int8()),
        "nodes": pa.array(nodes, pa.uint64()),
    }
    if tuple(window) != (-64, 64):
        columns["alpha"] = pa.array(_np.full(p.size, window[0], _np.int8), pa.int8())
        columns["beta"] = pa.array(_np.full(p.size, window[1], _np.int8), pa.int8())
    if move_scores is not None:
        for x in range(64):
            column = move_scores[:, x]
            columns[f"move_{_square_name(x)}"] = pa.array(column, pa.int8(), mask=column == _NOT_A_MOVE)
    return pa.table(columns)


def _write_csv(table, path) -> None:
    """CSV with the bitboards as 16 hexadecimal digits (a CSV reader would take 64-bit unsigned
    decimals for signed or floating-point numbers)."""
    import pyarrow as pa
    import pyarrow.csv as pc

    for name in ("player", "opponent"):
        hexes = pa.array([f"{v:016x}" for v in table.column(name).to_numpy()], pa.string())
        table = table.set_column(table.schema.get_field_index(name), name, hexes)
    pc.write_csv(table, path)


def _read_results(path: _Path, csv: bool):
    """(players, opponents) of a results file, exactly."""
    if csv:
        import pyarrow as pa
        import pyarrow.csv as pc

        types = {"player": pa.string(), "opponent": pa.string()}
        table = pc.read_csv(path, convert_options=pc.ConvertOptions(column_types=types))
        col = lambda name: _np.array(  # noqa: E731
            [int(v, 16) for v in table.column(name).to_pylist()], dtype=_np.uint64)
    else:
        import pyarrow.parquet as pq

        table = pq.read_table(path)
        col = lambda name: table.column(name).to_numpy().astype(_np.uint64)  # noqa: E731
    return col("player"), col("opponent")


def main(argv=None) -> int:
    parser = _argparse.ArgumentParser(
        prog="python -m edax_kernels.solve", description=__doc__.split("\n\n")[0],
        formatter_class=_argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1],
    )
    parser.add_argument("input", type=_Path, help="positions: .obf, .npz, or lines 'P O' in hex")
    parser.add_argument("--out", type=_Path, required=True, help="the results file (Parquet; CSV with --csv or .csv)")
    parser.add_argument("--scheduler", help="a Dask scheduler's address: solve on its workers")
    parser.add_argument("--hash-bits", type=int, default=20, help="each solver's table: 2**N entries (default 20)")
    parser.add_argument("--chunk-size", type=int, default=_DEFAULT_CHUNK_SIZE, help="positions per chunk")
    parser.add_argument("--workers", type=int, help="threads without --scheduler (default: every core)")
    parser.add_argument("--eval-weights", type=_Path, metavar="EVAL_DAT",
                        help="order the solvers' moves with this eval.dat's weights (fewer nodes, the same scores)")
    parser.add_argument("--default-weights", action="store_true",
                        help="order the solvers' moves with the project's own weights, which the library carries")
    parser.add_argument("--window", type=int, nargs=2, metavar=("ALPHA", "BETA"), default=(-64, 64),
                        help="solve on this window (default -64 64: exact scores)")
    parser.add_argument("--per-move", action="store_true", help="also the score of every legal move")
    parser.add_argument("--resume", action="store_true", help="solve only what an interrupted run left")
    parser.add_argument("--csv", action="store_true", help="write CSV, not Parquet")
    parser.add_argument("--strict", action="store_true", help="stop at a bad input line (before solving)")
    parser.add_argument("--progress", action=_argparse.BooleanOptionalAction, default=None,
                        help="a progress bar (default: when stderr is a terminal)")
    args = parser.parse_args(argv)
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        parser.error('needs pyarrow: pip install "edax-kernels[scale]"')
    if not 1 <= args.hash_bits <= 32 or args.chunk_size < 1 or (args.workers is not None and args.workers < 1):
        parser.error("--hash-bits must be in 1..32, --chunk-size and --workers at least 1")
    if args.eval_weights is not None and args.default_weights:
        parser.error("--eval-weights and --default-weights: one or the other")
    try:
        window = _window(args.window)
    except _EdaxKernelsError as e:
        parser.error(str(e))
    eval_weights = True if args.default_weights else None
    if args.eval_weights is not None:
        eval_weights = _eval_path(args.eval_weights)
    if eval_weights is not None:
        try:
            _eval_source(eval_weights)  # loadable here, before anything is read or solved
        except _EdaxKernelsError as e:
            parser.error(str(e))

    p, o, bad = read_input(args.input)
    for number, text, why in bad:
        print(f"{args.input}:{number}: {why}: {text[:80]!r}", file=_sys.stderr)
    if bad and args.strict:
        print(f"{len(bad)} bad line(s); --strict: nothing solved", file=_sys.stderr)
        return 2

    out = args.out
    parts = out.with_name(out.name + ".parts")
    manifest = parts / "run.json"
    csv = args.csv or out.suffix == ".csv"
    fingerprint = _fingerprint(p, o, args.chunk_size, args.hash_bits, eval_weights, window, args.per_move)
    if args.resume and not parts.exists() and out.exists():
        # A finished run leaves no parts: its results are complete if they hold these positions.
        dp, do = _read_results(out, csv)
        if _np.array_equal(dp, p) and _np.array_equal(do, o):
            print(f"{out}: already holds every position; nothing to resume", file=_sys.stderr)
            return 0
        print(f"{out}: holds other positions; run without --resume to solve these", file=_sys.stderr)
        return 2
    if args.resume and manifest.exists():
        if _json.loads(manifest.read_text()) != fingerprint:
            print(f"{parts}: made by a run with other positions, --chunk-size, --hash-bits, --eval-weights or "
                  "--default-weights, --window or --per-move; "
                  "run without --resume to start again", file=_sys.stderr)
            return 2
    else:
        _shutil.rmtree(parts, ignore_errors=True)
        parts.mkdir(parents=True)
        _write_atomically(manifest, lambda t: t.write_text(_json.dumps(fingerprint)))

    import pyarrow.parquet as pq

    bounds = _chunk_bounds(p.size, args.chunk_size)
    part = lambda i: parts / f"part-{i:06d}.parquet"  # noqa: E731
    todo = [i for i in range(len(bounds)) if not part(i).exists()]
    done_before = len(bounds) - len(todo)
    if done_before:
        print(f"resuming: {done_before} of {len(bounds)} chunks already solved", file=_sys.stderr)

    from .many import _progress_bar

    remaining = sum(bounds[i][1] - bounds[i][0] for i in todo)
    advance, bar = _progress_bar(remaining, args.progress)
    client = chunks = None
    try:
        if args.scheduler:
            from distributed import Client

            client = Client(args.scheduler)
        index = {bounds[i]: i for i in todo}
        chunks = _solve_chunks(p, o, [bounds[i] for i in todo], args.hash_bits, args.workers, client, eval_weights,
                               window, args.per_move)
        for (a, b), r in chunks:
            i = index[(a, b)]
            table = _table(p[a:b], o[a:b], *r[:3], window, r[3] if args.per_move else None)
            _write_atomically(part(i), lambda t: pq.write_table(table, t))
            advance(b - a)
    except KeyboardInterrupt:
        if chunks is not None:
            chunks.close()  # the running chunks stopped, their threads joined
        written = sum(part(i).exists() for i in range(len(bounds)))
        print(f"\ninterrupted: {written} of {len(bounds)} chunks written in {parts}; "
              "run the same command with --resume to finish", file=_sys.stderr)
        return 130
    finally:
        if chunks is not None:
            chunks.close()
        if bar is not None:
            bar.close()
        if client is not None:
            client.close()

    import pyarrow as pa

    tables = [pq.read_table(part(i)) for i in range(len(bounds))]
    empty = (_np.empty(0, t) for t in (_np.int32, _np.int32, _np.uint64))
    table = pa.concat_tables(tables) if tables else _table(
        p, o, *empty, window, _np.empty((0, 64), _np.int8) if args.per_move else None)
    if csv:
        _write_atomically(out, lambda t: _write_csv(table, t))
    else:
        _write_atomically(out, lambda t: pq.write_table(table, t))
    _shutil.rmtree(parts)
    print(f"{out}: {table.num_rows} positions solved ({len(bad)} bad line(s) left out)", file=_sys.stderr)
    return 0


if __name__ == "__main__":
    _sys.exit(main())
