//! A position of a game seen by colour, and the texts the protocols write it in: squares,
//! moves, GGF games (NBoard), FEN (xboard) and Edax's board diagram (GTP's `showboard`). Shared
//! by the command-line engines (`ek-nboard`, `ek-play`): each includes this file as a module.

#![allow(dead_code)] // each program uses its part

use edax_kernels::{EkBoard, PASS};

/// A position as NBoard gives it: the discs of black and white, and who is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub black: u64,
    pub white: u64,
    pub black_to_move: bool,
}

impl Position {
    /// The standard start, black to move.
    pub const START: Position =
        Position { black: 0x0000_0008_1000_0000, white: 0x0000_0010_0800_0000, black_to_move: true };

    /// The board seen from the side to move.
    pub fn board(&self) -> EkBoard {
        if self.black_to_move {
            EkBoard::new(self.black, self.white)
        } else {
            EkBoard::new(self.white, self.black)
        }
    }

    /// The position after `x` (a square, or PASS) is played by the side to move; `None` when it
    /// is not legal.
    pub fn play(&self, x: i32) -> Option<Position> {
        let b = self.board();
        let moves = edax_kernels::get_moves(b.player, b.opponent);
        let next = match x {
            PASS if moves == 0 => EkBoard::new(b.opponent, b.player),
            0..=63 if moves >> x & 1 == 1 => b.next(x, edax_kernels::flip(x, b.player, b.opponent)),
            _ => return None,
        };
        // `next` is seen from the other side: its player is the side that moves next.
        let black_to_move = !self.black_to_move;
        let (black, white) = if black_to_move { (next.player, next.opponent) } else { (next.opponent, next.player) };
        Some(Position { black, white, black_to_move })
    }
}

/// A square's name in NBoard's form ("F5"), or "PA" for a pass.
pub fn square_name(x: i32) -> String {
    match x {
        0..=63 => format!("{}{}", (b'A' + (x % 8) as u8) as char, x / 8 + 1),
        _ => "PA".to_owned(),
    }
}

/// The square of a move's text, as Edax's `string_to_coordinate` reads it: "F5", "f5", with
/// xboard's "P@" or "@" before it, "PA"/"PS" (any case), "pass" or xboard's "@@@@" for a pass;
/// anything after the two characters (NBoard's "/eval/time") is left. `None`: not a move.
pub fn parse_move(text: &str) -> Option<i32> {
    let t = text.trim().as_bytes();
    let t = match t {
        [p, b'@', rest @ ..] if p.eq_ignore_ascii_case(&b'p') => rest,
        [b'@', b'@', ..] => return Some(PASS),
        [b'@', rest @ ..] => rest,
        _ => t,
    };
    match t {
        [p, s, ..]
            if p.eq_ignore_ascii_case(&b'p') && (s.eq_ignore_ascii_case(&b'a') || s.eq_ignore_ascii_case(&b's')) =>
        {
            Some(PASS)
        }
        [b'@', b'@', ..] => Some(PASS),
        [c, r, ..] if (b'a'..=b'h').contains(&c.to_ascii_lowercase()) && (b'1'..=b'8').contains(r) => {
            Some(i32::from(c.to_ascii_lowercase() - b'a') + 8 * i32::from(r - b'1'))
        }
        _ => None,
    }
}

/// The position at the end of a GGF game: its board (`BO[8 <64 squares> <side>]`, `*` black, `O`
/// white, `-` empty) and its moves (`B[..]`, `W[..]`). `None` when it cannot be read or a move is
/// illegal.
pub fn parse_ggf(ggf: &str) -> Option<Position> {
    parse_ggf_game(ggf).map(|(_, _, end)| end)
}

/// A GGF game read as [`parse_ggf`] reads it: its initial position, its moves (squares, the
/// passes it leaves implicit written as `PASS`) and the position at its end.
pub fn parse_ggf_game(ggf: &str) -> Option<(Position, Vec<i32>, Position)> {
    let bo = ggf.find("BO[")? + 3;
    let end = bo + ggf[bo..].find(']')?;
    let mut fields = ggf[bo..end].split_whitespace();
    if fields.next()? != "8" {
        return None;
    }
    let squares = fields.next()?;
    let side = fields.next()?;
    if squares.len() != 64 {
        return None;
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, c) in squares.bytes().enumerate() {
        match c {
            b'*' | b'X' | b'x' | b'#' => black |= 1 << i,
            b'O' | b'o' => white |= 1 << i,
            b'-' | b'.' => {}
            _ => return None,
        }
    }
    let mut pos = Position { black, white, black_to_move: side == "*" || side.eq_ignore_ascii_case("x") };
    let (initial, mut moves) = (pos, Vec::new());
    // The moves: each "B[" or "W[" after the board.
    let mut rest = &ggf[end..];
    while let Some(i) = rest.find('[') {
        // The property's name: the capital letters before '[' ("B", "W"; not "TB" or "PB").
        let before = rest[..i].trim_end();
        let tag = &before[before.trim_end_matches(|c: char| c.is_ascii_uppercase()).len()..];
        let close = i + rest[i..].find(']')?;
        if tag == "B" || tag == "W" {
            let mover_black = tag == "B";
            if mover_black != pos.black_to_move {
                // A GGF game may leave a pass implicit: the side without a move passes.
                pos = pos.play(PASS)?;
                moves.push(PASS);
            }
            let x = parse_move(&rest[i + 1..close])?;
            pos = pos.play(x)?;
            moves.push(x);
        }
        rest = &rest[close + 1..];
    }
    Some((initial, moves, pos))
}

