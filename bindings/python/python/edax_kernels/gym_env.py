"""Othello as Gymnasium environments (needs ``gymnasium`` 1.x, the package's ``learn`` extra).

``OthelloEnv`` is one game of a single agent against an opponent that the library plays inside
``reset`` and ``step`` (``edax_kernels.learn``'s opponents; ``RandomOpponent()`` by default), so
that the agent is to move at every step; ``agent`` is its colour, ``"black"`` or ``"white"``.
``OthelloVectorEnv`` is ``num_envs`` such games stepped in one native call
(``edax_kernels.learn.VecOthello``), the agent black in the games of even index and white in the
others by default (``agent="alternate"``).

The conventions are pgx's: an action is a square 0..63 (A1 = 0 ... H8 = 63, row-major from A1)
or 64, the pass, legal only when the agent has no square (``Discrete(65)``); the observation is
``(8, 8, 2)`` float32, the agent's discs then the opponent's (``layout="openspiel"``:
``(3, 8, 8)``, the empty squares first); the reward is 0 until the game ends, then +1, 0 or -1
for the agent (``reward="disc_difference"``: its final disc difference, the empty squares to the
winner). Games end by termination only (never truncated). The legal actions are
``info["action_mask"]`` ((65,) int8; (n, 65) for the vector environment) and the method
``action_masks()`` (bool), as sb3-contrib's MaskablePPO reads them.

An illegal action raises ValueError (``illegal="raise"``, the default: nothing moves), or with
``illegal="penalty"`` ends the episode with reward -1 (as pgx does), the position left as it
was. The vector environment always raises, naming the game, before any game moves.

``reset(seed=...)`` is reproducible: the opponent's random draws come from native generators
seeded from the environment's ``np_random``; the engine's and the solver's moves are the same
for the same position. The vector environment resets a game in the step that ends it
(gymnasium's ``AutoresetMode.SAME_STEP``, what ``VecOthello``'s automatic reset does): the step
returns the new game's observation, and ``info["final_obs"]`` (an object array, ``None`` for
the games that go on, masked by ``info["_final_obs"]``) the final one.

Importing this module registers ``edax_kernels/Othello-v0`` (``gymnasium.make``) and
``edax_kernels/OthelloVector-v0`` (``gymnasium.make_vec``; also the vector entry point of the
first).
"""

import gymnasium as _gym
import numpy as _np
from gymnasium import spaces as _spaces
from gymnasium.vector import AutoresetMode as _AutoresetMode, VectorEnv as _VectorEnv
from gymnasium.vector.utils import batch_space as _batch_space

from .learn import N_ACTIONS as _N_ACTIONS, RandomOpponent as _RandomOpponent, VecOthello as _VecOthello

__all__ = ["OthelloEnv", "OthelloVectorEnv"]

_SHAPES = {"pgx": (8, 8, 2), "openspiel": (3, 8, 8)}


def _observation_space(layout):
    if layout not in _SHAPES:
        raise ValueError(f"edax_kernels.gym_env: layout must be 'pgx' or 'openspiel', not {layout!r}")
    return _spaces.Box(0.0, 1.0, _SHAPES[layout], _np.float32)


def _native_seed(rng) -> int:
    return int(rng.integers(0, 2**63))


