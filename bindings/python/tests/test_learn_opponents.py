"""edax_kernels.learn.VecOthello against an opponent: refused settings, the agent to move in every
game after each step, the opponent's one action after each of the agent's checked against the
package's own Engine and Solver on the same position (fresh tables), the agent's colour and
reward, the same games on two threads, and the teachers' scores against the solver's and the
engine's."""

import numpy as np
import pytest

import edax_kernels as ek
from edax_kernels.learn import (N_ACTIONS, PASS_ACTION, EngineOpponent, RandomOpponent, SolverOpponent,
                                VecOthello)


def after(p, o, a):
    """The position (player to move first) after action a."""
    if a == PASS_ACTION:
        return o, p
    b = ek.board_next(ek.Board(p, o), a)
    return b.player, b.opponent


def over(p, o):
    return ek.get_moves(p, o) == 0 and ek.get_moves(o, p) == 0


def test_bad_opponents_are_refused():
    bad = [
        {"opponent": "engine"}, {"opponent": 3}, {"opponent": object()}, {"opponent": RandomOpponent},
        {"opponent": "random", "agent": "red"}, {"opponent": "random", "agent": 1},
        {"opponent": "random", "opponent_hash_bits": 7}, {"opponent": "random", "opponent_hash_bits": 33},
        {"opponent": "random", "opponent_hash_bits": 16.0},
    ]
    for kwargs in bad:
        with pytest.raises(ValueError, match="VecOthello: (opponent|agent)"):
            VecOthello(2, **kwargs)
    for make in (lambda: EngineOpponent(0), lambda: EngineOpponent(61), lambda: EngineOpponent(True),
                 lambda: EngineOpponent(2.0), lambda: SolverOpponent(61), lambda: SolverOpponent(-1),
                 lambda: SolverOpponent(10, level=0), lambda: SolverOpponent("10")):
        with pytest.raises(ValueError, match="(Engine|Solver)Opponent: (level|empties) must be an integer"):
            make()
    env = VecOthello(2)
    for kwargs in ({"level": 0}, {"level": 61}, {"exact_empties": 61}, {"exact_empties": -1}, {"level": None}):
        with pytest.raises(ValueError, match="VecOthello.teach"):
            env.teach(**kwargs)
    # The native layer checks again, with the library's messages.
    with pytest.raises(ValueError, match="level 0 is outside 1..=60"):
        env._games.set_opponent("engine", 0, 0, "black", 16)
    with pytest.raises(ValueError, match="opponent \"minimax\""):
        env._games.set_opponent("minimax", 1, 0, "black", 16)
    with pytest.raises(ValueError, match="hash_bits 40"):
        env._games.set_opponent("random", 1, 0, "black", 40)


def check_games(env, opponent_move):
    """Steps env's games at random to their ends (no auto reset), checking each step: the agent is
    to move in every game that has not ended, after its action and one action of the opponent
    (``opponent_move(p, o)``: the one it must play, or None for any legal one); the ends; the
    agent's reward. Returns the number of the opponent's replies."""
    n = env.n
    replies = 0
    colour = env.agent_color.copy()
    while not all(over(int(p), int(o)) for p, o in zip(*env.boards())):
        alive = ~np.array([over(int(p), int(o)) for p, o in zip(*env.boards())])
        assert (env.current_player[alive] == colour[alive]).all(), "the agent is to move"
        before = env.boards()
        actions = env.step_random()
        after_p, after_o = env.boards()
        for i in range(n):
            if actions[i] == -1:
                continue
            p, o = after(int(before[0][i]), int(before[1][i]), int(actions[i]))
            if not over(p, o):
                replies += 1
                want = opponent_move(p, o) if ek.get_moves(p, o) else PASS_ACTION
                moves = ek.get_moves(p, o)
                candidates = [want] if want is not None else [x for x in range(64) if moves >> x & 1]
                reached = [after(p, o, a) for a in candidates]
                assert (int(after_p[i]), int(after_o[i])) in reached, (i, want)
                p, o = int(after_p[i]), int(after_o[i])
            assert bool(env.terminated[i]) == over(p, o), i
            expected = env.rewards[i, colour[i]] if env.terminated[i] else 0
            assert env.agent_reward[i] == expected
    assert env.agent_reward.dtype == np.float32 and env.agent_color.dtype == np.uint8
    return replies


@pytest.mark.parametrize("agent", ["black", "white", "alternate"])
def test_the_engine_opponent_plays_the_engines_move(agent):
    level = 2
    engine = ek.Engine(hash_bits=16)

    def move(p, o):
        engine.clear()
        return engine.search(ek.Board(p, o), level).move

    env = VecOthello(4, seed=7, auto_reset=False, opponent=EngineOpponent(level), agent=agent)
    white = {"black": [0] * 4, "white": [1] * 4, "alternate": [0, 1, 0, 1]}[agent]
    assert env.agent_color.tolist() == white
    assert env.current_player.tolist() == white
    assert check_games(env, move) >= 4 * 25


def test_the_solver_and_the_random_opponents():
    engine, solver = ek.Engine(hash_bits=16), ek.Solver(16)

    def move(p, o):
        if 64 - bin(p | o).count("1") > 10:
            engine.clear()
            return engine.search(ek.Board(p, o), 1).move
        solver.clear()
        return solver.solve(ek.Board(p, o)).move

    env = VecOthello(4, seed=3, auto_reset=False, opponent=SolverOpponent(10), agent="white")
    assert check_games(env, move) >= 4 * 25
    env = VecOthello(4, seed=3, auto_reset=False, opponent="random")
    assert check_games(env, lambda p, o: None) >= 4 * 25


def test_the_same_games_on_two_threads_and_after_reset():
    def play(threads):
        env = VecOthello(5, seed=2, threads=threads, opponent=EngineOpponent(3))
        out = []
        for _ in range(80):
            out.append(env.step_random().copy())
            assert (env.current_player == env.agent_color).all(), "the agent is to move (auto reset)"
            out.append(env.agent_reward.copy())
        env.reset()
        out.append(np.concatenate(env.boards()).astype(np.float64))
        return np.concatenate(out)

    one = play(1)
    assert (one == play(2)).all()


def test_teachers():
    n = 6
    env = VecOthello(n, seed=5, auto_reset=False)
    while 64 - bin(int(env.boards()[0][0]) | int(env.boards()[1][0])).count("1") > 11:
        env.step_random()
    solver, engine = ek.Solver(16), ek.Engine(hash_bits=16)
    for exact, level in ((11, 1), (None, 2)):
        scores, value = env.teach(level=level, exact_empties=exact)
        assert scores.shape == (n, N_ACTIONS) and scores.dtype == np.float32 and value.shape == (n,)
        p, o = env.boards()
        for i in range(n):
            pi, oi = int(p[i]), int(o[i])
            if over(pi, oi):
                assert np.isnan(scores[i]).all() and np.isnan(value[i])
                continue
            legal = env.legal_action_mask[i]
            assert np.isnan(scores[i][~legal]).all()
            if exact is None:
                engine.clear()
                want = {m.move: m.score for m in engine.analyze(ek.Board(pi, oi), level)}
            else:
                want = {a: -solver.solve(ek.Board(*after(pi, oi, a))).score for a in np.flatnonzero(legal)}
            assert {int(a): float(scores[i, a]) for a in np.flatnonzero(legal)} == want, i
            assert value[i] == max(want.values())
