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

With ``auto_reset`` (the default) a game that ends starts again at once: the step reports its
end (``terminated``, ``rewards``, ``final_score``) and the observation is the new game's. An
illegal action raises ValueError naming the game and the action, before any game moves.
``step_random()`` plays a random legal action in every game, drawn natively from each game's own
generator: the same games for the same seed on any number of threads.
"""

import numpy as _np

from . import _native
from ._arrays import integers as _integers

__all__ = ["VecOthello", "PASS_ACTION", "N_ACTIONS"]

#: The pass action: the only legal one when the player to move has no square.
PASS_ACTION = 64
#: The number of actions (64 squares and the pass).
N_ACTIONS = 65

_LAYOUTS = {"pgx": (8, 8, 2), "openspiel": (3, 8, 8)}
_REWARDS = ("win", "disc_difference")


def _count(value, what: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, _np.integer)) or value < low:
        raise ValueError(f"VecOthello: {what} must be an integer of at least {low}, not {value!r}")
    return int(value)


class VecOthello:
    """``n`` Othello games stepped together (see the module's documentation)."""

    def __init__(self, n: int, *, seed: int = 0, layout: str = "pgx", auto_reset: bool = True,
                 threads: int = 1, reward: str = "win") -> None:
        n = _count(n, "n", 1)
        threads = _count(threads, "threads", 1)
        if isinstance(seed, bool) or not isinstance(seed, (int, _np.integer)) or not 0 <= seed < 1 << 64:
            raise ValueError(f"VecOthello: seed must be an integer in 0 .. 2**64 - 1, not {seed!r}")
        if layout not in _LAYOUTS:
            raise ValueError(f"VecOthello: layout must be 'pgx' or 'openspiel', not {layout!r}")
        if reward not in _REWARDS:
            raise ValueError(f"VecOthello: reward must be 'win' or 'disc_difference', not {reward!r}")
        self.n, self.layout, self.auto_reset = n, layout, bool(auto_reset)
        self._disc_difference = reward == "disc_difference"
        self._games = _native.Games(n, int(seed), self.auto_reset, threads)
        self.observation = _np.zeros((n,) + _LAYOUTS[layout], _np.float32)
        self.legal_action_mask = _np.zeros((n, N_ACTIONS), _np.bool_)
        self.current_player = _np.zeros(n, _np.uint8)
        self.rewards = _np.zeros((n, 2), _np.float32)
        self._terminated = _np.zeros(n, _np.uint8)
        self.terminated = self._terminated.view(_np.bool_)
        self.final_score = _np.zeros(n, _np.int8)
        self._actions = _np.zeros(n, _np.int32)
        self._see(ended=False)

    def __len__(self) -> int:
        return self.n

    def _see(self, ended: bool) -> None:
        g = self._games
        g.see(self.layout, self.observation.reshape(-1), self.legal_action_mask.reshape(-1), self.current_player)
        if ended:
            g.rewards(self._disc_difference, self.rewards.reshape(-1))
            g.ended(self._terminated, self.final_score)
        else:
            self.rewards[:] = 0
            self._terminated[:] = 0
            self.final_score[:] = 0

    def reset(self) -> _np.ndarray:
        """Starts every game again; returns the observation."""
        self._games.reset()
        self._see(ended=False)
        return self.observation

    def step(self, actions):
        """Plays ``actions[i]`` in game ``i`` (``n`` integers); returns (observation, rewards,
        terminated). ValueError, before any game moves, for an illegal action or a game that
        has ended (without auto_reset)."""
        a = _integers(actions, _np.int32, "actions")
        if a.shape != (self.n,):
            raise ValueError(f"VecOthello.step: {self.n} actions expected, not {a.shape[0]}")
        self._games.step(a)
        self._see(ended=True)
        return self.observation, self.rewards, self.terminated

    def step_random(self) -> _np.ndarray:
        """Plays a random legal action in every game that has not ended; returns the actions
        (-1 for a game that had ended)."""
        self._games.step_random(self._actions)
        self._see(ended=True)
        return self._actions

    def boards(self):
        """Every game's position: (players, opponents) uint64 arrays, the player to move first."""
        p, o = _np.zeros(self.n, _np.uint64), _np.zeros(self.n, _np.uint64)
        self._games.boards(p, o)
        return p, o
