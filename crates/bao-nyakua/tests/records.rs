//! B-24 (`docs/bao-nyakua.md`, "Records"): the record's shape, its replay checks and their
//! errors.
#![cfg(feature = "serde")]

use bao_nyakua::{
    BadMoveReason, Bao, Game, Move, MoveObject, Position, Record, RecordError, Ruleset,
};
use serde_json::{Value, json};

fn game(moves: &[&str], ruleset: Ruleset) -> Bao {
    let mut game = Bao::new(ruleset);
    for m in moves {
        game.play(m.parse().unwrap()).unwrap();
    }
    game
}

fn replay_value(value: &Value) -> Result<Bao, RecordError> {
    Record::from_json(&serde_json::to_string_pretty(value).unwrap())?.replay()
}

#[test]
fn b24_a_written_record_has_the_published_header_in_order_and_one_final_newline() {
    let text = game(&["F7L"], Ruleset::Seed).to_record().to_json();
    assert!(
        text.starts_with(
            "{\n  \"format\": \"bao-nakakamado-nyakua-a-trial\",\n  \"version\": 1,\n"
        )
    );
    assert!(text.ends_with("}\n") && !text.ends_with("\n\n"));
    let value: Value = serde_json::from_str(&text).unwrap();
    let keys: Vec<&str> = value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "format",
            "version",
            "baseRules",
            "baseRulesVersion",
            "variantRule",
            "rulesVersion",
            "publicAdopted",
            "boardRowsPerPlayer",
            "sowingPath",
            "initialHand",
            "totalKete",
            "nyakuaProtectLast",
            "nyakuaFixedPitBulk",
            "nyakuaNextTurnThree",
            "nyakuaReservedProtected",
            "nyakuaEndPitAdd",
            "mode",
            "ruleset",
            "history",
            "final",
            "adjudication",
            "outcome"
        ]
    );
    let entry = &value["history"][0];
    let entry_keys: Vec<&str> = entry
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        entry_keys,
        [
            "player",
            "move",
            "placed",
            "captures",
            "stolen",
            "added",
            "ownAdded",
            "opponentAdded",
            "endpoint"
        ]
    );
    assert_eq!(
        entry["move"],
        json!({"type": "takata", "phase": "namua", "row": 0, "index": 6, "direction": "left"})
    );
    let state_keys: Vec<&str> = value["final"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        state_keys,
        [
            "pits",
            "reserve",
            "nyakuaReserve",
            "houseOwned",
            "player",
            "phase",
            "winner",
            "reason",
            "turn",
            "pending"
        ]
    );
    assert_eq!(value["adjudication"], "ongoing");
    assert_eq!(
        value["outcome"],
        json!({"winner": null, "adjudication": "ongoing"})
    );
}

#[test]
fn b24_reference_records_have_no_ruleset_field_and_seed_records_say_seed() {
    let reference: Value =
        serde_json::from_str(&game(&[], Ruleset::Reference).to_record().to_json()).unwrap();
    assert!(reference.get("ruleset").is_none());
    let mut seed: Value =
        serde_json::from_str(&game(&["F7L"], Ruleset::Seed).to_record().to_json()).unwrap();
    assert_eq!(seed["ruleset"], "seed");
    assert_eq!(
        replay_value(&seed).unwrap().position().ruleset(),
        Ruleset::Seed
    );
    seed["ruleset"] = json!("house");
    assert!(matches!(replay_value(&seed), Err(RecordError::Ruleset(r)) if r == "house"));
}

