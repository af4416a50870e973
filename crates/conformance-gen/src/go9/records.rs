//! The record cases: seeded games written in SGF or JSON (some ended by a call), each
//! accepted and, changed to put a move on an occupied point, refused; and fixed records
//! (no format marker, plain text, SGF's `tt` pass, a move off the board or onto a stone).

use game_catalog::{AnyGame, GameSpec};
use game_core::{Game, GameRng, Recorded};
use go9::{Go9, SgfNames};

use super::games::playout;
use crate::common::{self, FileBuilder, strings};

/// The record cases: seeded games' records (with some refused copies), then the fixed
/// ones.
pub(super) fn records(file: &mut FileBuilder) {
    for seed in 0..60u64 {
        seeded_record(file, seed);
    }
    fixed_records(file);
}

/// The record of a seeded playout (some ended by a call, G-7), in SGF or JSON, accepted;
/// then the same record with one move made illegal, refused.
fn seeded_record(file: &mut FileBuilder, seed: u64) {
    let mut rng = GameRng::seed_from(0x60_9400 + seed);
    let length = if seed.is_multiple_of(3) {
        300
    } else {
        10 + (seed as usize * 29) % 120
    };
    let moves = playout(&[], &mut rng, length);
    let mut go = Go9::new();
    for mv in &moves {
        go.play(go.parse_move(mv).expect("a move")).expect("legal");
    }
    // Ending calls (G-7) on some of the unfinished games.
    let mut ids = Vec::new();
    if !go.is_over() {
        match seed % 4 {
            1 => {
                go.resign(go.to_move()).expect("a resignation");
                ids.push("G-7");
            }
            2 => {
                go.lose_on_time(go.to_move()).expect("a time loss");
                ids.push("G-7");
            }
            3 => {
                go.agree_draw().expect("a draw");
                ids.push("G-7");
            }
            _ => {}
        }
    }
    let any = AnyGame::Go9(go.clone());
    let (format, text) = if seed.is_multiple_of(2) {
        ("sgf", go.to_sgf(&SgfNames::new("Black", "White")))
    } else {
        ("json", go.write_record())
    };
    ids.extend(record_tags(&go, format == "sgf", &moves));
    file.push(
        &ids,
        &["engine", "brute-force"],
        None,
        common::accepted_record(&any, format, text.clone()),
    );
    if moves.len() > 4 {
        refused_copy(file, seed, &moves, format, &text);
    }
}

/// The same record with one move changed to an occupied point: refused, naming the move
/// (nothing when no earlier point is still occupied, or the change still reads).
fn refused_copy(file: &mut FileBuilder, seed: u64, moves: &[String], format: &str, text: &str) {
    let spec = GameSpec::Go9;
    let bad = 3 + (seed as usize % (moves.len() - 3));
    let occupied = moves[..bad - 1]
        .iter()
        .rev()
        .find(|m| *m != "pass" && any_point_occupied(&moves[..bad - 1], m))
        .cloned();
    if let Some(point) = occupied {
        let original = &moves[bad - 1];
        let broken = if format == "sgf" {
            replace_nth_move_sgf(text, bad, &point)
        } else {
            replace_nth_move_json(text, bad, original, &point)
        };
        if let Some(broken) = broken
            && AnyGame::read_record_of(spec.kind(), &broken).is_err()
        {
            let mut tags = crate::go9_tags::Tags::new();
            tags.insert("G-2");
            if format == "sgf" {
                tags.insert("G-13");
            }
            crate::go9_tags::moves(&moves[..bad - 1], &mut tags);
            let ids: Vec<&str> = tags.into_iter().collect();
            file.push(
                &ids,
                &["engine", "brute-force"],
                Some(format!(
                    "move {bad} is changed to the occupied point {point}"
                )),
                common::refused_record(&spec, format, broken, Some(bad), false),
            );
        }
    }
}

