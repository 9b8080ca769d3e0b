//! Game databases other than the WTHOR record codec (`edax_kernels::bases`): GGF, Edax's text
//! game lists, Edax's way of writing WTHOR files and their players' list, checked against the
//! files stock Edax 4.6 wrote from tests/data/bases/games.ggf (scripts/golden/bases.sh: the
//! readers read Edax's files, the writers write Edax's bytes), and bad files refused with the
//! offset (line, column) of what is wrong.

use edax_kernels::bases::{
    edx, ggf, parse_names, read_games, text, write_games, write_names, write_wthor_games, wthor, Format, Game,
    GameDate, Names, PLAYER_SIZE, TOURNAMENT_SIZE,
};

fn data(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/bases/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The committed input, read by our GGF reader.
fn input() -> Vec<Game> {
    ggf::parse(&data("games.ggf")).unwrap()
}

/// `games` without their dates, as Edax's GGF gives them back (it writes no `DT`).
fn undated(games: &[Game]) -> Vec<Game> {
    games.iter().map(|g| Game { date: GameDate::NONE, ..g.clone() }).collect()
}

/// `games` with Edax's default names and no date, as a text or WTHOR file gives them back.
fn unnamed(games: &[Game]) -> Vec<Game> {
    undated(games).into_iter().map(|g| Game { black: b"?".to_vec(), white: b"?".to_vec(), ..g }).collect()
}

/// The first `n` lines of a text file.
fn lines(bytes: &[u8], n: usize) -> Vec<u8> {
    bytes.split_inclusive(|&b| b == b'\n').take(n).flatten().copied().collect()
}

#[test]
fn ggf_as_edax_reads_and_writes_it() {
    let games = input();
    assert_eq!(games.len(), 15);
    // What the input covers (scripts/golden/bases-input.py).
    assert!(games.iter().any(|g| g.moves.len() == 60));
    assert!(games.iter().any(|g| g.score() == edax_kernels::bases::NO_SCORE));
    assert!(games.iter().any(|g| !g.standard_start() && !g.black_to_move));
    assert!(games
        .iter()
        .any(|g| g.moves.len() < 60 && g.moves.len() % 2 == 1 && g.score() != edax_kernels::bases::NO_SCORE));
    // Names are lower-cased and cut to 31 bytes, as Edax keeps them.
    assert_eq!(games[0].black, b"edax");
    assert_eq!(games[1].black, b"a-very-long-player-name-beyond-");
    let edax = data("edax.ggf");
    assert_eq!(String::from_utf8(ggf::write(&games)).unwrap(), String::from_utf8(edax.clone()).unwrap());
    // Edax's own GGF reads back to the same games, without their dates.
    assert_eq!(ggf::parse(&edax).unwrap(), undated(&games));
    assert_eq!(read_games(Format::of_name("X.GGF").unwrap(), &edax).unwrap(), undated(&games));
}

/// Edax's .edx bytes with what Edax leaves unset zeroed: the padding (bytes 23, 149-151 of each
/// record) and each name's bytes after its NUL (scripts/golden/bases.sh compares the same way).
fn edx_set_bytes(bytes: &[u8]) -> Vec<u8> {
    let mut b = bytes.to_vec();
    for r in b.chunks_exact_mut(edx::RECORD_SIZE) {
        for i in [23, 149, 150, 151] {
            r[i] = 0;
        }
        for f in [24, 56] {
            let n = r[f..f + 32].iter().position(|&c| c == 0).unwrap();
            r[f + n..f + 32].fill(0);
        }
    }
    b
}

#[test]
fn edx_as_edax_reads_and_writes_it() {
    let games = input();
    // The GGF dates (DT) are kept: the .edx holds them.
    assert_eq!((games[0].date.year, games[0].date.month, games[0].date.day), (2003, 12, 1));
    assert_eq!((games[0].date.hour, games[0].date.minute, games[0].date.second), (4, 3, 0));
    let edax = data("edax.edx");
    assert_eq!(edx::write(&games), edx_set_bytes(&edax));
    assert_eq!(write_games(Format::Edx, &games).unwrap(), edx_set_bytes(&edax));
    assert_ne!(edax, edx_set_bytes(&edax), "Edax's unset bytes are not all 0 (else this test shows nothing)");
    assert_eq!(read_games(Format::of_name("a.edx").unwrap(), &edax).unwrap(), games);
    // Edax read its .edx back to the same GGF.
    assert_eq!(data("edx.ggf"), data("edax.ggf"));
    // Text and WTHOR games have game_init's date (hour -1).
    assert_eq!(text::parse(b"f5").unwrap()[0].date.hour, 255);
    // Bad records.
    let at = |mut b: Vec<u8>, i: usize, v: u8| {
        b[i] = v;
        edx::parse(&b).unwrap_err()
    };
    let e = edx::parse(&edax[..edax.len() - 1]).unwrap_err();
    assert_eq!(e.offset, 14 * 160);
    assert!(e.message.contains("a record of 159 bytes"), "{e}");
    assert_eq!(at(edax.clone(), 160 + 148, 2).offset, 160 + 148);
    let mut no_nul = edax.clone();
    no_nul[160 + 24..160 + 56].fill(b'x');
    assert!(edx::parse(&no_nul).unwrap_err().message.contains("game 1: a name without its NUL"));
    let e = at(edax.clone(), 88, 66);
    assert!(e.message.contains("game 0: move 0: byte 66"), "{e}");
    let e = at(edax.clone(), 88, 0);
    assert!(e.message.contains("game 0: move 0: a1 is illegal"), "{e}");
    let e = at(edax.clone(), 4, 0x18);
    assert!(e.message.contains("overlap"), "{e}");
    // A square after a NOMOVE: game 1 has 30 moves.
    let e = at(edax.clone(), 160 + 88 + 31, 19);
    assert!(e.message.contains("game 1: move 31: byte 19"), "{e}");
}

#[test]
fn text_as_edax_writes_it() {
    let games = input();
    let edax = data("edax.txt");
    assert_eq!(String::from_utf8(text::write(&games)).unwrap(), String::from_utf8(edax.clone()).unwrap());
    assert_eq!(write_games(Format::Text, &games).unwrap(), edax);
    // Read back, boards before ';' included (which Edax's reader does not read).
    assert_eq!(text::parse(&edax).unwrap(), unnamed(&games));
    // What Edax made of its text file: the same games, but the last two (from other starts)
    // empty, since its reader does not read a board.
    let txt_ggf = data("txt.ggf");
    assert_eq!(ggf::write(&unnamed(&games[..13])), lines(&txt_ggf, 13));
    let empty = ggf::write(&[Game::from_moves(Vec::new()), Game::from_moves(Vec::new())]);
    assert_eq!(&txt_ggf[lines(&txt_ggf, 13).len()..], &empty[..]);
}

#[test]
fn wthor_as_edax_writes_it() {
    let games = input();
    for (wtb, jou, n) in [("edax.wtb", "edax.JOU", 15), ("standard.wtb", "standard.JOU", 13)] {
        let (wtb, jou) = (data(wtb), data(jou));
        // Edax's header carries today's date: take it from its file.
        let header = wthor::parse(&wtb).unwrap().header;
        let jou_edax = parse_names(&jou, PLAYER_SIZE).unwrap();
        let mut players = Names::new_players(jou_edax.header);
        assert_eq!(write_wthor_games(&header, &games[..n], &mut players).unwrap(), wtb);
        assert_eq!(players, jou_edax);
        assert_eq!(write_names(&players).unwrap(), jou);
        // The long name, cut to 19 bytes, is never found again (Edax's strcmp on the whole name).
        assert_eq!(players.name(3), Some(&b"a-very-long-player-"[..]));
        assert_eq!(players.name(6), players.name(3));
    }
    // Edax writes the moves of a game from another start as they are: read from the standard
    // start they are illegal, which Edax stops at silently and this reader reports.
    let e = read_games(Format::Wthor, &data("edax.wtb")).unwrap_err();
    assert_eq!(e.format, "WTHOR");
    assert!(e.message.starts_with("game 13, move "), "{e}");
    assert!(e.offset >= 16 + 68 * 13 + 8 && e.offset < 16 + 68 * 14, "{e}");
    // The standard-start games read back (names are not in a .wtb game) and Edax's reading of
    // them, written as GGF, is ours.
    let back = read_games(Format::of_name("a/b/standard.WTB").unwrap(), &data("standard.wtb")).unwrap();
    assert_eq!(back, unnamed(&games[..13]));
    assert_eq!(ggf::write(&back), data("wtb.ggf"));
}

#[test]
fn formats_by_extension() {
    assert_eq!(Format::of_name("games.txt"), Some(Format::Text));
    assert_eq!(Format::of_name("G.TxT"), Some(Format::Text));
    assert_eq!(Format::of_name("x.wtb"), Some(Format::Wthor));
    assert_eq!(Format::of_name("x.ggf"), Some(Format::Ggf));
    assert!(matches!(Format::of_name("x.pgn"), Some(Format::Unsupported("pgn"))));
    assert_eq!(Format::of_name("x.dat"), None);
    assert_eq!(Format::of_name("tx"), None);
    assert_eq!(Format::of_name("éé"), None);
    assert_eq!(Format::of_name("x.EDX"), Some(Format::Edx));
    let e = read_games(Format::of_name("x.sgf").unwrap(), b"").unwrap_err();
    assert!(e.to_string().contains(".sgf files are not read"), "{e}");
}

/// The error of reading `bytes` as GGF: its byte offset, line, column, and message.
fn ggf_error(bytes: &str) -> (u64, usize, usize, String) {
    let e = ggf::parse(bytes.as_bytes()).unwrap_err();
    assert!(e
        .to_string()
        .starts_with(&format!("GGF file, byte {} (line {}, column {}): ", e.offset, e.line, e.column)));
    (e.offset, e.line, e.column, e.message)
}

#[test]
fn bad_ggf_files() {
    let start = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";
    // A good game first, so the offsets are past it.
    let good = format!("(;GM[Othello]{start}B[f5]W[d6];)\n");
    let at = good.len() as u64;
    assert_eq!(ggf::parse(good.as_bytes()).unwrap().len(), 1);
    let cases: &[(&str, u64, &str)] = &[
        ("junk", 0, "expected '(;'"),
        ("(;GM[othello]", 0, "has no ';)'"),
        ("(;GM[othello", 5, "without its ']'"),
        ("(;gm[othello];)", 2, "expected a tag"),
        ("(;GMXY[othello];)", 2, "expected a tag"),
        ("(;GM[go];)", 5, "not an Othello game"),
        ("(;BO[10 ----];)", 5, "board type"),
        ("(;BO[8 --------];)", 5, "64 squares"),
        ("(;B[z9];)", 4, "no move"),
        ("(;B[f5]W[f5];)", 9, "move 1: f5 is illegal"),
        ("(;B[a1];)", 4, "move 0: a1 is illegal"),
    ];
    for &(bad, offset, message) in cases {
        let file = format!("{good}{bad}");
        let (o, line, column, m) = ggf_error(&file);
        assert_eq!((o, line, column), (at + offset, 2, offset as usize + 1), "{bad}: {m}");
        assert!(m.contains(message), "{bad}: {m}");
    }
    // More than 60 moves (passes are not moves).
    let mut long = String::from("(;");
    for _ in 0..61 {
        long.push_str("B[pa]W[PA]B[f5]");
    }
    let (_, _, _, m) = ggf_error(&long);
    assert!(m.contains("more than 60 moves"), "{m}");
    // A value of a megabyte without its ']' costs one scan, no allocation of its size per byte.
    let huge = format!("(;PB[{}", "x".repeat(1 << 20));
    assert!(ggf_error(&huge).3.contains("without its ']'"));
}

#[test]
fn bad_text_files() {
    let cases: &[(&str, usize, usize, &str)] = &[
        ("f5d6\nf5 x1", 2, 4, "expected a move"),
        ("f5d6\nf5f5", 2, 3, "move 1: f5 is illegal"),
        ("f5pa", 1, 3, "a pass where"),
        ("---;f5", 1, 4, "a board is 64 squares"),
        ("---?;f5", 1, 4, "a board is 64 squares"),
    ];
    for &(bad, line, column, message) in cases {
        let e = text::parse(bad.as_bytes()).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{bad}: {e}");
        assert!(e.message.contains(message), "{bad}: {e}");
        assert!(e.to_string().starts_with("text game list file, byte"), "{e}");
    }
    // Empty lines are empty games, as in Edax; a last line without its newline is read.
    let games = text::parse(b"\nf5 D6\r\nf5").unwrap();
    assert_eq!(games.iter().map(|g| g.moves.len()).collect::<Vec<_>>(), [0, 2, 1]);
}

#[test]
fn bad_names_files() {
    let jou = data("edax.JOU");
    assert_eq!(parse_names(&jou, PLAYER_SIZE).unwrap().records.len(), 9);
    let e = parse_names(&jou[..10], PLAYER_SIZE).unwrap_err();
    assert_eq!(e.offset, 10);
    let e = parse_names(&jou[..jou.len() - 1], PLAYER_SIZE).unwrap_err();
    assert_eq!(e.offset, 8);
    assert!(e.to_string().contains("the header says 9 records (196 bytes) but the file has 195 bytes"), "{e}");
    // The same bytes are no tournaments' file.
    assert!(parse_names(&jou, TOURNAMENT_SIZE).is_err());
    let mut counted = jou.clone();
    counted[4] = 1;
    assert_eq!(parse_names(&counted, PLAYER_SIZE).unwrap_err().offset, 4);
}

/// The fuzz targets' checks (fuzz/src/bases.rs: no panic; what is read is written back and
/// reads back the same), here on a few thousand mutations of the committed files.
#[path = "../fuzz/src/bases.rs"]
mod fuzz_checks;

#[test]
fn mutated_files_are_read_or_refused() {
    let mut state = 0x62u64;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let seeds = [data("games.ggf"), data("edax.txt"), data("standard.wtb"), data("edax.JOU")];
    let (mut read, mut refused) = (0, 0);
    for round in 0..3000 {
        let mut bytes = seeds[round % seeds.len()].clone();
        for _ in 0..1 + next() % 3 {
            let at = (next() % bytes.len().max(1) as u64) as usize;
            match next() % 4 {
                0 => bytes.truncate(at),
                1 if at < bytes.len() => bytes[at] = next() as u8,
                2 if at < bytes.len() => bytes[at] ^= 1 << (next() % 8),
                _ => bytes.insert(at.min(bytes.len()), b"[]();BW8 \n*O-"[(next() % 13) as usize]),
            }
        }
        fuzz_checks::check_ggf(&bytes);
        fuzz_checks::check_wthor(&bytes);
        let ok = ggf::parse(&bytes).is_ok() || text::parse(&bytes).is_ok() || wthor::parse(&bytes).is_ok();
        if ok {
            read += 1;
        } else {
            refused += 1;
        }
    }
    // Both outcomes happen: the mutations are neither all harmless nor all fatal.
    assert!(read > 100 && refused > 100, "{read} read, {refused} refused");
}

#[test]
fn edax_text_loses_the_side_of_the_standard_discs() {
    // The standard position with the colours swapped, white to move: seen from the side to move
    // it is the standard start, which Edax's text writes without a board (`board_equal` compares
    // the boards seen from the side to move), so it reads back with black to move.
    let ggf = b"(;GM[othello]BO[8 -------- -------- -------- ---*O--- ---O*--- -------- -------- -------- O]W[f5];)";
    let games = ggf::parse(ggf).unwrap();
    assert!(!games[0].black_to_move && games[0].standard_start());
    assert_eq!(text::write(&games), b"F5\n");
    assert_eq!(text::parse(b"F5\n").unwrap(), [Game { black_to_move: true, ..unnamed(&games)[0].clone() }]);
    // Seen from black, the other way round: a board is written.
    let ggf = b"(;GM[othello]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- O]W[d6];)";
    let games = ggf::parse(ggf).unwrap();
    assert!(!games[0].standard_start());
    assert!(text::write(&games).ends_with(b" O;D6\n"));
    fuzz_checks::check_ggf(ggf);
}
