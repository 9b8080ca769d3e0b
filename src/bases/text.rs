//! Edax's text game lists (.txt; `game_import_text` / `game_export_text`, src/game.c): one game
//! a line, its moves as squares ("f5d6c3...", either case, spaces allowed between moves). A side
//! that cannot move passes without a record; an explicit "pa" or "ps" is taken where a side
//! must pass, as Edax's `parse_move` does. Edax writes a game from another start as the board
//! (64 of `X` black, `O` white, `-` empty, a space, the side to move) and `;` before the moves.
//!
//! Differences from Edax, each for a file Edax would read wrongly without a word: Edax's reader
//! does not read the board before a `;` (it gives an empty game; here the board is read), it
//! stops a game silently at its first unreadable or illegal move (here an error naming the line
//! and column), and it drops a last line that has no newline (here it is read). An empty line
//! is an empty game, as in Edax.

use super::error::BaseError;
use super::game::{must_pass, play, square_name, square_of_name, Game, MAX_GAME_MOVES};
use crate::types::board::EkBoard;

const FORMAT: &str = "text game list";

/// Reads every game of a text game list.
pub fn parse(bytes: &[u8]) -> Result<Vec<Game>, BaseError> {
    let mut games = Vec::new();
    let mut start = 0;
    while start < bytes.len() {
        let end = bytes[start..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |p| start + p);
        games.push(parse_line(bytes, start, end, games.len())?);
        start = end + 1;
    }
    Ok(games)
}

/// Reads the game of `bytes[start..end]`.
fn parse_line(bytes: &[u8], start: usize, end: usize, index: usize) -> Result<Game, BaseError> {
    let error = |at: usize, message: String| BaseError::text(FORMAT, bytes, at, message);
    let line = &bytes[..end];
    let mut game = Game::from_moves(Vec::new());
    let mut at = start;
    if let Some(semicolon) = line[start..].iter().position(|&b| b == b';') {
        let (board, black) = parse_board(line, start, start + semicolon)
            .map_err(|at| error(at, format!("game {index}: a board is 64 squares (X, O, -) and the side to move")))?;
        (game.board, game.black_to_move) = (board, black);
        at = start + semicolon + 1;
    }
    let mut board = game.board;
    loop {
        while line.get(at).is_some_and(|b| b.is_ascii_whitespace()) {
            at += 1;
        }
        if at >= end {
            return Ok(game);
        }
        let token = &line[at..end.min(at + 2)];
        if let Some(square) = square_of_name(token) {
            if game.moves.len() == MAX_GAME_MOVES {
                return Err(error(at, format!("game {index}: more than {MAX_GAME_MOVES} moves")));
            }
            let Some((next, _)) = play(board, square) else {
                let name = String::from_utf8_lossy(&square_name(square, false)).into_owned();
                return Err(error(at, format!("game {index}, move {}: {name} is illegal", game.moves.len())));
            };
            board = next;
            game.moves.push(square);
        } else if token.eq_ignore_ascii_case(b"pa") || token.eq_ignore_ascii_case(b"ps") {
            if !must_pass(board) {
                return Err(error(
                    at,
                    format!("game {index}: a pass where the side to move has a move or the game is over"),
                ));
            }
            board = board.swapped();
        } else {
            return Err(error(at, format!("game {index}: expected a move (a1 ... h8) or the end of the line")));
        }
        at += 2;
    }
}

/// Reads a board "64 squares, then the side to move" from `line[start..end]`: the board seen
/// from the side to move and whether that is black, or the offset of what is wrong.
fn parse_board(line: &[u8], start: usize, end: usize) -> Result<(EkBoard, bool), usize> {
    let (mut black, mut white, mut n) = (0u64, 0u64, 0);
    let mut at = start;
    let mut side = None;
    while at < end {
        let c = line[at].to_ascii_lowercase();
        match c {
            _ if c.is_ascii_whitespace() => {}
            b'b' | b'x' | b'*' | b'o' | b'w' if n == 64 && side.is_none() => {
                side = Some(matches!(c, b'b' | b'x' | b'*'))
            }
            b'b' | b'x' | b'*' if n < 64 => (black, n) = (black | 1 << n, n + 1),
            b'o' | b'w' if n < 64 => (white, n) = (white | 1 << n, n + 1),
            b'-' | b'.' if n < 64 => n += 1,
            _ => return Err(at),
        }
        at += 1;
    }
    match side {
        Some(true) => Ok((EkBoard::new(black, white), true)),
        Some(false) => Ok((EkBoard::new(white, black), false)),
        None => Err(end),
    }
}

/// Writes games as Edax's `game_export_text`: the board and `;` when the discs are not the
/// standard start's, then the moves in capitals, a newline.
pub fn write(games: &[Game]) -> Vec<u8> {
    let mut out = Vec::new();
    for game in games {
        if !game.standard_start() {
            let (black, white) = if game.black_to_move {
                (game.board.player, game.board.opponent)
            } else {
                (game.board.opponent, game.board.player)
            };
            out.extend((0..64).map(|x| {
                if black >> x & 1 != 0 {
                    b'X'
                } else if white >> x & 1 != 0 {
                    b'O'
                } else {
                    b'-'
                }
            }));
            out.extend_from_slice(if game.black_to_move { b" X;" } else { b" O;" });
        }
        // Edax's `game_to_text` writes every move up to 60 or its first NOMOVE (65), legal or
        // not; in a game built by hand a 64 is its PASS and anything beyond 65 its "??".
        for &square in game.moves.iter().take(MAX_GAME_MOVES).take_while(|&&s| s != 65) {
            out.extend_from_slice(&match square {
                0..=63 => square_name(square, true),
                64 => *b"PA",
                _ => *b"??",
            });
        }
        out.push(b'\n');
    }
    out
}
