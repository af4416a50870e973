//! The computer opponent (`docs/go9.md`, "The computer opponent"): go9's search hooks never
//! fill their own eyes, their priors favour captures and escapes and shun self-atari, they
//! pass only when the count wins, and the GTP engine honours the clock, komi, resignation
//! and clean-up. Fast checks only: strength is measured with `rulebook match` (docs/go9.md).

mod common;

use std::time::Instant;

use common::{playouts_of, position, pt};
use game_core::search::{Budget, Level, Opponent, Playout, Prior, SearchHooks};
use game_core::{Game, GameRng, Player};
use go9::{Go9, Go9Hooks, GtpEngine, Move, monte_carlo_move};

fn ask(engine: &mut GtpEngine, line: &str) -> (bool, String) {
    let (_, reply) = engine.execute_line(line).expect("a command");
    (reply.success, reply.text)
}

/// Black owns the right side with eyes at H8, H2 and J5; White has a weak stone at B2.
const EYES: [&str; 9] = [
    ". . . . X X X X X",
    ". . . . X X X . X",
    ". . . . X X X X X",
    ". . . . X X X X X",
    ". . . . X X X X .",
    ". . . . X X X X X",
    ". . . . X X X X X",
    ". O . . X X X . X",
    ". . . . X X X X X",
];

#[test]
fn tree_moves_never_fill_an_own_eye_at_any_level() {
    let state = position(&EYES, Player::First);
    for level in Level::ALL {
        let hooks = Go9::hooks(level);
        let mut moves = Vec::new();
        hooks.tree_moves(&state, &mut moves);
        for eye in ["H8", "H2", "J5"] {
            assert!(!moves.contains(&Move::Place(pt(eye))), "{level}: {eye}");
        }
        assert!(!moves.is_empty());
    }
}

#[test]
fn searches_from_random_positions_never_fill_an_own_eye() {
    let mut rng = GameRng::seed_from(11);
    for game in 0..12 {
        let mut state = Go9::new();
        let plies = 20 + 7 * game;
        for _ in 0..plies {
            match state.playout_move(&mut rng) {
                Some(mv) if !state.is_over() => state.play(mv).unwrap(),
                _ => break,
            }
        }
        if state.is_over() {
            continue;
        }
        let mut searcher = Go9::opponent(Level::Easy);
        let info = searcher.search_with(&state, Budget::playouts(60));
        let mv = info.best.expect("a move");
        assert!(!state.fills_own_eye(mv), "game {game}: {mv} fills an eye");
        assert!(state.check_move(mv).is_ok());
    }
}

fn prior_of(state: &Go9, mv: &str) -> Prior {
    let hooks = Go9Hooks::default();
    let moves = vec![Move::Place(pt(mv)), Move::Place(pt("E5"))];
    let mut priors = vec![Prior::NONE; 2];
    hooks.priors(state, &moves, &mut priors);
    priors[0]
}

#[test]
fn priors_favour_captures_and_escapes_and_shun_self_atari() {
    // White C3 in atari (liberty C4 only): capturing is good for Black.
    let capture = position(
        &[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". X O X . . . . .",
            ". . X . . . . . .",
            ". . . . . . . . .",
        ],
        Player::First,
    );
    let neutral = prior_of(&Go9::new(), "E5");
    let good = prior_of(&capture, "C4");
    assert!(good.value > neutral.value + 0.1, "{good:?} vs {neutral:?}");
    // The same position, White to move: C4 escapes the atari.
    let escape = capture.clone();
    let escape = {
        let mut s = escape;
        s.play(Move::Pass).unwrap();
        s
    };
    let run = prior_of(&escape, "C4");
    assert!(run.value > neutral.value, "{run:?}");
    // Black A1 next to White's B1 and A2: a self-atari... a single stone with no liberty
    // left but one.
    let atari = position(
        &[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            "O . . . . . . . .",
            ". O . . . . . . .",
            ". . O . . . . . .",
        ],
        Player::First,
    );
    let bad = prior_of(&atari, "B1");
    assert!(bad.value < neutral.value, "{bad:?} vs {neutral:?}");
}

