//! The bind vectors: one file per variant (mini, full, and three custom games: 6×6 with 10
//! pieces each, 16×16 with 256 whose games run past 150 plies, and the tiny 3×3 with 4
//! where White's first move can be impossible).
//!
//! Every case names the decisions (N-1 … N-16 of `docs/bind.md`) that its content
//! really exercises, found by detectors over what it holds, never by a blanket list
//! (`tags`): at every position whose legal set it checks or counts, the decisions that
//! restrict that set there (a take N-5 forbids, a line that would jump, a hand of two, the
//! priority, the single placement, the forced pass); along every move it replays, the hands
//! near the rules' limits (the variant's count, N-1; the pieces taken back, N-2) and what
//! allowed each single placement (no take-and-place move); the probes' classes; and the way
//! its game ended, a game without a move read as a position whose legal set is empty.

use std::collections::{BTreeMap, BTreeSet};

use bind::{Bind, Coord, EndReason, Variant};
use game_catalog::{AnyGame, GameSpec};
use game_core::{Game, GameRng, Player};
use rules_conformance::CaseBody;
use rules_conformance::format::Check;
use rules_conformance::reasons::classify;
use serde_json::Value;

mod tags;
mod targeted;

use tags::{Hands, decision_tags, end_tags};

use crate::common::{
    ENGINE, FileBuilder, accepted_record, after, bounded_perft_body, edit_record, end_body,
    full_check, random_game, refused_record, spread, strings, uniform,
};

const NOTATION: &str = "a square is its column letter (A–Z without I) then its row from 1 (A1 \
     is the lower left); a line is FROM-TO (C3-E3: take the piece on C3, except in Black's \
     opening, and fill C3 to E3), a single placement its square (C4), and `pass` the forced \
     pass; read in any letter case (docs/bind.md, N-14)";

const BRUTE: &str = "brute-force: the mover of crates/bind/tests/common, which lifts each \
     opponent piece in turn and rescans a plain board at every node, sharing no code with the \
     engine; crates/bind/tests/conformance_vectors.rs recounts every perft case with it, \
     replays every replay case and recomputes at each check the player to move, the legal \
     set (its count, the sha256 of its canonical text and the listed moves) and that every \
     probe is outside that set (the probe's reason class is the engine's), and replays every \
     end case to its finished game and recomputes the winner and the whole result text \
     (N-10, N-12, N-16); those cases say \"brute-force\" in checked_by, records do not";

/// Malformed texts probed in every full check (N-14; `resign` also N-15).
const MALFORMED: &[&str] = &[
    "I3", "A0", "A1-A4", "A1-B2", "A1-", "B", "passs", "resign", "A1-A1",
];

/// A random game is cut here: the rules have no move limit (N-13).
const MAX_PLIES: usize = 400;

struct Plan {
    variant: Variant,
    name: &'static str,
    seed: u64,
    replays: usize,
    perfts: usize,
    ends: usize,
    records: usize,
    budget: u64,
}

/// Every bind file.
pub fn files() -> Vec<FileBuilder> {
    let plans = [
        Plan {
            variant: Variant::MINI,
            name: "mini",
            seed: 0x6269_6e64_0005,
            replays: 130,
            perfts: 14,
            ends: 40,
            records: 24,
            budget: 60_000,
        },
        Plan {
            variant: Variant::FULL,
            name: "full",
            seed: 0x6269_6e64_0008,
            replays: 90,
            perfts: 12,
            ends: 30,
            records: 18,
            budget: 60_000,
        },
        Plan {
            variant: Variant::custom(6, 10).expect("a custom variant"),
            name: "custom-6x6-10",
            seed: 0x6269_6e64_0006,
            replays: 60,
            perfts: 8,
            ends: 24,
            records: 12,
            budget: 60_000,
        },
        Plan {
            variant: Variant::custom(16, 256).expect("a custom variant"),
            name: "custom-16x16-256",
            seed: 0x6269_6e64_0016,
            replays: 8,
            perfts: 3,
            ends: 6,
            records: 4,
            budget: 60_000,
        },
        Plan {
            variant: Variant::custom(3, 4).expect("a custom variant"),
            name: "custom-3x3-4",
            seed: 0x6269_6e64_0003,
            replays: 10,
            perfts: 3,
            ends: 8,
            records: 6,
            budget: 60_000,
        },
    ];
    plans.iter().map(file).collect()
}

