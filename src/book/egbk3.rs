//! Egaroucid's book format `.egbk3` (Nyanyan/Egaroucid, src/engine/book.hpp: `save_egbk3`,
//! `import_file_egbk3`), read into and written from an Edax book: a conversion, since the two
//! books carry different things (docs/book-and-bases.md, "Egaroucid's .egbk3").
//!
//! Layout, little-endian (Egaroucid writes its `int` and `uint32_t` as the machine stores them,
//! x86 and ARM both little-endian): the 9 bytes `DICUORAGE`, the version byte 3, the position
//! count (`i32`), then 25 bytes a position: player and opponent bitboards (`u64` each), value
//! (`i8`), level (`i8`), line count (`u32`), leaf value, leaf move and leaf level (`i8` each).
//!
//! Egaroucid's squares are the bits of its bitboards, as Edax's: only the names differ (its bit
//! 63 is A1, Edax's H8), which is the 180-degree turn of the board, one of the 8 symmetries both
//! books fold their positions under. So bitboards and moves pass through unchanged, and each
//! side normalises the board to its own representative on reading.

use super::{BookError, BookLink, BookOptions, BookPosition, EkBook, BOOK_SCORE_INF};
use crate::types::board::EkBoard;
use std::path::Path;

/// The header's 9 letters (Egaroucid's `egaroucid_str`).
const MAGIC: &[u8; 9] = b"DICUORAGE";
/// The only version Egaroucid's `import_file_egbk3` accepts.
const VERSION: u8 = 3;
/// The size of an `.egbk3` header: magic, version, count.
pub const EGBK3_HEADER_SIZE: usize = 14;
/// The size of an `.egbk3` position record.
pub const EGBK3_RECORD_SIZE: usize = 25;
/// Egaroucid's `SCORE_UNDEFINED`, `MOVE_UNDEFINED`, `LEVEL_UNDEFINED`: an absent leaf.
const SCORE_UNDEFINED: i8 = -126;
const MOVE_UNDEFINED: i8 = 125;
const LEVEL_UNDEFINED: i8 = -1;