#[test]
fn rave_keys_are_points_and_a_pass_has_none() {
    let hooks = Go9Hooks::default();
    let a = hooks.amaf_key(Move::Place(pt("A1"))).unwrap();
    let b = hooks.amaf_key(Move::Place(pt("J9"))).unwrap();
    assert_ne!(a, b);
    assert!(a.max(b) < hooks.amaf_key_space(&Go9::new()));
    assert_eq!(hooks.amaf_key(Move::Pass), None);
}

#[test]
fn a_pass_is_a_tree_move_only_when_the_count_wins() {
    let hooks = Go9Hooks::default();
    let mut moves = Vec::new();
    // Mid-game, dame left: no pass.
    let mut state = Go9::new();
    state.play("E5".parse().unwrap()).unwrap();
    hooks.tree_moves(&state, &mut moves);
    assert!(!moves.contains(&Move::Pass));
    // White passes where Black wins by the count: Black may pass (and end the game).
    let mut winning = position(&EYES, Player::Second);
    winning.play(Move::Pass).unwrap();
    hooks.tree_moves(&winning, &mut moves);
    assert!(moves.contains(&Move::Pass));
    // With komi 100 the same count loses: no pass into a loss.
    let generous = Go9Hooks {
        komi: 100.0,
        ..Go9Hooks::default()
    };
    generous.tree_moves(&winning, &mut moves);
    assert!(!moves.contains(&Move::Pass));
    // In clean-up mode, not while White's stone sits in Black's area.
    let cleanup = Go9Hooks {
        cleanup: true,
        ..Go9Hooks::default()
    };
    cleanup.tree_moves(&winning, &mut moves);
    assert!(!moves.contains(&Move::Pass));
}

/// With every dame filled (the only empty points lie inside one colour's area), the
/// player the count makes the winner may pass first; the loser may not.
#[test]
fn with_no_dame_left_the_winner_may_pass_first() {
    let settled = [
        "O O O O X X X X X",
        "O . . O X X X . X",
        "O O O O X X X X X",
        "O O O O X X X X X",
        "O O O X X X X X X",
        "O O O O X X X X X",
        "O O O O X X X X X",
        "O . O O X X X . X",
        "O O O O X X X X X",
    ];
    let hooks = Go9Hooks::default();
    let mut moves = Vec::new();
    // Black 46, White 35 + 7: Black wins by 4 and may pass, though it could still play
    // inside White's two-point eye.
    let black = position(&settled, Player::First);
    let score = black.score();
    assert_eq!((score.area.first, score.area.second), (46, 35));
    assert_eq!((score.white_total(), score.margin()), (42, 4));
    assert_eq!(
        hooks.margin(&black),
        4.0,
        "the hooks count Black 46 − White 35 − komi 7"
    );
    hooks.tree_moves(&black, &mut moves);
    assert!(moves.contains(&Move::Place(pt("B8"))), "{moves:?}");
    assert!(moves.contains(&Move::Pass), "{moves:?}");
    // White, behind, plays on.
    let white = position(&settled, Player::Second);
    hooks.tree_moves(&white, &mut moves);
    assert!(!moves.contains(&Move::Pass), "{moves:?}");
    // With komi 11 the count is a tie (jigo), which is no win: neither may pass first.
    let tied = Go9Hooks {
        komi: 11.0,
        ..Go9Hooks::default()
    };
    for state in [&black, &white] {
        tied.tree_moves(state, &mut moves);
        assert!(
            !moves.contains(&Move::Pass),
            "{:?}: {moves:?}",
            state.to_move()
        );
    }
}

/// After the opponent's pass the winner may pass (ending the game) even with dame left;
/// before it, not while a dame is open.
#[test]
fn after_a_pass_the_winner_may_pass_with_dame_left() {
    // D5 touches both colours: a dame. Black 45, White 35 + 7: Black wins by 3.
    let open_dame = [
        "O O O O X X X X X",
        "O . . O X X X . X",
        "O O O O X X X X X",
        "O O O O X X X X X",
        "O O O . X X X X X",
        "O O O O X X X X X",
        "O O O O X X X X X",
        "O . O O X X X . X",
        "O O O O X X X X X",
    ];
    let hooks = Go9Hooks::default();
    let mut moves = Vec::new();
    let black = position(&open_dame, Player::First);
    assert_eq!(black.score().margin(), 3);
    hooks.tree_moves(&black, &mut moves);
    assert!(
        !moves.contains(&Move::Pass),
        "dame open, no pass yet: {moves:?}"
    );
    let mut after_pass = position(&open_dame, Player::Second);
    after_pass.play(Move::Pass).unwrap();
    hooks.tree_moves(&after_pass, &mut moves);
    assert!(
        moves.contains(&Move::Pass),
        "White passed and Black wins: {moves:?}"
    );
}

