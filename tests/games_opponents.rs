//! Opponents and teachers of a batch of games (src/games/opponent.rs, teach.rs): the opponent's
//! one action after each of the agent's, checked against a naive model of the rules and, for the
//! engine and the solver, against `EkEngine::search` and `EkSolver::solve` on the same position
//! from cleared tables; the agent always to move; the ends the opponent's moves make; the same
//! games on any number of threads; the teachers' scores against the engine's analysis and the
//! solver's scores of the children; refused settings.

mod common;

use common::{final_score, naive_flip, naive_moves};
use edax_kernels::engine::{EkEngine, EkEngineLimits, EkWeights};
use edax_kernels::games::{AgentSide, EkGames, Layout, Opponent, SearchSetupError, N_ACTIONS, PASS_ACTION};
use edax_kernels::{EkBoard, EkSolver};

fn next(b: EkBoard, a: i32) -> EkBoard {
    if a == PASS_ACTION {
        EkBoard::new(b.opponent, b.player)
    } else {
        let f = naive_flip(a as u32, b.player, b.opponent);
        EkBoard::new(b.opponent ^ f, b.player ^ f ^ (1 << a))
    }
}

fn over(b: EkBoard) -> bool {
    naive_moves(b.player, b.opponent) == 0 && naive_moves(b.opponent, b.player) == 0
}

fn empties(b: EkBoard) -> u32 {
    (!(b.player | b.opponent)).count_ones()
}

/// The searchers the tests compare with: a fresh engine at the batch's table size, a solver.
struct Reference {
    engine: EkEngine,
    solver: EkSolver,
}

impl Reference {
    fn new() -> Reference {
        let engine = EkEngine::new(EkWeights::bundled().expect("bundled weights"), 16).expect("engine");
        Reference { engine, solver: EkSolver::new(16).expect("solver") }
    }

    fn engine_move(&self, b: &EkBoard, level: i32) -> i32 {
        self.engine.clear().unwrap();
        self.engine.search(b, &EkEngineLimits::level(level)).expect("search").best_move
    }

    fn solver_move(&self, b: &EkBoard) -> i32 {
        self.solver.clear().unwrap();
        self.solver.solve(b, -64, 64).expect("solve").best_move
    }

    /// Whether `to` is `from` after one legal action of `opponent` (its own, when searched).
    fn is_reply(&self, opponent: Opponent, from: &EkBoard, to: &EkBoard) -> bool {
        let expected = self.expected(opponent, from);
        let moves = naive_moves(from.player, from.opponent);
        (0..=64)
            .filter(|&a| if a == PASS_ACTION { moves == 0 } else { moves >> a & 1 == 1 })
            .filter(|&a| expected.is_none_or(|e| e == a))
            .any(|a| next(*from, a) == *to)
    }

    /// The move the opponent must play, or None when it may be any legal one (random).
    fn expected(&self, opponent: Opponent, b: &EkBoard) -> Option<i32> {
        if naive_moves(b.player, b.opponent) == 0 {
            return Some(PASS_ACTION);
        }
        match opponent {
            Opponent::Random => None,
            Opponent::Engine { level } => Some(self.engine_move(b, level)),
            Opponent::Solver { empties: e, .. } if empties(*b) <= e => Some(self.solver_move(b)),
            Opponent::Solver { level, .. } => Some(self.engine_move(b, level)),
        }
    }
}

/// Random agents against `opponent` in 6 games to their ends: after each step, every game that
/// has not ended has the agent to move, and its board is the agent's action then exactly one
/// legal action of the opponent (the engine's or the solver's own move), or the game ended with
/// one of them, with its score reported. Returns how many actions the opponents played.
fn check_against(opponent: Opponent, side: AgentSide, reference: &Reference) -> usize {
    let n = 6;
    let mut games = EkGames::new(n, 3, false);
    games.set_opponent(Some(opponent), side).expect("a valid opponent");
    let mut colours = vec![9u8; n];
    games.agent_color(&mut colours);
    let mut to_move = vec![9u8; n];
    let mut actions = vec![0; n];
    let mut planes = vec![0.0f32; n * Layout::OpenSpiel.size()];
    let mut replies = 0;
    for (i, &c) in colours.iter().enumerate() {
        assert_eq!(c, u8::from(side == AgentSide::White || (side == AgentSide::Alternate && i % 2 == 1)));
        let (b, white) = games.board(i);
        assert_eq!(white, c == 1, "game {i}: the agent is to move");
        assert!(b == EkBoard::START || c == 1 && reference.is_reply(opponent, &EkBoard::START, &b), "game {i}");
    }
    while (0..n).any(|i| !games.is_over(i)) {
        let before: Vec<_> = (0..n).map(|i| games.board(i)).collect();
        let report = games.step_random(&mut actions).clone();
        games.to_move(&mut to_move);
        for i in 0..n {
            let (board, white) = games.board(i);
            if actions[i] == -1 {
                assert_eq!(games.board(i), before[i], "game {i}: an ended game stays");
                continue;
            }
            let agent_board = next(before[i].0, actions[i]);
            let mut end = over(agent_board).then_some((agent_board, !before[i].1));
            if end.is_none() {
                replies += 1;
                let reply = reference.is_reply(opponent, &agent_board, &board);
                assert!(reply, "game {i}: {board:?} is not {opponent:?}'s reply to {agent_board:?}");
                assert_eq!(white, before[i].1, "the agent's colour to move again");
                end = over(board).then_some((board, white));
            }
            assert_eq!(games.is_over(i), end.is_some(), "game {i}: the end");
            assert_eq!(report.terminated[i], u8::from(end.is_some()), "game {i}: the end reported");
            // The agent sees its own discs first, also at the end.
            let agent_first =
                if white == (colours[i] == 1) { board } else { EkBoard::new(board.opponent, board.player) };
            games.observe(Layout::OpenSpiel, &mut planes);
            let mine = (0..64).filter(|&x| planes[i * 192 + 64 + x] == 1.0).fold(0u64, |m, x| m | 1 << x);
            assert_eq!(mine, agent_first.player, "game {i}: the agent's discs first");
            match end {
                Some((b, w)) => {
                    let black = if w { -final_score(b.player, b.opponent) } else { final_score(b.player, b.opponent) };
                    assert_eq!(i32::from(report.black_score[i]), black, "game {i}: the final score");
                }
                None => assert_eq!(to_move[i], colours[i], "game {i}: the agent is to move"),
            }
        }
    }
    replies
}