/// Seconds as GGF writes a time (`[[H:]M:]S[.frac]`), in milliseconds; `None` when unreadable.
pub fn ggf_time_ms(text: &str) -> Option<i64> {
    let mut seconds = 0.0f64;
    for part in text.trim().split(':') {
        seconds = seconds * 60.0 + part.trim().parse::<f64>().ok().filter(|x| *x >= 0.0)?;
    }
    Some((seconds * 1000.0) as i64)
}

/// A GGF game's clock: its time for each player (`TI[..]`: the first field, before any `/`)
/// and the time each player (0 black, 1 white) spent on its moves (`B[D3/EVAL/TIME]`, the
/// seconds after the second `/`). `None` without a readable `TI`.
pub fn parse_ggf_clock(ggf: &str) -> Option<(i64, [i64; 2])> {
    let ti = ggf.find("TI[")? + 3;
    let end = ti + ggf[ti..].find(']')?;
    let total = ggf_time_ms(ggf[ti..end].split('/').next()?)?;
    let mut spent = [0i64; 2];
    let mut rest = &ggf[end..];
    while let Some(i) = rest.find('[') {
        let before = rest[..i].trim_end();
        let tag = &before[before.trim_end_matches(|c: char| c.is_ascii_uppercase()).len()..];
        let Some(close) = rest[i..].find(']').map(|c| i + c) else { break };
        if tag == "B" || tag == "W" {
            let t = rest[i + 1..close].split('/').nth(2).and_then(ggf_time_ms).unwrap_or(0);
            spent[usize::from(tag == "W")] += t;
        }
        rest = &rest[close + 1..];
    }
    Some((total, spent))
}

impl Position {
    /// The colour to move: 0 black, 1 white (Edax's BLACK and WHITE).
    pub fn side(&self) -> usize {
        usize::from(!self.black_to_move)
    }

    /// The discs of `side` (0 black, 1 white).
    pub fn discs(&self, side: usize) -> u64 {
        if side == 0 {
            self.black
        } else {
            self.white
        }
    }

    /// The legal moves of the side to move.
    pub fn moves(&self) -> u64 {
        let b = self.board();
        edax_kernels::get_moves(b.player, b.opponent)
    }

    /// Whether the side to move must pass (it has no move, its opponent has).
    pub fn must_pass(&self) -> bool {
        let b = self.board();
        self.moves() == 0 && edax_kernels::get_moves(b.opponent, b.player) != 0
    }

    /// Whether neither side has a move.
    pub fn is_over(&self) -> bool {
        let b = self.board();
        self.moves() == 0 && edax_kernels::get_moves(b.opponent, b.player) == 0
    }

    /// The empty squares.
    pub fn empties(&self) -> i32 {
        (!(self.black | self.white)).count_ones() as i32
    }

    /// The position of a FEN as Edax reads it (`board_from_FEN`): ranks from the 8th (Edax's
    /// row 8) down, `p` black and `P` white, digits for empty squares, then `b` or `w`.
    pub fn from_fen(fen: &str) -> Option<Position> {
        let mut words = fen.split_whitespace();
        let (mut black, mut white, mut i) = (0u64, 0u64, 56i32);
        for c in words.next()?.bytes() {
            match c {
                b'0'..=b'9' => i += i32::from(c - b'0'),
                b'/' if i & 7 == 0 => i -= 16,
                b'p' | b'P' if (0..64).contains(&i) => {
                    if c == b'p' {
                        black |= 1 << i;
                    } else {
                        white |= 1 << i;
                    }
                    i += 1;
                }
                _ => return None,
            }
        }
        match words.next()?.as_bytes().first()? {
            b'b' => Some(Position { black, white, black_to_move: true }),
            b'w' => Some(Position { black, white, black_to_move: false }),
            _ => None,
        }
    }

    /// The FEN of the position, as Edax writes it (`board_to_FEN`).
    pub fn to_fen(self) -> String {
        let mut s = String::new();
        for r in (0..8).rev() {
            let mut empties = 0;
            for c in 0..8 {
                let x = 8 * r + c;
                let piece = if self.black >> x & 1 == 1 {
                    Some('p')
                } else if self.white >> x & 1 == 1 {
                    Some('P')
                } else {
                    None
                };
                match piece {
                    None => empties += 1,
                    Some(p) => {
                        if empties > 0 {
                            s.push(char::from(b'0' + empties));
                            empties = 0;
                        }
                        s.push(p);
                    }
                }
            }
            if empties > 0 {
                s.push(char::from(b'0' + empties));
            }
            if r > 0 {
                s.push('/');
            }
        }
        s + if self.black_to_move { " b - - 0 1" } else { " w - - 0 1" }
    }

