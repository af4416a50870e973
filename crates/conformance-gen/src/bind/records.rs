//! The record cases: random games' records accepted (whole, resigned, in lower case with
//! Black's opening reversed) and refused (a move changed to a refused or malformed one, a
//! wrong result), and the fixed ones (a bad piece count, an unknown field, no record
//! marker, a resignation before the opening and one after the end).

use std::collections::BTreeSet;

use bind::Bind;
use game_catalog::AnyGame;
use game_core::{GameRng, Player};
use rules_conformance::reasons::classify;
use serde_json::Value;

use super::detect::{game_tags, probe_tags};
use super::{MAX_PLIES, Plan, bind_of, candidates};
use crate::common::{
    ENGINE, FileBuilder, accepted_record, after, edit_record, random_game, refused_record, uniform,
};

/// The decisions a record of the game `game` from the variant's start exercises: its moves
/// replayed, the way its game ended (or its resignation), and `extra`.
fn record_tags(game: &AnyGame, moves: usize, extra: &[&'static str]) -> Vec<&'static str> {
    let b = bind_of(game);
    let all: Vec<String> = b.moves().iter().map(ToString::to_string).collect();
    let to_end = moves == all.len();
    let start = Bind::new(b.variant());
    let mut tags = game_tags(&start, false, &all[..moves], &[], to_end);
    tags.extend(extra.iter().copied());
    tags.into_iter().collect()
}

/// The record `text` with its move `n` (from 0) replaced by `to`.
fn set_move(text: &str, n: usize, to: &str) -> String {
    edit_record(text, |map| {
        if let Some(Value::Array(list)) = map.get_mut("moves") {
            list[n] = Value::String(to.into());
        }
    })
}

/// A move that `game` refuses, other than a malformed text, with the decisions its
/// refusal exercises.
fn refused_move(
    game: &AnyGame,
    rng: &mut GameRng,
) -> Option<(String, &'static str, Vec<&'static str>)> {
    let b = bind_of(game);
    let cands = candidates(b.variant().size());
    let mut found: Vec<(String, &'static str)> = Vec::new();
    for c in &cands {
        if let Some(class) = classify(game, c)
            && class != "malformed"
        {
            found.push((c.clone(), class));
        }
    }
    if found.is_empty() {
        return None;
    }
    // One class at random, then one move of it.
    let classes: Vec<&str> = found
        .iter()
        .map(|f| f.1)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let class = classes[rng.below(classes.len())];
    let of: Vec<&(String, &str)> = found.iter().filter(|f| f.1 == class).collect();
    let (mv, class) = of[rng.below(of.len())].clone();
    let mut tags = BTreeSet::new();
    probe_tags(b, &mv, class, &mut tags);
    Some((mv, class, tags.into_iter().collect()))
}

/// The record cases: `plan.records` from random games, then the fixed ones.
pub(super) fn records(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    random_records(file, plan, rng);
    fixed_records(file, rng);
}

/// Pushes an accepted record case of `game` written as `text`.
fn accepted(
    file: &mut FileBuilder,
    game: &AnyGame,
    text: String,
    extra: &[&'static str],
    note: &str,
) {
    let tags = record_tags(game, bind_of(game).moves().len(), extra);
    file.push(
        &tags,
        &[ENGINE],
        Some(note.into()),
        accepted_record(game, "json", text),
    );
}

/// Pushes a refused record case: `text`, refused at move `mv` (or as a whole).
fn refused(
    file: &mut FileBuilder,
    text: String,
    mv: Option<usize>,
    tags: &[&'static str],
    note: &str,
) {
    // N-14 comes with the moves read (`record_tags`), not with the record.
    let body = refused_record(&file.spec, "json", text, mv, false);
    file.push(tags, &[ENGINE], Some(note.into()), body);
}

/// `plan.records` cases from random games, each kind in turn: the record as written, a
/// resignation, lower case, a refused move, a wrong result, a malformed move.
fn random_records(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    let mut made = 0;
    let mut i = 0;
    while made < plan.records {
        i += 1;
        let moves = random_game(&spec, rng, MAX_PLIES, uniform);
        let whole = after(&spec, &moves);
        let pushed = match i % 7 {
            0 | 1 => {
                accepted(
                    file,
                    &whole,
                    whole.write_record(),
                    &[],
                    "a game's record replays",
                );
                true
            }
            2 => resigned_record(file, &moves, rng),
            3 => lower_case_record(file, &whole),
            4 => refused_move_record(file, &moves, &whole, rng),
            5 => wrong_result_record(file, &moves, &whole),
            _ => {
                malformed_move_record(file, &moves, &whole, rng);
                true
            }
        };
        if pushed {
            made += 1;
        }
    }
}

/// The game cut at a random ply and resigned by a random colour; false (nothing pushed)
/// when the cut game is already over.
fn resigned_record(file: &mut FileBuilder, moves: &[String], rng: &mut GameRng) -> bool {
    let cut = rng.below(moves.len());
    let mut game = after(&file.spec, &moves[..cut]);
    if game.is_over() {
        return false;
    }
    let player = if rng.below(2) == 0 {
        Player::First
    } else {
        Player::Second
    };
    game.resign(player).expect("a game not over");
    let text = game.write_record();
    accepted(
        file,
        &game,
        text,
        &["N-15"],
        "a resignation ends the game and the resigning colour loses",
    );
    true
}

/// Moves in lower case, and Black's opening written from its other end.
fn lower_case_record(file: &mut FileBuilder, whole: &AnyGame) -> bool {
    let text = edit_record(&whole.write_record(), |map| {
        if let Some(Value::Array(list)) = map.get_mut("moves") {
            for (n, mv) in list.iter_mut().enumerate() {
                if let Value::String(s) = mv {
                    if n == 0 {
                        let (a, b) = s.split_once('-').expect("an opening line");
                        *s = format!("{b}-{a}");
                    }
                    *s = s.to_ascii_lowercase();
                }
            }
        }
    });
    accepted(
        file,
        whole,
        text,
        &["N-3"],
        "lower-case moves, and Black's opening written from its upper or right end, are read as the listed spelling",
    );
    true
}

/// A random move changed to one the position before it refuses; false when that
/// position refuses nothing but malformed texts.
fn refused_move_record(
    file: &mut FileBuilder,
    moves: &[String],
    whole: &AnyGame,
    rng: &mut GameRng,
) -> bool {
    let n = rng.below(moves.len());
    let prefix = after(&file.spec, &moves[..n]);
    let Some((bad, class, tags)) = refused_move(&prefix, rng) else {
        return false;
    };
    let text = set_move(&whole.write_record(), n, &bad);
    let tags = record_tags(whole, n, &tags);
    refused(
        file,
        text,
        Some(n + 1),
        &tags,
        &format!("move {} changed to {bad}, refused ({class})", n + 1),
    );
    true
}

/// The result replaced by a draw; false when the draw is the game's own result.
fn wrong_result_record(file: &mut FileBuilder, moves: &[String], whole: &AnyGame) -> bool {
    let text = edit_record(&whole.write_record(), |map| {
        map.insert(
            "result".into(),
            Value::String("draw both colours hold one piece".into()),
        );
    });
    if AnyGame::read_record_of(file.spec.kind(), &text).is_ok() {
        return false;
    }
    let tags = record_tags(whole, moves.len(), &[]);
    refused(
        file,
        text,
        None,
        &tags,
        "the recorded result is not the one the moves give",
    );
    true
}

/// A random move changed to `B2-B5`, no line of two or three.
fn malformed_move_record(
    file: &mut FileBuilder,
    moves: &[String],
    whole: &AnyGame,
    rng: &mut GameRng,
) {
    let n = rng.below(moves.len());
    let text = set_move(&whole.write_record(), n, "B2-B5");
    refused(
        file,
        text,
        Some(n + 1),
        &record_tags(whole, n, &[]),
        &format!("move {} is `B2-B5`: not a line of two or three", n + 1),
    );
}

/// The fixed record cases: a bad piece count, an unknown field, no record marker, a
/// resignation before the opening, and a resignation after a random game's end.
fn fixed_records(file: &mut FileBuilder, rng: &mut GameRng) {
    let spec = file.spec;
    let start = file.start();
    let empty = start.write_record();
    let bad_pieces = edit_record(&empty, |map| {
        map.insert("pieces".into(), Value::from(2));
    });
    refused(
        file,
        bad_pieces,
        None,
        &["N-1"],
        "two pieces each is no variant",
    );
    let unknown = edit_record(&empty, |map| {
        map.insert("komi".into(), Value::from(7));
    });
    refused(file, unknown, None, &[], "an unknown field is refused");
    file.push(
        &[],
        &[ENGINE],
        Some("a text with no record marker".into()),
        refused_record(
            &spec,
            "json",
            "{\"moves\": [\"B2-D2\"]}\n".into(),
            None,
            true,
        ),
    );
    let mut resigned = start.clone();
    resigned.resign(Player::First).expect("a game not over");
    let text = resigned.write_record();
    accepted(
        file,
        &resigned,
        text,
        &["N-15"],
        "Black resigns before its opening",
    );
    late_resignation_record(file, rng);
}

/// A resignation recorded after the end is refused (the first random game that ends).
fn late_resignation_record(file: &mut FileBuilder, rng: &mut GameRng) {
    let spec = file.spec;
    loop {
        let moves = random_game(&spec, rng, MAX_PLIES, uniform);
        let whole = after(&spec, &moves);
        if !whole.is_over() {
            continue;
        }
        let late = edit_record(&whole.write_record(), |map| {
            // The result stays (the replayed one), so the late resignation is what is
            // refused.
            map.insert("resigned".into(), Value::String("white".into()));
        });
        let tags = record_tags(&whole, moves.len(), &["N-15"]);
        refused(
            file,
            late,
            None,
            &tags,
            "a resignation after the game ended is refused",
        );
        break;
    }
}
