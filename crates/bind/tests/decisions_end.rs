//! The tests of `docs/bind.md`'s decisions on how a game ends and is written (N-10 …
//! N-16: no move, the forced pass, all placed, the move count, notation, resignation, the
//! draw). N-1 … N-9, what a move may be, are in `decisions.rs`.

mod common;

use bind::{Bind, EndReason, Move, ParseMoveError, PlayError, Variant};
use common::{c, engine_moves, play, position, rejected};
use game_core::{Game, Outcome, Player};

// ---- N-10 ------------------------------------------------------------------------------

#[test]
fn n10_a_player_with_no_move_loses_at_once() {
    // White has no piece on the board and no take (Black stands in pairs): no move.
    let state = position(
        12,
        &["BB...", ".....", ".....", ".....", "...BB"],
        Player::Second,
    );
    assert!(state.is_over());
    assert_eq!(
        state.outcome(),
        Outcome::win(
            Player::First,
            EndReason::NoMove {
                loser: Player::Second
            }
        )
    );
    assert!(engine_moves(&state).is_empty());
    assert!(matches!(rejected(&state, "pass"), PlayError::GameOver));
}

// ---- N-11 ------------------------------------------------------------------------------

#[test]
fn n11_one_piece_in_hand_must_pass_and_pass_is_never_legal_otherwise() {
    // 5 pieces each: Black holds 1, White 3.
    let state = position(
        5,
        &["BB...", ".....", "..W..", "..W..", "BB.W."],
        Player::First,
    );
    assert_eq!(state.hand(Player::First), 1);
    assert_eq!(engine_moves(&state), ["pass"]);
    assert_eq!(
        rejected(&state, "C1"),
        PlayError::MustPass { player: "black" }
    );
    assert_eq!(
        rejected(&state, "C3-C5"),
        PlayError::MustPass { player: "black" }
    );
    let mut after = state.clone();
    play(&mut after, "pass");
    assert_eq!(after.to_move(), Player::Second);
    assert_eq!(after.hand(Player::First), 1);
    assert!(!engine_moves(&after).contains(&"pass".to_string()));
    assert!(matches!(
        rejected(&after, "pass"),
        PlayError::PassNotAllowed {
            player: "white",
            held: 2
        }
    ));
}

// ---- N-12 ------------------------------------------------------------------------------

#[test]
fn n12_placing_every_piece_wins_at_once() {
    // 5 pieces each: Black holds 2 and takes C1 placing C1 and D1.
    let state = position(
        5,
        &[".....", ".....", "B.W..", "B.W..", "B.W.."],
        Player::First,
    );
    let mut after = state.clone();
    play(&mut after, "C1-D1");
    assert_eq!(after.hand(Player::First), 0);
    assert_eq!(
        after.end_reason(),
        Some(EndReason::AllPlaced {
            winner: Player::First
        })
    );
    assert_eq!(after.outcome_text(), "black placed every piece");
    assert!(engine_moves(&after).is_empty());
}

// ---- N-13 ------------------------------------------------------------------------------

#[test]
fn n13_the_move_count_counts_every_move_including_passes() {
    let mut state = position(
        5,
        &["BB...", ".....", "..W..", "..W..", "BB.W."],
        Player::First,
    );
    let before = state.move_count();
    play(&mut state, "pass");
    assert_eq!(state.move_count(), before + 1);
    assert_eq!(state.move_count(), state.ply());
    let mut game = Bind::new(Variant::MINI);
    assert_eq!(game.move_count(), 0);
    play(&mut game, "A1-C1");
    play(&mut game, "A1-A3");
    assert_eq!(game.move_count(), 2);
}

// ---- N-14 ------------------------------------------------------------------------------

#[test]
fn n14_notation_lines_squares_and_pass() {
    let line: Move = "c3-e3".parse().unwrap();
    assert_eq!(
        line,
        Move::Line {
            from: c("C3"),
            to: c("E3")
        }
    );
    assert_eq!(line.to_string(), "C3-E3");
    assert_eq!("C3-D3".parse::<Move>().unwrap().pieces_placed(), 2);
    assert_eq!("c4".parse::<Move>().unwrap(), Move::Place(c("C4")));
    assert_eq!("PaSs".parse::<Move>().unwrap(), Move::Pass);
    for bad in ["C3-E5", "C3-C3", "C3-C6", "C3-F3"] {
        assert!(
            matches!(bad.parse::<Move>(), Err(ParseMoveError::NotALine { .. })),
            "{bad}"
        );
    }
    assert_eq!("".parse::<Move>(), Err(ParseMoveError::Empty));
    for bad in ["I3", "A01", "C3-", "-C3", "C3-E3-G3", "resign", "C0"] {
        assert!(
            matches!(bad.parse::<Move>(), Err(ParseMoveError::Point { .. })),
            "{bad}"
        );
    }
    // Off the board is a parse error of the state, never a panic.
    let mini = Bind::new(Variant::MINI);
    assert!(mini.parse_move("F1").is_err());
    assert!(mini.parse_move("D1-F1").is_err());
    assert!(matches!(
        mini.check_move(Move::Place(c("Z25"))),
        Err(PlayError::OffBoard { size: 5, .. })
    ));
}

// ---- N-15 ------------------------------------------------------------------------------

#[test]
fn n15_resigning_is_a_call_not_a_move() {
    let mut state = Bind::new(Variant::MINI);
    play(&mut state, "A1-C1");
    assert!(!engine_moves(&state).iter().any(|m| m.contains("resign")));
    state.resign(Player::Second).unwrap();
    assert!(state.is_over());
    assert_eq!(state.outcome_text(), "black wins: white resigned");
    assert!(engine_moves(&state).is_empty());
    assert!(matches!(
        state.resign(Player::First),
        Err(PlayError::GameOver)
    ));
    assert_eq!(state.move_count(), 1);
}

// ---- N-16 ------------------------------------------------------------------------------

#[test]
fn n16_both_colours_holding_one_piece_is_a_draw() {
    // 5 each: White holds 1 with four lone pieces (no take), Black holds 2.
    let state = position(
        5,
        &["W.W.W", ".....", "W....", ".....", "..BBB"],
        Player::First,
    );
    assert!(!state.is_over());
    let moves = engine_moves(&state);
    assert!(moves.iter().all(|m| !m.contains('-')));
    let mut after = state.clone();
    play(&mut after, "C2");
    assert_eq!(after.end_reason(), Some(EndReason::BothHoldOne));
    assert_eq!(after.outcome(), Outcome::draw(EndReason::BothHoldOne));
    assert_eq!(after.outcome_text(), "draw both colours hold one piece");
    assert!(engine_moves(&after).is_empty());
}
