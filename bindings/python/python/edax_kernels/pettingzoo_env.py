"""Othello as a PettingZoo AEC environment, in the manner of PettingZoo's classic games (Go's
agents and pass action, Connect Four's observation): ``env()`` is the environment with the
wrappers those games use, ``raw_env`` the environment itself. Needs the ``learn`` extra:
``pip install "edax-kernels[learn]"``.

- Agents: ``"black_0"`` (moves first) and ``"white_0"``, taking turns; each turn is a move.
- Actions: ``Discrete(65)``: a square 0..63 (A1 = 0 ... H8 = 63, row-major from A1, as
  ``edax_kernels.learn``) or 64, the pass, which is legal only when the agent has no square.
- Observations: a dict, ``"observation"``: ``(8, 8, 2)`` float32, channel 0 the observing
  agent's discs, channel 1 the other's (``VecOthello``'s pgx layout when the agent is to move;
  rows are the ranks 1..8, columns the files A..H); ``"action_mask"``: ``(65,)`` int8, the
  legal actions of the agent to move, zeros for the other.
- Rewards: +1 to the winner and -1 to the loser when the game ends (0 each for a draw), 0 before.
  Under ``env()`` an illegal action ends the game with -1 to the agent that played it.
- ``render_mode``: None, ``"ansi"`` (``render()`` returns the board as text) or ``"human"``
  (the text printed after every move).

The game has no chance: ``reset(seed=...)`` takes a seed as the API asks, and every game starts
from the standard position. The game is held natively (``edax_kernels.Game``).
"""

from numbers import Integral as _Integral

import numpy as _np

try:
    from gymnasium import logger as _logger, spaces as _spaces
    from gymnasium.utils import EzPickle as _EzPickle
    from pettingzoo import AECEnv as _AECEnv
    from pettingzoo.utils import AgentSelector as _AgentSelector, wrappers as _wrappers
except ImportError as e:
    raise ImportError(f'edax_kernels.pettingzoo_env needs the learn extra: pip install "edax-kernels[learn]" ({e})') from e

from . import Game as _Game

__all__ = ["env", "raw_env"]

_PASS = 64
_RENDER_MODES = (None, "ansi", "human")


def env(**kwargs):
    """The Othello environment wrapped as PettingZoo's classic games are: an illegal action ends
    the game (-1 to its player), an action outside 0..64 is an error, and the calls must come in
    the API's order (reset first)."""
    e = raw_env(**kwargs)
    e = _wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = _wrappers.AssertOutOfBoundsWrapper(e)
    return _wrappers.OrderEnforcingWrapper(e)


def _planes(mine: int, theirs: int) -> _np.ndarray:
    """(8, 8, 2) float32: the bits of two bitboards, square x at (x // 8, x % 8)."""
    b = _np.array([mine, theirs], "<u8").view(_np.uint8)
    bits = _np.unpackbits(b, bitorder="little").reshape(2, 8, 8)
    return _np.ascontiguousarray(bits.transpose(1, 2, 0), _np.float32)


class raw_env(_AECEnv, _EzPickle):
    """Othello, two agents taking turns (see the module's documentation)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "othello_v0", "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, render_mode=None):
        if render_mode not in _RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        _EzPickle.__init__(self, render_mode)
        super().__init__()
        self.render_mode = render_mode
        self.agents = ["black_0", "white_0"]
        self.possible_agents = self.agents[:]
        # One space object per agent, returned each time (seeding a space must stick).
        self.observation_spaces = {a: _spaces.Dict({
            "observation": _spaces.Box(0, 1, (8, 8, 2), _np.float32),
            "action_mask": _spaces.Box(0, 1, (65,), _np.int8),
        }) for a in self.agents}
        self.action_spaces = {a: _spaces.Discrete(65) for a in self.agents}
        # A game from the start already, so that observe and render work on a raw_env before
        # any reset (env()'s order enforcement still asks for one before a step).
        self.reset()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _live(self):
        """The game, or a clear error once close() has freed it."""
        if self._game is None:
            raise RuntimeError("the environment is closed: reset() starts a new game")
        return self._game

    def _discs(self):
        """(black's, white's) bitboards."""
        g = self._live()
        return (g.player, g.opponent) if g.black_to_move else (g.opponent, g.player)

    def _to_move(self) -> str:
        return self.possible_agents[0 if self._live().black_to_move else 1]

    def observe(self, agent):
        if agent not in self.possible_agents:
            raise ValueError(f"the agents are {self.possible_agents}, not {agent!r}")
        black, white = self._discs()
        mine, theirs = (black, white) if agent == self.possible_agents[0] else (white, black)
        mask = _np.zeros(65, _np.int8)
        g = self._live()
        if agent == self.agent_selection and not g.is_over:
            moves = g.legal_moves
            if moves:
                mask[:64] = _np.unpackbits(_np.array([moves], "<u8").view(_np.uint8), bitorder="little")
            else:
                mask[_PASS] = 1
        return {"observation": _planes(mine, theirs), "action_mask": mask}

    def reset(self, seed=None, options=None):
        """A new game from the standard position. ``seed``: None or an integer, which changes
        nothing (the game has no chance); ``options``: none are defined, any given are unused."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, _Integral) or seed < 0):
            raise ValueError(f"seed must be None or a non-negative integer, not {seed!r}")
        self._game = _Game()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._agent_selector = _AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, bool) or not isinstance(action, _Integral) or not 0 <= action <= _PASS:
            raise ValueError(f"an action is an integer 0..64, not {action!r}")
        g = self._live()
        action = int(action)
        if action == _PASS:
            if not g.must_pass:
                raise ValueError(f"{agent} cannot pass: it has a move")
            g.pass_()
        else:
            # Game.play raises ValueError, naming the square, for an illegal move.
            g.play(action)
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        if g.is_over:
            winner = g.winner  # 1 black, -1 white, 0 a draw
            self.rewards = {self.possible_agents[0]: winner, self.possible_agents[1]: -winner}
            self.terminations = {a: True for a in self.agents}
        self.agent_selection = self._agent_selector.next()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        """The board as text (X black, O white, * a legal move of the agent to move), with the
        agent to move or the final count: returned under "ansi", printed under "human"."""
        if self.render_mode is None:
            _logger.warn("render() called without a render_mode (None, 'ansi' or 'human')")
            return None
        black, white = self._discs()
        g = self._live()
        legal = 0 if g.is_over else g.legal_moves
        rows = ["  a b c d e f g h"]
        for r in range(8):
            cells = []
            for c in range(8):
                bit = 1 << (r * 8 + c)
                cells.append("X" if black & bit else "O" if white & bit else "*" if legal & bit else ".")
            rows.append(f"{r + 1} " + " ".join(cells))
        nb, nw = bin(black).count("1"), bin(white).count("1")
        if g.is_over:
            rows.append(f"game over: black {nb}, white {nw}")
        else:
            rows.append(f"{self._to_move()} ({'X' if g.black_to_move else 'O'}) to move; black {nb}, white {nw}")
        text = "\n".join(rows) + "\n"
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self):
        """Frees the native game; reset() starts a new one."""
        self._game = None
