//! `read_wthor_bytes`: a WTHOR game file (.wtb) read and replayed by the library
//! (`edax_kernels::bases`), handed to Python as a header dict and one `bytes` per column, which
//! the Python layer (`edax_kernels/bases.py`) views as NumPy arrays without copying again: the
//! stable ABI gives no NumPy C API, and one buffer per column keeps the native side plain.

use edax_kernels::bases::{parse, replay_visiting, WthorError, MAX_MOVES};
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

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(read_wthor_bytes, m)?)
}
