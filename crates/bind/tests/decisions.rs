//! One or more tests per rule and decision id of `docs/bind.md` on what a move may be
//! (N-1 … N-9); the end of a game and its notation (N-10 … N-16) are in `decisions_end.rs`.
//! The seed's examples 1–3 are in `seed_examples.rs`.

mod common;

use bind::{Bind, EndReason, Move, PlayError, Variant, VariantError};
use common::{Brute, c, engine_moves, mv, names, play, position, rejected};
use game_core::{Game, Player, perft};

// ---- N-1 -------------------------------------------------------------------------------

#[test]
fn n1_mini_and_full_variants_and_custom_ranges() {
    assert_eq!((Variant::MINI.size(), Variant::MINI.pieces()), (5, 12));
    assert_eq!((Variant::FULL.size(), Variant::FULL.pieces()), (8, 30));
    assert_eq!(Variant::named("MINI"), Ok(Variant::MINI));
    assert_eq!(Variant::named("full"), Ok(Variant::FULL));
    assert!(matches!(
        Variant::named("huge"),
        Err(VariantError::Name { .. })
    ));
    assert_eq!(Variant::custom(2, 3), Err(VariantError::Size { size: 2 }));
    assert_eq!(Variant::custom(26, 3), Err(VariantError::Size { size: 26 }));
    assert!(Variant::custom(3, 3).is_ok() && Variant::custom(25, 625).is_ok());
    assert_eq!(
        Variant::custom(4, 17),
        Err(VariantError::Pieces {
            pieces: 17,
            size: 4,
            max: 16
        })
    );
    assert!(matches!(
        Variant::custom(4, 2),
        Err(VariantError::Pieces { .. })
    ));
    let full = Bind::new(Variant::FULL);
    assert_eq!(full.hand(Player::First), 30);
    assert_eq!(full.hand(Player::Second), 30);
    assert_eq!(perft(&full, 1), 2 * 8 * 6);
}

// ---- N-2 -------------------------------------------------------------------------------

#[test]
fn n2_hand_plus_board_is_the_piece_count_after_a_take() {
    let mut state = Bind::new(Variant::MINI);
    play(&mut state, "B2-D2");
    play(&mut state, "B2-B4");
    for player in Player::BOTH {
        assert_eq!(state.hand(player) + state.on_board(player), 12);
    }
    assert_eq!(state.hand(Player::First), 10); // 12 - 3 + the taken B2
    assert_eq!(state.on_board(Player::First), 2);
    assert_eq!(state.hand(Player::Second), 9);
    // A setup that breaks N-2 is refused.
    let mut setup = state.setup();
    setup.hands.first += 1;
    assert!(matches!(
        Bind::from_setup(setup),
        Err(bind::SetupError::PieceCount {
            colour: "black",
            ..
        })
    ));
}

// ---- N-3 -------------------------------------------------------------------------------

#[test]
fn n3_blacks_first_move_is_three_in_a_line_written_from_the_lower_left_end() {
    let start = Bind::new(Variant::MINI);
    let moves = engine_moves(&start);
    assert_eq!(moves.len(), 30);
    assert!(moves.contains(&"A1-C1".to_string()) && moves.contains(&"C3-C5".to_string()));
    assert!(!moves.contains(&"C1-A1".to_string()));
    assert!(moves.iter().all(|m| m.contains('-')));
    // The other spelling of the same placement reads as the listed one …
    assert_eq!(mv(&start, "c1-a1"), mv(&start, "A1-C1"));
    assert_eq!(mv(&start, "C5-C3"), mv(&start, "C3-C5"));
    // … but the move value itself is not the listed one.
    let upside_down = Move::line(c("C1"), c("A1")).unwrap();
    assert!(matches!(
        start.check_move(upside_down),
        Err(PlayError::OpeningNotFromLowerLeft { .. })
    ));
    // Exactly three, nothing taken, no single placement, no pass.
    assert!(matches!(
        rejected(&start, "A1-B1"),
        PlayError::FirstMoveNeedsThree {
            player: "black",
            placed: 2
        }
    ));
    assert_eq!(rejected(&start, "C3"), PlayError::OpeningIsALine);
    assert!(matches!(
        rejected(&start, "pass"),
        PlayError::PassNotAllowed { held: 12, .. }
    ));
    let mut state = start.clone();
    play(&mut state, "A1-C1");
    assert_eq!(state.hand(Player::First), 9);
    assert_eq!(state.hand(Player::Second), 12);
    for square in ["A1", "B1", "C1"] {
        assert_eq!(state.owner(c(square)), Some(Player::First));
    }
}

