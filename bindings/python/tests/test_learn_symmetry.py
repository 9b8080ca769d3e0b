"""edax_kernels.learn's symmetries (module learn_symmetry) against the package's own kernels: on
positions of random games, the observation and the legal-action mask of ``symmetry(board, s)``
are those of the board transformed, the transformed action played on the transformed board gives
the transformed next board, in both layouts and in batches; the inverses; all 8 at once; the
copies returned; bad symmetries, layouts, shapes and actions refused."""

import numpy as np
import pytest

import edax_kernels as ek
from edax_kernels import learn
from edax_kernels.learn import (
    N_SYMMETRIES, PASS_ACTION, VecOthello, augment, inverse_symmetry, symmetric_action, symmetric_mask,
    symmetric_observation,
)


def bits(b):
    return np.array([(b >> x) & 1 for x in range(64)], np.float32).reshape(8, 8)


def pgx(board):
    return np.stack([bits(board[0]), bits(board[1])], axis=-1)


def openspiel(board):
    mine, theirs = bits(board[0]), bits(board[1])
    return np.stack([1 - mine - theirs, mine, theirs])


def mask(board):
    moves = ek.get_moves(*board)
    m = np.array([(moves >> x) & 1 == 1 for x in range(64)] + [False])
    m[64] = moves == 0 and ek.get_moves(board[1], board[0]) != 0
    return m


def test_the_numbering_is_that_of_symmetry():
    for s in range(N_SYMMETRIES):
        for x in range(64):
            assert ek.symmetry((1 << x, 0), s).player == 1 << symmetric_action(x, s), (s, x)
        assert symmetric_action(PASS_ACTION, s) == PASS_ACTION


def test_random_games_transformed_as_their_boards():
    # The same games (the same seed) in both layouts, the second playing the first's actions.
    games = VecOthello(12, seed=21)
    spiel = VecOthello(12, seed=21, layout="openspiel")
    checked = passes = 0
    for _ in range(80):
        p, o = games.boards()
        boards = [(int(a), int(b)) for a, b in zip(p, o)]
        views = [symmetric_observation(games.observation, s) for s in range(N_SYMMETRIES)]
        spiel_views = [symmetric_observation(spiel.observation, s, "openspiel") for s in range(N_SYMMETRIES)]
        masks = [symmetric_mask(games.legal_action_mask, s) for s in range(N_SYMMETRIES)]
        actions = games.step_random().copy()
        spiel.step(actions)
        after_p, after_o = games.boards()
        for i, board in enumerate(boards):
            for s in range(N_SYMMETRIES):
                t = ek.symmetry(board, s)
                assert (views[s][i] == pgx(t)).all() and (spiel_views[s][i] == openspiel(t)).all(), (i, s)
                assert (masks[s][i] == mask(t)).all(), (i, s)
                if not games.terminated[i]:  # else the game started again: its board is the start
                    played = ek.board_next(t, symmetric_action(int(actions[i]), s))
                    assert played == ek.symmetry((int(after_p[i]), int(after_o[i])), s), (i, s, int(actions[i]))
                    checked += 1
            passes += int(actions[i] == PASS_ACTION)
        # The actions of all the games at once, as an array, are those of each.
        for s in range(N_SYMMETRIES):
            assert symmetric_action(actions, s).tolist() == [symmetric_action(int(a), s) for a in actions]
    assert checked > 5000 and passes > 0, (checked, passes)


def test_inverses_undo():
    rng = np.random.default_rng(3)
    env = VecOthello(8, seed=4)
    for _ in range(20):
        env.step_random()
    policy = rng.random((8, 65), np.float32)
    actions = np.arange(65)
    board = tuple(int(v[0]) for v in env.boards())
    for s in range(N_SYMMETRIES):
        u = inverse_symmetry(s)
        assert ek.symmetry(ek.symmetry(board, s), u) == board
        assert (symmetric_action(symmetric_action(actions, s), u) == actions).all()
        assert (symmetric_mask(symmetric_mask(policy, s), u) == policy).all()
        assert (symmetric_observation(symmetric_observation(env.observation, s), u) == env.observation).all()
    # The mirrors and the transpositions undo themselves; the quarter turns undo each other.
    assert [inverse_symmetry(s) for s in range(N_SYMMETRIES)] == [0, 1, 2, 3, 4, 6, 5, 7]


