//! A game clock and each move's time budget, as Edax 4.6 allots it (`search_time_init`,
//! `solvable_depth` in search.c; the clock of play.c, gtp.c and xboard.c).
//!
//! Edax plays under one of two time controls (`options.play_type`): a time per move, or a time
//! for the whole game whose remainder is shared out over the moves that are not expected to be
//! solved. From it Edax computes three times: `mini` (no new iteration of the deepening starts
//! after it), `maxi`, and `extra` (the search stops). The engine ([`super::EkEngine`]) has one
//! hard time limit: a program gives it `extra`, capped by [`Budget::limit_ms`] to what the clock
//! holds minus a safety margin, so that a game never runs out of time.

/// Edax's default speed (`options.speed`, nodes per second), from which it guesses the depth
/// it can solve in a time.
const EDAX_SPEED: f64 = 1e7;

/// Edax's `solvable_depth(limit, n_tasks)` at its default speed: the depth (15..=60) Edax
/// expects to solve in `limit_ms` milliseconds with `n_tasks` threads (its own very rough
/// model: a branching factor of 2 and the parallel efficiency of SMP_W = 49, SMP_C = 1).
pub fn solvable_depth(limit_ms: i64, n_tasks: i32) -> i32 {
    let n = f64::from(n_tasks.max(1));
    let speed = 0.001 * (EDAX_SPEED * (49.0 + 1.0) / (49.0 / n + 1.0));
    let (mut t, mut d) = (0i64, 15);
    while d <= 60 && t <= limit_ms {
        // Edax adds in double and stores in an int64_t: the sum is truncated at each step.
        t = (t as f64 + 2f64.powi(d) / speed) as i64;
        d += 1;
    }
    d - 1
}

/// A move's times in milliseconds, as Edax's `search->time` holds them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// No new iteration starts after it.
    pub mini: i64,
    /// Edax's `maxi` (the bound of its one extension).
    pub maxi: i64,
    /// The search stops after it.
    pub extra: i64,
}

/// Edax's allotment with a time per move of `time_ms` (`search_time_init`, `time_per_move`).
pub fn budget_per_move(time_ms: i64) -> Budget {
    let t = (time_ms - 10).max(100);
    Budget { mini: t * 9 / 10, maxi: t * 99 / 100, extra: t }
}

/// Edax's allotment with `left_ms` for the rest of the game, `n_empties` empty squares and
/// `n_tasks` threads (`search_time_init`, time per game): the moves Edax expects to play before
/// the position is solvable in a tenth of the time share it (at least two), less 10 ms each.
pub fn budget_per_game(left_ms: i64, n_empties: i32, n_tasks: i32) -> Budget {
    let sd = solvable_depth(left_ms / 10, n_tasks);
    let d = ((n_empties - sd) / 2).max(2);
    let t = (left_ms / i64::from(d) - 10).max(100);
    Budget { mini: t / 4, maxi: t * 3 / 4, extra: t }
}

/// The time the clock keeps back (milliseconds): 50, and 10 for each move the player still
/// has to play, for the program's answer, the transport's delays and the moves to come.
pub fn safety_margin_ms(n_empties: i32) -> i64 {
    50 + 10 * i64::from((n_empties.max(0) + 1) / 2)
}

impl Budget {
    /// The engine's hard time limit for this budget when `left_ms` is on the clock before a move
    /// with `n_empties` empty squares (`None`: no clock runs down, as with Edax's time per move):
    /// `extra`, but never more than half the time left minus the safety margin, and at least
    /// 1 ms (the engine's 0 is no limit). Edax's `extra` is at most half the time left already
    /// (two moves at least share it) but for its floor of 100 ms; the half and the margin keep
    /// a short clock from running out (tests: `a_simulated_game_never_runs_out`).
    pub fn limit_ms(&self, left_ms: Option<i64>, n_empties: i32) -> u64 {
        let mut t = self.extra;
        if let Some(left) = left_ms {
            t = t.min((left - safety_margin_ms(n_empties)) / 2);
        }
        t.max(1) as u64
    }
}

