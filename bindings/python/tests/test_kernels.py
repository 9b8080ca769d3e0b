"""Tests of the Python binding: known answers from Edax 4.6 (tests/data/golden), single and batch
calls, on every level this CPU has; perft 6..8 both through ek_perft and walked here with the
batch calls; error reporting."""

import numpy as np
import pytest

import edax_kernels as ek
from conftest import records


def hexes(recs, c):
    return np.array([int(r[c], 16) for r in recs], dtype=np.uint64)


def decs(recs, c):
    return np.array([int(r[c]) for r in recs], dtype=np.int32)


def test_flip(level):
    recs = records("flip.txt")
    ps, os_, xs, want = hexes(recs, 0), hexes(recs, 1), decs(recs, 2), hexes(recs, 3)
    assert [ek.flip(int(x), int(p), int(o)) for x, p, o in zip(xs, ps, os_)] == want.tolist()
    np.testing.assert_array_equal(ek.flip_batch(xs, ps, os_), want)


def test_board_next_single_and_batch_in_place():
    recs = records("flip.txt")
    ps, os_, xs, f = hexes(recs, 0), hexes(recs, 1), decs(recs, 2), hexes(recs, 3)
    square = np.where(xs < 64, np.left_shift(np.uint64(1), xs.astype(np.uint64) & np.uint64(63)), np.uint64(0))
    want_p, want_o = os_ ^ f, ps ^ (f | square)
    for i in range(len(xs)):
        assert ek.board_next(ek.Board(int(ps[i]), int(os_[i])), int(xs[i])) == (want_p[i], want_o[i])
    np_, no = ps.copy(), os_.copy()
    rp, ro = ek.board_next_batch(xs, np_, no, out=(np_, no))
    assert rp is np_ and ro is no
    np.testing.assert_array_equal(np_, want_p)
    np.testing.assert_array_equal(no, want_o)


def test_moves_and_mobility(level):
    recs = records("moves.txt")
    ps, os_, moves = hexes(recs, 0), hexes(recs, 1), hexes(recs, 2)
    for r, p, o, m in zip(recs, ps.tolist(), os_.tolist(), moves.tolist()):
        assert ek.get_moves(p, o) == m
        assert ek.get_mobility(p, o) == int(r[3])
        assert ek.get_weighted_mobility(p, o) == int(r[4])
        assert ek.get_potential_mobility(p, o) == int(r[5])
        assert ek.can_move(p, o) == (r[6] == "1")
    np.testing.assert_array_equal(ek.get_moves_batch(ps, os_), moves)
    np.testing.assert_array_equal(ek.get_mobility_batch(ps, os_), decs(recs, 3))


def test_stability(level):
    recs = records("stability.txt")
    ps, os_ = hexes(recs, 0), hexes(recs, 1)
    for r, p, o in zip(recs, ps.tolist(), os_.tolist()):
        assert (ek.get_stability(p, o), ek.get_edge_stability(p, o), ek.get_corner_stability(p)) == (
            int(r[2]), int(r[3]), int(r[4]))
    np.testing.assert_array_equal(ek.get_stability_batch(ps, os_), decs(recs, 2))


def test_count_last_flip(level):
    recs = records("last_flip.txt")
    ps, xs, want = hexes(recs, 0), decs(recs, 1), decs(recs, 2)
    assert [ek.count_last_flip(int(x), int(p)) for x, p in zip(xs, ps)] == want.tolist()
    np.testing.assert_array_equal(ek.count_last_flip_batch(xs, ps), want)


def test_hash():
    recs = records("hash.txt")
    ps, os_, want = hexes(recs, 0), hexes(recs, 1), hexes(recs, 2)
    assert [ek.hash_code((p, o)) for p, o in zip(ps.tolist(), os_.tolist())] == want.tolist()
    np.testing.assert_array_equal(ek.hash_code_batch(ps, os_), want)


def test_symmetry_and_unique():
    for r in records("symmetry.txt"):
        b = ek.Board(int(r[0], 16), int(r[1], 16))
        assert ek.symmetry(b, int(r[2])) == (int(r[3], 16), int(r[4], 16))
    for r in records("unique.txt"):
        u, s = ek.unique(ek.Board(int(r[0], 16), int(r[1], 16)))
        assert (u, s) == ((int(r[2], 16), int(r[3], 16)), int(r[4]))


def walk_perft(root, depth):
    """Nodes depth plies below root, level by level with the batch calls (Edax's convention: a
    pass is a node when the other side can move; a finished game has no children)."""
    ps, os_ = np.array([root[0]], dtype=np.uint64), np.array([root[1]], dtype=np.uint64)
    bits = np.left_shift(np.uint64(1), np.arange(64, dtype=np.uint64))
    for _ in range(depth):
        moves = ek.get_moves_batch(ps, os_)
        parent, xs = np.nonzero((moves[:, None] & bits[None, :]) != 0)
        stuck = np.flatnonzero(moves == 0)
        passing = stuck[ek.get_moves_batch(os_[stuck], ps[stuck]) != 0]
        parent = np.concatenate([parent, passing])
        xs = np.concatenate([xs, np.full(len(passing), ek.PASS)]).astype(np.int32)
        ps, os_ = ek.board_next_batch(xs, ps[parent], os_[parent])
    return len(ps)


@pytest.mark.parametrize("depth", [6, 7, 8])
def test_perft(depth):
    want = {int(r[0]): int(r[1]) for r in records("perft.txt")}[depth]
    assert ek.perft(ek.START, depth) == want
    assert walk_perft(ek.START, depth) == want


def test_errors_and_edge_cases():
    with pytest.raises(ek.EdaxKernelsError) as e:
        ek.symmetry(ek.START, 8)
    assert e.value.status == -2
    with pytest.raises(ek.EdaxKernelsError):
        ek.set_isa("bogus")
    with pytest.raises(ValueError):
        ek.flip_batch([1, 2], [0, 0], [0, 0, 0])
    with pytest.raises(ValueError):
        ek.get_moves_batch(np.zeros((2, 2), dtype=np.uint64), np.zeros((2, 2), dtype=np.uint64))
    with pytest.raises(ValueError):
        ek.get_moves_batch([1], [2], out=np.zeros(1, dtype=np.int32))
    assert len(ek.flip_batch([], [], [])) == 0
    assert ek.flip(ek.PASS, *ek.START) == 0
    assert len(ek.version().split(".")) == 3
    # Python ints and lists are accepted; strided views are copied to contiguous arrays.
    ps = np.array([ek.START.player] * 4, dtype=np.uint64)[::2]
    os_ = np.array([ek.START.opponent] * 4, dtype=np.uint64)[::2]
    assert ek.get_moves_batch(ps, os_).tolist() == [ek.get_moves(*ek.START)] * 2
    # Bitboards are 64-bit unsigned: other ints raise instead of wrapping.
    with pytest.raises(OverflowError):
        ek.flip(19, -1, 0)
    with pytest.raises(OverflowError):
        ek.get_moves(1 << 64, 0)
    # Boards are anything indexable by 0 and 1.
    assert ek.hash_code(list(ek.START)) == ek.hash_code(ek.START)
