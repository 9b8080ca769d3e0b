"""Othello for learning: many games stepped at once, natively, in pgx's conventions.

``VecOthello(n)`` holds ``n`` games in native memory and steps them all in one call, with the
GIL released. An action is a square 0..63 (A1 = 0 ... H8 = 63, row-major from A1, as pgx and
OpenSpiel number the board) or 64, the pass, which is legal only when the player to move has no
square. After each call its arrays hold, for every game:

- ``observation``: ``(n, 8, 8, 2)`` float32 in pgx's layout (channel 0 the player to move's
  discs, channel 1 the other player's), or ``(n, 3, 8, 8)`` in OpenSpiel's with
  ``layout="openspiel"`` (the empty squares, the player to move's discs, the other's);
- ``legal_action_mask``: ``(n, 65)`` bool;
- ``current_player``: ``(n,)`` uint8, 0 black, 1 white;
- ``rewards``: ``(n, 2)`` float32, black's and white's, +1/0/-1 when a game ends with the step
  (``reward="disc_difference"``: the final disc difference, the empty squares to the winner);
- ``terminated``: ``(n,)`` bool, the games that ended with the step, and ``final_score``:
  ``(n,)`` int8, black's final disc difference there.

The arrays are the same objects for the object's life, its native memory seen by NumPy without
copying: each call overwrites them (copy what must be kept).

With ``auto_reset`` (the default) a game that ends starts again at once: the step reports its
end (``terminated``, ``rewards``, ``final_score``) and the observation is the new game's. An
illegal action raises ValueError naming the game and the action, before any game moves.
``step_random()`` plays a random legal action in every game, drawn natively from each game's own
generator: the same games for the same seed on any number of threads.

Against an opponent (``opponent=RandomOpponent()``, ``EngineOpponent(level)`` or
``SolverOpponent(empties, level)``; ``"random"`` for short) the games are a single agent's: the
library plays the opponent's moves inside ``reset`` and ``step``, its passes too, so that the
agent is to move in every game that has not ended; the agent's own pass (64, legal only when it
has no square) stays its action. ``agent`` sets its colour: ``"black"``, ``"white"``, or
``"alternate"`` (black in the games of even index, white in the others, also after automatic
resets). A game the opponent's move ends is reported by the step like one the agent's ends, and
the observation is the agent's (its discs first) at a game's end too. The
engine (Edax's search at a level 1..60) and the solver (the exact best move under ``empties``
empty squares) run on one searcher per thread, tables of ``2**opponent_hash_bits`` entries
cleared before each search: the same games on any number of threads. Two more arrays:

- ``agent_color``: ``(n,)`` uint8, the agent's colour (0 black, 1 white);
- ``agent_reward``: ``(n,)`` float32, the agent's own reward (its column of ``rewards``).

Without an opponent the caller plays both sides, and these two follow ``agent`` all the same.

``teach(level, exact_empties)`` scores every legal action of every game (a policy's or a value's
target): the final disc difference for the player to move after the action, the engine's
estimate at ``level``, or exact from the solver where a game has at most ``exact_empties`` empty
squares.

The board's 8 symmetries on observations, masks, actions and policies (``symmetric_observation``,
``symmetric_mask``, ``symmetric_action``, ``inverse_symmetry``, ``augment``) come from
``edax_kernels.learn_symmetry``, re-exported here.
"""

import numpy as _np

from . import _native
from ._arrays import integers as _integers
from .learn_symmetry import (
    N_SYMMETRIES, augment, inverse_symmetry, symmetric_action, symmetric_mask, symmetric_observation,
)

__all__ = [
    "VecOthello", "PASS_ACTION", "N_ACTIONS", "RandomOpponent", "EngineOpponent", "SolverOpponent",
    "N_SYMMETRIES", "symmetric_observation", "symmetric_mask", "symmetric_action", "inverse_symmetry", "augment",
]

#: The pass action: the only legal one when the player to move has no square.
PASS_ACTION = 64
#: The number of actions (64 squares and the pass).
N_ACTIONS = 65

_LAYOUTS = {"pgx": (8, 8, 2), "openspiel": (3, 8, 8)}
_REWARDS = ("win", "disc_difference")


def _count(value, what: str, low: int, high=None, owner: str = "VecOthello") -> int:
    if (isinstance(value, bool) or not isinstance(value, (int, _np.integer)) or value < low
            or high is not None and value > high):
        span = f"in {low} .. {high}" if high is not None else f"of at least {low}"
        raise ValueError(f"{owner}: {what} must be an integer {span}, not {value!r}")
    return int(value)


def _seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, _np.integer)) or not 0 <= seed < 1 << 64:
        raise ValueError(f"VecOthello: seed must be an integer in 0 .. 2**64 - 1, not {seed!r}")
    return int(seed)


class RandomOpponent:
    """An opponent playing a legal action drawn uniformly (from each game's own generator)."""

    def __repr__(self) -> str:
        return "RandomOpponent()"

    def _native(self):
        return "random", 1, 0


class EngineOpponent:
    """An opponent playing the move of Edax's search (the library's engine) at ``level``
    (1..60; each search from cleared tables)."""

    def __init__(self, level: int) -> None:
        self.level = _count(level, "level", 1, 60, "EngineOpponent")

    def __repr__(self) -> str:
        return f"EngineOpponent({self.level})"

    def _native(self):
        return "engine", self.level, 0


