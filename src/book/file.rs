//! book.dat, read and written byte for byte (Edax's `book_load` / `book_save`; the layout is
//! docs/book-and-bases.md, section 1): a 42-byte header, then the positions in table order.
//!
//! Unlike Edax, which stops at the first short read and keeps what it read, a bad file is an
//! error naming the file and the byte offset: a truncated header or record, a wrong magic or
//! version, a header position count that is not the number of records, a record whose discs
//! overlap, or a move that is no square, `PASS` or (for the leaf) `NOMOVE`. The table is sized
//! from the records actually present, never from the header's count alone.

use super::{BookDate, BookLink, BookOptions, BookPosition, EkBook};
use crate::kernels::crc32c::hash_code;
use crate::types::board::{EkBoard, NOMOVE, PASS};
use std::fmt;
use std::io::{BufReader, Read, Seek, SeekFrom};
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

/// Reads into `buf` until it is full or the input ends; returns the bytes read. `at` is the
/// file offset of `buf[0]`, for the error.
fn read_full(r: &mut impl Read, buf: &mut [u8], file: &str, at: usize) -> Result<usize, BookError> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => {
                return Err(BookError {
                    file: file.to_string(),
                    offset: (at + got) as u64,
                    what: e.to_string(),
                    io: true,
                })
            }
        }
    }
    Ok(got)
}

/// Reads the records that follow the header from `r` (at byte `HEADER_SIZE` of `file`), one at
/// a time into a buffer of the largest record's size, and calls `each` with each record's
/// offset and bytes; returns how many there were. A record cut short by the end of the input is
/// an error at the input's length.
fn scan_records(
    r: &mut impl Read,
    file: &str,
    mut each: impl FnMut(usize, &[u8]) -> Result<(), BookError>,
) -> Result<usize, BookError> {
    let mut buf = [0u8; RECORD_MIN + 2 * 255];
    let (mut at, mut n) = (HEADER_SIZE, 0);
    loop {
        let got = read_full(r, &mut buf[..RECORD_MIN], file, at)?;
        if got == 0 {
            return Ok(n);
        }
        if got < RECORD_MIN {
            return Err(err(
                file,
                at + got,
                format!(
                    "truncated position record (starts at byte {at}, needs at least {RECORD_MIN} bytes, {got} left)"
                ),
            ));
        }
        let n_link = usize::from(buf[38]);
        let size = RECORD_MIN + 2 * n_link;
        let more = read_full(r, &mut buf[RECORD_MIN..size], file, at + RECORD_MIN)?;
        if RECORD_MIN + more < size {
            let rest = RECORD_MIN + more;
            return Err(err(
                file,
                at + rest,
                format!(
                    "truncated position record (starts at byte {at}, {n_link} links: needs {size} bytes, {rest} left)"
                ),
            ));
        }
        each(at, &buf[..size])?;
        at += size;
        n += 1;
    }
}

/// The board of a record (its discs checked).
fn record_board(rec: &[u8], at: usize, file: &str) -> Result<EkBoard, BookError> {
    let board = EkBoard::new(u64_at(rec, 0), u64_at(rec, 8));
    if board.player & board.opponent != 0 {
        return Err(err(file, at, "position with discs of both sides on one square"));
    }
    Ok(board)
}

/// Checks the moves of a record (`rec`: its bytes, at file offset `at`): links a square or a
/// pass, the leaf a square, a pass or no move.
fn check_moves(rec: &[u8], at: usize, file: &str) -> Result<(), BookError> {
    let n_link = (rec.len() - RECORD_MIN) / 2;
    for i in 0..n_link {
        let k = 40 + 2 * i;
        if i32::from(rec[k + 1]) > PASS {
            return Err(err(file, at + k + 1, format!("link move {} is not a square or a pass", rec[k + 1])));
        }
    }
    let k = rec.len() - 2;
    if i32::from(rec[k + 1]) > NOMOVE {
        return Err(err(file, at + k + 1, format!("leaf move {} is not a square, a pass or no move", rec[k + 1])));
    }
    Ok(())
}

