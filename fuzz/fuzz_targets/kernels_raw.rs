//! Every kernel on arbitrary arguments: any bit patterns for the board (overlapping bitboards
//! included), any square, beta and symmetry; every level against portable, directly and
//! through the C ABI (see `edax_kernels_fuzz::check`).
#![no_main]

use edax_kernels::EkBoard;
use edax_kernels_fuzz::{check, Case, Reader};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut r = Reader::new(data);
    let board = EkBoard::new(r.u64(), r.u64());
    let (x, beta, s, d) = (r.i32(), r.i32(), r.i32(), r.u8());
    // Perft grows with the number of moves: depths -1..=2, or any of -28..=227 (past the
    // 130-ply clamp) on a board of at most 6 empty squares without overlap. (With overlap, a
    // flip can empty a square: the tree has no such bound.)
    let (p, o) = (board.player, board.opponent);
    let depth = if p & o == 0 && (p | o).count_zeros() <= 6 { d as i32 - 28 } else { (d % 4) as i32 - 1 };
    check(&Case { board, x, beta, s, depth });
});
