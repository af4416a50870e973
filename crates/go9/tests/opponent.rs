//! The computer opponent (`docs/go9.md`, "The computer opponent"): go9's search hooks never
//! fill their own eyes, their priors favour captures and escapes and shun self-atari, they
//! pass only when the count wins, and the GTP engine honours the clock, komi, resignation
//! and clean-up. Fast checks only: strength is measured with `rulebook match` (docs/go9.md).

mod common;

use common::{position, pt};
use game_core::search::{Budget, Level, Opponent, Playout, Prior, SearchHooks};
use game_core::{Game, GameRng, Player};
use go9::{Go9, Go9Hooks, Move};

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
    // White passes where Black wins by the count: Black passes (and ends the game).
    let mut winning = position(&EYES, Player::Second);
    winning.play(Move::Pass).unwrap();
    hooks.tree_moves(&winning, &mut moves);
    assert_eq!(moves, [Move::Pass]);
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
/// player the count makes the winner may pass first; the loser may not while it has a
/// move outside its own territory.
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
    // White, behind, has nothing left but filling its own two-point eye (B8, C8), which
    // gains nothing: it passes.
    let white = position(&settled, Player::Second);
    hooks.tree_moves(&white, &mut moves);
    assert_eq!(moves, [Move::Pass]);
    // With komi 11 the count is a tie (jigo), which is no win: Black, who could still
    // play in White's eye, may not pass first; White has nothing but its own eye.
    let tied = Go9Hooks {
        komi: 11.0,
        ..Go9Hooks::default()
    };
    tied.tree_moves(&black, &mut moves);
    assert!(!moves.contains(&Move::Pass), "{moves:?}");
    tied.tree_moves(&white, &mut moves);
    assert_eq!(moves, [Move::Pass]);
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

#[test]
fn each_level_has_its_budget_settings_and_variety() {
    use std::time::Duration;
    let configs = Level::ALL.map(Go9::search_config);
    let budgets: Vec<(Option<u64>, Option<Duration>)> = configs
        .iter()
        .map(|c| (c.budget.playouts, c.budget.time))
        .collect();
    assert_eq!(
        budgets,
        [
            (Some(300), None),
            (Some(4_000), None),
            (Some(1_000_000), Some(Duration::from_millis(900))),
        ]
    );
    // docs/go9.md: exploration 0.2 at easy and none at normal and hard, RAVE k = 2,000,
    // leaves expanded on their third visit.
    let exploration: Vec<f64> = configs.iter().map(|c| c.exploration).collect();
    assert_eq!(exploration, [0.2, 0.0, 0.0]);
    for config in &configs {
        assert_eq!(config.rave_equivalence, 2_000.0);
        assert_eq!(config.expand_visits, 2);
        assert_eq!(config.max_playout_plies, 400);
    }
    // docs/catalog.md: 12 plies; margins 5, 3, 2 points; a fifth, a tenth, half the visits.
    let varieties: Vec<(usize, f64, f64)> = configs
        .iter()
        .map(|c| {
            let v = c.variety.expect("every level varies its opening");
            (v.plies, v.margin, v.min_visit_share)
        })
        .collect();
    assert_eq!(
        varieties,
        [(12, 0.05, 0.2), (12, 0.03, 0.1), (12, 0.02, 0.5)]
    );
}
