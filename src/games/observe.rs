//! What a learner sees of a batch of games: the observation planes, the legal-action masks, the
//! player to move and the rewards, written into the caller's arrays (flat, row-major).
//!
//! A board's row is one byte of its bitboard, so the planes and masks are written a row at a
//! time from small tables (a row's 8 floats or 8 flags for each of the 256 bytes) rather than a
//! square at a time: at 4096 games a step writes 2.4 MB, and writing it was most of a step's time
//! (BENCHMARKS.md, "Many games for learning").

use super::workers::on_threads;
use super::{EkGames, Game, N_ACTIONS};

/// The layout of one game's observation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// pgx's `(8, 8, 2)`: for each square (row = square / 8, column = square % 8), 1 in channel 0
    /// when the player to move has a disc there, 1 in channel 1 when the other player has.
    Pgx,
    /// OpenSpiel's `(3, 8, 8)`: plane 0 the empty squares, plane 1 the player to move's discs,
    /// plane 2 the other player's.
    OpenSpiel,
}

impl Layout {
    /// The numbers one game's observation has (128 or 192).
    pub const fn size(self) -> usize {
        match self {
            Layout::Pgx => 128,
            Layout::OpenSpiel => 192,
        }
    }
}

/// For each byte, its 8 bits as floats (bit i -> element i).
const ROW_FLOATS: [[f32; 8]; 256] = {
    let mut t = [[0.0f32; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 == 1 {
                t[b][i] = 1.0;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// For each byte, its 8 bits as flags.
const ROW_FLAGS: [[bool; 8]; 256] = {
    let mut t = [[false; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            t[b][i] = b >> i & 1 == 1;
            i += 1;
        }
        b += 1;
    }
    t
};

/// For each byte, its bits spread to the even bits of 16 (bit i -> bit 2i): two spread rows, one
/// shifted by 1, interleave the two players' discs as pgx's channels do.
const SPREAD: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            t[b] |= ((b >> i & 1) as u16) << (2 * i);
            i += 1;
        }
        b += 1;
    }
    t
};

/// Row `r` (0..8) of a bitboard.
fn row(b: u64, r: usize) -> usize {
    (b >> (8 * r) & 0xFF) as usize
}

/// One game's observation in `layout`, `p` the discs seen as one's own, `q` the other's.
fn write_observation((p, q): (u64, u64), layout: Layout, o: &mut [f32]) {
    match layout {
        Layout::Pgx => {
            for (r, out) in o.chunks_exact_mut(16).enumerate() {
                let pair = SPREAD[row(p, r)] | SPREAD[row(q, r)] << 1;
                out[..8].copy_from_slice(&ROW_FLOATS[usize::from(pair & 0xFF)]);
                out[8..].copy_from_slice(&ROW_FLOATS[usize::from(pair >> 8)]);
            }
        }
        Layout::OpenSpiel => {
            for (plane, bits) in o.chunks_exact_mut(64).zip([!(p | q), p, q]) {
                for (r, out) in plane.chunks_exact_mut(8).enumerate() {
                    out.copy_from_slice(&ROW_FLOATS[row(bits, r)]);
                }
            }
        }
    }
}

/// One game's legal actions: its squares, or the pass alone; nothing once it has ended.
fn write_mask(g: &Game, m: &mut [bool]) {
    let moves = if g.over { 0 } else { g.moves };
    for (r, out) in m[..64].chunks_exact_mut(8).enumerate() {
        out.copy_from_slice(&ROW_FLAGS[row(moves, r)]);
    }
    m[64] = !g.over && moves == 0;
}

/// Below this many games a thread, `see` writes on fewer threads: handing a share to the pool's
/// thread costs about as much as writing a few hundred games (threads started for each call
/// were slower than one thread at 4096 games: BENCHMARKS.md, "Many games for learning").
const SEEN_PER_THREAD: usize = 1024;

impl EkGames {
    /// Game `i`'s discs as its observation shows them: the player to move's and the other's, or
    /// with an opponent set the agent's and the opponent's (the same while the game goes on: the
    /// agent is then to move; at a game's end the agent still sees its own discs first).
    fn viewpoint(&self, i: usize, g: &Game) -> (u64, u64) {
        if self.opponent.is_some() && g.white_to_move != self.agent.is_white(i) {
            (g.board.opponent, g.board.player)
        } else {
            (g.board.player, g.board.opponent)
        }
    }

    /// Writes every game's observation in `layout` into `out` (`len() * layout.size()` numbers,
    /// game after game), as 0.0 and 1.0, from the viewpoint of the player to move, or of the
    /// agent with an opponent set (see `viewpoint`).
    pub fn observe(&self, layout: Layout, out: &mut [f32]) {
        let size = layout.size();
        assert_eq!(out.len(), self.games.len() * size, "len() * layout.size() numbers");
        for (i, (g, o)) in self.games.iter().zip(out.chunks_exact_mut(size)).enumerate() {
            write_observation(self.viewpoint(i, g), layout, o);
        }
    }

    /// Writes every game's legal actions into `out` (`len() * 65` flags, game after game): its
    /// squares, or the pass (64) alone when it has none; nothing for a game that has ended.
    pub fn legal_actions(&self, out: &mut [bool]) {
        assert_eq!(out.len(), self.games.len() * N_ACTIONS, "len() * 65 flags");
        for (g, m) in self.games.iter().zip(out.chunks_exact_mut(N_ACTIONS)) {
            write_mask(g, m);
        }
    }

    /// Writes what `observe`, `legal_actions` and `to_move` write, in one pass over the games and
    /// on the batch's threads (each a contiguous share of at least 1024 games).
    pub fn see(&self, layout: Layout, observations: &mut [f32], masks: &mut [bool], to_move: &mut [u8]) {
        let (n, size) = (self.games.len(), layout.size());
        assert_eq!(observations.len(), n * size, "len() * layout.size() numbers");
        assert_eq!(masks.len(), n * N_ACTIONS, "len() * 65 flags");
        assert_eq!(to_move.len(), n, "one per game");
        let one = |first: usize, games: &[Game], obs: &mut [f32], masks: &mut [bool], to_move: &mut [u8]| {
            let outs = obs.chunks_exact_mut(size).zip(masks.chunks_exact_mut(N_ACTIONS)).zip(to_move);
            for (k, (g, ((o, m), c))) in games.iter().zip(outs).enumerate() {
                write_observation(self.viewpoint(first + k, g), layout, o);
                write_mask(g, m);
                *c = u8::from(g.white_to_move);
            }
        };
        let threads = self.threads.min(n / SEEN_PER_THREAD).max(1);
        let chunk = n.div_ceil(threads).max(1);
        let outs = observations
            .chunks_mut(chunk * size)
            .zip(masks.chunks_mut(chunk * N_ACTIONS))
            .zip(to_move.chunks_mut(chunk));
        let parts: Vec<_> = self.games.chunks(chunk).zip(outs).collect();
        on_threads(parts, &[], self.pool.as_ref(), &|k, (games, ((o, m), c)), _| one(k * chunk, games, o, m, c));
    }

    /// Writes the player to move of every game into `out`: 0 black, 1 white.
    pub fn to_move(&self, out: &mut [u8]) {
        assert_eq!(out.len(), self.games.len(), "one per game");
        for (g, c) in self.games.iter().zip(out) {
            *c = u8::from(g.white_to_move);
        }
    }

    /// Writes the last step's rewards into `out` (`len() * 2`: black's, then white's): at the end
    /// of a game +1 to the winner and -1 to the loser (0 each for a draw), or with
    /// `disc_difference` each player's final disc difference; 0 where no game ended.
    pub fn rewards(&self, disc_difference: bool, out: &mut [f32]) {
        assert_eq!(out.len(), self.games.len() * 2, "len() * 2 numbers");
        let r = &self.report;
        for ((o, &t), &s) in out.chunks_exact_mut(2).zip(&r.terminated).zip(&r.black_score) {
            let black = if t == 0 {
                0.0
            } else if disc_difference {
                f32::from(s)
            } else {
                f32::from(s.signum())
            };
            o[0] = black;
            o[1] = -black;
        }
    }
}