#[test]
fn the_reward_is_mostly_the_win_and_a_little_the_margin() {
    let hooks = Go9Hooks::default();
    let mut state = position(&EYES, Player::First);
    state.play(Move::Pass).unwrap();
    state.play(Move::Pass).unwrap();
    let r = hooks.reward(&state);
    assert!(r > 0.95 && r <= 1.0, "{r}");
    let lost = Go9Hooks {
        komi: 100.0,
        ..Go9Hooks::default()
    };
    let r = lost.reward(&state);
    assert!(r < 0.05, "{r}");
}

/// The score-aware reward of docs/go9.md, `0.95·win + 0.05·(½ + ½·tanh(margin / 20))`, on
/// a finished empty board, where the count is 0 to 0 and
/// Black's margin is minus the komi.
#[test]
fn the_reward_follows_its_formula_for_each_margin() {
    let mut empty = Go9::new();
    empty.play(Move::Pass).unwrap();
    empty.play(Move::Pass).unwrap();
    // (komi, Black's win: 1 when the margin is positive, ½ at 0, 0 when negative)
    let cases = [
        (-30.0, 1.0),
        (-3.0, 1.0),
        (-0.5, 1.0),
        (0.0, 0.5),
        (0.5, 0.0),
        (7.0, 0.0),
        (12.5, 0.0),
        (40.0, 0.0),
    ];
    for (komi, win) in cases {
        let hooks = Go9Hooks {
            komi,
            ..Go9Hooks::default()
        };
        let margin: f64 = -komi;
        assert_eq!(hooks.margin(&empty), margin, "komi {komi}");
        let expected = 0.95 * win + 0.05 * (0.5 + 0.5 * (margin / 20.0).tanh());
        let reward = hooks.reward(&empty);
        assert!(
            (reward - expected).abs() < 1e-12,
            "komi {komi}: {reward} vs {expected}"
        );
    }
}

/// Plays `hooks`' playout from the empty board outside a search (game-core's
/// `Playout::new`): the final game and the moves it recorded for RAVE.
fn hook_playout(hooks: &Go9Hooks, recording: bool, max_plies: usize) -> (Go9, Vec<(Player, Move)>) {
    let mut game = Go9::new();
    let mut rng = GameRng::seed_from(19);
    let (mut moves, mut played) = (Vec::new(), Vec::new());
    let mut playout = Playout::new(&mut rng, &mut moves, &mut played, recording, max_plies);
    hooks.playout(&mut game, &mut playout);
    (game, played)
}

#[test]
fn hook_playouts_play_legal_games_to_the_end_or_the_cap_and_record_them_in_order() {
    // RAVE learns from the recorded moves, and the reward counts the final position: both
    // must be a real game under the rules (checked play, superko included) from the start.
    for (name, hooks) in [("light", Go9Hooks::light()), ("heavy", Go9Hooks::default())] {
        let replay = |played: &[(Player, Move)]| {
            let mut game = Go9::new();
            for &(mover, mv) in played {
                assert_eq!(game.to_move(), mover, "{name}: recorded with its mover");
                game.play(mv)
                    .unwrap_or_else(|e| panic!("{name}: recorded move {mv} refused: {e}"));
            }
            game
        };
        let (whole, played) = hook_playout(&hooks, true, 1_000);
        assert!(
            whole.is_over(),
            "{name}: a playout without a binding cap ends the game"
        );
        assert!(
            played.len() > 60,
            "{name}: a whole game, not {} moves",
            played.len()
        );
        assert_eq!(
            replay(&played),
            whole,
            "{name}: the record rebuilds the playout"
        );

        let (capped, played) = hook_playout(&hooks, true, 12);
        assert_eq!(
            played.len(),
            12,
            "{name}: the cap stops the playout after 12 plies"
        );
        assert_eq!(
            replay(&played),
            capped,
            "{name}: the capped record rebuilds it"
        );

        let (silent, played) = hook_playout(&hooks, false, 1_000);
        assert!(
            played.is_empty(),
            "{name}: nothing is recorded while RAVE is off"
        );
        assert_eq!(
            silent, whole,
            "{name}: recording does not change the moves drawn"
        );
    }
}