    /// Edax's board diagram (`board_print`): `*` black, `O` white, `.` a legal move, `-` empty,
    /// and the side to move, the discs, moves, empty squares and ply beside it.
    pub fn diagram(&self) -> String {
        const COLOR: [char; 2] = ['*', 'O'];
        let (me, b) = (self.side(), self.board());
        let moves = self.moves();
        let mut s = String::from("  A B C D E F G H\n");
        for i in 0..8 {
            s.push(char::from(b'1' + i as u8));
            s.push(' ');
            for j in 0..8 {
                let x = i * 8 + j;
                s.push(if self.black >> x & 1 == 1 {
                    '*'
                } else if self.white >> x & 1 == 1 {
                    'O'
                } else if moves >> x & 1 == 1 {
                    '.'
                } else {
                    '-'
                });
                s.push(' ');
            }
            s.push(char::from(b'1' + i as u8));
            let mobility = |p: u64, o: u64| edax_kernels::get_moves(p, o).count_ones();
            match i {
                1 => s += &format!(" {} to move", COLOR[me]),
                3 => {
                    s += &format!(
                        " {}: discs = {:2}    moves = {:2}",
                        COLOR[me],
                        b.player.count_ones(),
                        mobility(b.player, b.opponent)
                    )
                }
                4 => {
                    s += &format!(
                        " {}: discs = {:2}    moves = {:2}",
                        COLOR[1 - me],
                        b.opponent.count_ones(),
                        mobility(b.opponent, b.player)
                    )
                }
                5 => s += &format!("  empties = {:2}      ply = {:2}", self.empties(), 64 - self.empties() - 3),
                _ => {}
            }
            s.push('\n');
        }
        s + "  A B C D E F G H\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_moves() {
        assert_eq!(square_name(37), "F5");
        assert_eq!(square_name(PASS), "PA");
        assert_eq!(parse_move("F5"), Some(37));
        assert_eq!(parse_move("f5/1.5/0.2"), Some(37));
        assert_eq!(parse_move("PA"), Some(PASS));
        assert_eq!(parse_move("i9"), None);
        // xboard's forms, as Edax's string_to_coordinate reads them.
        assert_eq!(parse_move("P@d3"), Some(19));
        assert_eq!(parse_move("@@@@"), Some(PASS));
        assert_eq!(parse_move("ps"), Some(PASS));
        assert_eq!(parse_move(""), None);
    }

    #[test]
    fn a_ggf_game() {
        let ggf = "(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3//0.1]W[C5];)";
        let mut want = Position::START;
        for m in ["f5", "f6", "d3", "c5"] {
            want = want.play(parse_move(m).unwrap()).unwrap();
        }
        assert_eq!(parse_ggf(ggf), Some(want));
        assert_eq!(parse_ggf_game(ggf), Some((Position::START, vec![37, 45, 19, 34], want)));
        // Other properties after the board (a comment, times) are not moves.
        assert_eq!(parse_ggf(&ggf.replace("B[F5]", "C[x]TB[1]B[F5]")), Some(want));
        assert!(want.black_to_move);
        // An illegal move or an unreadable board: no position.
        assert_eq!(parse_ggf(&ggf.replace("W[F6]", "W[A1]")), None);
        assert_eq!(parse_ggf("(;GM[Othello]BO[8 --*];)"), None);
    }

    #[test]
    fn a_ggf_clock() {
        let ggf = "(;GM[Othello]TI[15:00]BO[8 ---------------------------O*------*O--------------------------- *]B[F5//1.5]W[F6/0/2]B[D3//0.25]W[C5];)";
        assert_eq!(parse_ggf_clock(ggf), Some((900_000, [1750, 2000])));
        assert_eq!(parse_ggf_clock(&ggf.replace("TI[15:00]", "TI[1:00:00//2:00]")).map(|c| c.0), Some(3_600_000));
        assert_eq!(parse_ggf_clock(&ggf.replace("TI[15:00]", "")), None);
        assert_eq!(parse_ggf_clock(&ggf.replace("TI[15:00]", "TI[x]")), None);
        assert_eq!(ggf_time_ms("0.5"), Some(500));
    }

    #[test]
    fn fen_and_diagram() {
        // xboard's start (Edax's ui_init_xboard): white to move with the discs black has at
        // the standard start.
        let x = Position::from_fen("8/8/8/3Pp3/3pP3/8/8/8 w - - 0 1").unwrap();
        assert_eq!(x.board(), Position::START.board());
        assert!(!x.black_to_move);
        assert_eq!(x.to_fen(), "8/8/8/3Pp3/3pP3/8/8/8 w - - 0 1");
        assert_eq!(Position::from_fen("8/8/8/3Pp3/3pP3/8/8/8 x"), None);
        assert_eq!(Position::from_fen("9/8/8 w"), None);
        let d = Position::START.diagram();
        assert!(d.contains("4 - - . O * - - - 4 *: discs =  2    moves =  4"), "{d}");
        assert!(d.contains("2 - - - - - - - - 2 * to move"), "{d}");
        assert!(d.contains("6 - - - - . - - - 6  empties = 60      ply =  1"), "{d}");
    }
}