/// The position of a record (`rec`: its bytes, at file offset `at`).
fn read_record(rec: &[u8], at: usize, file: &str) -> Result<BookPosition, BookError> {
    let board = record_board(rec, at, file)?;
    check_moves(rec, at, file)?;
    let link_at = |k: usize| BookLink { score: rec[k] as i8, mv: rec[k + 1] };
    let n_link = (rec.len() - RECORD_MIN) / 2;
    let mut p = BookPosition::new(board);
    p.n_wins = u32_at(rec, 16);
    p.n_draws = u32_at(rec, 20);
    p.n_losses = u32_at(rec, 24);
    p.n_lines = u32_at(rec, 28);
    p.value = i16_at(rec, 32);
    p.lower = i16_at(rec, 34);
    p.upper = i16_at(rec, 36);
    p.level = rec[39];
    p.links = (0..n_link).map(|i| link_at(40 + 2 * i)).collect();
    p.leaf = link_at(rec.len() - 2);
    Ok(p)
}

impl EkBook {
    /// Reads a book.dat image (`file` names it in errors). The header's date (with its padding
    /// byte) and options (verbosity too) are kept, as Edax's `book_load` keeps them; the bucket
    /// count is Edax's for the header's position count, which must equal the number of records
    /// (Edax's own files always agree; it is checked so that a hostile count costs nothing). A
    /// record whose board is in the book already is skipped, as Edax skips it. The generator is
    /// seeded with 0 (Edax seeds it from the clock).
    pub fn from_bytes(bytes: &[u8], file: &str) -> Result<EkBook, BookError> {
        EkBook::from_reader(&mut std::io::Cursor::new(bytes), file)
    }

    /// [`EkBook::from_bytes`] on the file at `path`, read as a stream (its bytes are never all
    /// in memory at once, so a book takes about as much memory as its positions).
    pub fn load(path: &Path) -> Result<EkBook, BookError> {
        let name = path.display().to_string();
        let f = std::fs::File::open(path).map_err(|e| BookError {
            file: name.clone(),
            offset: 0,
            what: e.to_string(),
            io: true,
        })?;
        EkBook::from_reader(&mut BufReader::with_capacity(1 << 16, f), &name)
    }

    /// [`EkBook::from_bytes`] on a stream read twice: once to check every record and count
    /// them per bucket (so that each bucket is allocated once, at its size), once to store them.
    fn from_reader<R: Read + Seek>(r: &mut R, file: &str) -> Result<EkBook, BookError> {
        let mut header = [0u8; HEADER_SIZE];
        let got = read_full(r, &mut header, file, 0)?;
        let bytes = &header[..];
        if got < HEADER_SIZE {
            return Err(err(file, got, format!("truncated header ({got} bytes of {HEADER_SIZE})")));
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
        // Pass 1: every record checked and its board's hash kept (4 bytes a record, bounded by
        // the file's length: 42 bytes or more each); then the header's count checked against
        // them, and only then the table sized from it: a hostile count allocates nothing.
        let mut hashes = Vec::new();
        let n = scan_records(r, file, |at, rec| {
            let b = record_board(rec, at, file)?;
            check_moves(rec, at, file)?;
            hashes.push(hash_code(b.player, b.opponent));
            Ok(())
        })?;
        if n_nodes < 0 || n_nodes as usize != n {
            return Err(err(file, 38, format!("position count {n_nodes}, but the file holds {n} records")));
        }
        let mut book = EkBook::with_buckets(options, EkBook::buckets_for(n_nodes));
        book.date = date;
        let mask = book.buckets.len() - 1;
        let mut sizes = vec![0u32; book.buckets.len()];
        for h in hashes {
            sizes[h as usize & mask] += 1;
        }
        for (bucket, &size) in book.buckets.iter_mut().zip(&sizes) {
            bucket.reserve_exact(size as usize);
        }
        // Pass 2: the records stored, in file order (a bucket's order is its records' order).
        r.seek(SeekFrom::Start(HEADER_SIZE as u64)).map_err(|e| BookError {
            file: file.to_string(),
            offset: HEADER_SIZE as u64,
            what: e.to_string(),
            io: true,
        })?;
        scan_records(r, file, |at, rec| {
            book.add_raw(read_record(rec, at, file)?);
            Ok(())
        })?;
        Ok(book)
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
