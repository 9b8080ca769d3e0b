"""The 8 symmetries of the Othello board, applied to what learning handles: observations,
legal-action masks, actions and policies (a game and its mirror images are equally good, so a
position's symmetric copies are training data for free).

Symmetry ``s`` (0..7) is ``edax_kernels.symmetry``'s: bit 0 mirrors the files (A <-> H), bit 1
the ranks (1 <-> 8), bit 2 transposes across the A1-H8 diagonal, applied in that order. So the
observation of ``symmetry(board, s)`` is ``symmetric_observation(observation, s, layout)``, its
legal-action mask ``symmetric_mask(mask, s)``, and the move ``a`` on ``board`` is
``symmetric_action(a, s)`` on ``symmetry(board, s)``. The pass (action 64) stays the pass.

- ``symmetric_observation(obs, s, layout="pgx")``: ``(..., 8, 8, 2)`` (pgx) or ``(..., 3, 8, 8)``
  (OpenSpiel) arrays, any number of leading (batch) axes;
- ``symmetric_mask(x, s)``: any ``(..., 65)`` array indexed by action: masks, policies, values;
- ``symmetric_action(a, s)``: an action or an integer array of them;
- ``inverse_symmetry(s)``: the symmetry undoing ``s`` (a policy predicted on a transformed
  observation goes back with it);
- ``augment(obs, *by_action, layout="pgx")``: all 8 at once, each stacked on a new first axis.

Every function returns new arrays (the observation arrays of ``VecOthello`` are overwritten by
its next step). A symmetry that is not an integer 0..7, or an array of another shape, raises
ValueError; an action outside 0..64, ValueError; a non-integer action, TypeError.
"""

from numbers import Integral as _Integral

import numpy as _np

__all__ = [
    "N_SYMMETRIES", "symmetric_observation", "symmetric_mask", "symmetric_action", "inverse_symmetry", "augment",
]

#: The number of symmetries of the board (the dihedral group of the square).
N_SYMMETRIES = 8


def _square_image(x: int, s: int) -> int:
    """Where square x (row-major from A1) goes under symmetry s, in symmetry's order."""
    row, col = divmod(x, 8)
    if s & 1:
        col = 7 - col
    if s & 2:
        row = 7 - row
    if s & 4:
        row, col = col, row
    return row * 8 + col


#: _IMAGE[s][a]: the action that a becomes under s (the pass, 64, stays).
_IMAGE = _np.array([[_square_image(x, s) for x in range(64)] + [64] for s in range(N_SYMMETRIES)], _np.int64)
#: _SOURCE[s][b]: the action that becomes b, so that y[..., b] = x[..., _SOURCE[s][b]].
_SOURCE = _np.argsort(_IMAGE, axis=1)
#: _INVERSE[s]: the symmetry t with _IMAGE[t][_IMAGE[s]] the identity.
_INVERSE = tuple(next(t for t in range(N_SYMMETRIES) if (_IMAGE[t][_IMAGE[s]] == _np.arange(65)).all())
                 for s in range(N_SYMMETRIES))
#: Each layout's shape (without the batch axes), and where its rows and columns are in it.
_LAYOUTS = {"pgx": ((8, 8, 2), -3, -2), "openspiel": ((3, 8, 8), -2, -1)}


def _symmetry(s) -> int:
    if isinstance(s, bool) or not isinstance(s, (int, _np.integer)) or not 0 <= s < N_SYMMETRIES:
        raise ValueError(f"a symmetry is an integer 0..7, not {s!r}")
    return int(s)


def inverse_symmetry(s: int) -> int:
    """The symmetry undoing s: symmetry(symmetry(board, s), inverse_symmetry(s)) == board."""
    return _INVERSE[_symmetry(s)]


def symmetric_observation(obs, s: int, layout: str = "pgx") -> _np.ndarray:
    """The observation(s) of the board(s) under symmetry s: a new array of obs's shape and dtype.
    ``layout`` is VecOthello's: "pgx", (..., 8, 8, 2), or "openspiel", (..., 3, 8, 8)."""
    s = _symmetry(s)
    if layout not in _LAYOUTS:
        raise ValueError(f"layout must be 'pgx' or 'openspiel', not {layout!r}")
    shape, rows, cols = _LAYOUTS[layout]
    a = _np.asarray(obs)
    if a.shape[-3:] != shape:
        raise ValueError(f"a {layout} observation has shape (..., {', '.join(map(str, shape))}), not {a.shape}")
    if s & 1:
        a = _np.flip(a, cols)
    if s & 2:
        a = _np.flip(a, rows)
    if s & 4:
        a = _np.swapaxes(a, rows, cols)
    # The flips and the transposition are views of obs: a copy, which the caller owns.
    return _np.array(a, copy=True, order="C")


def symmetric_mask(x, s: int) -> _np.ndarray:
    """An array indexed by action on its last axis, (..., 65) (a legal-action mask, a policy,
    action values), under symmetry s: a new array where entry a of x is at symmetric_action(a, s)."""
    s = _symmetry(s)
    a = _np.asarray(x)
    if a.ndim == 0 or a.shape[-1] != 65:
        raise ValueError(f"an array indexed by action has shape (..., 65), not {a.shape}")
    return a[..., _SOURCE[s]]


def symmetric_action(action, s: int):
    """The action(s) under symmetry s: an int for an integer, an array of the same shape and
    dtype for an array of integers. The pass (64) stays the pass."""
    s = _symmetry(s)
    if isinstance(action, _Integral) and not isinstance(action, (bool, _np.bool_)):
        if not 0 <= action <= 64:
            raise ValueError(f"an action is 0..64, not {action}")
        return int(_IMAGE[s][int(action)])
    a = _np.asarray(action)
    if a.dtype.kind not in "iu":
        raise TypeError(f"actions must be integers, not {a.dtype} values")
    if a.size and (int(a.min()) < 0 or int(a.max()) > 64):
        raise ValueError(f"actions are 0..64, not from {int(a.min())} to {int(a.max())}")
    return _IMAGE[s][a].astype(a.dtype)


def augment(obs, *by_action, layout: str = "pgx"):
    """All 8 symmetric copies: (observations, *arrays), each with a new first axis of 8 (entry s
    under symmetry s). ``by_action`` are (..., 65) arrays (masks, policies) of the same positions."""
    out = [_np.stack([symmetric_observation(obs, s, layout) for s in range(N_SYMMETRIES)])]
    for x in by_action:
        out.append(_np.stack([symmetric_mask(x, s) for s in range(N_SYMMETRIES)]))
    return tuple(out)
