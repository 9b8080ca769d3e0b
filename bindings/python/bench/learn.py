"""Steps per second of edax_kernels.learn.VecOthello (issue 61's benchmark), side by side in one
run with pgx and OpenSpiel when they are installed (each is reported "not installed" otherwise):

- library: random legal actions chosen natively (step_random), as pgx's own benchmark chooses
  them inside JAX; batches of 1, 64, 1024 and 4096;
- numpy loop: a Python loop that draws a random legal action per game with NumPy from the
  legal-action mask and steps the batch (the environment's share of the loop's time printed);
- pgx: ``jit(vmap(step))`` with random legal actions drawn in JAX, on the CPU;
- OpenSpiel: ``othello`` from Python, one game, a random legal action per step;
- Gymnasium: one ``edax_kernels/Othello-v0`` environment through Gymnasium's API (``gymnasium.make``,
  its default wrappers), a random legal action per step drawn with NumPy from
  ``info["action_mask"]``; each step is the agent's move and the random opponent's reply, so
  the moves played (discs placed; the rare passes not counted) are printed beside the steps;
- the engine as the opponent: games per second of ``VecOthello(64, opponent=EngineOpponent(L))``
  with random actions for the agent, at levels 1 and 5, on 1 and ``--threads`` threads.

Usage: python bench/learn.py [--seconds S] [--threads T]
"""

import argparse
import os
import platform
import time

import numpy as np

from edax_kernels.learn import EngineOpponent, VecOthello


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def timed(step, seconds, per_call):
    """Calls step() for about `seconds`; returns steps per second (per_call steps a call)."""
    step()
    calls, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        step()
        calls += 1
    return calls * per_call / elapsed


def library(batch, seconds, threads):
    env = VecOthello(batch, seed=1, threads=threads)
    return timed(env.step_random, seconds, batch)


def numpy_loop(batch, seconds):
    env = VecOthello(batch, seed=1)
    rng = np.random.default_rng(1)
    in_env = 0.0

    def step():
        nonlocal in_env
        # A random legal action per game: the argmax of random keys over the legal actions.
        keys = rng.random((batch, 65)) * env.legal_action_mask
        actions = keys.argmax(axis=1).astype(np.int32)
        t = time.perf_counter()
        env.step(actions)
        in_env += time.perf_counter() - t

    start = time.perf_counter()
    rate = timed(step, seconds, batch)
    return rate, in_env / (time.perf_counter() - start)


def pgx_rate(batch, seconds):
    try:
        import jax
        import pgx
    except ImportError:
        return None
    env = pgx.make("othello")
    init, step = jax.jit(jax.vmap(env.init)), jax.jit(jax.vmap(env.step))
    key = jax.random.PRNGKey(0)
    state = init(jax.random.split(key, batch))

    @jax.jit
    def act(key, mask):
        logits = jax.numpy.where(mask, 0.0, -1e9)
        return jax.random.categorical(key, logits, axis=1)

    def one():
        nonlocal state, key
        key, sub = jax.random.split(key)
        state = step(state, act(sub, state.legal_action_mask))
        state.observation.block_until_ready()

    return timed(one, seconds, batch)


def openspiel_rate(seconds):
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("othello")
    rng = np.random.default_rng(1)
    state = game.new_initial_state()

    def one():
        nonlocal state
        if state.is_terminal():
            state = game.new_initial_state()
        legal = state.legal_actions()
        state.apply_action(legal[rng.integers(len(legal))])

    return timed(one, seconds, 1)


def gymnasium_rate(seconds):
    """(steps, moves) per second of one environment through Gymnasium's API, or None."""
    try:
        import gymnasium
        import edax_kernels.gym_env  # noqa: F401  (registers the environments)
    except ImportError:
        return None
    env = gymnasium.make("edax_kernels/Othello-v0")
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=1)
    steps = moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        legal = np.flatnonzero(info["action_mask"])
        obs, _, terminated, _, info = env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
        if terminated:
            moves += int(obs.sum()) - 4
            _, info = env.reset()
    return steps / elapsed, moves / elapsed


def engine_games(level, threads, seconds):
    """Games per second against the engine at `level` (the agent's actions random), over at
    least `seconds` and 64 finished games (the batch's games end at about the same step)."""
    env = VecOthello(64, seed=1, opponent=EngineOpponent(level), threads=threads)
    games, start, at = 0, time.perf_counter(), 0.0
    while time.perf_counter() - start < seconds or games < 64:
        env.step_random()
        if env.terminated.any():
            # Timed to the last game that ended: the games that go on are not counted.
            games, at = games + int(env.terminated.sum()), time.perf_counter() - start
    return games / at


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    print(f"CPU: {cpu_name()}, {os.cpu_count()} logical CPUs; steps per second (M)")
    print(f"{'batch':>6} {'library 1 thread':>17} {f'library {args.threads} threads':>19} "
          f"{'numpy loop':>11} {'env share':>9} {'pgx (CPU)':>10}")
    for batch in (1, 64, 1024, 4096):
        one = library(batch, args.seconds, 1)
        many = library(batch, args.seconds, args.threads)
        loop, share = numpy_loop(batch, args.seconds)
        pgx = pgx_rate(batch, args.seconds)
        pgx_text = "not installed" if pgx is None else f"{pgx / 1e6:.3f}"
        print(f"{batch:>6} {one / 1e6:>17.3f} {many / 1e6:>19.3f} {loop / 1e6:>11.3f} {share:>9.0%} {pgx_text:>10}")
    spiel = openspiel_rate(args.seconds)
    print("OpenSpiel othello, one game from Python: " + ("not installed" if spiel is None else f"{spiel / 1e6:.3f} M"))
    gym = gymnasium_rate(args.seconds)
    print("Gymnasium edax_kernels/Othello-v0, one environment: " + ("not installed" if gym is None else
          f"{gym[0] / 1e6:.3f} M steps, {gym[1] / 1e6:.3f} M moves"))
    for level in (1, 5):
        rates = [engine_games(level, t, args.seconds) for t in sorted({1, args.threads})]
        print(f"engine level {level} as the opponent, batch 64: games per second "
              + ", ".join(f"{r:.0f} ({t} thread{'s' * (t > 1)})" for r, t in zip(rates, sorted({1, args.threads}))))


if __name__ == "__main__":
    main()