/// A time control: what the protocols give (GTP's `time_settings`, xboard's `level` and `st`,
/// NBoard's GGF `TI`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// No time limit: the level alone (Edax's fixed level).
    None,
    /// The same time for every move (Edax's `-move-time`, `EDAX_TIME_PER_MOVE`).
    PerMove { ms: i64 },
    /// A time for the game (Edax's `-game-time`, `EDAX_TIME_PER_GAME`), with `increment_ms` given
    /// back after each move (xboard's and GGF's increment; Edax ignores it but through the time
    /// left the protocol reports).
    PerGame { ms: i64, increment_ms: i64 },
}

/// Both players' clocks under a time control: the time each has left, as the protocols report
/// it (GTP's `time_left`, xboard's `time`/`otim`) or as the moves spend it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub control: TimeControl,
    /// The time left of black (0) and white (1), in milliseconds.
    pub left_ms: [i64; 2],
}

impl Clock {
    /// A clock at the start of a game under `control`.
    pub fn new(control: TimeControl) -> Clock {
        let ms = match control {
            TimeControl::PerGame { ms, .. } => ms,
            TimeControl::PerMove { ms } => ms,
            TimeControl::None => i64::MAX,
        };
        Clock { control, left_ms: [ms; 2] }
    }

    /// The time `side` has left for the rest of the game, when it counts: under a time per
    /// game, or without a time control once a protocol reported a time (Edax then shares out
    /// what it was told, its play type not being a time per move); `None` otherwise.
    pub fn game_left(&self, side: usize) -> Option<i64> {
        match self.control {
            TimeControl::PerMove { .. } => None,
            TimeControl::PerGame { .. } => Some(self.left_ms[side]),
            TimeControl::None => (self.left_ms[side] != i64::MAX).then_some(self.left_ms[side]),
        }
    }

    /// The budget of a move of `side` (0 black, 1 white) in a position of `n_empties` empty
    /// squares searched by `n_tasks` threads; `None` without a time (no time control and no
    /// time reported).
    pub fn budget(&self, side: usize, n_empties: i32, n_tasks: i32) -> Option<Budget> {
        match self.control {
            TimeControl::PerMove { ms } => Some(budget_per_move(ms)),
            _ => self.game_left(side).map(|left| budget_per_game(left, n_empties, n_tasks)),
        }
    }

    /// The engine's time limit for a move of `side` (0: none), from [`Clock::budget`] and
    /// [`Budget::limit_ms`].
    pub fn limit_ms(&self, side: usize, n_empties: i32, n_tasks: i32) -> u64 {
        self.budget(side, n_empties, n_tasks).map_or(0, |b| b.limit_ms(self.game_left(side), n_empties))
    }

    /// The engine's two times for a move of `side` (milliseconds, 0: none): its time limit
    /// ([`Clock::limit_ms`], Edax's `extra` within the clock) and the time after which no new
    /// iteration starts (`EkEngine::set_iteration_time`: Edax's `mini`, within the limit).
    pub fn engine_times(&self, side: usize, n_empties: i32, n_tasks: i32) -> (u64, u64) {
        let limit = self.limit_ms(side, n_empties, n_tasks);
        let mini = self.budget(side, n_empties, n_tasks).map_or(0, |b| (b.mini.max(1) as u64).min(limit));
        (limit, mini)
    }