#[test]
fn the_hooks_playout_move_plays_the_same_games_as_their_playout() {
    // One move at a time (`playout_move`, the hook a search may also call), the light and
    // heavy policies draw exactly the games their whole-playout hook plays.
    for (name, hooks) in [("light", Go9Hooks::light()), ("heavy", Go9Hooks::default())] {
        let (whole, _) = hook_playout(&hooks, false, 1_000);
        let mut stepped = Go9::new();
        let mut rng = GameRng::seed_from(19);
        let mut buffer = Vec::new();
        while let Some(mv) = hooks.playout_move(&stepped, &mut rng, &mut buffer) {
            stepped.play(mv).unwrap();
        }
        assert_eq!(stepped, whole, "{name}");
    }
}

#[test]
fn gtp_accepts_any_komi_and_scores_the_session_with_it() {
    let mut engine = GtpEngine::new();
    assert_eq!(
        engine.komi(),
        7.0,
        "the rules' komi until a controller sends one"
    );
    assert_eq!(ask(&mut engine, "komi 6.5"), (true, String::new()));
    assert_eq!(engine.komi(), 6.5);
    assert_eq!(ask(&mut engine, "final_score"), (true, "W+6.5".into()));
    assert_eq!(ask(&mut engine, "komi 0"), (true, String::new()));
    assert_eq!(ask(&mut engine, "final_score"), (true, "0".into()));
    assert!(!ask(&mut engine, "komi lots").0);
    // Only a finite komi of at most 1000 points either way (docs/go9.md).
    for bad in [
        "komi inf",
        "komi -inf",
        "komi NaN",
        "komi 1000.5",
        "komi -2000",
    ] {
        assert!(!ask(&mut engine, bad).0, "{bad}");
    }
    assert!(ask(&mut engine, "komi -1000").0);
    assert_eq!(engine.komi(), -1000.0);
    assert!(ask(&mut engine, "komi 0").0);
    // The game itself keeps the rules' komi 7.
    assert_eq!(engine.state().score().result(), "W+7");
    let mut engine = GtpEngine::new();
    assert_eq!(ask(&mut engine, "final_score"), (true, "W+7".into()));
}

/// Under a GTP clock only `hard` (without a playout count of its own) thinks the whole
/// planned time; a playout budget still bounds every other search, within that time.
#[test]
fn gtp_under_a_clock_a_playout_budget_still_bounds_the_search() {
    let mut engine = GtpEngine::with_level(Level::Normal).with_playouts(60);
    assert!(ask(&mut engine, "time_settings 600 0 0").0);
    assert!(ask(&mut engine, "genmove black").0);
    let info = engine.last_info();
    assert!(
        playouts_of(info) < 100,
        "60 playouts, not the planned seconds: {info}"
    );
}

#[test]
fn gtp_plans_its_time_from_the_clock() {
    let mut engine = GtpEngine::with_level(Level::Hard);
    assert!(ask(&mut engine, "time_settings 10 0 0").0);
    assert!(ask(&mut engine, "time_left black 0.5 0").0);
    let start = Instant::now();
    let (ok, mv) = ask(&mut engine, "genmove black");
    assert!(ok && mv != "resign", "{mv}");
    assert!(start.elapsed().as_secs_f64() < 0.6, "{:?}", start.elapsed());
    // Byo-yomi: 1 s for 5 stones.
    assert!(ask(&mut engine, "time_left white 1 5").0);
    let start = Instant::now();
    assert!(ask(&mut engine, "genmove white").0);
    assert!(start.elapsed().as_secs_f64() < 0.6, "{:?}", start.elapsed());
    assert!(!ask(&mut engine, "time_settings 1 2").0);
    assert!(!ask(&mut engine, "time_left green 1 0").0);
}

