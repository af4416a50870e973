//! The ABI as `engine.js` uses it, natively: texts written into the input buffer, the
//! exports called with handles and numbers, the answers read back from the output buffer.

use super::exports::*;
use super::{ERROR, INPUT, NOTHING, OK, OUTPUT};

/// Writes `texts` into the input buffer as `engine.js` does (each its length, 4 bytes
/// little-endian, then its UTF-8 bytes).
fn write(texts: &[&[u8]]) {
    let total = texts.iter().map(|t| 4 + t.len()).sum::<usize>();
    input(u32::try_from(total).unwrap());
    INPUT.with_borrow_mut(|buffer| {
        let mut at = 0;
        for text in texts {
            let len = u32::try_from(text.len()).unwrap().to_le_bytes();
            buffer[at..at + 4].copy_from_slice(&len);
            buffer[at + 4..at + 4 + text.len()].copy_from_slice(text);
            at += 4 + text.len();
        }
    });
}

/// The last call's output as text.
fn answer() -> String {
    let (text, at) = OUTPUT.with_borrow(|out| (String::from_utf8(out.clone()), out.as_ptr()));
    assert_eq!(
        (output(), output_len()),
        (at as usize, text.as_ref().map_or(0, String::len))
    );
    text.expect("the output is UTF-8")
}

/// A new game from `options`; its handle.
fn new_game(options: &str) -> u32 {
    write(&[options.as_bytes()]);
    let handle = playground_new();
    assert!(handle >= 0, "{}", answer());
    u32::try_from(handle).unwrap()
}

#[test]
fn a_game_through_the_exports() {
    let game = new_game(r#"{"game":"go9"}"#);
    write(&[b"E5"]);
    assert_eq!(playground_play(game), NOTHING);
    assert_eq!(answer(), "");
    write(&[b"e5"]);
    assert_eq!(playground_play(game), ERROR);
    assert_eq!(answer(), "E5 is occupied: play on an empty point");

    assert_eq!(playground_view(game), OK);
    let view: serde_json::Value = serde_json::from_str(&answer()).unwrap();
    assert_eq!(view["moves"], serde_json::json!(["E5"]));

    write(&[b" easy "]);
    assert_eq!(playground_computer_move(game, 7), OK);
    let reply = answer();
    write(&[reply.as_bytes()]);
    assert_eq!(playground_play_animated(game), OK);
    assert_eq!(answer(), "[]");
    assert_eq!(playground_undo(game), OK);
    assert_eq!(answer(), reply);

    write(&[b"Black", "Wh\u{ef}te".as_bytes()]);
    assert_eq!(playground_record_sgf(game), OK);
    assert!(answer().contains("PW[Wh\u{ef}te]"));
    assert_eq!(playground_record_json(game), OK);
    let record = answer();
    write(&[record.as_bytes()]);
    let loaded = playground_load();
    assert!(loaded >= 0);
    let loaded = u32::try_from(loaded).unwrap();
    assert_ne!(loaded, game);
    assert_eq!(playground_view(loaded), OK);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&answer()).unwrap()["moves"],
        view["moves"]
    );

    assert_eq!(playground_random_playouts(game, 3, 1), OK);
    assert!(answer().parse::<u64>().unwrap() > 0);
    assert_eq!(playground_resign(game, 0), NOTHING);
    write(&[b"easy"]);
    assert_eq!(
        playground_computer_move(game, 1),
        NOTHING,
        "no move once the game is over"
    );
    assert_eq!(playground_max_record_bytes(), 4 << 20);

    for handle in [game, loaded] {
        assert_eq!(playground_free(handle), NOTHING);
    }
}

