"""Tests of solving many positions (edax_kernels.many, python -m edax_kernels.solve): the same
scores as single solves, the same results on threads and on a Dask LocalCluster of worker
processes, a worker killed in the middle of a run, the command's inputs, bad lines, an empty
input, a run interrupted and resumed, and the evaluation's move order (eval_weights, the
command's --eval-weights, with the synthetic eval.dat named by EK_EVAL_DAT). They need the
package's `scale` extra (dask, distributed, pyarrow, tqdm): bindings/test.sh installs it and sets
EK_REQUIRE_SCALE, which makes a missing module fail these tests instead of skipping them."""

import json
import os
import shutil
import signal
import threading
from pathlib import Path

import numpy as np
import pytest

import edax_kernels as ek
from conftest import require_scale_extra
from edax_kernels import many, solve

require_scale_extra()
import pyarrow.parquet as pq  # noqa: E402
from distributed import Client, LocalCluster  # noqa: E402

EK_ERR_RANGE, EK_ERR_IO, EK_ERR_EVAL_FORMAT = -2, -6, -7


@pytest.fixture(scope="module")
def positions():
    """400 positions of random games, 12 empty squares (each solves in well under a millisecond)."""
    return ek.random_positions(400, empties=12, seed=7)


@pytest.fixture(scope="module")
def threaded(positions):
    """solve_many on two threads, chunks of 16: the reference for the other ways."""
    return ek.solve_many(positions, workers=2, chunk_size=16, hash_bits=16, progress=False)


@pytest.fixture(scope="module")
def client():
    """A LocalCluster of two single-threaded worker processes (each started by a nanny, which
    restarts a killed one)."""
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as c:
            yield c


@pytest.fixture(scope="module")
def eval_dat():
    path = os.environ.get("EK_EVAL_DAT")
    assert path, "EK_EVAL_DAT must name the synthetic eval.dat (bindings/test.sh sets it)"
    return path


@pytest.fixture(scope="module")
def deep():
    """24 positions with 15 empty squares: the solver orders the moves of their nodes with 14 or
    more with the evaluation when it has weights."""
    return ek.random_positions(24, empties=15, seed=21)


@pytest.fixture(scope="module")
def deep_fast(deep):
    """solve_many of ``deep`` with the fast order alone (two threads, chunks of 6)."""
    return ek.solve_many(deep, workers=2, chunk_size=6, hash_bits=16, progress=False)


@pytest.fixture(scope="module")
def deep_eval(deep, eval_dat):
    """solve_many of ``deep`` with the synthetic weights ordering the moves (as ``deep_fast``)."""
    return ek.solve_many(deep, workers=2, chunk_size=6, hash_bits=16, progress=False, eval_weights=eval_dat)


def reaches(board, move, score):
    """Whether playing `move` on `board` gives `score` (PASS: the opponent's score after a pass)."""
    p, o = board
    with ek.Solver(16) as s:
        if move == ek.NOMOVE:
            return ek.get_moves(p, o) == 0 and ek.get_moves(o, p) == 0 and s.solve(board).score == score
        if move == ek.PASS:
            return ek.get_moves(p, o) == 0 and -s.solve((o, p)).score == score
        f = ek.flip(move, p, o)
        return f != 0 and -s.solve((o ^ f, p ^ f ^ (1 << move))).score == score


def test_random_positions_are_reachable_and_seeded():
    p, o = ek.random_positions(50, empties=16, seed=3)
    assert np.all((p & o) == 0)
    assert all(64 - bin(int(a | b)).count("1") == 16 for a, b in zip(p, o))
    assert all(ek.get_moves(int(a), int(b)) != 0 for a, b in zip(p, o))
    q, r = ek.random_positions(50, empties=16, seed=3)
    assert np.array_equal(p, q) and np.array_equal(o, r)
    assert not np.array_equal(p, ek.random_positions(50, empties=16, seed=4)[0])


def test_scores_are_single_solves_and_moves_reach_them(positions, threaded):
    p, o = positions
    assert threaded.scores.dtype == np.int32 and threaded.best_moves.dtype == np.int32
    assert threaded.nodes.dtype == np.uint64 and np.all(threaded.nodes > 0)
    with ek.Solver(18) as s:
        single = [s.solve((int(a), int(b))).score for a, b in zip(p, o)]
    assert threaded.scores.tolist() == single
    for i in range(0, p.size, 37):
        assert reaches((int(p[i]), int(o[i])), int(threaded.best_moves[i]), int(threaded.scores[i])), i