// ---- N-4 -------------------------------------------------------------------------------

#[test]
fn n4_whites_first_move_takes_and_places_exactly_three() {
    let mut state = Bind::new(Variant::MINI);
    play(&mut state, "B2-B4");
    let moves = engine_moves(&state);
    // Only the ends may be taken (N-5), and every line fills three squares.
    assert_eq!(moves, names(&["B2-D2", "B4-D4"]));
    assert!(moves.iter().all(|m| mv(&state, m).pieces_placed() == 3));
    assert!(matches!(
        rejected(&state, "B2-C2"),
        PlayError::FirstMoveNeedsThree {
            player: "white",
            placed: 2
        }
    ));
    assert_eq!(moves, Brute::of(&state).moves());
}

#[test]
fn n4_white_without_a_three_piece_first_move_loses_on_three_by_three() {
    // docs/bind.md, N-4: 3x3 after Black fills the middle line, White has no move.
    let mut state = Bind::new(Variant::custom(3, 4).unwrap());
    play(&mut state, "A2-C2");
    assert!(state.is_over());
    assert_eq!(
        state.end_reason(),
        Some(EndReason::NoMove {
            loser: Player::Second
        })
    );
    assert_eq!(state.outcome_text(), "black wins: white has no legal move");
}

// ---- N-5 -------------------------------------------------------------------------------

#[test]
fn n5_a_take_may_not_leave_an_opponent_piece_without_a_partner() {
    let state = position(
        12,
        &[".....", ".....", ".WWW.", ".....", "BB..."],
        Player::First,
    );
    let err = rejected(&state, "C3-C4");
    assert_eq!(
        err,
        PlayError::TakeIsolates {
            take: c("C3"),
            opponent: "white",
            isolated: c("B3")
        }
    );
    assert_eq!(
        err.to_string(),
        "taking C3 would leave the white piece on B3 with no white neighbour (rule 5, N-5)"
    );
}

/// N-5 once the only lone piece is taken: no opponent piece stands alone any more, so
/// every later take is judged by its neighbours again. The stored counts N-5 is decided by
/// are right before the take (one lone piece) and stay right after it (`validate`
/// recounts them from the board), and `check_move` and the move list agree on every
/// candidate for the next moves.
fn taking_the_lone_piece_keeps_the_counts(state: &Bind, take: &str) {
    state.validate().unwrap();
    let mut after = state.clone();
    after.play(mv(state, take)).unwrap();
    for _ in 0..3 {
        after.validate().unwrap();
        let moves = engine_moves(&after);
        let Some(next) = moves.first() else { break };
        after.play(mv(&after, next)).unwrap();
    }
}

#[test]
fn n5_a_lone_opponent_piece_limits_every_take() {
    // White: a lone A5 and a line C2-C4. Only A5 may go: any other take leaves A5 alone.
    let state = position(
        12,
        &["W....", "..W..", "..W..", "..W..", "BB..."],
        Player::First,
    );
    let moves = engine_moves(&state);
    assert_eq!(moves, names(&["A5-A4", "A5-A3", "A5-B5", "A5-C5"]));
    assert!(matches!(
        rejected(&state, "C4-D4"),
        PlayError::TakeIsolates { isolated, .. } if isolated == c("A5")
    ));
    taking_the_lone_piece_keeps_the_counts(&state, "A5-A4");
    // Two lone pieces: no take at all, so rule 5 applies.
    let two = position(
        12,
        &["W...W", ".....", ".....", ".....", "BB..."],
        Player::First,
    );
    assert_eq!(engine_moves(&two), names(&["A2", "B2", "C1"]));
}

