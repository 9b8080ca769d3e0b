"""edax_kernels.read_games / write_games / write_wthor: the games of Edax's formats (.txt, .ggf,
.wtb) read from the files stock Edax 4.6 wrote (tests/data/bases, scripts/golden/bases.sh) and
written back to Edax's bytes; a WTHOR file written back byte for byte; bad files refused with
the file's name and the byte offset."""

import pathlib

import numpy as np
import pytest

import edax_kernels as ek
from edax_kernels import bases

DATA = pathlib.Path(__file__).resolve().parents[3] / "tests" / "data" / "bases"


def data(name):
    return (DATA / name).read_bytes()


def test_ggf_and_text_as_edax_writes_them(tmp_path):
    games = ek.read_games(DATA / "games.ggf")
    assert len(games) == 15 and all(isinstance(g, bases.Game) for g in games)
    assert games[0].black == b"edax" and games[0].white == b"kitty"
    assert games[1].black == b"a-very-long-player-name-beyond-"
    assert any(len(g.moves) == 60 for g in games) and any(g.score == -127 for g in games)
    assert any(not g.black_to_move for g in games)
    assert ek.write_games(tmp_path / "x.ggf", games) == data("edax.ggf")
    assert (tmp_path / "x.ggf").read_bytes() == data("edax.ggf")
    assert ek.write_games("y.TXT", games, to_bytes=True) == data("edax.txt")
    assert not pathlib.Path("y.TXT").exists()
    # Edax's files read back to the same games (text and WTHOR keep no names).
    assert ek.read_games(data("edax.ggf"), name="e.ggf") == games
    unnamed = [g._replace(black=b"?", white=b"?") for g in games]
    assert ek.read_games(DATA / "edax.txt") == unnamed
    assert ek.read_games(DATA / "standard.wtb") == unnamed[:13]
    assert ek.read_games(DATA / "edax.edx") == games
    edx = ek.write_games("z.edx", games, to_bytes=True)
    assert len(edx) == 160 * 15 and ek.read_games(edx, name="z.EDX") == games


def test_write_wthor_round_trip(tmp_path):
    w = ek.read_wthor(DATA / "standard.wtb")
    # Edax ends short games with 92.
    assert ek.write_wthor(w, end=92) == data("standard.wtb")
    out = tmp_path / "w.wtb"
    b = ek.write_wthor(w, out)
    assert out.read_bytes() == b and b != data("standard.wtb")
    back = ek.read_wthor(b)
    assert np.array_equal(back.moves, w.moves) and back.header == w.header
    # Columns edited, and bad ones refused.
    w2 = w._replace(black=np.full_like(w.black, 7))
    assert (ek.read_wthor(ek.write_wthor(w2)).black == 7).all()
    bad = w.moves.copy()
    bad[0, 0] = 64
    with pytest.raises(ValueError, match="game 0: a move outside 0..63"):
        ek.write_wthor(w._replace(moves=bad))
    with pytest.raises(ValueError, match="moves must be"):
        ek.write_wthor(w._replace(moves=w.moves[:, :59]))
    with pytest.raises(ValueError, match="end code 5"):
        ek.write_wthor(w, end=5)
    with pytest.raises(ValueError, match="out of its range"):
        ek.write_wthor(w._replace(tournament=np.full(len(w.n_moves), 70000)))


def test_bad_files():
    with pytest.raises(ValueError, match=r"b\.ggf: GGF file, byte 20 \(line 1, column 21\): game 0, move 1: f5 is illegal"):
        ek.read_games(b"(;GM[othello]B[f5]W[f5];)", name="b.ggf")
    with pytest.raises(ValueError, match=r"c\.txt: text game list file, byte 8 \(line 2, column 4\)"):
        ek.read_games(b"f5d6\nf5 q9", name="c.txt")
    with pytest.raises(ValueError, match=r"s\.wtb: WTHOR file, byte 4: the header says"):
        ek.read_games(data("standard.wtb")[:-1], name="s.wtb")
    with pytest.raises(ValueError, match=r"e\.wtb: WTHOR file, byte \d+: game 13, move \d+"):
        ek.read_games(data("edax.wtb"), name="e.wtb")
    with pytest.raises(ValueError, match="unknown game format extension"):
        ek.read_games(b"", name="x.dat")
    with pytest.raises(ValueError, match=".pgn files are not read"):
        ek.read_games(b"", name="x.pgn")
    with pytest.raises(ValueError, match="need a name"):
        ek.read_games(b"")
    with pytest.raises(ValueError, match="only .txt, .ggf and .edx"):
        ek.write_games("x.wtb", [], to_bytes=True)