#[test]
fn b24_replay_checks_the_header() {
    let text = game(&["F7L"], Ruleset::Seed).to_record().to_json();
    let mut other: Value = serde_json::from_str(&text).unwrap();
    other["format"] = json!("other");
    // Reading alone already refuses another game's marker, before any replay.
    assert!(matches!(
        Record::from_json(&other.to_string()),
        Err(RecordError::WrongGame { found }) if found == "other"
    ));
    let err = replay_value(&other).unwrap_err();
    assert_eq!(
        err,
        RecordError::WrongGame {
            found: "other".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "not a supported proposal A trial record: marked \"other\", expected format \"bao-nakakamado-nyakua-a-trial\""
    );
    for (field, bad) in [
        ("version", json!(2)),
        ("variantRule", json!("x")),
        ("rulesVersion", json!("x")),
        ("publicAdopted", json!(true)),
        ("nyakuaEndPitAdd", json!(false)),
        ("nyakuaNextTurnThree", json!(true)),
    ] {
        let mut value: Value = serde_json::from_str(&text).unwrap();
        value[field] = bad;
        let err = replay_value(&value).unwrap_err();
        assert!(
            matches!(err, RecordError::Header { field: f, .. } if f == field),
            "{field}: {err}"
        );
    }
    // Fields replay does not check are kept as they are: a `computer` mode without a
    // `computer` field stays without one.
    let mut value: Value = serde_json::from_str(&text).unwrap();
    value["mode"] = json!("computer");
    value.as_object_mut().unwrap().shift_remove("ruleset");
    let rewritten = replay_value(&value).unwrap().to_record().to_json();
    assert_eq!(rewritten, record_text(&value));
}

#[test]
fn b24_replay_names_the_first_bad_move() {
    let mut played = Bao::new(Ruleset::Seed);
    let mut moves = Vec::new();
    for _ in 0..3 {
        played.legal_moves(&mut moves);
        played.play(moves[0]).unwrap();
    }
    let text = played.to_record().to_json();
    let base: Value = serde_json::from_str(&text).unwrap();

    let mut wrong_player = base.clone();
    wrong_player["history"][1]["player"] = json!(0);
    let err = replay_value(&wrong_player).unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::BadMove {
                number: 2,
                text: _,
                reason: BadMoveReason::WrongPlayer { .. }
            }
        ),
        "{err}"
    );

    let mut illegal = base.clone();
    illegal["history"][2]["move"]["row"] = json!(1); // the back row in NAMUA
    let err = replay_value(&illegal).unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::BadMove {
                number: 3,
                text: _,
                reason: BadMoveReason::Illegal { .. }
            }
        ),
        "{err}"
    );
    assert!(err.to_string().starts_with("move 3: illegal move"));
    let RecordError::BadMove { text, .. } = &err else {
        unreachable!()
    };
    assert!(
        text.contains(r#""row":1"#),
        "the move object as written: {text}"
    );

    let mut wrong_type = base.clone();
    wrong_type["history"][0]["move"]["type"] = json!("capture");
    let err = replay_value(&wrong_type).unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::BadMove {
                number: 1,
                text: _,
                reason: BadMoveReason::Illegal { .. }
            }
        ),
        "{err}"
    );

    let mut count = base.clone();
    count["history"][1]["captures"] = json!(5);
    let err = replay_value(&count).unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::BadMove {
                number: 2,
                text: _,
                reason: BadMoveReason::Counts {
                    key: "captures",
                    ..
                }
            }
        ),
        "{err}"
    );

    let mut final_state = base.clone();
    final_state["final"]["turn"] = json!(9);
    let err = replay_value(&final_state).unwrap_err();
    assert!(
        matches!(err, RecordError::ResultMismatch { field: "final", .. }),
        "{err}"
    );

    let mut outcome = base.clone();
    outcome["outcome"]["winner"] = json!(0);
    let err = replay_value(&outcome).unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::ResultMismatch {
                field: "outcome",
                ..
            }
        ),
        "{err}"
    );

    // An unknown field or value in a move names the move's number.
    let mut unknown = base.clone();
    unknown["history"][0]["extra"] = json!(1);
    let err = replay_value(&unknown).unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::BadMove {
                number: 1,
                text: _,
                reason: BadMoveReason::Unreadable(_)
            }
        ),
        "{err}"
    );
    let RecordError::BadMove { text, .. } = &err else {
        unreachable!()
    };
    assert!(text.contains(r#""extra":1"#), "the whole entry: {text}");
    let mut bad_value = base.clone();
    bad_value["history"][2]["move"]["direction"] = json!("up");
    let err = replay_value(&bad_value).unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::BadMove {
                number: 3,
                text: _,
                reason: BadMoveReason::Unreadable(_)
            }
        ),
        "{err}"
    );
    assert!(err.to_string().starts_with("move 3: "), "{err}");
    let mut negative = base.clone();
    negative["history"][1]["captures"] = json!(-1);
    let err = replay_value(&negative).unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::BadMove {
                number: 2,
                text: _,
                reason: BadMoveReason::Unreadable(_)
            }
        ),
        "{err}"
    );
    // Outside the history there is no move to name.
    let mut header = base;
    header["extra"] = json!(1);
    assert!(matches!(replay_value(&header), Err(RecordError::Json(_))));
    assert!(Record::from_json("not json").is_err());
}