def test_augment_stacks_the_eight():
    env = VecOthello(3, seed=8)
    obs, m = env.observation.copy(), env.legal_action_mask.copy()
    policy = m / m.sum(axis=1, keepdims=True)
    o8, m8, p8 = augment(obs, m, policy)
    assert o8.shape == (8, 3, 8, 8, 2) and m8.shape == (8, 3, 65) and p8.shape == (8, 3, 65)
    assert m8.dtype == np.bool_ and p8.dtype == policy.dtype
    for s in range(N_SYMMETRIES):
        assert (o8[s] == symmetric_observation(obs, s)).all() and (m8[s] == symmetric_mask(m, s)).all()
    # The start position is its own image under the A1-H8 transposition, the half turn and the
    # other diagonal's transposition, and under no other symmetry.
    same = [s for s in range(N_SYMMETRIES) if (o8[s] == obs).all()]
    assert same == [0, 3, 4, 7], same
    (o8,) = augment(env.observation[0], layout="pgx")
    assert o8.shape == (8, 8, 8, 2)


def test_new_arrays_returned():
    env = VecOthello(2, seed=1)
    for f, x in ((lambda a: symmetric_observation(a, 0), env.observation),
                 (lambda a: symmetric_mask(a, 0), env.legal_action_mask)):
        y = f(x)
        assert y is not x and not np.shares_memory(x, y) and y.flags.writeable and (y == x).all()
    a = np.array([[3, 64], [0, 63]], np.int16)
    b = symmetric_action(a, 1)
    assert b.dtype == np.int16 and b.tolist() == [[4, 64], [7, 56]] and a.tolist() == [[3, 64], [0, 63]]


@pytest.mark.parametrize("s", [-1, 8, 1.0, True, "1", None, np.float64(2)])
def test_bad_symmetries_refused(s):
    env = VecOthello(1)
    for call in (lambda: symmetric_observation(env.observation, s), lambda: symmetric_mask(env.legal_action_mask, s),
                 lambda: symmetric_action(3, s), lambda: inverse_symmetry(s)):
        with pytest.raises(ValueError, match="a symmetry is an integer 0..7"):
            call()


def test_bad_arrays_and_actions_refused():
    pgx_obs = VecOthello(2).observation
    spiel_obs = VecOthello(2, layout="openspiel").observation
    with pytest.raises(ValueError, match="openspiel observation has shape"):
        symmetric_observation(pgx_obs, 1, "openspiel")
    with pytest.raises(ValueError, match="pgx observation has shape"):
        symmetric_observation(spiel_obs, 1)
    with pytest.raises(ValueError, match="layout must be"):
        symmetric_observation(pgx_obs, 1, "chw")
    with pytest.raises(ValueError, match=r"\(\.\.\., 65\)"):
        symmetric_mask(np.zeros((2, 64), bool), 1)
    with pytest.raises(ValueError, match=r"\(\.\.\., 65\)"):
        symmetric_mask(np.float32(1), 1)
    for bad in (65, -1, np.array([3, 65]), [-1, 2]):
        with pytest.raises(ValueError, match="0..64"):
            symmetric_action(bad, 2)
    for bad in (3.0, True, np.array([1.0]), "a1"):
        with pytest.raises(TypeError, match="integers"):
            symmetric_action(bad, 2)


def test_learn_re_exports_learn_symmetry():
    from edax_kernels import learn_symmetry

    for name in learn_symmetry.__all__:
        assert getattr(learn, name) is getattr(learn_symmetry, name)
