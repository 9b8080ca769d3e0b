"""Tests of self-play data (edax_kernels.selfplay, python -m edax_kernels.selfplay): the games
replay move by move from their openings to their results, the engine's moves and scores are a
fresh engine's searches, the same games on one or two threads, any chunking and a Dask cluster,
openings seeded per game or read from a file, bad input refused, and a file added to or resumed
after an interrupt equal to a straight run. Like test_scale.py they need the `scale` extra:
skipped without it, failed under EK_REQUIRE_SCALE (bindings/test.sh sets it)."""

import json
import os
import threading

import numpy as np
import pytest

import edax_kernels as ek
from conftest import require_scale_extra
from edax_kernels import selfplay

require_scale_extra()
import pyarrow as pa  # noqa: E402
import pyarrow.compute as pc  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402
from distributed import Client, LocalCluster  # noqa: E402

EK_ERR_RANGE = -2
#: Small and quick: 12-bit tables, six random opening moves; level 4, the lowest whose node counts
#: depend on what the tables hold (so a game not started from cleared tables would show).
SETTINGS = dict(level=4, random_moves=6, seed=5, hash_bits=12, analyze=True)


@pytest.fixture(scope="module")
def games():
    """Six games on two threads, two per chunk: the reference for the other ways."""
    return selfplay.self_play(6, workers=2, chunk_size=2, progress=False, **SETTINGS)


def same(got, want):
    """Whether two self-play tables hold the same rows and settings (NaN equal to NaN)."""
    if not got.schema.equals(want.schema, check_metadata=True):
        return False
    a, b = got.to_pydict(), want.to_pydict()
    scores = [np.array(t.pop("move_scores", []), np.float32) for t in (a, b)]
    return a == b and np.array_equal(scores[0], scores[1], equal_nan=True)


def by_game(table):
    """{game: its rows as a list of dicts, in ply order}."""
    out = {}
    for row in table.to_pylist():
        out.setdefault(row["game"], []).append(row)
    return out


def test_games_replay_from_their_openings_to_their_results(games):
    rows = by_game(games)
    order = list(zip(games.column("game").to_pylist(), games.column("ply").to_pylist()))
    assert sorted(rows) == list(range(6)) and order == sorted(order)
    for game, moves in rows.items():
        opening = selfplay.parse_opening(moves[0]["opening"])  # legal from the start, or ValueError
        assert len(opening) == SETTINGS["random_moves"]
        board = ek.START
        for x in opening:
            board = ek.board_next(board, x)
        for ply, row in enumerate(moves, start=len(opening)):
            assert (row["ply"], row["side"], row["opening"]) == (ply, ply % 2, moves[0]["opening"])
            assert (row["player"], row["opponent"]) == tuple(board), (game, ply)
            legal = ek.get_moves(*board)
            x = row["move"]
            assert (legal >> x & 1) if x != ek.PASS else (legal == 0 and ek.get_moves(board[1], board[0]) != 0)
            scored = {i for i, s in enumerate(row["move_scores"]) if not np.isnan(s)}
            assert scored == ({i for i in range(64) if legal >> i & 1} or {ek.PASS}), (game, ply)
            board = ek.board_next(board, x)
        assert ek.get_moves(*board) == 0 and ek.get_moves(board[1], board[0]) == 0, game
        mine, theirs = bin(board[0]).count("1"), bin(board[1]).count("1")
        diff = mine - theirs + (64 - mine - theirs) * ((mine > theirs) - (mine < theirs))
        black = diff if (len(opening) + len(moves)) % 2 == 0 else -diff
        assert {row["result"] for row in moves} == {black}, game


def test_moves_and_scores_are_a_fresh_engines_searches(games):
    """Every game is a fresh engine's: search then analyze at each position in turn (the node
    counts too, which depend on what the tables held: a game run after another on uncleared
    tables would differ)."""
    rows = by_game(games)
    for game in rows:
        with ek.Engine(hash_bits=SETTINGS["hash_bits"]) as engine:
            for row in rows[game]:
                board = (row["player"], row["opponent"])
                r = engine.search(board, SETTINGS["level"])
                got = (r.move, r.score, r.exact, r.nodes)
                assert got == (row["move"], row["score"], row["exact"], row["nodes"]), (game, row["ply"])
                analysis = {m.move: m.score for m in engine.analyze(board, SETTINGS["level"])}
                assert analysis == {i: s for i, s in enumerate(row["move_scores"]) if not np.isnan(s)}


