"""Labels for learning: boards as planes and as squares, Edax's pattern features in batch (the
real Edax's answers, tests/data/golden/eval_features.txt), from every position form."""

import numpy as np
import pytest

import edax_kernels as ek
from conftest import records


def test_planes_and_squares_are_the_bits():
    p, o = ek.random_positions(50, empties=30, seed=11)
    planes = ek.planes((p, o))
    squares = ek.squares((p, o))
    assert planes.shape == (50, 2, 8, 8) and planes.dtype == np.uint8
    assert squares.shape == (50, 64) and squares.dtype == np.int8
    for k in range(50):
        a, b = int(p[k]), int(o[k])
        for x in range(64):
            row, col = divmod(x, 8)
            assert planes[k, 0, row, col] == (a >> x & 1) and planes[k, 1, row, col] == (b >> x & 1)
            assert squares[k, x] == (a >> x & 1) - (b >> x & 1)
    # A1 is [0, 0] and H8 [7, 7]; bit 63 (beyond int64) is read exactly.
    corner = ek.planes([(1, 1 << 63)])
    assert corner[0, 0, 0, 0] == 1 and corner[0, 1, 7, 7] == 1 and corner.sum() == 2
    assert ek.planes([]).shape == (0, 2, 8, 8)


def test_features_are_edax_features():
    recs = records("eval_features.txt")[:2000]
    p = np.array([int(r[0], 16) for r in recs], np.uint64)
    o = np.array([int(r[1], 16) for r in recs], np.uint64)
    want = np.array([[int(v) for v in r[2:49]] for r in recs], np.uint16)
    got = ek.features((p, o))
    assert got.shape == (len(recs), 47) and got.dtype == np.uint16
    assert np.array_equal(got, want)
    # The same from boards, one at a time.
    assert np.array_equal(ek.features([ek.Board(int(p[3]), int(o[3]))])[0], want[3])
    with pytest.raises(ek.EdaxKernelsError, match="position 1"):
        ek.features([ek.START, (3, 1)])