fn bind_of(game: &AnyGame) -> &Bind {
    match game {
        AnyGame::Bind(b) => b,
        _ => unreachable!("a bind file holds bind games"),
    }
}

fn coord(col: usize, row: usize) -> Coord {
    Coord::new(
        u8::try_from(col).expect("a column"),
        u8::try_from(row).expect("a row"),
    )
}

/// Every square and line on the board and one row and column past it, `pass` and the
/// malformed texts.
fn candidates(size: usize) -> Vec<String> {
    let mut out = Vec::new();
    let n = i64::try_from(size).expect("a size");
    let top = n.min(24);
    for row in 0..=n {
        for col in 0..=top {
            let from = coord(col as usize, row as usize);
            out.push(from.to_string());
            for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                for k in 1..=2 {
                    let (c, r) = (col + dc * k, row + dr * k);
                    if c >= 0 && r >= 0 && c <= top && r <= n {
                        out.push(format!("{from}-{}", coord(c as usize, r as usize)));
                    }
                }
            }
        }
    }
    out.push("pass".into());
    out.extend(MALFORMED.iter().map(|s| (*s).to_string()));
    out
}

fn file(plan: &Plan) -> FileBuilder {
    let spec = GameSpec::Bind {
        variant: plan.variant,
    };
    let mut file = FileBuilder::new(spec, plan.name, NOTATION, &[BRUTE]);
    let mut rng = GameRng::seed_from(plan.seed);
    crafted(&mut file, plan);
    replays(&mut file, plan, &mut rng);
    perfts(&mut file, plan, &mut rng);
    ends(&mut file, plan, &mut rng);
    records(&mut file, plan, &mut rng);
    targeted::pass_replays(&mut file, plan, &mut rng);
    targeted::priority_replays(&mut file, plan, &mut rng);
    if plan.variant == Variant::MINI {
        crate::bind_setups::setups(&mut file);
    }
    file
}

// ---- Detectors ------------------------------------------------------------------------

/// What a probe exercises.
fn probe_tags(game: &Bind, text: &str, class: &str, tags: &mut BTreeSet<&'static str>) {
    let one: &[&'static str] = match class {
        "not-next-to-own-piece" => &["N-9"],
        "not-a-line" => &["N-14"],
        "must-pass" | "pass-not-allowed" => &["N-11"],
        "opening-is-a-line" | "opening-not-from-lower-left" => &["N-3"],
        "first-move-needs-three" => {
            if game.first_move_due(Player::First) {
                &["N-3"]
            } else {
                &["N-4"]
            }
        }
        "not-enough-pieces" => &["N-7"],
        // A line from a square without an opponent piece takes nothing: no rule reads it
        // otherwise.
        "take-isolates" => &["N-5"],
        // A line that would pass over an occupied square (N-6's "never jumps"); a line
        // onto an occupied square is refused by every reading.
        "line-blocked" if passes_over(game, text) => &["N-6"],
        "take-and-place-available" => &["N-8"],
        "malformed" => {
            tags.insert("N-14");
            if text.eq_ignore_ascii_case("resign") {
                tags.insert("N-15");
            }
            if let Ok(c) = text.parse::<Coord>() {
                let size = game.variant().size();
                if usize::from(c.col) >= size || usize::from(c.row) >= size {
                    tags.insert("N-1");
                }
            }
            &[]
        }
        "game-over" => {
            end_tags(game, tags);
            &[]
        }
        _ => &[],
    };
    tags.extend(one.iter().copied());
}

