//! The JSON record and the serde form of the state: round trips, and every way a record
//! or a setup is refused.

use bind::{Bind, Colour, Record, RecordError, Setup, SetupError, Variant};
use game_core::{Game, Player};

fn record_of(moves: &[&str]) -> Record {
    let mut state = Bind::new(Variant::MINI);
    let mut played = Vec::new();
    for text in moves {
        let mv = state.parse_move(text).unwrap();
        state.play(mv).unwrap();
        played.push(mv);
    }
    Record::new(&state, &played)
}

#[test]
fn a_record_carries_its_marker_variant_moves_and_result() {
    let record = record_of(&["B2-D2", "B2-B4"]);
    let json = record.to_json();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["game"], "bind");
    assert_eq!(value["size"], 5);
    assert_eq!(value["pieces"], 12);
    assert_eq!(value["moves"], serde_json::json!(["B2-D2", "B2-B4"]));
    assert_eq!(value["result"], "ongoing");
    assert!(Record::is_record(&json));
    assert!(!Record::is_record("{\"game\": \"go9\"}"));
    assert!(!Record::is_record("not json"));
}

#[test]
fn replay_names_the_first_bad_move_by_number() {
    let mut record = record_of(&["B2-D2", "B2-B4", "B4-C4"]);
    record.moves[1] = "B3-B5".into();
    let err = Record::from_json(&record.to_json())
        .unwrap()
        .replay()
        .unwrap_err();
    assert!(
        matches!(err, RecordError::Illegal { number: 2, .. }),
        "{err}"
    );
    assert!(
        err.to_string().starts_with("move 2 (`B3-B5`) is illegal: "),
        "{err}"
    );
    record.moves[1] = "B2-Q9".into();
    let err = record.replay().unwrap_err();
    assert!(
        matches!(err, RecordError::Malformed { number: 2, .. }),
        "{err}"
    );
}

#[test]
fn a_wrong_marker_field_variant_or_result_is_refused() {
    let record = record_of(&["B2-D2"]);
    let mut value: serde_json::Value = serde_json::from_str(&record.to_json()).unwrap();
    value["game"] = "kazura".into();
    assert!(matches!(
        Record::from_json(&value.to_string()),
        Err(RecordError::Marker { .. })
    ));
    let mut value: serde_json::Value = serde_json::from_str(&record.to_json()).unwrap();
    value["colour"] = "red".into();
    assert!(matches!(
        Record::from_json(&value.to_string()),
        Err(RecordError::Json(_))
    ));
    let mut bad = record.clone();
    bad.pieces = 26;
    assert!(matches!(bad.replay(), Err(RecordError::Variant(_))));
    let mut bad = record.clone();
    bad.result = "black placed every piece".into();
    assert!(matches!(bad.replay(), Err(RecordError::Result { .. })));
    assert!(matches!(
        Record::from_json("[1, 2"),
        Err(RecordError::Json(_))
    ));
}

#[test]
fn a_resignation_is_recorded_and_replayed() {
    let mut state = Bind::new(Variant::MINI);
    let mv = state.parse_move("A1-C1").unwrap();
    state.play(mv).unwrap();
    state.resign(Player::Second).unwrap();
    let record = Record::new(&state, &[mv]);
    assert_eq!(record.resigned, Some(Colour::White));
    let (back, _) = Record::from_json(&record.to_json())
        .unwrap()
        .replay()
        .unwrap();
    assert_eq!(back, state);
    // A resignation after the game ended is refused.
    let mut late = record_of(&[]);
    late.pieces = 4;
    late.size = 3;
    late.moves = vec!["A2-C2".into()];
    late.resigned = Some(Colour::White);
    late.result = "black wins: white has no legal move".into();
    assert!(matches!(
        late.replay(),
        Err(RecordError::Resignation { .. })
    ));
}

