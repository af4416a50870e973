//! The refused variants of a bao record: a move made illegal, the wrong player, the
//! outcome's winner changed, a header field broken.

use bao_nyakua::{EndReason, Game, MoveObject, Phase, Position};
use game_catalog::AnyGame;
use game_core::GameRng;
use serde_json::Value;

use super::cases::{json, record_ids, write};
use crate::bao_tags::{Trace, trace};
use crate::common::{ENGINE, FileBuilder, refused_record};

/// Refused variants of a record: a move made illegal, a player changed, the result
/// changed, a header field broken.
pub(super) fn push_refused(
    file: &mut FileBuilder,
    game: &AnyGame,
    start: Position,
    k: usize,
    rng: &mut GameRng,
) {
    let text = game.write_record();
    let value = json(&text);
    let moves = game.moves();
    let tr = trace(start, &moves);
    if !moves.is_empty() {
        refused_moves(file, &value, start, &moves, &tr, k, rng);
    }
    refused_outcome(file, &value, start, &moves, &tr);
    refused_header(file, value, k);
}

/// Move i changed to an illegal one (an empty pit, a back pit in NAMUA, a pass), and the
/// player of move i changed. It is one of the last third of the moves, so that the moves
/// before it test the rules they play.
fn refused_moves(
    file: &mut FileBuilder,
    value: &Value,
    start: Position,
    moves: &[String],
    tr: &Trace,
    k: usize,
    rng: &mut GameRng,
) {
    let spec = file.spec;
    let n = moves.len();
    let i = n - 1 - rng.below(n.div_ceil(3));
    let position = tr.positions[i];
    let mover = position.to_move();
    let mut changed = value.clone();
    let entry = &mut changed["history"][i]["move"];
    let ring = position.ring(mover);
    let empty = (0..8).find(|&x| ring[x] == 0);
    let (new, class_ids): (Value, Vec<&'static str>) = match (k % 3, empty) {
        (0, Some(x)) if position.phase() == Phase::Namua => (
            serde_json::json!({"type": "takata", "phase": "namua", "row": 0, "index": x, "direction": "left"}),
            vec!["B-11"],
        ),
        (0, Some(x)) => (
            serde_json::json!({"row": 0, "index": x, "direction": "left", "type": "takata", "phase": "mtaji"}),
            vec!["B-17"],
        ),
        (1, _) if position.phase() == Phase::Namua => (
            serde_json::json!({"row": 1, "index": 3, "direction": "right", "type": "takata", "phase": "mtaji"}),
            vec!["B-10", "B-11"],
        ),
        _ => (serde_json::json!({"type": "pass"}), vec!["B-16"]),
    };
    let legal_new = {
        let parsed = serde_json::from_value::<MoveObject>(new.clone())
            .ok()
            .and_then(|o| o.to_move(&position));
        parsed.is_some_and(|m| {
            let mut copy = position;
            copy.play(m).is_ok()
        })
    };
    if !legal_new {
        *entry = new;
        // The moves before it replay, and the position refuses it.
        // The moves before it replay, and it is refused for its class.
        let mut ids = record_ids(start, &moves[..i], false);
        if start == Position::start(start.ruleset()) {
            ids.insert("B-2");
        }
        ids.extend(class_ids);
        let ids: Vec<&str> = ids.into_iter().collect();
        file.push(
            &ids,
            &[ENGINE],
            Some(format!("move {} changed to an illegal move", i + 1)),
            refused_record(&spec, "json", write(&changed), Some(i + 1), false),
        );
    }
    // The player of move i changed.
    let mut changed = value.clone();
    changed["history"][i]["player"] = serde_json::json!(1 - mover.index());
    let ids: Vec<&str> = record_ids(start, &moves[..i], false).into_iter().collect();
    file.push(
        &ids,
        &[ENGINE],
        Some(format!("move {} names the wrong player", i + 1)),
        refused_record(&spec, "json", write(&changed), Some(i + 1), false),
    );
}

/// The recorded result changed: every move replays, then the outcome is compared.
fn refused_outcome(
    file: &mut FileBuilder,
    value: &Value,
    start: Position,
    moves: &[String],
    tr: &Trace,
) {
    let spec = file.spec;
    let mut changed = value.clone();
    let winner = changed["outcome"]["winner"].clone();
    changed["outcome"]["winner"] = match winner.as_u64() {
        Some(w) => serde_json::json!(1 - w),
        None => serde_json::json!(0),
    };
    // Every move replays, then the outcome is compared (a final state that another
    // reading of a rule changed would be refused the same way).
    let mut ids = record_ids(start, moves, false);
    if let Some(end) = tr.infos.last().and_then(|i| i.end) {
        ids.insert(match end {
            EndReason::RelayLimit { .. } => "B-21",
            _ => "B-20",
        });
    }
    let ids: Vec<&str> = ids.into_iter().collect();
    file.push(
        &ids,
        &[ENGINE],
        Some("the outcome's winner changed".into()),
        refused_record(&spec, "json", write(&changed), None, false),
    );
}

/// A broken header field (which one turns with `k`).
fn refused_header(file: &mut FileBuilder, value: Value, k: usize) {
    let spec = file.spec;
    let mut changed = value;
    let (field, new, ids): (&str, Value, Vec<&str>) = match k % 4 {
        0 => ("version", serde_json::json!(2), vec!["B-24"]),
        1 => (
            "rulesVersion",
            serde_json::json!("nyakua-a-trial-002"),
            vec!["B-24"],
        ),
        // The header is read before any rule is played (B-24 alone).
        2 => ("nyakuaEndPitAdd", serde_json::json!(false), vec!["B-24"]),
        _ => ("ruleset", serde_json::json!("seeded"), vec!["B-24"]),
    };
    changed[field] = new;
    file.push(
        &ids,
        &[ENGINE],
        Some(format!("the header field {field} broken")),
        refused_record(&spec, "json", write(&changed), None, false),
    );
}