#[test]
fn opponents_reply_with_their_moves_and_the_agent_is_always_to_move() {
    let reference = Reference::new();
    let opponents = [Opponent::Random, Opponent::Engine { level: 2 }, Opponent::Solver { empties: 12, level: 1 }];
    for opponent in opponents {
        for side in [AgentSide::Black, AgentSide::White, AgentSide::Alternate] {
            let replies = check_against(opponent, side, &reference);
            assert!(replies >= 6 * 25, "{opponent:?} {side:?}: {replies} replies");
        }
    }
}

#[test]
fn the_same_games_on_any_number_of_threads() {
    let n = 7;
    let play = |opponent: Opponent, threads: usize| {
        let mut games = EkGames::new(n, 11, true);
        games.set_threads(threads);
        games.set_opponent(Some(opponent), AgentSide::Alternate).unwrap();
        let mut actions = vec![0; n];
        let mut all = Vec::new();
        for _ in 0..90 {
            games.step_random(&mut actions);
            all.extend(actions.iter().copied());
            all.extend(games.report().black_score.iter().map(|&s| i32::from(s)));
            all.extend((0..n).map(|i| games.board(i).0.player.count_ones() as i32));
        }
        all
    };
    for opponent in [Opponent::Engine { level: 4 }, Opponent::Solver { empties: 14, level: 2 }] {
        let one = play(opponent, 1);
        assert_eq!(one, play(opponent, 2), "{opponent:?}: two threads");
        assert_eq!(one, play(opponent, 3), "{opponent:?}: three threads");
    }
}

/// Games stepped at random until the first has at most `e` empty squares (the others about as
/// many, some ended).
fn games_near_the_end(n: usize, e: u32, threads: usize) -> EkGames {
    let mut games = EkGames::new(n, 17, false);
    games.set_threads(threads);
    let mut actions = vec![0; n];
    while !games.is_over(0) && empties(games.board(0).0) > e {
        games.step_random(&mut actions);
    }
    games
}

#[test]
fn teachers_score_every_legal_action() {
    let reference = Reference::new();
    let n = 5;
    let mut games = games_near_the_end(n, 12, 1);
    let (mut scores, mut best) = (vec![0.0f32; n * N_ACTIONS], vec![0.0f32; n]);
    let mut masks = vec![false; n * N_ACTIONS];
    games.legal_actions(&mut masks);
    for (exact_empties, level) in [(12, 1), (0, 3)] {
        games.teach(level, exact_empties, &mut scores, &mut best).unwrap();
        for i in 0..n {
            let (b, _) = games.board(i);
            let s = &scores[i * N_ACTIONS..(i + 1) * N_ACTIONS];
            if games.is_over(i) {
                assert!(s.iter().chain([&best[i]]).all(|x| x.is_nan()), "game {i}: ended, all NaN");
                continue;
            }
            let analysis = if exact_empties == 0 {
                reference.engine.clear().unwrap();
                reference.engine.analyze(&b, &EkEngineLimits::level(level)).unwrap()
            } else {
                Vec::new()
            };
            let mut top = f32::NEG_INFINITY;
            for a in 0..N_ACTIONS {
                if !masks[i * N_ACTIONS + a] {
                    assert!(s[a].is_nan(), "game {i}: illegal action {a} scored {}", s[a]);
                    continue;
                }
                let child = next(b, a as i32);
                let expected = if exact_empties == 0 {
                    analysis.iter().find(|m| m.square == a as i32).expect("analysed").score
                } else {
                    -reference.solver.solve(&child, -64, 64).unwrap().score
                };
                assert_eq!(s[a], expected as f32, "game {i}, action {a} (exact under {exact_empties})");
                top = top.max(s[a]);
            }
            assert_eq!(best[i], top, "game {i}: the best score");
        }
    }
    // The exact scores agree with the solver's score of the position.
    games.teach(1, 60, &mut scores, &mut best).unwrap();
    for i in (0..n).filter(|&i| !games.is_over(i)) {
        assert_eq!(best[i], reference.solver.solve(&games.board(i).0, -64, 64).unwrap().score as f32);
    }
    // The same scores on two threads.
    let mut two = games_near_the_end(n, 12, 2);
    let (mut scores2, mut best2) = (vec![0.0f32; n * N_ACTIONS], vec![0.0f32; n]);
    for (exact_empties, level) in [(12, 1), (0, 3)] {
        games.teach(level, exact_empties, &mut scores, &mut best).unwrap();
        two.teach(level, exact_empties, &mut scores2, &mut best2).unwrap();
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&scores), bits(&scores2));
        assert_eq!(bits(&best), bits(&best2));
    }
}

