//! GGF, the game format of the Generic Game Server (GGS), as Edax 4.6 reads it
//! (`game_import_ggf`, src/game.c) and writes it (`game_export_ggf`): a game is `(;`, tags
//! `NAME[value]` (one to three capital letters), `;)`. Values are read lower-cased, as Edax
//! does. Read: `GM` (must be "othello"), `BO` (must start with "8": then 64 squares of `*` or
//! `b`/`x` black, `O`/`w` white, `-`/`.` empty, and the side to move, as `board_set`), `PB`,
//! `PW` (31 bytes kept), `B`/`W` (the first two characters of the value; `pa...` is a pass and
//! is not recorded). Every other tag (`RE`, `TI`, `DT`, `TY`, ...) is skipped, as by Edax.
//!
//! Unlike Edax, which keeps what it read of a broken game, every bad game is an error naming the
//! byte offset (and line and column): anything but whitespace between games, a malformed tag, a
//! value without its `]`, a game that is not Othello or not 8 × 8, a board of fewer than 64
//! squares or without its side to move, a move that is no square, more than 60 moves, an illegal
//! move, a game without its `;)`.

use super::error::BaseError;
use super::game::{square_name, square_of_name, update, Game, MAX_GAME_MOVES, MAX_NAME};
use crate::kernels::moves::get_moves;
use crate::types::board::EkBoard;

const FORMAT: &str = "GGF";

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

/// A cursor over the file's bytes.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn error(&self, at: usize, message: impl Into<String>) -> BaseError {
        BaseError::text(FORMAT, self.bytes, at, message)
    }

    fn skip_spaces(&mut self) {
        while self.bytes.get(self.at).is_some_and(|&b| is_space(b)) {
            self.at += 1;
        }
    }

    fn starts_with(&self, s: &[u8]) -> bool {
        self.bytes[self.at..].starts_with(s)
    }

    /// Reads `TAG[value]`: the tag, the value lower-cased, and the value's offset.
    fn tag(&mut self) -> Result<(Vec<u8>, Vec<u8>, usize), BaseError> {
        let start = self.at;
        let mut tag = Vec::new();
        while let Some(&b) = self.bytes.get(self.at) {
            if b.is_ascii_uppercase() && tag.len() < 3 {
                tag.push(b);
                self.at += 1;
            } else {
                break;
            }
        }
        self.skip_spaces();
        if tag.is_empty() || self.bytes.get(self.at) != Some(&b'[') {
            return Err(self.error(start, "expected a tag (one to three capital letters and '[') or ';)'"));
        }
        self.at += 1;
        let value_at = self.at;
        let Some(len) = self.bytes[value_at..].iter().position(|&b| b == b']') else {
            return Err(self.error(value_at, "a value without its ']'"));
        };
        self.at = value_at + len + 1;
        Ok((tag, self.bytes[value_at..value_at + len].to_ascii_lowercase(), value_at))
    }
}

/// Edax's `board_set` on a `BO` value after its "8 ": 64 squares, then the side to move.
fn board_of(value: &[u8]) -> Option<(EkBoard, bool)> {
    let (mut black, mut white, mut n, mut rest) = (0u64, 0u64, 0, value);
    while n < 64 {
        let (&c, tail) = rest.split_first()?;
        rest = tail;
        match c {
            b'b' | b'x' | b'*' => black |= 1 << n,
            b'o' | b'w' => white |= 1 << n,
            b'-' | b'.' => {}
            _ => continue,
        }
        n += 1;
    }
    let side = rest.iter().find_map(|c| match c {
        b'b' | b'x' | b'*' => Some(true),
        b'o' | b'w' => Some(false),
        _ => None,
    })?;
    Some((if side { EkBoard::new(black, white) } else { EkBoard::new(white, black) }, side))
}

/// Edax's reading of a `DT` value, `sscanf(value, "%d.%d.%d_%d:%d:%d")` stored into the
/// date's types (wrapping, as C's conversions): the fields before the first mismatch are read;
/// the others keep `game_init`'s values (Edax leaves them uninitialised).
fn date_of(value: &[u8]) -> super::game::GameDate {
    let mut v = [0i64, 0, 0, -1, 0, 0];
    let mut at = 0;
    for (k, sep) in [b'.', b'.', b'_', b':', b':', 0].into_iter().enumerate() {
        // %d: spaces, a sign, digits (at least one), as C's strtol (the value saturating).
        while value.get(at).is_some_and(|b| b.is_ascii_whitespace()) {
            at += 1;
        }
        let negative = value.get(at) == Some(&b'-');
        if matches!(value.get(at), Some(b'-' | b'+')) {
            at += 1;
        }
        let digits = value[at.min(value.len())..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            break;
        }
        let n =
            value[at..at + digits].iter().fold(0i64, |n, &d| n.saturating_mul(10).saturating_add(i64::from(d - b'0')));
        v[k] = if negative { -n } else { n };
        at += digits;
        if sep == 0 || value.get(at) != Some(&sep) {
            break;
        }
        at += 1;
    }
    super::game::GameDate {
        year: v[0] as i32 as i16,
        month: v[1] as i32 as u8,
        day: v[2] as i32 as u8,
        hour: v[3] as i32 as u8,
        minute: v[4] as i32 as u8,
        second: v[5] as i32 as u8,
    }
}

