//! WTHOR game files (`edax_kernels::bases`): random legal games, encoded here by hand from the
//! format's description (docs/book-and-bases.md, section 5), read back equal, replayed to the
//! boards the generator reached, written back byte for byte; and every kind of bad file refused
//! with the offset of the bad byte.

use edax_kernels::bases::{parse, replay, replay_visiting, write, WthorError, WthorErrorKind, WthorGame, WthorHeader};
use edax_kernels::{flip, get_moves};

/// SplitMix64: a small reproducible generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random legal game from the start: its moves (Edax squares), black's and white's discs at
/// the end, and whether a side passed. One game in eight stops early, to have short records.
struct Played {
    moves: Vec<u8>,
    black: u64,
    white: u64,
    passed: bool,
}

fn random_game(rng: &mut Rng) -> Played {
    let (mut me, mut other) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
    let mut black_to_move = true;
    let (mut moves, mut passed) = (Vec::new(), false);
    let stop = if rng.below(8) == 0 { rng.below(60) as usize } else { 60 };
    while moves.len() < stop {
        let mut legal = get_moves(me, other);
        if legal == 0 {
            if get_moves(other, me) == 0 {
                break;
            }
            (me, other, black_to_move, passed) = (other, me, !black_to_move, true);
            legal = get_moves(me, other);
        }
        let mut k = rng.below(u64::from(legal.count_ones()));
        while k > 0 {
            legal &= legal - 1;
            k -= 1;
        }
        let x = legal.trailing_zeros();
        let f = flip(x as i32, me, other);
        (me, other) = (other ^ f, me | f | 1 << x);
        black_to_move = !black_to_move;
        moves.push(x as u8);
    }
    let (black, white) = if black_to_move { (me, other) } else { (other, me) };
    Played { moves, black, white, passed }
}

/// Black's WTHOR score, computed another way than the library: 32 + half the disc difference
/// with the empties counted for the winner.
fn score(black: u64, white: u64) -> u8 {
    let (b, w) = (black.count_ones() as i32, white.count_ones() as i32);
    let e = 64 - b - w;
    let diff = b - w + (b - w).signum() * e;
    (32 + diff / 2) as u8
}

/// The header bytes of the tests' files, with `n` games.
fn header_bytes(n: u32) -> Vec<u8> {
    let mut h = vec![20, 24, 7, 14];
    h.extend(n.to_le_bytes());
    h.extend([0, 0, 0xE8, 0x07, 8, 0, 22, 0]); // no records, year 2024, 8 × 8, games, depth 22
    h
}

/// One game record, by hand: the three indexes, the two scores, then 10 × row + column per move.
fn record(tournament: u16, black: u16, white: u16, discs: u8, moves: &[u8], end: u8) -> Vec<u8> {
    let mut r = Vec::new();
    for v in [tournament, black, white] {
        r.extend(v.to_le_bytes());
    }
    r.extend([discs, discs.saturating_sub(2)]);
    r.extend(moves.iter().map(|&s| 10 * (s / 8 + 1) + s % 8 + 1));
    r.resize(68, end);
    r
}

/// A file of `n` random games (every fifth ending with Edax's 92s) and the games played.
fn random_file(seed: u64, n: usize) -> (Vec<u8>, Vec<Played>) {
    let mut rng = Rng(seed);
    let mut bytes = header_bytes(n as u32);
    let mut played = Vec::new();
    for i in 0..n {
        let p = random_game(&mut rng);
        let end = if i % 5 == 4 { 92 } else { 0 };
        bytes.extend(record(i as u16 * 7, 1000 + i as u16, 40000 - i as u16, score(p.black, p.white), &p.moves, end));
        played.push(p);
    }
    (bytes, played)
}