#[test]
fn bad_settings_are_refused_and_change_nothing() {
    let mut games = EkGames::new(4, 1, true);
    games.set_opponent(Some(Opponent::Engine { level: 1 }), AgentSide::White).unwrap();
    let boards: Vec<_> = (0..4).map(|i| games.board(i)).collect();
    assert!(boards.iter().all(|&(b, white)| white && b != EkBoard::START), "the engine opened");
    for (o, e) in [
        (Opponent::Engine { level: 0 }, SearchSetupError::Level(0)),
        (Opponent::Engine { level: 61 }, SearchSetupError::Level(61)),
        (Opponent::Solver { empties: 61, level: 1 }, SearchSetupError::Empties(61)),
        (Opponent::Solver { empties: 10, level: -1 }, SearchSetupError::Level(-1)),
    ] {
        assert_eq!(games.set_opponent(Some(o), AgentSide::Black), Err(e.clone()));
        assert!(!e.to_string().is_empty());
    }
    assert_eq!(games.set_search_hash_bits(7), Err(SearchSetupError::HashBits(7)));
    assert_eq!(games.set_search_hash_bits(33), Err(SearchSetupError::HashBits(33)));
    let (mut s, mut b) = (vec![0.0; 4 * N_ACTIONS], vec![0.0; 4]);
    assert_eq!(games.teach(0, 0, &mut s, &mut b), Err(SearchSetupError::Level(0)));
    assert_eq!(games.teach(1, 61, &mut s, &mut b), Err(SearchSetupError::Empties(61)));
    assert_eq!((0..4).map(|i| games.board(i)).collect::<Vec<_>>(), boards, "nothing moved");
    assert_eq!(games.opponent(), (Some(Opponent::Engine { level: 1 }), AgentSide::White));
    games.set_search_hash_bits(12).unwrap();
    let mut actions = vec![0; 4];
    games.step_random(&mut actions);
    let mut to_move = vec![0; 4];
    games.to_move(&mut to_move);
    assert_eq!(to_move, [1; 4], "the engine replied with its smaller tables");
    games.set_opponent(None, AgentSide::Black).unwrap();
    assert_eq!(games.board(0), (EkBoard::START, false), "started again, nobody's move played");
}

#[test]
fn ended_games_restart_alone_and_seeds_restart_the_generators() {
    let n = 8;
    let mut games = EkGames::new(n, 4, false);
    games.set_opponent(Some(Opponent::Engine { level: 1 }), AgentSide::White).unwrap();
    let mut actions = vec![0; n];
    while !games.is_over(0) {
        games.step_random(&mut actions);
    }
    let before: Vec<_> = (0..n).map(|i| (games.board(i), games.is_over(i))).collect();
    assert!(before.iter().any(|&(_, over)| !over), "a game still going (the seed's)");
    games.reset_ended();
    for (i, &(board, over)) in before.iter().enumerate() {
        if over {
            let (b, white) = games.board(i);
            assert!(white && !games.is_over(i), "game {i}: started again, the agent (white) to move");
            assert_eq!(empties(b), 59, "game {i}: the opponent's first move played");
        } else {
            assert_eq!(games.board(i), board, "game {i}: goes on");
        }
    }
    // A batch seeded again draws as a new batch of that seed does.
    let draw = |games: &mut EkGames| {
        let mut actions = vec![0; n];
        let mut all = Vec::new();
        for _ in 0..20 {
            games.step_random(&mut actions);
            all.extend_from_slice(&actions);
        }
        all
    };
    let mut fresh = EkGames::new(n, 77, true);
    let mut reseeded = EkGames::new(n, 5, true);
    draw(&mut reseeded);
    reseeded.reset();
    reseeded.seed(77);
    assert_eq!(draw(&mut fresh), draw(&mut reseeded));
}