/// Whether the line `text` has an occupied square between its ends.
fn passes_over(game: &Bind, text: &str) -> bool {
    let Ok(bind::Move::Line { from, to }) = text.parse::<bind::Move>() else {
        return false;
    };
    let (dc, dr) = (
        i16::from(to.col) - i16::from(from.col),
        i16::from(to.row) - i16::from(from.row),
    );
    if dc.abs() + dr.abs() != 2 {
        return false;
    }
    let mid = Coord::new(
        (i16::from(from.col) + dc / 2) as u8,
        (i16::from(from.row) + dr / 2) as u8,
    );
    game.owner(mid).is_some()
}

/// The decisions a game from `start` (its moves and the checks along it) exercises;
/// `to_end` when the case checks the finished game's result; `from_header` when the game's
/// variant is the file's (not a record's own size and pieces).
fn game_tags(
    start: &Bind,
    from_header: bool,
    moves: &[String],
    checks: &[Check],
    to_end: bool,
) -> BTreeSet<&'static str> {
    let mut tags = BTreeSet::new();
    let mut by_ply: BTreeMap<usize, Vec<&Check>> = BTreeMap::new();
    for check in checks {
        by_ply.entry(check.ply).or_default().push(check);
    }
    if !moves.is_empty() {
        // Every move is read in the notation.
        tags.insert("N-14");
    }
    let mut game = start.clone();
    let mut hands = Hands::new(start.variant(), from_header);
    for ply in 0..=moves.len() {
        for check in by_ply.get(&ply).into_iter().flatten() {
            hands.observe(&game, &mut tags);
            if check.legal.is_some() {
                if game.is_over() {
                    end_tags(&game, &mut tags);
                } else {
                    decision_tags(&game, &mut tags);
                }
            }
            for probe in &check.illegal {
                probe_tags(&game, &probe.mv, &probe.reason, &mut tags);
            }
        }
        let Some(mv) = moves.get(ply) else { break };
        hands.played(&game, mv, &mut tags);
        let mv = game.parse_move(mv).expect("a readable move");
        game.play(mv).expect("a legal move");
    }
    if to_end {
        // The result read from the last position (a resignation is accepted only while
        // the rules have not ended the game).
        hands.observe(&game, &mut tags);
        end_tags(&game, &mut tags);
    }
    tags
}

/// [`game_tags`] of a record's moves played from a set-up position, to its end.
pub(crate) fn setup_tags(start: &Bind, moves: &[&str]) -> BTreeSet<&'static str> {
    let moves: Vec<String> = moves.iter().map(|m| (*m).to_string()).collect();
    game_tags(start, false, &moves, &[], true)
}

/// [`game_tags`] of a game from the file's start.
fn header_tags(
    spec: &GameSpec,
    moves: &[String],
    checks: &[Check],
    to_end: bool,
) -> Vec<&'static str> {
    let start = bind_of(&AnyGame::new(spec)).clone();
    game_tags(&start, true, moves, checks, to_end)
        .into_iter()
        .collect()
}

/// The decisions a perft case exercises: the moves to its position, and what the positions
/// whose moves it counts show.
fn perft_tags(spec: &GameSpec, moves: &[String], depth: usize) -> Vec<&'static str> {
    let start = bind_of(&AnyGame::new(spec)).clone();
    let mut tags = BTreeSet::new();
    let mut hands = Hands::new(start.variant(), true);
    let mut game = start;
    for mv in moves {
        tags.insert("N-14");
        hands.played(&game, mv, &mut tags);
        let mv = game.parse_move(mv).expect("a readable move");
        game.play(mv).expect("a legal move");
    }
    let mut stack = vec![(game, 0usize, hands)];
    let mut list = Vec::new();
    while let Some((node, d, hands)) = stack.pop() {
        if d >= depth {
            continue;
        }
        hands.observe(&node, &mut tags);
        if node.is_over() {
            end_tags(&node, &mut tags);
            continue;
        }
        decision_tags(&node, &mut tags);
        if d + 1 < depth {
            node.legal_moves(&mut list);
            for mv in list.clone() {
                let mut child = node.clone();
                let mut hands = hands.clone();
                hands.played(&node, &mv.to_string(), &mut tags);
                child.play(mv).expect("a legal move");
                stack.push((child, d + 1, hands));
            }
        }
    }
    tags.into_iter().collect()
}

