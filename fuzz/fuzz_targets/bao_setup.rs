//! Any bytes given to the set-up reader give a position or an error, never a panic; an
//! accepted set-up writes back to the same state, and a few moves from it keep the kete
//! at 64 without panicking.
#![no_main]

use bao_nyakua::{Bao, Game, Position, Ruleset, Setup, TOTAL_KETE};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(state) = Setup::from_json(text) else {
        return;
    };
    // JSON names no ruleset: a state reads as `seed` and is tried under both.
    assert_eq!(state.ruleset, Ruleset::Seed);
    let written = state.to_json();
    let again = Setup::from_json(&written).expect("a written state reads back");
    assert_eq!(again.to_json(), written);
    for ruleset in [Ruleset::Seed, Ruleset::Reference] {
        let state = Setup {
            ruleset,
            ..state.clone()
        };
        let Ok(mut position) = Position::from_setup(state.clone()) else {
            continue;
        };
        assert_eq!(position.setup(), state);
        let game = Bao::from_setup(state.clone()).expect("the same set-up");
        assert_eq!(game.position(), &position);
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