#[test]
fn the_state_serialises_through_its_setup_and_bad_setups_are_refused() {
    let mut state = Bind::new(Variant::FULL);
    for text in ["C3-C5", "C3-E3"] {
        let mv = state.parse_move(text).unwrap();
        state.play(mv).unwrap();
    }
    let json = serde_json::to_string(&state).unwrap();
    assert_eq!(serde_json::from_str::<Bind>(&json).unwrap(), state);
    let good = state.to_setup();
    let refuse = |change: &dyn Fn(&mut Setup)| {
        let mut setup = good.clone();
        change(&mut setup);
        Bind::from_setup(&setup).unwrap_err()
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
        refuse(&|s| s.hands.white = 99),
        SetupError::PieceCount {
            colour: "white",
            ..
        }
    ));
    assert!(matches!(
        refuse(&|s| s.first_move_due.white = true),
        SetupError::FirstMoveAfterPlaying { colour: "white" }
    ));
    let mut fresh = Bind::new(Variant::MINI).to_setup();
    fresh.to_move = Colour::White;
    assert_eq!(
        Bind::from_setup(&fresh).unwrap_err(),
        SetupError::FirstMoveOrder
    );
    // Serde refuses the same through the setup.
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["hands"]["black"] = 0.into();
    assert!(serde_json::from_str::<Bind>(&value.to_string()).is_err());
}

#[test]
fn n13_a_setup_with_the_largest_move_count_still_plays_without_overflow() {
    // Bad input never panics: a deserialised state may carry any `ply`, and the next move
    // must not overflow the count (it saturates; no game reaches it by play).
    let mut state = Bind::new(Variant::MINI);
    state.play(state.parse_move("A1-C1").unwrap()).unwrap();
    let mut setup = state.to_setup();
    setup.ply = usize::MAX;
    let json = serde_json::to_string(&setup).unwrap();
    let mut big: Bind = serde_json::from_str(&json).unwrap();
    big.play(big.parse_move("A1-A3").unwrap()).unwrap();
    assert_eq!(big.move_count(), usize::MAX);
    assert_eq!(big.to_move(), Player::First);
}

#[test]
fn n12_a_setup_with_the_colour_to_move_holding_nothing_is_refused() {
    // After N-12 the winner's hand is empty and the other colour is to move; a setup
    // with the empty-handed colour to move could not arise.
    let mut setup = Bind::new(Variant::custom(3, 3).unwrap()).to_setup();
    setup.board = vec!["...".into(), "...".into(), "BBB".into()];
    setup.hands.black = 0;
    setup.first_move_due.black = false;
    setup.ply = 1;
    setup.to_move = Colour::White;
    let won = Bind::from_setup(&setup).unwrap();
    assert_eq!(won.outcome_text(), "black placed every piece");
    setup.to_move = Colour::Black;
    setup.first_move_due.white = false;
    assert_eq!(
        Bind::from_setup(&setup).unwrap_err(),
        SetupError::EmptyHandToMove { colour: "black" }
    );
}

#[test]
fn n15_a_setup_resigned_after_the_rules_ended_the_game_is_refused() {
    // A record refuses a resignation after the end; the setup (and so serde) does too.
    let mut setup = Bind::new(Variant::custom(3, 4).unwrap()).to_setup();
    setup.board = vec!["...".into(), "BBB".into(), "...".into()];
    setup.hands.black = 1;
    setup.first_move_due.black = false;
    setup.ply = 1;
    setup.to_move = Colour::White;
    let over = Bind::from_setup(&setup).unwrap();
    assert_eq!(over.outcome_text(), "black wins: white has no legal move");
    setup.resigned = Some(Colour::White);
    let err = Bind::from_setup(&setup).unwrap_err();
    assert_eq!(
        err,
        SetupError::ResignedAfterEnd {
            colour: "white",
            outcome: "black wins: white has no legal move".into()
        }
    );
    let json = serde_json::to_string(&setup).unwrap();
    assert!(serde_json::from_str::<Bind>(&json).is_err());
    // While the game goes on, a resignation in a setup is kept.
    let mut state = Bind::new(Variant::MINI);
    state.play(state.parse_move("A1-C1").unwrap()).unwrap();
    let mut live = state.to_setup();
    live.resigned = Some(Colour::Black);
    let resigned = Bind::from_setup(&live).unwrap();
    assert_eq!(resigned.outcome_text(), "white wins: black resigned");
    assert_eq!(resigned.to_setup(), live);
}
