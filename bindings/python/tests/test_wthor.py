"""edax_kernels.read_wthor: WTHOR files made here from random legal games (played with the
package's own get_moves and flip), read back as NumPy arrays, replayed, and bad files refused
with the file's name and the byte offset."""

import random
import struct

import numpy as np
import pytest

import edax_kernels as ek
from edax_kernels import bases

START = (0x0000000810000000, 0x0000001008000000)


def random_game(rng):
    """Moves (Edax squares) of a random legal game, black's and white's final discs, and the
    positions before each move (side to move's discs, other side's, black to move)."""
    me, other = START
    black_to_move, moves, seen = True, [], []
    while len(moves) < 60:
        legal = ek.get_moves(me, other)
        if not legal:
            if not ek.get_moves(other, me):
                break
            me, other, black_to_move = other, me, not black_to_move
            legal = ek.get_moves(me, other)
        squares = [x for x in range(64) if legal >> x & 1]
        x = rng.choice(squares)
        seen.append((me, other, black_to_move))
        f = ek.flip(x, me, other)
        me, other = other ^ f, me | f | (1 << x)
        black_to_move = not black_to_move
        moves.append(x)
    black, white = (me, other) if black_to_move else (other, me)
    return moves, black, white, seen


def wthor_score(black, white):
    b, w = bin(black).count("1"), bin(white).count("1")
    e = 64 - b - w
    return b + e if b > w else b if b < w else 32


def make_file(games, claimed=None):
    """The bytes of a .wtb file, by hand: header, then 68-byte records with 10*row+col moves."""
    head = struct.pack("<4BIHH4B", 20, 24, 7, 14, len(games) if claimed is None else claimed, 0, 2024, 8, 0, 22, 0)
    body = b""
    for i, (moves, black, white, _) in enumerate(games):
        codes = bytes(10 * (x // 8 + 1) + x % 8 + 1 for x in moves).ljust(60, b"\0")
        body += struct.pack("<3H2B", i, 100 + i, 200 + i, wthor_score(black, white), 33) + codes
    return head + body


@pytest.fixture(scope="module")
def games():
    rng = random.Random(11)
    return [random_game(rng) for _ in range(120)]


def test_read_back_from_bytes_and_path(games, tmp_path):
    data = make_file(games)
    path = tmp_path / "games.wtb"
    path.write_bytes(data)
    for source in (data, path, str(path), bytearray(data)):
        w = ek.read_wthor(source)
        assert w.header == {"century": 20, "year": 24, "month": 7, "day": 14, "n_games": 120, "n_records": 0,
                            "game_year": 2024, "board_size": 8, "game_type": 0, "depth": 22, "reserved": 0}
        assert w.tournament.dtype == np.uint16 and w.tournament.tolist() == list(range(120))
        assert w.black.tolist() == [100 + i for i in range(120)]
        assert w.white.dtype == np.uint16 and w.white.tolist() == [200 + i for i in range(120)]
        assert w.theoretical.dtype == np.uint8 and set(w.theoretical.tolist()) == {33}
        assert w.moves.shape == (120, 60) and w.moves.dtype == np.int8
        assert w.n_moves.dtype == np.uint8
        assert w.positions is None
        for i, (moves, black, white, _) in enumerate(games):
            n = len(moves)
            assert w.n_moves[i] == n
            assert w.moves[i, :n].tolist() == moves and (w.moves[i, n:] == -1).all()
            assert w.black_discs[i] == w.final_black_discs[i] == wthor_score(black, white)


def test_positions(games):
    w = ek.read_wthor(make_file(games), positions=True)
    p = w.positions
    expected = [(me, other, btm, i, k) for i, g in enumerate(games) for k, (me, other, btm) in enumerate(g[3])]
    assert len(p.players) == len(expected) == sum(len(g[0]) for g in games)
    assert p.players.dtype == np.uint64 and p.game.dtype == np.uint32 and p.black_to_move.dtype == bool
    got = list(zip(p.players.tolist(), p.opponents.tolist(), p.black_to_move.tolist(), p.game.tolist(),
                   p.ply.tolist()))
    assert got == expected
    # The result from the side to move: black's final difference, negated for white.
    diff = 2 * w.final_black_discs.astype(int)[p.game] - 64
    assert (p.score == np.where(p.black_to_move, diff, -diff)).all()
    assert np.abs(p.score.astype(int)).max() <= 64


def test_bad_files_name_file_and_offset(games, tmp_path):
    data = make_file(games[:3])
    with pytest.raises(ValueError, match=r"<bytes>: WTHOR file, byte 10: truncated header"):
        ek.read_wthor(data[:10])
    path = tmp_path / "short.wtb"
    path.write_bytes(data[:-1])
    with pytest.raises(ValueError, match=r"short\.wtb: WTHOR file, byte 4: the header says 3 games \(220 bytes\) "
                                         r"but the file has 219 bytes"):
        ek.read_wthor(path)
    # 2^31 games claimed in a 16-byte file: refused from the size, nothing allocated.
    with pytest.raises(ValueError, match="says 2147483648 games"):
        ek.read_wthor(make_file([], claimed=1 << 31))
    bad = bytearray(data)
    bad[16 + 68 + 8 + 2] = 19
    with pytest.raises(ValueError, match=r"byte 94: game 1, move 2: code 19 is no square"):
        ek.read_wthor(bad)
    bad = bytearray(data)
    bad[16 + 8] = 44  # d4, occupied at the start
    with pytest.raises(ValueError, match=r"byte 24: game 0, move 0: d4 is illegal"):
        ek.read_wthor(bad)


def test_a_wrong_recorded_score_is_data(games):
    data = bytearray(make_file(games[:2]))
    data[16 + 68 + 6] ^= 3
    w = ek.read_wthor(data)
    assert w.black_discs[1] != w.final_black_discs[1]
    assert w.black_discs[0] == w.final_black_discs[0]


def test_module_names():
    assert ek.read_wthor is bases.read_wthor
    assert ek.read_games is bases.read_games and ek.write_wthor is bases.write_wthor
    assert set(bases.__all__) == {"Game", "Wthor", "WthorPositions", "read_games", "read_wthor", "write_games",
                                  "write_wthor"}