// ---- Cases ----------------------------------------------------------------------------

fn push_replay(file: &mut FileBuilder, moves: Vec<String>, plies: &[usize], note: Option<String>) {
    let spec = file.spec;
    let cands = candidates(bind_of(&file.start()).variant().size());
    let mut checks = Vec::new();
    let mut game = AnyGame::new(&spec);
    // `pass` is probed only near the one piece in hand that forces it (N-11).
    let far: Vec<String> = cands.iter().filter(|c| *c != "pass").cloned().collect();
    for ply in 0..=moves.len() {
        if plies.contains(&ply) {
            let b = bind_of(&game);
            let near = b.is_over() || b.hand(b.to_move()) <= 2;
            checks.push(full_check(&game, ply, if near { &cands } else { &far }, 8));
        }
        if ply < moves.len() {
            game.play(&moves[ply]).expect("a legal move");
        }
    }
    let tags = header_tags(&spec, &moves, &checks, false);
    file.push(
        &tags,
        &[ENGINE, "brute-force"],
        note,
        CaseBody::Replay { moves, checks },
    );
}

fn crafted(file: &mut FileBuilder, plan: &Plan) {
    let spec = file.spec;
    let size = plan.variant.size();
    if size == 3 && plan.variant.pieces() == 4 {
        // N-4's own example: Black fills the middle row, White has no three to place and
        // no piece to place next to, so White has no move and loses.
        let moves = strings(&["A2-C2"]);
        push_replay(
            file,
            moves.clone(),
            &[0, 1],
            Some(
                "White's first move must place three; none fits, so White has no move (N-4, N-10)"
                    .into(),
            ),
        );
        let tags = header_tags(&spec, &moves, &[], true);
        file.push(
            &tags,
            &[ENGINE, "brute-force"],
            Some("White cannot move after A2-C2 and loses (N-10)".into()),
            end_body(&spec, &moves),
        );
        return;
    }
    if size >= 5 {
        // The seed's example 1 shape: Black's three in a row, White takes an end and fills
        // in one direction; the middle would leave the ends alone (N-5).
        let moves = strings(&["B3-D3"]);
        push_replay(
            file,
            moves,
            &[0, 1],
            Some("White may take an end of Black's row, never the middle (N-4, N-5)".into()),
        );
    }
}

/// The plies of `moves` where the player to move must pass.
fn forced_passes(spec: &GameSpec, moves: &[String]) -> Vec<usize> {
    let mut game = AnyGame::new(spec);
    let mut plies = Vec::new();
    for (ply, mv) in moves.iter().enumerate() {
        if game.legal_moves() == ["pass"] {
            plies.push(ply);
        }
        game.play(mv).expect("a legal move");
    }
    plies
}

fn replays(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    for i in 0..plan.replays {
        let mut moves = random_game(&spec, rng, MAX_PLIES, uniform);
        if i % 3 == 2 && moves.len() > 2 {
            let cut = 1 + rng.below(moves.len() - 1);
            moves.truncate(cut);
        }
        let mut plies = spread(moves.len(), 5);
        if !moves.is_empty() && i % 2 == 0 {
            plies.push(1);
        }
        plies.extend(forced_passes(&spec, &moves));
        plies.sort_unstable();
        plies.dedup();
        push_replay(file, moves, &plies, None);
    }
}

