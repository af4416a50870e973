//! The GTP engine's search (`docs/go9.md`, "GTP for controllers" and "Resignation"): it
//! honours the clock, komi, resignation and clean-up, and keeps its tree across `play` and
//! `genmove`. Fast checks only: strength is measured with `rulebook match` (docs/go9.md).

mod common;

use std::time::Instant;

use common::{ask, playouts_of};
use game_core::search::Level;
use game_core::{Game, Player};
use go9_gtp::GtpEngine;

/// Twenty opening moves, played through GTP.
const OPENING: [&str; 20] = [
    "E5", "C3", "G7", "C7", "G3", "E3", "E7", "C5", "G5", "D4", "F4", "D6", "F6", "B4", "H4", "B6",
    "H6", "D2", "F2", "D8",
];

/// Black's stones of a position with eyes at H8, H2 and J5.
const EYES_BLACK: [&str; 42] = [
    "E9", "F9", "G9", "H9", "J9", "E8", "F8", "G8", "J8", "E7", "F7", "G7", "H7", "J7", "E6", "F6",
    "G6", "H6", "J6", "E5", "F5", "G5", "H5", "E4", "F4", "G4", "H4", "J4", "E3", "F3", "G3", "H3",
    "J3", "E2", "F2", "G2", "J2", "E1", "F1", "G1", "H1", "J1",
];

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
    // Black owns the right side with eyes at H8, H2 and J5 (the position of
    // go9's own opponent tests); White will have a weak stone at B2.
    for p in EYES_BLACK {
        assert!(ask(&mut engine, &format!("play black {p}")).0);
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
