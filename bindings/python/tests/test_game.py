"""The Game object: a position held natively with its history (legal moves, play, pass, undo,
random moves, game over, winner), Edax's board text and .obf lines, and the bad moves, passes,
undos and texts it refuses."""

import pytest

import edax_kernels as ek

# The first position of Edax's problem/fforum-1-19.obf, with the scores of its eight moves.
FFORUM_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;"


def test_start_position_and_the_first_moves():
    g = ek.Game()
    assert (g.player, g.opponent) == ek.START and g.board == ek.START
    assert g.black_to_move and g.ply == 0 and not g.is_over and not g.must_pass
    assert g.moves() == [19, 26, 37, 44] and g.legal_moves == ek.get_moves(*ek.START)
    assert g.discs == (2, 2) and g.score is None and g.winner is None
    g.play("d3")
    assert g.ply == 1 and not g.black_to_move and g.discs == (4, 1)
    assert g.board == ek.board_next(ek.START, 19)
    g.play(ek.square("c3"))
    g.undo()
    g.undo()
    assert g == ek.Game() and g.ply == 0
    with pytest.raises(IndexError, match="nothing to undo"):
        g.undo()


def test_illegal_moves_and_passes_are_refused():
    g = ek.Game()
    for x in (0, 63, 27, -1, 64, 65, 1000):
        with pytest.raises(ValueError, match="not a legal move"):
            g.play(x)
    with pytest.raises(ValueError, match="legal: d3 c4 f5 e6"):
        g.play("a1")
    with pytest.raises(ValueError, match="not a square"):
        g.play("z9")
    with pytest.raises(ValueError, match="has a move"):
        g.pass_()
    assert g == ek.Game() and g.ply == 0
    over = ek.Game(ek.Board(0xFFFFFFFFFFFFFFFF, 0))
    assert over.is_over and over.random_move() == ek.NOMOVE and over.play_random() == ek.NOMOVE
    with pytest.raises(ValueError, match="game is over"):
        over.pass_()
    with pytest.raises(ValueError, match="overlap"):
        ek.Game(ek.Board(3, 1))


def test_random_games_follow_the_rules_and_undo_to_the_start():
    for seed in range(40):
        g = ek.Game(seed=seed)
        history = []
        while not g.is_over:
            before = (g.player, g.opponent, g.black_to_move)
            legal = ek.get_moves(g.player, g.opponent)
            assert g.legal_moves == legal and g.moves() == [x for x in range(64) if legal >> x & 1]
            x = g.play_random()
            if x == ek.PASS:
                assert legal == 0 and ek.get_moves(before[1], before[0]) != 0
                assert (g.player, g.opponent) == (before[1], before[0])
            else:
                assert legal >> x & 1
                assert g.board == ek.board_next(before[:2], x)
            assert g.black_to_move != before[2]
            history.append(before)
        black, white = g.discs
        assert black + white == 64 - bin(~(g.player | g.opponent) & (2**64 - 1)).count("1")
        assert g.score is not None and g.winner == (g.score > 0) - (g.score < 0)
        assert g.ply == len(history)
        for before in reversed(history):
            g.undo()
            assert (g.player, g.opponent, g.black_to_move) == before
        assert g == ek.Game()


def test_seeds_reproduce_games_and_copies_are_independent():
    a, b = ek.Game(seed=7), ek.Game(seed=7)
    assert [a.play_random() for _ in range(20)] == [b.play_random() for _ in range(20)]
    c = a.copy()
    c.play_random()
    assert c.ply == a.ply + 1 and a.ply == 20
    x = a.moves()[0]
    d = a.after(x)
    assert d.ply == 21 and a.ply == 20 and d.board == ek.board_next(a.board, x)
    d.undo()
    assert d == a
    with pytest.raises(ValueError, match="not a legal move"):
        a.after(-1)
    assert ek.Game(seed=1).play_out() == ek.Game(seed=1).play_out()


def test_text_and_obf():
    g = ek.Game.from_obf(FFORUM_1)
    names = sorted(ek.square_name(x) for x in g.moves())
    assert names == sorted(["g8", "h1", "h7", "a2", "a3", "b1", "a4", "g2"])
    assert g.black_to_move and g.to_obf() == FFORUM_1.split(";")[0] + ";"
    assert ek.Game.from_text(g.to_text()) == g
    assert repr(g) == f"Game.from_text({g.to_text()!r})"
    # The same board with white to move: the sides swap.
    w = ek.Game.from_text(FFORUM_1[:64] + " O")
    assert (w.player, w.opponent) == (g.opponent, g.player) and not w.black_to_move
    # Edax's other square letters, and whitespace between squares.
    spaced = " ".join(FFORUM_1[:64].replace("X", "*").replace("-", ".")[i:i + 8] for i in range(0, 64, 8)) + " x"
    assert ek.Game.from_text(spaced) == g
    assert ek.Game().to_text() == "-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27 + " X"


@pytest.mark.parametrize(
    "text, words",
    [
        ("-" * 62 + " X", "63 squares"),
        ("-" * 64, "no side to move"),
        ("-" * 64 + " Z", "not a side to move"),
        ("-" * 63 + "Q X", "not a square"),
        ("-" * 64 + " X X", "after the side to move"),
    ],
)
def test_bad_text_is_refused(text, words):
    with pytest.raises(ValueError, match=words):
        ek.Game.from_text(text)


def test_bad_obf_is_refused():
    with pytest.raises(ValueError, match="no ';'"):
        ek.Game.from_obf(FFORUM_1.split(";")[0])
    with pytest.raises(ValueError, match="from_obf"):
        ek.Game.from_obf("-" * 60 + " X;")


def test_squares_by_name():
    assert ek.square("a1") == 0 and ek.square("H8") == 63 and ek.square("d3") == 19 and ek.square("pass") == ek.PASS
    assert [ek.square_name(x) for x in (0, 7, 56, 63, ek.PASS, ek.NOMOVE)] == ["a1", "h1", "a8", "h8", "pass", "none"]
    for bad in ("", "a9", "i1", "a", "a10"):
        with pytest.raises(ValueError):
            ek.square(bad)
    with pytest.raises(ValueError):
        ek.square_name(66)