def test_the_same_games_on_one_thread_any_chunking_and_any_order(games):
    one = selfplay.self_play(6, workers=1, chunk_size=4, progress=False, **SETTINGS)
    assert same(one, games)
    picked = selfplay.self_play([4, 1, 4], workers=2, chunk_size=1, progress=False, **SETTINGS)
    want = games.filter(pc.is_in(games.column("game"), value_set=pa.array([1, 4], pa.int64())))
    assert sorted(set(picked.column("game").to_pylist())) == [1, 4] and same(picked, want)


def test_openings_are_seeded_per_game_and_follow_the_given_lines(games):
    openings = {g: r[0]["opening"] for g, r in by_game(games).items()}
    assert len(set(openings.values())) == 6  # six random openings, all different
    other = selfplay.self_play(3, workers=1, progress=False, **{**SETTINGS, "seed": 6, "analyze": False})
    assert {g: r[0]["opening"] for g, r in by_game(other).items()} != {g: openings[g] for g in range(3)}
    given = selfplay.self_play(4, workers=2, progress=False, openings=["f5 d6", "C4"],
                               **{**SETTINGS, "random_moves": 1, "analyze": False})
    starts = [r[0]["opening"] for _, r in sorted(by_game(given).items())]
    assert [s[:-2] for s in starts] == ["f5d6", "c4", "f5d6", "c4"], starts
    assert "move_scores" not in given.column_names
    # Without random moves every game of one line is the same game.
    fixed = by_game(selfplay.self_play(2, workers=1, progress=False, openings=["f5"], level=1, hash_bits=12))
    assert [r["move"] for r in fixed[0]] == [r["move"] for r in fixed[1]]


def test_openings_file_and_bad_input_refused(tmp_path):
    path = tmp_path / "openings.txt"
    path.write_text("# two openings\nf5d6c3\n\n  F5 F6  # a comment\n")
    assert selfplay.read_openings(path) == [(37, 43, 18), (37, 45)]
    for text, why in (("f5z9", "'z9' is not a square"), ("f5a1", "'a1' is not legal"), ("f5d", "two-character"),
                      ("ps", "'ps' is not legal")):
        with pytest.raises(ValueError, match=why):
            selfplay.parse_opening(text)
    path.write_text("f5d6\nf5d6c3x1\n")
    with pytest.raises(ValueError, match="openings.txt:2: .*'x1'"):
        selfplay.read_openings(path)
    for level in (0, 61):
        with pytest.raises(ek.EdaxKernelsError, match=f"level {level}") as e:
            selfplay.self_play(1, level=level, progress=False)
        assert e.value.status == EK_ERR_RANGE
    with pytest.raises(TypeError, match="pathlib.Path"):
        selfplay.self_play(1, level=1, openings="f5d6", progress=False)
    with pytest.raises(ValueError, match=r"openings\[1\]"):
        selfplay.self_play(1, level=1, openings=["f5", "e9"], progress=False)
    with pytest.raises(ValueError, match="random_moves"):
        selfplay.self_play(1, level=1, random_moves=-1, progress=False)
    with pytest.raises(ValueError, match="negative"):
        selfplay.self_play(-1, level=1, progress=False)
    with pytest.raises(TypeError, match="level must be an int"):
        selfplay.self_play(1, level=2.0, progress=False)
    with pytest.raises(ValueError, match="chunk_size"):
        selfplay.self_play(1, level=1, chunk_size=0, progress=False)
    # NumPy's integers are ints (the settings written as JSON with them).
    one = selfplay.self_play(np.int64(1), level=np.int64(1), random_moves=np.int32(2), hash_bits=12, progress=False)
    assert set(one.column("game").to_pylist()) == {0}
    assert json.loads(one.schema.metadata[b"edax_kernels.selfplay"])["level"] == 1