def test_the_same_chunks_give_the_same_results_on_one_thread_and_from_boards(positions, threaded):
    p, o = positions
    one = ek.solve_many(positions, workers=1, chunk_size=16, hash_bits=16, progress=False)
    for got, want in zip(one, threaded):
        assert np.array_equal(got, want)
    boards = [ek.Board(int(a), int(b)) for a, b in zip(p[:40], o[:40])]
    listed = ek.solve_many(boards, workers=2, chunk_size=16, hash_bits=16, progress=False)
    assert np.array_equal(listed.scores, threaded.scores[:40]) and np.array_equal(listed.nodes, threaded.nodes[:40])


def test_empty_input_and_overlapping_bitboards():
    empty = ek.solve_many((np.empty(0, np.uint64), np.empty(0, np.uint64)), progress=False)
    assert all(a.size == 0 for a in empty[:3]) and empty.move_scores is None
    assert ek.solve_many([], progress=False, per_move=True).move_scores.shape == (0, 64)
    assert ek.solve_many([], progress=False).scores.size == 0
    with pytest.raises(ek.EdaxKernelsError, match="position 1") as e:
        ek.solve_many([ek.START, (3, 1)], progress=False)
    assert e.value.status == EK_ERR_RANGE


def test_progress_callable_counts_every_position(positions):
    seen = []
    ek.solve_many(positions, workers=2, chunk_size=64, hash_bits=14, progress=seen.append)
    assert sum(seen) == positions[0].size and max(seen) <= 64


def test_local_cluster_gives_the_threads_results(client, positions, threaded):
    r = ek.solve_many(positions, client=client, chunk_size=16, hash_bits=16, progress=False)
    for got, want in zip(r, threaded):
        assert np.array_equal(got, want)


def test_eval_weights_give_the_scores_with_other_nodes(positions, threaded, deep, deep_fast, deep_eval, eval_dat):
    p, o = deep
    assert np.array_equal(deep_eval.scores, deep_fast.scores)
    # Another tree at every position: the weights ordered the moves.
    assert np.all(deep_eval.nodes != deep_fast.nodes), (deep_eval.nodes, deep_fast.nodes)
    # A move reaching the score (where several do, the other order may find another one first).
    for i in range(p.size):
        assert reaches((int(p[i]), int(o[i])), int(deep_eval.best_moves[i]), int(deep_eval.scores[i])), i
    # The first position of each chunk is solved from a cleared table: a fresh solver with the
    # file's weights gives its node count.
    ek.eval_load_file(eval_dat)
    with ek.Solver(16, eval=True) as s:
        for i in range(0, p.size, 6):
            s.clear()
            assert s.solve((int(p[i]), int(o[i]))) == (deep_eval.scores[i], deep_eval.best_moves[i], deep_eval.nodes[i])
    # Below 14 empty squares the weights order nothing: the same results as without them.
    shallow = ek.solve_many(positions, workers=2, chunk_size=16, hash_bits=16, progress=False, eval_weights=eval_dat)
    for got, want in zip(shallow, threaded):
        assert np.array_equal(got, want)


