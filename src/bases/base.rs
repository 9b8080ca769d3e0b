//! A game base as Edax's `base_load` / `base_save` (src/base.c) see it: the format is chosen by
//! the last four characters of the file's name, in any case (`.txt`, `.ggf`, `.wtb`, `.edx`;
//! Edax also has `.sgf` and `.pgn`, not read here: docs/book-and-bases.md, section 5); WTHOR games
//! become [`Game`]s as `wthor_to_game` makes them, and games become WTHOR records as
//! `game_to_wthor` / `base_to_wthor` make them, with the players' names in a WTHOR.JOU list.

use super::error::BaseError;
use super::game::{Game, MAX_NAME};
use super::wthor::{self, WthorGame, WthorHeader, EDAX_END, GAME_SIZE, HEADER_SIZE, MAX_MOVES};
use super::{edx, ggf, replay, text};

/// A game-database format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Edax's text game list (.txt).
    Text,
    /// GGS's game format (.ggf).
    Ggf,
    /// WTHOR game file (.wtb).
    Wthor,
    /// Edax's binary game dump (.edx).
    Edx,
    /// Formats Edax reads that are not read here (.sgf, .pgn): the extension.
    Unsupported(&'static str),
}

impl Format {
    /// The format of a file by its name's last four characters, as Edax's `base_load`; `None`
    /// for a name Edax would refuse ("Unknown game format extension").
    pub fn of_name(name: &str) -> Option<Format> {
        let tail = name.len().checked_sub(4).and_then(|i| name.get(i..))?.to_ascii_lowercase();
        match &tail[..] {
            ".txt" => Some(Format::Text),
            ".ggf" => Some(Format::Ggf),
            ".wtb" => Some(Format::Wthor),
            ".sgf" => Some(Format::Unsupported("sgf")),
            ".pgn" => Some(Format::Unsupported("pgn")),
            ".edx" => Some(Format::Edx),
            _ => None,
        }
    }
}

/// Reads every game of a file's `bytes` in `format`.
pub fn read_games(format: Format, bytes: &[u8]) -> Result<Vec<Game>, BaseError> {
    match format {
        Format::Text => text::parse(bytes),
        Format::Ggf => ggf::parse(bytes),
        Format::Edx => edx::parse(bytes),
        Format::Wthor => {
            let file = wthor::parse(bytes)?;
            file.games.iter().enumerate().map(|(i, g)| Ok(game_of_wthor(g, i)?)).collect()
        }
        Format::Unsupported(ext) => Err(BaseError::binary(ext_name(ext), 0, format!(".{ext} files are not read"))),
    }
}

fn ext_name(ext: &str) -> &'static str {
    if ext == "sgf" {
        "SGF"
    } else {
        "PGN"
    }
}

/// Writes games in `format` as Edax's `base_save` writes a new file (.txt, .ggf, .edx; for .wtb,
/// [`write_wthor_games`], which also needs the header and the players' list).
pub fn write_games(format: Format, games: &[Game]) -> Result<Vec<u8>, BaseError> {
    match format {
        Format::Text => Ok(text::write(games)),
        Format::Ggf => Ok(ggf::write(games)),
        Format::Edx => Ok(edx::write(games)),
        Format::Wthor => Err(BaseError::binary("WTHOR", 0, "a .wtb file is written with its header and players' list")),
        Format::Unsupported(ext) => Err(BaseError::binary(ext_name(ext), 0, format!(".{ext} files are not written"))),
    }
}

/// A WTHOR game as a [`Game`] (Edax's `wthor_to_game`: the standard start, names "?"); an
/// illegal move is an error (Edax stops the game there).
pub fn game_of_wthor(game: &WthorGame, index: usize) -> Result<Game, wthor::WthorError> {
    replay(game, index)?;
    Ok(Game::from_moves(game.moves[..usize::from(game.n_moves)].to_vec()))
}

/// A game as Edax's `game_to_wthor` records it, with the players' indices from `players`
/// (Edax's `wthor_player_get`: a name not in the list is appended, cut to 19 bytes). The score
/// is 32 + half Edax's `game_score` (so 225, i.e. -31, for a game that is not over), copied to
/// the theoretical score; the tournament is 0; a game with fewer than 60 moves ends with 92s.
/// `None` when the game holds more than 60 moves or a square beyond 63.
pub fn wthor_of_game(game: &Game, players: &mut Names) -> Option<WthorGame> {
    let n = game.moves.len();
    if n > MAX_MOVES || game.moves.iter().any(|&s| s > 63) {
        return None;
    }
    let mut moves = [0; MAX_MOVES];
    moves[..n].copy_from_slice(&game.moves);
    let score = (32 + game.score() / 2) as i8 as u8;
    Some(WthorGame {
        tournament: 0,
        black: players.index_of(&game.black),
        white: players.index_of(&game.white),
        black_discs: score,
        theoretical: score,
        moves,
        n_moves: n as u8,
        end: if n < MAX_MOVES { EDAX_END } else { 0 },
    })
}

