//! The JSON record and the serde form of the state: round trips, and every way a record
//! or a setup is refused.
#![cfg(feature = "serde")]

use bind::{
    BadMoveReason, Bind, Game, Player, Record, RecordError, Recorded, Setup, SetupError, Variant,
};

fn game_of(moves: &[&str]) -> Bind {
    let mut state = Bind::new(Variant::MINI);
    for text in moves {
        let mv = state.parse_move(text).unwrap();
        state.play(mv).unwrap();
    }
    state
}

fn record_of(moves: &[&str]) -> Record {
    game_of(moves).to_record()
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
    assert!(value.get("start").is_none() && value.get("resigned").is_none());
    assert!(Record::is_record(&json));
    assert!(<Bind as Recorded>::is_record(&json));
    for other in ["{\"game\": \"go9\"}", "not json"] {
        assert!(!Record::is_record(other), "{other}");
        assert!(!<Bind as Recorded>::is_record(other), "{other}");
    }
}

#[test]
fn the_game_keeps_its_history_and_writes_its_own_record() {
    let state = game_of(&["c1-a1", "A1-A3", "A3-C3"]);
    // Black's first line is kept as the move list writes it (N-3).
    let texts: Vec<String> = state.moves().iter().map(ToString::to_string).collect();
    assert_eq!(texts, ["A1-C1", "A1-A3", "A3-C3"]);
    assert_eq!(Recorded::moves(&state), state.moves());
    let json = state.write_record();
    assert_eq!(json, state.to_record().to_json());
    let back = Bind::read_record(&json).unwrap();
    assert_eq!(back, state);
    assert_eq!(back.moves(), state.moves());
    // A rejected move is not part of the history.
    let mut copy = state.clone();
    assert!(copy.play(copy.parse_move("pass").unwrap()).is_err());
    assert_eq!(copy.moves().len(), 3);
}

#[test]
fn a_game_from_a_setup_records_its_start_position() {
    let mut setup = Setup::new(Variant::MINI);
    setup.board[4] = "BBB..".into();
    setup.hands[Player::First] = 9;
    setup.first_move_due[Player::First] = false;
    setup.to_move = Player::Second;
    setup.ply = 1;
    let mut state = Bind::from_setup(setup.clone()).unwrap();
    assert!(state.moves().is_empty());
    state.play(state.parse_move("A1-A3").unwrap()).unwrap();
    let record = state.to_record();
    assert_eq!(record.start.as_ref(), Some(&setup));
    assert_eq!(record.moves, ["A1-A3"]);
    let back = Record::from_json(&record.to_json())
        .unwrap()
        .replay()
        .unwrap();
    assert_eq!(back, state);
    assert_eq!(back.to_record(), record);
    // Serde of the game goes through the same record.
    let json = serde_json::to_string(&state).unwrap();
    assert_eq!(serde_json::from_str::<Bind>(&json).unwrap(), state);
    // The start must be for the record's variant, and a valid position.
    let mut other = record.clone();
    other.size = 6;
    assert!(matches!(
        other.replay(),
        Err(RecordError::StartMismatch {
            size: 6,
            start_size: 5,
            ..
        })
    ));
    let mut bad = record.clone();
    bad.start.as_mut().unwrap().hands[Player::First] = 12;
    assert!(matches!(
        bad.replay(),
        Err(RecordError::Start(SetupError::PieceCount { .. }))
    ));
    // Setting up the variant's start is the start: no `start` in the record.
    let plain = Bind::from_setup(Setup::new(Variant::MINI)).unwrap();
    assert_eq!(plain.to_record().start, None);
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
        matches!(
            err,
            RecordError::BadMove {
                number: 2,
                reason: BadMoveReason::Illegal(_),
                ..
            }
        ),
        "{err}"
    );
    assert!(
        err.to_string().starts_with("move 2 (`B3-B5`) is illegal: "),
        "{err}"
    );
    record.moves[1] = "B2-Q9".into();
    let err = record.replay().unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::BadMove {
                number: 2,
                reason: BadMoveReason::Unreadable(_),
                ..
            }
        ),
        "{err}"
    );
    assert!(
        err.to_string()
            .starts_with("move 2 (`B2-Q9`) cannot be read: "),
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
        Err(RecordError::WrongGame { .. })
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
    assert!(matches!(
        bad.replay(),
        Err(RecordError::ResultMismatch { .. })
    ));
    assert!(matches!(
        Record::from_json("[1, 2"),
        Err(RecordError::Json(_))
    ));
}