/// Lone pieces never arise in play (a take may not leave one, and placing only adds
/// partners), so the lone-piece clauses of N-5 are reached only from a setup. Boards above
/// 8×8 use the cell-scan generator, not the bitboard one: the same cases on 9×9.
#[test]
fn n5_lone_pieces_limit_takes_on_a_board_above_8x8_too() {
    let empty = ".........";
    let with_rows = |top: [&'static str; 4]| {
        let mut rows = top.to_vec();
        rows.extend([empty; 4]);
        rows.push("BB.......");
        rows
    };
    // One lone piece (A9) beside a line C6-C8: only A9 may go.
    let one = position(
        20,
        &with_rows(["W........", "..W......", "..W......", "..W......"]),
        Player::First,
    );
    assert_eq!(
        engine_moves(&one),
        names(&["A9-A8", "A9-A7", "A9-B9", "A9-C9"])
    );
    assert!(matches!(
        rejected(&one, "C8-D8"),
        PlayError::TakeIsolates { isolated, .. } if isolated == c("A9")
    ));
    taking_the_lone_piece_keeps_the_counts(&one, "A9-A8");
    // Two lone pieces: no take at all, so rule 5 applies.
    let two = position(
        20,
        &with_rows(["W.......W", empty, empty, empty]),
        Player::First,
    );
    assert_eq!(engine_moves(&two), names(&["A2", "B2", "C1"]));
    assert_eq!(
        rejected(&two, "A9-A8"),
        PlayError::TakeIsolates {
            take: c("A9"),
            opponent: "white",
            isolated: c("J9")
        }
    );
    // The only opponent piece on the board may be taken.
    let last = position(
        20,
        &with_rows([empty, empty, "....W....", empty]),
        Player::First,
    );
    let moves = engine_moves(&last);
    assert_eq!(moves.len(), 8, "{moves:?}");
    assert!(moves.iter().all(|m| m.starts_with("E7-")));
    for state in [&one, &two, &last] {
        assert_eq!(engine_moves(state), Brute::of(state).moves());
    }
}

#[test]
fn n5_the_last_opponent_piece_on_the_board_may_be_taken() {
    let state = position(
        12,
        &[".....", ".....", "..W..", ".....", "BB..."],
        Player::First,
    );
    let moves = engine_moves(&state);
    assert_eq!(moves.len(), 8, "{moves:?}"); // 4 directions x 2 lengths
    assert!(moves.iter().all(|m| m.starts_with("C3-")));
}

// ---- N-6 -------------------------------------------------------------------------------

#[test]
fn n6_the_line_runs_from_the_taken_square_over_empty_squares_only() {
    // White B2-B3-B4; Black at D2 and B5 area.
    let state = position(
        12,
        &[".B...", ".W...", ".W...", ".W.B.", "....."],
        Player::First,
    );
    // From B2 to the right: C2 empty, D2 black: the 2-line is fine, the 3-line is not.
    assert!(engine_moves(&state).contains(&"B2-C2".to_string()));
    assert_eq!(
        rejected(&state, "B2-D2"),
        PlayError::LineBlocked { square: c("D2") }
    );
    // Upwards from B4 is B5, Black's own piece.
    assert_eq!(
        rejected(&state, "B4-B5"),
        PlayError::LineBlocked { square: c("B5") }
    );
    // A line must start on the taken piece: A2-C2 would start on an empty square, so the
    // pieces can never sit on both sides of the taken square.
    assert!(matches!(
        rejected(&state, "A2-C2"),
        PlayError::NothingToTake {
            found: "it is empty",
            ..
        }
    ));
    assert!(matches!(
        rejected(&state, "D2-D4"),
        PlayError::NothingToTake {
            found: "the piece there is the mover's own",
            ..
        }
    ));
    for m in engine_moves(&state) {
        let from = m.split('-').next().unwrap();
        assert_eq!(state.owner(c(from)), Some(Player::Second), "{m}");
    }
    // The taken piece returns to its owner's hand; the mover's pieces fill the line.
    let mut after = state.clone();
    play(&mut after, "B2-A2");
    assert_eq!(after.owner(c("B2")), Some(Player::First));
    assert_eq!(after.owner(c("A2")), Some(Player::First));
    assert_eq!(after.hand(Player::Second), state.hand(Player::Second) + 1);
    assert_eq!(after.hand(Player::First), state.hand(Player::First) - 2);
}

