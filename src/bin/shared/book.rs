//! The opening book of the command-line engines (`ek-play`, `ek-nboard`): Edax's options
//! `-book-file`, `-book-usage`, `-book-randomness` as `--book FILE`, `--book-usage on|off`,
//! `--book-randomness N`, and `--book-seed N` (the book's generator; Edax seeds it from the
//! clock, as here without it). Each program includes this file as a module.

#![allow(dead_code)] // each program uses its part

use edax_kernels::book::{EkBook, EkBookUse};

/// The book options read from the command line.
#[derive(Default)]
pub struct BookArgs {
    pub path: Option<String>,
    pub randomness: i32,
    pub usage: Option<bool>,
    pub seed: Option<u64>,
}

/// The book the engine plays from, the file it came from and how it is used.
pub struct Book {
    pub book: EkBook,
    pub path: String,
    pub usage: EkBookUse,
}

impl BookArgs {
    /// Reads the book option `a` (its value taken from `args`): `Some(true)` when it was one,
    /// `Some(false)` when `a` is no book option, `None` when its value is missing or wrong.
    pub fn take(&mut self, a: &str, args: &mut dyn Iterator<Item = String>) -> Option<bool> {
        match a {
            "--book" | "-book-file" => self.path = Some(args.next()?),
            "--book-randomness" | "-book-randomness" => self.randomness = args.next()?.parse().ok()?,
            "--book-seed" => self.seed = Some(args.next()?.parse().ok()?),
            "--book-usage" | "-book-usage" => {
                self.usage = Some(match args.next()?.as_str() {
                    "on" => true,
                    "off" => false,
                    _ => return None,
                })
            }
            _ => return Some(false),
        }
        Some(true)
    }

    /// The book of `--book`, loaded and seeded (None without `--book`); a file that cannot be
    /// read ends the program with its name and the byte offset of the fault.
    pub fn load(&self, program: &str) -> Option<Book> {
        let path = self.path.clone()?;
        let mut book = EkBook::load(std::path::Path::new(&path)).unwrap_or_else(|e| {
            eprintln!("{program}: cannot load the book {e}");
            std::process::exit(1);
        });
        // Edax seeds the book's generator with the clock (`real_clock()` in `book_load`).
        let seed = self.seed.unwrap_or_else(|| {
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
        });
        book.random.seed(seed);
        let usage = EkBookUse { enabled: i32::from(self.usage.unwrap_or(true)), randomness: self.randomness };
        Some(Book { book, path, usage })
    }
}