#[test]
fn gtp_reuses_its_tree_across_play_and_genmove() {
    let mut engine = GtpEngine::new().with_playouts(300).with_seed(2);
    assert!(ask(&mut engine, "genmove black").0);
    let reply = engine.last_info().to_string();
    assert!(reply.contains("(0 reused)"), "{reply}");
    // White answers with the move the search expected most: its subtree is kept.
    let pv: Vec<&str> = reply.split("pv ").nth(1).unwrap().split(' ').collect();
    let answer = pv.get(1).copied().unwrap_or("E5");
    assert!(ask(&mut engine, &format!("play white {answer}")).0);
    assert!(ask(&mut engine, "genmove black").0);
    assert!(
        !engine.last_info().contains("(0 reused)"),
        "{}",
        engine.last_info()
    );
}

/// Twenty opening moves, played through GTP.
const OPENING: [&str; 20] = [
    "E5", "C3", "G7", "C7", "G3", "E3", "E7", "C5", "G5", "D4", "F4", "D6", "F6", "B4", "H4", "B6",
    "H6", "D2", "F2", "D8",
];

fn resigns_within(mut engine: GtpEngine) -> bool {
    for mv in OPENING {
        let colour = if engine.state().to_move() == Player::First {
            "b"
        } else {
            "w"
        };
        assert!(ask(&mut engine, &format!("play {colour} {mv}")).0);
    }
    (0..4).any(|_| ask(&mut engine, "genmove black").1 == "resign")
}

#[test]
fn gtp_resigns_after_moves_below_the_threshold_but_never_at_easy() {
    // A threshold of 1 is never reached: three low moves in a row resign.
    let hard = GtpEngine::new()
        .with_playouts(30)
        .with_resign_threshold(1.0);
    assert!(resigns_within(hard));
    let easy = GtpEngine::with_level(Level::Easy)
        .with_playouts(30)
        .with_resign_threshold(1.0);
    assert!(!resigns_within(easy));
    let never = GtpEngine::new().with_playouts(30);
    assert!(!resigns_within(never));
}

/// docs/go9.md, "Resignation": the engine resigns at its third move in a row below the
/// threshold, and not before ply 20, however many low moves came before.
#[test]
fn gtp_resigns_at_the_third_low_move_in_a_row_and_not_before_ply_20() {
    for opening in [20, 10] {
        let mut engine = GtpEngine::new()
            .with_playouts(30)
            .with_resign_threshold(1.0);
        for (i, mv) in OPENING[..opening].iter().enumerate() {
            let colour = if i % 2 == 0 { "b" } else { "w" };
            assert!(ask(&mut engine, &format!("play {colour} {mv}")).0);
        }
        // Every move is below a threshold of 1; the one that resigns is the third from
        // ply 20, or the one at ply 20 after ten low moves.
        let resigning = if opening == 20 { 3 } else { 11 };
        for genmove in 1..resigning {
            let (ok, mv) = ask(&mut engine, "genmove black");
            assert!(
                ok && mv != "resign",
                "genmove {genmove} after {opening} moves: {mv}"
            );
        }
        assert_eq!(
            ask(&mut engine, "genmove black").1,
            "resign",
            "after {opening} moves"
        );
    }
}

#[test]
fn kgs_genmove_cleanup_captures_before_passing() {
    let mut engine = GtpEngine::new().with_playouts(200).with_seed(1);
    let (black, _) = common::stones(&EYES);
    for p in black {
        assert!(ask(&mut engine, &format!("play black {}", go9::point_name(p))).0);
        assert!(ask(&mut engine, "play white pass").0);
    }
    // White's B2 sits in Black's area: clean-up does not pass while it is there.
    assert!(ask(&mut engine, "play white B2").0);
    let (ok, mv) = ask(&mut engine, "kgs-genmove_cleanup black");
    assert!(ok);
    assert_ne!(mv, "pass", "clean-up must not pass with B2 on the board");
    assert_eq!(
        ask(&mut engine, "known_command kgs-genmove_cleanup").1,
        "true"
    );
}