fn err(file: &str, offset: usize, what: impl Into<String>) -> BookError {
    BookError { file: file.to_string(), offset: offset as u64, what: what.into(), io: false }
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(w)
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// A score Egaroucid accepts as a value (`-64..=64`).
fn is_score(v: i16) -> bool {
    (-64..=64).contains(&v)
}

impl EkBook {
    /// Reads an Egaroucid `.egbk3` image (`file` names it in errors) as an Edax book: each
    /// record becomes a position on Edax's unique board (the leaf's move turned with it), its
    /// value, level, line count and leaf (when Egaroucid's leaf is a score on an empty square)
    /// kept; bounds and win/draw/loss counts are Edax's `position_init` ones; then each
    /// position's links are rebuilt from its children in the book (Edax's `position_link`),
    /// its value kept as stored. A record Egaroucid's reader skips (value outside -64..=64) is
    /// skipped; a later record of a board already read replaces its value and level when its
    /// level is at least the stored one (Egaroucid's merge). Refused with the byte offset: a
    /// short or wrong header, a version other than 3, a count that is not the number of
    /// records, a record whose discs overlap.
    pub fn from_egbk3_bytes(bytes: &[u8], file: &str) -> Result<EkBook, BookError> {
        if bytes.len() < EGBK3_HEADER_SIZE {
            let bad = bytes.iter().zip(MAGIC).position(|(a, b)| a != b);
            if let Some(i) = bad {
                return Err(err(file, i, "not an Egaroucid book (no DICUORAGE header)"));
            }
            return Err(err(
                file,
                bytes.len(),
                format!("truncated header ({} bytes of {EGBK3_HEADER_SIZE})", bytes.len()),
            ));
        }
        if let Some(i) = bytes.iter().zip(MAGIC).position(|(a, b)| a != b) {
            return Err(err(file, i, "not an Egaroucid book (no DICUORAGE header)"));
        }
        if bytes[9] != VERSION {
            return Err(err(file, 9, format!("book version {} (.egbk3 is version {VERSION})", bytes[9])));
        }
        let count = u32_at(bytes, 10) as i32;
        let body = bytes.len() - EGBK3_HEADER_SIZE;
        let n = body / EGBK3_RECORD_SIZE;
        if !body.is_multiple_of(EGBK3_RECORD_SIZE) {
            let at = EGBK3_HEADER_SIZE + n * EGBK3_RECORD_SIZE;
            return Err(err(
                file,
                bytes.len(),
                format!(
                    "truncated position record (starts at byte {at}, needs {EGBK3_RECORD_SIZE} bytes, {} left)",
                    bytes.len() - at
                ),
            ));
        }
        // The count is checked against the records present before anything is sized from it.
        if count < 0 || count as usize != n {
            return Err(err(file, 10, format!("position count {count}, but the file holds {n} records")));
        }
        let mut book = EkBook::with_buckets(BookOptions::default(), EkBook::buckets_for(count));
        for i in 0..n {
            let at = EGBK3_HEADER_SIZE + i * EGBK3_RECORD_SIZE;
            let r = &bytes[at..at + EGBK3_RECORD_SIZE];
            let board = EkBoard::new(u64_at(r, 0), u64_at(r, 8));
            if board.player & board.opponent != 0 {
                return Err(err(file, at, "position with discs of both sides on one square"));
            }
            let value = i16::from(r[16] as i8);
            if !is_score(value) {
                continue; // Egaroucid's reader drops it too.
            }
            let level = (r[17] as i8).max(0) as u8;
            let mut p = BookPosition::new(board);
            p.value = value;
            p.level = level;
            p.n_lines = u32_at(r, 18);
            let (leaf_value, leaf_move) = (r[22] as i8, r[23] as i8);
            let empty = !(board.player | board.opponent);
            if is_score(i16::from(leaf_value)) && (0..64).contains(&leaf_move) && empty >> leaf_move & 1 != 0 {
                p.leaf = BookLink { score: leaf_value, mv: leaf_move as u8 };
            }
            if let Some(q) = book.probe_mut(&board) {
                if q.level <= level {
                    q.value = value;
                    q.level = level;
                }
                continue;
            }
            book.add(p);
        }
        book.relink();
        Ok(book)
    }

    /// [`EkBook::from_egbk3_bytes`] on the file at `path` (read whole: 25 bytes a position).
    pub fn load_egbk3(path: &Path) -> Result<EkBook, BookError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| BookError {
            file: name.clone(),
            offset: 0,
            what: e.to_string(),
            io: true,
        })?;
        EkBook::from_egbk3_bytes(&bytes, &name)
    }

    /// Edax's `position_link` on every position, each value kept as it was (a link raises it
    /// in Edax; here the file's value is the position's).
    fn relink(&mut self) {
        let mut all: Vec<BookPosition> = self.positions().cloned().collect();
        for p in &mut all {
            let value = p.value;
            p.links.clear();
            self.link_position(p);
            p.value = value;
        }
        for (q, p) in self.positions_mut().zip(all) {
            q.links = p.links;
            q.leaf = p.leaf;
        }
    }

    /// The book as an Egaroucid `.egbk3` image, positions in the book's order: each position
    /// with a value in -64..=64 (others, Edax's "no score", would be dropped by Egaroucid's
    /// reader, so they are not written) as its unique board, value, level (at most 127), line
    /// count and leaf (Edax's leaf when it is a square with a score in -64..=64, at the
    /// position's level; else Egaroucid's undefined leaf). Links, bounds, win/draw/loss counts,
    /// the date and the options are not carried.
    pub fn to_egbk3_bytes(&self) -> Vec<u8> {
        let kept: Vec<&BookPosition> = self.positions().filter(|p| is_score(p.value)).collect();
        let mut out = Vec::with_capacity(EGBK3_HEADER_SIZE + kept.len() * EGBK3_RECORD_SIZE);
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.extend_from_slice(&(kept.len().min(i32::MAX as usize) as i32).to_le_bytes());
        for p in kept.into_iter().take(i32::MAX as usize) {
            out.extend_from_slice(&p.board.player.to_le_bytes());
            out.extend_from_slice(&p.board.opponent.to_le_bytes());
            let level = p.level.min(127) as i8;
            out.push(p.value as i8 as u8);
            out.push(level as u8);
            out.extend_from_slice(&p.n_lines.to_le_bytes());
            let leaf = if p.leaf.mv < 64 && is_score(i16::from(p.leaf.score)) && p.leaf.score > -BOOK_SCORE_INF as i8 {
                [p.leaf.score, p.leaf.mv as i8, level]
            } else {
                [SCORE_UNDEFINED, MOVE_UNDEFINED, LEVEL_UNDEFINED]
            };
            out.extend(leaf.iter().map(|&v| v as u8));
        }
        out
    }

    /// [`EkBook::to_egbk3_bytes`] written to `path`.
    pub fn save_egbk3(&self, path: &Path) -> std::io::Result<()> {
        std::fs::write(path, self.to_egbk3_bytes())
    }
}