/// South F3 (1) faces north F6 (5); south's owned NYUMBA (5) faces nothing: F3R has the
/// NYUMBA choice, F3L does not (see tests/rules_board.rs).
fn choice_position() -> Position {
    let state = serde_json::from_value(json!({
        "pits": [[[0, 0, 1, 0, 5, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0]],
                 [[1, 0, 0, 0, 0, 5, 0, 0], [32, 0, 0, 0, 0, 0, 0, 0]]],
        "reserve": [10, 10], "nyakuaReserve": [0, 0], "houseOwned": [true, true],
        "player": 0, "phase": "namua", "winner": null, "reason": "", "turn": 1,
        "pending": [0, 0]
    }))
    .unwrap();
    Position::from_setup(state).unwrap()
}

#[test]
fn b22_b24_house_choice_maps_to_the_notation_as_the_table_says() {
    let position = choice_position();
    let object = |direction: &str, side: &str, choice: Option<&str>| -> MoveObject {
        let mut value = json!({"type": "capture", "phase": "namua", "row": 0, "index": 2,
                               "direction": direction, "side": side});
        if let Some(c) = choice {
            value["houseChoice"] = json!(c);
        }
        serde_json::from_value(value).unwrap()
    };
    let named = |o: MoveObject| o.to_move(&position).map(|m| m.to_string());
    assert_eq!(
        named(object("right", "left", Some("use"))).as_deref(),
        Some("F3R:use")
    );
    assert_eq!(
        named(object("right", "left", Some("stop"))).as_deref(),
        Some("F3R:stop")
    );
    assert_eq!(
        named(object("right", "left", None)).as_deref(),
        Some("F3R:stop")
    );
    assert_eq!(
        named(object("left", "right", Some("stop"))).as_deref(),
        Some("F3L")
    );
    assert_eq!(named(object("left", "right", None)).as_deref(), Some("F3L"));
    // A side that disagrees with the direction is not the engine's move.
    assert_eq!(named(object("left", "left", None)), None);
    // Writing: a plain move has no houseChoice; X:stop and X:use have it.
    let written = |m: &str| {
        serde_json::to_value(MoveObject::describe(&position, m.parse::<Move>().unwrap())).unwrap()
    };
    assert!(written("F3L").get("houseChoice").is_none());
    assert_eq!(written("F3L")["side"], "right");
    assert_eq!(written("F3R:use")["houseChoice"], "use");
    let mtaji =
        json!({"row": 1, "index": 5, "direction": "left", "type": "takata", "phase": "mtaji"});
    let parsed: MoveObject = serde_json::from_value(mtaji.clone()).unwrap();
    assert_eq!(
        serde_json::to_string(&parsed).unwrap(),
        serde_json::to_string(&mtaji).unwrap(),
        "MTAJI key order"
    );
    let pass: MoveObject = serde_json::from_value(json!({"type": "pass"})).unwrap();
    assert_eq!(serde_json::to_string(&pass).unwrap(), "{\"type\":\"pass\"}");
}

#[test]
fn b24_a_finished_game_writes_normal_adjudication_and_replays() {
    let mut finished = Bao::new(Ruleset::Seed);
    let mut rng = game_core::GameRng::seed_from(3);
    let mut moves = Vec::new();
    while !finished.is_over() {
        finished.legal_moves(&mut moves);
        let m = *rng.choose(&moves).unwrap();
        finished.play(m).unwrap();
    }
    let record = finished.to_record();
    assert_eq!(record.adjudication, "normal");
    assert_eq!(
        record.outcome.winner,
        record.final_state.winner.map(|w| w.index() as u8)
    );
    assert!(record.outcome.winner.is_some());
    let text = record.to_json();
    assert_eq!(
        Record::from_json(&text)
            .unwrap()
            .replay()
            .unwrap()
            .to_record()
            .to_json(),
        text
    );
}