class OthelloEnv(_gym.Env):
    """One game of Othello against an opponent (see the module's documentation)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, opponent=None, agent: str = "black", layout: str = "pgx", reward: str = "win",
                 illegal: str = "raise", opponent_hash_bits: int = 16, render_mode=None) -> None:
        if agent not in ("black", "white"):
            raise ValueError(f"OthelloEnv: agent must be 'black' or 'white', not {agent!r}")
        if illegal not in ("raise", "penalty"):
            raise ValueError(f"OthelloEnv: illegal must be 'raise' or 'penalty', not {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"OthelloEnv: render_mode must be None or 'ansi', not {render_mode!r}")
        self.observation_space = _observation_space(layout)
        self.action_space = _spaces.Discrete(_N_ACTIONS)
        self.render_mode, self.illegal = render_mode, illegal
        self._game = _VecOthello(1, layout=layout, auto_reset=False, reward=reward,
                                 opponent=_RandomOpponent() if opponent is None else opponent, agent=agent,
                                 opponent_hash_bits=opponent_hash_bits)
        self._over = True  # until reset
        # Rows of the game's arrays, made once: VecOthello's arrays are the same objects for its
        # life, overwritten by each step.
        self._observation, self._mask = self._game.observation[0], self._game.legal_action_mask[0]

    def _info(self):
        return {"action_mask": self._mask.astype(_np.int8)}

    def action_masks(self) -> _np.ndarray:
        """The legal actions, (65,) bool (sb3-contrib's MaskablePPO calls this)."""
        return self._mask.copy()

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self._game.reset(seed=_native_seed(self.np_random))
        self._over = False
        return self._observation.copy(), self._info()

    def step(self, action):
        if self._over:
            raise ValueError("OthelloEnv.step: the game has ended (call reset)")
        try:
            a = int(action)
        except (TypeError, ValueError, OverflowError):
            a = -1
        if a != action or not (0 <= a < _N_ACTIONS and self._mask[a]):
            if self.illegal == "raise":
                raise ValueError(f"OthelloEnv.step: action {action!r} is not legal "
                                 "(a square 0..63 the agent can play, or 64 when it has none)")
            self._over = True
            info = self._info()
            info["illegal_action"] = True
            return self._observation.copy(), -1.0, True, False, info
        self._game._step_one(a)  # one native call writes everything below
        self._over = bool(self._game.terminated[0])
        # A fresh observation each step (the native one is overwritten by the next): callers
        # keep observations (replay buffers, trajectories), as Gymnasium's environments allow.
        return self._observation.copy(), float(self._game.agent_reward[0]), self._over, False, self._info()

    def render(self):
        """The board as text (``render_mode="ansi"``): X black, O white, . empty, A1 top left."""
        if self.render_mode != "ansi":
            return None
        p, o = (int(b[0]) for b in self._game.boards())
        black, white = (p, o) if self._game.current_player[0] == 0 else (o, p)
        rows = ["".join("X" if black >> x & 1 else "O" if white >> x & 1 else "." for x in range(r * 8, r * 8 + 8))
                for r in range(8)]
        return "\n".join(rows) + "\n"


class OthelloVectorEnv(_VectorEnv):
    """``num_envs`` games of Othello against an opponent, stepped together natively (see the
    module's documentation); ``threads`` share the games (the same games on any number)."""

    metadata = {"autoreset_mode": _AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int, opponent=None, agent: str = "alternate", layout: str = "pgx",
                 reward: str = "win", threads: int = 1, opponent_hash_bits: int = 16) -> None:
        self.single_observation_space = _observation_space(layout)
        self.single_action_space = _spaces.Discrete(_N_ACTIONS)
        self._games = _VecOthello(num_envs, layout=layout, auto_reset=False, threads=threads, reward=reward,
                                  opponent=_RandomOpponent() if opponent is None else opponent, agent=agent,
                                  opponent_hash_bits=opponent_hash_bits)
        self.num_envs = self._games.n
        self.observation_space = _batch_space(self.single_observation_space, self.num_envs)
        self.action_space = _batch_space(self.single_action_space, self.num_envs)
        self.render_mode = None

    def _info(self):
        return {"action_mask": self._games.legal_action_mask.astype(_np.int8),
                "_action_mask": _np.ones(self.num_envs, _np.bool_)}

    def action_masks(self) -> _np.ndarray:
        """The legal actions, (num_envs, 65) bool."""
        return self._games.legal_action_mask.copy()

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self._games.reset(seed=_native_seed(self.np_random))
        return self._games.observation.copy(), self._info()

    def step(self, actions):
        g = self._games
        g.step(actions)
        rewards, terminated = g.agent_reward.copy(), g.terminated.copy()
        info = {}
        if terminated.any():
            final = _np.full(self.num_envs, None, dtype=object)
            for i in _np.flatnonzero(terminated):
                final[i] = g.observation[i].copy()
            info = {"final_obs": final, "_final_obs": terminated.copy(),
                    "final_info": {}, "_final_info": terminated.copy()}
            g.reset_ended()
        info.update(self._info())
        return g.observation.copy(), rewards, terminated, _np.zeros(self.num_envs, _np.bool_), info


_gym.register("edax_kernels/Othello-v0", entry_point="edax_kernels.gym_env:OthelloEnv",
              vector_entry_point="edax_kernels.gym_env:OthelloVectorEnv")
_gym.register("edax_kernels/OthelloVector-v0", vector_entry_point="edax_kernels.gym_env:OthelloVectorEnv")