def test_eval_weights_per_call_whatever_is_loaded(deep, deep_fast, deep_eval, eval_dat, tmp_path):
    """This thread's solver is shared by the calls: each call orders with its own weights, or
    without any, whatever the calls before it used and whatever eval_load_file loaded since."""
    def solve(**kw):
        return ek.solve_many(deep, workers=1, chunk_size=6, hash_bits=16, progress=False, **kw)

    def same(got, want):
        return all(np.array_equal(a, b) for a, b in zip(got, want))

    # Other weights in a file of their own: the synthetic ones negated.
    with open(eval_dat, "rb") as f:
        data = bytearray(f.read())
    weights = np.frombuffer(data, dtype="<i2", offset=28)
    other = tmp_path / "negated.dat"
    other.write_bytes(bytes(data[:28]) + (-weights).astype("<i2").tobytes())
    try:
        assert same(solve(eval_weights=eval_dat), deep_eval)
        assert same(solve(), deep_fast)
        ek.eval_load_file(other)  # the weights in use now; solve_many keeps the file's
        assert same(solve(eval_weights=Path(eval_dat)), deep_eval)
        ek.eval_unload()
        assert same(solve(eval_weights=eval_dat), deep_eval)
        negated = solve(eval_weights=other)
        assert np.array_equal(negated.scores, deep_fast.scores)
        assert not np.array_equal(negated.nodes, deep_eval.nodes)
        # The file rewritten with the first weights (its time stamp moved on): loaded again.
        other.write_bytes(bytes(data))
        st = os.stat(other)
        os.utime(other, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
        assert same(solve(eval_weights=os.path.relpath(other)), deep_eval)
        assert same(solve(), deep_fast)
    finally:
        ek.eval_load_file(eval_dat)


def test_a_bad_eval_weights_path_fails_before_any_solving(deep, eval_dat, tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(many, "solve_chunk", lambda *a: calls.append(1))
    missing = tmp_path / "missing.dat"
    with pytest.raises(ek.EdaxKernelsError, match="missing.dat") as e:
        ek.solve_many(deep, workers=1, progress=False, eval_weights=missing)
    assert e.value.status == EK_ERR_IO
    (tmp_path / "junk.dat").write_bytes(b"not an eval.dat")
    with pytest.raises(ek.EdaxKernelsError, match="junk.dat") as e:
        ek.solve_many(deep, workers=2, progress=False, eval_weights=str(tmp_path / "junk.dat"))
    assert e.value.status == EK_ERR_EVAL_FORMAT
    assert not calls


def test_a_killed_worker_changes_nothing(client):
    """One worker process killed (SIGKILL) once the first chunk is back, the others still to
    come (50 chunks of 14-empty positions): Dask runs its tasks again elsewhere, and the results
    are those of the threads."""
    positions = ek.random_positions(400, empties=14, seed=11)
    threaded = ek.solve_many(positions, workers=2, chunk_size=8, hash_bits=16, progress=False)
    pids = list(client.run(os.getpid).values())
    assert len(pids) == 2
    killed, done = [], [0]

    def kill_one(n):
        if not killed:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(done[0] + n)
        done[0] += n

    r = ek.solve_many(positions, client=client, chunk_size=8, hash_bits=16, progress=kill_one)
    assert killed and killed[0] <= 100, f"the kill came after {killed} of 400 positions"
    for got, want in zip(r, threaded):
        assert np.array_equal(got, want)
    client.wait_for_workers(2, timeout=60)  # the nanny starts a new worker for the next tests


def test_local_cluster_with_eval_weights(client, deep, deep_fast, deep_eval, eval_dat):
    """Each worker process loads the file once; its solvers go back to the fast order without it."""
    for kw, want in ((dict(eval_weights=eval_dat), deep_eval), ({}, deep_fast)):
        r = ek.solve_many(deep, client=client, chunk_size=6, hash_bits=16, progress=False, **kw)
        for got, expected in zip(r, want):
            assert np.array_equal(got, expected)


def write_hex(path, p, o, bad_lines=()):
    lines = [f"{int(a):016x} {int(b):016x}" for a, b in zip(p, o)]
    for at, text in bad_lines:
        lines.insert(at, text)
    path.write_text("# players and opponents\n" + "\n".join(lines) + "\n")


def read_results(path):
    return pq.read_table(path).to_pydict()


def test_command_hex_input_with_bad_lines(tmp_path, positions, threaded, capsys):
    p, o = positions
    src = tmp_path / "in.txt"
    write_hex(src, p[:100], o[:100], bad_lines=[(5, "zz 12"), (50, "0000000810000000 0000000810000000")])
    out = tmp_path / "out.parquet"
    assert solve.main([str(src), "--out", str(out), "--chunk-size", "16", "--hash-bits", "16", "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert f"{src}:7: not two hexadecimal bitboards" in err  # line 7: the header, then 5 lines
    assert f"{src}:52: the bitboards overlap" in err  # after the first bad line: data line 51
    got = read_results(out)
    assert got["player"] == [int(a) for a in p[:100]] and got["opponent"] == [int(b) for b in o[:100]]
    assert got["score"] == threaded.scores[:100].tolist() and got["nodes"] == threaded.nodes[:100].tolist()
    assert got["best_move"] == threaded.best_moves[:100].tolist() and set(got["empties"]) == {12}
    assert not (tmp_path / "out.parquet.parts").exists()
    assert solve.main([str(src), "--out", str(tmp_path / "x.parquet"), "--strict", "--no-progress"]) == 2
    assert not (tmp_path / "x.parquet").exists()


def test_command_obf_npz_csv_and_empty(tmp_path, positions, threaded):
    p, o = positions
    # .obf: squares A1..H8 of X, O and -, the side to move; X to move here (player = X).
    obf = tmp_path / "in.obf"
    rows = []
    for a, b in zip(p[:20], o[:20]):
        rows.append("".join("X" if int(a) >> i & 1 else "O" if int(b) >> i & 1 else "-" for i in range(64)) + " X;")
    obf.write_text("\n".join(rows) + "\n")
    assert solve.main([str(obf), "--out", str(tmp_path / "obf.parquet"), "--chunk-size", "16", "--hash-bits", "16",
                       "--no-progress"]) == 0
    assert read_results(tmp_path / "obf.parquet")["score"] == threaded.scores[:20].tolist()
    npz = tmp_path / "in.npz"
    np.savez(npz, player=p[:20], opponent=o[:20])
    assert solve.main([str(npz), "--out", str(tmp_path / "npz.csv"), "--chunk-size", "16", "--hash-bits", "16",
                       "--no-progress"]) == 0
    lines = (tmp_path / "npz.csv").read_text().splitlines()
    assert lines[0].replace('"', "") == "player,opponent,empties,score,best_move,nodes" and len(lines) == 21
    assert [int(line.split(",")[3]) for line in lines[1:]] == threaded.scores[:20].tolist()
    (tmp_path / "empty.txt").write_text("")
    assert solve.main([str(tmp_path / "empty.txt"), "--out", str(tmp_path / "empty.parquet"), "--no-progress"]) == 0
    assert pq.read_table(tmp_path / "empty.parquet").num_rows == 0


def test_command_interrupted_then_resumed(tmp_path, positions, threaded, monkeypatch, capsys):
    """An interrupt after three chunks: the parts written stay, no results file; --resume
    solves the rest only, and the results are those of an uninterrupted run."""
    p, o = positions
    src = tmp_path / "in.txt"
    write_hex(src, p, o)
    out = tmp_path / "out.parquet"
    real = many.solve_chunk
    calls = []
    lock = threading.Lock()

    def interrupted(*args, **kwargs):
        with lock:
            calls.append(1)
            if len(calls) > 3:
                raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(many, "solve_chunk", interrupted)
    args = [str(src), "--out", str(out), "--chunk-size", "16", "--hash-bits", "16", "--workers", "1", "--no-progress"]
    assert solve.main(args) == 130
    assert not out.exists()
    parts = sorted((tmp_path / "out.parquet.parts").glob("part-*.parquet"))
    assert len(parts) == 3
    assert "--resume" in capsys.readouterr().err
    counted = []
    monkeypatch.setattr(many, "solve_chunk", lambda *a, **k: counted.append(1) or real(*a, **k))
    assert solve.main(args + ["--resume"]) == 0
    assert len(counted) == 25 - 3  # 400 positions in chunks of 16
    got = read_results(out)
    assert got["score"] == threaded.scores.tolist() and got["nodes"] == threaded.nodes.tolist()
    assert got["best_move"] == threaded.best_moves.tolist()
    assert not (tmp_path / "out.parquet.parts").exists()
    # Resuming a finished run solves nothing; resuming it on other positions is refused.
    counted.clear()
    assert solve.main(args + ["--resume"]) == 0 and not counted
    write_hex(src, p[:10], o[:10])
    assert solve.main(args + ["--resume"]) == 2 and not counted
    write_hex(src, p, o)
    # Parts of a run on other positions are refused rather than mixed in.
    (tmp_path / "out.parquet.parts").mkdir()
    (tmp_path / "out.parquet.parts" / "run.json").write_text('{"positions": 1}')
    assert solve.main(args + ["--resume"]) == 2


def test_command_on_a_scheduler(tmp_path, client, positions, threaded):
    p, o = positions
    src = tmp_path / "in.txt"
    write_hex(src, p, o)
    out = tmp_path / "out.parquet"
    address = client.scheduler.address
    assert solve.main([str(src), "--out", str(out), "--scheduler", address, "--chunk-size", "16", "--hash-bits", "16",
                       "--no-progress"]) == 0
    assert read_results(out)["nodes"] == threaded.nodes.tolist()


def test_command_eval_weights(tmp_path, deep, deep_eval, eval_dat, capsys):
    p, o = deep
    src = tmp_path / "in.txt"
    write_hex(src, p, o)
    out = tmp_path / "out.parquet"
    args = [str(src), "--out", str(out), "--chunk-size", "6", "--hash-bits", "16", "--workers", "2", "--no-progress"]
    assert solve.main(args + ["--eval-weights", eval_dat]) == 0
    got = read_results(out)
    assert got["score"] == deep_eval.scores.tolist() and got["nodes"] == deep_eval.nodes.tolist()
    assert got["best_move"] == deep_eval.best_moves.tolist()
    # Parts of a run without the weights are not resumed with them.
    parts = tmp_path / "out.parquet.parts"
    parts.mkdir()
    (parts / "run.json").write_text(json.dumps(solve._fingerprint(p, o, 6, 16)))
    capsys.readouterr()
    assert solve.main(args + ["--eval-weights", eval_dat, "--resume"]) == 2
    assert "--eval-weights" in capsys.readouterr().err
    # A file that is not there: an error naming it, before anything is solved.
    shutil.rmtree(parts)
    with pytest.raises(SystemExit) as e:
        solve.main(args[:1] + ["--out", str(tmp_path / "x.parquet"), "--eval-weights", str(tmp_path / "none.dat")])
    assert e.value.code == 2
    assert "none.dat" in capsys.readouterr().err
    assert not (tmp_path / "x.parquet").exists() and not (tmp_path / "x.parquet.parts").exists()


def test_command_csv_and_parquet_keep_bitboards_exactly(tmp_path, capsys):
    """Positions with H8 occupied (bit 63, beyond int64): CSV writes the bitboards as hex, which
    reads back exactly, so a finished run resumes as finished; Parquet keeps them as uint64."""
    p, o = ek.random_positions(300, empties=12, seed=9)
    keep = ((p | o) >> np.uint64(63)) & np.uint64(1) == 1
    p, o = p[keep][:40], o[keep][:40]
    assert p.size >= 10
    src = tmp_path / "in.txt"
    write_hex(src, p, o)
    want = ek.solve_many((p, o), hash_bits=14, chunk_size=8, workers=2, progress=False)
    for name in ("out.csv", "out.parquet"):
        out = tmp_path / name
        args = [str(src), "--out", str(out), "--chunk-size", "8", "--hash-bits", "14", "--no-progress"]
        assert solve.main(args) == 0
        gp, go = solve._read_results(out, name.endswith(".csv"))
        assert np.array_equal(gp, p) and np.array_equal(go, o)
        if name.endswith(".csv"):
            lines = out.read_text().splitlines()
            assert lines[0].split(",")[:2] == ['"player"', '"opponent"']
            assert [line.split(",")[0].strip('"') for line in lines[1:]] == [f"{int(v):016x}" for v in p]
            import pyarrow.csv as pc

            assert pc.read_csv(out).column("score").to_pylist() == want.scores.tolist()
        else:
            assert read_results(out)["score"] == want.scores.tolist()
        capsys.readouterr()
        assert solve.main(args + ["--resume"]) == 0
        assert "already holds every position" in capsys.readouterr().err


def test_command_window_per_move_and_bundled_weights(tmp_path, positions, capsys):
    p, o = positions[0][:30], positions[1][:30]
    src = tmp_path / "in.txt"
    write_hex(src, p, o)
    out = tmp_path / "out.parquet"
    args = [str(src), "--out", str(out), "--chunk-size", "8", "--hash-bits", "14", "--no-progress"]
    assert solve.main(args + ["--window", "-1", "1", "--per-move", "--default-weights"]) == 0
    got = read_results(out)
    want = ek.solve_many((p, o), window=(-1, 1), per_move=True, chunk_size=8, hash_bits=14, eval_weights=True,
                         progress=False)
    assert got["score"] == want.scores.tolist() and got["best_move"] == want.best_moves.tolist()
    assert set(got["alpha"]) == {-1} and set(got["beta"]) == {1}
    for x in range(64):
        column = got[f"move_{ek.square_name(x)}"]
        assert column == [None if v == many.NOT_A_MOVE else v for v in want.move_scores[:, x].tolist()]
    # Parts made on another window are not resumed with this one.
    parts = tmp_path / "out.parquet.parts"
    parts.mkdir()
    (parts / "run.json").write_text(json.dumps(solve._fingerprint(p, o, 8, 14)))
    capsys.readouterr()
    assert solve.main(args + ["--window", "-1", "1", "--resume"]) == 2
    assert "--window" in capsys.readouterr().err
    shutil.rmtree(parts)
    with pytest.raises(SystemExit):
        solve.main(args + ["--window", "3", "3"])
    with pytest.raises(SystemExit):
        solve.main(args + ["--default-weights", "--eval-weights", "x.dat"])
