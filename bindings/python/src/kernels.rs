//! The single-board kernels, the version and the instruction-set level. Bitboards are Python
//! ints in 0..2**64 (others raise OverflowError or TypeError), squares Python ints.

use crate::board::Board;
use crate::error::status_error;
use edax_kernels::ffi::api::{ek_version, EK_ERR_ISA_UNKNOWN, EK_ERR_ISA_UNSUPPORTED, EK_ERR_RANGE};
use edax_kernels::{EkBoard, Isa};
use pyo3::prelude::*;
use std::cell::Cell;
use std::ffi::CStr;

/// The library version, "MAJOR.MINOR.PATCH".
#[pyfunction]
fn version() -> &'static str {
    // SAFETY: ek_version returns a static NUL-terminated string.
    let v = unsafe { CStr::from_ptr(ek_version()) };
    v.to_str().unwrap_or_default()
}

/// The active instruction-set level: "portable", "sse2", "avx2", "avx512" or "neon".
#[pyfunction]
fn isa() -> &'static str {
    edax_kernels::active_isa().name()
}

fn parse_isa(py: Python<'_>, name: &str) -> PyResult<Isa> {
    Isa::from_name(name).ok_or_else(|| status_error(py, EK_ERR_ISA_UNKNOWN))
}

/// Whether this CPU can run the named level (raises for an unknown name).
#[pyfunction]
fn isa_supported(py: Python<'_>, name: &str) -> PyResult<bool> {
    Ok(parse_isa(py, name)?.is_available())
}

/// Makes the named level the active one (raises when unknown or unsupported).
#[pyfunction]
fn set_isa(py: Python<'_>, name: &str) -> PyResult<()> {
    edax_kernels::set_active_isa(parse_isa(py, name)?).map_err(|_| status_error(py, EK_ERR_ISA_UNSUPPORTED))
}

/// Discs flipped when the side to move (p) plays x against o.
#[pyfunction]
fn flip(x: i32, p: u64, o: u64) -> u64 {
    edax_kernels::flip(x, p, o)
}

/// The position after the side to move plays x (a pass when x is not 0..63), as (player, opponent).
#[pyfunction]
fn board_next(board: Board, x: i32) -> (u64, u64) {
    let next = Cell::new(EkBoard::default());
    edax_kernels::board_next(&Cell::new(board.0), x, &next);
    (next.get().player, next.get().opponent)
}

/// Twice the discs p flips by playing x when every other square is the opponent's.
#[pyfunction]
fn count_last_flip(x: i32, p: u64) -> i32 {
    edax_kernels::count_last_flip(x, p)
}

/// Edax 4.4's board_score_1 (score for the side not to move, lazy cut-off at beta).
#[pyfunction]
fn board_score_1(board: Board, beta: i32, x: i32) -> i32 {
    edax_kernels::board_score_1(board.0.player, board.0.opponent, beta, x)
}

/// The exact score of board_score_1, without cut-off.
#[pyfunction]
fn board_score_1_exact(board: Board, x: i32) -> i32 {
    edax_kernels::board_score_1_exact(board.0.player, board.0.opponent, x)
}

/// Bitboard of the legal moves of p against o.
#[pyfunction]
fn get_moves(p: u64, o: u64) -> u64 {
    edax_kernels::get_moves(p, o)
}

/// Whether p has a legal move.
#[pyfunction]
fn can_move(p: u64, o: u64) -> bool {
    edax_kernels::can_move(p, o)
}

/// The number of legal moves.
#[pyfunction]
fn get_mobility(p: u64, o: u64) -> i32 {
    edax_kernels::get_mobility(p, o)
}

/// The number of legal moves, corners counted twice.
#[pyfunction]
fn get_weighted_mobility(p: u64, o: u64) -> i32 {
    edax_kernels::get_weighted_mobility(p, o)
}

