"""edax_kernels.pettingzoo_env: PettingZoo's own checks (api_test, seed_test, render_test), random
games checked move by move against the package's kernels (get_moves, board_next): the agents'
turns and passes, the observations from each agent's side, the masks, the rewards and the end;
illegal and malformed actions, under env()'s wrappers and without them; the text board. They need
the package's `learn` extra (gymnasium, pettingzoo): bindings/test.sh installs it and sets
EK_REQUIRE_LEARN, which makes a missing module fail these tests instead of skipping them."""

import types

import numpy as np
import pytest

import edax_kernels as ek
from conftest import require_learn_extra

require_learn_extra()
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from edax_kernels import pettingzoo_env  # noqa: E402
from edax_kernels.pettingzoo_env import env, raw_env  # noqa: E402

BLACK, WHITE = "black_0", "white_0"


def planes(mine, theirs):
    bits = [[(b >> x) & 1 for x in range(64)] for b in (mine, theirs)]
    return np.array(bits, np.float32).reshape(2, 8, 8).transpose(1, 2, 0)


def mask_of(p, o):
    moves = ek.get_moves(p, o)
    m = np.array([(moves >> x) & 1 for x in range(64)] + [0], np.int8)
    m[64] = moves == 0
    return m


def test_pettingzoo_api_test():
    api_test(env(), num_cycles=1000)
    api_test(raw_env(), num_cycles=1000)


def test_pettingzoo_seed_test():
    seed_test(env, num_cycles=500)


def test_pettingzoo_render_test():
    render_test(env, custom_tests={"ansi": lambda text: text.startswith("  a b c d e f g h\n")})


def test_random_games_against_the_kernels():
    rng = np.random.default_rng(5)
    passes = 0
    for game in range(12):
        e = env()
        e.reset(seed=game)
        p, o = ek.START  # the model: the side to move's discs first
        black_to_move = True
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, info = e.last()
            if terminated:
                assert not truncated and info == {}
                assert ek.get_moves(p, o) == 0 and ek.get_moves(o, p) == 0, "ended with a move left"
                black, white = (p, o) if black_to_move else (o, p)
                nb, nw = bin(black).count("1"), bin(white).count("1")
                won = (nb > nw) - (nb < nw)
                assert reward == (won if agent == BLACK else -won), (agent, nb, nw)
                e.step(None)
                continue
            assert agent == (BLACK if black_to_move else WHITE)
            assert reward == 0 and not truncated
            assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
            assert (obs["observation"] == planes(p, o)).all()
            assert (obs["action_mask"] == mask_of(p, o)).all()
            other = WHITE if agent == BLACK else BLACK
            seen = e.observe(other)
            assert (seen["observation"] == planes(o, p)).all() and not seen["action_mask"].any()
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            e.step(action)
            if action == 64:
                passes += 1
                p, o = o, p
            else:
                p, o = ek.board_next((p, o), action)
            black_to_move = not black_to_move
        assert e.agents == []
    assert passes > 0, "no game passed"


def test_illegal_actions_under_env_end_the_game():
    e = env()
    e.reset()
    e.step(0)  # A1 is no move at the start
    assert e.terminations == {BLACK: True, WHITE: True}
    assert e.rewards == {BLACK: -1, WHITE: 0}
    e = env()
    e.reset()
    e.step(64)  # black has moves: the pass is illegal
    assert e.rewards == {BLACK: -1, WHITE: 0}
    for bad in (65, -1):
        e = env()
        e.reset()
        with pytest.raises(AssertionError):
            e.step(bad)


def test_raw_env_refuses_what_it_cannot_play():
    e = raw_env()
    e.reset()
    with pytest.raises(ValueError, match="a1|A1|illegal|legal"):
        e.step(0)
    with pytest.raises(ValueError, match="cannot pass"):
        e.step(64)
    for bad in (65, -1, 19.0, True, "d3", None):
        with pytest.raises(ValueError, match="integer 0..64"):
            e.step(bad)
    # Nothing moved: black is still to move, from the start.
    assert e.agent_selection == BLACK
    assert (e.observe(BLACK)["observation"] == planes(*ek.START)).all()
    e.step(np.int64(19))  # d3
    assert e.agent_selection == WHITE


def test_bad_settings_refused():
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb_array")
    e = raw_env()
    for bad in ("black", 0, None):
        with pytest.raises(ValueError, match="the agents are"):
            e.observe(bad)
    for bad in (-1, 1.5, "0", True):
        with pytest.raises(ValueError, match="seed"):
            e.reset(seed=bad)


def test_the_text_board():
    e = raw_env(render_mode="ansi")
    e.reset()
    assert e.render() == (
        "  a b c d e f g h\n"
        "1 . . . . . . . .\n"
        "2 . . . . . . . .\n"
        "3 . . . * . . . .\n"
        "4 . . * O X . . .\n"
        "5 . . . X O * . .\n"
        "6 . . . . * . . .\n"
        "7 . . . . . . . .\n"
        "8 . . . . . . . .\n"
        "black_0 (X) to move; black 2, white 2\n"
    )
    e.step(19)  # d3
    text = e.render()
    # d4 flipped; the stars are now white's moves, c3, e3 and c5.
    assert text.splitlines()[3:6] == ["3 . . * X * . . .", "4 . . . X X . . .", "5 . . * X O . . ."]
    assert text.endswith("white_0 (O) to move; black 4, white 1\n")


def test_public_names_are_those_of_all():
    names = {n for n in dir(pettingzoo_env) if not n.startswith("_")}
    assert names == set(pettingzoo_env.__all__) == {"env", "raw_env"}, names
    assert not any(isinstance(getattr(pettingzoo_env, n), types.ModuleType) for n in names)


def test_close_frees_the_game_until_reset():
    e = raw_env(render_mode="ansi")
    e.step(19)
    e.close()
    with pytest.raises(RuntimeError, match="closed"):
        e.observe(BLACK)
    with pytest.raises(RuntimeError, match="closed"):
        e.step(18)
    e.reset()
    assert e.render().endswith("black_0 (X) to move; black 2, white 2\n")