/// Not a record, and a record of another game; `tt` as a pass; a move off the board or
/// on an occupied point.
fn fixed_records(file: &mut FileBuilder) {
    let spec = GameSpec::Go9;
    // Not a record, and a record of another game.
    file.push(
        &["G-13"],
        &["engine"],
        Some("no format marker".into()),
        common::refused_record(&spec, "json", "{\"moves\": []}\n".into(), None, true),
    );
    file.push(
        &["G-13"],
        &["engine"],
        Some("plain text".into()),
        common::refused_record(&spec, "sgf", "hello\n".into(), None, true),
    );
    {
        let text = "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[tt];B[])\n".to_string();
        let game = AnyGame::read_record_of(spec.kind(), &text).expect("tt reads as a pass");
        let AnyGame::Go9(go) = &game else {
            unreachable!()
        };
        let mut ids = record_tags(go, true, &strings(&["E5", "pass", "pass"]));
        ids.push("G-12");
        file.push(
            &ids,
            &["engine", "brute-force"],
            Some("SGF `tt` is a pass".into()),
            common::accepted_record(&game, "sgf", text),
        );
    }
    file.push(
        &["G-13", "G-12"],
        &["engine", "brute-force"],
        Some("a move off the 9x9 board".into()),
        common::refused_record(
            &spec,
            "sgf",
            "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[jj])\n".into(),
            Some(2),
            false,
        ),
    );
    file.push(
        &["G-13", "G-2"],
        &["engine", "brute-force"],
        Some("the second move is on an occupied point".into()),
        common::refused_record(
            &spec,
            "sgf",
            "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[ee])\n".into(),
            Some(2),
            false,
        ),
    );
}

/// The ids of an accepted record of `go` (its `moves`): G-13 for SGF, the moves' ids, the
/// count's when the rules ended it, G-7 when a call did. The colours are written in the
/// record, so the count's G-1 (who moved first) is not the record's.
fn record_tags(go: &Go9, sgf: bool, moves: &[String]) -> Vec<&'static str> {
    let mut tags = crate::go9_tags::Tags::new();
    if sgf {
        tags.insert("G-13");
    }
    crate::go9_tags::moves(moves, &mut tags);
    match go.end_reason() {
        Some(go9::EndReason::TwoPasses(_) | go9::EndReason::MoveLimit(_)) => {
            crate::go9_tags::count(go, &mut tags);
            tags.remove("G-1");
        }
        Some(_) => {
            tags.insert("G-7");
            tags.remove("G-6");
        }
        None => {}
    }
    tags.into_iter().collect()
}

/// Whether `point` holds a stone after `moves`.
fn any_point_occupied(moves: &[String], point: &str) -> bool {
    let game = common::after(&GameSpec::Go9, moves);
    !game.is_over() && rules_conformance::reasons::classify(&game, point) == Some("occupied")
}

/// The SGF with its `n`-th move (from 1) placed on `point` instead.
fn replace_nth_move_sgf(text: &str, n: usize, point: &str) -> Option<String> {
    let coords = sgf_coords(point);
    let mut seen = 0;
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = [rest.find(";B["), rest.find(";W[")]
        .into_iter()
        .flatten()
        .min()
    {
        seen += 1;
        let close = rest[at..].find(']')? + at;
        if seen == n {
            out.push_str(&rest[..at + 3]);
            out.push_str(&coords);
            out.push_str(&rest[close..]);
            return Some(out);
        }
        out.push_str(&rest[..=close]);
        rest = &rest[close + 1..];
    }
    None
}

/// A point's name as SGF coordinates (`E5` is `ee`).
fn sgf_coords(name: &str) -> String {
    let col = "ABCDEFGHJ".find(&name[..1]).unwrap_or(0);
    let row: usize = name[1..].parse().unwrap_or(1);
    let letters = b"abcdefghi";
    format!("{}{}", letters[col] as char, letters[9 - row] as char)
}

/// The JSON record with its `n`-th move replaced.
fn replace_nth_move_json(text: &str, n: usize, _original: &str, point: &str) -> Option<String> {
    let mut value: serde_json::Value = serde_json::from_str(text).ok()?;
    let moves = value.get_mut("moves")?.as_array_mut()?;
    let slot = moves.get_mut(n - 1)?.get_mut("move")?;
    *slot = serde_json::Value::String(point.to_string());
    let mut out = serde_json::to_string_pretty(&value).ok()?;
    out.push('\n');
    Some(out)
}
