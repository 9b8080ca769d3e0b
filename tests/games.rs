//! Many games stepped at once (src/games/): each step against a naive model of the rules (the
//! naive move generator and flips of tests/common), the pass rule, the masks, the ends and their
//! scores, the observations in both layouts, refused actions, automatic reset, and games that
//! are the same on any number of threads and for the same seed.

mod common;

use common::{final_score, naive_flip, naive_moves};
use edax_kernels::games::{AgentSide, EkGames, IllegalAction, Layout, Opponent, N_ACTIONS, PASS_ACTION};
use edax_kernels::EkBoard;

/// The naive model of one game: the board (player to move first) and the colour to move.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Model {
    board: EkBoard,
    white: bool,
}

impl Model {
    fn play(&mut self, a: i32) -> Option<i32> {
        let (p, o) = (self.board.player, self.board.opponent);
        self.board = if a == PASS_ACTION {
            EkBoard::new(o, p)
        } else {
            let f = naive_flip(a as u32, p, o);
            EkBoard::new(o ^ f, p ^ f ^ (1 << a))
        };
        self.white = !self.white;
        let (p, o) = (self.board.player, self.board.opponent);
        if naive_moves(p, o) == 0 && naive_moves(o, p) == 0 {
            let s = final_score(p, o);
            return Some(if self.white { -s } else { s });
        }
        None
    }
}

/// Random games of `n` boards stepped to their ends with step_random, each step checked against
/// the model: the masks before it, the action drawn legal, the board after, the end and its score.
fn check_random_games(n: usize, threads: usize, seed: u64) -> Vec<Vec<i32>> {
    let mut games = EkGames::new(n, seed, false);
    games.set_threads(threads);
    let mut models = vec![Model { board: EkBoard::START, white: false }; n];
    let mut actions = vec![0; n];
    let mut masks = vec![false; n * N_ACTIONS];
    let mut history = vec![Vec::new(); n];
    let mut ended = 0;
    while ended < n {
        games.legal_actions(&mut masks);
        for (i, m) in models.iter().enumerate() {
            let moves = naive_moves(m.board.player, m.board.opponent);
            let mask = &masks[i * N_ACTIONS..(i + 1) * N_ACTIONS];
            if games.is_over(i) {
                assert!(mask.iter().all(|&f| !f), "game {i}: an ended game has no legal action");
                continue;
            }
            for (x, &legal) in mask[..64].iter().enumerate() {
                assert_eq!(legal, moves >> x & 1 == 1, "game {i}, square {x}");
            }
            assert_eq!(mask[64], moves == 0, "game {i}: the pass is legal exactly when no square is");
        }
        let report = games.step_random(&mut actions).clone();
        for i in 0..n {
            if actions[i] == -1 {
                assert!(games.is_over(i));
                continue;
            }
            history[i].push(actions[i]);
            assert!(mask_allows(&masks[i * N_ACTIONS..], actions[i]), "game {i}: action {} drawn illegal", actions[i]);
            let end = models[i].play(actions[i]);
            assert_eq!(games.board(i), (models[i].board, models[i].white), "game {i} after {:?}", history[i]);
            assert_eq!(report.terminated[i], u8::from(end.is_some()), "game {i}: the end");
            assert_eq!(i32::from(report.black_score[i]), end.unwrap_or(0), "game {i}: the final score");
            ended += usize::from(end.is_some());
        }
    }
    history
}

fn mask_allows(mask: &[bool], a: i32) -> bool {
    (0..=64).contains(&a) && mask[a as usize]
}

#[test]
fn random_games_follow_the_rules() {
    let history = check_random_games(common::scaled(300).max(20), 1, 7);
    // Games of 60 moves and more (passes count), some with passes in the middle.
    assert!(history.iter().all(|h| h.len() >= 9 && h.len() <= 70));
    assert!(history.iter().any(|h| h[..h.len() - 1].contains(&PASS_ACTION)), "no game with a pass");
}

#[test]
fn the_same_games_on_any_number_of_threads_and_for_the_same_seed() {
    // 2 x 4096 games: two threads take half each.
    let n = 2 * 4096;
    let play = |threads: usize, seed: u64| {
        let mut games = EkGames::new(n, seed, true);
        games.set_threads(threads);
        let mut actions = vec![0; n];
        let mut all = Vec::new();
        for _ in 0..common::scaled(80).max(20) {
            games.step_random(&mut actions);
            all.extend_from_slice(&actions);
            all.extend(games.report().black_score.iter().map(|&s| i32::from(s)));
        }
        all
    };
    let one = play(1, 42);
    assert_eq!(one, play(2, 42), "two threads");
    assert_eq!(one, play(1, 42), "the same seed");
    assert_ne!(one, play(1, 43), "another seed");
}

#[test]
fn an_illegal_action_is_refused_and_no_game_moves() {
    let mut games = EkGames::new(3, 1, false);
    // D3 (19), C4 (26), F5 (37) and E6 (44) are black's first moves; A1 is not one.
    let before: Vec<_> = (0..3).map(|i| games.board(i)).collect();
    for (actions, game, action) in
        [([19, 0, 26], 1, 0), ([19, 26, 64], 2, 64), ([65, 26, 37], 0, 65), ([19, -1, 37], 1, -1)]
    {
        let e = games.step(&actions).unwrap_err();
        assert_eq!(e, IllegalAction { game, action, game_over: false });
        assert!(e.to_string().contains(&format!("game {game}: action {action}")), "{e}");
        assert_eq!((0..3).map(|i| games.board(i)).collect::<Vec<_>>(), before, "no game moved");
    }
    games.step(&[19, 26, 37]).expect("legal");
    assert_eq!(games.board(0).0, EkBoard::new(0x0000_0010_0000_0000, 0x0000_0008_1808_0000));
    assert!(games.board(0).1, "white to move");
}

