"""Tests of solving many positions (edax_kernels.many, python -m edax_kernels.solve): the same
scores as single solves, the same results on threads and on a Dask LocalCluster of worker
processes, a worker killed in the middle of a run, the command's inputs, bad lines, an empty
input, and a run interrupted and resumed. They need the package's `scale` extra (dask,
distributed, pyarrow, tqdm): bindings/test.sh installs it and sets EK_REQUIRE_SCALE, which makes
a missing module fail these tests instead of skipping them."""

import os
import signal
import threading

import numpy as np
import pytest

import edax_kernels as ek
from edax_kernels import many, solve

if not os.environ.get("EK_REQUIRE_SCALE"):
    for module in ("dask", "distributed", "pyarrow", "tqdm"):
        pytest.importorskip(module)
import pyarrow.parquet as pq  # noqa: E402
from distributed import Client, LocalCluster  # noqa: E402

EK_ERR_RANGE = -2


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
    assert all(a.size == 0 for a in empty)
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

    def interrupted(*args):
        with lock:
            calls.append(1)
            if len(calls) > 3:
                raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(solve, "solve_chunk", interrupted)
    args = [str(src), "--out", str(out), "--chunk-size", "16", "--hash-bits", "16", "--workers", "1", "--no-progress"]
    assert solve.main(args) == 130
    assert not out.exists()
    parts = sorted((tmp_path / "out.parquet.parts").glob("part-*.parquet"))
    assert len(parts) == 3
    assert "--resume" in capsys.readouterr().err
    counted = []
    monkeypatch.setattr(solve, "solve_chunk", lambda *a: counted.append(1) or real(*a))
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
