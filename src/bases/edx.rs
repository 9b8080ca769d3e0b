//! Edax's binary game files (.edx): `game_write` dumps its `Game` struct (src/game.h) as it
//! lies in memory, 160 bytes on x86-64 (and on every 64-bit target with the usual alignment),
//! integers little-endian here:
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 16 | the initial board, seen from the side to move (`player`, `opponent`: u64) |
//! | 16 | 8 | the date: year (i16), month, day, hour, minute, second (u8), one byte of padding |
//! | 24 | 64 | black's and white's names, 32 bytes each, NUL-terminated |
//! | 88 | 60 | the moves, squares 0..63, then `NOMOVE` (65) |
//! | 148 | 1 | the side to move first (0 black, 1 white) |
//! | 149 | 3 | padding |
//! | 152 | 8 | Edax's hash of the moves: CRC-32C of each move byte in turn, from 0 |
//!
//! Edax leaves the padding uninitialised (its bytes are whatever its stack held); they are not
//! read here and written as 0. The hash is not checked (Edax only compares it); it is written
//! as Edax computes it. Unlike Edax, which reads records until one is short and ignores that
//! one, a file whose length is not a multiple of 160 is an error, as is a board whose sides
//! overlap, a side other than 0 and 1, a name without its NUL, a move byte other than a square
//! or `NOMOVE` (or a square after a `NOMOVE`), and an illegal move.

use super::error::BaseError;
use super::game::{square_name, Game, GameDate, MAX_GAME_MOVES};
use crate::kernels::crc32c::crc32c_u8;
use crate::types::board::EkBoard;

/// Bytes of one record.
pub const RECORD_SIZE: usize = 160;
const FORMAT: &str = "Edax binary game (.edx)";
const NOMOVE: u8 = 65;

fn u64_at(r: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(r[at..at + 8].try_into().expect("8 bytes"))
}

/// Reads every game of an .edx file.
pub fn parse(bytes: &[u8]) -> Result<Vec<Game>, BaseError> {
    if !bytes.len().is_multiple_of(RECORD_SIZE) {
        let at = bytes.len() - bytes.len() % RECORD_SIZE;
        return Err(BaseError::binary(
            FORMAT,
            at as u64,
            format!("a record of {} bytes (a record has {RECORD_SIZE})", bytes.len() - at),
        ));
    }
    bytes.chunks_exact(RECORD_SIZE).enumerate().map(|(i, r)| parse_record(i, r)).collect()
}

fn parse_record(index: usize, r: &[u8]) -> Result<Game, BaseError> {
    let base = (index * RECORD_SIZE) as u64;
    let error =
        |at: usize, message: String| BaseError::binary(FORMAT, base + at as u64, format!("game {index}: {message}"));
    let board = EkBoard::new(u64_at(r, 0), u64_at(r, 8));
    if board.player & board.opponent != 0 {
        return Err(error(0, "the board's sides overlap".into()));
    }
    let date = GameDate {
        year: i16::from_le_bytes([r[16], r[17]]),
        month: r[18],
        day: r[19],
        hour: r[20],
        minute: r[21],
        second: r[22],
    };
    let name = |at: usize| {
        let field = &r[at..at + 32];
        field
            .iter()
            .position(|&b| b == 0)
            .map(|n| field[..n].to_vec())
            .ok_or_else(|| error(at, "a name without its NUL".into()))
    };
    let (black, white) = (name(24)?, name(56)?);
    let black_to_move = match r[148] {
        0 => true,
        1 => false,
        side => return Err(error(148, format!("side {side} (0 black, 1 white)"))),
    };
    let mut moves = Vec::new();
    for (ply, &m) in r[88..148].iter().enumerate() {
        match m {
            0..=63 if moves.len() == ply => moves.push(m),
            NOMOVE => {}
            _ => return Err(error(88 + ply, format!("move {ply}: byte {m} (a square 0..63, or 65 after the last)"))),
        }
    }
    let game = Game { board, black_to_move, black, white, moves, date };
    if let Err(ply) = game.replay(|_, _, _| {}) {
        let name = String::from_utf8_lossy(&square_name(game.moves[ply], false)).into_owned();
        return Err(error(88 + ply, format!("move {ply}: {name} is illegal")));
    }
    Ok(game)
}

/// Writes games as Edax's `game_write` dumps them, the padding 0. A name is cut to 31 bytes;
/// moves beyond 60 are not written (Edax's `Game` holds 60).
pub fn write(games: &[Game]) -> Vec<u8> {
    let mut out = Vec::with_capacity(RECORD_SIZE * games.len());
    for g in games {
        out.extend_from_slice(&g.board.player.to_le_bytes());
        out.extend_from_slice(&g.board.opponent.to_le_bytes());
        out.extend_from_slice(&g.date.year.to_le_bytes());
        out.extend_from_slice(&[g.date.month, g.date.day, g.date.hour, g.date.minute, g.date.second, 0]);
        for name in [&g.black, &g.white] {
            let n = name.iter().position(|&b| b == 0).unwrap_or(name.len()).min(31);
            out.extend_from_slice(&name[..n]);
            out.extend(std::iter::repeat_n(0, 32 - n));
        }
        let moves = &g.moves[..g.moves.len().min(MAX_GAME_MOVES)];
        out.extend_from_slice(moves);
        out.extend(std::iter::repeat_n(NOMOVE, MAX_GAME_MOVES - moves.len()));
        out.extend_from_slice(&[u8::from(!g.black_to_move), 0, 0, 0]);
        let hash = moves.iter().fold(0u32, |h, &m| crc32c_u8(h, m));
        out.extend_from_slice(&u64::from(hash).to_le_bytes());
    }
    out
}
