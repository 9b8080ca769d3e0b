//! Many Othello games stepped at once, in the conventions of the learning frameworks (issue 61):
//! an action is a square 0..=63 (A1 = 0 ... H8 = 63, row-major from A1, as pgx and OpenSpiel
//! number the board) or 64, the pass, legal only when the player to move has no square; the
//! observations are planes of the player to move and of the other player (pgx's (8, 8, 2), or
//! OpenSpiel's (3, 8, 8) with the empty squares first); a finished game scores its disc
//! difference with the empty squares going to the winner (Edax's and the solver's rule).
//!
//! A step validates every game's action before it plays any, so an illegal action leaves every
//! game as it was and names the game and the action. Each game draws its random actions from a
//! generator of its own (seeded from the batch's seed and its index), so a batch gives the same
//! games on any number of threads. With `auto_reset`, a game that ends is started again at once;
//! the step still reports it as terminated, with its final score.
//!
//! An opponent ([`Opponent`], opponent.rs) makes the batch a learner's environment: the library
//! plays the other side's moves inside the step, so that the agent only acts at its own turns;
//! teachers (teach.rs) score every legal action with Edax's search or the exact solver. Both run
//! on the batch's searchers (workers.rs): one engine, and one solver, per thread.

mod observe;
mod opponent;
mod teach;
mod workers;
pub use observe::Layout;
pub use opponent::{AgentSide, Opponent};
pub use workers::SearchSetupError;

use crate::dispatch::dispatch::{flip, get_moves};
use crate::types::board::EkBoard;
use workers::{new_pool, on_threads, Worker, Workers};

/// The pass action: the only legal one when the player to move has no square.
pub const PASS_ACTION: i32 = 64;
/// The number of actions (64 squares and the pass): the width of a legal-action mask.
pub const N_ACTIONS: usize = 65;

/// An action a game could not take: which game, which action, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalAction {
    /// The game's index in the batch.
    pub game: usize,
    /// The action given.
    pub action: i32,
    /// Whether the game had ended (and `auto_reset` is off): no action is legal then.
    pub game_over: bool,
}

impl std::fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.game_over {
            write!(f, "game {}: action {} given to a game that has ended (reset it)", self.game, self.action)
        } else {
            write!(
                f,
                "game {}: action {} is not legal (a square 0..63 the player to move can play, or 64 when it has none)",
                self.game, self.action
            )
        }
    }
}

impl std::error::Error for IllegalAction {}

/// One game: the board (the player to move first), its colour, whether it has ended, its random
/// generator, the action it was last given (-1: none), and the player to move's squares (kept
/// from the end-of-game check in `play`, so that choosing, checking and masking an action do
/// not look for the moves again).
#[derive(Clone, Copy, Debug)]
struct Game {
    board: EkBoard,
    white_to_move: bool,
    over: bool,
    rng: u64,
    last_action: i32,
    moves: u64,
}

impl Game {
    fn new(seed: u64) -> Game {
        let board = EkBoard::START;
        let moves = get_moves(board.player, board.opponent);
        Game { board, white_to_move: false, over: false, rng: seed, last_action: -1, moves }
    }

