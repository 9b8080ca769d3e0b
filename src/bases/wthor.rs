//! WTHOR game files (.wtb): a 16-byte header, then one 68-byte record per game, integers
//! little-endian (docs/book-and-bases.md, section 5; Edax 4.6's src/base.c and src/game.c).
//!
//! The reader takes the bytes of a whole file and either returns every game or one error naming
//! the byte offset of what is wrong. It never allocates more than the file's size justifies: the
//! header's game count is checked against the file's length before anything is reserved.

use std::fmt;

/// Bytes of the file header.
pub const HEADER_SIZE: usize = 16;
/// Bytes of one game record.
pub const GAME_SIZE: usize = 68;
/// Move bytes of one game record (an Othello game has at most 60 moves).
pub const MAX_MOVES: usize = 60;
/// Where the moves start inside a game record.
const MOVES_AT: usize = 8;
/// The code Edax's own writer (`game_to_wthor`) puts after the last move: it encodes `NOMOVE`
/// (65) as 10 × 8 + 1 + 11. The WTHOR files of the Fédération Française use 0; both are read,
/// and the one read is written back.
pub const EDAX_END: u8 = 92;

/// The file header, every field as stored (the game count is the number of games, so it is not
/// kept here: the writer derives it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WthorHeader {
    /// Century of the file's creation (e.g. 20).
    pub century: u8,
    /// Year of the file's creation within the century.
    pub year: u8,
    /// Month of the file's creation.
    pub month: u8,
    /// Day of the file's creation.
    pub day: u8,
    /// Records of a .JOU or .TRN file (0 in a game file).
    pub n_records: u16,
    /// Year of the games.
    pub game_year: u16,
    /// "P1": the board size, 8 (or 0, which the WTHOR description allows for 8 × 8).
    pub board_size: u8,
    /// "P2": the game type (0: games, 1: solitaires).
    pub game_type: u8,
    /// "P3": the number of empty squares the theoretical scores were solved at.
    pub depth: u8,
    /// The last byte, unused.
    pub reserved: u8,
}

/// One game record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WthorGame {
    /// Index of the tournament in WTHOR.TRN.
    pub tournament: u16,
    /// Index of the black player in WTHOR.JOU.
    pub black: u16,
    /// Index of the white player in WTHOR.JOU.
    pub white: u16,
    /// Black's disc count at the end, as recorded (empty squares counted for the winner).
    pub black_discs: u8,
    /// Black's theoretical disc count at the header's depth, as recorded.
    pub theoretical: u8,
    /// The moves, Edax's squares (A1 = 0 ... H8 = 63); only the first `n_moves` are moves,
    /// the rest are 0.
    pub moves: [u8; MAX_MOVES],
    /// The number of moves (passes are not recorded).
    pub n_moves: u8,
    /// The byte after the last move: 0, or Edax's [`EDAX_END`] (0 in a 60-move game, which has
    /// no byte after its last move).
    pub end: u8,
}

/// A parsed file: its header and its games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Wthor {
    /// The header.
    pub header: WthorHeader,
    /// The games, in file order.
    pub games: Vec<WthorGame>,
}

/// What is wrong with a file (or with a game given to the writer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WthorErrorKind {
    /// The file is shorter than a header.
    TruncatedHeader { len: usize },
    /// The header's game count does not fit the file's length.
    GameCount { claimed: u32, len: usize },
    /// The header's board size is neither 8 nor 0.
    BoardSize(u8),
    /// A move byte that is no square code (10 × row + column, both 1..8) and no end code.
    MoveCode { game: usize, ply: usize, code: u8 },
    /// A square code after the end of the moves, or an end code other than the first one.
    AfterEnd { game: usize, ply: usize, code: u8 },
    /// A move on an occupied square or one that flips nothing, for either side
    /// ([`super::replay`]): `square` is Edax's number.
    Illegal { game: usize, ply: usize, square: u8 },
    /// The writer was given a square outside 0..=63, more than 60 moves or an end code other
    /// than 0 and [`EDAX_END`].
    Unwritable { game: usize },
}

/// An error and the byte offset in the file where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WthorError {
    /// The byte offset in the file (or, for the writer, in the output).
    pub offset: u64,
    /// What is wrong.
    pub kind: WthorErrorKind,
}

impl fmt::Display for WthorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "WTHOR file, byte {}: ", self.offset)?;
        match self.kind {
            WthorErrorKind::TruncatedHeader { len } => {
                write!(f, "truncated header ({len} bytes, a header has {HEADER_SIZE})")
            }
            WthorErrorKind::GameCount { claimed, len } => write!(
                f,
                "the header says {claimed} games ({} bytes) but the file has {len} bytes",
                HEADER_SIZE as u64 + GAME_SIZE as u64 * u64::from(claimed)
            ),
            WthorErrorKind::BoardSize(size) => write!(f, "board size {size} (only 8 × 8 games are read)"),
            WthorErrorKind::MoveCode { game, ply, code } => {
                write!(f, "game {game}, move {ply}: code {code} is no square (11..88, row and column 1..8)")
            }
            WthorErrorKind::AfterEnd { game, ply, code } => {
                write!(f, "game {game}, move {ply}: code {code} after the end of the game")
            }
            WthorErrorKind::Illegal { game, ply, square } => {
                write!(f, "game {game}, move {ply}: {} is illegal", square_name(square))
            }
            WthorErrorKind::Unwritable { game } => write!(f, "game {game} cannot be written"),
        }
    }
}

