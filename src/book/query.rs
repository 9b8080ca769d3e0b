//! What the book says of a position, as Edax answers (book.c `position_get_moves`,
//! `position_get_random_move`, `book_get_line`, `book_get_game_stats`, `book_info`).

use super::text::{board_to_string, move_to_string};
use super::{board_next, symmetric_move, symmetry_onto, BookPosition, EkBook};
use crate::kernels::moves::get_moves;
use crate::types::board::{EkBoard, NOMOVE};

/// A book move of a position: the square (in the asked board's orientation) and its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The square, `PASS`, or `NOMOVE` (a position of the book with no move close enough to
    /// its value: [`EkBook::random_move`]).
    pub mv: i32,
    /// The score of the move for the side to move.
    pub score: i32,
}

/// Game counts of the book's lines from a position (Edax's `GameStats`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BookGameStats {
    /// Lines won by the side to move.
    pub n_wins: u64,
    /// Drawn lines.
    pub n_draws: u64,
    /// Lost lines.
    pub n_losses: u64,
    /// All lines.
    pub n_lines: u64,
}

/// What `book info` counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BookInfo {
    /// Positions.
    pub n_nodes: u64,
    /// Links of all positions.
    pub n_links: u64,
    /// Positions with a leaf.
    pub n_leaves: u64,
    /// Positions per level (0..=255; Edax's array has 61).
    pub n_level: Vec<u64>,
    /// The book's depth, 61 - n_empties.
    pub depth: i32,
    /// Edax's "memory occupation" (its struct sizes on 64-bit machines).
    pub memory: u64,
    /// The smallest bucket, the mean, the largest (Edax's "hash balance").
    pub balance: (usize, usize, usize),
}

/// Recursion cap of the searches through links: a legal book's lines are at most 60 moves and
/// their passes; a hostile file's links may lead anywhere.
const MAX_PLIES: usize = 128;

/// Edax's `position_get_moves`: the moves of `p` turned onto `board` (the first symmetry that
/// maps the stored board onto it), links in stored order then the leaf, stable-sorted best
/// first (Edax's `movelist_sort`).
pub(crate) fn position_moves(p: &BookPosition, board: &EkBoard) -> (Vec<BookMove>, u32) {
    let s = symmetry_onto(&p.board, board).unwrap_or(0);
    let mut moves: Vec<BookMove> = p
        .links
        .iter()
        .map(|l| BookMove { mv: i32::from(symmetric_move(l.mv, s)), score: i32::from(l.score) })
        .collect();
    let leaf = symmetric_move(p.leaf.mv, s);
    if i32::from(leaf) != NOMOVE {
        moves.push(BookMove { mv: i32::from(leaf), score: i32::from(p.leaf.score) });
    }
    // Edax's selection takes the first of the best each time: a stable sort, best first.
    moves.sort_by_key(|m| core::cmp::Reverse(m.score));
    (moves, s)
}

/// Edax's `position_get_random_move`: among the moves from the best down while the
/// position's value is at most the move's score + `randomness`, the one `random_get() % n`
/// picks (one generator call when n >= 1); NOMOVE when n = 0.
fn position_random_move(p: &BookPosition, board: &EkBoard, r: &mut super::EdaxRandom, randomness: i32) -> BookMove {
    let (moves, _) = position_moves(p, board);
    let n = moves.iter().take_while(|m| i32::from(p.value) <= m.score.saturating_add(randomness)).count();
    if n == 0 {
        return BookMove { mv: NOMOVE, score: 0 };
    }
    let i = (r.next_u64() % n as u64) as usize;
    moves[i]
}

fn is_game_over(b: &EkBoard) -> bool {
    get_moves(b.player, b.opponent) == 0 && get_moves(b.opponent, b.player) == 0
}

impl EkBook {
    /// Edax's `book_get_moves`: the book moves of `board` (any symmetry) with their scores,
    /// in Edax's order; None when the position is not in the book.
    pub fn moves(&self, board: &EkBoard) -> Option<Vec<BookMove>> {
        self.probe(board).map(|p| position_moves(p, board).0)
    }

    /// Edax's `book_get_random_move` on the book's generator: None when `board` is not in the
    /// book; a move `NOMOVE` when it is but no move scores within `randomness` of its value.
    /// Edax's `play_go` follows it with [`EkBook::line`], which calls the generator again.
    pub fn random_move(&mut self, board: &EkBoard, randomness: i32) -> Option<BookMove> {
        let mut r = self.random;
        let p = self.probe(board)?;
        let m = position_random_move(p, board, &mut r, randomness);
        self.random = r;
        Some(m)
    }

    /// Edax's `book_get_line`: `first`, then from the position after it, while the position is
    /// in the book and not over, the move `random_move` gives with randomness 0 (one generator
    /// call each). Unlike Edax, it stops at a position without a move (Edax would push
    /// `NOMOVE` and loop) and after 128 moves.
    pub fn line(&mut self, board: &EkBoard, first: i32) -> Vec<i32> {
        let mut line = vec![first];
        let mut b = board_next(*board, first.clamp(0, 255) as u8);
        let mut r = self.random;
        while line.len() < MAX_PLIES {
            let Some(p) = self.probe(&b) else { break };
            if is_game_over(&p.board) {
                break;
            }
            let m = position_random_move(p, &b, &mut r, 0);
            if m.mv == NOMOVE {
                break;
            }
            line.push(m.mv);
            b = board_next(b, m.mv as u8);
        }
        self.random = r;
        line
    }