    /// splitmix64: the next number of the game's own sequence.
    fn next_random(&mut self) -> u64 {
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn legal(&self, action: i32) -> bool {
        let moves = self.moves;
        match action {
            0..=63 => moves >> action & 1 == 1,
            PASS_ACTION => moves == 0,
            _ => false,
        }
    }

    /// A legal action drawn uniformly.
    fn random_action(&mut self) -> i32 {
        let moves = self.moves;
        if moves == 0 {
            return PASS_ACTION;
        }
        // Uniform over the moves by the high half of a 64 x 64-bit product (no division).
        let k = ((u128::from(self.next_random()) * u128::from(moves.count_ones())) >> 64) as u32;
        let mut m = moves;
        for _ in 0..k {
            m &= m - 1;
        }
        m.trailing_zeros() as i32
    }

    /// Plays a legal action; returns black's final disc difference when the game ends with it.
    fn play(&mut self, action: i32) -> Option<i32> {
        let b = self.board;
        self.board = if action == PASS_ACTION {
            EkBoard::new(b.opponent, b.player)
        } else {
            let flipped = flip(action, b.player, b.opponent);
            EkBoard::new(b.opponent ^ flipped, b.player ^ flipped ^ (1u64 << action))
        };
        self.white_to_move = !self.white_to_move;
        self.moves = get_moves(self.board.player, self.board.opponent);
        let ended = self.moves == 0 && get_moves(self.board.opponent, self.board.player) == 0;
        if !ended {
            return None;
        }
        self.over = true;
        let score = final_score(&self.board);
        Some(if self.white_to_move { -score } else { score })
    }
}

/// The final disc difference for the player to move, the empty squares to the winner.
fn final_score(b: &EkBoard) -> i32 {
    let (p, o) = (b.player.count_ones() as i32, b.opponent.count_ones() as i32);
    let empties = 64 - p - o;
    match p.cmp(&o) {
        core::cmp::Ordering::Greater => p - o + empties,
        core::cmp::Ordering::Less => p - o - empties,
        core::cmp::Ordering::Equal => 0,
    }
}

/// The seed of game `i`'s random generator in a batch seeded with `seed`.
fn game_seed(seed: u64, i: usize) -> u64 {
    seed ^ (i as u64).wrapping_mul(0xD1B5_4A32_D192_ED03)
}

/// What a step did to each game (indexed like the games).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepReport {
    /// 1 where the game ended with this step.
    pub terminated: Vec<u8>,
    /// Where the game ended: black's final disc difference (the empty squares to the winner);
    /// 0 elsewhere.
    pub black_score: Vec<i8>,
}

/// A batch of games, stepped together.
pub struct EkGames {
    games: Vec<Game>,
    auto_reset: bool,
    threads: usize,
    report: StepReport,
    /// Who plays the agent's opponent (None: the caller plays both sides).
    opponent: Option<Opponent>,
    agent: AgentSide,
    workers: Workers,
    /// The threads besides the caller's (`threads - 1`), kept between steps.
    pool: Option<rayon::ThreadPool>,
}

/// Below this many games a step runs on the calling thread alone (a thread costs more).
const GAMES_PER_THREAD: usize = 1024;

