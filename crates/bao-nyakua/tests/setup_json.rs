//! `Setup`'s JSON, the record's state object: every state of the author's files written
//! back byte for byte, the ruleset it does not carry (a state read is `seed`; a record's
//! set-up replays under the record's ruleset), and a `RecordError::Json` that names each
//! value out of range.

#![cfg(feature = "serde")]

mod support;

use bao_nyakua::{Bao, Game, Player, Position, Record, RecordError, Recorded, Ruleset, Setup};
use serde_json::{Value, json};

use support::positions::namua_setup as namua;

fn data(path: &str) -> Value {
    let full = format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    serde_json::from_str(&text).unwrap()
}

/// Every state object of the author's record-shaped files, in the files' key order
/// (the legacy cycle's hand-written `before` has its keys in another order).
fn the_authors_states() -> Vec<Value> {
    let mut states = Vec::new();
    for example in data("checks.json")["examples"]
        .as_object()
        .unwrap()
        .values()
    {
        states.push(example["before"].clone());
        states.push(example["after"].clone());
    }
    let dir = format!("{}/tests/data/games", env!("CARGO_MANIFEST_DIR"));
    for file in std::fs::read_dir(dir).unwrap() {
        let name = file.unwrap().file_name().to_string_lossy().into_owned();
        let game = data(&format!("games/{name}"));
        states.push(game["final"].clone());
        for ply in game["history"].as_array().unwrap() {
            states.push(ply["after"].clone());
        }
    }
    states
}

#[test]
fn every_state_of_the_authors_files_writes_back_byte_for_byte() {
    let states = the_authors_states();
    assert_eq!(
        states.len(),
        343,
        "7 examples × 2, 9 finals and their plies"
    );
    let mut ended = 0;
    for value in states {
        let text = serde_json::to_string(&value).unwrap();
        let setup = Setup::from_json(&text).unwrap();
        assert_eq!(setup.to_json(), text);
        assert_eq!(setup.ruleset, Ruleset::Seed);
        let pretty = serde_json::to_string_pretty(&value).unwrap();
        assert_eq!(serde_json::to_string_pretty(&setup).unwrap(), pretty);
        ended += usize::from(setup.winner.is_some());
    }
    assert!(ended >= 9, "the final states of the games have winners");
    // Keys in any order read; they are written in the record's order.
    let legacy = data("legacy-cycle.json")["before"].clone();
    let setup = Setup::from_json(&legacy.to_string()).unwrap();
    let written: Value = serde_json::from_str(&setup.to_json()).unwrap();
    assert_eq!(written, legacy);
    let keys: Vec<&String> = written.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
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
}

#[test]
fn a_set_up_read_from_json_is_under_the_seed_ruleset() {
    let reference = Setup::new(Ruleset::Reference);
    let text = reference.to_json();
    assert_eq!(
        text,
        Setup::new(Ruleset::Seed).to_json(),
        "JSON names no ruleset"
    );
    assert!(!text.contains("ruleset"));
    let read = Setup::from_json(&text).unwrap();
    assert_eq!(read.ruleset, Ruleset::Seed);
    assert_eq!(read, Setup::new(Ruleset::Seed));
    assert_eq!(
        Position::from_setup(read.clone()).unwrap().ruleset(),
        Ruleset::Seed
    );
    let read: Setup = serde_json::from_str(&text).unwrap();
    assert_eq!(Bao::from_setup(read).unwrap().ruleset(), Ruleset::Seed);
}

#[test]
fn a_state_without_a_winner_key_has_no_winner() {
    // As before `winner` was a typed player: the key may be left out.
    let mut value: Value = serde_json::from_str(&Setup::new(Ruleset::Seed).to_json()).unwrap();
    value.as_object_mut().unwrap().remove("winner");
    let setup = Setup::from_json(&value.to_string()).unwrap();
    assert_eq!(setup, Setup::new(Ruleset::Seed));
}

/// The message of the `RecordError::Json` that reading the start state with `key` set to
/// `bad` gives.
fn json_error(key: &str, bad: Value) -> String {
    let mut value: Value = serde_json::from_str(&Setup::new(Ruleset::Seed).to_json()).unwrap();
    value[key] = bad.clone();
    match Setup::from_json(&value.to_string()) {
        Err(RecordError::Json(message)) => message,
        other => panic!("{key}: {bad}: {other:?}"),
    }
}

#[test]
fn a_bad_value_is_a_json_error_that_names_it() {
    let side = serde_json::to_value([[0u8; 8]; 2]).unwrap();
    let cases = [
        (
            "player",
            json!(2),
            "player 2 is not a player: use 0 (south) or 1 (north)",
        ),
        ("player", json!(300), "player 300 is not a player"),
        ("player", json!(-1), "player -1 is not a player"),
        (
            "player",
            json!("1"),
            "expected `player` as 0 (south) or 1 (north)",
        ),
        (
            "player",
            json!(null),
            "expected `player` as 0 (south) or 1 (north)",
        ),
        (
            "winner",
            json!(7),
            "winner 7 is not a player: use null, 0 (south) or 1 (north)",
        ),
        ("winner", json!(-3), "winner -3 is not a player"),
        (
            "winner",
            json!(1.5),
            "expected `winner` as null, 0 (south) or 1 (north)",
        ),
        (
            "reason",
            json!("bogus"),
            r#"reason "bogus" is unknown: use "", "front-empty", "no-move" or "relay-limit""#,
        ),
        (
            "reason",
            json!(0),
            r#"expected `reason` as "", "front-empty", "no-move" or "relay-limit""#,
        ),
        (
            "reserve",
            json!([1, 2, 3]),
            "invalid length 3, expected two values [south, north] for `reserve`",
        ),
        (
            "reserve",
            json!([1, 2, 3, 4]),
            "invalid length 4, expected two values",
        ),
        (
            "reserve",
            json!([22]),
            "invalid length 1, expected two values [south, north] for `reserve`",
        ),
        (
            "reserve",
            json!([]),
            "invalid length 0, expected two values",
        ),
        (
            "reserve",
            json!(22),
            "invalid type: integer `22`, expected two values [south, north] for `reserve`",
        ),
        (
            "nyakuaReserve",
            json!([0, 0, 0]),
            "invalid length 3, expected two values [south, north] for `nyakuaReserve`",
        ),
        (
            "houseOwned",
            json!([true, true, true]),
            "invalid length 3, expected two values [south, north] for `houseOwned`",
        ),
        (
            "pending",
            json!([0, 0, 0]),
            "invalid length 3, expected two values [south, north] for `pending`",
        ),
        (
            "pits",
            json!([side]),
            "invalid length 1, expected two values [south, north] for `pits`",
        ),
        (
            "pits",
            json!([side, side, side]),
            "invalid length 3, expected two values [south, north] for `pits`",
        ),
        ("ruleset", json!("reference"), "unknown field `ruleset`"),
    ];
    for (key, bad, expected) in cases {
        let message = json_error(key, bad.clone());
        assert!(message.contains(expected), "{key} {bad}: {message}");
    }
}