/// The levels' knowledge as `docs/go9.md` gives it: `easy` has light playouts and no priors,
/// `normal` and `hard` the full hooks (heavy playouts, priors); all count with komi 7 and
/// are not in clean-up mode.
#[test]
fn each_level_has_the_documented_hooks() {
    let light = Go9Hooks::light();
    assert!(!light.heavy && !light.priors && !light.cleanup);
    let full = Go9Hooks::default();
    assert!(full.heavy && full.priors && !full.cleanup);
    for hooks in [light, full] {
        assert_eq!(hooks.komi, 7.0);
    }
    assert_eq!(Go9::hooks(Level::Easy), light);
    assert_eq!(Go9::hooks(Level::Normal), full);
    assert_eq!(Go9::hooks(Level::Hard), full);
}

/// `monte_carlo_move`, the flat Monte Carlo choice (G-14): it passes after the opponent's
/// pass when the count already wins, and when only its own eyes are left; otherwise it
/// plays a placement, for the colour asked even out of turn; a finished game has none.
#[test]
fn flat_monte_carlo_passes_only_to_win_after_a_pass_or_with_nothing_left() {
    let mut rng = GameRng::seed_from(14);
    let choose = |state: &Go9, player, rng: &mut GameRng| monte_carlo_move(state, player, 60, rng);
    // Black leads by the count, but White has not passed: Black plays on.
    let leading = position(&EYES, Player::First);
    let mv = choose(&leading, Player::First, &mut rng).unwrap();
    assert!(mv != Move::Pass && leading.is_legal(mv), "{mv}");
    // After White's pass the same count wins: Black passes.
    let mut white_passed = position(&EYES, Player::Second);
    white_passed.play(Move::Pass).unwrap();
    assert_eq!(
        choose(&white_passed, Player::First, &mut rng),
        Some(Move::Pass)
    );
    // After Black's pass White is behind: White plays on.
    let mut black_passed = position(&EYES, Player::First);
    black_passed.play(Move::Pass).unwrap();
    let mv = choose(&black_passed, Player::Second, &mut rng).unwrap();
    assert!(mv != Move::Pass && black_passed.is_legal(mv), "{mv}");
    // Asked for White while Black is to move: a White placement.
    let mv = choose(&leading, Player::Second, &mut rng).unwrap();
    let Move::Place(point) = mv else {
        panic!("White passed while behind with moves left");
    };
    assert!(leading.board().stone_at(point).is_none(), "{mv}");
    // Only Black's own eyes are empty: Black passes.
    let full = position(
        &[
            "X X X X X X X X X",
            "X . X X X X X X X",
            "X X X X X X X X X",
            "X X X X X X X X X",
            "X X X X X X X X X",
            "X X X X X X X X X",
            "X X X X X X X X X",
            "X X X X X X X . X",
            "X X X X X X X X X",
        ],
        Player::First,
    );
    assert_eq!(choose(&full, Player::First, &mut rng), Some(Move::Pass));
    // The game is over: no move.
    let mut over = Go9::new();
    over.play(Move::Pass).unwrap();
    over.play(Move::Pass).unwrap();
    assert_eq!(choose(&over, Player::First, &mut rng), None);
}

/// `monte_carlo_move` plays the candidate with the best average. Two candidates are left,
/// D4 and E4, and every playout after either is forced, so their averages are exact:
/// Black E4 captures White E5, White must fill D4, Black connects at E5 and wins by 4;
/// Black D4 puts D4-D5 in atari, White captures at E4, and White wins by 2. The winning
/// move comes second in point order, so the first candidate is not taken for the best.
/// Flat Monte Carlo as its documentation states it, from the public API: the candidates
/// are the legal placements that do not fill the player's own eye, in point order; each
/// gets `playouts / candidates` (at least 1) `random_playout`s in turn from one generator,
/// scoring 2 for a win, 1 for jigo; the first best total is played.
fn reference_monte_carlo(state: &Go9, player: Player, playouts: usize, rng: &mut GameRng) -> Move {
    assert_eq!(
        state.to_move(),
        player,
        "the reference plays for the player to move"
    );
    let view = state.clone();
    let mut legal = Vec::new();
    view.legal_moves(&mut legal);
    let candidates: Vec<Move> = legal
        .into_iter()
        .filter(|&m| m != Move::Pass && !view.fills_own_eye(m))
        .collect();
    let share = (playouts / candidates.len()).max(1);
    let mut best: Option<(u32, Move)> = None;
    for &mv in &candidates {
        let mut child = view.clone();
        child.play(mv).unwrap();
        let mut points = 0;
        for _ in 0..share {
            let mut game = child.clone();
            game.random_playout(rng);
            points += match game.score().winner() {
                Some(w) if w == player => 2,
                Some(_) => 0,
                None => 1,
            };
        }
        if best.is_none_or(|(b, _)| points > b) {
            best = Some((points, mv));
        }
    }
    best.unwrap().1
}

