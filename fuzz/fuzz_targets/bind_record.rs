//! Any text given to the Bind record reader loads or returns an error, never panics; a
//! record that loads and replays writes back to a record that reads and replays the same.
#![no_main]

use bind::Record;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Record::is_record(text);
    let Ok(record) = Record::from_json(text) else {
        return;
    };
    let Ok((state, moves)) = record.replay() else {
        return;
    };
    let written = Record::new(&state, &moves);
    let json = written.to_json();
    let read = Record::from_json(&json).expect("a written record reads");
    assert_eq!(read, written);
    let (again, again_moves) = read.replay().expect("a written record replays");
    assert_eq!(again, state);
    assert_eq!(again_moves, moves);
});
