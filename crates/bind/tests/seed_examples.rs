//! The seed's examples 1–3 rebuilt as positions from their words (the pictures did not
//! survive), with the moves the text says are and are not allowed.

mod common;

use bind::{Bind, PlayError};
use common::{
    Brute, c, engine_moves, mv, names, play, position, rejected, seed_example_3_position,
};
use game_core::{Game, Player};

/// Example 1: three black pieces, White to move (not its first move). White takes one
/// and fills its square and two to the right; one to the right is fine too.
#[test]
fn seed_example_1_take_then_place_in_one_direction() {
    let state = position(
        12,
        &[".....", ".B...", ".B...", ".B...", "....."],
        Player::Second,
    );
    let moves = engine_moves(&state);
    assert!(moves.contains(&"B2-D2".to_string()) && moves.contains(&"B2-C2".to_string()));
    let mut after = state.clone();
    play(&mut after, "B2-D2");
    for square in ["B2", "C2", "D2"] {
        assert_eq!(after.owner(c(square)), Some(Player::Second));
    }
    assert_eq!(after.hand(Player::First), state.hand(Player::First) + 1);
    // Not both sides of the taken square: A2-C2 would start on the empty A2.
    assert!(matches!(
        rejected(&state, "A2-C2"),
        PlayError::NothingToTake { .. }
    ));
    // If this were White's first move, only the three-piece line would do (rule 6, N-4).
    let mut setup = state.setup();
    setup.first_move_due.second = true;
    let first = Bind::from_setup(setup).unwrap();
    assert!(first.is_legal(mv(&first, "B2-D2")));
    assert!(!first.is_legal(mv(&first, "B2-C2")));
}

/// Example 2: White's pieces "2" "1" "3" in a row; Black may take 2 or 3, not 1.
#[test]
fn seed_example_2_only_the_ends_may_be_taken() {
    let state = position(
        12,
        &[".....", ".....", ".WWW.", ".....", "BB..."],
        Player::First,
    );
    let moves = engine_moves(&state);
    let taken: std::collections::BTreeSet<&str> =
        moves.iter().map(|m| m.split('-').next().unwrap()).collect();
    assert_eq!(taken.into_iter().collect::<Vec<_>>(), ["B3", "D3"]);
    assert!(matches!(
        rejected(&state, "C3-C5"),
        PlayError::TakeIsolates { .. }
    ));
    assert_eq!(moves, Brute::of(&state).moves());
}

/// Example 3: White to move cannot take any black piece (each take leaves its partner
/// alone), so White places one piece next to its own (rule 5).
#[test]
fn seed_example_3_no_take_so_a_single_placement() {
    let state = seed_example_3_position();
    for take in ["A5-A4", "B5-B3", "D1-D2", "E1-E3"] {
        assert!(
            matches!(rejected(&state, take), PlayError::TakeIsolates { .. }),
            "{take}"
        );
    }
    assert_eq!(
        engine_moves(&state),
        names(&["B3", "C2", "C4", "D2", "D4", "E3"])
    );
    assert_eq!(engine_moves(&state), Brute::of(&state).moves());
}
