//! Any text given to the Kazura record reader is loaded or refused, never panics, and a
//! record it loads writes back to a record that loads to the same game.
#![no_main]

use kazura_core::{Kazura, Record, Recorded};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = Record::from_json(text) else {
        return;
    };
    let Ok(game) = record.replay() else { return };
    let written = game.to_record().to_json();
    let again = Record::from_json(&written)
        .and_then(|r| r.replay())
        .expect("a written record loads");
    assert_eq!(again, game);
    let file = game.write_record();
    assert!(Kazura::is_record(&file));
    assert_eq!(
        Kazura::read_record(&file).expect("a record file loads"),
        game
    );
    let through_serde: Kazura = serde_json::from_str(&written).expect("serde reads it too");
    assert_eq!(through_serde, game);
});