fn perfts(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    let mut seen = BTreeSet::new();
    let mut i = 0;
    while seen.len() < plan.perfts && i < plan.perfts * 4 {
        i += 1;
        let moves = if i == 1 {
            Vec::new()
        } else {
            let game = random_game(&spec, rng, MAX_PLIES, uniform);
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

fn end_kind(game: &Bind) -> String {
    match game.end_reason() {
        Some(EndReason::AllPlaced { winner }) => format!("placed-{winner:?}"),
        Some(EndReason::NoMove { loser }) => format!("nomove-{loser:?}"),
        Some(EndReason::BothHoldOne) => "both-one".into(),
        Some(EndReason::Resigned { loser }) => format!("resigned-{loser:?}"),
        _ => "other".into(),
    }
}

fn ends(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    let mut buckets: BTreeMap<String, Vec<Vec<String>>> = BTreeMap::new();
    for _ in 0..plan.ends * 20 {
        let moves = random_game(&spec, rng, MAX_PLIES, uniform);
        let game = after(&spec, &moves);
        if !game.is_over() {
            continue;
        }
        let bucket = buckets.entry(end_kind(bind_of(&game))).or_default();
        if !bucket.contains(&moves) {
            bucket.push(moves);
        }
    }
    for moves in crate::common::round_robin(&buckets, plan.ends) {
        let tags = header_tags(&spec, &moves, &[], true);
        file.push(
            &tags,
            &[ENGINE, "brute-force"],
            None,
            end_body(&spec, &moves),
        );
    }
}

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

fn records(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
    let spec = file.spec;
    let accepted = |file: &mut FileBuilder,
                    game: &AnyGame,
                    text: String,
                    extra: &[&'static str],
                    note: &str| {
        let tags = record_tags(game, bind_of(game).moves().len(), extra);
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
        // N-14 comes with the moves read (`record_tags`), not with the record.
        let body = refused_record(&file.spec, "json", text, mv, false);
        file.push(tags, &[ENGINE], Some(note.into()), body);
    };
    let mut made = 0;
    let mut i = 0;
    while made < plan.records {
        i += 1;
        let moves = random_game(&spec, rng, MAX_PLIES, uniform);
        let whole = after(&spec, &moves);
        match i % 7 {
            0 | 1 => accepted(
                file,
                &whole,
                whole.write_record(),
                &[],
                "a game's record replays",
            ),
            2 => {
                let cut = rng.below(moves.len());
                let mut game = after(&spec, &moves[..cut]);
                if game.is_over() {
                    continue;
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
            }
            3 => {
                // Moves in lower case, and Black's opening written from its other end.
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
                    &whole,
                    text,
                    &["N-3"],
                    "lower-case moves, and Black's opening written from its upper or right end, are read as the listed spelling",
                );
            }
            4 => {
                let n = rng.below(moves.len());
                let prefix = after(&spec, &moves[..n]);
                let Some((bad, class, tags)) = refused_move(&prefix, rng) else {
                    continue;
                };
                let text = set_move(&whole.write_record(), n, &bad);
                let tags = record_tags(&whole, n, &tags);
                refused(
                    file,
                    text,
                    Some(n + 1),
                    &tags,
                    &format!("move {} changed to {bad}, refused ({class})", n + 1),
                );
            }
            5 => {
                let text = edit_record(&whole.write_record(), |map| {
                    map.insert(
                        "result".into(),
                        Value::String("draw both colours hold one piece".into()),
                    );
                });
                if AnyGame::read_record_of(spec.kind(), &text).is_ok() {
                    continue;
                }
                let tags = record_tags(&whole, moves.len(), &[]);
                refused(
                    file,
                    text,
                    None,
                    &tags,
                    "the recorded result is not the one the moves give",
                );
            }
            _ => {
                let n = rng.below(moves.len());
                let text = set_move(&whole.write_record(), n, "B2-B5");
                refused(
                    file,
                    text,
                    Some(n + 1),
                    &record_tags(&whole, n, &[]),
                    &format!("move {} is `B2-B5`: not a line of two or three", n + 1),
                );
            }
        }
        made += 1;
    }
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
    // A resignation recorded after the end is refused.
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
