//! The set-up form of a position: every way a setup is refused, and what a set-up game
//! keeps.

use bind::{Bind, Game, Player, Setup, SetupError, Variant};

fn game_of(moves: &[&str]) -> Bind {
    let mut state = Bind::new(Variant::MINI);
    for text in moves {
        let mv = state.parse_move(text).unwrap();
        state.play(mv).unwrap();
    }
    state
}

#[test]
fn a_setup_round_trips_and_bad_setups_are_refused() {
    let mut state = Bind::new(Variant::FULL);
    for text in ["C3-C5", "C3-E3"] {
        let mv = state.parse_move(text).unwrap();
        state.play(mv).unwrap();
    }
    let good = state.setup();
    let set_up = Bind::from_setup(good.clone()).unwrap();
    assert_eq!(set_up.setup(), good);
    assert!(set_up.moves().is_empty()); // the history starts at the set-up position
    assert_eq!(Setup::from(&state), good);
    assert_eq!(Bind::try_from(good.clone()).unwrap(), set_up);
    let refuse = |change: &dyn Fn(&mut Setup)| {
        let mut setup = good.clone();
        change(&mut setup);
        Bind::from_setup(setup).unwrap_err()
    };
    assert!(matches!(refuse(&|s| s.size = 2), SetupError::Variant(_)));
    assert!(matches!(
        refuse(&|s| {
            s.board.pop();
        }),
        SetupError::RowCount { found: 7, size: 8 }
    ));
    assert!(matches!(
        refuse(&|s| s.board[0].push('.')),
        SetupError::RowLength { row: 8, .. }
    ));
    assert!(matches!(
        refuse(&|s| s.board[0] = "X.......".into()),
        SetupError::Square { found: 'X', .. }
    ));
    assert!(matches!(
        refuse(&|s| s.hands[Player::Second] = 99),
        SetupError::PieceCount {
            colour: "white",
            ..
        }
    ));
    assert!(matches!(
        refuse(&|s| s.first_move_due[Player::Second] = true),
        SetupError::FirstMoveAfterPlaying { colour: "white" }
    ));
    let mut fresh = Setup::new(Variant::MINI);
    assert_eq!(
        Bind::from_setup(fresh.clone()).unwrap(),
        Bind::new(Variant::MINI)
    );
    fresh.to_move = Player::Second;
    assert_eq!(
        Bind::from_setup(fresh).unwrap_err(),
        SetupError::FirstMoveOrder
    );
}

#[test]
fn n13_a_setup_with_the_largest_move_count_still_plays_without_overflow() {
    // Bad input never panics: a setup may carry any `ply`, and the next move must not
    // overflow the count (it saturates; no game reaches it by play).
    let mut setup = game_of(&["A1-C1"]).setup();
    setup.ply = usize::MAX;
    let mut big = Bind::from_setup(setup).unwrap();
    big.play(big.parse_move("A1-A3").unwrap()).unwrap();
    assert_eq!(big.move_count(), usize::MAX);
    assert_eq!(big.to_move(), Player::First);
    assert_eq!(big.moves().len(), 1);
}

#[test]
fn n12_a_setup_with_the_colour_to_move_holding_nothing_is_refused() {
    // After N-12 the winner's hand is empty and the other colour is to move; a setup
    // with the empty-handed colour to move could not arise.
    let mut setup = Setup::new(Variant::custom(3, 3).unwrap());
    setup.board = vec!["...".into(), "...".into(), "BBB".into()];
    setup.hands[Player::First] = 0;
    setup.first_move_due[Player::First] = false;
    setup.ply = 1;
    setup.to_move = Player::Second;
    let won = Bind::from_setup(setup.clone()).unwrap();
    assert_eq!(won.outcome_text(), "black placed every piece");
    setup.to_move = Player::First;
    setup.first_move_due[Player::Second] = false;
    assert_eq!(
        Bind::from_setup(setup).unwrap_err(),
        SetupError::EmptyHandToMove { colour: "black" }
    );
}

