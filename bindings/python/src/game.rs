//! `Game`: an Othello game held in native memory (the position, who is to move, the history),
//! so that a game loop from Python costs one native call per operation: legal moves, play,
//! pass, undo, a random move, game over and winner, Edax's board text and .obf lines.

use crate::board::Board;
use edax_kernels::{can_move, flip, get_moves, EkBoard, NOMOVE, PASS};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// The start position, black to move.
const START: EkBoard = EkBoard::START;

/// The name of square `x` (0..63): "a1" .. "h8".
pub(crate) fn square_name(x: i32) -> String {
    match x {
        0..=63 => format!("{}{}", (b'a' + (x % 8) as u8) as char, x / 8 + 1),
        PASS => "pass".to_owned(),
        _ => format!("square {x}"),
    }
}

/// The square of a name ("a1" .. "h8", any case).
fn square_of(name: &str) -> PyResult<i32> {
    match name.trim().to_ascii_lowercase().as_bytes() {
        [c @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok((c - b'a') as i32 + 8 * (r - b'1') as i32),
        _ => Err(PyValueError::new_err(format!("Game.play: {name:?} is not a square (a1 .. h8)"))),
    }
}

/// splitmix64: the games' own random numbers (seeded: a game given a seed plays the same
/// random moves on every machine).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The square of the `k`-th set bit of `b` (k < popcount(b)).
fn nth_bit(mut b: u64, k: u32) -> i32 {
    for _ in 0..k {
        b &= b - 1;
    }
    b.trailing_zeros() as i32
}

/// An Othello game held in native memory: the position (the side to move's and the other side's
/// discs), whether black is to move, and the positions before (for undo), so that each
/// operation from Python is one native call. A1 = bit 0 ... H8 = bit 63.
///
/// Game() is the start position, black to move; Game(board, black_to_move=...) any position
/// (bitboards must not overlap); Game.from_text(text) Edax's board text (64 squares, X black, O
/// white, - empty, then the side to move); Game.from_obf(line) an .obf line. seed= makes
/// random_move and play_random reproducible (default: a seed from the operating system).
///
/// Properties: player, opponent, board, black_to_move, ply, legal_moves (a bitboard),
/// must_pass, is_over, discs (black's, white's), score (black's final score once over, else
/// None), winner (1 black, -1 white, 0 draw, None while going on). Methods: moves(), play(x)
/// (a square 0..63 or a name such as "d3"), pass_(), undo(), random_move(), play_random(),
/// play_out(), after(x) (a copy with x played), to_text(), to_obf(), copy(). Illegal moves, passes and undos raise, never play
/// something else.
#[pyclass(module = "edax_kernels", subclass)]
pub(crate) struct Game {
    p: u64,
    o: u64,
    black: bool,
    /// Legal moves of the side to move, kept with the position.
    moves: u64,
    history: Vec<(u64, u64, bool)>,
    rng: u64,
}

impl Clone for Game {
    /// A copy with room for a few more moves, so that playing on it does not reallocate the
    /// history at once (after() plays right away).
    fn clone(&self) -> Game {
        let mut history = Vec::with_capacity(self.history.len() + 16);
        history.extend_from_slice(&self.history);
        Game { history, ..*self }
    }
}

impl Game {
    fn at(p: u64, o: u64, black: bool, rng: u64) -> Game {
        Game { p, o, black, moves: get_moves(p, o), history: Vec::new(), rng }
    }

    fn set(&mut self, p: u64, o: u64, black: bool) {
        self.history.push((self.p, self.o, self.black));
        (self.p, self.o, self.black) = (p, o, black);
        self.moves = get_moves(p, o);
    }

    fn over(&self) -> bool {
        self.moves == 0 && !can_move(self.o, self.p)
    }

    /// (black's discs, white's discs).
    fn colours(&self) -> (u64, u64) {
        if self.black {
            (self.p, self.o)
        } else {
            (self.o, self.p)
        }
    }

    /// The position from Edax's 64 squares and side to move (`what` names the input).
    fn parse(text: &str, what: &str) -> PyResult<(u64, u64, bool)> {
        let bad = |why: String| PyValueError::new_err(format!("{what}: {why}: {text:?}"));
        let mut squares = Vec::with_capacity(64);
        let mut chars = text.chars().filter(|c| !c.is_whitespace());
        for c in chars.by_ref().take(64) {
            squares.push(match c {
                'X' | 'x' | '*' => 1u8,
                'O' | 'o' => 2,
                '-' | '.' => 0,
                other => return Err(bad(format!("{other:?} is not a square (X, O or -)"))),
            });
        }
        if squares.len() < 64 {
            return Err(bad(format!("{} squares, not 64", squares.len())));
        }
        let black = match chars.next() {
            Some('X' | 'x' | '*') => true,
            Some('O' | 'o') => false,
            Some(c) => return Err(bad(format!("{c:?} is not a side to move (X or O)"))),
            None => return Err(bad("no side to move after the 64 squares".to_owned())),
        };
        if let Some(c) = chars.next() {
            return Err(bad(format!("{c:?} after the side to move")));
        }
        let bits = |v: u8| squares.iter().enumerate().filter(|&(_, &s)| s == v).fold(0u64, |b, (i, _)| b | 1 << i);
        let (x, o) = (bits(1), bits(2));
        Ok(if black { (x, o, true) } else { (o, x, false) })
    }

    fn text(&self) -> String {
        let (black, white) = self.colours();
        let mut s: String = (0..64)
            .map(|i| match (black >> i & 1, white >> i & 1) {
                (1, _) => 'X',
                (_, 1) => 'O',
                _ => '-',
            })
            .collect();
        s.push(' ');
        s.push(if self.black { 'X' } else { 'O' });
        s
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (board = None, *, black_to_move = true, seed = None))]
    fn new(board: Option<Board>, black_to_move: bool, seed: Option<u64>) -> PyResult<Self> {
        let b = board.map_or(START, |b| b.0);
        if b.player & b.opponent != 0 {
            return Err(PyValueError::new_err(format!(
                "Game: the bitboards overlap ({:#018x} and {:#018x})",
                b.player, b.opponent
            )));
        }
        let rng = seed.unwrap_or_else(|| {
            use std::hash::{BuildHasher, RandomState};
            RandomState::new().hash_one(std::time::SystemTime::now())
        });
        Ok(Game::at(b.player, b.opponent, black_to_move, rng))
    }

    /// The game at the position of Edax's board text: 64 squares A1..H8 (X, x or * black; O or
    /// o white; - or . empty; whitespace ignored), then the side to move (X or O).
    #[classmethod]
    #[pyo3(signature = (text, *, seed = None))]
    fn from_text(_cls: &Bound<'_, PyType>, text: &str, seed: Option<u64>) -> PyResult<Self> {
        let (p, o, black) = Game::parse(text, "Game.from_text")?;
        let mut g = Game::new(None, true, seed)?;
        (g.p, g.o, g.black, g.moves) = (p, o, black, get_moves(p, o));
        Ok(g)
    }

    /// The game at the position of an Edax .obf line: the board text, then ';' and whatever
    /// follows (the moves' scores, ignored).
    #[classmethod]
    #[pyo3(signature = (line, *, seed = None))]
    fn from_obf(cls: &Bound<'_, PyType>, line: &str, seed: Option<u64>) -> PyResult<Self> {
        let board = line.split_once(';').map_or(line, |(b, _)| b);
        if !line.contains(';') {
            return Err(PyValueError::new_err(format!("Game.from_obf: no ';' after the side to move: {line:?}")));
        }
        Game::from_text(cls, board, seed)
            .map_err(|e| PyValueError::new_err(e.to_string().replace("from_text", "from_obf")))
    }

    /// Edax's board text: 64 squares A1..H8 (X black, O white, - empty), a space, the side to move.
    fn to_text(&self) -> String {
        self.text()
    }

    /// An Edax .obf line of the position (the board text and ';').
    fn to_obf(&self) -> String {
        self.text() + ";"
    }

    /// The position from the side to move, as an edax_kernels.Board.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        static BOARD: PyOnceLock<Py<PyType>> = PyOnceLock::new();
        BOARD.import(py, "edax_kernels", "Board")?.call1((self.p, self.o))
    }

    /// The side to move's discs.
    #[getter]
    fn player(&self) -> u64 {
        self.p
    }

    /// The other side's discs.
    #[getter]
    fn opponent(&self) -> u64 {
        self.o
    }

    /// Whether black is to move.
    #[getter]
    fn black_to_move(&self) -> bool {
        self.black
    }

    /// Moves and passes played since the game's first position (what undo can take back).
    #[getter]
    fn ply(&self) -> usize {
        self.history.len()
    }

    /// The legal moves of the side to move, as a bitboard.
    #[getter]
    fn legal_moves(&self) -> u64 {
        self.moves
    }

    /// The legal moves of the side to move, as a list of squares (0..63, A1 first).
    fn moves(&self) -> Vec<i32> {
        let mut m = self.moves;
        let mut out = Vec::with_capacity(m.count_ones() as usize);
        while m != 0 {
            out.push(m.trailing_zeros() as i32);
            m &= m - 1;
        }
        out
    }

    /// Whether the side to move must pass (no move, but the other side has one).
    #[getter]
    fn must_pass(&self) -> bool {
        self.moves == 0 && can_move(self.o, self.p)
    }

    /// Whether neither side can move.
    #[getter]
    fn is_over(&self) -> bool {
        self.over()
    }

    /// (black's discs, white's discs), counted.
    #[getter]
    fn discs(&self) -> (u32, u32) {
        let (b, w) = self.colours();
        (b.count_ones(), w.count_ones())
    }

    /// The final score for black (empty squares to the winner) once the game is over, else None.
    #[getter]
    fn score(&self) -> Option<i32> {
        if !self.over() {
            return None;
        }
        let (b, w) = self.discs();
        let (b, w) = (b as i32, w as i32);
        let empties = 64 - b - w;
        Some(match b.cmp(&w) {
            std::cmp::Ordering::Greater => b - w + empties,
            std::cmp::Ordering::Less => b - w - empties,
            std::cmp::Ordering::Equal => 0,
        })
    }

    /// 1 when black won, -1 when white won, 0 for a draw; None while the game goes on.
    #[getter]
    fn winner(&self) -> Option<i32> {
        self.score().map(i32::signum)
    }

    /// Plays x (a square 0..63, or its name such as "d3") for the side to move; raises
    /// ValueError when it is not a legal move.
    fn play(&mut self, x: &Bound<'_, PyAny>) -> PyResult<()> {
        let x = match x.extract::<i64>() {
            Ok(x) => x.clamp(-1, 64) as i32,
            Err(_) => square_of(&x.extract::<String>().map_err(|_| {
                PyValueError::new_err(format!("Game.play: {x} is not a square (0..63, or a name such as \"d3\")"))
            })?)?,
        };
        if !(0..64).contains(&x) || self.moves >> x & 1 == 0 {
            return Err(PyValueError::new_err(format!(
                "Game.play: {} is not a legal move (legal: {})",
                square_name(x),
                self.moves().iter().map(|&m| square_name(m)).collect::<Vec<_>>().join(" ")
            )));
        }
        let f = flip(x, self.p, self.o);
        self.set(self.o ^ f, self.p ^ f ^ (1 << x), !self.black);
        Ok(())
    }

    /// A copy of the game with x played (this game unchanged): one call where copy() then play()
    /// take two. Raises ValueError as play does.
    fn after(&self, x: &Bound<'_, PyAny>) -> PyResult<Game> {
        let mut g = self.clone();
        g.play(x)?;
        Ok(g)
    }

    /// The side to move passes; raises ValueError when it has a move or the game is over.
    fn pass_(&mut self) -> PyResult<()> {
        if !self.must_pass() {
            let why = if self.moves != 0 { "the side to move has a move" } else { "the game is over" };
            return Err(PyValueError::new_err(format!("Game.pass_: no pass here: {why}")));
        }
        self.set(self.o, self.p, !self.black);
        Ok(())
    }

    /// Takes back the last move or pass; raises IndexError at the game's first position.
    fn undo(&mut self) -> PyResult<()> {
        let (p, o, black) = self.history.pop().ok_or_else(|| PyIndexError::new_err("Game.undo: nothing to undo"))?;
        (self.p, self.o, self.black) = (p, o, black);
        self.moves = get_moves(p, o);
        Ok(())
    }

    /// A legal move chosen uniformly at random (not played): PASS (64) when the side to move
    /// must pass, NOMOVE (65) when the game is over.
    fn random_move(&mut self) -> i32 {
        match self.moves.count_ones() {
            0 if self.over() => NOMOVE,
            0 => PASS,
            n => nth_bit(self.moves, (((splitmix(&mut self.rng) >> 32) * n as u64) >> 32) as u32),
        }
    }

    /// Plays a random legal move (or passes when the side to move must); returns it (PASS, or
    /// NOMOVE when the game is over and nothing was played).
    fn play_random(&mut self) -> i32 {
        let x = self.random_move();
        match x {
            NOMOVE => {}
            PASS => self.set(self.o, self.p, !self.black),
            _ => {
                let f = flip(x, self.p, self.o);
                self.set(self.o ^ f, self.p ^ f ^ (1 << x), !self.black);
            }
        }
        x
    }

    /// Plays random moves (and passes) to the end of the game; returns black's final score.
    fn play_out(&mut self) -> i32 {
        while self.play_random() != NOMOVE {}
        self.score().unwrap_or(0)
    }

    /// Sets the seed of random_move and play_random.
    fn seed(&mut self, seed: u64) {
        self.rng = seed;
    }

    /// A copy (position, history and random state).
    fn copy(&self) -> Game {
        self.clone()
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __eq__(&self, other: PyRef<'_, Game>) -> bool {
        (self.p, self.o, self.black) == (other.p, other.o, other.black)
    }

    fn __repr__(&self) -> String {
        format!("Game.from_text('{}')", self.text())
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()
}