    /// `side` spent `ms` on a move: its clock runs down (when its time counts,
    /// [`Clock::game_left`]), then gets the increment.
    pub fn spend(&mut self, side: usize, ms: i64) {
        if self.game_left(side).is_some() {
            let increment = if let TimeControl::PerGame { increment_ms, .. } = self.control { increment_ms } else { 0 };
            self.left_ms[side] = self.left_ms[side] - ms + increment;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Edax's formulas, worked by hand from search.c for known inputs.
    #[test]
    fn edax_allotment() {
        // One task: speed 10^4 nodes/ms; 2^15/10^4 = 3.2768 -> 3, 2^16 -> 3+6.5536 -> 9, ...
        assert_eq!(solvable_depth(0, 1), 15);
        assert_eq!(solvable_depth(3, 1), 16);
        assert_eq!(solvable_depth(9, 1), 17);
        // 54 with Edax's TIME_MAX / 10 (the root's own test, endgame/midgame/root/level.rs).
        assert_eq!(solvable_depth(31_557_600_000_000 / 10, 1), 54);
        // Two tasks are faster (50 / 25.5 times): deeper in the same time.
        assert!(solvable_depth(60_000, 2) >= solvable_depth(60_000, 1));
        assert_eq!(budget_per_move(1000), Budget { mini: 891, maxi: 980, extra: 990 });
        assert_eq!(budget_per_move(50), Budget { mini: 90, maxi: 99, extra: 100 });
        // 5 minutes at the start (60 empties): solvable_depth(30000, 1) = 28 -> (60-28)/2 = 16
        // moves: 300000/16 - 10 = 18740.
        assert_eq!(solvable_depth(30_000, 1), 28);
        assert_eq!(budget_per_game(300_000, 60, 1), Budget { mini: 4685, maxi: 14055, extra: 18740 });
        // Near the end: at least 2 moves share the time.
        assert_eq!(budget_per_game(10_000, 20, 1).extra, 4990);
        assert_eq!(budget_per_game(100, 20, 1).extra, 100);
    }

    /// The engine's times: none without a time control; Edax's `mini` and `extra` when the
    /// clock has the time.
    #[test]
    fn engine_times() {
        assert_eq!(Clock::new(TimeControl::None).engine_times(0, 40, 1), (0, 0));
        assert_eq!(Clock::new(TimeControl::PerMove { ms: 1000 }).engine_times(1, 40, 1), (990, 891));
        let c = Clock::new(TimeControl::PerGame { ms: 300_000, increment_ms: 0 });
        assert_eq!(c.engine_times(0, 60, 1), (18_740, 4685));
        // No time control, but a time reported (GTP's time_left, xboard's time): Edax shares
        // it out as a time per game, and spends it.
        let mut c = Clock::new(TimeControl::None);
        c.left_ms[1] = 300_000;
        assert_eq!(c.engine_times(1, 60, 1), (18_740, 4685));
        assert_eq!(c.engine_times(0, 60, 1), (0, 0));
        c.spend(1, 1000);
        c.spend(0, 1000);
        assert_eq!(c.left_ms, [i64::MAX, 299_000]);
    }

    /// The limit never exceeds the time left minus the margin.
    #[test]
    fn never_past_the_time_left() {
        for left in [1i64, 20, 60, 100, 150, 1000, 5000, 60_000, 900_000] {
            for empties in [1, 10, 20, 30, 45, 60] {
                let c = Clock { control: TimeControl::PerGame { ms: left, increment_ms: 0 }, left_ms: [left; 2] };
                let limit = c.limit_ms(0, empties, 1) as i64;
                assert!(limit >= 1);
                assert!(limit <= (left - safety_margin_ms(empties)).max(1), "{left} {empties}: {limit}");
                // Edax's own allotment whenever the clock allows it.
                if left >= 4 * budget_per_game(left, empties, 1).extra + 2 * safety_margin_ms(empties) {
                    assert_eq!(limit, budget_per_game(left, empties, 1).extra);
                }
            }
        }
    }

    /// A simulated game of 30 moves per side, each search taking all its limit (the worst
    /// case) plus a 9 ms delay (the program's and the transport's, under the 10 ms a move the
    /// margin keeps): the clock never runs out, with or without an increment, down to half a
    /// second for the game (30 such delays take 270 ms).
    #[test]
    fn a_simulated_game_never_runs_out() {
        for (ms, inc) in [(900_000, 0), (60_000, 0), (10_000, 0), (2_000, 0), (1_000, 500), (500, 0)] {
            let mut c = Clock::new(TimeControl::PerGame { ms, increment_ms: inc });
            for ply in 0..60 {
                let side = ply % 2;
                let empties = 60 - ply as i32;
                let used = c.limit_ms(side, empties, 1) as i64 + 9;
                c.spend(side, used);
                assert!(c.left_ms[side] > 0, "{ms}+{inc}: out of time at ply {ply}: {c:?}");
            }
        }
    }
}
