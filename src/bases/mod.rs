//! Game databases: files of recorded games, read into plain data and replayed on the portable
//! kernels. Beside `eval/` in the layers: a database needs only the board type and the move
//! generator, nothing of the searches, so the searches' layers stay free to use it later (a book
//! built from a database). WTHOR (.wtb, .JOU, .TRN), GGF, Edax's text game lists and its .edx, read and
//! written as Edax 4.6 does (src/base.c, src/game.c); docs/book-and-bases.md has the formats.

mod base;
pub mod edx;
mod error;
mod game;
pub mod ggf;
mod replay;
pub mod text;
pub mod wthor;

pub use base::{
    game_of_wthor, parse_names, read_games, write_games, write_names, write_wthor_games, wthor_of_game, Format, Names,
    PLAYER_SIZE, TOURNAMENT_SIZE,
};
pub use error::BaseError;
pub use game::{play, Final, Game, GameDate, MAX_GAME_MOVES, MAX_NAME, NO_SCORE};
pub use replay::{replay, replay_visiting, wthor_black_discs, Ply, Replayed};
pub use wthor::{parse, write, Wthor, WthorError, WthorErrorKind, WthorGame, WthorHeader, EDAX_END, MAX_MOVES};
