"""edax_kernels.learn.VecOthello: many games stepped at once, checked against the package's own
kernels (get_moves, board_next) game by game: the masks and the pass rule, the observations in
both layouts, the player to move, the ends with their rewards and scores, automatic reset,
refused actions (nothing moves), seeded reproducibility, the same games on several threads."""

import numpy as np
import pytest

import edax_kernels as ek
from edax_kernels.learn import N_ACTIONS, PASS_ACTION, VecOthello


def masks_of(p, o):
    m = np.zeros((len(p), N_ACTIONS), bool)
    for i, (a, b) in enumerate(zip(p.tolist(), o.tolist())):
        moves = ek.get_moves(a, b)
        m[i, :64] = [(moves >> x) & 1 == 1 for x in range(64)]
        m[i, 64] = moves == 0 and ek.get_moves(b, a) != 0
    return m


def final_score(p, o):
    mine, theirs = bin(p).count("1"), bin(o).count("1")
    empties = 64 - mine - theirs
    return mine - theirs + (empties if mine > theirs else -empties if mine < theirs else 0)


def test_random_games_against_the_kernels():
    env = VecOthello(64, seed=11, auto_reset=False)
    black = np.zeros(64, bool)  # whether the player to move is black, by the model
    black[:] = True
    ended = np.zeros(64, bool)
    p, o = env.boards()
    passes = 0
    while not ended.all():
        assert (env.legal_action_mask == masks_of(p, o) & ~ended[:, None]).all()
        assert (env.current_player == np.where(black, 0, 1)).all()
        actions = env.step_random().copy()
        passes += int((actions == PASS_ACTION).sum())
        for i in range(64):
            if ended[i]:
                assert actions[i] == -1
                continue
            a = int(actions[i])
            assert env.rewards[i].tolist() == [0, 0] or env.terminated[i]
            if a == PASS_ACTION:
                p[i], o[i] = o[i], p[i]
            else:
                assert (int(p[i]) >> a) & 1 == 0 and ek.get_moves(int(p[i]), int(o[i])) >> a & 1
                nxt = ek.board_next(ek.Board(int(p[i]), int(o[i])), a)
                p[i], o[i] = nxt.player, nxt.opponent
            black[i] = not black[i]
            pp, oo = int(p[i]), int(o[i])
            over = ek.get_moves(pp, oo) == 0 and ek.get_moves(oo, pp) == 0
            assert bool(env.terminated[i]) == over, i
            if over:
                ended[i] = True
                score = final_score(pp, oo) * (1 if black[i] else -1)
                assert int(env.final_score[i]) == score
                assert env.rewards[i].tolist() == [np.sign(score), -np.sign(score)]
        bp, bo = env.boards()
        assert (bp == p).all() and (bo == o).all()
    assert passes > 0, "no game passed"


def test_observations_in_both_layouts():
    for layout, shape in (("pgx", (5, 8, 8, 2)), ("openspiel", (5, 3, 8, 8))):
        env = VecOthello(5, seed=3, layout=layout)
        for _ in range(7):
            env.step_random()
        assert env.observation.shape == shape and env.observation.dtype == np.float32
        p, o = env.boards()
        for i in range(5):
            mine = np.array([(int(p[i]) >> x) & 1 for x in range(64)], np.float32).reshape(8, 8)
            theirs = np.array([(int(o[i]) >> x) & 1 for x in range(64)], np.float32).reshape(8, 8)
            if layout == "pgx":
                assert (env.observation[i, :, :, 0] == mine).all() and (env.observation[i, :, :, 1] == theirs).all()
            else:
                assert (env.observation[i, 0] == 1 - mine - theirs).all()
                assert (env.observation[i, 1] == mine).all() and (env.observation[i, 2] == theirs).all()


def test_an_illegal_action_is_refused_and_nothing_moves():
    env = VecOthello(3)
    before = [a.copy() for a in env.boards()]
    with pytest.raises(ValueError, match="game 1: action 0 is not legal"):
        env.step([19, 0, 26])
    with pytest.raises(ValueError, match="game 2: action 64"):
        env.step([19, 26, PASS_ACTION])
    for bad in ([19, 26], [19.0, 26, 37], "abc", [19, 26, 2**40]):
        with pytest.raises((ValueError, TypeError)):
            env.step(bad)
    after = env.boards()
    assert (after[0] == before[0]).all() and (after[1] == before[1]).all()
    env.step(np.array([19, 26, 37]))
    assert env.current_player.tolist() == [1, 1, 1]


def test_ended_games_refuse_or_restart():
    env = VecOthello(1, seed=5, auto_reset=False, reward="disc_difference")
    while not env.terminated[0]:
        env.step_random()
    score = int(env.final_score[0])
    assert env.rewards[0].tolist() == [score, -score]
    assert not env.legal_action_mask.any()
    with pytest.raises(ValueError, match="has ended"):
        env.step([PASS_ACTION])
    env.reset()
    assert env.boards()[0][0] == ek.START.player and env.current_player[0] == 0
    again = VecOthello(1, seed=5, auto_reset=True)
    while not again.terminated[0]:
        again.step_random()
    assert int(again.final_score[0]) == score, "the same game for the same seed"
    assert again.boards()[0][0] == ek.START.player, "started again at once"
    assert again.legal_action_mask[0, :64].sum() == 4


def test_seeds_and_threads():
    def play(seed, threads):
        env = VecOthello(8192, seed=seed, threads=threads)
        return np.stack([env.step_random().copy() for _ in range(30)])

    one = play(1, 1)
    assert (one == play(1, 2)).all(), "two threads"
    assert (one == play(1, 1)).all(), "the same seed"
    assert (one != play(2, 1)).any(), "another seed"


def test_bad_arguments():
    for kwargs in ({"n": 0}, {"n": 2, "threads": 0}, {"n": 2, "seed": -1}, {"n": 2, "layout": "chw"},
                   {"n": 2, "reward": "score"}, {"n": True}):
        with pytest.raises(ValueError):
            VecOthello(**kwargs)