/// A name as Edax keeps it: up to the first NUL, at most 31 bytes.
fn name_of(value: &[u8]) -> Vec<u8> {
    let end = value.iter().position(|&b| b == 0).unwrap_or(value.len()).min(MAX_NAME);
    value[..end].to_vec()
}

/// Reads every game of a GGF file.
pub fn parse(bytes: &[u8]) -> Result<Vec<Game>, BaseError> {
    let mut r = Reader { bytes, at: 0 };
    let mut games = Vec::new();
    loop {
        r.skip_spaces();
        if r.at == bytes.len() {
            return Ok(games);
        }
        if !r.starts_with(b"(;") {
            return Err(r.error(r.at, "expected '(;' (the start of a game)"));
        }
        let game_at = r.at;
        r.at += 2;
        games.push(parse_game(&mut r, game_at, games.len())?);
    }
}

/// Reads one game after its "(;".
fn parse_game(r: &mut Reader, game_at: usize, index: usize) -> Result<Game, BaseError> {
    let mut game = Game::from_moves(Vec::new());
    let mut move_at = Vec::new();
    loop {
        r.skip_spaces();
        if r.at == r.bytes.len() {
            return Err(r.error(game_at, format!("game {index} has no ';)'")));
        }
        if r.starts_with(b";)") {
            r.at += 2;
            break;
        }
        let (tag, value, at) = r.tag()?;
        match &tag[..] {
            b"GM" if value != b"othello" => return Err(r.error(at, format!("game {index} is not an Othello game"))),
            b"BO" => {
                if value.first() != Some(&b'8') {
                    return Err(r.error(at, format!("game {index}: board type other than 8 × 8")));
                }
                let (board, black) = board_of(value.get(2..).unwrap_or(&[])).ok_or_else(|| {
                    r.error(at, format!("game {index}: a board without 64 squares and a side to move"))
                })?;
                (game.board, game.black_to_move) = (board, black);
            }
            b"DT" => game.date = date_of(&value),
            b"PB" => game.black = name_of(&value),
            b"PW" => game.white = name_of(&value),
            b"B" | b"W" => {
                if value.starts_with(b"pa") {
                    continue;
                }
                let square = square_of_name(&value).ok_or_else(|| r.error(at, format!("game {index}: no move")))?;
                if game.moves.len() == MAX_GAME_MOVES {
                    return Err(r.error(at, format!("game {index}: more than {MAX_GAME_MOVES} moves")));
                }
                game.moves.push(square);
                move_at.push(at);
            }
            _ => {}
        }
    }
    if let Err(ply) = game.replay(|_, _, _| {}) {
        let name = square_name(game.moves[ply], false);
        return Err(
            r.error(move_at[ply], format!("game {index}, move {ply}: {} is illegal", String::from_utf8_lossy(&name)))
        );
    }
    Ok(game)
}

/// Writes games as Edax's `game_export_ggf` does, one a line: `GM`, `PC[Edax]`, the names,
/// `RE[` the score (Edax's `game_score`, -127 for a game that is not over) `.000]`, the board,
/// then the moves, with a `PA` where a side must pass before a move.
pub fn write(games: &[Game]) -> Vec<u8> {
    let mut out = Vec::new();
    for game in games {
        out.extend_from_slice(b"(;GM[othello]PC[Edax]PB[");
        out.extend_from_slice(&game.black);
        out.extend_from_slice(b"]PW[");
        out.extend_from_slice(&game.white);
        out.extend_from_slice(format!("]RE[{:+}.000]BO[8 ", game.score()).as_bytes());
        let (black, white) = if game.black_to_move {
            (game.board.player, game.board.opponent)
        } else {
            (game.board.opponent, game.board.player)
        };
        for x in 0..64 {
            out.push(if black >> x & 1 != 0 {
                b'*'
            } else if white >> x & 1 != 0 {
                b'O'
            } else {
                b'-'
            });
            if x % 8 == 7 {
                out.push(b' ');
            }
        }
        out.extend_from_slice(if game.black_to_move { b"*]" } else { b"O]" });
        let mut black_moves = game.black_to_move;
        let mut board = game.board;
        for &square in &game.moves {
            if get_moves(board.player, board.opponent) == 0 {
                out.extend_from_slice(if black_moves { b"B[PA]" } else { b"W[PA]" });
                black_moves = !black_moves;
            }
            // Edax writes a move only when it plays, and goes on with the next one (the readers
            // give only legal games; a game built by hand may hold anything).
            if !update(&mut board, square) {
                continue;
            }
            out.extend_from_slice(if black_moves { b"B[" } else { b"W[" });
            out.extend_from_slice(&square_name(square, true));
            out.push(b']');
            black_moves = !black_moves;
        }
        out.extend_from_slice(b";)\n");
    }
    out
}
