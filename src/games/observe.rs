//! What a learner sees of a batch of games: the observation planes, the legal-action masks, the
//! player to move and the rewards, written into the caller's arrays (flat, row-major).

use super::{EkGames, N_ACTIONS};
use crate::dispatch::dispatch::get_moves;

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

impl EkGames {
    /// Writes every game's observation in `layout` into `out` (`len() * layout.size()` numbers,
    /// game after game), as 0.0 and 1.0. "The player to move" is the agent's side with an
    /// opponent set (the agent is to move in every game that goes on): at a game's end, too, the
    /// agent sees its own discs first.
    pub fn observe(&self, layout: Layout, out: &mut [f32]) {
        let size = layout.size();
        assert_eq!(out.len(), self.games.len() * size, "len() * layout.size() numbers");
        for (i, (g, o)) in self.games.iter().zip(out.chunks_exact_mut(size)).enumerate() {
            let agent_white = self.agent.is_white(i);
            let (p, q) = if self.opponent.is_some() && g.white_to_move != agent_white {
                (g.board.opponent, g.board.player)
            } else {
                (g.board.player, g.board.opponent)
            };
            let bit = |b: u64, x: usize| (b >> x & 1) as f32;
            match layout {
                Layout::Pgx => {
                    for x in 0..64 {
                        o[2 * x] = bit(p, x);
                        o[2 * x + 1] = bit(q, x);
                    }
                }
                Layout::OpenSpiel => {
                    for x in 0..64 {
                        o[x] = bit(!(p | q), x);
                        o[64 + x] = bit(p, x);
                        o[128 + x] = bit(q, x);
                    }
                }
            }
        }
    }

    /// Writes every game's legal actions into `out` (`len() * 65` flags, game after game): its
    /// squares, or the pass (64) alone when it has none; nothing for a game that has ended.
    pub fn legal_actions(&self, out: &mut [bool]) {
        assert_eq!(out.len(), self.games.len() * N_ACTIONS, "len() * 65 flags");
        for (g, m) in self.games.iter().zip(out.chunks_exact_mut(N_ACTIONS)) {
            let moves = if g.over { 0 } else { get_moves(g.board.player, g.board.opponent) };
            for (x, flag) in m[..64].iter_mut().enumerate() {
                *flag = moves >> x & 1 == 1;
            }
            m[64] = !g.over && moves == 0;
        }
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