impl EkGames {
    /// `n` games at the start position, black to move, their random generators seeded from
    /// `seed`; `auto_reset`: a game that ends starts again at once (its end still reported).
    pub fn new(n: usize, seed: u64, auto_reset: bool) -> EkGames {
        let games = (0..n).map(|i| Game::new(game_seed(seed, i))).collect();
        EkGames {
            games,
            auto_reset,
            threads: 1,
            report: StepReport { terminated: vec![0; n], black_score: vec![0; n] },
            opponent: None,
            agent: AgentSide::default(),
            workers: Workers::new(),
            pool: None,
        }
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether the batch has no game.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The threads a step may use (at least 1; a step of fewer than 1024 games a thread uses
    /// fewer, unless an opponent searches: then its games are split evenly among them, one
    /// searcher each). The games' results do not depend on it.
    pub fn set_threads(&mut self, n: usize) {
        if n.max(1) != self.threads {
            self.pool = new_pool(n);
        }
        self.threads = if self.pool.is_some() { n.max(1) } else { 1 };
        if let Some(o) = self.opponent.filter(|o| o.searches()) {
            // Searchers that cannot be made leave fewer threads: the same games all the same.
            let _ = self.workers.ensure(self.threads.min(self.games.len()), o.solves());
        }
    }

    /// Game `i`'s board (the player to move first) and whether white is to move.
    pub fn board(&self, i: usize) -> (EkBoard, bool) {
        (self.games[i].board, self.games[i].white_to_move)
    }

    /// Whether game `i` has ended (never true with `auto_reset`).
    pub fn is_over(&self, i: usize) -> bool {
        self.games[i].over
    }

    /// Starts every game again (their random generators go on); the opponent, if any, plays
    /// its first moves (no game ends with them).
    pub fn reset(&mut self) {
        for g in &mut self.games {
            *g = Game { rng: g.rng, ..Game::new(0) };
        }
        if self.opponent.is_some() {
            self.run(|_, _| None);
        }
    }

    /// Starts again every game that has ended (the others go on); the opponent, if any, plays
    /// its first moves there.
    pub fn reset_ended(&mut self) {
        for g in self.games.iter_mut().filter(|g| g.over) {
            *g = Game { rng: g.rng, ..Game::new(0) };
        }
        if self.opponent.is_some() {
            self.run(|_, _| None);
        }
    }

    /// Seeds every game's random generator as [`EkGames::new`] seeds them (the games go on).
    pub fn seed(&mut self, seed: u64) {
        for (i, g) in self.games.iter_mut().enumerate() {
            g.rng = game_seed(seed, i);
        }
    }

    /// What the last step did.
    pub fn report(&self) -> &StepReport {
        &self.report
    }

    /// Plays `actions[i]` in game `i`, every game at once; an illegal action (or an action for
    /// an ended game) is refused before any game moves, naming the first such game.
    pub fn step(&mut self, actions: &[i32]) -> Result<&StepReport, IllegalAction> {
        assert_eq!(actions.len(), self.games.len(), "one action per game");
        for (i, (g, &a)) in self.games.iter().zip(actions).enumerate() {
            if g.over || !g.legal(a) {
                return Err(IllegalAction { game: i, action: a, game_over: g.over });
            }
        }
        self.run(|g, _| Some(actions[g]));
        Ok(&self.report)
    }

    /// Plays a random legal action in every game that has not ended (each from its own
    /// generator), writing the actions into `actions` (-1 for a game that had ended).
    pub fn step_random(&mut self, actions: &mut [i32]) -> &StepReport {
        assert_eq!(actions.len(), self.games.len(), "one action per game");
        self.run(|_, game| if game.over { None } else { Some(game.random_action()) });
        for (a, g) in actions.iter_mut().zip(&self.games) {
            *a = g.last_action;
        }
        &self.report
    }

    /// Steps every game with the action `choose(index, game)` gives (None: leave it), then the
    /// opponent's replies, on the batch's threads, each thread a contiguous share of the games
    /// (and its own searcher when the opponent searches).
    fn run(&mut self, choose: impl Fn(usize, &mut Game) -> Option<i32> + Sync) {
        let (auto_reset, agent, opponent) = (self.auto_reset, self.agent, self.opponent);
        let n = self.games.len();
        let threads = match opponent {
            Some(o) if o.searches() => self.threads.min(self.workers.list.len()),
            _ => self.threads.min(n / GAMES_PER_THREAD),
        };
        let chunk = n.div_ceil(threads.max(1)).max(1);
        let one =
            |k: usize, ((games, terminated), scores): ((&mut [Game], &mut [u8]), &mut [i8]), w: Option<&Worker>| {
                for (j, ((g, t), s)) in games.iter_mut().zip(terminated).zip(scores).enumerate() {
                    let agent_white = agent.is_white(k * chunk + j);
                    let reply = |g: &mut Game| opponent.and_then(|o| o.reply(g, agent_white, w));
                    let mut end = match choose(k * chunk + j, g) {
                        Some(a) => {
                            g.last_action = a;
                            g.play(a)
                        }
                        None => {
                            g.last_action = -1;
                            None
                        }
                    };
                    if end.is_none() {
                        end = reply(g);
                    }
                    (*t, *s) = (u8::from(end.is_some()), end.unwrap_or(0) as i8);
                    if end.is_some() && auto_reset {
                        // Started again; the action that ended it is still the one reported.
                        *g = Game { rng: g.rng, last_action: g.last_action, ..Game::new(0) };
                        reply(g);
                    }
                }
            };
        let r = &mut self.report;
        let parts: Vec<_> = self
            .games
            .chunks_mut(chunk)
            .zip(r.terminated.chunks_mut(chunk))
            .zip(r.black_score.chunks_mut(chunk))
            .collect();
        on_threads(parts, &self.workers.list, self.pool.as_ref(), &one);
    }
}