/// Edax's potential mobility (corners counted twice).
#[pyfunction]
fn get_potential_mobility(p: u64, o: u64) -> i32 {
    edax_kernels::get_potential_mobility(p, o)
}

/// Edax's lower bound of the number of stable discs of p.
#[pyfunction]
fn get_stability(p: u64, o: u64) -> i32 {
    edax_kernels::get_stability(p, o)
}

/// The number of stable discs of p on the edges.
#[pyfunction]
fn get_edge_stability(p: u64, o: u64) -> i32 {
    edax_kernels::get_edge_stability(p, o)
}

/// Owned corners plus owned edge squares next to an owned corner.
#[pyfunction]
fn get_corner_stability(p: u64) -> i32 {
    edax_kernels::get_corner_stability(p)
}

/// Edax 4.6's board hash code (CRC-32C of both bitboards).
#[pyfunction]
fn hash_code(board: Board) -> u64 {
    edax_kernels::hash_code(&board.0)
}

/// The board under symmetry s (0..7; raises otherwise), as (player, opponent).
#[pyfunction]
fn symmetry(py: Python<'_>, board: Board, s: i32) -> PyResult<(u64, u64)> {
    if !(0..=7).contains(&s) {
        return Err(status_error(py, EK_ERR_RANGE));
    }
    let b = edax_kernels::symmetry(board.0, s);
    Ok((b.player, b.opponent))
}

/// The smallest of the 8 symmetric boards (unsigned order), as (player, opponent), and the
/// symmetry giving it.
#[pyfunction]
fn unique(board: Board) -> ((u64, u64), i32) {
    let u = edax_kernels::unique(board.0);
    ((u.board.player, u.board.opponent), u.symmetry)
}

/// The number of set bits.
#[pyfunction]
fn bit_count(b: u64) -> i32 {
    edax_kernels::bit_count(b)
}

/// Perft, Edax's convention: nodes depth plies below the board (other threads run meanwhile).
#[pyfunction]
fn perft(py: Python<'_>, board: Board, depth: i32) -> u64 {
    py.detach(|| edax_kernels::perft(board.0, depth).nodes)
}

/// Perft, the published convention (a finished game counts at every deeper ply).
#[pyfunction]
fn perft_terminal(py: Python<'_>, board: Board, depth: i32) -> u64 {
    py.detach(|| edax_kernels::perft(board.0, depth).nodes_terminal)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(isa, m)?)?;
    m.add_function(wrap_pyfunction!(isa_supported, m)?)?;
    m.add_function(wrap_pyfunction!(set_isa, m)?)?;
    m.add_function(wrap_pyfunction!(flip, m)?)?;
    m.add_function(wrap_pyfunction!(board_next, m)?)?;
    m.add_function(wrap_pyfunction!(count_last_flip, m)?)?;
    m.add_function(wrap_pyfunction!(board_score_1, m)?)?;
    m.add_function(wrap_pyfunction!(board_score_1_exact, m)?)?;
    m.add_function(wrap_pyfunction!(get_moves, m)?)?;
    m.add_function(wrap_pyfunction!(can_move, m)?)?;
    m.add_function(wrap_pyfunction!(get_mobility, m)?)?;
    m.add_function(wrap_pyfunction!(get_weighted_mobility, m)?)?;
    m.add_function(wrap_pyfunction!(get_potential_mobility, m)?)?;
    m.add_function(wrap_pyfunction!(get_stability, m)?)?;
    m.add_function(wrap_pyfunction!(get_edge_stability, m)?)?;
    m.add_function(wrap_pyfunction!(get_corner_stability, m)?)?;
    m.add_function(wrap_pyfunction!(hash_code, m)?)?;
    m.add_function(wrap_pyfunction!(symmetry, m)?)?;
    m.add_function(wrap_pyfunction!(unique, m)?)?;
    m.add_function(wrap_pyfunction!(bit_count, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(perft_terminal, m)?)
}
