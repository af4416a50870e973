//! The bao vectors: one file per ruleset (`seed`, `reference`, B-19).
//!
//! Every case names the decision ids it depends on by what it contains (`bao_tags`): what
//! each move it plays does, what each position whose legal set it checks (or counts, in a
//! perft tree) depends on, and the classes of its probes.

use std::collections::BTreeSet;

use bao_nyakua::{
    EndReason, Game, Move, MoveObject, Phase, PhaseName, Player, Position, Ruleset, Setup,
};
use game_catalog::{AnyGame, GameSpec};
use game_core::GameRng;
use rules_conformance::CaseBody;
use rules_conformance::format::Check;
use serde_json::Value;

use crate::bao_author::{author_fixtures, author_games};
use crate::bao_tags::{
    Ids, Observe, Trace, move_ids, parse, perft_ids, position_ids, probe_ids, trace,
};
use crate::common::{
    ENGINE, FileBuilder, accepted_record, after, end_body, full_check, perft_body, refused_record,
    spread, uniform,
};

const NOTATION: &str = "a move is its start pit and first direction from the mover's side \
(F1-F8 front, B1-B8 back, L/R: F3R, B6L), a NAMUA capture's letter is its entry (R = F1, L = \
F8), F4R:stop/F4R:use where the NYUMBA choice arises, pass only from an empty NAMUA hand; \
input is case-insensitive (docs/bao-nyakua.md, B-22)";

const BRUTE: &str = "brute-force: crates/bao-nyakua/tests/support/brute.rs, a mover written \
from the rule text with none of the engine's structures, checks every perft count, the legal \
set and player of every replay check and the result of every end case (crates/bao-nyakua/\
tests/conformance_vectors.rs)";

const AUTHOR: &str = "author: the rulebook author's published fixtures and games (crates/\
bao-nyakua/tests/data, MIT), whose states and results crates/bao-nyakua/tests/\
conformance_vectors.rs compares with every case checked by `author`";

/// Total perft nodes per case.
const PERFT_BUDGET: u64 = 6_000;

/// Texts that are no move (B-22).
const MALFORMED: &[&str] = &[
    "F9R",
    "F0L",
    "X3R",
    "F3",
    "F3X",
    "B4R:maybe",
    "F4R:",
    "pas",
    "A1",
    "F3RL",
    "F 3R",
];

/// Non-canonical spellings of moves (read case-insensitively, B-22).
const LOWER: &[&str] = &[
    "f1r", "f2l", "f3r", "f4l", "f5r", "f6l", "f7r", "f8l", "b1r", "b4l", "b8r", "F4r:Stop",
    "f5L:USE", "PASS", "Pass",
];

/// Every written move, then texts that are no move, then other spellings (or those first).
fn candidates(lower_first: bool) -> Vec<String> {
    let all: Vec<String> = Move::all().map(|m| m.to_string()).collect();
    let mut list: Vec<String> = Vec::new();
    let lower: Vec<String> = LOWER.iter().map(|s| (*s).to_string()).collect();
    if lower_first {
        list.extend(lower.iter().cloned());
    }
    list.extend(all);
    list.extend(MALFORMED.iter().map(|s| (*s).to_string()));
    if !lower_first {
        list.extend(lower);
    }
    list
}

fn bao_position(any: &AnyGame) -> Position {
    match any {
        AnyGame::Bao(g) => *g.position(),
        _ => unreachable!("a bao file"),
    }
}

