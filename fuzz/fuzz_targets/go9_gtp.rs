//! Any bytes given to the GTP loop get answers, never a panic; every answer is in GTP
//! form, and the game the session leaves round-trips through SGF.
#![no_main]

use go9::{Go9, SgfNames};
use go9_gtp::GtpEngine;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut engine = GtpEngine::new().with_playouts(1).without_files();
    let mut out = Vec::new();
    engine
        .run(data, &mut out)
        .expect("in-memory input and output");
    let text = String::from_utf8(out).expect("answers are UTF-8");
    for answer in text.split("\n\n").filter(|a| !a.is_empty()) {
        assert!(
            answer.starts_with('=') || answer.starts_with('?'),
            "{answer:?}"
        );
    }
    let state = engine.state();
    let written = state.to_sgf(&SgfNames::default());
    let back = Go9::from_sgf(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(&back, state, "{written}");
});
