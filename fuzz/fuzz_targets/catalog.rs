//! The catalog's entry points under arbitrary bytes: game specs as strings and JSON, records
//! of any game found by their marker, and a game driven by text moves and integer actions.
//! Nothing panics; every refusal leaves the game identical; what is accepted round-trips
//! (a spec through its canonical string and JSON, a record through writing it again, an
//! action through its move).
#![no_main]

use game_catalog::{AnyGame, GameKind, GameSpec};
use libfuzzer_sys::fuzz_target;

/// A spec read from text: accepted ones print and parse back to themselves.
fn spec_round_trip(text: &str) {
    if let Ok(spec) = GameSpec::parse(text) {
        assert_eq!(GameSpec::parse(&spec.to_string()), Ok(spec));
        assert_eq!(GameSpec::from_json(&spec.to_json().to_string()), Ok(spec));
    }
    if let Ok(spec) = GameSpec::from_json(text) {
        assert_eq!(GameSpec::parse(&spec.to_string()), Ok(spec));
    }
}

/// A record read from text: an accepted one is written and read back the same.
fn record_round_trip(text: &str) {
    if let Ok(game) = AnyGame::read_record(text) {
        let again = AnyGame::read_record(&game.write_record()).expect("its own record reads");
        assert_eq!(again, game);
    }
}

/// A game chosen by the first bytes, then driven by text moves and action ids.
fn drive(data: &[u8]) {
    let mut bytes = data.iter().copied();
    let spec = match bytes.next().unwrap_or(0) % 6 {
        0 => GameSpec::kazura(2 + usize::from(bytes.next().unwrap_or(0)) % 8).unwrap(),
        1 => GameKind::Bao.default_spec(),
        2 => "bao:ruleset=reference".parse().unwrap(),
        3 => GameSpec::Go9,
        4 => GameKind::Bind.default_spec(),
        _ => "bind:variant=full".parse().unwrap(),
    };
    let mut game = AnyGame::new(&spec);
    let mut mask = vec![false; game.num_actions()];
    let mut observation = vec![0.0f32; game.observation_len()];
    let mut actions = Vec::new();
    while let Some(op) = bytes.next() {
        let before = game.clone();
        match op % 4 {
            // Any action id, most of them out of range or illegal.
            0 => {
                let id = usize::from(u16::from_le_bytes([
                    bytes.next().unwrap_or(0),
                    bytes.next().unwrap_or(0),
                ]));
                if let Ok(text) = game.move_of(id) {
                    // Every id's move reads back as a move; a legal one as the same id (a
                    // never-legal spelling may read as the listed one: Bind's opening
                    // written from its far end reads from the lower-left, N-3).
                    let back = game.action_of(&text).expect("an id's move reads back");
                    if game.is_legal(&text) && game.play_action(id).is_ok() {
                        assert_eq!(back, id, "{text}");
                        game = before.clone();
                    }
                }
                if game.play_action(id).is_err() {
                    assert_eq!(game, before, "a refused action {id} changed the game");
                }
            }
            // A legal action, through the mask.
            1 => {
                game.write_action_mask(&mut mask).unwrap();
                game.legal_actions(&mut actions);
                assert_eq!(actions.len(), mask.iter().filter(|&&m| m).count());
                if actions.is_empty() {
                    assert!(game.is_over());
                    break;
                }
                let id = actions[usize::from(bytes.next().unwrap_or(0)) % actions.len()];
                game.play_action(id).expect("a masked-in action is legal");
            }
            // A text move from the input.
            2 => {
                let len = usize::from(bytes.next().unwrap_or(0) % 8);
                let text: Vec<u8> = bytes.by_ref().take(len).collect();
                let text = String::from_utf8_lossy(&text);
                if game.play(&text).is_err() {
                    assert_eq!(game, before, "a refused move {text:?} changed the game");
                }
            }
            // A call: resignation or undo.
            _ => {
                let result = if bytes.next().unwrap_or(0) % 2 == 0 {
                    game.undo().map(drop)
                } else {
                    game.resign(game.to_move())
                };
                if result.is_err() {
                    assert_eq!(game, before, "a refused call changed the game");
                }
            }
        }
        game.write_observation(&mut observation).unwrap();
        assert!(observation.iter().all(|v| v.is_finite()));
    }
    record_round_trip(&game.write_record());
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    match mode % 3 {
        0 => spec_round_trip(&String::from_utf8_lossy(rest)),
        1 => record_round_trip(&String::from_utf8_lossy(rest)),
        _ => drive(rest),
    }
});
