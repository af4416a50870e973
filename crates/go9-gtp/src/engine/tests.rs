//! Tests of the engine's private parts: the command table against `execute`,
//! `list_commands` and `known_command`; the search budget under a clock; the resignation
//! count.

use std::collections::BTreeSet;

use game_core::{Game, Player};
use go9::{EASY_PLAYOUTS, Move, NORMAL_PLAYOUTS};

use super::commands::COMMANDS;
use super::*;

/// Every listed command is dispatched: `execute` runs it (with no arguments it may fail,
/// but never as an unknown command), and `known_command` says `true` for it.
#[test]
fn every_listed_command_is_dispatched() {
    for name in GTP_COMMANDS {
        let mut engine = GtpEngine::new().without_files();
        let reply = engine.execute(name, &[]);
        assert!(
            !reply.text.starts_with("unknown command"),
            "{name}: {reply:?}"
        );
        assert_eq!(
            engine.execute("known_command", &[name]).text,
            "true",
            "{name}"
        );
    }
}

/// Every dispatched command is listed: `execute` dispatches through `COMMANDS` alone,
/// whose names are `GTP_COMMANDS` in the same order, once each; a name not on the list is
/// an unknown command and not a known one.
#[test]
fn every_dispatched_command_is_listed() {
    let dispatched: Vec<&str> = COMMANDS.iter().map(|&(name, _)| name).collect();
    assert_eq!(dispatched, GTP_COMMANDS);
    let unique: BTreeSet<&str> = dispatched.iter().copied().collect();
    assert_eq!(unique.len(), dispatched.len(), "a command is listed twice");
    let mut engine = GtpEngine::new().without_files();
    assert_eq!(
        engine.execute("list_commands", &[]).text,
        GTP_COMMANDS.join("\n")
    );
    for name in ["fly", "", "Play", "genmove ", "list_command"] {
        let reply = engine.execute(name, &[]);
        assert!(!reply.success, "{name:?}");
        assert_eq!(reply.text, format!("unknown command: {name}"));
        assert_eq!(engine.execute("known_command", &[name]).text, "false");
    }
}

/// G-14 under `time_settings` (docs/go9.md, "GTP time control"): `hard` without a
/// playout count of its own thinks the whole planned time, with no playout cap; a
/// level's playout count, or one set by `with_playouts`, still bounds every other
/// search, within that time.
#[test]
fn under_a_clock_only_hard_without_its_own_playout_count_thinks_the_whole_plan() {
    let cases = [
        (GtpEngine::with_level(Level::Hard), None),
        (
            GtpEngine::with_level(Level::Hard).with_playouts(60),
            Some(60),
        ),
        (GtpEngine::with_level(Level::Normal), Some(NORMAL_PLAYOUTS)),
        (GtpEngine::with_level(Level::Easy), Some(EASY_PLAYOUTS)),
    ];
    for (mut engine, playout_cap) in cases {
        engine.clock.settings(&["600", "0", "0"]).unwrap();
        let plan = engine.clock.think_time(Player::First, 81).unwrap();
        // 600 s shared by at least 40 moves to come: far more than `hard`'s own second.
        assert!(plan > go9::HARD_TIME, "{plan:?}");
        let budget = engine.budget(Player::First);
        assert_eq!(budget.playout_limit(), playout_cap, "{budget:?}");
        assert_eq!(budget.time, Some(plan), "{budget:?}");
    }
}

/// docs/go9.md, "Resignation": a move counts towards resigning only when its win rate
/// is *below* the threshold; one exactly at the threshold ends a run of low moves like
/// any better one.
#[test]
fn g14_a_win_rate_exactly_at_the_resignation_threshold_is_not_low() {
    let threshold = 0.25;
    let mut engine = GtpEngine::new().with_resign_threshold(threshold);
    let mut moves = Vec::new();
    while engine.state.ply() < RESIGN_FROM_PLY {
        engine.state.legal_moves(&mut moves);
        let mv = moves.iter().copied().find(|&mv| mv != Move::Pass);
        engine.state.play(mv.expect("a placement")).unwrap();
    }
    let below = threshold - 1e-9;
    for _ in 0..RESIGN_AFTER * 2 {
        assert!(!engine.resigns(Player::First, threshold, 100));
    }
    for _ in 1..RESIGN_AFTER {
        assert!(!engine.resigns(Player::First, below, 100));
    }
    assert!(
        !engine.resigns(Player::First, threshold, 100),
        "the run ends"
    );
    for _ in 1..RESIGN_AFTER {
        assert!(!engine.resigns(Player::First, below, 100));
    }
    assert!(engine.resigns(Player::First, below, 100));
}
