//! Any bytes given to the record reader give a game or an error, never a panic; a record
//! it accepts writes back as a record that reads back to the same game and writes the
//! same bytes again, and a record in our own written form is reproduced byte for byte.
#![no_main]

use bao_nyakua::Record;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = Record::from_json(text) else {
        return;
    };
    let Ok(game) = record.replay() else {
        return;
    };
    let written = game.to_record().to_json();
    if record.to_json() == text {
        assert_eq!(
            written, text,
            "a record in written form changed when rewritten"
        );
    }
    let again = Record::from_json(&written)
        .and_then(|r| r.replay())
        .expect("a written record replays");
    assert_eq!(again.position(), game.position());
    assert_eq!(again.to_record().to_json(), written);
});
