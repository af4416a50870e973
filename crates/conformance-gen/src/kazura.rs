//! The kazura vectors: one file per board size (13×13, the standard board, and 7×7, 5×5,
//! 3×3, the edge 2×2 and the largest, 25×25).
//!
//! Every case names the decisions (K-1 … K-13 of `docs/kazura.md`) that its content
//! really exercises, found by detectors over what it holds (a loop-closing point left out
//! of a checked legal set, a probe of a class, a swap or a pass played, how the game
//! ended, a record field), never by a blanket list.

use std::collections::{BTreeMap, BTreeSet};

use game_catalog::{AnyGame, GameSpec};
use game_core::{GameRng, Player};
use kazura_core::{EndReason, Kazura};
use rules_conformance::CaseBody;
use serde_json::Value;

use crate::kazura_tags::{coord, game_tags, kazura, perft_tags, record_tags};

use crate::common::{
    ENGINE, FileBuilder, accepted_record, after, bounded_perft_body, edit_record, end_body,
    full_check, random_game, refused_record, spread, strings, uniform,
};

const NOTATION: &str = "a placement is its point, a column letter A–Z without I then the row \
     from 1 (A1 is the lower left), read in any letter case; `swap` is White's answer to \
     Black's first stone and `pass` the move of a colour that cannot place (docs/kazura.md, \
     K-13)";

const BRUTE: &str = "brute-force: the mover of crates/kazura-core/tests/brute, which \
     recomputes every group by flood fill at every node and shares no code with the \
     engine; crates/kazura-core/tests/conformance_vectors.rs recounts every perft case \
     with it, replays every replay case and recomputes at each check the player to move, \
     the legal set (its count, the sha256 of its canonical text and the listed moves) and \
     that every probe is outside that set (the probe's reason class is the engine's), and \
     replays every end case to its finished game and recomputes the winner and the whole \
     result text from the group lengths (K-10); those cases say \"brute-force\" in \
     checked_by, records do not";

/// Malformed texts probed in every full check (K-13; `resign` also K-11).
const MALFORMED: &[&str] = &["I3", "A0", "B", "3C", "passs", "swap!", "resign", "A-1"];

/// How many cases of each kind a file gets.
struct Plan {
    size: usize,
    name: &'static str,
    seed: u64,
    replays: usize,
    perfts: usize,
    ends: usize,
    records: usize,
    budget: u64,
}

/// Every kazura file.
pub fn files() -> Vec<FileBuilder> {
    let plans = [
        Plan {
            size: 13,
            name: "13x13",
            seed: 0x6b61_7a75_0013,
            replays: 110,
            perfts: 14,
            ends: 36,
            records: 24,
            budget: 60_000,
        },
        Plan {
            size: 7,
            name: "7x7",
            seed: 0x6b61_7a75_0007,
            replays: 60,
            perfts: 12,
            ends: 30,
            records: 16,
            budget: 100_000,
        },
        Plan {
            size: 5,
            name: "5x5",
            seed: 0x6b61_7a75_0005,
            replays: 60,
            perfts: 12,
            ends: 30,
            records: 16,
            budget: 100_000,
        },
        Plan {
            size: 3,
            name: "3x3",
            seed: 0x6b61_7a75_0003,
            replays: 30,
            perfts: 10,
            ends: 24,
            records: 10,
            budget: 100_000,
        },
        Plan {
            size: 2,
            name: "2x2",
            seed: 0x6b61_7a75_0002,
            replays: 12,
            perfts: 4,
            ends: 12,
            records: 6,
            budget: 100_000,
        },
        Plan {
            size: 25,
            name: "25x25",
            seed: 0x6b61_7a75_0025,
            replays: 4,
            perfts: 2,
            ends: 2,
            records: 2,
            budget: 100_000,
        },
    ];
    plans.iter().map(file).collect()
}

fn spec_of(size: usize) -> GameSpec {
    GameSpec::kazura(size).expect("a size from 2 to 25")
}

/// Every point of the board, one row and one column past it, `pass`, `swap` and the
/// malformed texts: the candidates of a full check.
fn candidates(size: usize) -> Vec<String> {
    let mut out = Vec::new();
    for row in 0..=size {
        for col in 0..=size.min(24) {
            out.push(coord(col, row).to_string());
        }
    }
    out.push("pass".into());
    out.push("swap".into());
    out.extend(MALFORMED.iter().map(|s| (*s).to_string()));
    out
}

fn file(plan: &Plan) -> FileBuilder {
    let spec = spec_of(plan.size);
    let mut file = FileBuilder::new(spec, plan.name, NOTATION, &[BRUTE]);
    let mut rng = GameRng::seed_from(plan.seed);
    crafted(&mut file, plan.size);
    replays(&mut file, plan, &mut rng);
    perfts(&mut file, plan, &mut rng);
    ends(&mut file, plan, &mut rng);
    records(&mut file, plan, &mut rng);
    file
}

// ---- Cases ----------------------------------------------------------------------------

