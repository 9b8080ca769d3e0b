//! book.dat, read and written byte for byte (Edax's `book_load` / `book_save`; the layout is
//! docs/book-and-bases.md, section 1): a 42-byte header, then the positions in table order.
//!
//! Unlike Edax, which stops at the first short read and keeps what it read, a bad file is an
//! error naming the file and the byte offset: a truncated header or record, a wrong magic or
//! version, a header position count that is not the number of records, a record whose discs
//! overlap, or a move that is no square, `PASS` or (for the leaf) `NOMOVE`. The table is sized
//! from the records actually present, never from the header's count alone.

use super::{BookDate, BookLink, BookOptions, BookPosition, EkBook};
use crate::types::board::{EkBoard, NOMOVE, PASS};
use std::fmt;
use std::path::Path;

/// Edax's `EDAX` and `BOOK` header words.
const MAGIC_EDAX: u32 = 0x4544_4158;
const MAGIC_BOOK: u32 = 0x424F_4F4B;
/// Edax's `VERSION` and `RELEASE` (4.6).
const VERSION: u8 = 4;
const RELEASE: u8 = 6;
/// The header's size.
pub(crate) const HEADER_SIZE: usize = 42;
/// A record without links.
pub(crate) const RECORD_MIN: usize = 42;

/// Why a book could not be read: the file's name, the byte offset and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookError {
    /// The file's name as given (or `<memory>`).
    pub file: String,
    /// The byte offset (or, for text, the line number is in `what`) of the fault.
    pub offset: u64,
    /// What is wrong.
    pub what: String,
    /// Whether the file could not be read at all (an I/O error, not its content).
    pub io: bool,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: byte {}: {}", self.file, self.offset, self.what)
    }
}

impl std::error::Error for BookError {}

fn err(file: &str, offset: usize, what: impl Into<String>) -> BookError {
    BookError { file: file.to_string(), offset: offset as u64, what: what.into(), io: false }
}

/// Little-endian reads from a slice whose length the caller has checked.
fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}
fn i32_at(b: &[u8], at: usize) -> i32 {
    u32_at(b, at) as i32
}
fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from(u32_at(b, at)) | u64::from(u32_at(b, at + 4)) << 32
}
fn i16_at(b: &[u8], at: usize) -> i16 {
    i16::from_le_bytes([b[at], b[at + 1]])
}

/// Reads one record at `at`; returns it and the offset after it.
fn read_record(bytes: &[u8], at: usize, file: &str) -> Result<(BookPosition, usize), BookError> {
    let rest = bytes.len() - at;
    if rest < RECORD_MIN {
        return Err(err(
            file,
            bytes.len(),
            format!("truncated position record (starts at byte {at}, needs at least {RECORD_MIN} bytes, {rest} left)"),
        ));
    }
    let n_link = usize::from(bytes[at + 38]);
    let size = RECORD_MIN + 2 * n_link;
    if rest < size {
        return Err(err(
            file,
            bytes.len(),
            format!("truncated position record (starts at byte {at}, {n_link} links: needs {size} bytes, {rest} left)"),
        ));
    }
    let board = EkBoard::new(u64_at(bytes, at), u64_at(bytes, at + 8));
    if board.player & board.opponent != 0 {
        return Err(err(file, at, "position with discs of both sides on one square"));
    }
    let link_at = |k: usize| BookLink { score: bytes[k] as i8, mv: bytes[k + 1] };
    let mut links = Vec::with_capacity(n_link);
    for i in 0..n_link {
        let k = at + 40 + 2 * i;
        let l = link_at(k);
        if i32::from(l.mv) > PASS {
            return Err(err(file, k + 1, format!("link move {} is not a square or a pass", l.mv)));
        }
        links.push(l);
    }
    let k = at + size - 2;
    let leaf = link_at(k);
    if i32::from(leaf.mv) > NOMOVE {
        return Err(err(file, k + 1, format!("leaf move {} is not a square, a pass or no move", leaf.mv)));
    }
    let mut p = BookPosition::new(board);
    p.n_wins = u32_at(bytes, at + 16);
    p.n_draws = u32_at(bytes, at + 20);
    p.n_losses = u32_at(bytes, at + 24);
    p.n_lines = u32_at(bytes, at + 28);
    p.value = i16_at(bytes, at + 32);
    p.lower = i16_at(bytes, at + 34);
    p.upper = i16_at(bytes, at + 36);
    p.level = bytes[at + 39];
    p.links = links;
    p.leaf = leaf;
    Ok((p, at + size))
}

