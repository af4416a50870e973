//! The record cases: random games' records accepted (whole, resigned, in lower case) and
//! refused (a move changed to an occupied or loop-closing point, to a refused `swap` or
//! `pass`, or to a malformed text; a wrong result), and the fixed ones (refused fields and
//! set-ups, no record marker, a resignation at the start and one after the end).

use game_catalog::AnyGame;
use game_core::{GameRng, Player};
use serde_json::Value;

use super::Plan;
use crate::common::{
    ENGINE, FileBuilder, accepted_record, after, edit_record, random_game, refused_record, uniform,
};
use crate::kazura_tags::{coord, kazura, record_tags};

/// The record cases: `plan.records` from random games, then the fixed ones.
pub(super) fn records(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    random_records(file, plan, rng);
    fixed_records(file, plan, rng);
}

/// The longest game on a board of side `size`.
fn max_plies(size: usize) -> usize {
    2 * size * size + 1
}

/// Pushes an accepted record case of `game` written as `text`.
fn accepted(
    file: &mut FileBuilder,
    game: &AnyGame,
    text: String,
    extra: &[&'static str],
    note: &str,
) {
    let tags = record_tags(&file.spec, &text, Some(game), extra);
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
    let tags = record_tags(&file.spec, &text, None, tags);
    crate::common::push_refused_json(file, text, mv, &tags, "K-13", note);
}

/// `text` with its move `n` (from 0) replaced by `to`.
fn with_move(text: &str, n: usize, to: &str) -> String {
    edit_record(text, |map| {
        if let Some(Value::Array(list)) = map.get_mut("moves") {
            list[n] = Value::String(to.into());
        }
    })
}

/// `plan.records` cases from random games, each kind in turn: the record as written, a
/// resignation, lower case, a refused point, a wrong result, a refused `swap` or `pass`, a
/// malformed move.
fn random_records(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    let mut made = 0;
    let mut i = 0;
    while made < plan.records {
        i += 1;
        let moves = random_game(&spec, rng, max_plies(plan.size), uniform);
        let whole = after(&spec, &moves);
        let pushed = match i % 8 {
            0 | 1 => {
                // A whole game as written.
                accepted(
                    file,
                    &whole,
                    whole.write_record(),
                    &[],
                    "a whole game's record replays",
                );
                true
            }
            2 => resigned_record(file, &moves, rng),
            3 => lower_case_record(file, &whole),
            4 => refused_point_record(file, plan.size, &moves, &whole, rng),
            5 => wrong_result_record(file, &whole),
            6 => refused_swap_or_pass_record(file, &moves, &whole, rng),
            _ => malformed_move_record(file, &moves, &whole, rng),
        };
        if pushed {
            made += 1;
        }
    }
}

/// Part of a game, then a resignation (either colour, off turn too).
fn resigned_record(file: &mut FileBuilder, moves: &[String], rng: &mut GameRng) -> bool {
    let cut = rng.below(moves.len());
    let mut game = after(&file.spec, &moves[..cut]);
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
        &["K-11"],
        "a resignation ends the game and the resigning colour loses",
    );
    true
}

/// Moves written in lower case are read (K-13).
fn lower_case_record(file: &mut FileBuilder, whole: &AnyGame) -> bool {
    let text = edit_record(&whole.write_record(), |map| {
        if let Some(Value::Array(list)) = map.get_mut("moves") {
            for mv in list.iter_mut() {
                if let Value::String(s) = mv {
                    *s = s.to_ascii_lowercase();
                }
            }
        }
    });
    accepted(
        file,
        whole,
        text,
        &[],
        "moves in lower case are read as their canonical points",
    );
    true
}

/// A move changed to an occupied point or a loop-closing one.
fn refused_point_record(
    file: &mut FileBuilder,
    size: usize,
    moves: &[String],
    whole: &AnyGame,
    rng: &mut GameRng,
) -> bool {
    let game_len = moves.len();
    let mut found = None;
    let mut replay = AnyGame::new(&file.spec);
    for (n, mv) in moves.iter().enumerate() {
        if n >= 2 {
            let k = kazura(&replay);
            let me = k.colour_to_move();
            if let Some(p) = (0..size * size)
                .map(|q| coord(q % size, q / size))
                .find(|&p| k.stone_at(p).is_none() && !k.can_place(me, p))
                && (found.is_none() || rng.below(3) == 0)
            {
                found = Some((n, p.to_string(), "loop"));
            }
        }
        replay.play(mv).expect("legal");
    }
    let (n, bad, why) = found.unwrap_or_else(|| (game_len - 1, moves[0].clone(), "occupied"));
    let text = with_move(&whole.write_record(), n, &bad);
    // A loop point is K-3's; an occupied point stays so whatever the rules of
    // placement say, and the walk names what the moves before it depend on.
    let tags: &[&str] = if why == "loop" { &["K-3"] } else { &[] };
    refused(
        file,
        text,
        Some(n + 1),
        tags,
        &format!("move {} changed to {bad}, refused ({why})", n + 1),
    );
    true
}