#[test]
fn random_games_read_replay_and_write_back() {
    let (bytes, played) = random_file(1, 600);
    let base = parse(&bytes).unwrap();
    let expected = WthorHeader {
        century: 20,
        year: 24,
        month: 7,
        day: 14,
        n_records: 0,
        game_year: 2024,
        board_size: 8,
        game_type: 0,
        depth: 22,
        reserved: 0,
    };
    assert_eq!(base.header, expected);
    assert_eq!(base.games.len(), 600);
    let (mut passes, mut short) = (0, 0);
    for (i, (g, p)) in base.games.iter().zip(&played).enumerate() {
        assert_eq!((g.tournament, g.black, g.white), (i as u16 * 7, 1000 + i as u16, 40000 - i as u16));
        assert_eq!(&g.moves[..usize::from(g.n_moves)], &p.moves[..], "game {i}");
        assert!(g.moves[usize::from(g.n_moves)..].iter().all(|&m| m == 0));
        // A 60-move record has no end code, so it reads as 0.
        assert_eq!(g.end, if i % 5 == 4 && p.moves.len() < 60 { 92 } else { 0 });
        let r = replay(g, i).unwrap();
        assert_eq!((r.black, r.white), (p.black, p.white), "game {i}");
        assert_eq!(r.black_discs, score(p.black, p.white));
        assert!(r.matches(g));
        passes += usize::from(p.passed);
        short += usize::from(p.moves.len() < 55);
    }
    // The generator did reach the cases the replay must handle.
    assert!(passes > 0 && short > 0, "{passes} games with a pass, {short} short");
    assert_eq!(write(&base.header, &base.games).unwrap(), bytes);
}

#[test]
fn positions_are_those_before_each_move() {
    let (bytes, played) = random_file(2, 100);
    let base = parse(&bytes).unwrap();
    for (i, (g, p)) in base.games.iter().zip(&played).enumerate() {
        let mut seen = Vec::new();
        replay_visiting(g, i, |ply| seen.push(ply)).unwrap();
        assert_eq!(seen.len(), p.moves.len());
        for (k, ply) in seen.iter().enumerate() {
            assert_eq!(ply.ply, k);
            let (b, o) = (ply.board.player, ply.board.opponent);
            assert_eq!((b | o).count_ones() as usize, 4 + k, "one disc more per move");
            assert_ne!(get_moves(b, o) & 1 << p.moves[k], 0, "the side to move can play the move");
            // The next position is this one after the move, or after the move and a pass.
            if let Some(next) = seen.get(k + 1) {
                let m = p.moves[k];
                let after = ply.board.next(m.into(), flip(m.into(), b, o));
                let passed = next.board == after.swapped();
                assert!(passed || next.board == after, "game {i}, ply {k}");
                assert_eq!(next.black_to_move, ply.black_to_move == passed);
            }
        }
        if let Some(first) = seen.first() {
            assert!(first.black_to_move && first.board == edax_kernels::EkBoard::START);
        }
    }
}

fn error_of(bytes: &[u8]) -> WthorError {
    match parse(bytes) {
        Err(e) => e,
        Ok(_) => panic!("{} bytes read without error", bytes.len()),
    }
}

