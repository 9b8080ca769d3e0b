"""Learns to play Othello against the random player, then against Edax's engine at level 1,
with NumPy alone: a linear softmax policy over the 65 actions, trained by REINFORCE on batches of
games stepped natively (``edax_kernels.learn.VecOthello`` with the opponent inside the step).

Each round plays ``--games`` games at once for ``--steps`` agent moves (finished games start
again at once), gives every move of a finished game that game's result for the agent (+1/0/-1 against the
random player; against the engine, which wins every game at first, the final disc difference /
64), and moves the policy's weights along the gradient of the results' log-likelihood, less a
baseline (the round's mean result). After each round the policy plays ``--eval-games`` fresh
games against the same opponent: its win rate (draws
count half) is the learning curve, written to ``CURVE.csv`` and drawn in ``CURVE.svg`` (or
``CURVE.png`` with matplotlib installed).

Usage: python examples/learn_policy.py [--rounds R] [--engine-rounds E] [--games N] [--out CURVE] [--seed S]
"""

import argparse
import csv

import numpy as np

from edax_kernels.learn import EngineOpponent, RandomOpponent, VecOthello

N_FEATURES = 8 * 8 * 2 + 1  # the observation's planes and a constant


def features(observation):
    """(n, 129): the flattened pgx planes (own discs, other discs) and a 1."""
    x = observation.reshape(len(observation), -1)
    return np.concatenate([x, np.ones((len(x), 1), np.float32)], axis=1)


def policy(weights, observation, mask):
    """The policy's probabilities (n, 65): a softmax over the legal actions only."""
    logits = features(observation) @ weights
    logits = np.where(mask, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


def sample(p, rng):
    """One action per row drawn from the probabilities p."""
    u = rng.random((len(p), 1))
    return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1).astype(np.int32)


def play_round(env, weights, steps, rng):
    """Plays `steps` agent moves in every game; returns the moves of the games that finished as
    (features, probabilities, actions, results: +1/0/-1, or the final disc difference / 64) and the
    games' mean result."""
    xs, ps, acts, ends, rewards = [], [], [], [], []
    for _ in range(steps):
        p = policy(weights, env.observation, env.legal_action_mask)
        a = sample(p, rng)
        xs.append(features(env.observation))
        ps.append(p)
        acts.append(a)
        env.step(a)
        ends.append(env.terminated.copy())
        rewards.append(env.agent_reward / (64 if env.reward == "disc_difference" else 1))
    # Each move's result is that of the game it belongs to: scanned backwards, a game's result
    # is known from the step that ended it; moves of games still going at the end are dropped.
    result, known = np.zeros(env.n, np.float32), np.zeros(env.n, bool)
    results, keep = [], []
    for end, reward in zip(reversed(ends), reversed(rewards)):
        result = np.where(end, reward, result)
        known |= end
        results.append(result.copy())
        keep.append(known.copy())
    results.reverse()
    keep.reverse()
    k = np.concatenate(keep)
    finished = np.concatenate(rewards)[np.concatenate(ends)]
    return (np.concatenate(xs)[k], np.concatenate(ps)[k], np.concatenate(acts)[k], np.concatenate(results)[k],
            float(finished.mean()) if len(finished) else 0.0)


def reinforce(weights, batch, learning_rate):
    """One gradient step of REINFORCE with the batch's mean result as the baseline."""
    x, p, a, g = batch
    if len(x) == 0:
        return weights
    advantage = g - g.mean()
    grad_logits = -p
    grad_logits[np.arange(len(a)), a] += 1.0  # d log p(a) / d logits
    grad = x.T @ (grad_logits * advantage[:, None]) / len(x)
    return weights + learning_rate * grad


def win_rate(weights, opponent, games, seed):
    """The policy's score against `opponent` over `games` fresh games (a win 1, a draw 1/2), the
    agent black in half of them, its moves drawn from its probabilities (a greedy policy would
    play one game over and over against the deterministic engine)."""
    rng = np.random.default_rng(seed)
    # Finished games start again (auto_reset); only each game's first result counts.
    env = VecOthello(games, seed=seed, opponent=opponent, agent="alternate")
    score = np.full(games, np.nan)
    while np.isnan(score).any():
        env.step(sample(policy(weights, env.observation, env.legal_action_mask), rng))
        score = np.where(env.terminated & np.isnan(score), (env.agent_reward + 1) / 2, score)
    return float(score.mean())


def write_plot(curve, out):
    """The learning curve as out.png (matplotlib) or out.svg (no other package needed)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        plt = None
    rounds = [r for r, _, _ in curve]
    if plt is not None:
        for name in ("random", "engine level 1"):
            plt.plot(rounds, [w if o == name else np.nan for _, o, w in curve], label=f"against {name}")
        plt.xlabel("round")
        plt.ylabel("policy's score")
        plt.ylim(0, 1)
        plt.legend()
        plt.savefig(out + ".png", dpi=100)
        return out + ".png"
    w, h = 600, 300
    points = " ".join(f"{40 + 540 * r / max(rounds[-1], 1):.1f},{h - 30 - (h - 60) * s:.1f}" for r, _, s in curve)
    with open(out + ".svg", "w") as f:
        f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">'
                f'<rect width="{w}" height="{h}" fill="white"/>'
                f'<line x1="40" y1="{h - 30}" x2="{w - 20}" y2="{h - 30}" stroke="black"/>'
                f'<line x1="40" y1="30" x2="40" y2="{h - 30}" stroke="black"/>'
                f'<text x="45" y="25">score (0..1) by round: random, then engine level 1</text>'
                f'<polyline fill="none" stroke="blue" points="{points}"/></svg>\n')
    return out + ".svg"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=40, help="rounds against the random player")
    ap.add_argument("--engine-rounds", type=int, default=None, help="rounds against the engine (--rounds)")
    ap.add_argument("--games", type=int, default=512, help="games played at once")
    ap.add_argument("--steps", type=int, default=64, help="agent moves per game and round")
    ap.add_argument("--eval-games", type=int, default=400)
    ap.add_argument("--learning-rate", type=float, default=0.5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="curve", help="the curve's files: OUT.csv and OUT.svg or OUT.png")
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    weights = np.zeros((N_FEATURES, 65), np.float32)
    curve = [(0, "random", win_rate(weights, RandomOpponent(), args.eval_games, args.seed + 1))]
    print(f"round 0: score against random {curve[0][2]:.3f}")
    engine_rounds = args.rounds if args.engine_rounds is None else args.engine_rounds
    stages = (("random", RandomOpponent(), "win", args.rounds),
              ("engine level 1", EngineOpponent(1), "disc_difference", engine_rounds))
    for stage, (name, opponent, reward, rounds) in enumerate(stages):
        # Against the engine, trained on the final disc difference (a game lost by 2 better than
        # one lost by 40: a signal while every game is lost); always scored on wins.
        env = VecOthello(args.games, seed=args.seed + 10 + stage, opponent=opponent, agent="alternate",
                         reward=reward)
        for _ in range(rounds):
            *batch, mean = play_round(env, weights, args.steps, rng)
            weights = reinforce(weights, batch, args.learning_rate)
            score = win_rate(weights, opponent, args.eval_games, args.seed + 1)
            curve.append((len(curve), name, score))
            print(f"round {len(curve) - 1}: against {name}: training result {mean:+.3f}, score {score:.3f}")
    with open(args.out + ".csv", "w", newline="") as f:
        csv.writer(f).writerows([("round", "opponent", "score")] + curve)
    print(f"wrote {args.out}.csv and {write_plot(curve, args.out)}")
    return curve


if __name__ == "__main__":
    main()
