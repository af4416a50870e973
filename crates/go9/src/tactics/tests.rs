//! The tactics of the heavy playouts (docs/go9.md, "The computer opponent": atari
//! answers and patterns next to the last move, as MoGo and michi play them) on positions
//! worked out by hand.

use std::collections::BTreeSet;

use super::*;
use crate::test_support::{after, cell};

/// The distinct answers to ataris next to the last move, for the player to move.
fn answers(state: &Go9) -> BTreeSet<usize> {
    let mut out = [0; 24];
    let n = state.atari_answers(state.last_cell().unwrap(), state.to_move(), &mut out);
    out[..n].iter().copied().collect()
}

fn cells_of(points: &[&str]) -> BTreeSet<usize> {
    points.iter().map(|p| cell(p)).collect()
}

#[test]
fn a_stone_just_played_into_atari_is_captured_at_its_liberty() {
    // White A1 beside Black B1 has one liberty, A2.
    assert_eq!(answers(&after("B1 A1")), cells_of(&["A2"]));
}

#[test]
fn an_own_chain_in_atari_beside_the_last_move_runs_to_its_liberty() {
    // Black E6 leaves White E5 (between D5 and F5) with E4 alone.
    assert_eq!(answers(&after("D5 E5 F5 pass E6")), cells_of(&["E4"]));
}

#[test]
fn an_attacker_in_atari_is_captured_instead_of_running() {
    // White B1 ataris Black A1 (liberty A2) but stands in atari itself (liberty B2,
    // with Black C1 beside it): Black may run at A2 or capture at B2.
    assert_eq!(answers(&after("A1 E5 C1 B1")), cells_of(&["A2", "B2"]));
}

#[test]
fn chains_with_two_liberties_or_away_from_the_last_move_need_no_answer() {
    assert_eq!(answers(&after("E5")), BTreeSet::new());
    // White A1 is in atari, but Black's last move E5 is far from it.
    assert_eq!(answers(&after("B1 A1 E5")), BTreeSet::new());
}

#[test]
fn a_self_atari_keeps_one_liberty_and_captures_nothing() {
    // White to move beside Black B1: A1 keeps only A2; B2 keeps three.
    let state = after("B1 E9 pass");
    let white = Player::Second;
    assert!(state.is_self_atari(cell("A1"), white, 0));
    assert!(!state.is_self_atari(cell("B2"), white, 0));
    assert_eq!(state.liberties_after(cell("A1"), white, 0), bit(cell("A2")));
    // A placement that captures is never called a self-atari.
    let state = after("B1 A1");
    let capture = state.board().chain_at(cell("A1"));
    assert!(!state.is_self_atari(cell("A2"), Player::First, capture));
}

/// The heavy policy answers an atari next to the last move most of the time (michi's
/// 90 %, then the patterns' 95 %, then a uniform draw), so over 200 seeded draws the
/// capture at A2 comes out far more often than the uniform 1 in 79.
#[test]
fn the_heavy_policy_mostly_plays_the_atari_answer() {
    let state = after("B1 A1");
    let a2 = (0..200)
        .filter(|&seed| {
            let choice = state.heavy_choice(&mut GameRng::seed_from(seed)).unwrap();
            choice.cell == cell("A2")
        })
        .count();
    assert!((160..200).contains(&a2), "{a2} of 200");
}
