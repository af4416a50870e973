//! GNU Go 3.8 as an independent referee (`docs/go9.md`, "Checks against GNU Go and
//! perft"): legal points, stones and captures after every move of random games, and the
//! final score of its own self-play games with every dead stone captured.
//!
//! Without GNU Go the tests fail when the `CI` environment variable is set (CI installs
//! Debian's `gnugo`), and otherwise say why they did nothing.

mod common;

use common::gnugo::{Gtp, require_gnugo};

use std::collections::BTreeSet;

use board_geometry::Point;
use game_core::{Game, GameRng, Player};
use go9::{Go9, Move};

fn set(text: &str) -> BTreeSet<String> {
    text.split_whitespace().map(str::to_uppercase).collect()
}

fn ours_legal(state: &Go9, player: Player) -> BTreeSet<String> {
    (0..81)
        .map(|i| Move::Place(Point::from_index(i)))
        .filter(|&m| state.check_move_for(player, m).is_ok())
        .map(|m| m.to_string())
        .collect()
}

fn ours_stones(state: &Go9, player: Player) -> BTreeSet<String> {
    state
        .board()
        .stone_points(player)
        .into_iter()
        .map(go9::point_name)
        .collect()
}

const COLOURS: [(Player, &str); 2] = [(Player::First, "black"), (Player::Second, "white")];

#[test]
fn gnugo_agrees_on_legal_points_stones_and_captures_in_random_games() {
    let Some(binary) = require_gnugo("random games") else {
        return;
    };
    let mut gnugo = Gtp::start(&binary, &[]);
    let mut moves = Vec::new();
    let mut superko_positions = 0;
    for seed in 0..20u64 {
        gnugo.ask("clear_board");
        let mut rng = GameRng::seed_from(seed);
        let mut state = Go9::new();
        while !state.is_over() {
            // Uniform over the legal placements (eyes included, so big captures and
            // repeats happen), with an occasional pass.
            state.legal_moves(&mut moves);
            let placements: Vec<Move> =
                moves.iter().copied().filter(|&m| m != Move::Pass).collect();
            let mv = if placements.is_empty() || rng.below(30) == 0 {
                Move::Pass
            } else {
                placements[rng.below(placements.len())]
            };
            let colour = COLOURS[state.to_move().index()].1;
            state.play(mv).unwrap();
            gnugo.ask(&format!("play {colour} {mv}"));
            if state.is_over() {
                break;
            }
            superko_positions += usize::from(!state.superko_points().is_empty());
            for (player, name) in COLOURS {
                let context = || format!("seed {seed}, ply {}, {name}", state.ply());
                assert_eq!(
                    set(&gnugo.ask(&format!("all_legal {name}"))),
                    ours_legal(&state, player),
                    "legal points: {}",
                    context()
                );
                assert_eq!(
                    set(&gnugo.ask(&format!("list_stones {name}"))),
                    ours_stones(&state, player),
                    "stones: {}",
                    context()
                );
                assert_eq!(
                    gnugo.ask(&format!("captures {name}")),
                    state.prisoners()[player].to_string(),
                    "captures: {}",
                    context()
                );
            }
        }
    }
    assert!(superko_positions > 0, "the games never met superko");
}

/// GNU Go's `final_score` in G-10 notation (`B+3.0` → `B+3`).
fn normalise(score: &str) -> String {
    let s = score.trim();
    match s.split_once('+') {
        Some((side, points)) => {
            let value: f64 = points.parse().expect("a number");
            assert!(
                value.fract() == 0.0,
                "integer komi gives integer scores: {s}"
            );
            if value == 0.0 {
                "0".into()
            } else {
                format!("{side}+{value}")
            }
        }
        None => s.to_string(),
    }
}

#[test]
fn gnugo_self_play_final_scores_equal_ours() {
    let Some(binary) = require_gnugo("self-play") else {
        return;
    };
    let mut compared = 0;
    for seed in 0..20u64 {
        let seed_text = seed.to_string();
        let mut gnugo = Gtp::start(
            &binary,
            &["--level", "1", "--capture-all-dead", "--seed", &seed_text],
        );
        let mut state = Go9::new();
        let mut rng = GameRng::seed_from(1_000 + seed);
        // A few random opening moves so the twenty games differ.
        for _ in 0..(2 + seed % 5) {
            let mv = state.playout_move(&mut rng).unwrap();
            let colour = COLOURS[state.to_move().index()].1;
            state.play(mv).unwrap();
            gnugo.ask(&format!("play {colour} {mv}"));
        }
        let mut resigned = false;
        while !state.is_over() {
            let colour = COLOURS[state.to_move().index()].1;
            let answer = gnugo.ask(&format!("genmove {colour}"));
            if answer.eq_ignore_ascii_case("resign") {
                resigned = true;
                break;
            }
            let mv = state.parse_move(&answer).unwrap();
            state
                .play(mv)
                .unwrap_or_else(|e| panic!("seed {seed}: GNU Go's {answer} refused: {e}"));
        }
        if resigned {
            continue;
        }
        let theirs = normalise(&gnugo.ask("final_score"));
        assert_eq!(
            Some(theirs),
            state.result(),
            "seed {seed}: {}",
            state.to_sgf(&go9::SgfNames::default())
        );
        compared += 1;
    }
    assert!(
        compared >= 20,
        "only {compared} games were scored (GNU Go resigned the rest)"
    );
}