/// A replay with full checks at `plies`.
fn push_replay(file: &mut FileBuilder, moves: Vec<String>, plies: &[usize], note: Option<String>) {
    let spec = file.spec;
    let cands = candidates(kazura(&file.start()).size());
    let mut checks = Vec::new();
    let mut game = AnyGame::new(&spec);
    for ply in 0..=moves.len() {
        if plies.contains(&ply) {
            checks.push(full_check(&game, ply, &cands, 6));
        }
        if ply < moves.len() {
            game.play(&moves[ply]).expect("a legal move");
        }
    }
    let tags = game_tags(&spec, &moves, &checks, false);
    file.push(
        &tags,
        &[ENGINE, "brute-force"],
        note,
        CaseBody::Replay { moves, checks },
    );
}

/// Fixed games for what random play reaches rarely, on the boards where they fit.
fn crafted(file: &mut FileBuilder, size: usize) {
    let push = |file: &mut FileBuilder, moves: &[&str], plies: &[usize], note: &str| {
        let moves = strings(moves);
        push_replay(file, moves, plies, Some(note.to_string()));
    };
    if size >= 3 {
        // Black's L of three around A1; B2 would close the loop, C1 and A3 only extend it.
        let far = coord(size - 1, size - 1).to_string();
        let far2 = coord(size - 1, size - 2).to_string();
        let far3 = coord(size - 2, size - 1).to_string();
        push(
            file,
            &["A1", &far, "B1", &far2, "A2", &far3],
            &[0, 1, 6],
            "B2 touches B1 and A2 of one black group: a loop (K-3, K-5)",
        );
        // The swap, then White (now the opener's colour) still on turn.
        push(
            file,
            &["B2", "swap", "A1", "C3"],
            &[1, 2, 3, 4],
            "after the swap White is still on turn, and swap is never offered again (K-2, K-8)",
        );
        // Joining two groups with one stone is allowed (K-3).
        push(
            file,
            &["A1", &far, "C1", &far2, "B1"],
            &[4, 5],
            "B1 joins the black stones A1 and C1 of two groups: allowed (K-3)",
        );
    }
    if size == 3 {
        push(
            file,
            &["A3", "C2", "A2", "A1", "B3", "C1", "B1", "C3"],
            &[7, 8, 9],
            "Black cannot place and White can: Black's only move is pass (K-6)",
        );
    }
    if size >= 4 {
        // White's A1, B1 and A2 are one group: B2 would close a white loop, yet Black may
        // take it (K-4).
        push(
            file,
            &["D4", "A1", "D3", "B1", "C4", "A2", "B2"],
            &[6, 7],
            "B2 closes a loop for White, not for Black, who may place there (K-4)",
        );
    }
}

/// The first ply of `moves` where the player to move must pass, if any.
fn forced_pass(spec: &GameSpec, moves: &[String]) -> Option<usize> {
    let mut game = AnyGame::new(spec);
    for (ply, mv) in moves.iter().enumerate() {
        if game.legal_moves() == ["pass"] {
            return Some(ply);
        }
        game.play(mv).expect("a legal move");
    }
    None
}

fn replays(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    let max = 2 * plan.size * plan.size + 1;
    for i in 0..plan.replays {
        let mut moves = random_game(&spec, rng, max, uniform);
        // One game in three stops part-way (an ongoing position), the others are whole.
        if i % 3 == 2 && moves.len() > 2 {
            let cut = 1 + rng.below(moves.len() - 1);
            moves.truncate(cut);
        }
        let mut plies = spread(moves.len(), 5);
        if !moves.is_empty() && i % 2 == 0 {
            plies.push(1);
        }
        plies.extend(forced_pass(&spec, &moves));
        plies.sort_unstable();
        plies.dedup();
        push_replay(file, moves, &plies, None);
    }
}

fn perfts(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    let max = 2 * plan.size * plan.size + 1;
    let mut seen = BTreeSet::new();
    let mut i = 0;
    while seen.len() < plan.perfts && i < plan.perfts * 4 {
        i += 1;
        let moves = if i == 1 {
            Vec::new()
        } else if i == 2 {
            vec!["A1".to_string()]
        } else {
            let game = random_game(&spec, rng, max, uniform);
            let cut = rng.below(game.len().max(1));
            game[..cut].to_vec()
        };
        if !seen.insert(moves.clone()) {
            continue;
        }
        let body = bounded_perft_body(&spec, &moves, plan.budget, 12);
        let depth = match &body {
            CaseBody::Perft { counts, .. } => counts.len(),
            _ => 0,
        };
        let tags = perft_tags(&spec, &moves, depth);
        file.push(&tags, &[ENGINE, "brute-force"], None, body);
    }
}

/// A bucket name for a finished game: how it ended.
fn end_kind(game: &Kazura) -> String {
    match game.end_reason() {
        Some(EndReason::LongerGroup { winner, rank, .. }) => {
            format!("longer-{winner:?}-{}", rank.min(3))
        }
        Some(EndReason::MoreGroups { winner, .. }) => format!("more-{winner:?}"),
        Some(EndReason::EqualLengths) => "equal".into(),
        Some(EndReason::Resigned { loser }) => format!("resigned-{loser:?}"),
        Some(_) | None => "other".into(),
    }
}

