//! The opening book (`Book`, the crate's `EkBook`: Edax 4.6's book.dat), as the C API's
//! `ek_book_*` functions give it. The package's `Book` (`__init__.py`) names the tuples.
//!
//! The book sits behind a shared mutex: `Engine._play` takes it with the GIL released (for the
//! whole search, so that another thread can stop it), so a method here only tries the lock and
//! raises EK_ERR_BUSY while a search holds it, rather than waiting with the GIL held.

use crate::board::Board;
use crate::error::{error, status_error};
use edax_kernels::book::{symmetric_move, symmetry_of, BookDate, BookError, BookOptions};
use edax_kernels::ffi::api::{EkStatus, EK_ERR_BUSY, EK_ERR_IO, EK_ERR_RANGE};
use edax_kernels::EkBook;
use pyo3::prelude::*;
use pyo3::types::PyType;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, TryLockError};

/// The book of a `Book`: None once closed.
pub(crate) type Shared = Arc<Mutex<Option<EkBook>>>;

/// The error of a book that did not load: the library's message (file, byte offset, what).
fn book_error(py: Python<'_>, e: BookError) -> PyErr {
    let status = if e.io { EK_ERR_IO } else { EkStatus::EK_ERR_BOOK_FORMAT as i32 };
    error(py, &e.to_string(), status)
}

/// An opening book in Edax 4.6's format (book.dat), read and written byte for byte.
#[pyclass(module = "edax_kernels", frozen, subclass)]
pub(crate) struct Book {
    book: Shared,
}

impl Book {
    /// The book shared with `Engine._play`.
    pub(crate) fn shared(&self) -> Shared {
        self.book.clone()
    }

    /// The book, locked; EK_ERR_BUSY while a search uses it, an error once closed.
    fn live(&self, py: Python<'_>) -> PyResult<MutexGuard<'_, Option<EkBook>>> {
        let guard = match self.book.try_lock() {
            Ok(g) => g,
            Err(TryLockError::Poisoned(p)) => p.into_inner(),
            Err(TryLockError::WouldBlock) => {
                return Err(error(py, "this Book is in use by a search (Engine.play)", EK_ERR_BUSY))
            }
        };
        if guard.is_none() {
            return Err(error(py, "this Book is closed", -1));
        }
        Ok(guard)
    }

    fn with<R>(&self, py: Python<'_>, f: impl FnOnce(&mut EkBook) -> R) -> PyResult<R> {
        let mut guard = self.live(py)?;
        Ok(f(guard.as_mut().expect("live() checked it is open")))
    }
}

/// A new object of `cls` (Book or a subclass: the package's) holding `book`.
fn of_class<'py>(cls: &Bound<'py, PyType>, book: EkBook) -> PyResult<Bound<'py, PyAny>> {
    let obj = cls.call0()?;
    *lock(&obj.cast::<Book>()?.get().book) = Some(book);
    Ok(obj)
}

/// A date field as a byte (EK_ERR_RANGE otherwise).
fn byte(py: Python<'_>, v: i64, what: &str) -> PyResult<u8> {
    u8::try_from(v).map_err(|_| error(py, &format!("{what} {v}: not in 0..255"), EK_ERR_RANGE))
}

#[pymethods]
impl Book {
    /// An empty book (Edax's `book_init`) whose positions would be searched at `level` and
    /// stop at `n_empties` empty squares; its generator seeded with 0.
    #[new]
    #[pyo3(signature = (level = 21, n_empties = 24))]
    fn new(level: i32, n_empties: i32) -> Self {
        let book = EkBook::new(BookOptions { level, n_empties, ..Default::default() });
        Book { book: Arc::new(Mutex::new(Some(book))) }
    }