def test_command_refuses_bad_input_before_playing(tmp_path, capsys):
    out = tmp_path / "out.parquet"
    for args in (["--level", "0"], ["--level", "61"], ["--level", "1", "--random-moves", "61"]):
        with pytest.raises(SystemExit) as e:
            selfplay.main(["--games", "2", "--out", str(out), *args])
        assert e.value.code == 2
    assert "level 61: not in 1..60" in capsys.readouterr().err
    (tmp_path / "bad.txt").write_text("f5d6\nf5q6\n")
    with pytest.raises(SystemExit):
        selfplay.main(["--games", "2", "--level", "1", "--openings", str(tmp_path / "bad.txt"), "--out", str(out)])
    assert "bad.txt:2" in capsys.readouterr().err
    assert not out.exists() and not (tmp_path / "out.parquet.parts").exists()


def command(out, games, *extra):
    args = ["--games", str(games), "--level", str(SETTINGS["level"]), "--random-moves", str(SETTINGS["random_moves"]),
            "--seed", str(SETTINGS["seed"]), "--hash-bits", str(SETTINGS["hash_bits"]), "--analyze",
            "--chunk-size", "2", "--no-progress", "--out", str(out), *extra]
    return selfplay.main(args)


def test_command_interrupted_then_added_to_gives_the_straight_run(tmp_path, games, monkeypatch, capsys):
    straight = tmp_path / "straight.parquet"
    assert command(straight, 6, "--workers", "2") == 0
    assert same(pq.read_table(straight), games)
    assert json.loads(pq.read_schema(straight).metadata[b"edax_kernels.selfplay"])["level"] == SETTINGS["level"]
    real = selfplay.play_chunk
    played, lock = [], threading.Lock()

    def interrupted(games, *args, **kwargs):
        with lock:
            if len(played) >= 1:
                raise KeyboardInterrupt
            played.append(list(games))
        return real(games, *args, **kwargs)

    # Games 0..3 in a file first, then an interrupt after one chunk of 4..7, then the rest.
    out = tmp_path / "out.parquet"
    assert command(out, 4, "--workers", "1") == 0
    monkeypatch.setattr(selfplay, "play_chunk", interrupted)
    assert command(out, 8, "--workers", "1") == 130
    assert "run the same command" in capsys.readouterr().err
    assert played == [[4, 5]] and len(list((tmp_path / "out.parquet.parts").glob("part-*.parquet"))) == 1
    counted = []
    monkeypatch.setattr(selfplay, "play_chunk", lambda g, *a, **k: counted.append(list(g)) or real(g, *a, **k))
    assert command(out, 8, "--workers", "2") == 0
    assert sorted(counted) == [[6, 7]] and not (tmp_path / "out.parquet.parts").exists()
    assert same(pq.read_table(out), selfplay.self_play(8, workers=2, progress=False, **SETTINGS))
    # Asking for fewer games keeps the file's; nothing is played again.
    counted.clear()
    assert command(out, 6) == 0 and not counted and pq.read_table(out).num_rows > games.num_rows
    # Other settings (or a file that is not self-play data) are refused, the file left as it was.
    before = out.read_bytes()
    assert command(out, 8, "--seed", "9") == 2 and out.read_bytes() == before
    assert "other settings" in capsys.readouterr().err
    pq.write_table(games.replace_schema_metadata(None), tmp_path / "plain.parquet")
    assert command(tmp_path / "plain.parquet", 2) == 2


def test_command_after_a_crash_between_the_file_and_the_parts(tmp_path, games):
    """A run stopped after writing the file but before removing its parts: the parts' games
    that the file holds are not added twice."""
    out = tmp_path / "out.parquet"
    assert command(out, 4) == 0
    parts = tmp_path / "out.parquet.parts"
    parts.mkdir()
    settings = json.loads(pq.read_schema(out).metadata[b"edax_kernels.selfplay"])
    (parts / "run.json").write_text(json.dumps(settings))
    pq.write_table(pq.read_table(out), parts / "part-000000000.parquet")
    assert command(out, 6) == 0
    assert same(pq.read_table(out), games)


def test_dask_cluster_plays_the_same_games(tmp_path, games):
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            got = selfplay.self_play(6, client=client, chunk_size=2, progress=False, **SETTINGS)
            assert same(got, games)
            out = tmp_path / "out.parquet"
            assert command(out, 6, "--scheduler", cluster.scheduler_address) == 0
    assert same(pq.read_table(out), games)