/// A random game to its end, against the model: its score, the rewards of both kinds; then the
/// ended game refuses actions and is left by random steps (without auto_reset), or has started
/// again (with it).
#[test]
fn ends_rewards_and_reset() {
    for auto_reset in [false, true] {
        let mut games = EkGames::new(1, 5, auto_reset);
        let mut model = Model { board: EkBoard::START, white: false };
        let mut actions = [0];
        let score = loop {
            games.step_random(&mut actions);
            if let Some(s) = model.play(actions[0]) {
                break s;
            }
        };
        let r = games.report().clone();
        assert_eq!((r.terminated[0], i32::from(r.black_score[0])), (1, score));
        let mut rewards = [0.0f32; 2];
        games.rewards(false, &mut rewards);
        assert_eq!(rewards, [score.signum() as f32, -score.signum() as f32]);
        games.rewards(true, &mut rewards);
        assert_eq!(rewards, [score as f32, -score as f32]);
        if auto_reset {
            assert_eq!(games.board(0), (EkBoard::START, false), "started again");
            assert!(!games.is_over(0));
        } else {
            assert!(games.is_over(0));
            let e = games.step(&[PASS_ACTION]).unwrap_err();
            assert!(e.game_over && e.to_string().contains("has ended"), "{e}");
            games.step_random(&mut actions);
            assert_eq!(actions, [-1]);
            assert_eq!(games.report().terminated[0], 0, "an ended game does not end again");
            games.reset();
            assert_eq!(games.board(0), (EkBoard::START, false));
        }
        games.step_random(&mut actions);
        games.rewards(false, &mut rewards);
        assert_eq!(rewards, [0.0, 0.0], "no reward before the end");
    }
}

#[test]
fn observations_in_both_layouts() {
    let mut games = EkGames::new(2, 3, false);
    games.step(&[19, 44]).expect("D3 and E6");
    let mut pgx = vec![0.0f32; 2 * 128];
    let mut spiel = vec![0.0f32; 2 * 192];
    let mut to_move = [9u8; 2];
    games.observe(Layout::Pgx, &mut pgx);
    games.observe(Layout::OpenSpiel, &mut spiel);
    games.to_move(&mut to_move);
    assert_eq!(to_move, [1, 1]);
    for g in 0..2 {
        let (b, _) = games.board(g);
        for x in 0..64 {
            let (mine, theirs) = ((b.player >> x & 1) as f32, (b.opponent >> x & 1) as f32);
            // pgx: [row][column][channel], row = x / 8.
            assert_eq!(pgx[g * 128 + (x / 8 * 8 + x % 8) * 2], mine);
            assert_eq!(pgx[g * 128 + (x / 8 * 8 + x % 8) * 2 + 1], theirs);
            // OpenSpiel: [plane][row][column].
            assert_eq!(spiel[g * 192 + x], 1.0 - mine - theirs);
            assert_eq!(spiel[g * 192 + 64 + x], mine);
            assert_eq!(spiel[g * 192 + 128 + x], theirs);
        }
    }
    assert_eq!(pgx[..128].iter().sum::<f32>(), 5.0, "five discs after one move");
}

#[test]
fn see_writes_what_observe_legal_actions_and_to_move_write_on_any_threads() {
    // 8293 games (threads' shares of 1024 and more, the second starting at an odd index), some ended
    // (auto_reset off); then the same with a random opponent, whose games are seen from the
    // agent's side even when ended.
    for opponent in [None, Some(Opponent::Random)] {
        let n = 2 * 4096 + 101;
        let mut games = EkGames::new(n, 11, false);
        games.set_opponent(opponent, AgentSide::Alternate).expect("a random opponent");
        let mut actions = vec![0i32; n];
        for _ in 0..(if opponent.is_some() { 30 } else { 57 }) {
            games.step_random(&mut actions);
        }
        assert!((0..n).any(|i| games.is_over(i)) && (0..n).any(|i| !games.is_over(i)));
        if opponent.is_some() {
            // Some ended with the agent's move, the opponent "to move" (agent white: odd games).
            assert!((0..n).any(|i| games.is_over(i) && games.board(i).1 != (i % 2 == 1)));
        }
        see_equals_its_parts(&mut games);
    }
}

fn see_equals_its_parts(games: &mut EkGames) {
    let n = games.len();
    for layout in [Layout::Pgx, Layout::OpenSpiel] {
        let size = layout.size();
        let (mut obs, mut masks, mut to_move) = (vec![0.5f32; n * size], vec![true; n * 65], vec![7u8; n]);
        games.observe(layout, &mut obs);
        games.legal_actions(&mut masks);
        games.to_move(&mut to_move);
        for threads in [1, 2, 3] {
            games.set_threads(threads);
            let (mut o, mut m, mut c) = (vec![0.5f32; n * size], vec![true; n * 65], vec![7u8; n]);
            games.see(layout, &mut o, &mut m, &mut c);
            assert!(o == obs && m == masks && c == to_move, "{layout:?}, {threads} threads");
        }
    }
}
