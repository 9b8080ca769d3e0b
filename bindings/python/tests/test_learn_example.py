"""The learning example (examples/learn_policy.py): it runs, learns against the random player,
and writes its curve (CSV and a plot). NumPy alone: matplotlib is hidden, so the plot is the
example's own SVG."""

import csv
import importlib.util
import os
import sys

from conftest import ROOT


def load_example():
    path = ROOT / "bindings" / "python" / "examples" / "learn_policy.py"
    spec = importlib.util.spec_from_file_location("learn_policy", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: Under qemu (bindings/python/test-cross.sh sets EK_CHILD_RUNNER) a sample: 2 rounds of small
#: batches, the files checked but not the learning (25 rounds take 10 s natively, minutes there).
EMULATED = bool(os.environ.get("EK_CHILD_RUNNER"))


def test_the_example_learns_against_random_and_writes_its_curve(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises ImportError
    example = load_example()
    out = str(tmp_path / "curve")
    rounds, settings = (2, ["--games", "32", "--steps", "8", "--eval-games", "20"]) if EMULATED else \
        (25, ["--games", "512", "--steps", "40", "--eval-games", "300"])
    curve = example.main(["--rounds", str(rounds), "--engine-rounds", "2", *settings, "--out", out])
    rows = list(csv.reader(open(out + ".csv")))
    assert rows[0] == ["round", "opponent", "score"] and len(rows) == 1 + 1 + rounds + 2
    assert [r[1] for r in rows[1:]] == ["random"] * (rounds + 1) + ["engine level 1"] * 2
    assert all(0.0 <= float(r[2]) <= 1.0 for r in rows[1:])
    svg = (tmp_path / "curve.svg").read_text()
    assert svg.startswith("<svg") and svg.count(",") >= len(curve)
    if EMULATED:
        return
    # Learning: the policy's score against the random player rises over the rounds.
    random_scores = [s for _, o, s in curve if o == "random"]
    assert max(random_scores[-3:]) > random_scores[0] + 0.05, random_scores


def test_the_gradient_step_raises_the_chosen_actions_probability():
    example = load_example()
    import numpy as np

    rng = np.random.default_rng(0)
    obs = (rng.random((4, 8, 8, 2)) < 0.3).astype(np.float32)
    mask = np.zeros((4, 65), bool)
    mask[:, [19, 26, 37, 44]] = True
    w = np.zeros((example.N_FEATURES, 65), np.float32)
    p = example.policy(w, obs, mask)
    assert np.allclose(p[:, 19], 0.25) and np.all(p[:, ~mask[0]] == 0)
    actions = np.array([19, 19, 26, 26], np.int32)
    results = np.array([1.0, 1.0, -1.0, -1.0], np.float32)
    w2 = example.reinforce(w, (example.features(obs), p, actions, results), 1.0)
    p2 = example.policy(w2, obs, mask)
    assert np.all(p2[:, 19] > p[:, 19]) and np.all(p2[:, 26] < p[:, 26])
