//! The case builders every bao case goes through: a replay with full checks, a perft
//! count, an end, and a record (accepted), each naming the decisions its moves and
//! positions show; and the record's JSON read and written for the refused variants.

use bao_nyakua::Position;
use game_catalog::AnyGame;
use rules_conformance::CaseBody;
use rules_conformance::format::Check;
use serde_json::Value;

use super::{PERFT_BUDGET, bao_position, candidates};
use crate::bao_tags::{Ids, Observe, move_ids, perft_ids, position_ids, probe_ids, trace};
use crate::common::{
    ENGINE, FileBuilder, accepted_record, after, end_body, full_check, perft_body,
};

/// A replay case of `moves` with full checks at `plies`.
pub(super) fn push_replay(
    file: &mut FileBuilder,
    moves: &[String],
    plies: &[usize],
    lower_first: bool,
    note: Option<String>,
) {
    let spec = file.spec;
    let start = bao_position(&file.start());
    let tr = trace(start, moves);
    let cands = candidates(lower_first);
    let mut ids = move_ids(start, moves, &tr, Observe::Checks(plies));
    // Every check is of a position reached from the start.
    ids.insert("B-2");
    let mut checks: Vec<Check> = Vec::new();
    for &ply in plies {
        let any = after(&spec, &moves[..ply]);
        let mut check = full_check(&any, ply, &cands, 8);
        if any.is_over() {
            check.illegal.truncate(3);
        }
        let position = tr.positions[ply];
        position_ids(&position, &mut ids);
        for probe in &check.illegal {
            probe_ids(&position, &probe.mv, &probe.reason, &mut ids);
        }
        checks.push(check);
    }
    let ids: Vec<&str> = ids.into_iter().collect();
    file.push(
        &ids,
        &[ENGINE, "brute-force"],
        note,
        CaseBody::Replay {
            moves: moves.to_vec(),
            checks,
        },
    );
}

/// A perft case from the position after `moves`, within `PERFT_BUDGET` nodes.
pub(super) fn push_perft(file: &mut FileBuilder, moves: &[String], note: Option<String>) {
    let spec = file.spec;
    let start = bao_position(&file.start());
    let tr = trace(start, moves);
    let root = *tr.positions.last().expect("a position");
    let body = perft_body(&spec, moves, PERFT_BUDGET, 12);
    let CaseBody::Perft { counts, .. } = &body else {
        unreachable!()
    };
    let mut ids = move_ids(start, moves, &tr, Observe::Perft(counts.len()));
    ids.insert("B-2");
    perft_ids(&root, counts.len(), &mut ids);
    // Every count counts the moves as written.
    ids.insert("B-23");
    let ids: Vec<&str> = ids.into_iter().collect();
    file.push(&ids, &[ENGINE, "brute-force"], note, body);
}

/// An end case: `moves` played to the end of the game.
pub(super) fn push_end(
    file: &mut FileBuilder,
    moves: &[String],
    checked_by: &[&str],
    note: Option<String>,
) {
    let spec = file.spec;
    let start = bao_position(&file.start());
    let tr = trace(start, moves);
    let mut ids = move_ids(start, moves, &tr, Observe::Result);
    ids.insert("B-2");
    let ids: Vec<&str> = ids.into_iter().collect();
    file.push(&ids, checked_by, note, end_body(&spec, moves));
}

/// The ids of a record whose moves from `start` all replay: B-24, B-2 from the start
/// position, and what its moves did (and, when `whole`, its final state).
pub(super) fn record_ids(start: Position, moves: &[String], whole: bool) -> Ids {
    let tr = trace(start, moves);
    let observe = if whole {
        Observe::Final
    } else {
        Observe::Moves
    };
    let mut ids = move_ids(start, moves, &tr, observe);
    ids.insert("B-24");
    if !moves.is_empty() && start == Position::start(start.ruleset()) {
        ids.insert("B-2");
    }
    ids
}

/// A record case of `game` (its moves from `start`).
pub(crate) fn push_record(
    file: &mut FileBuilder,
    start: Position,
    game: &AnyGame,
    checked_by: &[&str],
    note: Option<String>,
    extra: &[&'static str],
) {
    let text = game.write_record();
    let read = AnyGame::read_record_of(file.spec.kind(), &text).expect("a written record replays");
    assert_eq!(read.moves(), game.moves());
    let mut ids = record_ids(start, &game.moves(), true);
    ids.extend(extra);
    let ids: Vec<&str> = ids.into_iter().collect();
    file.push(&ids, checked_by, note, accepted_record(game, "json", text));
}

/// A written record as JSON.
pub(super) fn json(text: &str) -> Value {
    serde_json::from_str(text).expect("a record is JSON")
}

/// A JSON record as written: pretty, ending in a newline.
pub(super) fn write(value: &Value) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("JSON");
    text.push('\n');
    text
}