#[test]
fn n15_a_setup_resigned_after_the_rules_ended_the_game_is_refused() {
    let mut setup = Setup::new(Variant::custom(3, 4).unwrap());
    setup.board = vec!["...".into(), "BBB".into(), "...".into()];
    setup.hands[Player::First] = 1;
    setup.first_move_due[Player::First] = false;
    setup.ply = 1;
    setup.to_move = Player::Second;
    let over = Bind::from_setup(setup.clone()).unwrap();
    assert_eq!(over.outcome_text(), "black wins: white has no legal move");
    setup.resigned = Some(Player::Second);
    assert_eq!(
        Bind::from_setup(setup).unwrap_err(),
        SetupError::ResignedAfterEnd {
            colour: "white",
            outcome: "black wins: white has no legal move".into()
        }
    );
    // While the game goes on, a resignation in a setup is kept.
    let mut live = game_of(&["A1-C1"]).setup();
    live.resigned = Some(Player::First);
    let resigned = Bind::from_setup(live.clone()).unwrap();
    assert_eq!(resigned.outcome_text(), "white wins: black resigned");
    assert_eq!(resigned.setup(), live);
}

#[test]
fn games_from_different_setups_differ_even_where_their_positions_meet() {
    // White's first move due or not: after the same three-piece reply the positions agree,
    // but the games (whose records start from different positions) do not.
    let due = game_of(&["A1-C1"]).setup();
    let mut not_due = due.clone();
    not_due.first_move_due[Player::Second] = false;
    let mut games = [due, not_due].map(|setup| Bind::from_setup(setup).unwrap());
    for game in &mut games {
        game.play(game.parse_move("A1-A3").unwrap()).unwrap();
    }
    assert_eq!(games[0].setup(), games[1].setup());
    assert_eq!(games[0].moves(), games[1].moves());
    assert_ne!(games[0], games[1]);
}

/// N-3 in a setup: Black's first move comes first, at move count 0, and White's first
/// move right after it; anything else is refused as out of order.
#[test]
fn n3_first_moves_in_a_setup_come_in_order() {
    let fresh = Setup::new(Variant::MINI);
    let mut later = fresh.clone();
    later.ply = 1;
    assert_eq!(Bind::from_setup(later), Err(SetupError::FirstMoveOrder));
    let mut white_first = fresh.clone();
    white_first.first_move_due[Player::Second] = false;
    assert_eq!(
        Bind::from_setup(white_first),
        Err(SetupError::FirstMoveOrder)
    );
    // After Black's opening line, White's first move is due and White is to move.
    let opened = game_of(&["A1-C1"]).setup();
    assert!(opened.first_move_due[Player::Second] && !opened.first_move_due[Player::First]);
    let state = Bind::from_setup(opened.clone()).unwrap();
    assert_eq!(state.to_move(), Player::Second);
    let mut black_again = opened;
    black_again.to_move = Player::First;
    assert_eq!(
        Bind::from_setup(black_again),
        Err(SetupError::FirstMoveOrder)
    );
}

/// The set-up rows are read top row first, so an error names the row as the board
/// numbers it; lower-case `b` and `w` are read as `B` and `W`.
#[test]
fn setup_rows_are_numbered_from_the_top_and_read_in_either_case() {
    let good = game_of(&["A1-C1", "C1-C3"]).setup();
    let refuse = |change: &dyn Fn(&mut Setup)| {
        let mut setup = good.clone();
        change(&mut setup);
        Bind::from_setup(setup).unwrap_err()
    };
    // Mini rows, top first: rows 5, 4, 3, 2, 1.
    assert!(matches!(
        refuse(&|s| s.board[3].push('.')),
        SetupError::RowLength {
            row: 2,
            found: 6,
            size: 5
        }
    ));
    assert!(matches!(
        refuse(&|s| s.board[1] = ".?...".into()),
        SetupError::Square { row: 4, found: '?' }
    ));
    let mut lower = good.clone();
    lower.board = lower.board.iter().map(|row| row.to_lowercase()).collect();
    assert_eq!(
        Bind::from_setup(lower).unwrap(),
        Bind::from_setup(good).unwrap()
    );
}