#[test]
fn errors_are_answers_never_panics() {
    // Bad options, an unknown level, a game without SGF.
    write(&[br#"{"game":"chess"}"#]);
    assert_eq!(playground_new(), ERROR);
    assert!(!answer().is_empty());
    let game = new_game(r#"{"game":"bind","variant":"mini"}"#);
    write(&[b"impossible"]);
    assert_eq!(playground_computer_move(game, 0), ERROR);
    assert!(answer().contains("impossible"), "{}", answer());
    write(&[b"B", b"W"]);
    assert_eq!(playground_record_sgf(game), ERROR);

    // The wrong number of texts, a length past the end, a cut length, bad UTF-8.
    write(&[]);
    assert_eq!(playground_play(game), ERROR);
    assert_eq!(answer(), "0 text arguments where the call takes 1");
    write(&[b"a", b"b"]);
    assert_eq!(playground_view(game), ERROR);
    input(6);
    INPUT.with_borrow_mut(|buffer| buffer.copy_from_slice(&[9, 0, 0, 0, b'A', b'1']));
    assert_eq!(playground_play(game), ERROR);
    assert_eq!(answer(), "an argument is longer than the arguments");
    input(2);
    assert_eq!(playground_play(game), ERROR);
    assert_eq!(answer(), "the arguments end inside a length");
    write(&[b"A\xff1"]);
    assert_eq!(playground_play(game), ERROR);
    assert!(
        answer().starts_with("argument 1 is not UTF-8"),
        "{}",
        answer()
    );
    write(&[b"{\"game\":\"go9\xc0\"}"]);
    assert_eq!(playground_new(), ERROR);

    // Handles that name no game: never made, freed, far out of range.
    assert_eq!(playground_free(game), NOTHING);
    for handle in [game, 1_000, u32::MAX] {
        assert_eq!(playground_view(handle), ERROR);
        assert_eq!(
            answer(),
            format!("no game {handle}: it was freed, or never made")
        );
        write(&[b"A1"]);
        assert_eq!(playground_play(handle), ERROR);
        assert_eq!(playground_free(handle), ERROR);
    }
    // The arguments are used once: a call without new ones has none.
    let game = new_game(r#"{"game":"kazura","size":9}"#);
    write(&[b"E5"]);
    assert_eq!(playground_play(game), NOTHING);
    assert_eq!(playground_play(game), ERROR);
    assert_eq!(playground_free(game), NOTHING);
}

#[test]
fn the_search_grown_step_by_step() {
    let game = new_game(r#"{"game":"bind","variant":"mini"}"#);
    assert_eq!(playground_think(game, 10), ERROR, "no search started");
    write(&[b"fast"]);
    assert_eq!(playground_think_start(game, 1), ERROR);
    write(&[b" easy"]);
    assert_eq!(playground_think_start(game, 1), OK);
    let budget: serde_json::Value = serde_json::from_str(&answer()).unwrap();
    assert!(
        budget.get("playouts").is_some() && budget.get("ms").is_some(),
        "{budget}"
    );
    assert_eq!(playground_think(game, 20), OK);
    let report: serde_json::Value = serde_json::from_str(&answer()).unwrap();
    assert!(report["playouts"].as_u64().unwrap() >= 20, "{report}");
    let best = report["best"].as_str().unwrap().to_string();
    write(&[best.as_bytes()]);
    assert_eq!(playground_play(game), NOTHING, "the search's move is legal");
    assert_eq!(playground_think(game, 20), ERROR, "a move ends the search");
    assert_eq!(playground_free(game), NOTHING);
}

#[test]
fn freed_slots_are_reused() {
    let a = new_game(r#"{"game":"go9"}"#);
    let b = new_game(r#"{"game":"go9"}"#);
    assert_eq!(playground_free(a), NOTHING);
    let c = new_game(r#"{"game":"bind"}"#);
    assert_eq!(c, a, "the freed slot is taken again");
    assert_eq!(playground_view(b), OK);
    assert!(answer().contains("\"go9\""));
    assert_eq!(playground_view(c), OK);
    assert!(answer().contains("\"bind\""));
    for handle in [b, c] {
        assert_eq!(playground_free(handle), NOTHING);
    }
    assert_eq!(
        super::SESSIONS.with_borrow(Vec::len),
        0,
        "the table shrinks when empty"
    );
}

#[test]
fn records_nested_past_the_limits_are_errors_on_a_webassembly_sized_stack() {
    // What the page's loader does with a file (web/js/main.js `load`): its whole text to
    // `playground_load`, on WebAssembly's 1 MiB stack. An SGF tree 10x go9's 1,000-node
    // limit (comment nodes only: it was loaded before the limit) and the 150,000-level
    // files of issue 33 (which overflowed the stack) are refused with the reason, as is
    // JSON 10x past serde_json's 128 levels; the page shows the reason.
    let answers = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(|| {
            let ten_times = format!("(;SZ[9]{}{}", "(;C[x]".repeat(9_999), ")".repeat(10_000));
            let ten_times_flat = format!("(;SZ[9]{})", ";C[x]".repeat(9_999));
            let reported = format!(
                "(;SZ[9]{}{}",
                "(;B[aa]".repeat(150_000),
                ")".repeat(150_001)
            );
            let reported_flat = format!("(;SZ[9]{})", ";B[aa];W[bb]".repeat(75_000));
            let json = format!(
                "{{\"game\": \"go9\", \"moves\": {}{}}}",
                "[".repeat(1280),
                "]".repeat(1280)
            );
            [ten_times, ten_times_flat, reported, reported_flat, json]
                .iter()
                .map(|text| {
                    write(&[text.as_bytes()]);
                    (playground_load(), answer())
                })
                .collect::<Vec<_>>()
        })
        .unwrap()
        .join()
        .unwrap();
    for (status, message) in &answers[..2] {
        assert_eq!(*status, ERROR, "{message}");
        assert!(
            message.contains("10000 nodes deep") && message.contains("at most 1000"),
            "{message}"
        );
    }
    for (status, message) in &answers[2..4] {
        assert_eq!(*status, ERROR, "{message}");
        assert!(message.contains("150001 nodes deep"), "{message}");
    }
    let (status, message) = &answers[4];
    assert_eq!(*status, ERROR, "{message}");
    assert!(message.contains("recursion limit exceeded"), "{message}");
}

#[test]
fn the_games_and_a_games_title_come_from_the_catalog() {
    assert_eq!(playground_games(), OK);
    let games: serde_json::Value = serde_json::from_str(&answer()).unwrap();
    let names: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["kazura", "bao", "go9", "bind"]);
    assert_eq!(games[1]["players"], serde_json::json!(["south", "north"]));
    assert_eq!(games[0]["players"], serde_json::json!(["black", "white"]));
    assert_eq!(games[2]["sgf"], true);
    assert!(
        games[2]["calls"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("undo"))
    );
    assert!(
        games[3]["calls"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c != "undo")
    );

    for (options, title) in [
        (r#"{"game":"kazura","size":7}"#, "Kazura 7×7"),
        (
            r#"{"game":"bao","ruleset":"reference"}"#,
            "Bao, reference ruleset",
        ),
        (r#"{"game":"go9"}"#, "9×9 Go (Ttakji rules)"),
        (r#"{"game":"bind","variant":"full"}"#, "Bind full"),
        (
            r#"{"game":"bind","size":6,"pieces":10}"#,
            "Bind 6×6, 10 pieces",
        ),
    ] {
        let game = new_game(options);
        assert_eq!(playground_view(game), OK);
        let view: serde_json::Value = serde_json::from_str(&answer()).unwrap();
        assert_eq!(view["title"], title, "{options}");
        assert_eq!(playground_free(game), NOTHING);
    }
}
