//! The replay, perft and end cases: crafted positions of the rules' examples, random games
//! replayed and checked at spread plies (and at a forced pass), perft counts from random
//! positions, and finished games of every kind of end.

use std::collections::{BTreeMap, BTreeSet};

use game_catalog::{AnyGame, GameSpec};
use game_core::GameRng;
use kazura_core::{EndReason, Kazura};
use rules_conformance::CaseBody;

use super::{Plan, candidates};
use crate::common::{
    ENGINE, FileBuilder, after, bounded_perft_body, end_body, full_check, random_game, spread,
    strings, uniform,
};
use crate::kazura_tags::{coord, game_tags, kazura, perft_tags};

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
pub(super) fn crafted(file: &mut FileBuilder, size: usize) {
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

/// Random games checked at spread plies (and at a forced pass).
pub(super) fn replays(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
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

/// Perft counts from the start, after A1, and from distinct positions of random games.
pub(super) fn perfts(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
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

/// Finished random games, taken in turn from each kind of end.
pub(super) fn ends(file: &mut FileBuilder, plan: &Plan, rng: &mut GameRng) {
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
