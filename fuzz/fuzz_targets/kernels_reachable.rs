//! Every kernel on every position of a game the input's bytes choose from the start (see
//! `edax_kernels_fuzz::game`); every level against portable, directly and through the C ABI.
#![no_main]

use edax_kernels_fuzz::{check, game, nth_bit, Case};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for (board, byte) in game(data) {
        let empties = !(board.player | board.opponent);
        let n = empties.count_ones();
        // The square: one of the empty squares (the last one, on a board with one empty square).
        let x = if n > 0 { nth_bit(empties, byte as u32 % n) } else { 64 };
        let beta = byte as i32 % 131 - 65;
        // Perft: 1 or 2 plies, the whole game below once at most 5 squares are left.
        let depth = if n <= 5 { n as i32 + 2 } else { 1 + (byte & 1) as i32 };
        check(&Case { board, x, beta, s: (byte >> 1) as i32 % 9, depth });
    }
});
