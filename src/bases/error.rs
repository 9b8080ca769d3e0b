//! The one error of the game-database readers and writers other than the WTHOR record codec:
//! the format, the byte offset in the file, for text formats the line and column, and what is
//! wrong, so that a bad file is reported where it is bad.

use std::fmt;

/// An error in a game-database file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaseError {
    /// The format's name, as the message gives it ("GGF", "text game list", "WTHOR", ...).
    pub format: &'static str,
    /// The byte offset in the file (for a writer, in its output or its input list).
    pub offset: u64,
    /// For a text format, the line (from 1) and column (from 1) of `offset`; 0 in binary ones.
    pub line: usize,
    /// The column (from 1), with `line`.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl BaseError {
    /// An error at `offset` of a binary file.
    pub fn binary(format: &'static str, offset: u64, message: impl Into<String>) -> Self {
        BaseError { format, offset, line: 0, column: 0, message: message.into() }
    }

    /// An error at `offset` of the text `bytes`, whose line and column are counted here.
    pub fn text(format: &'static str, bytes: &[u8], offset: usize, message: impl Into<String>) -> Self {
        let offset = offset.min(bytes.len());
        let before = &bytes[..offset];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let column = 1 + offset - before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        BaseError { format, offset: offset as u64, line, column, message: message.into() }
    }
}

impl fmt::Display for BaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} file, byte {}", self.format, self.offset)?;
        if self.line > 0 {
            write!(f, " (line {}, column {})", self.line, self.column)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for BaseError {}

impl From<super::wthor::WthorError> for BaseError {
    fn from(e: super::wthor::WthorError) -> Self {
        let full = e.to_string();
        // The codec's message starts with its own "WTHOR file, byte N: ".
        let message = full.split_once(": ").map_or(full.as_str(), |(_, m)| m).to_string();
        BaseError::binary("WTHOR", e.offset, message)
    }
}