    /// The book of an Edax book.dat (raises EdaxKernelsError naming the file and byte offset).
    #[classmethod]
    fn load<'py>(cls: &Bound<'py, PyType>, path: PathBuf) -> PyResult<Bound<'py, PyAny>> {
        let py = cls.py();
        let r = py.detach(|| EkBook::load(&path));
        of_class(cls, r.map_err(|e| book_error(py, e))?)
    }

    /// The book of an Edax text export (`book import` without searches: read, linked,
    /// negamaxed and sorted); a bad line raises EdaxKernelsError with its byte offset.
    #[classmethod]
    fn _import<'py>(cls: &Bound<'py, PyType>, path: PathBuf) -> PyResult<Bound<'py, PyAny>> {
        let py = cls.py();
        let r = py.detach(|| EkBook::import_file(&path));
        of_class(cls, r.map_err(|e| book_error(py, e))?)
    }

    /// Writes the book as Edax's `book_save`, with `date` (year, month, day, hour, minute,
    /// second) as the save's date, or the book's own (a loaded book's) when None.
    #[pyo3(signature = (path, date = None))]
    fn save(&self, py: Python<'_>, path: PathBuf, date: Option<(i64, i64, i64, i64, i64, i64)>) -> PyResult<()> {
        let mut guard = self.live(py)?;
        let book = guard.as_mut().expect("live() checked it is open");
        let date = match date {
            None => None,
            Some((y, mo, d, h, mi, s)) => Some(BookDate {
                year: i16::try_from(y).map_err(|_| error(py, &format!("year {y}: out of range"), EK_ERR_RANGE))?,
                month: byte(py, mo, "month")?,
                day: byte(py, d, "day")?,
                hour: byte(py, h, "hour")?,
                minute: byte(py, mi, "minute")?,
                second: byte(py, s, "second")?,
                padding: book.date.padding,
            }),
        };
        book.save(&path, date).map_err(|e| error(py, &format!("{}: {e}", path.display()), EK_ERR_IO))
    }

    /// The book's date (year, month, day, hour, minute, second): a loaded book's, or the last
    /// save's.
    #[getter]
    fn date(&self, py: Python<'_>) -> PyResult<(i16, u8, u8, u8, u8, u8)> {
        self.with(py, |b| {
            let d = b.date;
            (d.year, d.month, d.day, d.hour, d.minute, d.second)
        })
    }

    /// The number of positions.
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, |b| b.len())
    }

    /// (value, lower, upper, level, n_links, leaf_move, leaf_score, n_wins, n_draws, n_losses,
    /// n_lines) of board's position (any symmetry; the leaf turned onto board), or None.
    #[allow(clippy::type_complexity)]
    fn _probe(
        &self,
        py: Python<'_>,
        board: Board,
    ) -> PyResult<Option<(i32, i32, i32, i32, i32, i32, i32, u32, u32, u32, u32)>> {
        self.with(py, |b| {
            b.probe(&board.0).map(|p| {
                let s = symmetry_of(p, &board.0);
                (
                    p.value.into(),
                    p.lower.into(),
                    p.upper.into(),
                    p.level.into(),
                    p.links.len() as i32,
                    symmetric_move(p.leaf.mv, s).into(),
                    p.leaf.score.into(),
                    p.n_wins,
                    p.n_draws,
                    p.n_losses,
                    p.n_lines,
                )
            })
        })
    }

    /// [(move, score)] of board's book moves in Edax's order (`book_get_moves`), or None when
    /// board is not in the book.
    fn _moves(&self, py: Python<'_>, board: Board) -> PyResult<Option<Vec<(i32, i32)>>> {
        self.with(py, |b| b.moves(&board.0).map(|v| v.iter().map(|m| (m.mv, m.score)).collect()))
    }

    /// Seeds the book's generator (Edax's `random_seed`).
    fn seed(&self, py: Python<'_>, seed: u64) -> PyResult<()> {
        self.with(py, |b| b.random.seed(seed))
    }

    /// Edax's `book_get_random_move`: (move, score), move NOMOVE (score 0) when no move is
    /// within randomness of the value, or None when board is not in the book.
    #[pyo3(signature = (board, randomness = 0))]
    fn _random_move(&self, py: Python<'_>, board: Board, randomness: i32) -> PyResult<Option<(i32, i32)>> {
        self.with(py, |b| {
            b.random_move(&board.0, randomness).map(|m| {
                let nomove = m.mv == edax_kernels::NOMOVE;
                (m.mv, if nomove { 0 } else { m.score })
            })
        })
    }

    /// Edax's `book_get_line`: first, then the book's best moves while in the book.
    fn line(&self, py: Python<'_>, board: Board, first: i32) -> PyResult<Vec<i32>> {
        self.with(py, |b| b.line(&board.0, first))
    }

    /// Edax's `book_get_game_stats`: (wins, draws, losses, lines).
    fn _game_stats(&self, py: Python<'_>, board: Board) -> PyResult<(u64, u64, u64, u64)> {
        self.with(py, |b| {
            let s = b.game_stats(&board.0);
            (s.n_wins, s.n_draws, s.n_losses, s.n_lines)
        })
    }

    /// `book info`'s text as Edax prints it.
    fn info(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |b| b.info_text())
    }

    /// Writes Edax's text export (`book export`) to path.
    fn export(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        let text = self.with(py, |b| b.export_text())?;
        std::fs::write(&path, text).map_err(|e| error(py, &format!("{}: {e}", path.display()), EK_ERR_IO))
    }

    /// Edax's `book merge`: adds each position of other this book lacks (leaf and level only).
    fn merge(&self, py: Python<'_>, other: &Bound<'_, Book>) -> PyResult<()> {
        if Arc::ptr_eq(&self.book, &other.get().book) {
            return self.with(py, |_| ());
        }
        let src = other.get().with(py, |b| b.clone())?;
        self.with(py, |b| b.merge(&src))
    }

    /// Edax's `book negamax` (no search), then every position's links sorted.
    fn negamax(&self, py: Python<'_>) -> PyResult<()> {
        self.with(py, |b| b.negamax())
    }

    /// Frees the book (again: nothing); EK_ERR_BUSY while a search uses it.
    fn close(&self, py: Python<'_>) -> PyResult<()> {
        match self.book.try_lock() {
            Ok(mut g) => {
                g.take();
                Ok(())
            }
            Err(TryLockError::Poisoned(p)) => {
                p.into_inner().take();
                Ok(())
            }
            Err(TryLockError::WouldBlock) => Err(status_error(py, EK_ERR_BUSY)),
        }
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    #[pyo3(signature = (*_exc))]
    fn __exit__(&self, py: Python<'_>, _exc: &Bound<'_, pyo3::types::PyTuple>) -> PyResult<()> {
        self.close(py)
    }
}

/// The book of an `Engine._play` call, locked by the caller with the GIL released.
pub(crate) fn lock(shared: &Shared) -> MutexGuard<'_, Option<EkBook>> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Book>()
}
