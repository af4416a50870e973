//! The text diagram (`Display`, what `rulebook show` prints) and the set-up rows, on a
//! position worked out by hand from the rules.

use bind::{Bind, Game};

/// Black opens with the line A1–C1 (N-3: three pieces, nothing taken); White answers by
/// taking the black piece on C1 and placing its line C1–C3 from there (rule 4, N-6: the
/// taken piece goes back to Black's hand). Black: A1, B1 and 12 − 3 + 1 = 10 in hand;
/// White: C1, C2, C3 and 9 in hand.
fn two_moves_in() -> Bind {
    let mut state = Bind::default();
    for text in ["A1-C1", "C1-C3"] {
        let mv = state.parse_move(text).unwrap();
        state.play(mv).unwrap();
    }
    state
}

#[test]
fn the_diagram_shows_rows_from_the_top_with_letters_numbers_and_hands() {
    let expected = "    A B C D E
 5  . . . . .  5
 4  . . . . .  4
 3  . . W . .  3
 2  . . W . .  2
 1  B B W . .  1
    A B C D E
in hand: black 10, white 9
";
    assert_eq!(two_moves_in().to_string(), expected);
}

#[test]
fn the_board_rows_are_the_diagrams_squares_top_row_first() {
    assert_eq!(
        two_moves_in().board_rows(),
        [".....", ".....", "..W..", "..W..", "BBW.."]
    );
}

/// `Debug` (what the property tests print when one fails) names the move count, the
/// hands, whose turn it is and the board.
#[test]
fn debug_names_the_ply_the_hands_the_mover_and_the_board() {
    let text = format!("{:?}", two_moves_in());
    for part in [
        "ply: 2",
        "hands: 10/9",
        "to_move: black",
        "end: None",
        "moves: 2",
        "...../...../..W../..W../BBW../",
    ] {
        assert!(text.contains(part), "{part} in {text}");
    }
}
