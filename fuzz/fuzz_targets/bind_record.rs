//! Any text given to the Bind record reader loads or returns an error, never panics; a
//! record that loads and replays writes back to a record that reads and replays the same.
#![no_main]

use bind::{Bind, Record, Recorded};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Record::is_record(text);
    // Through the trait too: it reads what `Record` reads.
    assert_eq!(
        Bind::read_record(text).is_ok(),
        Record::from_json(text).and_then(|r| r.replay()).is_ok()
    );
    let Ok(record) = Record::from_json(text) else {
        return;
    };
    let Ok(state) = record.replay() else {
        return;
    };
    let written = state.to_record();
    let json = written.to_json();
    let read = Record::from_json(&json).expect("a written record reads");
    assert_eq!(read, written);
    let again = read.replay().expect("a written record replays");
    assert_eq!(again, state);
    assert_eq!(again.moves(), state.moves());
});
