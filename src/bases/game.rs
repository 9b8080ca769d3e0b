//! A game as Edax's `Game` (src/game.h) holds it, whatever file it came from: the initial
//! position with its side to move, the players' names and the moves, passes left out. The
//! readers of every format give these; the writers take them. Edax's rules for playing a
//! recorded move (`game_update_board`) and for the final score (`game_score`) are here, since
//! the writers put that score into the files.

use crate::kernels::flip::flip;
use crate::kernels::moves::get_moves;
use crate::types::board::EkBoard;

/// The most moves a game has (and the most Edax's `Game` holds).
pub const MAX_GAME_MOVES: usize = 60;
/// Edax's `game_score` of a game that is not over (or holds an illegal move): `-SCORE_INF`.
pub const NO_SCORE: i32 = -127;
/// The longest name Edax keeps (`char name[32]`, NUL-terminated).
pub const MAX_NAME: usize = 31;

/// One game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The initial position, seen from the side to move.
    pub board: EkBoard,
    /// Whether black moves first (Edax's `player`).
    pub black_to_move: bool,
    /// Black's name, as bytes (at most [`MAX_NAME`]; Edax's default is "?").
    pub black: Vec<u8>,
    /// White's name.
    pub white: Vec<u8>,
    /// The moves, Edax's squares (A1 = 0 ... H8 = 63); a side that cannot move passes without
    /// a record.
    pub moves: Vec<u8>,
    /// The date (GGF's `DT`; kept by Edax's .edx files only).
    pub date: GameDate,
}

/// Edax's game date (`Game.date`): the GGF `DT` tag's "Y.M.D_h:m:s", stored as Edax's types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameDate {
    /// The year (Edax's `int16_t`).
    pub year: i16,
    /// The month.
    pub month: u8,
    /// The day.
    pub day: u8,
    /// The hour; 255 (Edax's -1 in a `uint8_t`) when there is no date.
    pub hour: u8,
    /// The minute.
    pub minute: u8,
    /// The second.
    pub second: u8,
}

impl GameDate {
    /// `game_init`'s date: all 0, hour -1 (255).
    pub const NONE: GameDate = GameDate { year: 0, month: 0, day: 0, hour: 255, minute: 0, second: 0 };
}

impl Default for GameDate {
    fn default() -> Self {
        GameDate::NONE
    }
}

impl Game {
    /// A game from the standard start with Edax's default names ("?", as `game_init`).
    pub fn from_moves(moves: Vec<u8>) -> Self {
        Game {
            board: EkBoard::START,
            black_to_move: true,
            black: b"?".to_vec(),
            white: b"?".to_vec(),
            moves,
            date: GameDate::NONE,
        }
    }

    /// Whether the initial board, seen from the side to move, is the standard start, whichever
    /// side that is (Edax's `board_equal` test before writing a text game's board: the
    /// colour-swapped start with white to move counts too).
    pub fn standard_start(&self) -> bool {
        self.board == EkBoard::START
    }

    /// Replays the moves: the position after each (`Ok`), or the index of the first move that
    /// is illegal (`Err`). `visit` gets the position before each move (after any pass), whether
    /// a pass came just before it, and the move's index.
    pub fn replay(&self, mut visit: impl FnMut(usize, EkBoard, bool)) -> Result<Final, usize> {
        let mut board = self.board;
        let mut passes = 0u32;
        for (ply, &square) in self.moves.iter().enumerate() {
            let (next, passed) = play(board, square).ok_or(ply)?;
            visit(ply, if passed { board.swapped() } else { board }, passed);
            passes += u32::from(passed);
            board = next;
        }
        Ok(Final { board, passes, n_moves: self.moves.len() })
    }

    /// Edax's `game_score`: the final disc difference, empties to the winner, for the side that
    /// moved first, or [`NO_SCORE`] when the game is not over or holds an illegal move.
    ///
    /// Edax's own rule, kept for its bytes: it turns the side-to-move's score around once per
    /// pass, which is the first side's score only when the number of moves is even (always so
    /// for a full 60-move game from the standard start).
    pub fn score(&self) -> i32 {
        let Ok(end) = self.replay(|_, _, _| {}) else { return NO_SCORE };
        let b = end.board;
        if get_moves(b.player, b.opponent) != 0 || get_moves(b.opponent, b.player) != 0 {
            return NO_SCORE;
        }
        let (p, o) = (b.player.count_ones() as i32, b.opponent.count_ones() as i32);
        let empties = 64 - p - o;
        let score = (p - o) + (p - o).signum() * empties;
        if end.passes % 2 == 0 {
            score
        } else {
            -score
        }
    }
}

/// The end of a replayed game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Final {
    /// The position after the last move, seen from the side to move.
    pub board: EkBoard,
    /// How many passes were played.
    pub passes: u32,
    /// How many moves.
    pub n_moves: usize,
}

impl Final {
    /// Whether black is to move at the end, for a game whose first side is `black_first`.
    pub fn black_to_move(&self, black_first: bool) -> bool {
        black_first ^ ((self.n_moves + self.passes as usize) % 2 == 1)
    }
}

/// Edax's `game_update_board`: plays `square` on `board` (the side to move passes first when
/// it has no move); the new board and whether a pass was played, or `None` when the square is
/// off the board, occupied, or flips nothing.
pub fn play(board: EkBoard, square: u8) -> Option<(EkBoard, bool)> {
    if square > 63 || (board.player | board.opponent) >> square & 1 != 0 {
        return None;
    }
    let passed = get_moves(board.player, board.opponent) == 0;
    let board = if passed { board.swapped() } else { board };
    let flipped = flip(usize::from(square), board.player, board.opponent);
    (flipped != 0).then(|| (board.next(i32::from(square), flipped), passed))
}

/// Edax's `game_update_board` to the letter, for the writers: false, the board unchanged, when
/// `square` is off the board or occupied; otherwise the side to move passes first when it has
/// no move (and that pass stays even when `square` then flips nothing: false).
pub fn update(board: &mut EkBoard, square: u8) -> bool {
    if square > 63 || (board.player | board.opponent) >> square & 1 != 0 {
        return false;
    }
    if get_moves(board.player, board.opponent) == 0 {
        *board = board.swapped();
    }
    let flipped = flip(usize::from(square), board.player, board.opponent);
    if flipped != 0 {
        *board = board.next(i32::from(square), flipped);
    }
    flipped != 0
}

/// Whether the side to move must pass (it has no move, the other side has one): Edax's
/// `board_is_pass`.
pub fn must_pass(board: EkBoard) -> bool {
    get_moves(board.player, board.opponent) == 0 && get_moves(board.opponent, board.player) != 0
}

/// "a1" ... "h8" (lower case) or "A1" ... "H8" for Edax's square 0..=63.
pub fn square_name(square: u8, upper: bool) -> [u8; 2] {
    let (c, r) = (b'a' + square % 8, b'1' + square / 8);
    [if upper { c.to_ascii_uppercase() } else { c }, r]
}

/// Edax's square of two characters "a1" ... "h8" (either case), or `None`.
pub fn square_of_name(name: &[u8]) -> Option<u8> {
    let (&c, &r) = (name.first()?, name.get(1)?);
    let c = c.to_ascii_lowercase().wrapping_sub(b'a');
    let r = r.wrapping_sub(b'1');
    (c < 8 && r < 8).then(|| 8 * r + c)
}