/// A replay case of `moves` with full checks at `plies`.
fn push_replay(
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

fn push_perft(file: &mut FileBuilder, moves: &[String], note: Option<String>) {
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

fn push_end(file: &mut FileBuilder, moves: &[String], checked_by: &[&str], note: Option<String>) {
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
fn record_ids(start: Position, moves: &[String], whole: bool) -> Ids {
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

fn json(text: &str) -> Value {
    serde_json::from_str(text).expect("a record is JSON")
}

fn write(value: &Value) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("JSON");
    text.push('\n');
    text
}

/// Refused variants of a record: a move made illegal, a player changed, the result
/// changed, a header field broken.
fn push_refused(
    file: &mut FileBuilder,
    game: &AnyGame,
    start: Position,
    k: usize,
    rng: &mut GameRng,
) {
    let spec = file.spec;
    let text = game.write_record();
    let value = json(&text);
    let moves = game.moves();
    let tr = trace(start, &moves);
    let n = moves.len();
    if n > 0 {
        // Move i changed to an illegal one: an empty pit, a back pit in NAMUA, a pass. It
        // is one of the last third of the moves, so that the moves before it test the
        // rules they play.
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
    // The recorded result changed.
    let mut changed = value.clone();
    let winner = changed["outcome"]["winner"].clone();
    changed["outcome"]["winner"] = match winner.as_u64() {
        Some(w) => serde_json::json!(1 - w),
        None => serde_json::json!(0),
    };
    // Every move replays, then the outcome is compared (a final state that another
    // reading of a rule changed would be refused the same way).
    let mut ids = record_ids(start, &moves, false);
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
    // A broken header field.
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

/// A NAMUA position after `moves` with the mover's hand put on its back row (B-16).
fn empty_hand_setup(position: &Position) -> Option<Setup> {
    let mut state = position.setup();
    let mover = position.to_move();
    if position.phase() != Phase::Namua || position.is_over() || state.reserve[mover] == 0 {
        return None;
    }
    if state.reserve[mover.other()] == 0 {
        return None;
    }
    state.pits[mover][1][0] += state.reserve[mover];
    state.reserve[mover] = 0;
    Position::from_setup(state.clone()).ok().map(|_| state)
}

fn random_moves(spec: &GameSpec, rng: &mut GameRng, max: usize) -> Vec<String> {
    crate::common::random_game(spec, rng, max, uniform)
}

/// Plies worth a check in `moves`: before a NYUMBA choice, a 2-kete sowing, a self-emptying
/// refusal, a pass, and after an addition or a loss of ownership.
fn event_plies(tr: &Trace) -> Vec<usize> {
    let mut plies = Vec::new();
    for (i, info) in tr.infos.iter().enumerate() {
        if info.choice || info.two_kete || info.pass || info.nyumba_stop {
            plies.push(i);
        }
        if info.addition.is_some() || info.b19a || info.lost.iter().any(|&l| l) || info.to_mtaji {
            plies.push(i + 1);
        }
    }
    for (i, p) in tr.positions.iter().enumerate() {
        if !p.is_over() {
            let self_emptying = |t: &str| {
                let mut copy = *p;
                matches!(
                    copy.play(parse(t)),
                    Err(bao_nyakua::PlayError::SelfEmptying { .. })
                )
            };
            if self_emptying("F1L") || self_emptying("F8R") {
                plies.push(i);
            }
        }
    }
    plies
}

fn build(ruleset: Ruleset, seed: u64) -> FileBuilder {
    let spec = GameSpec::Bao { ruleset };
    let name = if ruleset == Ruleset::Seed {
        "seed"
    } else {
        "reference"
    };
    let mut independent = vec![BRUTE];
    independent.push(AUTHOR);
    let mut file = FileBuilder::new(spec, name, NOTATION, &independent);
    let mut rng = GameRng::seed_from(seed);
    let start = Position::start(ruleset);

    // Replays: random games, checks spread over them and at their events.
    for g in 0..150 {
        let max = if g % 3 == 0 { 400 } else { 60 + g };
        let moves = random_moves(&spec, &mut rng, max);
        let tr = trace(start, &moves);
        let mut plies = spread(moves.len(), 5);
        let mut events = event_plies(&tr);
        events.dedup();
        let step = (events.len() / 4).max(1);
        plies.extend(events.into_iter().step_by(step).take(4));
        plies.sort_unstable();
        plies.dedup();
        push_replay(&mut file, &moves, &plies, g % 2 == 1, None);
    }

    // Perft: from the start, then from positions of random games.
    push_perft(
        &mut file,
        &[],
        Some("perft from the start (B-2, B-23)".into()),
    );
    for _ in 0..39 {
        let moves = random_moves(&spec, &mut rng, 200);
        let cut = 1 + rng.below(moves.len());
        let mut prefix = moves[..cut].to_vec();
        while !prefix.is_empty() && after(&spec, &prefix).is_over() {
            prefix.pop();
        }
        push_perft(&mut file, &prefix, None);
    }

    // Ends: random games played out, every way they end.
    let mut ends = 0;
    let mut seen_reasons = BTreeSet::new();
    let mut tries = 0;
    while ends < 60 && tries < 2000 {
        tries += 1;
        let moves = random_moves(&spec, &mut rng, 3000);
        let game = after(&spec, &moves);
        if !game.is_over() {
            continue;
        }
        let tr = trace(start, &moves);
        let last = tr.infos.last().expect("a move");
        let kind = match last.end {
            Some(EndReason::FrontEmptied { .. }) if last.b9 => "capture",
            Some(EndReason::FrontEmptied { .. }) => "front",
            Some(EndReason::OwnFrontEmptied { .. }) => "own",
            Some(EndReason::NoMove { .. }) => "no-move",
            _ => "relay",
        };
        // Keep the rarer ends whenever they come.
        if ends >= 40 && seen_reasons.contains(kind) && kind == "capture" {
            continue;
        }
        seen_reasons.insert(kind);
        push_end(
            &mut file,
            &moves,
            &[ENGINE, "brute-force"],
            Some(format!("a random game ended by {kind}")),
        );
        ends += 1;
    }

    // The author's games (replayed from their move objects).
    for (name, moves) in author_games(ruleset) {
        if ruleset == Ruleset::Reference {
            push_end(
                &mut file,
                &moves,
                &[ENGINE, "author", "brute-force"],
                Some(format!("author: {name}: the author's game and result")),
            );
            let game = after(&spec, &moves);
            push_record(
                &mut file,
                start,
                &game,
                &[ENGINE, "author"],
                Some(format!(
                    "author: {name}: the author's game, whose moves and final state the record must give"
                )),
                &[],
            );
        } else {
            push_end(
                &mut file,
                &moves,
                &[ENGINE, "brute-force"],
                Some(format!("the author's {name} played under seed")),
            );
        }
    }
    author_fixtures(&mut file, ruleset);
    // The anomaly game, which ends in the safety stop (B-21): checks before and after.
    for (name, moves) in author_games(ruleset) {
        if name.contains("anomaly") {
            let n = moves.len();
            push_replay(
                &mut file,
                &moves,
                &[n - 1, n],
                false,
                Some(format!(
                    "the author's {name}: the last move stops at lap 512"
                )),
            );
            if ruleset == Ruleset::Seed {
                let game = after(&spec, &moves);
                push_record(
                    &mut file,
                    start,
                    &game,
                    &[ENGINE],
                    Some(format!("the author's {name} under seed")),
                    &[],
                );
            }
        }
    }

    // Records of random games, whole or cut after an event, and their refused variants.
    for k in 0..30 {
        let moves = random_moves(&spec, &mut rng, if k % 4 == 0 { 3000 } else { 20 + 3 * k });
        let tr = trace(start, &moves);
        let cut = tr
            .infos
            .iter()
            .position(|i| i.b19a || i.addition.is_some())
            .filter(|_| k % 3 == 1)
            .map_or(moves.len(), |i| i + 1);
        let game = after(&spec, &moves[..cut]);
        push_record(&mut file, start, &game, &[ENGINE], None, &[]);
        push_refused(&mut file, &game, start, k, &mut rng);
    }
    // Games cut a few moves after a takata start or 2-kete sowing that empties the owned
    // NYUMBA (B-19 a), whose final state shows the ownership flag.
    let mut made = 0;
    let mut tries = 0;
    while made < 12 && tries < 2000 {
        tries += 1;
        let moves = random_moves(&spec, &mut rng, 60);
        let tr = trace(start, &moves);
        // A takata start (the 2-kete sowing is B-12's own).
        let Some(event) = tr.infos.iter().position(|i| i.b19a && !i.two_kete) else {
            continue;
        };
        // A set-up just before it, so that the record holds little else.
        let cut = (event + 1 + rng.below(4)).min(moves.len());
        let mut bao =
            bao_nyakua::Bao::from_setup(tr.positions[event].setup()).expect("a game in progress");
        for mv in &moves[event..cut] {
            bao.play(parse(mv)).expect("legal");
        }
        push_record(
            &mut file,
            tr.positions[event],
            &AnyGame::Bao(bao),
            &[ENGINE],
            Some(format!(
                "a set-up after {event} moves, whose takata start empties the owned NYUMBA (B-19 a)"
            )),
            &[],
        );
        made += 1;
    }
    // Set-ups from the middle of random games, played on: records whose moves test the
    // rules without the start position (B-2).
    let mut made = 0;
    while made < 40 {
        let moves = random_moves(&spec, &mut rng, 200);
        if moves.len() < 4 {
            continue;
        }
        let window = if made % 2 == 0 { 40 } else { moves.len() - 2 };
        let cut = 1 + rng.below(window.min(moves.len() - 2));
        let position = bao_position(&after(&spec, &moves[..cut]));
        let mut bao = bao_nyakua::Bao::from_setup(position.setup()).expect("a game in progress");
        let set_start = *bao.position();
        for mv in moves[cut..].iter().take(8 + made % 30) {
            bao.play(parse(mv)).expect("legal");
        }
        push_record(
            &mut file,
            set_start,
            &AnyGame::Bao(bao),
            &[ENGINE],
            Some(format!("a set-up of a game after {cut} moves, played on")),
            &[],
        );
        made += 1;
    }
    // Texts that are no record.
    for text in ["{\"hello\": 1}\n", "F6L F7R\n", "", "[]\n"] {
        file.push(
            &["B-24"],
            &[ENGINE],
            Some("not a record".into()),
            refused_record(&spec, "json", text.into(), None, true),
        );
    }

    // Set-ups: the compatibility pass (B-16) from an emptied hand.
    let mut made = 0;
    while made < 6 {
        let max = 2 + rng.below(20);
        let moves = random_moves(&spec, &mut rng, max);
        let position = bao_position(&after(&spec, &moves));
        let Some(state) = empty_hand_setup(&position) else {
            continue;
        };
        let mut bao = bao_nyakua::Bao::from_setup(state).expect("checked");
        let set_start = *bao.position();
        let mut game_rng = GameRng::seed_from(seed + 100 + made as u64);
        for _ in 0..6 {
            if bao.is_over() {
                break;
            }
            let mut legal = Vec::new();
            bao.legal_moves(&mut legal);
            let mv = legal[game_rng.below(legal.len())];
            bao.play(mv).expect("legal");
        }
        let game = AnyGame::Bao(bao);
        push_record(
            &mut file,
            set_start,
            &game,
            &[ENGINE],
            Some("a set-up whose mover has an empty NAMUA hand: pass (B-16)".into()),
            &[],
        );
        // The pass replaced by a sowing move: refused at move 1.
        let mut value = json(&game.write_record());
        let ring = set_start.ring(set_start.to_move());
        if let Some(x) = (0..8).find(|&x| ring[x] > 0) {
            value["history"][0]["move"] = serde_json::json!({"type": "takata", "phase": "namua", "row": 0, "index": x, "direction": "right"});
            file.push(
                &["B-16", "B-24"],
                &[ENGINE],
                Some("a sowing move from an empty NAMUA hand".into()),
                refused_record(&spec, "json", write(&value), Some(1), false),
            );
        }
        made += 1;
    }

    // Set-ups: B-13's lone F1 or F8 in MTAJI.
    for (k, (pit, good, bad)) in [(0usize, "F1R", "F1L"), (7, "F8L", "F8R")]
        .into_iter()
        .enumerate()
    {
        for count in [2u8, 3, 5] {
            let mut state = Setup::new(ruleset);
            let south = Player::First;
            let north = Player::Second;
            state.pits[south] = [[0; 8]; 2];
            state.pits[south][0][pit] = count;
            state.pits[north] = [[0; 8]; 2];
            let rest = 64 - u32::from(count);
            for i in 0..8 {
                state.pits[north][0][i] = (rest / 8) as u8;
            }
            state.pits[north][1][0] += (rest % 8) as u8;
            state.reserve = bao_nyakua::ByPlayer::splat(0);
            state.house_owned = bao_nyakua::ByPlayer::splat(false);
            state.phase = PhaseName::Mtaji;
            state.turn = 40 + k as u32;
            let mut bao = bao_nyakua::Bao::from_setup(state).expect("a set-up");
            let set_start = *bao.position();
            bao.play(parse(good)).expect("legal");
            let game = AnyGame::Bao(bao);
            push_record(
                &mut file,
                set_start,
                &game,
                &[ENGINE],
                Some(format!("a lone {} in MTAJI: {good} only", &good[..2])),
                &[],
            );
            let mut value = json(&game.write_record());
            value["history"][0]["move"]["direction"] =
                serde_json::json!(if bad.ends_with('L') { "left" } else { "right" });
            file.push(
                &["B-13", "B-24"],
                &[ENGINE],
                Some(format!("{bad} would empty the front row at once (B-13)")),
                refused_record(&spec, "json", write(&value), Some(1), false),
            );
        }
    }
    file
}

/// Every bao file.
pub fn files() -> Vec<FileBuilder> {
    vec![
        build(Ruleset::Seed, 0xba0_5eed),
        build(Ruleset::Reference, 0xba0_4ef),
    ]
}