    /// Edax's `book_get_game_stats`: the counts of `board`'s position, or, when one of them
    /// is saturated, the sums over its links' children (recursively; zero when not in the
    /// book).
    ///
    /// Each position's counts are computed once per call (Edax recomputes a position reached
    /// by several paths; the sums are the same), and a position met again on its own path (a
    /// cycle, possible only in a hostile file) counts zero: a call costs at most one visit
    /// per position.
    pub fn game_stats(&self, board: &EkBoard) -> BookGameStats {
        let mut memo = std::collections::HashMap::new();
        self.game_stats_at(board, &mut memo)
    }

    fn game_stats_at(
        &self,
        board: &EkBoard,
        memo: &mut std::collections::HashMap<EkBoard, BookGameStats>,
    ) -> BookGameStats {
        let mut s = BookGameStats::default();
        let Some(p) = self.probe(board) else { return s };
        if let Some(known) = memo.get(&p.board) {
            return *known;
        }
        let saturated = [p.n_wins, p.n_losses, p.n_draws, p.n_lines].contains(&u32::MAX);
        if saturated {
            // In progress: zero for a cycle back here.
            memo.insert(p.board, s);
            for l in &p.links {
                let c = self.game_stats_at(&board_next(p.board, l.mv), memo);
                s.n_wins = s.n_wins.wrapping_add(c.n_losses);
                s.n_draws = s.n_draws.wrapping_add(c.n_draws);
                s.n_losses = s.n_losses.wrapping_add(c.n_wins);
                s.n_lines = s.n_lines.wrapping_add(c.n_lines);
            }
        } else {
            s = BookGameStats {
                n_wins: p.n_wins.into(),
                n_draws: p.n_draws.into(),
                n_losses: p.n_losses.into(),
                n_lines: p.n_lines.into(),
            };
        }
        memo.insert(p.board, s);
        s
    }

    /// What `book info` counts.
    pub fn info(&self) -> BookInfo {
        let mut i = BookInfo {
            n_level: vec![0; 256],
            depth: 61i32.wrapping_sub(self.options.n_empties),
            ..BookInfo::default()
        };
        for p in self.positions() {
            i.n_links += p.links.len() as u64;
            i.n_leaves += u64::from(i32::from(p.leaf.mv) != NOMOVE);
            i.n_level[usize::from(p.level)] += 1;
        }
        i.n_nodes = self.len() as u64;
        let (min, max) = self.bucket_sizes().fold((self.len(), 0), |(lo, hi), n| (lo.min(n), hi.max(n)));
        i.balance = (min, self.len() / self.n_buckets(), max);
        // sizeof (Position) = 64, sizeof (PositionArray) = 16, sizeof (Link) = 2.
        i.memory = i.n_nodes * 64 + self.n_buckets() as u64 * 16 + i.n_links * 2;
        i
    }

    /// `book info`'s text as Edax prints it (its `position_print` line for each position
    /// whose level is not the book's, then the summary).
    pub fn info_text(&self) -> String {
        let i = self.info();
        let mut out = String::new();
        for p in self.positions() {
            if i32::from(p.level) != self.options.level {
                out.push_str(&position_print(p));
            }
        }
        let d = self.date;
        out.push_str("Edax Book 4.6; ");
        out.push_str(&format!("{}-{}-{} ", d.year, d.month as i8, d.day as i8));
        out.push_str(&format!("{}:{:02}:{:02};\n", d.hour as i8, d.minute as i8, d.second as i8));
        out.push_str(&format!("Positions: {} (moves = {} links + {} leaves);\n", i.n_nodes, i.n_links, i.n_leaves));
        for (level, n) in i.n_level.iter().enumerate().take(61) {
            if *n != 0 {
                out.push_str(&format!("Level {level} : {n} nodes\n"));
            }
        }
        out.push_str(&format!("Depth: {}\n", i.depth));
        out.push_str(&format!("Memory occupation: {}\n", i.memory));
        out.push_str(&format!("Hash balance: {} < {} < {}\n", i.balance.0, i.balance.1, i.balance.2));
        out
    }
}

/// Edax's `printf("%+02d")`: the sign always, at least 2 characters in all.
pub(crate) fn signed(v: i32) -> String {
    format!("{v:+}")
}

/// Edax's `position_print` on the stored board.
fn position_print(p: &BookPosition) -> String {
    let color = (64 - (p.board.player | p.board.opponent).count_ones()) & 1;
    let mut s = format!("{{board:{}; ", board_to_string(&p.board, color));
    s += &format!("level:{}; ", p.level);
    s += &format!("best: {} [{}, {}];", signed(p.value.into()), signed(p.lower.into()), signed(p.upper.into()));
    s += "moves:";
    let (moves, sym) = position_moves(p, &p.board);
    for m in moves {
        let name = move_to_string(m.mv, color);
        if i32::from(symmetric_move(p.leaf.mv, sym)) == m.mv {
            s += &format!(" <{name}:{}>", signed(m.score));
        } else {
            s += &format!(" [{name}:{}]", signed(m.score));
        }
    }
    s + "}\n"
}