#[test]
fn truncated_and_miscounted_files() {
    for len in [0, 1, 15] {
        let e = error_of(&header_bytes(0)[..len]);
        assert_eq!((e.offset, e.kind.clone()), (len as u64, WthorErrorKind::TruncatedHeader { len }));
        assert!(e.to_string().contains(&format!("byte {len}")), "{e}");
    }
    let (bytes, _) = random_file(3, 3);
    assert_eq!(parse(&bytes[..16]).unwrap_err().kind, WthorErrorKind::GameCount { claimed: 3, len: 16 });
    for cut in [bytes.len() - 1, bytes.len() - 68, 17] {
        let e = error_of(&bytes[..cut]);
        assert_eq!((e.offset, e.kind.clone()), (4, WthorErrorKind::GameCount { claimed: 3, len: cut }));
        assert!(e.to_string().contains(&format!("says 3 games ({} bytes)", 16 + 3 * 68)), "{e}");
        assert!(e.to_string().contains(&format!("has {cut} bytes")), "{e}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(error_of(&longer).kind, WthorErrorKind::GameCount { claimed: 3, len: bytes.len() + 1 });
}

#[test]
fn a_hostile_game_count_allocates_nothing() {
    // 2^31 and 2^32 - 1 games would be 146 and 292 GB of records; the count is checked
    // against the 16 bytes there are before anything is reserved, so this returns at once.
    for claimed in [1u32 << 31, u32::MAX] {
        let e = error_of(&header_bytes(claimed));
        assert_eq!((e.offset, e.kind), (4, WthorErrorKind::GameCount { claimed, len: 16 }));
    }
}

#[test]
fn bad_move_codes_and_bytes_after_the_end() {
    let (bytes, _) = random_file(4, 3);
    let at = |game: usize, ply: usize| 16 + 68 * game + 8 + ply;
    for code in [1, 9, 10, 19, 20, 89, 90, 91, 93, 99, 100, 255] {
        let mut bad = bytes.clone();
        bad[at(1, 5)] = code;
        let e = error_of(&bad);
        assert_eq!(e.offset, at(1, 5) as u64);
        assert_eq!(e.kind, WthorErrorKind::MoveCode { game: 1, ply: 5, code }, "{e}");
    }
    let mut bad = bytes.clone();
    bad[at(2, 3)..at(2, 5)].copy_from_slice(&[0, 45]);
    let e = error_of(&bad);
    assert_eq!((e.offset, e.kind), (at(2, 4) as u64, WthorErrorKind::AfterEnd { game: 2, ply: 4, code: 45 }));
    // 0 then 92: one end code per game, or writing it back would change the file.
    let mut bad = bytes.clone();
    bad[at(0, 10)..at(0, 12)].copy_from_slice(&[0, 92]);
    assert_eq!(error_of(&bad).kind, WthorErrorKind::AfterEnd { game: 0, ply: 11, code: 92 });
    let mut bad = bytes;
    bad[12] = 10;
    let e = error_of(&bad);
    assert_eq!((e.offset, e.kind), (12, WthorErrorKind::BoardSize(10)));
}

#[test]
fn illegal_moves_name_game_ply_and_offset() {
    let (mut bytes, _) = random_file(5, 2);
    // D4 (27, code 44) is occupied at the start; A1 (0, code 11) flips nothing.
    for (code, square) in [(44, 27), (11, 0)] {
        bytes[16 + 68 + 8] = code;
        let base = parse(&bytes).unwrap();
        let e = replay(&base.games[1], 1).unwrap_err();
        assert_eq!((e.offset, e.kind.clone()), (16 + 68 + 8, WthorErrorKind::Illegal { game: 1, ply: 0, square }));
        assert!(e.to_string().contains("game 1, move 0"), "{e}");
        assert!(replay(&base.games[0], 0).is_ok());
    }
    // A move after the end of a game that ended with empty squares: neither side can play it.
    let (bytes, played) = random_file(6, 2000);
    let base = parse(&bytes).unwrap();
    let over =
        |p: &&Played| (p.black | p.white) != !0 && get_moves(p.black, p.white) == 0 && get_moves(p.white, p.black) == 0;
    let (i, p) = played.iter().enumerate().find(|(_, p)| over(p)).expect("a game ended before the board was full");
    let mut g = base.games[i];
    let empty = (!(p.black | p.white)).trailing_zeros() as u8;
    g.moves[usize::from(g.n_moves)] = empty;
    g.n_moves += 1;
    let e = replay(&g, i).unwrap_err();
    assert_eq!(e.kind, WthorErrorKind::Illegal { game: i, ply: p.moves.len(), square: empty });
}

#[test]
fn a_wrong_recorded_score_is_data() {
    let (mut bytes, played) = random_file(7, 1);
    bytes[16 + 6] ^= 1;
    let base = parse(&bytes).unwrap();
    let r = replay(&base.games[0], 0).unwrap();
    assert!(!r.matches(&base.games[0]));
    assert_eq!(r.black_discs, score(played[0].black, played[0].white));
}

#[test]
fn the_writer_refuses_what_it_cannot_encode() {
    let header = WthorHeader { board_size: 8, ..WthorHeader::default() };
    let good = WthorGame {
        tournament: 0,
        black: 0,
        white: 0,
        black_discs: 32,
        theoretical: 32,
        moves: [0; 60],
        n_moves: 0,
        end: 0,
    };
    assert_eq!(write(&header, &[good]).unwrap().len(), 16 + 68);
    let mut bad_square = good;
    (bad_square.moves[0], bad_square.n_moves) = (64, 1);
    let bad_count = WthorGame { n_moves: 61, ..good };
    let bad_end = WthorGame { end: 7, ..good };
    for bad in [bad_square, bad_count, bad_end] {
        let e = write(&header, &[good, bad]).unwrap_err();
        assert_eq!((e.offset, e.kind), (16 + 68, WthorErrorKind::Unwritable { game: 1 }));
    }
}

#[test]
fn corrupted_files_never_panic() {
    let (bytes, _) = random_file(8, 20);
    let mut rng = Rng(9);
    for _ in 0..3000 {
        let mut bad = bytes.clone();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bad.len() as u64) as usize;
            bad[at] = rng.next() as u8;
        }
        if rng.below(4) == 0 {
            bad.truncate(rng.below(bad.len() as u64) as usize);
        }
        if let Ok(base) = parse(&bad) {
            assert_eq!(write(&base.header, &base.games).unwrap(), bad, "what is read is written back");
            for (i, g) in base.games.iter().enumerate() {
                let _ = replay(g, i);
            }
        }
    }
}
