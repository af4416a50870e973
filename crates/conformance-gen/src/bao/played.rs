//! The cases of played games: random games replayed and checked at spread plies and at
//! their events, perft counts from the start and from random positions, random games
//! played to every kind of end, the author's games, and records of random games (whole or
//! cut after an event) with their refused variants.

use std::collections::BTreeSet;

use bao_nyakua::{EndReason, Position, Ruleset};
use game_core::GameRng;

use super::cases::{push_end, push_perft, push_record, push_replay};
use super::refused::push_refused;
use super::{event_plies, random_moves};
use crate::bao_author::{author_fixtures, author_games};
use crate::bao_tags::trace;
use crate::common::{ENGINE, FileBuilder, after, spread};

/// Replays: random games, checks spread over them and at their events.
pub(super) fn replays(file: &mut FileBuilder, rng: &mut GameRng, ruleset: Ruleset) {
    let spec = file.spec;
    let start = Position::start(ruleset);
    for g in 0..150 {
        let max = if g % 3 == 0 { 400 } else { 60 + g };
        let moves = random_moves(&spec, rng, max);
        let tr = trace(start, &moves);
        let mut plies = spread(moves.len(), 5);
        let mut events = event_plies(&tr);
        events.dedup();
        let step = (events.len() / 4).max(1);
        plies.extend(events.into_iter().step_by(step).take(4));
        plies.sort_unstable();
        plies.dedup();
        push_replay(file, &moves, &plies, g % 2 == 1, None);
    }
}

/// Perft: from the start, then from positions of random games.
pub(super) fn perfts(file: &mut FileBuilder, rng: &mut GameRng) {
    let spec = file.spec;
    push_perft(file, &[], Some("perft from the start (B-2, B-23)".into()));
    for _ in 0..39 {
        let moves = random_moves(&spec, rng, 200);
        let cut = 1 + rng.below(moves.len());
        let mut prefix = moves[..cut].to_vec();
        while !prefix.is_empty() && after(&spec, &prefix).is_over() {
            prefix.pop();
        }
        push_perft(file, &prefix, None);
    }
}

/// Ends: random games played out, every way they end.
pub(super) fn ends(file: &mut FileBuilder, rng: &mut GameRng, ruleset: Ruleset) {
    let spec = file.spec;
    let start = Position::start(ruleset);
    let mut ends = 0;
    let mut seen_reasons = BTreeSet::new();
    let mut tries = 0;
    while ends < 60 && tries < 2000 {
        tries += 1;
        let moves = random_moves(&spec, rng, 3000);
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
            file,
            &moves,
            &[ENGINE, "brute-force"],
            Some(format!("a random game ended by {kind}")),
        );
        ends += 1;
    }
}

/// The author's games (replayed from their move objects), the author's fixtures, and the
/// anomaly game that ends in the safety stop (B-21).
pub(super) fn author_cases(file: &mut FileBuilder, ruleset: Ruleset) {
    let spec = file.spec;
    let start = Position::start(ruleset);
    for (name, moves) in author_games(ruleset) {
        if ruleset == Ruleset::Reference {
            push_end(
                file,
                &moves,
                &[ENGINE, "author", "brute-force"],
                Some(format!("author: {name}: the author's game and result")),
            );
            let game = after(&spec, &moves);
            push_record(
                file,
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
                file,
                &moves,
                &[ENGINE, "brute-force"],
                Some(format!("the author's {name} played under seed")),
            );
        }
    }
    author_fixtures(file, ruleset);
    // The anomaly game, which ends in the safety stop (B-21): checks before and after.
    for (name, moves) in author_games(ruleset) {
        if name.contains("anomaly") {
            let n = moves.len();
            push_replay(
                file,
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
                    file,
                    start,
                    &game,
                    &[ENGINE],
                    Some(format!("the author's {name} under seed")),
                    &[],
                );
            }
        }
    }
}

/// Records of random games, whole or cut after an event, and their refused variants.
pub(super) fn records(file: &mut FileBuilder, rng: &mut GameRng, ruleset: Ruleset) {
    let spec = file.spec;
    let start = Position::start(ruleset);
    for k in 0..30 {
        let moves = random_moves(&spec, rng, if k % 4 == 0 { 3000 } else { 20 + 3 * k });
        let tr = trace(start, &moves);
        let cut = tr
            .infos
            .iter()
            .position(|i| i.b19a || i.addition.is_some())
            .filter(|_| k % 3 == 1)
            .map_or(moves.len(), |i| i + 1);
        let game = after(&spec, &moves[..cut]);
        push_record(file, start, &game, &[ENGINE], None, &[]);
        push_refused(file, &game, start, k, rng);
    }
}