#[test]
fn a_record_with_a_bad_state_value_is_a_json_error_that_names_it() {
    let mut game = Bao::from_setup(namua(
        [0, 0, 2, 0, 2, 0, 0, 0],
        [1, 0, 0, 0, 0, 0, 0, 0],
        Ruleset::Seed,
    ))
    .unwrap();
    game.play("F5R".parse().unwrap()).unwrap();
    let record: Value = serde_json::from_str(&game.write_record()).unwrap();
    for (path, bad, expected) in [
        ("final", ("player", json!(2)), "player 2 is not a player"),
        (
            "setup",
            ("reason", json!("bogus")),
            r#"reason "bogus" is unknown"#,
        ),
        ("setup", ("pending", json!([0, 0, 0])), "for `pending`"),
    ] {
        let mut changed = record.clone();
        changed[path][bad.0] = bad.1;
        match Bao::read_record(&changed.to_string()) {
            Err(RecordError::Json(message)) => {
                assert!(message.contains(expected), "{message}");
            }
            other => panic!("{path}: {other:?}"),
        }
    }
}

#[test]
fn a_record_under_reference_replays_its_set_up_under_reference() {
    // B-19(a) tells the rulesets apart: F5R keeps the NYUMBA owned only under
    // reference, so the record's `final` is reached only under its own ruleset.
    let setup = namua(
        [0, 0, 2, 0, 2, 0, 0, 0],
        [1, 0, 0, 0, 0, 0, 0, 0],
        Ruleset::Reference,
    );
    let mut game = Bao::from_setup(setup.clone()).unwrap();
    game.play("F5R".parse().unwrap()).unwrap();
    assert!(game.position().owns_nyumba(Player::First));
    let text = game.write_record();
    assert!(
        !text.contains("\"ruleset\""),
        "a reference record names no ruleset"
    );
    let record = Record::from_json(&text).unwrap();
    assert_eq!(record.ruleset().unwrap(), Ruleset::Reference);
    // The state objects write no ruleset: reading gives them the record's.
    assert_eq!(record.setup.as_ref().unwrap().ruleset, Ruleset::Reference);
    assert_eq!(record.final_state.ruleset, Ruleset::Reference);
    let replayed = record.replay().unwrap();
    assert_eq!(replayed, game);
    assert_eq!(replayed.ruleset(), Ruleset::Reference);
    assert_eq!(replayed.to_record().setup, Some(setup));
    assert_eq!(replayed.write_record(), text);
    // The same record marked `seed` reaches another final state.
    let mut value: Value = serde_json::from_str(&text).unwrap();
    let mut seeded = serde_json::Map::new();
    for (key, field) in value.as_object_mut().unwrap().iter() {
        if key == "setup" {
            seeded.insert("ruleset".into(), json!("seed"));
        }
        seeded.insert(key.clone(), field.clone());
    }
    let error = Bao::read_record(&Value::Object(seeded).to_string()).unwrap_err();
    assert!(
        matches!(error, RecordError::ResultMismatch { field: "final", .. }),
        "{error}"
    );
}

#[test]
fn a_record_from_the_start_under_reference_replays_under_reference() {
    let mut game = Bao::new(Ruleset::Reference);
    game.play("F6R".parse().unwrap()).unwrap();
    let replayed = Bao::read_record(&game.write_record()).unwrap();
    assert_eq!(replayed.ruleset(), Ruleset::Reference);
    assert_eq!(replayed.setup().ruleset, Ruleset::Reference);
    assert_eq!(replayed.position(), game.position());
}

#[test]
fn a_finished_record_writes_its_winner_as_a_number() {
    for seed in 0..4 {
        let mut game = Bao::new(Ruleset::Seed);
        let mut rng = bao_nyakua::GameRng::seed_from(seed);
        let mut moves = Vec::new();
        while !game.is_over() {
            game.legal_moves(&mut moves);
            game.play(*rng.choose(&moves).unwrap()).unwrap();
        }
        let record = game.to_record();
        let value: Value = serde_json::from_str(&record.to_json()).unwrap();
        let winner = value["final"]["winner"].as_u64().unwrap();
        assert_eq!(
            Some(winner),
            game.outcome().winner().map(|w| w.index() as u64)
        );
        assert_eq!(value["outcome"]["winner"], json!(winner));
        assert_eq!(record.outcome.winner, Some(winner as u8));
    }
}