impl std::error::Error for WthorError {}

/// "a1" ... "h8" for Edax's square 0..=63.
fn square_name(square: u8) -> String {
    format!("{}{}", char::from(b'a' + square % 8), square / 8 + 1)
}

/// The byte offset of move `ply` of game `game`.
pub fn move_offset(game: usize, ply: usize) -> u64 {
    (HEADER_SIZE + MOVES_AT + ply) as u64 + (GAME_SIZE as u64) * game as u64
}

/// Edax's square of a WTHOR move code (10 × row + column, both 1..8), or `None`.
pub fn square_of_code(code: u8) -> Option<u8> {
    let (row, col) = (code / 10, code % 10);
    ((1..=8).contains(&row) && (1..=8).contains(&col)).then(|| 8 * (row - 1) + col - 1)
}

/// The WTHOR move code of Edax's square 0..=63.
pub fn code_of_square(square: u8) -> u8 {
    10 * (square / 8 + 1) + square % 8 + 1
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

/// Reads a whole .wtb file.
pub fn parse(bytes: &[u8]) -> Result<Wthor, WthorError> {
    let Some(head) = bytes.get(..HEADER_SIZE) else {
        return Err(WthorError {
            offset: bytes.len() as u64,
            kind: WthorErrorKind::TruncatedHeader { len: bytes.len() },
        });
    };
    let claimed = u32::from_le_bytes([head[4], head[5], head[6], head[7]]);
    // In u64: 16 + 68 × (2^32 - 1) does not overflow, and nothing is reserved before this check.
    if HEADER_SIZE as u64 + GAME_SIZE as u64 * u64::from(claimed) != bytes.len() as u64 {
        return Err(WthorError { offset: 4, kind: WthorErrorKind::GameCount { claimed, len: bytes.len() } });
    }
    let header = WthorHeader {
        century: head[0],
        year: head[1],
        month: head[2],
        day: head[3],
        n_records: u16_at(head, 8),
        game_year: u16_at(head, 10),
        board_size: head[12],
        game_type: head[13],
        depth: head[14],
        reserved: head[15],
    };
    if header.board_size != 8 && header.board_size != 0 {
        return Err(WthorError { offset: 12, kind: WthorErrorKind::BoardSize(header.board_size) });
    }
    let games = bytes[HEADER_SIZE..].chunks_exact(GAME_SIZE).enumerate().map(|(i, r)| parse_game(i, r));
    Ok(Wthor { header, games: games.collect::<Result<_, _>>()? })
}

/// Reads game `index` from its 68-byte record.
fn parse_game(index: usize, record: &[u8]) -> Result<WthorGame, WthorError> {
    let mut game = WthorGame {
        tournament: u16_at(record, 0),
        black: u16_at(record, 2),
        white: u16_at(record, 4),
        black_discs: record[6],
        theoretical: record[7],
        moves: [0; MAX_MOVES],
        n_moves: 0,
        end: 0,
    };
    let mut ended = false;
    for (ply, &code) in record[MOVES_AT..].iter().enumerate() {
        let error = |kind| Err(WthorError { offset: move_offset(index, ply), kind });
        if ended {
            // A file that is to be written back byte for byte holds one end code repeated.
            if code != game.end {
                return error(WthorErrorKind::AfterEnd { game: index, ply, code });
            }
        } else if code == 0 || code == EDAX_END {
            (ended, game.end) = (true, code);
        } else if let Some(square) = square_of_code(code) {
            game.moves[ply] = square;
            game.n_moves += 1;
        } else {
            return error(WthorErrorKind::MoveCode { game: index, ply, code });
        }
    }
    Ok(game)
}

/// Writes a .wtb file: `header`, the number of games, then the games, so that
/// `write(&parse(b)?.header, &parse(b)?.games)` is `b` again.
pub fn write(header: &WthorHeader, games: &[WthorGame]) -> Result<Vec<u8>, WthorError> {
    let unwritable = |game: usize| WthorError {
        offset: HEADER_SIZE as u64 + GAME_SIZE as u64 * game as u64,
        kind: WthorErrorKind::Unwritable { game },
    };
    let Ok(n_games) = u32::try_from(games.len()) else {
        return Err(WthorError { offset: 4, kind: WthorErrorKind::Unwritable { game: u32::MAX as usize } });
    };
    let mut out = Vec::with_capacity(HEADER_SIZE + GAME_SIZE * games.len());
    out.extend_from_slice(&[header.century, header.year, header.month, header.day]);
    out.extend_from_slice(&n_games.to_le_bytes());
    out.extend_from_slice(&header.n_records.to_le_bytes());
    out.extend_from_slice(&header.game_year.to_le_bytes());
    out.extend_from_slice(&[header.board_size, header.game_type, header.depth, header.reserved]);
    for (i, game) in games.iter().enumerate() {
        let n = usize::from(game.n_moves);
        if n > MAX_MOVES || game.moves[..n].iter().any(|&s| s > 63) || (game.end != 0 && game.end != EDAX_END) {
            return Err(unwritable(i));
        }
        out.extend_from_slice(&game.tournament.to_le_bytes());
        out.extend_from_slice(&game.black.to_le_bytes());
        out.extend_from_slice(&game.white.to_le_bytes());
        out.extend_from_slice(&[game.black_discs, game.theoretical]);
        out.extend(game.moves[..n].iter().map(|&s| code_of_square(s)));
        out.extend(std::iter::repeat_n(game.end, MAX_MOVES - n));
    }
    Ok(out)
}