/// Replay checks only some header fields (`docs/bao-nyakua.md`, "Records"). A record with
/// other values there is accepted, as by the author's engine, and must then write back byte
/// for byte. Found by the `bao_record` fuzz target with `baseRulesVersion` "1.8.0".
#[test]
fn b24_unchecked_header_fields_are_kept_so_an_accepted_record_writes_back_unchanged() {
    let text = game(&["F7L"], Ruleset::Seed).to_record().to_json();
    let mut value: Value = serde_json::from_str(&text).unwrap();
    value["baseRulesVersion"] = json!("1.8.0");
    value["baseRules"] = json!("R-003");
    value["boardRowsPerPlayer"] = json!(3);
    value["sowingPath"] = json!("line");
    value["initialHand"] = json!(21);
    value["totalKete"] = json!(60);
    value["nyakuaProtectLast"] = json!(false);
    value["nyakuaFixedPitBulk"] = json!(true);
    value["nyakuaReservedProtected"] = json!(true);
    let changed = record_text(&value);
    assert_eq!(Record::from_json(&changed).unwrap().to_json(), changed);
    let replayed = Record::from_json(&changed).unwrap().replay().unwrap();
    assert_eq!(replayed.to_record().to_json(), changed);
}

/// The `computer` field is kept as read as well: present with `mode` `local`, absent with
/// `mode` `computer`, or naming another player.
#[test]
fn b24_the_computer_field_is_kept_as_read() {
    let text = game(&["F7L"], Ruleset::Reference).to_record().to_json();
    let base: Value = serde_json::from_str(&text).unwrap();
    let computer = json!({"id": "someone-else", "learnedModel": true});
    for (mode, field) in [
        ("local", Some(computer.clone())),
        ("computer", None),
        ("computer", Some(computer)),
    ] {
        let mut value = Value::Object(serde_json::Map::new());
        for (key, v) in base.as_object().unwrap() {
            value[key] = v.clone();
            if key == "mode" {
                value["mode"] = json!(mode);
                if let Some(info) = &field {
                    value["computer"] = info.clone();
                }
            }
        }
        let changed = record_text(&value);
        let replayed = Record::from_json(&changed).unwrap().replay().unwrap();
        assert_eq!(
            replayed.to_record().to_json(),
            changed,
            "mode {mode}, computer {field:?}"
        );
    }
    // A new game in `computer` mode names the trial app's player, as the app writes it.
    let mut fresh = Bao::new(Ruleset::Seed);
    fresh.set_mode("computer");
    let written: Value = serde_json::from_str(&fresh.to_record().to_json()).unwrap();
    assert_eq!(
        written["computer"],
        json!({"id": "nyakua-a-simple-001", "learnedModel": false})
    );
}

#[test]
fn b24_a_record_move_object_names_no_move_where_that_move_is_illegal() {
    let position = choice_position();
    let object =
        |value: serde_json::Value| -> MoveObject { serde_json::from_value(value).unwrap() };
    // F1 (row 0, index 0) is empty here: no sowing starts from it, in either direction.
    for direction in ["left", "right"] {
        let empty_pit = object(json!({"type": "takata", "phase": "namua", "row": 0,
                                       "index": 0, "direction": direction}));
        assert_eq!(empty_pit.to_move(&position), None, "{direction}");
    }
    // The compatibility pass (B-16) is not legal in this position.
    assert_eq!(object(json!({"type": "pass"})).to_move(&position), None);
    // A legal move's own object names it back.
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    for mv in moves {
        assert_eq!(
            MoveObject::describe(&position, mv).to_move(&position),
            Some(mv)
        );
    }
}

/// A record's JSON value as a record file's text: 2-space indentation, one final newline.
fn record_text(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap() + "\n"
}
