//! Playing a recorded game's moves from the start position, as Edax's `wthor_to_game` and
//! `game_update_board` (src/game.c) do: when the side to move has no legal move it passes and
//! the other side plays the recorded move. Edax stops at the first illegal move; here an illegal
//! move is an error naming it, since a database is read to be trusted.

use super::wthor::{move_offset, WthorError, WthorErrorKind, WthorGame};
use crate::kernels::flip::flip;
use crate::kernels::moves::get_moves;
use crate::types::board::EkBoard;

/// The end of a replayed game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// Black's discs after the last move.
    pub black: u64,
    /// White's discs after the last move.
    pub white: u64,
    /// Black's disc count as WTHOR records it: the empty squares go to the winner (half each on
    /// a draw), which is also what Edax's `game_to_wthor` writes (32 + score / 2).
    pub black_discs: u8,
}

impl Replayed {
    /// Whether the recorded `black_discs` of `game` is the replayed one (a mismatch is a fact
    /// about the database, not an error: some real files hold games that were adjudicated).
    pub fn matches(&self, game: &WthorGame) -> bool {
        self.black_discs == game.black_discs
    }
}

/// A position met while replaying: the one in which move `ply` is played (after any pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The index of the move in the game's moves.
    pub ply: usize,
    /// The position, seen from the side about to play.
    pub board: EkBoard,
    /// Whether black is that side.
    pub black_to_move: bool,
}

/// Replays game number `index` (the number goes into errors and their offsets).
pub fn replay(game: &WthorGame, index: usize) -> Result<Replayed, WthorError> {
    replay_visiting(game, index, |_| {})
}

/// Replays game number `index`, calling `visit` with the position before each move.
pub fn replay_visiting(game: &WthorGame, index: usize, mut visit: impl FnMut(Ply)) -> Result<Replayed, WthorError> {
    let mut board = EkBoard::START;
    let mut black_to_move = true;
    for ply in 0..usize::from(game.n_moves).min(game.moves.len()) {
        let square = game.moves[ply];
        let illegal = || WthorError {
            offset: move_offset(index, ply),
            kind: WthorErrorKind::Illegal { game: index, ply, square },
        };
        if square > 63 {
            return Err(illegal());
        }
        if get_moves(board.player, board.opponent) == 0 {
            board = board.swapped();
            black_to_move = !black_to_move;
        }
        let bit = 1u64 << square;
        // A square that is occupied, or that flips nothing, is no move (and when neither side
        // can move, nothing is a move).
        let flipped = flip(usize::from(square), board.player, board.opponent);
        if (board.player | board.opponent) & bit != 0 || flipped == 0 {
            return Err(illegal());
        }
        visit(Ply { ply, board, black_to_move });
        board = board.next(i32::from(square), flipped);
        black_to_move = !black_to_move;
    }
    let (black, white) = if black_to_move { (board.player, board.opponent) } else { (board.opponent, board.player) };
    Ok(Replayed { black, white, black_discs: wthor_black_discs(black, white) })
}

/// Black's disc count with the empty squares given to the winner, half each on a draw.
pub fn wthor_black_discs(black: u64, white: u64) -> u8 {
    let (b, w) = (black.count_ones() as u8, white.count_ones() as u8);
    let empties = 64 - b - w;
    match b.cmp(&w) {
        std::cmp::Ordering::Greater => b + empties,
        std::cmp::Ordering::Less => b,
        std::cmp::Ordering::Equal => b + empties / 2,
    }
}
