//! The book's text form (Edax's `book export` / `book import`, book.c `position_export`,
//! `position_import`): one line per position, in table order, `BOARD,LEVEL,LEAFMOVE,LEAFSCORE`.

use super::{BookError, BookLink, BookOptions, BookPosition, EkBook, NoSearch};
use crate::kernels::flip::flip;
use crate::kernels::moves::get_moves;
use crate::types::board::{EkBoard, NOMOVE, PASS};
use std::path::Path;

/// Edax's `board_to_string(board, color)`: 64 squares (`X` black, `O` white, `-` empty; the
/// side to move is black when `color` is 0), a space, and the side to move.
pub(crate) fn board_to_string(b: &EkBoard, color: u32) -> String {
    let (black, white) = if color == 0 { (b.player, b.opponent) } else { (b.opponent, b.player) };
    let mut s: String = (0..64)
        .map(|x| {
            if black >> x & 1 != 0 {
                'X'
            } else if white >> x & 1 != 0 {
                'O'
            } else {
                '-'
            }
        })
        .collect();
    s.push(' ');
    s.push(if color == 0 { 'X' } else { 'O' });
    s
}

/// Edax's `move_to_string(x, color)`: `f5` (capitals for black, color 0), `pa`, `--`, `??`.
pub(crate) fn move_to_string(x: i32, color: u32) -> String {
    let s = match x {
        NOMOVE => "--".to_string(),
        PASS => "pa".to_string(),
        0..=63 => format!("{}{}", (b'a' + (x % 8) as u8) as char, (b'1' + (x / 8) as u8) as char),
        _ => "??".to_string(),
    };
    if color == 0 {
        s.to_uppercase()
    } else {
        s
    }
}

impl EkBook {
    /// Edax's `book export`: the text, byte for byte.
    pub fn export_text(&self) -> String {
        let mut out = String::with_capacity(self.len() * 80);
        for p in self.positions() {
            out.push_str(&board_to_string(&p.board, 0));
            out.push_str(&format!(",{},{},{}\n", p.level, move_to_string(p.leaf.mv.into(), 0), p.leaf.score));
        }
        out
    }

    /// Edax's `book import FILE` without searches: the text file at `path` read
    /// ([`EkBook::import_text`]), linked to the children present and negamaxed. An unreadable
    /// file is an error at offset 0, one that is not UTF-8 at its first bad byte.
    pub fn import_file(path: &Path) -> Result<EkBook, BookError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| BookError {
            file: name.clone(),
            offset: 0,
            what: e.to_string(),
            io: true,
        })?;
        let text = String::from_utf8(bytes).map_err(|e| BookError {
            file: name.clone(),
            offset: e.utf8_error().valid_up_to() as u64,
            what: "not UTF-8 text".into(),
            io: false,
        })?;
        let mut book = EkBook::import_text(&text, &name)?;
        book.link(&mut NoSearch);
        book.negamax();
        Ok(book)
    }

    /// Edax's `book import` before its link, fix, negamax and sort: a new book (65536 buckets)
    /// of the lines' positions, stored as written (Edax's `book_add`: a board that is not
    /// unique is kept as it is), level the largest found, n_empties the smallest (the other
    /// options `book_init`'s). A leaf move that is not legal there (`--` too) leaves no leaf.
    /// Unlike Edax, which stops at the first line it cannot read, a bad line is an error naming
    /// the file, its byte offset and line number. Then [`EkBook::link`],
    /// [`EkBook::negamax`] and [`EkBook::sort`] finish Edax's import.
    pub fn import_text(text: &str, file: &str) -> Result<EkBook, BookError> {
        let mut book = EkBook::new(BookOptions::default());
        let mut offset = 0usize;
        for (n, line) in text.split_inclusive('\n').enumerate() {
            let start = offset;
            offset += line.len();
            let l = line.trim_end_matches(['\n', '\r']);
            if l.trim().is_empty() {
                // Edax stops at an empty line (no board): the end of the text.
                break;
            }
            let p = parse_line(l).map_err(|what| BookError {
                file: file.to_string(),
                offset: start as u64,
                what: format!("line {}: {what}", n + 1),
                io: false,
            })?;
            book.add_raw(p);
        }
        let mut level = 0;
        let mut n_empties = 60;
        for p in book.positions() {
            level = level.max(i32::from(p.level));
            n_empties = n_empties.min(64 - (p.board.player | p.board.opponent).count_ones() as i32);
        }
        book.options.level = level;
        book.options.n_empties = n_empties;
        Ok(book)
    }
}

/// One line of the text form.
fn parse_line(l: &str) -> Result<BookPosition, String> {
    let mut fields = l.splitn(4, ',');
    let board_field = fields.next().unwrap_or("");
    let mut board = EkBoard::default();
    let mut chars = board_field.chars().filter(|c| !c.is_whitespace());
    for x in 0..64 {
        match chars.next().map(|c| c.to_ascii_lowercase()) {
            Some('b' | 'x' | '*') => board.player |= 1 << x,
            Some('o' | 'w') => board.opponent |= 1 << x,
            Some('-' | '.') => {}
            _ => return Err("a board of 64 squares (X, O, -) expected".into()),
        }
    }
    match chars.next().map(|c| c.to_ascii_lowercase()) {
        Some('b' | 'x' | '*') => {}
        Some('o' | 'w') => board = board.swapped(),
        _ => return Err("the side to move (X or O) expected after the board".into()),
    }
    let level_field = fields.next().ok_or("a ',' and the level expected after the board")?;
    let level: i32 = level_field.trim().parse().map_err(|_| format!("level {level_field:?} is not a number"))?;
    if !(0..=60).contains(&level) {
        return Err(format!("level {level} is not in 0..=60"));
    }
    let mut p = BookPosition::new(board);
    p.level = level as u8;
    if let (Some(mv), Some(score)) = (fields.next(), fields.next()) {
        let score: i32 = score.trim().parse().map_err(|_| format!("leaf score {score:?} is not a number"))?;
        if let Some(x) = legal_move(&board, mv.trim()) {
            p.leaf = BookLink { score: score as i8, mv: x };
        }
    }
    Ok(p)
}

/// Edax's `parse_move` as `position_import` uses it: the square if it is a legal move, `PASS`
/// if written and the side to move must pass, else none.
fn legal_move(b: &EkBoard, s: &str) -> Option<u8> {
    let bytes = s.as_bytes();
    let x = if bytes.len() >= 2 {
        let (f, r) = (bytes[0].to_ascii_lowercase(), bytes[1]);
        if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r) {
            Some(i32::from(f - b'a') + 8 * i32::from(r - b'1'))
        } else if f == b'p' && bytes[1].eq_ignore_ascii_case(&b'a') {
            Some(PASS)
        } else {
            None
        }
    } else {
        None
    };
    let must_pass = get_moves(b.player, b.opponent) == 0 && get_moves(b.opponent, b.player) != 0;
    match x {
        Some(x @ 0..=63) => {
            let empty = (b.player | b.opponent) >> x & 1 == 0;
            if empty && flip(x as usize, b.player, b.opponent) != 0 {
                return Some(x as u8);
            }
        }
        Some(PASS) if must_pass => return Some(PASS as u8),
        _ => {}
    }
    // Edax's parse_move then makes the move PASS or NOMOVE but reports nothing parsed, so
    // position_import sets no leaf.
    None
}
