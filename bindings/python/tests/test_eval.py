"""Tests of the Python binding's evaluation: Edax 4.6's known answers (tests/data/golden/eval.txt,
whole games with the synthetic eval.dat named by EK_EVAL_DAT) replayed with set/update/pass and
restore on every level this CPU has, loading from a file and from bytes, and the errors."""

import os

import pytest

import edax_kernels as ek
from conftest import records

EK_ERR_RANGE, EK_ERR_IO, EK_ERR_EVAL_FORMAT, EK_ERR_EVAL_SIZE, EK_ERR_EVAL_NONE = -2, -6, -7, -8, -9


@pytest.fixture(scope="module")
def eval_dat():
    path = os.environ.get("EK_EVAL_DAT")
    assert path, "EK_EVAL_DAT must name the synthetic eval.dat (bindings/test.sh sets it)"
    ek.eval_load_file(path)
    return path


def games():
    """eval.txt as (board, ply, player, sum) records."""
    return [(ek.Board(int(r[0], 16), int(r[1], 16)), int(r[2]), int(r[3]), int(r[4])) for r in records("eval.txt")]


def replay(e):
    """Replays every game of eval.txt on ``e``; returns the number of positions checked."""
    recs = games()
    prev = None
    for board, ply, player, want in recs:
        before = None if prev is None else prev[0]
        discs = board.player | board.opponent
        if before is not None and discs == before.player | before.opponent and board == (before.opponent, before.player):
            e.pass_()
        elif before is not None and bin(discs ^ (before.player | before.opponent)).count("1") == 1 and \
                (discs & (before.player | before.opponent)) == before.player | before.opponent:
            x = (discs ^ (before.player | before.opponent)).bit_length() - 1
            e.update(x, before.opponent ^ board.player)
            assert e.accumulate() == want
            e.restore()
            assert e.accumulate() == prev[3]
            e.update(x, before.opponent ^ board.player)
        else:
            e.set(board)
        assert (e.ply, e.player) == (ply, player), board
        assert e.accumulate() == want, board
        prev = (board, ply, player, want)
    return len(recs)


def test_replay_eval_txt(eval_dat, level):
    with ek.Eval() as e:
        assert replay(e) == 3686


def test_fresh_set_gives_the_same_sums(eval_dat):
    for board, _, _, want in games()[:400]:
        assert ek.Eval(board).accumulate() == want


def test_load_from_bytes_equals_file(eval_dat):
    with open(eval_dat, "rb") as f:
        data = f.read()
    ek.eval_load_bytes(data)
    ek.eval_load_bytes(memoryview(data))
    with ek.Eval() as e:
        assert replay(e) == 3686


def test_bad_loads_keep_the_weights(eval_dat, tmp_path):
    e = ek.Eval(ek.START)
    want = e.accumulate()
    with open(eval_dat, "rb") as f:
        data = f.read()
    bad = tmp_path / "bad.dat"
    cases = [
        (lambda: ek.eval_load_file(tmp_path / "missing.dat"), EK_ERR_IO),
        (lambda: ek.eval_load_file(tmp_path), EK_ERR_IO),
        (lambda: ek.eval_load_bytes(b"not an eval file"), EK_ERR_EVAL_FORMAT),
        (lambda: ek.eval_load_bytes(data[:-1]), EK_ERR_EVAL_SIZE),
        (lambda: ek.eval_load_bytes(data + b"\0\0"), EK_ERR_EVAL_SIZE),
        (lambda: bad.write_bytes(data[: len(data) // 2]) and ek.eval_load_file(bad), EK_ERR_EVAL_SIZE),
    ]
    for load, status in cases:
        with pytest.raises(ek.EdaxKernelsError) as err:
            load()
        assert err.value.status == status, err.value
        assert str(err.value).startswith("edax_kernels: ")
        assert ek.eval_loaded()
        assert e.accumulate() == want
    e.close()


def test_errors_and_unload(eval_dat):
    e = ek.Eval(ek.START)
    with pytest.raises(ek.EdaxKernelsError) as err:
        e.update(64, 0)
    assert err.value.status == EK_ERR_RANGE
    with pytest.raises(ek.EdaxKernelsError) as err:
        e.restore()
    assert err.value.status == EK_ERR_RANGE
    with pytest.raises(ek.EdaxKernelsError) as err:
        e.set(ek.Board(0, 0))
    assert err.value.status == EK_ERR_RANGE
    want = e.accumulate()
    ek.eval_unload()
    assert not ek.eval_loaded()
    with pytest.raises(ek.EdaxKernelsError) as err:
        e.accumulate()
    assert err.value.status == EK_ERR_EVAL_NONE
    ek.eval_load_file(eval_dat)
    assert e.accumulate() == want
    e.close()
    e.close()
    with pytest.raises(ek.EdaxKernelsError):
        e.accumulate()
