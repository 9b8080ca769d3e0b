"""The command ``python -m edax_kernels.selfplay`` (its doc is edax_kernels.selfplay's): games
played chunk by chunk into FILE.parts/, then joined with FILE's games into FILE."""

import argparse
import json
import shutil
import sys
from pathlib import Path

from . import EdaxKernelsError
from .many import _progress_bar
from .selfplay import _METADATA_KEY, _check, _joined, _openings, _play_chunks, _schema, _settings, _table
from .solve import _write_atomically


def _parser(doc: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m edax_kernels.selfplay", description=doc.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=doc.split("\n\n", 1)[1],
    )
    parser.add_argument("--games", type=int, required=True, help="play games 0..N-1 (those FILE lacks)")
    parser.add_argument("--level", type=int, required=True, help="the engine's level, 1..60, for both sides")
    parser.add_argument("--random-moves", type=int, default=0, help="random legal moves opening each game")
    parser.add_argument("--openings", type=Path, metavar="FILE",
                        help="openings, one move string per line ('f5d6c3'); game g takes line g modulo their number")
    parser.add_argument("--seed", type=int, default=0, help="the random moves' seed (default 0)")
    parser.add_argument("--analyze", action="store_true", help="also every legal move's score (move_scores)")
    parser.add_argument("--hash-bits", type=int, default=20, help="each engine's table: 2**N entries (default 20)")
    parser.add_argument("--chunk-size", type=int, default=None, help="games per chunk (a part file each)")
    parser.add_argument("--workers", type=int, help="threads without --scheduler (default: every core)")
    parser.add_argument("--scheduler", help="a Dask scheduler's address: play on its workers")
    parser.add_argument("--out", type=Path, required=True, help="the Parquet file (added to when it exists)")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="a progress bar (default: when stderr is a terminal)")
    return parser


def _held(path: Path, settings: dict):
    """The table of a self-play file, or None when it is not one made with ``settings`` (said on stderr)."""
    import pyarrow.parquet as pq

    schema = pq.read_schema(path)
    found = (schema.metadata or {}).get(_METADATA_KEY)
    if found is None:
        print(f"{path}: not a self-play file of edax_kernels.selfplay; choose another --out", file=sys.stderr)
        return None
    if json.loads(found) != settings:
        print(f"{path}: its games were made with other settings ({found.decode()}); choose another --out or use "
              "its settings (--level, --seed, --random-moves, --openings, --analyze, --hash-bits)", file=sys.stderr)
        return None
    return pq.read_table(path)


def _without(table, games: set):
    """The rows of ``table`` whose game is not in ``games``."""
    import pyarrow as pa
    import pyarrow.compute as pc

    return table.filter(pc.invert(pc.is_in(table.column("game"), value_set=pa.array(sorted(games), pa.int64()))))


def run(argv, doc: str) -> int:
    parser = _parser(doc)
    args = parser.parse_args(argv)
    try:
        import pyarrow  # noqa: F401
        import pyarrow.parquet as pq
    except ImportError:
        parser.error('needs pyarrow: pip install "edax-kernels[scale]"')
    if args.games < 0 or (args.workers is not None and args.workers < 1) or (args.chunk_size or 1) < 1:
        parser.error("--games must be at least 0, --workers and --chunk-size at least 1")
    try:
        _check(args.level, args.random_moves, args.seed, args.hash_bits)
        openings = _openings(args.openings)
    except (EdaxKernelsError, ValueError, OSError) as e:
        parser.error(str(e).removeprefix("edax_kernels: "))
    settings = _settings(args.level, args.random_moves, args.seed, args.analyze, args.hash_bits, openings)
    schema = _schema(settings, args.analyze)

    out = args.out
    parts = out.with_name(out.name + ".parts")
    manifest = parts / "run.json"
    tables = []
    if out.exists():
        table = _held(out, settings)
        if table is None:
            return 2
        tables.append(table)
    if manifest.exists() and json.loads(manifest.read_text()) != settings:
        print(f"{parts}: left by an interrupted run with other settings; remove it, or run that command again",
              file=sys.stderr)
        return 2
    if not manifest.exists():
        shutil.rmtree(parts, ignore_errors=True)
        parts.mkdir(parents=True)
        _write_atomically(manifest, lambda t: t.write_text(json.dumps(settings)))
    held = set(tables[0].column("game").to_pylist()) if tables else set()
    for path in sorted(parts.glob("part-*.parquet")):
        # A run stopped between writing FILE and removing its parts left games FILE holds.
        table = _without(pq.read_table(path), held)
        held.update(table.column("game").to_pylist())
        tables.append(table)
    todo = [g for g in range(args.games) if g not in held]
    if len(todo) < args.games:
        print(f"{args.games - len(todo)} of the {args.games} games already played", file=sys.stderr)

    advance, bar = _progress_bar(len(todo), args.progress, unit="game")
    client = chunks = None
    try:
        if args.scheduler and todo:
            from distributed import Client

            client = Client(args.scheduler)
        chunks = _play_chunks(todo, openings, settings, args.workers, client, args.chunk_size, advance)
        for games, columns in chunks:
            table = _table(columns, schema)
            _write_atomically(parts / f"part-{games[0]:09d}.parquet", lambda t: pq.write_table(table, t))
            tables.append(table)
    except KeyboardInterrupt:
        if chunks is not None:
            chunks.close()  # the running games stopped, their threads joined
        print(f"\ninterrupted: the games finished are in {parts}; run the same command to finish", file=sys.stderr)
        return 130
    finally:
        if chunks is not None:
            chunks.close()
        if bar is not None:
            bar.close()
        if client is not None:
            client.close()

    table = _joined(tables, schema)
    _write_atomically(out, lambda t: pq.write_table(table, t))
    shutil.rmtree(parts)
    games = len(set(table.column("game").to_pylist()))
    print(f"{out}: {games} games, {table.num_rows} positions ({len(todo)} games played now)", file=sys.stderr)
    return 0
