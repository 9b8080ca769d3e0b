//! `read_wthor_bytes`: a WTHOR game file (.wtb) read and replayed by the library
//! (`edax_kernels::bases`), handed to Python as a header dict and one `bytes` per column, which
//! the Python layer (`edax_kernels/bases.py`) views as NumPy arrays without copying again: the
//! stable ABI gives no NumPy C API, and one buffer per column keeps the native side plain.

use edax_kernels::bases::{
    parse, read_games, replay_visiting, write, write_games, Format, Game, WthorError, WthorGame, WthorHeader, EDAX_END,
    MAX_MOVES,
};
use edax_kernels::EkBoard;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

/// The columns of every game, little-endian, and of every position when asked for.
#[derive(Default)]
struct Columns {
    tournament: Vec<u8>,
    black: Vec<u8>,
    white: Vec<u8>,
    black_discs: Vec<u8>,
    theoretical: Vec<u8>,
    moves: Vec<u8>,
    n_moves: Vec<u8>,
    final_black_discs: Vec<u8>,
    // Positions: one row per move played, seen from the side about to play it.
    players: Vec<u8>,
    opponents: Vec<u8>,
    game: Vec<u8>,
    ply: Vec<u8>,
    black_to_move: Vec<u8>,
    score: Vec<u8>,
}

/// Reads and replays the whole file; `Err` is the library's error (with its byte offset).
fn read(data: &[u8], positions: bool) -> Result<(edax_kernels::bases::WthorHeader, u32, Columns), WthorError> {
    let base = parse(data)?;
    let mut c = Columns::default();
    for (i, g) in base.games.iter().enumerate() {
        c.tournament.extend(g.tournament.to_le_bytes());
        c.black.extend(g.black.to_le_bytes());
        c.white.extend(g.white.to_le_bytes());
        c.black_discs.push(g.black_discs);
        c.theoretical.push(g.theoretical);
        let n = usize::from(g.n_moves);
        // int8 squares, -1 past the end (two's complement: 0xFF).
        c.moves.extend(g.moves[..n].iter().copied().chain(std::iter::repeat_n(0xFF, MAX_MOVES - n)));
        c.n_moves.push(g.n_moves);
        let first_row = c.black_to_move.len();
        let r = replay_visiting(g, i, |p| {
            if positions {
                c.players.extend(p.board.player.to_le_bytes());
                c.opponents.extend(p.board.opponent.to_le_bytes());
                c.game.extend((i as u32).to_le_bytes());
                c.ply.push(p.ply as u8);
                c.black_to_move.push(u8::from(p.black_to_move));
            }
        })?;
        c.final_black_discs.push(r.black_discs);
        // The result of the game from the side to move of each position: black's WTHOR disc
        // count as a difference (empty squares to the winner), negated for white.
        let black_score = 2 * i32::from(r.black_discs) - 64;
        for &black_to_move in &c.black_to_move[first_row..] {
            let s = if black_to_move == 1 { black_score } else { -black_score };
            c.score.push(s as i8 as u8);
        }
    }
    Ok((base.header, base.games.len() as u32, c))
}

/// `read_wthor_bytes(data, name, positions)`: `(header, columns)`, each column `bytes`; a bad
/// file raises ValueError naming `name` and the byte offset.
#[pyfunction]
fn read_wthor_bytes<'py>(
    py: Python<'py>,
    data: Vec<u8>,
    name: &str,
    positions: bool,
) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>)> {
    let (h, n_games, c) =
        py.detach(|| read(&data, positions)).map_err(|e| PyValueError::new_err(format!("{name}: {e}")))?;
    let header = PyDict::new(py);
    header.set_item("century", h.century)?;
    header.set_item("year", h.year)?;
    header.set_item("month", h.month)?;
    header.set_item("day", h.day)?;
    header.set_item("n_games", n_games)?;
    header.set_item("n_records", h.n_records)?;
    header.set_item("game_year", h.game_year)?;
    header.set_item("board_size", h.board_size)?;
    header.set_item("game_type", h.game_type)?;
    header.set_item("depth", h.depth)?;
    header.set_item("reserved", h.reserved)?;
    let columns = PyDict::new(py);
    let put = |key: &str, v: &[u8]| columns.set_item(key, PyBytes::new(py, v));
    put("tournament", &c.tournament)?;
    put("black", &c.black)?;
    put("white", &c.white)?;
    put("black_discs", &c.black_discs)?;
    put("theoretical", &c.theoretical)?;
    put("moves", &c.moves)?;
    put("n_moves", &c.n_moves)?;
    put("final_black_discs", &c.final_black_discs)?;
    if positions {
        put("players", &c.players)?;
        put("opponents", &c.opponents)?;
        put("game", &c.game)?;
        put("ply", &c.ply)?;
        put("black_to_move", &c.black_to_move)?;
        put("score", &c.score)?;
    }
    Ok((header, columns))
}