/// The recorded result changed to another; false when that is the game's own.
fn wrong_result_record(file: &mut FileBuilder, whole: &AnyGame) -> bool {
    let text = edit_record(&whole.write_record(), |map| {
        map.insert(
            "result".into(),
            Value::String("draw with equal lengths black [1], white [1]".into()),
        );
    });
    if AnyGame::read_record_of(file.spec.kind(), &text).is_ok() {
        return false;
    }
    refused(
        file,
        text,
        None,
        &["K-10"],
        "the recorded result is not the one the moves give",
    );
    true
}

/// A `swap` or a `pass` where the rules refuse it; false when the game is too short or
/// the chosen move is legal there.
fn refused_swap_or_pass_record(
    file: &mut FileBuilder,
    moves: &[String],
    whole: &AnyGame,
    rng: &mut GameRng,
) -> bool {
    if moves.len() < 3 {
        return false;
    }
    let n = 2 + rng.below(moves.len() - 2);
    let prefix = after(&file.spec, &moves[..n]);
    let (bad, tag) = if rng.below(2) == 0 && !prefix.is_legal("pass") {
        ("pass", "K-6")
    } else {
        ("swap", "K-8")
    };
    if prefix.is_legal(bad) {
        return false;
    }
    let text = with_move(&whole.write_record(), n, bad);
    refused(
        file,
        text,
        Some(n + 1),
        &[tag],
        &format!(
            "move {} changed to {bad}, which the rules refuse there",
            n + 1
        ),
    );
    true
}

/// A malformed move text.
fn malformed_move_record(
    file: &mut FileBuilder,
    moves: &[String],
    whole: &AnyGame,
    rng: &mut GameRng,
) -> bool {
    let n = rng.below(moves.len());
    let text = with_move(&whole.write_record(), n, "I1");
    refused(
        file,
        text,
        Some(n + 1),
        &[],
        &format!("move {} is `I1`: no column I", n + 1),
    );
    true
}

/// Fixed records: refused fields, set-ups, not a record; then a resignation recorded
/// after the end of a random game.
fn fixed_records(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    let size = plan.size;
    let start = file.start();
    let empty = start.write_record();
    let over = edit_record(&empty, |map| {
        map.insert("size".into(), Value::from(26));
    });
    refused(file, over, None, &["K-1"], "a board of side 26 is refused");
    let unknown = edit_record(&empty, |map| {
        map.insert("komi".into(), Value::from(7));
    });
    refused(file, unknown, None, &[], "an unknown field is refused");
    file.push(
        &["K-13"],
        &[ENGINE],
        Some("a text with no record marker".into()),
        refused_record(&spec, "json", "black wins\n".into(), None, true),
    );
    if size >= 3 {
        setup_records(file, &empty);
        // Resigning at the start: Black (to move) resigns, White wins.
        let mut resigned = start.clone();
        resigned.resign(Player::First).expect("a game not over");
        let text = resigned.write_record();
        accepted(
            file,
            &resigned,
            text,
            &["K-11"],
            "Black resigns before any stone",
        );
    }
    if size == 13 {
        // White's stones join two groups at B2 (allowed), then close a loop at B3.
        let joined = edit_record(&empty, |map| {
            map.insert(
                "setup".into(),
                serde_json::json!({"black": [], "white": ["B1", "A2", "B2", "A3", "B3"], "to_move": "black"}),
            );
        });
        refused(
            file,
            joined,
            None,
            &["K-3", "K-5"],
            "a set-up whose white stones join two groups, then hold a loop, is refused",
        );
    }
    // A resignation recorded after the end is refused.
    let moves = random_game(&spec, rng, max_plies(size), uniform);
    let whole = after(&spec, &moves);
    let late = edit_record(&whole.write_record(), |map| {
        map.insert("resigned".into(), Value::String("white".into()));
        map.remove("result");
    });
    refused(
        file,
        late,
        None,
        &["K-7", "K-11"],
        "a resignation after the game ended is refused",
    );
}

/// Refused set-ups on boards from 3×3: a swap after a set-up, and a black loop.
fn setup_records(file: &mut FileBuilder, empty: &str) {
    // A set-up holding one black stone with White to move: no swap (K-8).
    let setup = edit_record(empty, |map| {
        map.insert(
            "setup".into(),
            serde_json::json!({"black": ["B2"], "white": [], "to_move": "white"}),
        );
        map.insert("moves".into(), serde_json::json!(["swap"]));
    });
    refused(
        file,
        setup,
        Some(1),
        &["K-8"],
        "a set-up never offers the swap, even with one black stone",
    );
    // A set-up with a black loop is refused.
    let looped = edit_record(empty, |map| {
        map.insert(
            "setup".into(),
            serde_json::json!({"black": ["A1", "B1", "A2", "B2"], "white": [], "to_move": "white"}),
        );
    });
    refused(
        file,
        looped,
        None,
        &["K-3", "K-5"],
        "a set-up whose black stones hold a loop is refused",
    );
}