#[test]
fn a_resignation_is_recorded_and_replayed() {
    let mut state = game_of(&["A1-C1"]);
    state.resign(Player::Second).unwrap();
    assert_eq!(state.moves().len(), 1); // a resignation is not a move (N-15)
    let record = state.to_record();
    assert_eq!(record.resigned, Some(Player::Second));
    let back = Record::from_json(&record.to_json())
        .unwrap()
        .replay()
        .unwrap();
    assert_eq!(back, state);
    // A resignation after the game ended is refused.
    let mut late = record_of(&[]);
    late.pieces = 4;
    late.size = 3;
    late.moves = vec!["A2-C2".into()];
    late.resigned = Some(Player::Second);
    late.result = "black wins: white has no legal move".into();
    assert!(matches!(
        late.replay(),
        Err(RecordError::LateResignation { colour: "white" })
    ));
}

#[test]
fn the_state_serialises_through_its_record() {
    let mut state = Bind::new(Variant::FULL);
    for text in ["C3-C5", "C3-E3"] {
        let mv = state.parse_move(text).unwrap();
        state.play(mv).unwrap();
    }
    let json = serde_json::to_string(&state).unwrap();
    assert_eq!(json, serde_json::to_string(&state.to_record()).unwrap());
    assert_eq!(serde_json::from_str::<Bind>(&json).unwrap(), state);
    // Serde refuses a record the rules refuse: an illegal move …
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["moves"][1] = "A1".into();
    assert!(serde_json::from_str::<Bind>(&value.to_string()).is_err());
    // … or a start position that breaks N-2.
    let set_up = Bind::from_setup(state.setup()).unwrap();
    let mut value: serde_json::Value = serde_json::to_value(&set_up).unwrap();
    assert_eq!(value["start"]["hands"]["black"], 28);
    assert_eq!(
        serde_json::from_value::<Bind>(value.clone()).unwrap(),
        set_up
    );
    value["start"]["hands"]["black"] = 0.into();
    assert!(serde_json::from_str::<Bind>(&value.to_string()).is_err());
}

#[test]
fn n13_a_record_from_a_setup_with_the_largest_move_count_replays() {
    // Bad input never panics: a deserialised setup may carry any `ply`; the game's record
    // starts from it and replays the same (the count saturates).
    let mut setup = game_of(&["A1-C1"]).setup();
    setup.ply = usize::MAX;
    let json = serde_json::to_string(&setup).unwrap();
    let mut big = Bind::from_setup(serde_json::from_str::<Setup>(&json).unwrap()).unwrap();
    big.play(big.parse_move("A1-A3").unwrap()).unwrap();
    assert_eq!(big.move_count(), usize::MAX);
    let back: Bind = serde_json::from_str(&serde_json::to_string(&big).unwrap()).unwrap();
    assert_eq!(back, big);
    assert_eq!(back.move_count(), usize::MAX);
}

#[test]
fn n15_a_record_starting_resigned_after_the_end_is_refused_and_a_live_one_kept() {
    let mut setup = Setup::new(Variant::custom(3, 4).unwrap());
    setup.board = vec!["...".into(), "BBB".into(), "...".into()];
    setup.hands[Player::First] = 1;
    setup.first_move_due[Player::First] = false;
    setup.ply = 1;
    setup.to_move = Player::Second;
    setup.resigned = Some(Player::Second);
    let record = serde_json::json!({
        "game": "bind", "size": 3, "pieces": 4, "start": setup, "moves": [],
        "result": "black wins: white has no legal move",
    });
    assert!(matches!(
        Record::from_json(&record.to_string()).unwrap().replay(),
        Err(RecordError::Start(SetupError::ResignedAfterEnd { .. }))
    ));
    assert!(serde_json::from_value::<Bind>(record).is_err());
    // While the game goes on, a resignation in a setup is kept; the record writes it as
    // the resignation after the start position.
    let mut live = game_of(&["A1-C1"]).setup();
    live.resigned = Some(Player::First);
    let resigned = Bind::from_setup(live).unwrap();
    let record = resigned.to_record();
    assert_eq!(record.resigned, Some(Player::First));
    assert_eq!(record.start.as_ref().unwrap().resigned, None);
    assert_eq!(record.replay().unwrap(), resigned);
}
