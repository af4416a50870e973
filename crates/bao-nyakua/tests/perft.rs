//! Perft from the start against the brute-force mover of `support/brute.rs` (B-23).

mod support;

use bao_nyakua::{Position, Ruleset};
use game_core::{Game, perft};
use support::brute::{Brute, brute_perft};

fn check(depth: u32, ruleset: Ruleset) -> u64 {
    let engine = perft(&Position::start(ruleset), depth);
    let brute = brute_perft(&Brute::start(ruleset == Ruleset::Seed), depth);
    assert_eq!(engine, brute, "perft {depth} ({ruleset:?})");
    engine
}

#[test]
fn b23_perft_1_to_8_from_the_start_matches_the_brute_force_mover() {
    // The numbers the brute-force mover counts; kept so a change shows up as a number.
    const COUNTS: [u64; 8] = [4, 14, 38, 124, 405, 1436, 5677, 23561];
    for ruleset in [Ruleset::Seed, Ruleset::Reference] {
        for depth in 1..=8 {
            assert_eq!(check(depth, ruleset), COUNTS[depth as usize - 1]);
        }
    }
}

#[test]
fn b23_perft_1_is_the_four_takata_of_b11() {
    let mut moves = Vec::new();
    Position::start(Ruleset::Seed).legal_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(ToString::to_string).collect();
    names.sort();
    assert_eq!(names, ["F6L", "F6R", "F7L", "F7R"]);
}

#[test]
#[ignore = "slow in the debug test profile: run with --ignored (release recommended)"]
fn b23_perft_9_and_10_from_the_start_match_the_brute_force_mover() {
    for ruleset in [Ruleset::Seed, Ruleset::Reference] {
        for depth in 9..=10 {
            let expected = [108_834, 520_618][depth as usize - 9];
            assert_eq!(check(depth, ruleset), expected, "perft {depth}");
        }
    }
}

#[cfg(feature = "serde")]
#[test]
fn b23_perft_from_the_authors_set_up_positions_matches_the_brute_force_mover() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let checks: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}/checks.json")).unwrap())
            .unwrap();
    let legacy: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}/legacy-cycle.json")).unwrap())
            .unwrap();
    let mut states: Vec<serde_json::Value> = checks["examples"]
        .as_object()
        .unwrap()
        .values()
        .map(|e| e["before"].clone())
        .collect();
    states.push(legacy["before"].clone());
    for value in states {
        let state: bao_nyakua::Setup = serde_json::from_value(value).unwrap();
        for ruleset in [Ruleset::Seed, Ruleset::Reference] {
            let state = bao_nyakua::Setup {
                ruleset,
                ..state.clone()
            };
            let position = Position::from_setup(state.clone()).unwrap();
            let brute = Brute::from_setup(&state);
            for depth in 1..=3 {
                assert_eq!(
                    perft(&position, depth),
                    brute_perft(&brute, depth),
                    "perft {depth} from {state:?}"
                );
            }
        }
    }
}
