//! Any bytes given to the set-up reader give a position or an error, never a panic; an
//! accepted set-up writes back to the same state, and a few moves from it keep the kete
//! at 64 without panicking.
#![no_main]

use bao_nyakua::{Position, Ruleset, StateRecord, TOTAL_KETE};
use game_core::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(state) = StateRecord::from_json(text) else {
        return;
    };
    for ruleset in [Ruleset::Seed, Ruleset::Reference] {
        let Ok(mut position) = Position::from_state(&state, ruleset) else {
            continue;
        };
        assert_eq!(position.to_state(), state);
        let mut legal = Vec::new();
        for step in 0..8 {
            position.legal_moves(&mut legal);
            let Some(&mv) = legal.get(step % legal.len().max(1)) else {
                break;
            };
            position.play(mv).expect("a listed move is accepted");
            assert_eq!(position.total_kete(), TOTAL_KETE);
        }
    }
});