impl EkBook {
    /// Reads a book.dat image (`file` names it in errors). The header's date (with its padding
    /// byte) and options (verbosity too) are kept, as Edax's `book_load` keeps them; the bucket
    /// count is Edax's for the header's position count, which must equal the number of records
    /// (Edax's own files always agree; it is checked so that a hostile count costs nothing). A
    /// record whose board is in the book already is skipped, as Edax skips it. The generator is
    /// seeded with 0 (Edax seeds it from the clock).
    pub fn from_bytes(bytes: &[u8], file: &str) -> Result<EkBook, BookError> {
        if bytes.len() < HEADER_SIZE {
            return Err(err(file, bytes.len(), format!("truncated header ({} bytes of {HEADER_SIZE})", bytes.len())));
        }
        if u32_at(bytes, 0) != MAGIC_EDAX || u32_at(bytes, 4) != MAGIC_BOOK {
            return Err(err(file, 0, "not an Edax opening book (no EDAX BOOK header)"));
        }
        if bytes[8] != VERSION {
            return Err(err(file, 8, format!("book version {} (Edax 4.6 reads version {VERSION})", bytes[8])));
        }
        let date = BookDate {
            year: i16_at(bytes, 10),
            month: bytes[12],
            day: bytes[13],
            hour: bytes[14],
            minute: bytes[15],
            second: bytes[16],
            padding: bytes[17],
        };
        let options = BookOptions {
            level: i32_at(bytes, 18),
            n_empties: i32_at(bytes, 22),
            midgame_error: i32_at(bytes, 26),
            endcut_error: i32_at(bytes, 30),
            verbosity: i32_at(bytes, 34),
        };
        let n_nodes = i32_at(bytes, 38);
        // The records first (their number is bounded by the file's length: 42 bytes or more
        // each), then the header's count checked against them, and only then the table sized
        // from it: a hostile count allocates nothing.
        let mut records = Vec::new();
        let mut at = HEADER_SIZE;
        while at < bytes.len() {
            let (p, next) = read_record(bytes, at, file)?;
            records.push(p);
            at = next;
        }
        if n_nodes < 0 || n_nodes as usize != records.len() {
            return Err(err(
                file,
                38,
                format!("position count {n_nodes}, but the file holds {} records", records.len()),
            ));
        }
        let mut book = EkBook::with_buckets(options, EkBook::buckets_for(n_nodes));
        book.date = date;
        for p in records {
            book.add_raw(p);
        }
        Ok(book)
    }

    /// [`EkBook::from_bytes`] on the file at `path`.
    pub fn load(path: &Path) -> Result<EkBook, BookError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| BookError {
            file: name.clone(),
            offset: 0,
            what: e.to_string(),
            io: true,
        })?;
        EkBook::from_bytes(&bytes, &name)
    }

    /// Edax's `book_save` as bytes, with `date` as the save's date (Edax stamps the local time:
    /// passed in here so that files are reproducible). The padding byte written is the book's
    /// (`self.date.padding`, kept from a load) unless `date` is `Some`, whose padding is taken
    /// as given; the book's date becomes the one written.
    pub fn to_bytes(&mut self, date: Option<BookDate>) -> Vec<u8> {
        if let Some(d) = date {
            self.date = d;
        }
        let d = self.date;
        let mut out = Vec::with_capacity(HEADER_SIZE + self.len() * (RECORD_MIN + 8));
        out.extend_from_slice(&MAGIC_EDAX.to_le_bytes());
        out.extend_from_slice(&MAGIC_BOOK.to_le_bytes());
        out.push(VERSION);
        out.push(RELEASE);
        out.extend_from_slice(&d.year.to_le_bytes());
        out.extend_from_slice(&[d.month, d.day, d.hour, d.minute, d.second, d.padding]);
        let o = self.options;
        for v in [o.level, o.n_empties, o.midgame_error, o.endcut_error, o.verbosity, self.len() as i32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for p in self.positions() {
            out.extend_from_slice(&p.board.player.to_le_bytes());
            out.extend_from_slice(&p.board.opponent.to_le_bytes());
            for c in [p.n_wins, p.n_draws, p.n_losses, p.n_lines] {
                out.extend_from_slice(&c.to_le_bytes());
            }
            for s in [p.value, p.lower, p.upper] {
                out.extend_from_slice(&s.to_le_bytes());
            }
            // At most 255 links (BookPosition::add_link): n_link is a byte.
            let n = p.links.len().min(255);
            out.push(n as u8);
            out.push(p.level);
            for l in p.links.iter().take(n).chain(core::iter::once(&p.leaf)) {
                out.push(l.score as u8);
                out.push(l.mv);
            }
        }
        out
    }

    /// [`EkBook::to_bytes`] written to `path`.
    pub fn save(&mut self, path: &Path, date: Option<BookDate>) -> std::io::Result<()> {
        std::fs::write(path, self.to_bytes(date))
    }
}
