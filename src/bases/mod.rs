//! Game databases: files of recorded games, read into plain data and replayed on the portable
//! kernels. Beside `eval/` in the layers: a database needs only the board type and the move
//! generator, nothing of the searches, so the searches' layers stay free to use it later (a book
//! built from a database). Only WTHOR (.wtb) so far; docs/book-and-bases.md has the formats.

mod replay;
pub mod wthor;

pub use replay::{replay, replay_visiting, wthor_black_discs, Ply, Replayed};
pub use wthor::{parse, write, Wthor, WthorError, WthorErrorKind, WthorGame, WthorHeader, MAX_MOVES};
