//! Edge cases a careful player would raise, per decision: board edges and corners, the
//! smallest and largest boards, what the state reports after the end, junk notation, and
//! refusals that must leave the state exactly as it was. Positions are worked out by hand.

use kazura_core::{
    Colour, Comparison, Coord, EndReason, Game, Kazura, Move, Outcome, PlayError, Player,
};

fn game_after(size: usize, moves: &str) -> Kazura {
    let mut game = Kazura::new(size).unwrap();
    for text in moves.split_whitespace() {
        let mv = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    game
}

fn at(text: &str) -> Coord {
    text.parse().unwrap()
}

/// Plays `mv`, expecting a refusal, and checks the state did not change.
fn refused(game: &mut Kazura, mv: Move) -> PlayError {
    let before = game.clone();
    let error = game.play(mv).expect_err("the move must be refused");
    assert_eq!(*game, before, "a refused move changed the state");
    error
}

#[test]
fn k3_the_last_point_of_a_row_is_not_next_to_the_first_point_of_the_next_row() {
    // 13×13: N1 ends row 1 and A2 starts row 2; they are not adjacent, nor are N2 and A3.
    // Were they, N1-N2-A3-A2 would be one group and A3 would close a loop.
    let game = game_after(13, "N1 G7 A2 G8 N2 G9 A3");
    assert_eq!(game.group_length_at(at("N1")), Some(2)); // N1-N2
    assert_eq!(game.group_length_at(at("A2")), Some(2)); // A2-A3
    assert_eq!(game.group_lengths().black, vec![2, 2]);
}

#[test]
fn k3_the_smallest_loop_in_the_far_corner_of_the_largest_board_is_refused() {
    // 25×25: Black Y25-Z25-Y24 is one group; Z24 touches Z25 and Y24 and would close the
    // 2×2 loop in the corner. White may play there.
    let mut game = game_after(25, "Y25 A1 Z25 B1 Y24 C1");
    assert_eq!(game.group_length_at(at("Z25")), Some(3));
    let error = refused(&mut game, Move::Place(at("Z24")));
    assert_eq!(
        error,
        PlayError::ClosesLoop {
            point: at("Z24"),
            colour: Colour::Black
        }
    );
    assert!(game.can_place(Colour::White, at("Z24")));
    // One past the corner is off the board, not a loop.
    assert!(matches!(
        refused(&mut game, Move::Place(Coord::new(25, 24))),
        PlayError::OffBoard { size: 25, .. }
    ));
}

#[test]
fn k6_after_a_forced_pass_the_other_colour_may_not_pass_too() {
    // 3×3: Black has nowhere to place and passes; White can place on B2, so it must.
    let mut game = game_after(3, "A3 C2 A2 A1 B3 C1 B1 C3 pass");
    assert_eq!(
        refused(&mut game, Move::Pass),
        PlayError::PassNotAllowed {
            colour: Colour::White,
            example: at("B2")
        }
    );
    assert_eq!(game.moves().last(), Some(&Move::Pass));
}

#[test]
fn k7_after_the_end_every_move_is_refused_and_the_state_still_answers() {
    // 3×3, the board full: Black A3-B3-C3-C2 and A1, White C1-B1-B2-A2.
    let mut game = game_after(3, "A1 C1 B3 B2 C3 A2 A3 B1 C2");
    assert!(game.is_over());
    let outcome = game.outcome();
    for mv in [
        Move::Pass,
        Move::Swap,
        Move::Place(at("B2")),
        Move::Place(at("D4")),
    ] {
        assert!(
            matches!(refused(&mut game, mv), PlayError::GameOver),
            "{mv}"
        );
    }
    assert!(matches!(
        game.resign(Colour::White.player()),
        Err(PlayError::GameOver)
    ));
    assert_eq!(game.resigned(), None);
    // The colour that would have moved next, the same outcome, the full move list.
    assert_eq!(game.colour_to_move(), Colour::White);
    assert_eq!(game.outcome(), outcome);
    assert_eq!(game.ply(), 9);
    assert_eq!(game.moves().len(), 9);
    assert_eq!(game.placement_count(Colour::Black), 0);
    assert_eq!(game.placement_count(Colour::White), 0);
}

#[test]
fn k10_a_played_game_won_by_more_groups() {
    // The game above: black [4 1] against white [4]; White runs out of groups at rank 2.
    let game = game_after(3, "A1 C1 B3 B2 C3 A2 A3 B1 C2");
    let lengths = game.group_lengths();
    assert_eq!(
        (lengths.black.clone(), lengths.white.clone()),
        (vec![4, 1], vec![4])
    );
    assert_eq!(
        lengths.compare(),
        Comparison::MoreGroups {
            winner: Colour::Black,
            rank: 2
        }
    );
    assert_eq!(
        game.outcome_text(),
        "black by more groups (white has none at rank 2); lengths black [4 1], white [4]"
    );
    assert_eq!(game.outcome().winner(), Some(Player::First));
}

#[test]
fn k11_resigning_at_the_very_start_and_a_refused_resignation_changes_nothing() {
    let mut game = Kazura::new(2).unwrap();
    game.resign(Colour::Black.player()).unwrap();
    assert_eq!(game.ply(), 0);
    assert_eq!(
        game.outcome(),
        Outcome::win(
            Player::Second,
            EndReason::Resigned {
                loser: Colour::Black
            }
        )
    );
    assert_eq!(
        game.outcome_text(),
        "white as black resigned; lengths black [], white []"
    );
    let before = game.clone();
    assert!(game.resign(Colour::Black.player()).is_err());
    assert_eq!(game, before);
    assert!(matches!(
        refused(&mut game, Move::Place(at("A1"))),
        PlayError::GameOver
    ));
}

#[test]
fn k12_decided_names_white_too() {
    // 3×3: White A2-B2-B3 has length 3 (and C1). Black's stones A1-B1, A3, C3 and its one
    // placeable point C2 form the regions {A1 B1}, {C2 C3} and {A3}: at most 2.
    let game = game_after(3, "A3 C1 B1 B2 C3 B3 A1 A2");
    assert!(!game.is_over());
    assert_eq!(game.longest_length(Colour::White), 3);
    assert_eq!(game.reach_bound(Colour::Black), 2);
    assert_eq!(game.decided(), Some(Colour::White));
}

#[test]
fn k13_junk_notation_is_a_parse_error_never_a_panic() {
    let game = Kazura::new(13).unwrap();
    for bad in [
        "Ｇ7", "G７", "é5", "A+1", "A-1", "A 1", " A1", "A1 ", "1A", "AA1", "A1000", "A256",
        "A1.0", "Z1", "O13", "passs", "swap!", "p", "\u{0}", "A1\n", "G7G8",
    ] {
        let error = game
            .parse_move(bad)
            .expect_err(&format!("{bad:?} must be refused"));
        assert!(error.to_string().contains(&format!("`{bad}`")), "{error}");
    }
    // The largest board's last column and row, in any case.
    let big = Kazura::new(25).unwrap();
    assert_eq!(big.parse_move("z25").unwrap().to_string(), "Z25");
    assert!(big.parse_move("Z26").is_err());
}

#[test]
fn k11_after_a_resignation_the_board_queries_answer_but_no_move_is_legal() {
    let mut game = game_after(3, "B2");
    game.resign(Colour::White.player()).unwrap();
    // The documented reading: can_place and placements look at the board only.
    assert!(game.can_place(Colour::White, at("A1")));
    assert_eq!(game.placement_count(Colour::White), 8);
    assert!(!game.is_legal(Move::Place(at("A1"))));
    assert_eq!(game.outcome().winner(), Some(Player::First));
}

#[test]
#[should_panic(expected = "J1 is off the board")]
fn k1_play_unchecked_off_the_board_panics_as_documented() {
    // The documented `# Panics` of the unchecked play: a clear message, never a bad index.
    let mut game = Kazura::new(8).unwrap();
    game.play_unchecked(Move::Place(at("J1")));
}

#[test]
fn k4_an_occupied_point_is_refused_naming_the_stone_on_it() {
    // Nothing is ever removed, so a point once taken is refused to both colours for good.
    let mut game = game_after(5, "C3 D3");
    for (point, occupant) in [("C3", Colour::Black), ("D3", Colour::White)] {
        let error = refused(&mut game, Move::Place(at(point)));
        assert_eq!(
            error,
            PlayError::Occupied {
                point: at(point),
                occupant
            }
        );
        assert!(
            error
                .to_string()
                .contains(&format!("{point} is occupied by a {occupant}"))
        );
        assert!(!game.can_place(Colour::Black, at(point)));
        assert!(!game.can_place(Colour::White, at(point)));
    }
}

#[test]
fn k12_a_longest_group_equal_to_the_bound_is_not_decided_and_can_still_lose() {
    // 3×3: Black A2-B2-C2 with B3 (length 3); White A1-B1 and C3. White's stones and its
    // placeable points A3, C1 give the regions {A1 B1 C1}, {A3}, {C3}: White can still make
    // 3, a tie, so K-12 ("longer than") does not name Black.
    let mut game = game_after(3, "C2 C3 B2 B1 B3 A1 A2");
    assert_eq!(game.longest_length(Colour::Black), 3);
    assert_eq!(game.reach_bound(Colour::White), 3);
    assert_eq!(game.decided(), None);
    // And Black then loses: White C1 ties at rank 1, Black (A3 would close a loop) passes,
    // and White's A3 gives it one group more.
    for text in ["C1", "pass", "A3"] {
        game.play(game.parse_move(text).unwrap()).unwrap();
    }
    assert!(game.is_over());
    assert_eq!(
        game.outcome_text(),
        "white by more groups (black has none at rank 2); lengths black [3], white [3 1 1]"
    );
}

#[test]
#[cfg(feature = "serde")]
fn k13_junk_records_are_refused_never_loaded_half_way() {
    use kazura_core::Record;
    for json in [
        "",
        "null",
        "[]",
        r#"{"game":"kazura"}"#,
        r#"{"game":"kazura","size":18446744073709551615,"moves":[]}"#,
        r#"{"game":"kazura","size":-3,"moves":[]}"#,
        r#"{"game":"kazura","size":3.0,"moves":[]}"#,
        r#"{"game":"kazura","size":3,"moves":[""]}"#,
        r#"{"game":"kazura","size":3,"moves":["Ｇ7"]}"#,
        r#"{"game":"kazura","size":3,"moves":[1]}"#,
        r#"{"game":"kazura","size":3,"moves":["A1","swap","swap"]}"#,
        r#"{"game":"kazura","size":3,"moves":["A1","pass"]}"#,
        r#"{"game":"kazura","size":3,"moves":[],"resigned":"red"}"#,
        r#"{"game":"kazura","game":"kazura","size":3,"moves":[]}"#,
        r#"{"game":"Kazura","size":3,"moves":[]}"#,
    ] {
        let read = Record::from_json(json).and_then(|r| r.replay());
        assert!(read.is_err(), "{json} was loaded");
        assert!(
            serde_json::from_str::<Kazura>(json).is_err(),
            "{json} deserialised"
        );
    }
}