fn ends(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    let max = 2 * plan.size * plan.size + 1;
    // Random whole games bucketed by how they ended, taken round-robin so every ending
    // that occurs is covered before any repeats.
    let mut buckets: BTreeMap<String, Vec<Vec<String>>> = BTreeMap::new();
    let tries = if plan.size >= 13 {
        plan.ends * 3
    } else {
        plan.ends * 20
    };
    for _ in 0..tries {
        let moves = random_game(&spec, rng, max, uniform);
        let game = after(&spec, &moves);
        let kind = end_kind(kazura(&game));
        let bucket = buckets.entry(kind).or_default();
        if !bucket.contains(&moves) {
            bucket.push(moves);
        }
    }
    for moves in crate::common::round_robin(&buckets, plan.ends) {
        let tags = game_tags(&spec, &moves, &[], true);
        file.push(
            &tags,
            &[ENGINE, "brute-force"],
            None,
            end_body(&spec, &moves),
        );
    }
}

fn records(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    let size = plan.size;
    let max = 2 * size * size + 1;
    let accepted = |file: &mut FileBuilder,
                    game: &AnyGame,
                    text: String,
                    extra: &[&'static str],
                    note: &str| {
        let tags = record_tags(&spec, &text, Some(game), extra);
        file.push(
            &tags,
            &[ENGINE],
            Some(note.into()),
            accepted_record(game, "json", text),
        );
    };
    let refused = |file: &mut FileBuilder,
                   text: String,
                   mv: Option<usize>,
                   tags: &[&'static str],
                   note: &str| {
        let tags = record_tags(&spec, &text, None, tags);
        crate::common::push_refused_json(file, text, mv, &tags, "K-13", note);
    };
    let mut made = 0;
    let mut i = 0;
    while made < plan.records {
        i += 1;
        let moves = random_game(&spec, rng, max, uniform);
        let whole = after(&spec, &moves);
        match i % 8 {
            0 | 1 => {
                // A whole game as written.
                accepted(
                    file,
                    &whole,
                    whole.write_record(),
                    &[],
                    "a whole game's record replays",
                );
            }
            2 => {
                // Part of a game, then a resignation (either colour, off turn too).
                let cut = rng.below(moves.len());
                let mut game = after(&spec, &moves[..cut]);
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
            }
            3 => {
                // Moves written in lower case are read (K-13).
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
                    &whole,
                    text,
                    &[],
                    "moves in lower case are read as their canonical points",
                );
            }
            4 => {
                // A move changed to an occupied point or a loop-closing one.
                let game_len = moves.len();
                let mut found = None;
                let mut replay = AnyGame::new(&spec);
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
                let (n, bad, why) =
                    found.unwrap_or_else(|| (game_len - 1, moves[0].clone(), "occupied"));
                let text = edit_record(&whole.write_record(), |map| {
                    if let Some(Value::Array(list)) = map.get_mut("moves") {
                        list[n] = Value::String(bad.clone());
                    }
                });
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
            }
            5 => {
                // The recorded result changed to another.
                let text = edit_record(&whole.write_record(), |map| {
                    map.insert(
                        "result".into(),
                        Value::String("draw with equal lengths black [1], white [1]".into()),
                    );
                });
                if AnyGame::read_record_of(spec.kind(), &text).is_ok() {
                    continue;
                }
                refused(
                    file,
                    text,
                    None,
                    &["K-10"],
                    "the recorded result is not the one the moves give",
                );
            }
            6 => {
                // A `swap` or a `pass` where the rules refuse it.
                if moves.len() < 3 {
                    continue;
                }
                let n = 2 + rng.below(moves.len() - 2);
                let prefix = after(&spec, &moves[..n]);
                let (bad, tag) = if rng.below(2) == 0 && !prefix.is_legal("pass") {
                    ("pass", "K-6")
                } else {
                    ("swap", "K-8")
                };
                if prefix.is_legal(bad) {
                    continue;
                }
                let text = edit_record(&whole.write_record(), |map| {
                    if let Some(Value::Array(list)) = map.get_mut("moves") {
                        list[n] = Value::String(bad.into());
                    }
                });
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
            }
            _ => {
                // A malformed move text.
                let n = rng.below(moves.len());
                let text = edit_record(&whole.write_record(), |map| {
                    if let Some(Value::Array(list)) = map.get_mut("moves") {
                        list[n] = Value::String("I1".into());
                    }
                });
                refused(
                    file,
                    text,
                    Some(n + 1),
                    &[],
                    &format!("move {} is `I1`: no column I", n + 1),
                );
            }
        }
        made += 1;
    }
    // Fixed records: refused fields, set-ups, not a record.
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
        // A set-up holding one black stone with White to move: no swap (K-8).
        let setup = edit_record(&empty, |map| {
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
        let looped = edit_record(&empty, |map| {
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
    let moves = random_game(&spec, rng, max, uniform);
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
