//! Edax's random generator (src/util.c `random_seed`, `random_get`), which chooses the random
//! book moves: a 48-bit linear congruential generator with java.util.Random's and `drand48`'s
//! constants, two steps per number.

/// The 48-bit state mask.
const MASK48: u64 = (1 << 48) - 1;
/// The multiplier and the increment.
const A: u64 = 0x5_DEEC_E66D;
const B: u64 = 0xB;

/// Edax's `Random`: its state `x`, 48 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdaxRandom {
    /// The state, below 2^48.
    pub x: u64,
}

impl EdaxRandom {
    /// `random_seed`: the state is `seed` mod 2^48. Edax seeds the book's generator with
    /// `real_clock()` (milliseconds of the monotonic clock) in `book_init`, `book_load` and
    /// `book_import`.
    pub fn new(seed: u64) -> Self {
        EdaxRandom { x: seed & MASK48 }
    }

    /// `random_seed` on this generator.
    pub fn seed(&mut self, seed: u64) {
        self.x = seed & MASK48;
    }

    /// One LCG step.
    fn step(&mut self) -> u64 {
        self.x = A.wrapping_mul(self.x).wrapping_add(B) & MASK48;
        self.x >> 16
    }

    /// `random_get`: two steps; the first's high 32 bits above the second's.
    pub fn next_u64(&mut self) -> u64 {
        let hi = self.step();
        let lo = self.step();
        hi << 32 | lo
    }
}