#[test]
fn n6_lines_stop_at_the_board_edge_in_a_corner() {
    // White D1, E1, E2 in the lower-right corner: E1 is both others' only partner, so only
    // D1 and E2 may be taken, and no line leaves the board or runs through E1.
    let state = position(
        12,
        &["BB...", ".....", ".....", "....W", "...WW"],
        Player::First,
    );
    assert_eq!(
        engine_moves(&state),
        names(&[
            "D1-B1", "D1-C1", "D1-D2", "D1-D3", "E2-C2", "E2-D2", "E2-E3", "E2-E4"
        ])
    );
    assert_eq!(
        rejected(&state, "E2-E1"),
        PlayError::LineBlocked { square: c("E1") }
    );
    assert!(matches!(
        rejected(&state, "E1-E3"),
        PlayError::TakeIsolates { .. }
    ));
    assert!(matches!(
        state.check_move(Move::line(c("E2"), c("G2")).unwrap()),
        Err(PlayError::OffBoard { size: 5, .. })
    ));
    assert!(state.parse_move("E2-F2").is_err());
    assert_eq!(engine_moves(&state), Brute::of(&state).moves());
}

// ---- N-7 -------------------------------------------------------------------------------

#[test]
fn n7_a_line_needs_as_many_pieces_in_hand_as_it_places() {
    // 6 pieces each: Black has 4 on the board, so 2 in hand.
    let state = position(
        6,
        &["BB...", ".W...", ".W...", ".W...", "BB..."],
        Player::First,
    );
    assert_eq!(state.hand(Player::First), 2);
    let moves = engine_moves(&state);
    assert!(!moves.is_empty());
    assert!(
        moves.iter().all(|m| mv(&state, m).pieces_placed() == 2),
        "{moves:?}"
    );
    assert_eq!(
        rejected(&state, "B2-D2"),
        PlayError::NotEnoughPieces {
            player: "black",
            needed: 3,
            held: 2
        }
    );
    // With 3 or more in hand both lengths are open.
    let more = position(
        12,
        &["BB...", ".W...", ".W...", ".W...", "BB..."],
        Player::First,
    );
    let lines = engine_moves(&more);
    assert!(lines.contains(&"B2-C2".to_string()) && lines.contains(&"B2-D2".to_string()));
}

// ---- N-8 -------------------------------------------------------------------------------

#[test]
fn n8_take_and_place_has_priority_over_the_single_placement() {
    let state = position(
        12,
        &[".....", ".....", ".WWW.", ".....", "BB..."],
        Player::First,
    );
    let moves = engine_moves(&state);
    assert!(!moves.is_empty() && moves.iter().all(|m| m.contains('-')));
    // Black's own pieces have empty neighbours, so rule 5 alone would allow A2.
    let mut no_take = state.setup();
    no_take.board[2] = ".W.W.".into();
    no_take.hands.second += 1;
    let fallback = Bind::from_setup(no_take).unwrap();
    assert!(engine_moves(&fallback).contains(&"A2".to_string()));
    assert_eq!(rejected(&state, "A2"), PlayError::TakeAndPlaceAvailable);
}

#[test]
fn n8_an_allowed_take_with_nowhere_to_extend_does_not_count() {
    // White A1-A3: A1 and A3 may be taken but every square beyond them is occupied, A2
    // may not be taken. No complete rule-4 move, so rule 5 applies.
    let state = position(
        12,
        &[".....", "B....", "WB...", "W....", "WB..."],
        Player::First,
    );
    let moves = engine_moves(&state);
    assert!(moves.iter().all(|m| !m.contains('-')), "{moves:?}");
    assert_eq!(moves, names(&["A5", "B2", "B4", "C1", "C3"]));
    assert_eq!(
        rejected(&state, "A1-B1"),
        PlayError::LineBlocked { square: c("B1") }
    );
    assert!(Brute::of(&state).rule4_moves().is_empty());
}

// ---- N-9 -------------------------------------------------------------------------------

#[test]
fn n9_a_single_placement_goes_next_to_ones_own_piece() {
    let state = common::seed_example_3_position();
    assert!(matches!(
        rejected(&state, "A1"),
        PlayError::NotNextToOwnPiece {
            player: "white",
            ..
        }
    ));
    assert_eq!(
        rejected(&state, "A5"),
        PlayError::Occupied { square: c("A5") }
    );
    let mut after = state.clone();
    play(&mut after, "C2");
    assert_eq!(after.owner(c("C2")), Some(Player::Second));
    assert_eq!(after.hand(Player::Second), state.hand(Player::Second) - 1);
    assert_eq!(after.hand(Player::First), state.hand(Player::First));
}
