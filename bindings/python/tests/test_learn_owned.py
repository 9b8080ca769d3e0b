"""VecOthello's arrays are its native object's own memory (no copy): NumPy's arrays on them keep
that object alive after everything else is dropped; one native call per step writes every array
(checked against the boards and the rules); step_one(a) plays as step([a])."""

import gc
import weakref

import numpy as np
import pytest

import edax_kernels as ek
from edax_kernels.learn import N_ACTIONS, VecOthello

NAMES = ("observation", "legal_action_mask", "current_player", "rewards", "terminated", "final_score",
         "agent_color", "agent_reward")


def bits(b):
    return np.array([(int(b) >> x) & 1 for x in range(64)], np.float32).reshape(8, 8)


def test_arrays_are_views_that_keep_the_games_alive():
    env = VecOthello(1, opponent="random", agent="black")
    env.reset(seed=3)
    obs, mask = env.observation, env.legal_action_mask
    games = weakref.ref(env._games)
    # The base chain ends at a native view holding the owner, not at an array NumPy owns.
    base = obs
    while isinstance(base, np.ndarray):
        assert not base.flags.owndata
        base = base.base
    assert type(base).__name__ == "View"
    before, mask_before = obs.copy(), mask.copy()
    del env, base
    gc.collect()
    assert games() is not None  # kept by the arrays alone
    # Memory freed and reused would show here: allocate and fill as much again, several times.
    junk = [np.full(obs.size * 4, 7.0, np.float32) for _ in range(64)]
    assert (obs == before).all() and (mask == mask_before).all() and obs.sum() == 4
    del obs, junk
    gc.collect()
    assert games() is not None  # the mask still holds it
    del mask
    gc.collect()
    assert games() is None


def test_arrays_are_the_same_objects_written_in_place():
    v = VecOthello(3, seed=1)
    arrays = [getattr(v, name) for name in NAMES]
    returned = v.step_random()
    obs, rewards, terminated = v.step(np.argmax(v.legal_action_mask, axis=1))
    assert obs is v.observation and rewards is v.rewards and terminated is v.terminated
    assert all(a is getattr(v, name) for a, name in zip(arrays, NAMES))
    assert returned is v.step_random()  # the actions' array too
    assert v.observation.dtype == np.float32 and v.terminated.dtype == np.bool_ and v.final_score.dtype == np.int8
    assert v.observation.shape == (3, 8, 8, 2) and v.rewards.shape == (3, 2)
    assert VecOthello(2, layout="openspiel").observation.shape == (2, 3, 8, 8)


@pytest.mark.parametrize("opponent", [None, "random"])
@pytest.mark.parametrize("reward", ["win", "disc_difference"])
def test_one_call_writes_everything(opponent, reward):
    v = VecOthello(6, seed=5, opponent=opponent, reward=reward, layout="openspiel")
    ends = 0
    for step in range(200):
        if step % 2:
            v.step(np.array([np.flatnonzero(m)[-1] for m in v.legal_action_mask]))
        else:
            v.step_random()
        p, o = v.boards()
        for i in range(6):
            # With auto_reset the boards are the games going on (a new one after an end).
            ps, os_ = bits(p[i]), bits(o[i])
            assert (v.observation[i] == np.stack([1 - ps - os_, ps, os_])).all()
            moves = ek.get_moves(int(p[i]), int(o[i]))
            mask = np.array([(moves >> x) & 1 for x in range(64)] + [moves == 0], bool)
            assert (v.legal_action_mask[i] == mask).all()
            if opponent is not None:
                assert v.current_player[i] == v.agent_color[i]  # the agent is always to move
            assert v.agent_color[i] == i % 2
            score = int(v.final_score[i])
            if v.terminated[i]:
                ends += 1
                black = float(score if reward == "disc_difference" else np.sign(score))
            else:
                assert score == 0
                black = 0.0
            assert v.rewards[i].tolist() == [black, -black]
            assert v.agent_reward[i] == v.rewards[i, v.agent_color[i]]
    assert ends >= 6
    v.reset()
    assert not v.terminated.any() and not v.rewards.any() and not v.agent_reward.any() and not v.final_score.any()


def test_step_one_plays_as_step():
    a, b = VecOthello(1, seed=9, opponent="random"), VecOthello(1, seed=9, opponent="random")
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(300):
        action = int(rng.choice(np.flatnonzero(a.legal_action_mask[0])))
        a._step_one(action)
        b.step([action])
        for name in NAMES:
            assert (getattr(a, name) == getattr(b, name)).all(), name
        assert a.boards() == b.boards()
        ends += int(a.terminated[0])
    assert ends >= 3


def test_step_one_refuses_bad_actions_before_moving():
    v = VecOthello(1, seed=2)
    board, obs = v.boards(), v.observation.copy()
    illegal = int(np.flatnonzero(~v.legal_action_mask[0])[0])
    for bad in (illegal, -1, N_ACTIONS, 2**40):
        with pytest.raises(ValueError, match=f"game 0: action {bad} is not legal"):
            v._step_one(bad)
        assert v.boards() == board and (v.observation == obs).all()
    with pytest.raises(ValueError, match="a batch of 1 game, not 2"):
        VecOthello(2)._step_one(19)
    over = VecOthello(1, auto_reset=False)
    while not over.terminated[0]:
        over.step_random()
    with pytest.raises(ValueError, match="has ended"):
        over._step_one(19)