/// Writes games as a .wtb file as Edax's `base_save` does for a new file: `header` (Edax stamps
/// today's date and year, board size 8, depth 1: see `wthor_header_set`), then the games, their
/// players' indices taken from (and new names added to) `players`, which Edax then writes as
/// WTHOR.JOU beside the file ([`write_names`]).
pub fn write_wthor_games(header: &WthorHeader, games: &[Game], players: &mut Names) -> Result<Vec<u8>, BaseError> {
    let records = games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            wthor_of_game(g, players).ok_or_else(|| {
                BaseError::binary("WTHOR", (HEADER_SIZE + GAME_SIZE * i) as u64, format!("game {i} cannot be written"))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(wthor::write(header, &records)?)
}

/// A WTHOR.JOU (players, 20-byte records) or WTHOR.TRN (tournaments, 26-byte records) file: the
/// header and the names in index order, each the bytes before its first NUL (Latin-1 / CP-437 in
/// the federation's files, not decoded here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    /// The header (its record count is the number of names).
    pub header: WthorHeader,
    /// Bytes of a record: [`PLAYER_SIZE`] or [`TOURNAMENT_SIZE`].
    pub record_size: usize,
    /// The records, each `record_size` bytes as stored.
    pub records: Vec<Vec<u8>>,
}

/// Bytes of a WTHOR.JOU record.
pub const PLAYER_SIZE: usize = 20;
/// Bytes of a WTHOR.TRN record.
pub const TOURNAMENT_SIZE: usize = 26;

impl Names {
    /// Edax's list when there is no WTHOR.JOU (`wthor_players_init`): one player, "?".
    pub fn new_players(header: WthorHeader) -> Self {
        let mut record = vec![0; PLAYER_SIZE];
        record[0] = b'?';
        Names { header, record_size: PLAYER_SIZE, records: vec![record] }
    }

    /// Name `i`: its bytes up to the first NUL.
    pub fn name(&self, i: usize) -> Option<&[u8]> {
        let r = self.records.get(i)?;
        Some(&r[..r.iter().position(|&b| b == 0).unwrap_or(r.len())])
    }

    /// The index of `name` (compared whole, as Edax's `strcmp`, so a name longer than a record
    /// never matches its cut copy), appended when absent.
    pub fn index_of(&mut self, name: &[u8]) -> u16 {
        let name = &name[..name.len().min(MAX_NAME)];
        if let Some(i) = (0..self.records.len()).find(|&i| self.name(i) == Some(name)) {
            return i as u16;
        }
        let mut record = vec![0; self.record_size];
        let n = name.len().min(self.record_size - 1);
        record[..n].copy_from_slice(&name[..n]);
        self.records.push(record);
        (self.records.len() - 1) as u16
    }
}

/// Reads a WTHOR.JOU (`record_size` 20) or WTHOR.TRN (26) file; its length must be the header's
/// record count times the record size, plus the header (checked before anything is allocated).
pub fn parse_names(bytes: &[u8], record_size: usize) -> Result<Names, BaseError> {
    let format = if record_size == PLAYER_SIZE { "WTHOR players (.JOU)" } else { "WTHOR tournaments (.TRN)" };
    if bytes.len() < HEADER_SIZE {
        return Err(BaseError::binary(
            format,
            bytes.len() as u64,
            format!("truncated header ({} bytes, a header has {HEADER_SIZE})", bytes.len()),
        ));
    }
    let h = &bytes[..HEADER_SIZE];
    let header = WthorHeader {
        century: h[0],
        year: h[1],
        month: h[2],
        day: h[3],
        n_records: u16::from_le_bytes([h[8], h[9]]),
        game_year: u16::from_le_bytes([h[10], h[11]]),
        board_size: h[12],
        game_type: h[13],
        depth: h[14],
        reserved: h[15],
    };
    let n = usize::from(header.n_records);
    if bytes.len() != HEADER_SIZE + n * record_size {
        return Err(BaseError::binary(
            format,
            8,
            format!(
                "the header says {n} records ({} bytes) but the file has {} bytes",
                HEADER_SIZE + n * record_size,
                bytes.len()
            ),
        ));
    }
    let games = u32::from_le_bytes([h[4], h[5], h[6], h[7]]);
    if games != 0 {
        return Err(BaseError::binary(format, 4, format!("a game count of {games} (0 in a names file)")));
    }
    let records = bytes[HEADER_SIZE..].chunks_exact(record_size).map(<[u8]>::to_vec).collect();
    Ok(Names { header, record_size, records })
}

/// Writes a names file: the header with a game count of 0 and `records.len()` records (Edax's
/// `wthor_players_save` stamps today's date and year, board size 8, depth 1), then the records.
pub fn write_names(names: &Names) -> Result<Vec<u8>, BaseError> {
    let n =
        u16::try_from(names.records.len()).map_err(|_| BaseError::binary("WTHOR names", 8, "more than 65535 names"))?;
    if let Some(i) = names.records.iter().position(|r| r.len() != names.record_size) {
        return Err(BaseError::binary(
            "WTHOR names",
            (HEADER_SIZE + i * names.record_size) as u64,
            format!("record {i} is not {} bytes", names.record_size),
        ));
    }
    let h = &names.header;
    let mut out = vec![h.century, h.year, h.month, h.day, 0, 0, 0, 0];
    out.extend_from_slice(&n.to_le_bytes());
    out.extend_from_slice(&h.game_year.to_le_bytes());
    out.extend_from_slice(&[h.board_size, h.game_type, h.depth, h.reserved]);
    for r in &names.records {
        out.extend_from_slice(r);
    }
    Ok(out)
}