#[test]
fn flat_monte_carlo_shares_its_playouts_equally_as_documented() {
    // Positions along a random game, budgets that do and do not divide evenly and one
    // below the number of candidates: the same move, and the generator left in the same
    // state (so the same playouts were drawn).
    let mut game = Go9::new();
    let mut walk = GameRng::seed_from(8);
    for ply in 0..24 {
        if ply % 6 == 0 {
            for (budget, seed) in [(300, 1), (1_000, 2), (20, 3)] {
                let (mut ours, mut reference) =
                    (GameRng::seed_from(seed), GameRng::seed_from(seed));
                let player = game.to_move();
                let got = monte_carlo_move(&game, player, budget, &mut ours);
                let expected = reference_monte_carlo(&game, player, budget, &mut reference);
                assert_eq!(got, Some(expected), "ply {ply}, {budget} playouts");
                assert_eq!(ours, reference, "ply {ply}, {budget}: the same playouts");
            }
        }
        let mv = game.playout_move(&mut walk).unwrap();
        game.play(mv).unwrap();
    }
}

#[test]
fn flat_monte_carlo_plays_the_move_whose_playouts_win() {
    let race = position(
        &[
            "O O O O X X X X X",
            "O . O O X X X . X",
            "O O O O X X X X X",
            "O O O O X X X X X",
            "O O O X O X X X X",
            "O O O . . X X X X",
            "O O O O X X X X X",
            "O . O O X X X . X",
            "O O O O X X X X X",
        ],
        Player::First,
    );
    // The two lines, played out by hand through the rules.
    let mut capture = race.clone();
    for mv in ["E4", "D4", "E5", "pass", "pass"] {
        capture.play(capture.parse_move(mv).unwrap()).unwrap();
    }
    assert_eq!(capture.result().as_deref(), Some("B+4"));
    let mut atari = race.clone();
    for mv in ["D4", "E4", "D4", "D5", "pass", "pass"] {
        atari.play(atari.parse_move(mv).unwrap()).unwrap();
    }
    assert_eq!(atari.result().as_deref(), Some("W+2"));
    for seed in 0..3 {
        let mv = monte_carlo_move(&race, Player::First, 10, &mut GameRng::seed_from(seed));
        assert_eq!(mv, Some(Move::Place(pt("E4"))), "seed {seed}");
    }
    // Two dame points, E4 and E6: whichever Black fills, White must fill the other, and
    // the count is the same jigo. Equal averages go to the first in point order, E4.
    let dame = position(
        &[
            "O O O O X X X X X",
            "O . O O X X X . X",
            "O O O O X X X X X",
            "O O O O . X X X X",
            "O O O O X X X X X",
            "O O O O . X X X X",
            "O O O O X X X X X",
            "O . O O X X X . X",
            "O O O O X X X X X",
        ],
        Player::First,
    );
    for (first, second) in [("E4", "E6"), ("E6", "E4")] {
        let mut line = dame.clone();
        for mv in [first, second, "pass", "pass"] {
            line.play(line.parse_move(mv).unwrap()).unwrap();
        }
        assert_eq!(line.result().as_deref(), Some("0"), "{first}");
    }
    let mv = monte_carlo_move(&dame, Player::First, 10, &mut GameRng::seed_from(0));
    assert_eq!(mv, Some(Move::Place(pt("E4"))));
}