class SolverOpponent:
    """An opponent playing the exact solver's best move when the position has at most
    ``empties`` (0..60) empty squares, else the engine's at ``level`` (1..60)."""

    def __init__(self, empties: int, level: int = 1) -> None:
        self.empties = _count(empties, "empties", 0, 60, "SolverOpponent")
        self.level = _count(level, "level", 1, 60, "SolverOpponent")

    def __repr__(self) -> str:
        return f"SolverOpponent({self.empties}, level={self.level})"

    def _native(self):
        return "solver", self.level, self.empties


_AGENTS = ("alternate", "black", "white")


class VecOthello:
    """``n`` Othello games stepped together (see the module's documentation)."""

    def __init__(self, n: int, *, seed: int = 0, layout: str = "pgx", auto_reset: bool = True,
                 threads: int = 1, reward: str = "win", opponent=None, agent: str = "alternate",
                 opponent_hash_bits: int = 16) -> None:
        n = _count(n, "n", 1)
        threads = _count(threads, "threads", 1)
        seed = _seed(seed)
        if layout not in _LAYOUTS:
            raise ValueError(f"VecOthello: layout must be 'pgx' or 'openspiel', not {layout!r}")
        if reward not in _REWARDS:
            raise ValueError(f"VecOthello: reward must be 'win' or 'disc_difference', not {reward!r}")
        if opponent == "random":
            opponent = RandomOpponent()
        if opponent is not None and not isinstance(opponent, (RandomOpponent, EngineOpponent, SolverOpponent)):
            raise ValueError("VecOthello: opponent must be None, 'random', RandomOpponent(), EngineOpponent(level) "
                             f"or SolverOpponent(empties, level), not {opponent!r}")
        if agent not in _AGENTS:
            raise ValueError(f"VecOthello: agent must be 'alternate', 'black' or 'white', not {agent!r}")
        hash_bits = _count(opponent_hash_bits, "opponent_hash_bits", 8, 32)
        self.n, self.layout, self.auto_reset = n, layout, bool(auto_reset)
        self.opponent, self.agent, self.reward = opponent, agent, reward
        self._games = _native.Games(n, seed, self.auto_reset, threads, layout, reward == "disc_difference")
        kind, level, empties = opponent._native() if opponent is not None else (None, 1, 0)
        self._games.set_opponent(kind, level, empties, agent, hash_bits)
        # The arrays are the native object's own, shown without copying (each view keeps the
        # object alive); every call below writes all of them natively, in one call.
        views = self._games.arrays()
        self.observation = _np.asarray(views["observation"])
        self.legal_action_mask = _np.asarray(views["legal_action_mask"])
        self.current_player = _np.asarray(views["current_player"])
        self.rewards = _np.asarray(views["rewards"])
        self.terminated = _np.asarray(views["terminated"])
        self.final_score = _np.asarray(views["final_score"])
        self.agent_color = _np.asarray(views["agent_color"])
        self.agent_reward = _np.asarray(views["agent_reward"])
        self._actions = _np.asarray(views["actions"])

    def __len__(self) -> int:
        return self.n

    def reset(self, seed=None) -> _np.ndarray:
        """Starts every game again (the opponent, if any, playing its first moves); with ``seed``
        the games' random generators start again as ``VecOthello(n, seed=seed)`` starts them.
        Returns the observation."""
        if seed is not None:
            self._games.seed(_seed(seed))
        self._games.reset()
        return self.observation

    def reset_ended(self) -> _np.ndarray:
        """Starts again the games that have ended (without ``auto_reset``; the opponent, if any,
        playing its first moves), the others going on; returns the observation. The last step's
        rewards and ends are cleared."""
        self._games.reset_ended()
        return self.observation

    def step(self, actions):
        """Plays ``actions[i]`` in game ``i`` (``n`` integers), then the opponent's replies (if
        any); returns (observation, rewards, terminated). ValueError, before any game moves, for
        an illegal action or a game that has ended (without auto_reset)."""
        a = _integers(actions, _np.int32, "actions")
        if a.shape != (self.n,):
            raise ValueError(f"VecOthello.step: {self.n} actions expected, not {a.shape[0]}")
        self._games.step(a)
        return self.observation, self.rewards, self.terminated

    def _step_one(self, action: int) -> None:
        """``step([action])`` for ``n == 1``, ``action`` a Python int: no array made or read
        (the Gymnasium environment's step)."""
        self._games.step_one(action)

    def step_random(self) -> _np.ndarray:
        """Plays a random legal action in every game that has not ended; returns the actions
        (-1 for a game that had ended)."""
        self._games.step_random()
        return self._actions

    def teach(self, level: int = 1, exact_empties=None):
        """The score of every legal action of every game: ``(scores, value)``, ``scores`` an
        ``(n, 65)`` float32 array (NaN for an illegal action, all NaN for a game that has ended),
        ``value`` an ``(n,)`` float32 array, each game's best score (NaN for an ended game). A
        score is the final disc difference for the player to move after the action: exact from
        the solver where the game has at most ``exact_empties`` (0..60) empty squares, else the
        engine's estimate at ``level`` (1..60)."""
        level = _count(level, "level", 1, 60, "VecOthello.teach")
        exact = 0 if exact_empties is None else _count(exact_empties, "exact_empties", 0, 60, "VecOthello.teach")
        scores = _np.empty((self.n, N_ACTIONS), _np.float32)
        value = _np.empty(self.n, _np.float32)
        self._games.teach(level, exact, scores.reshape(-1), value)
        return scores, value

    def boards(self):
        """Every game's position: (players, opponents) uint64 arrays, the player to move first."""
        p, o = _np.zeros(self.n, _np.uint64), _np.zeros(self.n, _np.uint64)
        self._games.boards(p, o)
        return p, o