/// A game handed to Python: black to move first, the initial board (side to move's discs, the
/// other side's), black's and white's names, the moves, Edax's final score (-127: not over).
type PyGame<'py> = (bool, u64, u64, Bound<'py, PyBytes>, Bound<'py, PyBytes>, Bound<'py, PyBytes>, i32);

/// A game from Python: black to move first, the initial board (side to move's discs, the other
/// side's), black's and white's names, the moves.
type GameIn = (bool, u64, u64, Vec<u8>, Vec<u8>, Vec<u8>);

/// The format of `name` by its extension, as Edax's `base_load`.
fn format_of(name: &str) -> PyResult<Format> {
    Format::of_name(name)
        .ok_or_else(|| PyValueError::new_err(format!("{name}: unknown game format extension (.txt, .ggf, .wtb)")))
}

/// `read_games_bytes(data, name)`: every game of a .txt, .ggf, .wtb or .edx file (the format by
/// `name`'s extension); a bad file raises ValueError naming `name`, the byte offset (and line
/// and column).
#[pyfunction]
fn read_games_bytes<'py>(py: Python<'py>, data: Vec<u8>, name: &str) -> PyResult<Vec<PyGame<'py>>> {
    let format = format_of(name)?;
    let games = py.detach(|| read_games(format, &data)).map_err(|e| PyValueError::new_err(format!("{name}: {e}")))?;
    Ok(games
        .iter()
        .map(|g| {
            (
                g.black_to_move,
                g.board.player,
                g.board.opponent,
                PyBytes::new(py, &g.black),
                PyBytes::new(py, &g.white),
                PyBytes::new(py, &g.moves),
                g.score(),
            )
        })
        .collect())
}

/// `write_games_bytes(name, games)`: the bytes of a .txt, .ggf or .edx file as Edax writes it, each
/// game `(black_to_move, player, opponent, black_name, white_name, moves)`.
#[pyfunction]
fn write_games_bytes<'py>(py: Python<'py>, name: &str, games: Vec<GameIn>) -> PyResult<Bound<'py, PyBytes>> {
    let format = format_of(name)?;
    if !matches!(format, Format::Text | Format::Ggf | Format::Edx) {
        return Err(PyValueError::new_err(format!(
            "{name}: only .txt, .ggf and .edx are written here (write_wthor for .wtb)"
        )));
    }
    let games: Vec<Game> = games
        .into_iter()
        .map(|(black_to_move, player, opponent, black, white, moves)| Game {
            board: EkBoard::new(player, opponent),
            black_to_move,
            black,
            white,
            moves,
            date: Default::default(),
        })
        .collect();
    let bytes = write_games(format, &games).map_err(|e| PyValueError::new_err(format!("{name}: {e}")))?;
    Ok(PyBytes::new(py, &bytes))
}

/// `write_wthor_bytes(header, games, end)`: a .wtb file's bytes; `header` the 10 stored fields
/// (century, year, month, day, n_records, game_year, board_size, game_type, depth, reserved),
/// each game `(tournament, black, white, black_discs, theoretical, moves)`, `end` the byte after
/// a short game's last move (0, or Edax's 92).
#[pyfunction]
#[allow(clippy::type_complexity)]
fn write_wthor_bytes<'py>(
    py: Python<'py>,
    header: (u8, u8, u8, u8, u16, u16, u8, u8, u8, u8),
    games: Vec<(u16, u16, u16, u8, u8, Vec<u8>)>,
    end: u8,
) -> PyResult<Bound<'py, PyBytes>> {
    let (century, year, month, day, n_records, game_year, board_size, game_type, depth, reserved) = header;
    let header =
        WthorHeader { century, year, month, day, n_records, game_year, board_size, game_type, depth, reserved };
    if end != 0 && end != EDAX_END {
        return Err(PyValueError::new_err(format!("end code {end} (0 or {EDAX_END})")));
    }
    let mut records = Vec::with_capacity(games.len());
    for (i, (tournament, black, white, black_discs, theoretical, moves)) in games.into_iter().enumerate() {
        if moves.len() > MAX_MOVES || moves.iter().any(|&s| s > 63) {
            return Err(PyValueError::new_err(format!("game {i}: more than {MAX_MOVES} moves or a square beyond 63")));
        }
        let mut m = [0; MAX_MOVES];
        m[..moves.len()].copy_from_slice(&moves);
        let n = moves.len();
        records.push(WthorGame {
            tournament,
            black,
            white,
            black_discs,
            theoretical,
            moves: m,
            n_moves: n as u8,
            end: if n < MAX_MOVES { end } else { 0 },
        });
    }
    let bytes = write(&header, &records).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(PyBytes::new(py, &bytes))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(read_wthor_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(read_games_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(write_games_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(write_wthor_bytes, m)?)
}
