//! Any text given to the SGF reader loads or returns an error, never panics; a game it
//! accepts writes back to SGF that loads as the same game.
#![no_main]

use go9::{Go9, SgfNames};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(state) = Go9::from_sgf(text) else {
        return;
    };
    let written = state.to_sgf(&SgfNames::default());
    let back = Go9::from_sgf(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(back, state, "{written}");
    assert_eq!(back.to_sgf(&SgfNames::default()), written);
});
