//! The game-database readers on arbitrary bytes: each returns games or an error, never panics,
//! hangs or allocates beyond the input's size; what it accepts is written back (WTHOR: the same
//! bytes) and read back to the same games (GGF, text, .edx).

use edax_kernels::bases::{
    edx, ggf, parse_names, read_games, replay, text, wthor, Format, Game, GameDate, PLAYER_SIZE, TOURNAMENT_SIZE,
};

/// The WTHOR readers: game files (written back byte for byte, replayed) and names files.
pub fn check_wthor(data: &[u8]) {
    if let Ok(file) = wthor::parse(data) {
        assert_eq!(wthor::write(&file.header, &file.games).expect("a file read is writable"), data);
        for (i, g) in file.games.iter().enumerate() {
            let _ = replay(g, i);
        }
    }
    let _ = read_games(Format::Wthor, data);
    for size in [PLAYER_SIZE, TOURNAMENT_SIZE] {
        if let Ok(names) = parse_names(data, size) {
            assert_eq!(edax_kernels::bases::write_names(&names).unwrap(), data);
        }
    }
}

/// The GGF and text readers on the same bytes; the games accepted go through both writers.
pub fn check_ggf(data: &[u8]) {
    for games in [ggf::parse(data), text::parse(data)].into_iter().flatten() {
        round_trip(&games);
    }
    if let Ok(games) = edx::parse(data) {
        // What is read is written back, but for the bytes Edax leaves unset.
        assert_eq!(edx::parse(&edx::write(&games)).unwrap(), games);
    }
}

fn round_trip(games: &[Game]) {
    // Edax's GGF and text keep no date (its .edx does).
    let undated: Vec<Game> = games.iter().map(|g| Game { date: GameDate::NONE, ..g.clone() }).collect();
    let games = &undated[..];
    let back = ggf::parse(&ggf::write(games)).expect("Edax's GGF of read games reads back");
    assert_eq!(back, games);
    assert_eq!(edx::parse(&edx::write(games)).expect("Edax's .edx of read games reads back"), games);
    // Edax's text writes no board when the board seen from the side to move is the standard
    // start, whichever side that is (`board_equal` ignores the side), so a game from the
    // colour-swapped start with white to move reads back with black to move: left out.
    let kept: Vec<Game> = games.iter().filter(|g| g.black_to_move || !g.standard_start()).cloned().collect();
    let unnamed: Vec<Game> =
        kept.iter().map(|g| Game { black: b"?".to_vec(), white: b"?".to_vec(), ..g.clone() }).collect();
    assert_eq!(text::parse(&text::write(&kept)).expect("Edax's text of read games reads back"), unnamed);
}
