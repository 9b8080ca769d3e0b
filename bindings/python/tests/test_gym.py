"""edax_kernels.gym_env: Gymnasium's own environment checker on OthelloEnv (both layouts, both
colours, made directly and through gymnasium.make), illegal actions (raised, or the penalty),
the masks, reproducible seeds, and OthelloVectorEnv against gymnasium's SyncVectorEnv of
OthelloEnv in the same autoreset mode (SAME_STEP), action for action.

These tests need the learn extra (gymnasium): where it is not installed they are skipped, a skip
that conftest.py explains unless EK_REQUIRE_LEARN is set (then a missing module fails them)."""

import types

import numpy as np
import pytest

from conftest import require_learn_extra

require_learn_extra()
import gymnasium as gym  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

import edax_kernels as ek  # noqa: E402
from edax_kernels import gym_env  # noqa: E402
from edax_kernels.gym_env import OthelloEnv, OthelloVectorEnv  # noqa: E402
from edax_kernels.learn import PASS_ACTION, EngineOpponent, SolverOpponent  # noqa: E402


def test_public_names():
    names = {n for n in dir(gym_env) if not n.startswith("_") and not isinstance(getattr(gym_env, n), types.ModuleType)}
    assert names == set(gym_env.__all__) == {"OthelloEnv", "OthelloVectorEnv"}


@pytest.mark.parametrize("layout", ["pgx", "openspiel"])
@pytest.mark.parametrize("agent", ["black", "white"])
def test_gymnasiums_checker(layout, agent):
    for opponent in (None, EngineOpponent(1)):
        check_env(OthelloEnv(opponent, agent=agent, layout=layout, illegal="penalty"))
    env = gym.make("edax_kernels/Othello-v0", agent=agent, layout=layout, illegal="penalty")
    check_env(env.unwrapped)
    env.close()


def play_episode(env, rng, seed):
    """An episode of random legal actions; checks the masks and rewards on the way. Returns the
    observations and rewards."""
    obs, info = env.reset(seed=seed)
    seen, rewards = [obs], []
    while True:
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and (info["action_mask"] == mask).all() and info["action_mask"].dtype == np.int8
        assert mask.any() and (mask[PASS_ACTION] == (not mask[:64].any()))
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        seen.append(obs)
        rewards.append(reward)
        assert not truncated
        if terminated:
            return seen, rewards
        assert reward == 0


def test_episodes_masks_rewards_and_seeds():
    env = OthelloEnv(agent="white", reward="disc_difference")
    seen, rewards = play_episode(env, np.random.default_rng(1), seed=5)
    assert len(seen) >= 20 and rewards[-1] != 0 or len(rewards) > 25
    # The final disc difference, from the agent's side: its discs (plane 0) against the other's.
    mine, theirs = seen[-1][:, :, 0].sum(), seen[-1][:, :, 1].sum()
    if mine != theirs:
        assert np.sign(rewards[-1]) == np.sign(mine - theirs)
    again, rewards_again = play_episode(env, np.random.default_rng(1), seed=5)
    assert all((a == b).all() for a, b in zip(seen, again)) and rewards == rewards_again, "the same seed"
    other, _ = play_episode(env, np.random.default_rng(1), seed=6)
    assert len(other) != len(seen) or any((a != b).any() for a, b in zip(seen, other)), "another seed"
    with pytest.raises(ValueError, match="has ended"):
        env.step(PASS_ACTION)
    print(env.render())


def test_illegal_actions():
    env = OthelloEnv()
    obs, _ = env.reset(seed=0)
    for bad in (0, 65, -1, 19.5, "19", None):
        with pytest.raises(ValueError, match="not legal"):
            env.step(bad)
    env.step(19)  # D3, legal: nothing moved before
    penalty = OthelloEnv(illegal="penalty")
    obs, _ = penalty.reset(seed=0)
    after, reward, terminated, truncated, info = penalty.step(0)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert (after == obs).all()
    with pytest.raises(ValueError, match="has ended"):
        penalty.step(19)
    for kwargs in ({"agent": "alternate"}, {"illegal": "ignore"}, {"layout": "chw"}, {"render_mode": "human"},
                   {"opponent": "minimax"}):
        with pytest.raises(ValueError):
            OthelloEnv(**kwargs)
    vec = OthelloVectorEnv(3)
    vec.reset(seed=0)
    with pytest.raises(ValueError, match="game 1: action 0 is not legal"):
        vec.step([19, 0, 19])


@pytest.mark.parametrize("opponent", [EngineOpponent(1), SolverOpponent(8, level=2)])
def test_the_vector_env_steps_as_gymnasiums_sync_vector_env(opponent):
    n = 4
    native = OthelloVectorEnv(n, opponent=opponent)
    sides = ["black" if i % 2 == 0 else "white" for i in range(n)]
    sync = SyncVectorEnv([lambda s=s: OthelloEnv(opponent, agent=s) for s in sides],
                         autoreset_mode=AutoresetMode.SAME_STEP)
    assert native.metadata["autoreset_mode"] == sync.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert native.observation_space == sync.observation_space and native.action_space == sync.action_space
    obs_a, info_a = native.reset(seed=3)
    obs_b, info_b = sync.reset(seed=3)
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(150):
        assert (obs_a == obs_b).all() and (info_a["action_mask"] == info_b["action_mask"]).all()
        assert (native.action_masks() == info_a["action_mask"].astype(bool)).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info_a["action_mask"]])
        obs_a, rew_a, term_a, trunc_a, info_a = native.step(actions)
        obs_b, rew_b, term_b, trunc_b, info_b = sync.step(actions)
        assert (rew_a == rew_b).all() and (term_a == term_b).all() and not trunc_a.any() and not trunc_b.any()
        assert rew_a.dtype == np.float32 and obs_a.dtype == np.float32 and obs_a.shape == (n, 8, 8, 2)
        if term_a.any():
            ends += int(term_a.sum())
            assert (info_a["_final_obs"] == info_b["_final_obs"]).all()
            for i in np.flatnonzero(term_a):
                assert (info_a["final_obs"][i] == info_b["final_obs"][i]).all()
        else:
            assert "final_obs" not in info_a
    assert ends >= n, "games ended and started again"


def test_registered_ids_and_a_wrapper():
    single = gym.make("edax_kernels/Othello-v0")
    assert isinstance(single.unwrapped, OthelloEnv)
    for env_id in ("edax_kernels/OthelloVector-v0", "edax_kernels/Othello-v0"):
        envs = gym.make_vec(env_id, num_envs=3, layout="openspiel")
        assert isinstance(envs.unwrapped, OthelloVectorEnv) and envs.num_envs == 3
        assert envs.single_observation_space.shape == (3, 8, 8)
    stats = gym.wrappers.vector.RecordEpisodeStatistics(OthelloVectorEnv(2, reward="disc_difference"))
    _, info = stats.reset(seed=1)
    rng = np.random.default_rng(2)
    episodes = 0
    for _ in range(200):
        actions = [rng.choice(np.flatnonzero(m)) for m in info["action_mask"]]
        _, rewards, terminated, _, info = stats.step(actions)
        if "episode" in info:
            done = info["_episode"]
            episodes += int(done.sum())
            assert (info["episode"]["r"][done] == rewards[done]).all(), "one reward per episode, at its end"
            assert (info["episode"]["l"][done] >= 20).all()
    assert episodes >= 2
    assert ek.START.player  # the package is the installed one (conftest)
