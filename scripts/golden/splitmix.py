"""The generator of the known-answer input scripts (scripts/golden/*-inputs.py): splitmix64, so
that each script's inputs are a function of its seed alone, the same on every machine and
Python version."""

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def between(self, lo, hi):
        """An integer in lo..=hi."""
        return lo + self.below(hi - lo + 1)
